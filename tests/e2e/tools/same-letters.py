#!/usr/bin/env python3
"""same-letters.py UMPIRE KEYS A GAMES_A B GAMES_B: the judge's letters
in directory A are those in B, as two judges of the same games wrote
them (one serving LMTP, one run on each message by a pipe, say).

Letters are paired by Message-ID (a letter of a game's state names it:
the same letter made again has the same one). Paired letters have the
same headers but Date, the same parts in the same order with the same
types, file names and decoded contents, but for what may differ each
time a letter is made: the MIME boundaries, and a sealed umpire file's
bytes (sealed to a key of the moment, libsodium's crypto_box_seal),
which are compared opened instead (`UMPIRE open` with the recipient's
key, KEYS/ROLE.key, ROLE the To address's local part; a sealed answer
checked against the game file of its own judge, GAMES_A or GAMES_B
/ID.yaml). Says the first difference and exits 1; exit 0 when all are
the same.
"""
import email
import os
import re
import subprocess
import sys
import tempfile
from email import policy

umpire, keys, a_dir, a_games, b_dir, b_games = sys.argv[1:7]


def opened(text, to, games):
    """A sealed umpire file opened with its recipient's key."""
    extra = []
    if text.startswith("umpire: sealed-answer/"):
        gid = re.search(r"^game: *(\S+)", text, re.M).group(1)
        extra = ["-g", os.path.join(games, gid + ".yaml")]
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as f:
        f.write(text)
        f.flush()
        r = subprocess.run([umpire, "open", f.name, "-s",
                            os.path.join(keys, to + ".key")] + extra,
                           capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("cannot open a sealed part for %s: %s" % (to, r.stderr))
    return r.stdout


def letter(path, games):
    """What must be the same of the letter at path: (Message-ID, its
    headers but Date, its parts)."""
    m = email.message_from_binary_file(open(path, "rb"),
                                       policy=policy.default)
    to = re.sub(r"@.*", "", str(m["To"]))
    heads = []
    for k, v in m.items():
        if k.lower() == "date":
            continue
        if k.lower() == "content-type":
            v = re.sub(r';\s*boundary="?[^";]*"?', "", str(v))
        heads.append((k, str(v)))
    parts = []
    for p in m.walk():
        if p.is_multipart():
            parts.append(("multipart", p.get_content_type()))
            continue
        text = p.get_content()
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        if text.startswith("umpire: sealed"):
            text = opened(text, to, games)
        parts.append((p.get_content_type(), p.get_filename(), text))
    return str(m["Message-ID"]), heads, parts


def letters(d, games):
    out = {}
    for f in sorted(os.listdir(d)):
        mid, heads, parts = letter(os.path.join(d, f), games)
        if mid in out:
            sys.exit("%s: two letters with Message-ID %s" % (d, mid))
        out[mid] = (f, heads, parts)
    return out


a, b = letters(a_dir, a_games), letters(b_dir, b_games)
if sorted(a) != sorted(b):
    sys.exit("not the same letters: %s has %s, %s has %s" % (
        a_dir, sorted(a), b_dir, sorted(b)))
for mid in sorted(a):
    fa, ha, pa = a[mid]
    fb, hb, pb = b[mid]
    if ha != hb:
        sys.exit("letter %s: headers differ:\n%s\n%s" % (mid, ha, hb))
    if len(pa) != len(pb):
        sys.exit("letter %s: %d parts against %d" % (mid, len(pa),
                                                     len(pb)))
    for x, y in zip(pa, pb):
        if x != y:
            sys.exit("letter %s (%s, %s): a part differs:\n%r\n%r" % (
                mid, fa, fb, x[:2], y[:2]))
print("%d letters the same" % len(a))
