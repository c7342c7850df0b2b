#!/usr/bin/env python3
"""mails.py DIR - the mail count of the example game in DIR: for each
order file a player signed and mailed (DIR/orders/NNN-SIDE.yaml, and
NNN-SIDE-refused-K.yaml, one the referee refused: one mail from him)
the game turn of the view it answers (DIR/views/NNN-SIDE.view, one mail
from the referee), counted per player per game turn; set-up (3.x) apart.
A game turn in which a combat question was put to a player as the
question of his view (not answered by his standing attack plan) is
marked (combat). The last line is the most mails one player sent in one
game turn (the goal is at most 2)."""
import os
import re
import sys

import yaml

d = sys.argv[1]
count, combat = {}, set()
for f in sorted(os.listdir(os.path.join(d, "orders"))):
    m = re.match(r"^(\d+)-(\w+?)(-refused-\d+)?\.yaml$", f)
    if not m:
        continue
    view = yaml.load(open(os.path.join(d, "views", "%s-%s.view" % (
        m.group(1), m.group(2)))), Loader=yaml.BaseLoader)
    st = view["state"]
    gt = "set-up" if st["phase"].startswith("setup") else int(st["turn"])
    if st["phase"].endswith("-combat"):
        combat.add(gt)
    key = (gt, m.group(2))
    count[key] = count.get(key, 0) + 1
turns = ["set-up"] + sorted({k[0] for k in count if k[0] != "set-up"})
print("mails each player sent (signed order files; the referee sent as "
      "many views)")
print("%-8s %4s %4s" % ("turn", "1bf", "1uf"))
most = {"1bf": 0, "1uf": 0}
for t in turns:
    a, b = count.get((t, "1bf"), 0), count.get((t, "1uf"), 0)
    print("%-8s %4d %4d%s" % ("GT %s" % t if t != "set-up" else t, a, b,
                              "  (combat)" if t in combat else ""))
    if t != "set-up":
        most["1bf"] = max(most["1bf"], a)
        most["1uf"] = max(most["1uf"], b)
print("total    %4d %4d" % (sum(v for k, v in count.items() if k[1] == "1bf"),
                            sum(v for k, v in count.items()
                                if k[1] == "1uf")))
print("most: 1bf %d 1uf %d" % (most["1bf"], most["1uf"]))
