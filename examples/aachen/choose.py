#!/usr/bin/env python3
"""choose.py SIDE - a simple scripted player for the Aachen example: reads
the order template that `umpire orders` prints on stdin, answers its first
question by a fixed policy among the legal answers (or among the examples
of a free-text question: a path "UNIT HEX HEX ...", an attack "HEX UNIT
UNIT ..."), drops the answers the template filled in after it (they
assumed the first default answer), adds standing orders, and prints the
orders. Policy: a few named units march on Aachen (1328) along the example
paths that end nearest to it, every possible attack is made with every
unit that can join it, units advance after combat, engineers bridge the
first hexside offered once, the German demolishes what he can."""
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
    if key == "move":
        # the examples are legal paths "UNIT HEX HEX ...": take, for the
        # first named unit that can get nearer the target, the path whose
        # end is nearest it
        paths = [o.split() for o in options if " " in o]
        for u in MOVERS[SIDE]:
            mine = [p for p in paths if p[0] == u]
            if not mine:
                continue
            best = min(mine, key=lambda p: (dist(p[-1], TARGET[SIDE]),
                                            len(p), p))
            if dist(best[-1], TARGET[SIDE]) < dist(best[1], TARGET[SIDE]) \
                    or len(best) == 2 and "done" not in options:
                return " ".join(best)
        return "done" if "done" in options else options[0]
    if key == "attack":
        # "HEX UNIT UNIT ...": the first attack offered, with every unit
        # that can join it
        attacks = [o for o in options if " " in o]
        return attacks[0] if attacks else "done"
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
    if line.startswith(("# legal:", "# for example:")) or \
            (legal and line.startswith("#     ")):
        legal += line[1:]
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
