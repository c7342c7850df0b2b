#!/usr/bin/env python3
"""The hexes each move arrow of a hex board's SVG passes through, one
arrow a line: each point of the arrow (a line's two ends, a polyline's
points) named by the hex whose id label is nearest its centre (the board
writes a hex's id a little above its centre). Standard library only."""
import re
import sys

svg = open(sys.argv[1]).read()
labels = {}
for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)">(\d{4})</text>', svg):
    labels[m.group(3)] = (float(m.group(1)), float(m.group(2)))
# a hex's label stands this far above its centre: the least distance
# between a label and an arrow's end (the arrows start at a centre)
LIFT = 12.76


def hex_at(x, y):
    return min(labels, key=lambda k: (labels[k][0] - x) ** 2 +
               (labels[k][1] + LIFT - y) ** 2)


# the moves' lines: the group "moves" (their heads, drawn apart over the
# counters, are short lines of the group "moves' ends")
moves = "".join(re.findall(r'<g>\n<title>moves</title>\n(.*?)</g>', svg, re.S))
for m in re.finditer(r'<(line|polyline) ([^>]*stroke="#c00000"[^>]*)>',
                     moves):
    attrs = m.group(2)
    if m.group(1) == "line":
        v = dict(re.findall(r'(x1|y1|x2|y2)="([-\d.]+)"', attrs))
        pts = [(float(v["x1"]), float(v["y1"])),
               (float(v["x2"]), float(v["y2"]))]
    else:
        p = re.search(r'points="([^"]+)"', attrs).group(1)
        pts = [tuple(map(float, q.split(","))) for q in p.split()]
    print(" ".join(hex_at(*q) for q in pts))
