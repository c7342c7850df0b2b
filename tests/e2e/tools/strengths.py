#!/usr/bin/env python3
"""strengths.py SCENARIO SVG - a Race to the Reichstag board drawn by
umpire render shows each counter's own strength under its id (a stack
once showed its last unit's strength under its top unit's id, "7GTB
8"). Exit 1, naming each counter drawn with another strength, or when
no counter with its strength was found."""
import re
import sys

defs = {}
for line in open(sys.argv[1]):
    m = re.match(r"^    (\S+)\s+(?:soviet|german)\s+(\d+)-(\d+)-(\d+)", line)
    if m:
        defs[m.group(1)] = int(m.group(3))
texts = re.findall(r'font-size="[0-9.]+"[^>]*>([^<]*)<',
                   open(sys.argv[2]).read())
bad = checked = 0
for a, b in zip(texts, texts[1:]):
    m = re.fullmatch(r"\(?(\d+)\)?", b)
    if a in defs and m:
        checked += 1
        if int(m.group(1)) != defs[a]:
            bad += 1
            print("%s shows %s, its strength is %d" % (a, b, defs[a]))
sys.exit(1 if bad or not checked else 0)
