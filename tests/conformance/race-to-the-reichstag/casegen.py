"""casegen.py - what the Race to the Reichstag case generators share
(make-cases.py, make-economy-cases.py, make-fixed-cases.py,
make-combat-cases.py): the test maps' common lines (the TEC's terrain and
hexside rows), quoting, and the writer of a case file. Each generator
keeps only its own map and cases.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# The map's frame and the TEC rows every test map holds (27.0, 9.0);
# each generator adds its own terrain after TERRAIN.
TERRAIN = """\
    provenance: complete
    orientation: flat
    shifted: even
    columns: 8
    rows: 8
    default: clear
    terrain:
      clear: {cost: 1}
      city: {cost: 2, crt: {german: assault}}
      objective: {cost: 2, defence: {german: 200, soviet: 100}, crt: {german: assault}, ignore-retreat: {german: "yes"}, zoc: {soviet: "no"}}
      reichstag: {cost: 2, defence: {german: 200, soviet: 100}, crt: {german: assault}, ignore-retreat: {german: "yes"}, zoc: {soviet: "no", german: "no"}}
"""
HEXSIDES = """\
    hexsides:
      river: {cost: 3, defence: 200}
      stream: {cost: 3, defence: 200}
      lake: {cost: 6, defence: 200}
      bridge: {cost: 0}
      demolished: {cost: 0}
      road: {cost: 1}
      railway: {cost: 1}
      boundary: {cost: "no", attack: "no", zoc: "no"}
    fortification: {}
"""


def q(s):
    return '"%s"' % s


def pairs(items):
    return ", ".join("%s: %s" % (k, q(v)) for k, v in items)


class Cases:
    """The cases of one generator, written as case files whose first
    line names it; a run removes the files that line marks and writes
    them all again, so a case taken out goes too."""

    def __init__(self, script, map_):
        self.tag = "# written by %s: edit it there\n" % script
        self.map = map_
        self.cases = []

    def case(self, name, title, rules, oob, state, answers=None,
             draws=None, expect=None, options=None, standing=None,
             map_=None):
        self.cases.append((name, title, rules, oob, state, answers or [],
                           draws or [], expect or "", options, standing,
                           map_ or self.map))

    def text(self, c):
        """A case file. Standing orders given as a list are written as
        one before the draws; as a mapping, in flow after them."""
        (name, title, rules, oob, state, answers, draws, expect, options,
         standing, map_) = c
        out = [self.tag,
               "case: %s\n" % q(title.replace('"', "'")),
               "rules: [%s]\n" % ", ".join(q(r) for r in rules)]
        if options:
            out.append("options: {%s}\n" % pairs(options.items()))
        out += ["position:\n", map_, "  oob: |\n" + oob, state]
        if answers:
            out.append("answers:\n")
            out += ["  - %s: %s\n" % (k, q(v)) for k, v in answers]
        if standing and isinstance(standing, list):
            out.append("standing:\n")
            out += ["  - %s: %s\n" % (k, q(v)) for k, v in standing]
        if draws:
            out.append("draws: [%s]\n" % ", ".join(q(d) for d in draws))
        if standing and isinstance(standing, dict):
            out.append("standing: {%s}\n" % pairs(standing.items()))
        out.append("expect:\n" + expect)
        return "".join(out)

    def main(self):
        for f in os.listdir(HERE):
            if not f.endswith(".yaml"):
                continue
            with open(os.path.join(HERE, f)) as fh:
                mine = fh.readline() == self.tag
            if mine:
                os.remove(os.path.join(HERE, f))
        for c in self.cases:
            with open(os.path.join(HERE, c[0] + ".yaml"), "w") as f:
                f.write(self.text(c))
        print("%d cases" % len(self.cases))
