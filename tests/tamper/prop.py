#!/usr/bin/env python3
"""prop.py [N] [SEED] - tamper property test (tests/tamper/).

For a finished game of each shipped scenario (played generically to its
end with the first legal answers, as tests/hostile/run.py plays its
fixtures; examples/ID/game.yaml when there is one), make N (default 200)
random single edits of the game file: a value of the state or of a step,
a draw, a reveal, a countersignature, a signed order (decoded, edited,
re-encoded: its signature no longer matches), two steps swapped, a step
removed or duplicated. `umpire audit` must refuse every one (exit 1) and
name a step ("step N"). Runs umpire directly, once per edit.
Environment as tests/hostile/run.py (UMPIRE_BIN, UMPIRE_SCENARIOS,
UMPIRE_WRAP). Exit 0 if every edit was refused.
"""
import base64
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "hostile"))
import run as hostile  # noqa: E402

STEP_RE = re.compile(r"\bstep \d+")


def finished_game(scn, base):
    """Path of a finished game of scenario scn, or None (no rules yet)."""
    ex = os.path.join(hostile.ROOT, "examples", scn, "game.yaml")
    if os.path.exists(ex):
        p = hostile.umpire(base, "audit", ex, check=False)
        if p.returncode == 0:
            return ex
        if b"no rules module" in p.stderr:
            raise hostile.Failure(p.stderr.decode(errors="replace"))
        print("tamper %s: note: %s does not audit (%s); playing a game" % (
            scn, os.path.relpath(ex, hostile.ROOT),
            p.stderr.decode(errors="replace").strip()[:160]))
    conf_steps = 100000
    d = hostile.make_fixture_dir(scn, base)
    n = 0
    while n < conf_steps and hostile.play_step(d, n + 1):
        n += 1
    return os.path.join(d, "game.yaml")


def split(text):
    head, rest = text.split("\nsteps:\n", 1)
    parts = [p for p in re.split(r"(?m)^(?=- step: )", rest) if p]
    return head + "\nsteps:\n", parts


def change_char(s, i):
    c = s[i]
    if c in "0123456789abcdef":
        pool = "0123456789abcdef"
    elif c.isdigit():
        pool = "0123456789"
    elif c.isupper():
        pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    elif c.islower():
        pool = "abcdefghijklmnopqrstuvwxyz"
    else:
        return None
    return s[:i] + random.choice(pool.replace(c, "")) + s[i + 1:]


def edit_value(text, region):
    """Change one alphanumeric character in the value of a 'key: value'
    line (or flow item) of the state (region 'state') or the steps."""
    head, parts = split(text)
    if region == "state":
        a = head.index("\nstate:\n")
        lo, hi = a, len(head)
    else:
        lo = len(head)
        hi = len(text)
    body = text[lo:hi]
    # values only: a key is followed by ':', a value by , } ] or the end
    spots = [m.start(2) + k for m in
             re.finditer(r"(?m)(: |- |\[|, )([^\n:{}\[\],|]+)(?=[,}\]]|$)",
                         body)
             for k in range(len(m.group(2)))
             if m.group(2)[k].isalnum()]
    # skip the base64 blocks (signatures, orders): other kinds edit them
    if not spots:
        return None
    i = lo + random.choice(spots)
    return change_char(text, i)


def edit_field_line(text, pattern):
    """Change one character inside a match of pattern (group 1), in the
    steps (the ledger) only."""
    lo = text.index("\nsteps:\n")
    ms = [m for m in re.finditer(pattern, text) if m.start() > lo]
    if not ms:
        return None
    m = random.choice(ms)
    i = m.start(1) + random.randrange(len(m.group(1)))
    return change_char(text, i)


def edit_orders(text):
    """Decode one step's signed orders, change one character of the
    YAML after the comments, re-encode in the same layout."""
    ms = list(re.finditer(r"(?m)^  orders: \|-\n((?:    .*\n)+)", text))
    if not ms:
        return None
    m = random.choice(ms)
    lines = m.group(1).split("\n")[:-1]
    blob = base64.b64decode("".join(x.strip() for x in lines)).decode()
    body_start = blob.find("\numpire:")
    spots = [k for k in range(body_start, len(blob)) if blob[k].isalnum()]
    new = change_char(blob, random.choice(spots))
    if new is None:
        return None
    enc = base64.b64encode(new.encode()).decode()
    width = len(lines[0].strip())
    out = "".join("    " + enc[k:k + width] + "\n"
                  for k in range(0, len(enc), width))
    return text[:m.start(1)] + out + text[m.end(1):]


