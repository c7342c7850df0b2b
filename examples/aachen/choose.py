#!/usr/bin/env python3
"""choose.py SIDE - a simple scripted player for the Aachen example: reads
the order template that `umpire orders` prints on stdin, answers its first
question by a fixed policy among the legal answers, drops the answers the
template filled in after it (they assumed the first default answer), adds
standing orders, and prints the orders. Policy: a few named units march on
Aachen (1328) hex by hex, every possible attack is made with every unit
that can join it, units advance after combat, engineers bridge the first
hexside offered once, the German demolishes what he can."""
import re
import sys

SIDE = sys.argv[1] if len(sys.argv) > 1 else "allied"
MOVERS = {"allied": ["a13", "a14", "a15", "a12", "a11", "a23", "a35",
                     "a36", "a01"],
          "german": ["g36", "g37", "g38", "g39", "g40", "g41", "g42", "g43",
                     "g44", "g45", "g46", "g47", "g48", "g49"]}
TARGET = {"allied": "1328", "german": "1428"}

def cube(h):
    c, r = int(h[:2]), int(h[2:])
    x, z = c, r - (c - 1) // 2
    return x, z, -x - z

def dist(a, b):
    a, b = cube(a), cube(b)
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))

def pick(key, options, text):
    hexes = [o for o in options if re.fullmatch(r"\d{4}", o)]
    if key == "move":
        for u in MOVERS[SIDE]:
            if u in options:
                return u
        return "done" if "done" in options else options[0]
    if key == "step":
        m = re.search(r"at (\d{4})", text)
        here = m.group(1) if m else None
        if hexes and here:
            best = min(hexes, key=lambda h: (dist(h, TARGET[SIDE]), h))
            if dist(best, TARGET[SIDE]) < dist(here, TARGET[SIDE]):
                return best
        return "stop" if "stop" in options else options[0]
    if key == "attack":
        return hexes[0] if hexes else "done"
    if key == "with":
        units = [o for o in options if o != "go"]
        return units[0] if units and "go" not in options else \
            ("go" if "go" in options else options[0])
    if key == "advance":
        units = [o for o in options if o != "no"]
        return units[0] if units else "no"
    if key in ("bridge", "demolish"):
        return options[1] if len(options) > 1 and key == "demolish" else \
            options[-1] if "Engineers" in text and SIDE == "allied" else options[0]
    return options[0]

lines = sys.stdin.read().split("\n")
out, legal, text, done = [], "", "", False
for line in lines:
    if line.startswith("# rule "):
        text = line
        out.append(line)
        continue
    if line.startswith("# legal:") or (legal and line.startswith("#     ")):
        legal += line[8:] if line.startswith("# legal:") else line[1:]
        out.append(line)
        continue
    if line.startswith("#   ") and text and not legal:
        text += line[3:]
        out.append(line)
        continue
    m = re.match(r'^- ([\w-]+): "?(.*?)"?$', line)
    if m and not line.startswith("#"):
        if done:
            legal = ""
            continue
        options = re.findall(r'"([^"]*)"', legal)
        choice = pick(m.group(1), options, text)
        out.append('- %s: "%s"' % (m.group(1), choice))
        # the template's later answers assumed this default: keep going
        # while the policy agrees with them, stop after the first change
        done = choice != m.group(2)
        legal, text = "", ""
        continue
    if line == "standing:":
        out.append(line)
        continue
    out.append(line)
print("\n".join(out).rstrip("\n"))
