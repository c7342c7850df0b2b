#!/usr/bin/env python3
"""choose.py - a simple scripted player for the example game: reads the
order template that `umpire orders` prints on stdin, answers its first
question by a fixed preference among the legal answers, drops the
answers that the template filled in after it (they assumed the first
default answer), adds standing orders, and prints the orders."""
import re
import sys

# Towns, most wanted first: the Meuse, then westward along Rollbahn C.
WEST = ["huy", "ombret", "engis", "ouffet", "durbuy", "aywaille",
        "werbomont", "habiemont", "manhay", "targnon", "stoumont",
        "cheneux", "lierneux", "spa", "trois-ponts", "la-gleize",
        "vielsalm", "stavelot", "francorchamps", "malmedy", "ligneuville",
        "recht", "schoppen", "buetgenbach", "born", "honsfeld",
        "buellingen", "manderfeld"]

PREFER = {
    "build-armour": ["3"],
    "build-panzergrenadiers": ["3"],
    "build-heavy-armour": ["0"],
    "build-artillery": ["1"],
    "build-recon": ["1"],
    "build-engineers": ["2"],
    "recon": ["reveal"],
    "move": WEST,
    "second-move": WEST + ["stop"],
    "attack": ["normal artillery", "normal"],
    "main-loss": ["panzergrenadiers", "armour"],
    "bridge": ["repair"],
    "roadblock": ["engineers", "force"],
    "aircraft": ["anti-aircraft"],
    "at-loss": ["heavy-armour", "armour"],
    "any-loss": ["recon", "anti-aircraft", "artillery", "engineers",
                 "heavy-armour"],
    "rear-guard": ["done"],
    "convert": ["done"],
}
STANDING = {"main-loss": "panzergrenadiers", "attack": "normal",
            "bridge": "repair", "roadblock": "engineers",
            "aircraft": "anti-aircraft", "at-loss": "heavy-armour",
            "any-loss": "recon", "rear-guard": "done", "convert": "done"}

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
            hits = [o for o in options if o == want or
                    o.startswith(want + " ")]
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
print("\n".join(out).rstrip("\n"))
