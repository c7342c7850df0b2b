#!/usr/bin/env python3
"""tamper.py KIND IN OUT [N] - make one edit to a game file, for the tests
that prove audit finds it. Works on the text, as a cheating player would.
KIND: draw reveal state orders countersig swap remove options"""
import re
import sys

kind, src, dst = sys.argv[1:4]
nth = int(sys.argv[4]) if len(sys.argv) > 4 else 1
text = open(src).read()
head, steps = text.split("\nsteps:\n", 1)
parts = [p for p in re.split(r"(?m)^(?=- step: )", steps) if p]


def flip(ch):
    return "B" if ch == "A" else "A"


def edit_step(i, fn):
    new = fn(parts[i])
    if new == parts[i]:
        sys.exit("tamper.py: nothing to edit in step %d" % (i + 1))
    parts[i] = new


i = min(nth, len(parts)) - 1
if kind == "draw":
    i = next(k for k in range(i, len(parts)) if "got: " in parts[k])
    edit_step(i, lambda s: re.sub(r"got: ([0-9A-Z]+?)([SHDC0-9])([,}\n])",
                                  r"got: \1X\3", s, count=1))
elif kind == "reveal":
    # 32-byte values are 44 base64 characters; a new first character
    # keeps the value well-formed and changes its bytes
    edit_step(i, lambda s: re.sub(
        r"(?m)^(    \w+: )([A-Za-z0-9+/])(?=[A-Za-z0-9+/]{42}=$)",
        lambda m: m.group(1) + flip(m.group(2)), s, count=1))
elif kind == "state":
    edit_step(i, lambda s: re.sub(
        r"(?m)^(  state: )([A-Za-z0-9+/])(?=[A-Za-z0-9+/]{42}=$)",
        lambda m: m.group(1) + flip(m.group(2)), s))
elif kind in ("orders", "countersig"):
    field = "orders" if kind == "orders" else "signature"

    def f(s):
        lines = s.split("\n")
        for k, line in enumerate(lines):
            if line == "  %s: |-" % field:
                b = lines[k + 1]
                lines[k + 1] = b[:9] + flip(b[9]) + b[10:]
                return "\n".join(lines)
        return s
    edit_step(i, f)
elif kind == "swap":
    parts[i], parts[i + 1] = parts[i + 1], parts[i]
elif kind == "remove":
    del parts[i]
elif kind == "options":
    head = re.sub(r"difficulty: (\w+)", lambda m: "difficulty: " +
                  ("high" if m.group(1) != "high" else "low"), head,
                  count=1)
else:
    sys.exit("tamper.py: unknown kind " + kind)
out = head + "\nsteps:\n" + "".join(parts)
if out == text:
    sys.exit("tamper.py: the edit changed nothing")
open(dst, "w").write(out)
