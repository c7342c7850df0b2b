#!/usr/bin/env python3
"""choose.py - a simple scripted player for the example game: reads the
order template that `umpire orders VIEW` prints on stdin and answers its
question by a fixed preference among the legal answers: make war with
the strongest card while holding two or more, else take supply; answer
with the strongest card; draw whenever allowed; take back the strongest
card; discard the weakest."""
import re
import sys

ORDER = ["a1945", "a1944", "a1943", "a1942", "a1941", "n7g", "n7", "n6",
         "n5", "n4", "n3", "n2", "n1"]


def strength(card):
    return len(ORDER) - ORDER.index(card) if card in ORDER else 0


text = sys.stdin.read()
legal = re.findall(r'"([^"]*)"', " ".join(
    l[1:] for l in text.split("\n") if l.startswith("# legal:") or
    l.startswith("#     ")))
m = re.search(r'(?m)^- ([\w-]+): "(.*)"$', text)
key = m.group(1)
pick = legal[0]
if key == "action":
    wars = sorted((o for o in legal if o.startswith("war ")),
                  key=lambda o: -strength(o[4:]))
    pick = wars[0] if len(wars) >= 2 or "supply" not in legal else "supply"
elif key == "answer":
    cards = sorted((o for o in legal if o != "pass"), key=lambda o:
                   -strength(o))
    pick = cards[0] if cards else "pass"
elif key in ("extra-draw",):
    pick = "draw" if "draw" in legal else legal[0]
elif key == "take-back":
    cards = sorted((o for o in legal if o != "none"), key=lambda o:
                   -strength(o))
    pick = cards[0] if cards else "none"
elif key == "discard":
    pick = sorted(legal, key=strength)[0]
sys.stdout.write(text[:m.start()] + '- %s: "%s"' % (key, pick) +
                 text[m.end():])
