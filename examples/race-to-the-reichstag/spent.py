#!/usr/bin/env python3
"""spent.py UMPIRE GAME - what each player of a Race to the Reichstag
game used of what the rules give him, counted from the reports of
every step of the game file (umpire report GAME --step N; the
referee's file, so every event): a table, one line a capability, the
1BF player's count and the 1UF player's. Engineers count by their
front (E1BF*, E1UF*); a depot or airfield (16.3, 16.7) is the German
commander's: the 1UF player's in the 1BF sector and the other way
round, by the sector of the hex where it was used."""
import os
import re
import subprocess
import sys

import yaml

UMPIRE, GAME = sys.argv[1:3]
SCN = os.path.join(os.environ.get("UMPIRE_SCENARIOS", "scenarios"),
                   "race-to-the-reichstag.yaml")


def expand(spec):
    out = []
    for part in spec.replace(" ", "").split(","):
        if "-" not in part:
            out.append(part)
            continue
        a, b = part.split("-")
        for c in range(min(int(a[:2]), int(b[:2])),
                       max(int(a[:2]), int(b[:2])) + 1):
            for r in range(min(int(a[2:]), int(b[2:])),
                           max(int(a[2:]), int(b[2:])) + 1):
                out.append("%02d%02d" % (c, r))
    return set(out)


data = yaml.safe_load(open(SCN))["data"]
SECTOR_1BF = expand(data["map"]["regions"]["sector-1bf"])
# the Soviet counters' fronts (the order of battle)
FRONT = {}
for line in data["units"].split("\n"):
    w = line.split(";")[0].split()
    if len(w) > 5 and w[1] == "soviet":
        FRONT[w[0]] = next((x for x in w if x in ("1bf", "1uf")), None)

text = []
step = 1
while True:
    p = subprocess.run([UMPIRE, "report", GAME, "--step", str(step)],
                       capture_output=True, text=True)
    if p.returncode != 0:
        break
    # the events only (the position after them repeats the names)
    text.append(p.stdout.split("\nPosition\n")[0])
    step += 1
if step == 1:
    sys.exit("spent.py: no report from %s" % GAME)
# one line: report lines wrap at 72 columns
events = re.sub(r"\s+", " ", "\n".join(text))

SIDE = {"1bf": 0, "1uf": 1}
ROWS = [
    ("Maximum Effort (6.7)", r"The (1bf|1uf) declares a Maximum Effort"),
    ("replacements (8.2)", r"The (1bf|1uf) spends \d+ SP on replacing"),
    ("forced marches (6.5)",
     r"The (1bf|1uf) spends \d+ SP on a forced march"),
    ("artillery markers (15.0)", r"The (1bf|1uf) places artillery marker"),
    ("air strikes (15.0)", r"The (1bf|1uf) places air strike marker"),
    ("air reconnaissance (17.4)",
     r"The (1bf|1uf)'s air marker \S+ reconnoitres"),
    ("recon units (17.3)", r"\[17\.3\] (\S+) reconnoitres"),
    ("engineers in place (19.2)", r"\[19\.2\] (\S+) is put in place"),
]
print("what each player used (spent.py, from the game's reports)")
print("%-31s %4s %4s" % ("", "1bf", "1uf"))
for name, rx in ROWS:
    n = [0, 0]
    for m in re.finditer(rx, events):
        who = m.group(1)
        n[SIDE[FRONT.get(who, who)]] += 1
    print("%-31s %4d %4d" % (name, n[0], n[1]))
n = [0, 0]
for m in re.finditer(r"\[16\.[37]\] \S+ \([^)]*\) at (\d{4}) is used", events):
    # the 1BF sector's Germans are the 1UF player's (4.0)
    n[1 if m.group(1) in SECTOR_1BF else 0] += 1
print("%-31s %4d %4d" % ("depots, airfields (16.3, 16.7)", n[0], n[1]))
last = {}
for m in re.finditer(r"The (1bf|1uf) spends \d+ SP on .*? \([\d.]+(?:, "
                     r"doubled: exhausted, 20\.3)?; (\d+) spent in all",
                     events):
    last[m.group(1)] = int(m.group(2))
print("%-31s %4d %4d" % ("SP spent (6.1)", last.get("1bf", 0),
                         last.get("1uf", 0)))