def edit_steps(text, how):
    head, parts = split(text)
    if len(parts) < 2:
        return None
    i = random.randrange(len(parts) - 1)
    if how == "swap":
        parts[i], parts[i + 1] = parts[i + 1], parts[i]
    elif how == "remove":
        del parts[random.randrange(len(parts))]
    elif how == "duplicate":
        parts.insert(i, parts[i])
    return head + "".join(parts)


KINDS = [
    ("state value", lambda t: edit_value(t, "state")),
    ("step value", lambda t: edit_value(t, "steps")),
    ("draw", lambda t: edit_field_line(t, r"got: ([^,}\n]+)")),
    ("reveal", lambda t: edit_field_line(
        t, r"(?:reveals: \{|\n    )[\w-]+: ([0-9a-f]{64}|[A-Za-z0-9+/]{43})")),
    ("seed", lambda t: edit_field_line(
        t, r"\n  seed: ([0-9a-f]{64}|[A-Za-z0-9+/]{43})")),
    ("countersignature", lambda t: edit_field_line(
        t, r"\n  signature: \|-\n    ([A-Za-z0-9+/]{60})")),
    ("orders", edit_orders),
    ("swap steps", lambda t: edit_steps(t, "swap")),
    ("remove step", lambda t: edit_steps(t, "remove")),
    ("duplicate step", lambda t: edit_steps(t, "duplicate")),
]


def check_game(scn, path, n, work):
    text = open(path, encoding="utf-8").read()
    g = os.path.join(work, "t.yaml")
    shutil.copy(path, g)
    p = hostile.umpire(work, "audit", "t.yaml", check=False, wrap=True)
    if p.returncode != 0 and b"no rules module" in p.stderr:
        print("tamper %s: skipped (no rules module yet)" % scn)
        return 0
    if p.returncode != 0:
        print("FAIL %s: the untouched game does not audit: %s" % (
            scn, p.stderr.decode()))
        return 1
    fails, done, tries, kinds = 0, 0, 0, {}
    while done < n and tries < n * 20:
        tries += 1
        name, fn = KINDS[done % len(KINDS)] if tries <= n * 2 \
            else random.choice(KINDS)
        new = fn(text)
        if new is None or new == text:
            continue
        open(g, "w", encoding="utf-8").write(new)
        p = hostile.umpire(work, "audit", "t.yaml", check=False, wrap=True)
        msg = p.stderr.decode(errors="replace").strip()
        done += 1
        kinds[name] = kinds.get(name, 0) + 1
        if p.returncode != 1 or not STEP_RE.search(msg):
            fails += 1
            bad = os.path.join(HERE, "failed-%s-%d.yaml" % (scn, done))
            open(bad, "w", encoding="utf-8").write(new)
            print("FAIL %s edit %d (%s): exit %d: %s\n  (kept in %s)" % (
                scn, done, name, p.returncode, msg[:300], bad))
    print("tamper %s: %d edits (%s), %d not refused with a step named" % (
        scn, done, ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
        fails))
    return fails + (1 if done < n else 0)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 6)
    games = sorted(f[:-5] for f in os.listdir(hostile.SCN)
                   if f.endswith(".yaml"))
    base = tempfile.mkdtemp(prefix="umpire-tamper-")
    fails = 0
    try:
        for scn in games:
            try:
                path = finished_game(scn, base)
            except hostile.Failure as e:
                if "no rules module" in str(e):
                    print("tamper %s: skipped (no rules module yet)" % scn)
                    continue
                print("FAIL %s: %s" % (scn, e))
                fails += 1
                continue
            work = os.path.join(base, "work-" + scn)
            os.makedirs(work)
            fails += check_game(scn, path, n, work)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
