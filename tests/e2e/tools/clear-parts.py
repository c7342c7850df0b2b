#!/usr/bin/env python3
"""clear-parts.py MESSAGE KEY UMPIRE [GAMES]: what a mail relay reads of a letter
of the judge's holds nothing its recipient's sealed view hides from
others.

The clear parts are every header, every text part that is not a sealed
umpire file, and every attachment's file name. When the letter carries a
view sealed to the recipient (KEY opens it with `UMPIRE open`), no line
of the view's report (what happened, as that side may see it: a hand, a
card drawn, a hidden unit) may stand in a clear part. A letter carrying a
sealed answer to refused orders is checked the same against what the
answer holds: its referee's signature is checked against the game file
GAMES (or GAMES/ID.yaml when GAMES is a directory, the judge's), which
the recipient's key joined. Prints the offending line and exits 1; exit
0 otherwise.
"""
import os
import email
import subprocess
import sys
import tempfile
from email import policy

import yaml

msg_path, key, umpire = sys.argv[1:4]
games = sys.argv[4] if len(sys.argv) > 4 else None


def open_args(text):
    """What umpire open needs besides the key: for a sealed answer, the
    game whose referee key checks it."""
    if not text.startswith("umpire: sealed-answer/"):
        return []
    if games is None:
        sys.exit(f"{msg_path}: a sealed answer: give GAMES to open it")
    game = games
    if os.path.isdir(games):
        gid = yaml.load(text, Loader=yaml.BaseLoader)["game"]
        game = os.path.join(games, gid + ".yaml")
    return ["-g", game]


m = email.message_from_binary_file(open(msg_path, "rb"),
                                   policy=policy.default)
clear = [f"{k}: {v}" for k, v in m.items()]
sealed = []
for part in m.walk():
    if part.is_multipart():
        continue
    name = part.get_filename()
    if name:
        clear.append(name)
    text = part.get_content()
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if text.startswith("umpire: sealed"):
        sealed.append(text)
    else:
        clear.append(text)
clear_text = "\n".join(clear)

secret_lines = []
for text in sealed:
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as f:
        f.write(text)
        f.flush()
        r = subprocess.run([umpire, "open", f.name, "-s", key] +
                           open_args(text),
                           capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{msg_path}: cannot open its sealed part: {r.stderr}")
    opened = r.stdout
    if opened.startswith("umpire: view/"):
        doc = yaml.load(opened, Loader=yaml.BaseLoader)
        opened = doc.get("report", "")
    secret_lines += [ln.strip() for ln in opened.splitlines()]

# a line of what is sealed, long enough to say something of the game,
# must not be readable in clear; the report's heading (the scenario's
# title, the game and the step: what the letter's subject says too) is
# every party's
bad = [ln for ln in secret_lines
       if len(ln) >= 16 and ln in clear_text and not ln.endswith(" /")
       and not ln.startswith("Game ")]
for ln in bad:
    print(f"{msg_path}: in clear, a line of what is sealed to its "
          f"recipient: {ln!r}", file=sys.stderr)
if bad:
    sys.exit(1)
print(f"{msg_path}: {len(sealed)} sealed part(s), "
      f"{len(secret_lines)} sealed line(s), none in clear")
