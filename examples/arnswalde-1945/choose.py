#!/usr/bin/env python3
"""choose.py - a simple scripted player for the example game: reads the
order template that `umpire orders` prints on stdin, answers its first
question by a fixed preference among the legal answers, drops the
answers that the template filled in after it (they assumed the first
default answer), adds standing orders, and prints the orders."""
import re
import sys

PREFER = {
    "placement": ["north 3 south 3 center 1"],
    "action": ["escape refugee", "counterattack north", "counterattack south",
               "repair", "move 2 center north", "move 1 center north",
               "move 2 center south", "move 1 center south", "pass"],
    "respond": ["counterattack"],
    "ca-continue": ["yes"],
    "black-face": ["repair", "extra-action", "take-card"],
    "attack-order": ["north-first"],
    "hand": ["draw"],
}
STANDING = {"ca-continue": "yes", "black-face": "extra-action",
            "respond": "counterattack", "hand": "draw"}

lines = sys.stdin.read().split("\n")
out, legal, done = [], "", False
for line in lines:
    if line.startswith("# legal:") or (legal and line.startswith("#     ")):
        legal += line[8:] if line.startswith("# legal:") else line[1:]
        out.append(line)
        continue
    m = re.match(r'^- ([\w-]+): "(.*)"$', line)
    if m:
        if done:
            legal = ""
            continue
        options = re.findall(r'"([^"]*)"', legal)
        key = m.group(1)
        pick = options[0]
        for want in PREFER.get(key, []):
            hits = [o for o in options if o.startswith(want)]
            if hits:
                pick = hits[0]
                break
        out.append('- %s: "%s"' % (key, pick))
        legal, done = "", True
        continue
    if line == "standing:":
        out.append(line)
        out.extend('  %s: "%s"' % kv for kv in STANDING.items())
        continue
    out.append(line)
# drop the comments of questions whose answers were dropped
print("\n".join(out).rstrip("\n"))
