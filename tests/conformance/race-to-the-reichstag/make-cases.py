#!/usr/bin/env python3
"""make-cases.py - write the Race to the Reichstag conformance cases

    tests/conformance/race-to-the-reichstag/make-cases.py

Every case plays on the same small test map (8 x 8, below), given in its
position; the cases differ in their order of battle, phase, answers,
forced draws and expected outcome. The expected outcomes come from the
rules text (RULES.md, the Japanese summary), never from a run of the code:
each case says which section it pins. Edit a case here and run the script;
the .yaml files are its output (committed, and what `conform` reads).

The test map (flat hexes, even columns half a hex lower, CCRR):
  columns 01-04: the 1UF sector; columns 05-08: the 1BF sector; the
  Reichstag 0503 is in both (5.5) and its hexsides to column 04 are not
  boundary hexsides; every other hexside between columns 04 and 05 is
  (no move, attack or ZOC across it, 5.2).
  0105 Potsdam (objective, 1UF), 0202 objective (1UF), 0705 objective
  (1BF); column 07 is city with a road down it (1 MP a hex by road,
  9.10); 0808 is a lake hex (prohibited, 9.0); a river between 0603 and
  0604 (+3 MP).
"""
from casegen import Cases, HEXSIDES, TERRAIN, q

MAP = """\
  map:
""" + TERRAIN + """\
      lake: {cost: "no"}
""" + HEXSIDES + """\
    zoc: {to-zoc: "no", leave: 0}
    hexes: |
      0105 objective
      0202 objective
      0705 objective
      0503 reichstag
      0701 city
      0702 city
      0703 city
      0704 city
      0706 city
      0707 city
      0708 city
      0808 lake
    sides: |
      0401 0501 boundary
      0401 0502 boundary
      0402 0502 boundary
      0403 0504 boundary
      0404 0504 boundary
      0404 0505 boundary
      0405 0505 boundary
      0405 0506 boundary
      0406 0506 boundary
      0406 0507 boundary
      0407 0507 boundary
      0407 0508 boundary
      0408 0508 boundary
      0603 0604 river
      0701 0702 road
      0702 0703 road
      0703 0704 road
      0704 0705 road
      0705 0706 road
      0706 0707 road
      0707 0708 road
    regions:
      sector-1bf: "0501-0508,0601-0608,0701-0708,0801-0808"
      sector-1uf: "0101-0108,0201-0208,0301-0308,0401-0408,0503"
      reichstag: "0503"
      potsdam: "0105"
      so-1bf: "0705"
      so-1uf: "0105,0202"
      setup-1bf-north: "0501,0601,0701,0801"
      setup-1bf-south: "0508,0608,0708"
      setup-1uf-south: "0108,0208,0308,0408"
      setup-spree: "0104,0105,0106"
      setup-german-1bf: "0501-0502,0504-0508,0601-0608,0701-0708,0801-0807"
      setup-german-1uf: "0101-0108,0201-0208,0301-0308,0401-0408"
"""

POOL = """\
    P1 german 0-1-0 pool fixed bn fixinf paren ; pool 1
    P2 german 0-2-0 pool fixed bn fixinf paren ; pool 2
    P3 german 2-2-0 pool fixed grp fixinf ; pool 3
    P4 german 0-1-0 pool fixed other hq paren ; pool HQ
    P5 german 0-0-0 pool fixed other strategic zero ; pool marker
"""

CASES = Cases("make-cases.py", MAP)
case = CASES.case


# ---------------------------------------------------------------- set-up

case("3.5-private-draw",
     "3.5 the 1BF player draws his counters after ordering the draw; only "
     "he is told which (the public report says how many)",
     ["3.5", "GAP 2.2"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 1\n"
     "  draws: {1bf-player: 2, 1uf-player: 2}\n",
     answers=[("draw", "draw")], draws=["P2", "P4"],
     expect="""\
  pending: place
  state:
    held: {1bf: [P2, P4], 1uf: []}
    cup-count: 3
  events: ["You draw 2 counters: P2, P4",
           "The 1bf player draws 2 counters from the pool (3 left, 1 of them the Reichstag's)"]
""")

case("3.5-face-down-placement",
     "3.5 the drawer places each counter face down in the other front's "
     "sector; the identity goes to him alone, the fact to all",
     ["3.5", "16.8", "GAP 2.2"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 1\n"
     "  draws: {1bf-player: 2, 1uf-player: 2}\n",
     answers=[("draw", "draw"), ("place", "P2 0201"),
              ("place", "P4 0201")],
     draws=["P2", "P4"],
     expect="""\
  pending: draw
  state:
    phase: setup-draw-1uf
    units: {P2: "0201", P4: "0201"}
    flags: {P2: [face-down], P4: [face-down]}
    placed-by: {P2: 1bf, P4: 1bf}
    sector: {P2: 1uf, P4: 1uf}
    stacks: {"0201": [P4, P2]}
  events: ["You place P2 face down at 0201",
           "The 1bf player places a face-down counter at 0201",
           "You place P4 face down at 0201"]
""")

case("3.5-standing-auto",
     "3.5 a standing order 'place: auto' places every drawn counter in the "
     "draw's step (few mails) by the placement policy: the first on the "
     "zone's objective hex that is not in a corner (0105; 0202 is), the "
     "next beside it",
     ["3.5", "3.1"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 1\n"
     "  draws: {1bf-player: 2, 1uf-player: 2}\n",
     answers=[("draw", "draw")], standing=[("place", "auto")],
     draws=["P2", "P4"],
     expect="""\
  pending: draw
  state:
    units: {P2: "0105", P4: "0104"}
    flags: {P2: [face-down], P4: [face-down]}
""")

case("3.5-only-other-sector",
     "3.5 the 1BF player's counters go to the 1UF sector, not his own",
     ["3.5", "5.2"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 1\n"
     "  draws: {1bf-player: 1, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P1 0601")], draws=["P1"],
     expect="""\
  refused: "0601 is not in P1's set-up zone setup-german-1uf"
""")

case("3.6-only-other-sector",
     "3.6 the 1UF player's counters go to the 1BF sector",
     ["3.6", "5.2"], POOL,
     "  phase: setup-draw-1uf\n  reichstag-blind: 1\n"
     "  draws: {1bf-player: 1, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P1 0201")], draws=["P1"],
     expect="""\
  refused: "0201 is not in P1's set-up zone setup-german-1bf"
""")

case("5.6-no-placement-in-reichstag",
     "5.6 only the three set-up counters of 3.4 may be in the Reichstag",
     ["5.6", "3.5"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 1\n"
     "  draws: {1bf-player: 1, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P1 0503")], draws=["P1"],
     expect="""\
  refused: "(5.6)"
""")

case("10.3-set-up-stack-of-three",
     "3.1, 10.3 stacking applies at set-up: no fourth German in a hex",
     ["3.1", "10.3"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 0\n"
     "  draws: {1bf-player: 4, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P1 0201"), ("place", "P2 0201"),
              ("place", "P3 0201"), ("place", "P4 0201")],
     draws=["P1", "P2", "P3", "P4"],
     expect="""\
  refused: "P4 may not stand in 0201: the stacking limit, or units of the other side (3.1, 10.0, 10.3)"
""")

case("3.4-reichstag-counters-reserved",
     "3.4, 16.10 the Reichstag's undecided counters stay in the pool and "
     "are never lent to another draw (GAP.md 2.2 (3))",
     ["3.4", "16.10", "GAP 2.2"], POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 3\n"
     "  draws: {1bf-player: 4, 1uf-player: 1}\n",
     answers=[("draw", "draw")], draws=["P1", "P2"],
     expect="""\
  pending: place
  state:
    held: {1bf: [P1, P2]}
    cup-count: 3
    reichstag-blind: 3
  events: ["The pool is empty: 2 counters not drawn"]
""")

GARRISON = """\
    G1 german 1-1-0 garrison mobile grp inf garrison ; garrison 1
    G2 german 2-2-0 garrison mobile rgt inf garrison ; garrison 2
    G3 german 3-3-0 garrison mobile rgt inf garrison ; garrison 3
"""

case("3.7-garrison",
     "3.7 the 1BF player draws the garrison units for the 1UF sector at "
     "random and places them face up there; the 1UF player places the "
     "rest in the 1BF sector",
     ["3.7"], POOL + GARRISON,
     "  phase: setup-garrison\n  draws: {garrison-to-1uf: 1}\n",
     answers=[("place", "G2 0201"), ("place", "G1 0601"),
              ("place", "G3 0602")], draws=["G2"],
     expect="""\
  state:
    units: {G1: "0601", G2: "0201", G3: "0602"}
    sector: {G1: 1bf, G2: 1uf, G3: 1bf}
  events: ["The 1BF player draws G2 for the 1UF sector",
           "G2 sets up at 0201", "G1 sets up at 0601"]
""")

case("3.7-garrison-sector",
     "3.7 the drawn garrison unit goes to the 1UF sector only",
     ["3.7", "5.2"], POOL + GARRISON,
     "  phase: setup-garrison\n  draws: {garrison-to-1uf: 1}\n",
     answers=[("place", "G2 0601")], draws=["G2"],
     expect="""\
  refused: "0601 is not in G2's set-up zone setup-german-1uf"
""")

SOVIET_SETUP = """\
    S1 soviet 4-4-6 setup setup-1bf-north 1bf div rifle ; division 1
    S2 soviet 4-4-6 setup setup-1bf-north 1bf div rifle ; division 2
    S3 soviet 3-3-6 setup setup-1bf-north 1bf bde tank hm ; brigade
"""

case("3.11-set-up-zone",
     "3.11 the 1BF units set up within 2 hexes of their named edge",
     ["3.11"], SOVIET_SETUP,
     "  phase: setup-1bf\n",
     answers=[("place", "S1 0502")],
     expect="""\
  refused: "0502 is not in S1's set-up zone setup-1bf-north (3.11)"
""")

case("10.2-set-up-two-divisions",
     "10.2 a division and a unit that is neither a corps nor a division "
     "may stack; two divisions may not",
     ["10.2", "3.1"], SOVIET_SETUP,
     "  phase: setup-1bf\n",
     answers=[("place", "S1 0601"), ("place", "S3 0601"),
              ("place", "S2 0601")],
     expect="""\
  refused: "S2 may not stand in 0601: the stacking limit, or units of the other side (3.1, 10.0, 10.2)"
""")

case("10.2-set-up-division-and-brigade",
     "10.2 a division and a brigade stack",
     ["10.2", "3.11"], SOVIET_SETUP,
     "  phase: setup-1bf\n",
     answers=[("place", "S1 0601"), ("place", "S3 0601"),
              ("place", "S2 0701")],
     expect="""\
  state:
    units: {S1: "0601", S2: "0701", S3: "0601"}
    phase: 1bf-reinforcement
""")

case("3.8-spree-zone",
     "3.8 Army Detachment Spree sets up within 2 hexes of Potsdam, west "
     "of the Havel (the map's setup-spree)",
     ["3.8"], "    F1 german 2-2-0 setup setup-spree mobile rgt inf spree ; FLJ\n",
     "  phase: setup-spree\n",
     answers=[("place", "F1 0201")],
     expect="""\
  refused: "0201 is not in F1's set-up zone setup-spree (3.8)"
""")

case("3.9-56pk1-sector",
     "3.9 the 1BF player places the 18th and 20th PzGr in the 1UF sector",
     ["3.9"],
     "    K1 german 3-3-0 setup setup-german-1uf mobile rgt pzgr hm 56pk1 ; 18PG\n",
     "  phase: setup-56pk1\n",
     answers=[("place", "K1 0301")],
     expect="""\
  state:
    units: {K1: "0301"}
    sector: {K1: 1uf}
  events: ["K1 sets up at 0301"]
""")

case("3.12-set-up-zone",
     "3.12 the 1UF units set up east of the Havel within 2 hexes of the "
     "south edge",
     ["3.12"], "    U1 soviet 4-4-6 setup setup-1uf-south 1uf div rifle ; u1\n",
     "  phase: setup-1uf\n",
     answers=[("place", "U1 0107")],
     expect="""\
  refused: "0107 is not in U1's set-up zone setup-1uf-south (3.12)"
""")

# ---------------------------------------------------------------- movement

MOVERS = """\
    S1 soviet 4-4-6 at 0601 1bf div rifle ; division
    C1 soviet 8-8-6 at 0801 1bf corps tank hm ; corps
    B1 soviet 3-3-6 at 0802 1bf bde tank hm ; brigade
    U1 soviet 4-4-6 at 0301 1uf div rifle ; 1UF division
"""

case("9.2-six-clear-hexes",
     "9.2 six clear hexes are 6 MP",
     ["9.2", "9.0"], MOVERS,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0502 0602 0502 0602 0502 0602")],
     expect="""\
  pending: move
  state:
    units: {S1: "0602"}
  events: ["S1 moves from 0601 to 0602"]
""")

case("9.2-seventh-hex-refused",
     "9.2 no seventh clear hex (no minimum move, 9.0)",
     ["9.2", "9.0"], MOVERS,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0502 0602 0502 0602 0502 0602 0502")],
     expect="""\
  refused: "0502 costs more than the 0 MP left (9.0)"
""")

case("9.10-road-in-city",
     "9.10, TEC a road hexside costs 1 MP whatever the hex (city 2)",
     ["9.10", "27.5"], MOVERS.replace("C1 soviet 8-8-6 at 0801",
                                      "C1 soviet 8-8-6 at 0701"),
     "  phase: 1bf-movement\n",
     answers=[("move", "C1 0702 0703 0704 0705 0706 0707")],
     expect="""\
  pending: move
  state:
    units: {C1: "0707"}
    control: {"0705": 1bf}
""")

case("9.0-move-to",
     "9.0 a move by destination takes the cheapest legal path (the road)",
     ["9.0", "9.10"], MOVERS.replace("C1 soviet 8-8-6 at 0801",
                                     "C1 soviet 8-8-6 at 0701"),
     "  phase: 1bf-movement\n",
     answers=[("move", "C1 to 0707")],
     expect="""\
  pending: move
  state:
    units: {C1: "0707"}
  events: ["C1 moves from 0701 to 0707", "0705: the 1bf takes control (21.2)"]
""")

case("27.5-city-without-road",
     "TEC a city hex costs 2 MP off the road",
     ["27.5", "9.0"], MOVERS.replace("C1 soviet 8-8-6 at 0801",
                                     "C1 soviet 8-8-6 at 0602"),
     "  phase: 1bf-movement\n",
     answers=[("move", "C1 0702 0602 0702 0602 0702")],
     expect="""\
  refused: "0702 costs more than the 0 MP left (9.0)"
""")

case("27.5-river-plus-three",
     "TEC a river hexside adds 3 MP",
     ["27.5", "9.0"], MOVERS.replace("S1 soviet 4-4-6 at 0601",
                                     "S1 soviet 4-4-6 at 0603"),
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0604 0605 0606 0607")],
     expect="""\
  refused: "0607 costs more than the 0 MP left (9.0)"
""")

# ------------------------------------------------ engineers in movement
# 19.1: engineers make crossing rivers cheaper (not quantified: read as
# "counts as bridged", +0 MP, the advance's own wording); 19.2: put in
# place at the start of the phase, they do not move in it, and the
# hexsides of their hex and those adjacent to them (reading: touching
# its hex at a corner) benefit. 0704 touches both 0603 and 0604, so the
# 0603-0604 river is one of its adjacent hexsides. S1: 6 MP (9.2).

ENG = MOVERS.replace("S1 soviet 4-4-6 at 0601", "S1 soviet 4-4-6 at 0603") \
    + "    E1 soviet 2-2-6 at 0704 1bf bde eng engineer ; engineer\n"

case("19.1-engineer-bridges",
     "19.1, 19.2 an engineer put in place next to the river makes it count "
     "as bridged: 0604-0608 for 5 MP (reading: +0)",
     ["19.1", "19.2", "9.2"], ENG,
     "  phase: 1bf-movement\n",
     answers=[("engineer", "E1"), ("move", "S1 0604 0605 0606 0607 0608")],
     expect="""\
  pending: move
  state:
    units: {S1: "0608", E1: "0704"}
    flags: {E1: [engineer]}
  events: ["E1 is put in place at 0704", "S1 moves from 0603 to 0608"]
""")

case("19.1-engineer-not-in-place",
     "19.1, 27.5 the same engineer not put in place (none): the river "
     "costs +3 and 0607 is out of reach",
     ["19.1", "19.2", "27.5"], ENG,
     "  phase: 1bf-movement\n",
     answers=[("engineer", "none"), ("move", "S1 0604 0605 0606 0607")],
     expect="""\
  refused: "0607 costs more than the 0 MP left (9.0)"
""")

case("19.2-none-moves",
     "19.2 with none (the standing answer) no engineer is put in place: "
     "the engineer moves, the river costs +3 (0603-0606 is 6 MP)",
     ["19.2", "27.5"], ENG,
     "  phase: 1bf-movement\n",
     answers=[("engineer", "none"), ("move", "E1 0705"),
              ("move", "S1 0604 0605 0606")],
     expect="""\
  pending: move
  state:
    units: {S1: "0606", E1: "0705"}
""")

case("19.2-engineer-too-far",
     "19.2 an engineer two hexes from the river (0606) gives it no support: "
     "+3 MP",
     ["19.2", "27.5"], ENG.replace("E1 soviet 2-2-6 at 0704",
                                   "E1 soviet 2-2-6 at 0606"),
     "  phase: 1bf-movement\n",
     answers=[("engineer", "E1"), ("move", "S1 0604 0605 0606 0607")],
     expect="""\
  refused: "0607 costs more than the 0 MP left (9.0)"
""")

case("19.2-engineer-stays",
     "19.2 an engineer put in place does not move that phase",
     ["19.2"], ENG,
     "  phase: 1bf-movement\n",
     answers=[("engineer", "E1"), ("move", "E1 0705")],
     expect="""\
  refused: "E1 may not move in this phase (19.2: it was put in place to support river crossings)"
""")

case("19.2-not-an-engineer",
     "19.2 only an engineer of the front on the map is put in place",
     ["19.2"], ENG,
     "  phase: 1bf-movement\n",
     answers=[("engineer", "S1")],
     expect="""\
  refused: "S1 is not an engineer of the 1bf on the map; give none, or the engineers put in place (19.2)"
""")

case("9.0-lake-prohibited",
     "9.0 no move into prohibited terrain (the lake hex)",
     ["9.0"], MOVERS.replace("C1 soviet 8-8-6 at 0801",
                             "C1 soviet 8-8-6 at 0807"),
     "  phase: 1bf-movement\n",
     answers=[("move", "C1 0808")],
     expect="""\
  refused: "0808 may not be entered"
""")

case("5.2-no-crossing",
     "5.2 a unit may not move across the front boundary",
     ["5.2", "9.0"], MOVERS.replace("S1 soviet 4-4-6 at 0601",
                                    "S1 soviet 4-4-6 at 0502"),
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0402")],
     expect="""\
  refused: "0402 may not be entered (5.2, 5.5, 5.6, 9.0)"
""")

case("9.0-other-front-not-now",
     "4.0 only the phasing front's units move",
     ["4.0"], MOVERS,
     "  phase: 1bf-movement\n",
     answers=[("move", "U1 0302")],
     expect="""\
  refused: "U1 may not move in this phase (4.0: not this phase's units)"
""")

case("10.2-move-onto-corps",
     "10.2 a brigade may join a corps; a division may not",
     ["10.2"], MOVERS.replace("S1 soviet 4-4-6 at 0601",
                              "S1 soviet 4-4-6 at 0701"),
     "  phase: 1bf-movement\n",
     answers=[("move", "B1 0801"), ("move", "S1 0801")],
     expect="""\
  refused: "the move ends in 0801 over the stacking limit (10.2)"
""")

ZOC = """\
    S1 soviet 4-4-6 at 0602 1bf div rifle ; division
    G1 german 2-2-0 at 0604 mobile rgt inf ; German in 1BF sector
    G2 german 2-2-0 at 0705 mobile rgt inf ; German in the objective
    F1 german 0-1-0 at 0402 fixed bn fixinf paren ; German across the line
"""

case("11.4-zoc-stops",
     "11.4 a unit that enters an enemy ZOC stops",
     ["11.0", "11.4"], ZOC,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0603 0503")],
     expect="""\
  refused: "0603 is in an enemy zone of control: S1 stops there (11.4)"
""")

case("11.4-zoc-entered",
     "11.4 entering an enemy ZOC ends the move there",
     ["11.0", "11.4"], ZOC,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0603")],
     expect="""\
  pending: attack
  state:
    units: {S1: "0603"}
  events: ["S1 is in an enemy zone of control and stops"]
""")

case("11.5-disengage",
     "11.5 a unit that begins in an enemy ZOC moves to an adjacent hex in "
     "none, and may go on",
     ["11.5"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                           "S1 soviet 4-4-6 at 0603"),
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0602 0601")],
     expect="""\
  pending: draw
  state:
    units: {S1: "0601"}
""")

case("11.5-no-zoc-to-zoc",
     "11.4, 11.5 no move from one enemy ZOC hex straight into another",
     ["11.4", "11.5"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                                   "S1 soviet 4-4-6 at 0603"),
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0504")],
     expect="""\
  refused: "0504 is in an enemy zone of control and so is 0603: no move from one to the other (11.4, 11.5)"
""")

case("11.5-no-second-zoc",
     "11.5 after disengaging, no enemy ZOC for the rest of the phase",
     ["11.5"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                           "S1 soviet 4-4-6 at 0605"),
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0506 0505")],
     expect="""\
  refused: "0505 is in an enemy zone of control: a unit that began its move in one may not enter another (11.4, 11.5)"
""")

case("11.0-no-zoc-across-boundary",
     "11.0 (1) no ZOC across the front boundary",
     ["11.0", "5.2"], ZOC,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0502 0601")],
     expect="""\
  pending: draw
  state:
    units: {S1: "0601"}
""")

case("11.0-soviet-zoc-outside-objectives",
     "11.0 a German unit next to a Soviet unit outside an objective hex is "
     "in its ZOC (no move from it into another ZOC hex)",
     ["11.0", "11.4"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                                   "S1 soviet 4-4-6 at 0704"),
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G1 0603")], draws=["1"],
     expect="""\
  refused: "0603 is in an enemy zone of control and so is 0604: no move from one to the other (11.4, 11.5)"
""")

case("11.0-objective-free-of-soviet-zoc",
     "11.0 (2) no Soviet ZOC into an objective hex: a German there next to "
     "a Soviet unit moves into a hex of its ZOC (and stops)",
     ["11.0", "11.4"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                                   "S1 soviet 4-4-6 at 0704"),
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G2 0804")], draws=["1"],
     expect="""\
  pending: move
  state:
    units: {G2: "0804"}
  events: ["G2 is in an enemy zone of control and stops"]
""")

case("9.3-german-roll",
     "9.3 the Germans of a sector move the d6 rolled at the start of "
     "their movement phase",
     ["9.3"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                          "S1 soviet 4-4-6 at 0601"),
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G2 0706 0707 0708")], draws=["2"],
     expect="""\
  refused: "0708 costs more than the 0 MP left (9.0)"
""")

# the standing answers that spend nothing and skip every question from
# the German movement to the 1UF front's combat but the moves
SPEND_NOTHING = [("attack", "done"), ("barrage", "done"), ("replace", "done"),
                 ("max-effort", "no"), ("recon", "none"), ("engineer", "none"),
                 ("flip", "none"), ("depot", "none"), ("sniper", "hold"),
                 ("me262", "none")]

case("9.0-bare-move-done-one-phase",
     "9.0 (umpire-orders(5), SCOPES) a bare standing 'move: done' serves "
     "the first movement phase of its step only: the German movement the "
     "1UF player's step began in ends with it, his own front's movement "
     "is asked",
     ["9.0", "9.3"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                                 "S1 soviet 4-4-6 at 0601") +
     "    S2 soviet 4-4-6 at 0206 1uf div rifle ; the 1UF front's\n",
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G2 0706")], draws=["2"],
     standing=[("move", "done")] + SPEND_NOTHING,
     expect="""\
  pending: move
  state:
    phase: 1uf-movement
    units: {G2: "0706", S2: "0206"}
  events: ["Standing order: move: done"]
""")

case("9.0-scoped-move-done",
     "9.0 (umpire-orders(5), SCOPES) 'move-german: done' and "
     "'move-front: done' each end the movement phase they name",
     ["9.0", "9.3"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                                 "S1 soviet 4-4-6 at 0601") +
     "    S2 soviet 4-4-6 at 0206 1uf div rifle ; the 1UF front's\n",
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G2 0706")], draws=["2"],
     standing=[("move-german", "done"), ("move-front", "done")] +
     SPEND_NOTHING,
     expect="""\
  pending: draw
  state:
    phase: 1uf-exhaustion
  events: ["Standing order: move-german: done",
           "Standing order: move-front: done"]
""")

case("16.2-command-post",
     "9.3, 16.2 each face-up command post in the sector adds 1 to the roll",
     ["9.3", "16.2"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                                  "S1 soviet 4-4-6 at 0601") +
     "    H1 german 0-1-0 at 0801 fixed other hq paren ; command post\n",
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G2 0706 0707 0708")], draws=["2"],
     expect="""\
  pending: move
  state:
    units: {G2: "0708"}
  events: ["German movement in the 1bf sector: 3 MP"]
""")

case("2.4-fixed-units-do-not-move",
     "2.4 fixed units never move",
     ["2.4"], ZOC + "    H1 german 0-1-0 at 0807 fixed other hq paren ; cp\n",
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "H1 0806")], draws=["3"],
     expect="""\
  refused: "H1 may not move in this phase (2.4: a fixed unit)"
""")

case("10.3-four-germans",
     "10.3 at most three German units in a hex",
     ["10.3"], ZOC.replace("S1 soviet 4-4-6 at 0602",
                           "S1 soviet 4-4-6 at 0601") +
     "    G3 german 1-1-0 at 0807 mobile rgt inf ; g3\n"
     "    G4 german 1-1-0 at 0807 mobile rgt inf ; g4\n"
     "    G5 german 1-1-0 at 0807 mobile rgt inf ; g5\n",
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G2 0706 0806 0807")], draws=["6"],
     expect="""\
  refused: "the move ends in 0807 over the stacking limit (10.3)"
""")

RT = """\
    S1 soviet 4-4-6 at 0502 1bf div rifle ; division
    U1 soviet 4-4-6 at 0402 1uf div rifle ; 1UF division
    G1 german 2-2-0 at 0603 mobile rgt inf ; German next to the Reichstag
"""

case("9.0-blind-reichstag-counters",
     "3.4, 9.0 the Reichstag's face-down counters are enemy units: no "
     "Soviet unit enters",
     ["9.0", "3.4"], RT,
     "  phase: 1bf-movement\n  reichstag-blind: 3\n",
     answers=[("move", "S1 0503")],
     expect="""\
  refused: "0503 may not be entered"
""")

case("5.6-no-german-zoc-into-reichstag",
     "5.6 no German ZOC into the Reichstag: a Soviet unit moves through it",
     ["5.6", "5.5"], RT,
     "  phase: 1bf-movement\n  reichstag-blind: 0\n",
     answers=[("move", "S1 0503 0504 0505")],
     expect="""\
  refused: "0504 is in an enemy zone of control: S1 stops there (11.4)"
""")

case("5.5-reichstag-both-sectors",
     "5.5 the Reichstag is in both sectors: a 1UF unit enters it from its "
     "sector, and so controls it (21.2); at the interphase the game ends "
     "(4.0 V.A)",
     ["5.5", "21.2", "4.0", "21.1"], RT,
     "  phase: 1uf-movement\n  reichstag-blind: 0\n",
     answers=[("move", "U1 0503")],
     draws=["1", "1"],
     expect="""\
  pending: over
  state:
    units: {U1: "0503"}
    control: {"0503": 1uf}
    reichstag-taken-by: 1uf
    result: 1uf
    vp: {1bf: 0, 1uf: 30}
  events: ["U1 (1uf) enters the Reichstag"]
""")

case("5.5-other-front-keeps-out",
     "5.5 while one front's units are in the Reichstag the other's may not "
     "enter it",
     ["5.5"], RT.replace("U1 soviet 4-4-6 at 0402", "U1 soviet 4-4-6 at 0503"),
     "  phase: 1bf-movement\n  reichstag-blind: 0\n",
     answers=[("move", "S1 0503")],
     expect="""\
  refused: "0503 may not be entered (5.2, 5.5, 5.6, 9.0)"
""")

case("5.6-no-german-into-reichstag",
     "5.6 no German unit enters the Reichstag",
     ["5.6"], RT.replace("G1 german 2-2-0 at 0603", "G1 german 2-2-0 at 0602"),
     "  phase: german-1bf-sector-movement\n  reichstag-blind: 0\n",
     answers=[("move", "G1 0503")], draws=["4"],
     expect="""\
  refused: "0503 may not be entered"
""")

# ------------------------------------------------ reinforcements

REINF = """\
    S1 soviet 4-4-6 at 0601 1bf div rifle ; division
    R1 soviet 3-3-6 turn 2 enter setup-1bf-north 1bf bde tank hm ; reinf
    R2 soviet 3-3-6 turn 3 enter setup-1bf-north 1bf bde tank hm ; later
    G1 german 2-2-0 at 0702 mobile rgt inf ; German
"""

case("7.1-reinforcement-enters",
     "7.1 a Soviet reinforcement enters at its edge in the reinforcement "
     "phase of its date, in an enemy ZOC if need be; a later one waits",
     ["7.1"], REINF,
     "  phase: 1bf-reinforcement\n  turn: 2\n",
     answers=[("max-effort", "no"), ("place", "R1 0701")],
     expect="""\
  pending: move
  state:
    units: {R1: "0701", R2: waiting}
  events: ["R1 enters at 0701"]
""")

case("7.1-not-into-enemy",
     "7.1 not into an enemy-occupied hex",
     ["7.1"], REINF.replace("G1 german 2-2-0 at 0702", "G1 german 2-2-0 at 0701"),
     "  phase: 1bf-reinforcement\n  turn: 2\n",
     answers=[("max-effort", "no"), ("place", "R1 0701")],
     expect="""\
  refused: "R1 may not stand in 0701: the stacking limit, or units of the other side (7.1, 10.0, 10.2)"
""")

case("7.1-delayed",
     "7.1 a reinforcement that cannot enter is delayed to the next GT",
     ["7.1"], REINF.replace("setup-1bf-north 1bf bde tank hm ; reinf",
                            "0801 1bf bde tank hm ; reinf")
     .replace("G1 german 2-2-0 at 0702", "G1 german 2-2-0 at 0801"),
     "  phase: 1bf-reinforcement\n  turn: 2\n",
     answers=[("max-effort", "no")],
     expect="""\
  pending: move
  state:
    units: {R1: waiting}
  events: ["R1 cannot enter: it is delayed to GT 3"]
""")

GREINF = POOL + """\
    S1 soviet 4-4-6 at 0601 1bf div rifle ; division
    G1 german 2-2-0 at 0806 mobile rgt inf ; German
"""

case("7.3-draw-on-two",
     "7.3 on 1-2 the commander of the sector's Germans draws a fixed unit "
     "that he alone sees and places it face down next to a German unit",
     ["7.3", "16.8"], GREINF,
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n",
     answers=[("place", "P3 0807")], draws=["2", "P3"],
     expect="""\
  state:
    units: {P3: "0807"}
    flags: {P3: [face-down]}
    placed-by: {P3: 1uf}
    sector: {P3: 1bf}
  events: ["German reinforcement roll in the 1bf sector: 2",
           "You draw 1 counter: P3",
           "The 1uf player places a face-down counter at 0807"]
""")

case("7.3-roll-three-none",
     "7.3 on 3-6 no reinforcement",
     ["7.3"], GREINF,
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n",
     draws=["3"],
     expect="""\
  state:
    cup-count: 5
  events: ["German reinforcement roll in the 1bf sector: 3 (none)"]
""")

case("7.3-next-to-a-german",
     "7.3 the reinforcement stands within 1 hex of a German unit",
     ["7.3"], GREINF,
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n",
     answers=[("place", "P3 0804")], draws=["1", "P3"],
     expect="""\
  refused: "0804 is not within 1 hex of a German unit of the sector, or is in a Soviet zone of control (7.3)"
""")

case("7.3-not-in-soviet-zoc",
     "7.3 not in a Soviet zone of control",
     ["7.3"], GREINF.replace("S1 soviet 4-4-6 at 0601", "S1 soviet 4-4-6 at 0705"),
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n",
     answers=[("place", "P3 0805")], draws=["1", "P3"],
     expect="""\
  refused: "0805 is not within 1 hex of a German unit of the sector, or is in a Soviet zone of control (7.3)"
""")

case("7.3-no-legal-hex",
     "7.3 a counter drawn with no legal hex goes back into the pool "
     "(reading: the rule is silent; nothing placed against it, nothing "
     "lost)",
     ["7.3"], GREINF.replace("G1 german 2-2-0 at 0806",
                             "G1 german 2-2-0 at 0206"),
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n",
     draws=["1", "P3"],
     expect="""\
  state:
    cup-count: 5
  events: ["German reinforcement roll in the 1bf sector: 1",
           "You draw 1 counter: P3",
           "The counter drawn has no legal hex: it goes back into the pool"]
""")

case("7.4-objectives-held",
     "7.4 no German reinforcement while the Soviets hold every objective "
     "hex of the sector",
     ["7.4"], GREINF,
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n"
     "  control: {\"0705\": 1bf}\n",
     expect="""\
  state:
    cup-count: 5
  events: ["The Soviets hold every objective hex of the 1bf sector: no German reinforcement"]
""")

case("7.3-reichstag-counters-not-lent",
     "7.3, 3.4 the Reichstag's reserved counters are never drawn as "
     "reinforcements (GAP.md 2.2 (3))",
     ["7.3", "3.4"], GREINF,
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 3\n"
     "  cup: [P1, P2, P3]\n",
     expect="""\
  events: ["The pool is empty (but for the Reichstag's counters): no German reinforcement"]
""")

# ------------------------------------------------ flips and victory

case("16.10-reichstag-revealed",
     "16.10 at the start of a Soviet combat phase with a Soviet unit next "
     "to it, the Reichstag garrison is drawn (undecided until now) and "
     "stands face up",
     ["16.10", "3.4", "GAP 2.2"], POOL + RT,
     "  phase: 1bf-combat\n  reichstag-blind: 3\n",
     draws=["P3", "P1", "P5"],
     expect="""\
  state:
    reichstag-blind: 0
    units: {P1: "0503", P3: "0503", P5: "0503"}
    cup-count: 2
  events: ["The Reichstag garrison is revealed: P3",
           "The Reichstag garrison is revealed: P1"]
""")

case("16.10-not-in-german-combat",
     "16.10 only a Soviet combat phase reveals the garrison",
     ["16.10"], POOL + RT,
     "  phase: german-1bf-sector-combat\n  reichstag-blind: 3\n",
     expect="""\
  state:
    reichstag-blind: 3
""")

case("16.8-adjacent-flip",
     "16.8 (2) a face-down fixed unit next to a Soviet unit turns face up "
     "at the start of a combat phase, for good",
     ["16.8"], POOL + RT,
     "  phase: 1bf-combat\n  reichstag-blind: 0\n"
     "  units: {P2: \"0501\", P4: \"0807\"}\n"
     "  flags: {P2: [face-down], P4: [face-down]}\n"
     "  placed-by: {P2: 1uf, P4: 1uf}\n",
     answers=[],
     expect="""\
  state:
    flags: {P4: [face-down]}
    known: {1bf: [P2], 1uf: [P2, P4]}
  events: ["A Soviet unit is next to 0501: P2"]
""")

END = """\
    S1 soviet 4-4-6 at 0601 1bf div rifle ; division
    U1 soviet 4-4-6 at 0301 1uf div rifle ; 1UF division
    G1 german 2-2-0 at 0806 mobile rgt inf ; German
    G2 german 2-2-0 at 0807 mobile rgt inf ; German 2
"""

case("15.8-barrage-removal",
     "15.8 the 1BF removes its barrage markers in phase II.D",
     ["15.8", "4.0"], END,
     "  markers-oob: |\n    A1 artillery 1bf off\n    A2 artillery 1uf off\n"
     "  barrage: {A1: \"0604\", A2: \"0203\"}\n"
     "  phase: 1bf-barrage-removal\n",
     expect="""\
  pending: max-effort
  state:
    barrage: {A2: "0203"}
  events: ["The 1bf barrage markers are removed (1)"]
""")

case("21.1-sudden-death",
     "4.0 V.A, 21.1 a Soviet unit in the Reichstag at the interphase ends "
     "the game: the 1BF's Reichstag (30) against nothing",
     ["4.0", "21.1", "21.4", "27.4"],
     END.replace("S1 soviet 4-4-6 at 0601", "S1 soviet 4-4-6 at 0503"),
     "  phase: sudden-death\n  reichstag-blind: 0\n"
     "  control: {\"0503\": 1bf}\n",
     expect="""\
  pending: over
  state:
    result: 1bf
    vp: {1bf: 30, 1uf: 0}
""")

def ending(name, title, rules, oob, state, result, vp, events=""):
    """a case judged at the end (21.x): the result and both totals"""
    case(name, title, rules, oob, state, expect="  pending: over\n"
         "  state:\n    result: %s\n    vp: {1bf: %d, 1uf: %d}\n%s"
         % (result, vp[0], vp[1], events))

IN_RT = END.replace("S1 soviet 4-4-6 at 0601", "S1 soviet 4-4-6 at 0503")

ending("21.4-sudden-death-on-vp",
       "21.1, 21.4, 21.5 a sudden-death end before 2 May is judged on the "
       "VP alone: the 1BF in the Reichstag at -10 (30 less 40 SP) against "
       "the 1UF at 0; the German victory opens \"at the end of 2 May\"",
       ["21.1", "21.4", "21.5"], IN_RT,
       "  phase: sudden-death\n  turn: 6\n  reichstag-blind: 0\n"
       "  control: {\"0503\": 1bf}\n  sp-spent: {1bf: 40, 1uf: 0}\n",
       "1uf", (-10, 0), '  events: ["The 1UF player wins"]\n')

ending("21.5-sudden-death-on-2-may",
       "21.5 a sudden-death end in the interphase of 2 May is the end of "
       "2 May: both totals 0 or less, the Germans win",
       ["21.1", "21.5"], IN_RT,
       "  phase: sudden-death\n  turn: 10\n  reichstag-blind: 0\n"
       "  control: {\"0503\": 1bf}\n  sp-spent: {1bf: 40, 1uf: 0}\n",
       "german", (-10, 0))

ending("21.4-tie-to-1uf",
       "21.4 a tie goes to the 1UF: 1BF Reichstag 30 less 15 SP; 1UF "
       "Potsdam 10 and an objective 5",
       ["21.3", "21.4", "27.4"], END,
       "  phase: scenario-end\n  turn: 10\n  reichstag-blind: 0\n"
       "  control: {\"0503\": 1bf, \"0105\": 1uf, \"0202\": 1uf}\n"
       "  sp-spent: {1bf: 15, 1uf: 0}\n",
       "1uf", (15, 15))

ending("21.5-nobody-took-the-reichstag",
       "21.5 (1) no front controls the Reichstag at the end: the Germans "
       "win and both players lose",
       ["21.5"], END,
       "  phase: scenario-end\n  turn: 10\n"
       "  control: {\"0705\": 1bf}\n",
       "german", (5, 0))

ending("21.5-both-nonpositive",
       "21.5 (2) both totals 0 or less: the Germans win",
       ["21.5", "21.3"], END,
       "  phase: scenario-end\n  turn: 10\n  reichstag-blind: 0\n"
       "  control: {\"0503\": 1uf}\n  sp-spent: {1bf: 2, 1uf: 30}\n",
       "german", (-2, 0))

case("21.2-eliminated-german-mobile",
     "21.2 +1 VP for each German mobile unit eliminated in the player's "
     "sector, +10 for a captured strategic marker",
     ["21.2", "27.4"], END + POOL,
     "  phase: scenario-end\n  turn: 10\n  reichstag-blind: 0\n"
     "  units: {G1: eliminated, G2: eliminated, P5: eliminated}\n"
     "  eliminated-in: {G1: 1bf, G2: 1uf, P5: 1uf}\n"
     "  captured: {P5: 1uf}\n"
     "  control: {\"0503\": 1bf}\n",
     expect="""\
  pending: over
  state:
    result: 1bf
    vp: {1bf: 31, 1uf: 11}
""")

case("21.2-german-retakes-objective",
     "21.2 control is lost when a German unit enters the hex",
     ["21.2"], END.replace("G2 german 2-2-0 at 0807",
                           "G2 german 2-2-0 at 0706"),
     "  phase: german-1bf-sector-movement\n  control: {\"0705\": 1bf}\n",
     answers=[("move", "G2 0705")], draws=["2"],
     expect="""\
  pending: move
  state:
    units: {G2: "0705"}
  events: ["0705: the 1bf's control ends (21.2)"]
""")

case("4.0-not-the-last-turn",
     "4.0 V.B before the last GT the game goes on to the next GT",
     ["4.0"], END,
     "  phase: scenario-end\n  turn: 3\n",
     expect="""\
  pending: max-effort
  state:
    turn: 4
    phase: 1bf-reinforcement
  events: ["GT 4 begins (26 April)"]
""")

case("4.0-sequence",
     "4.0 I-II: after the 1BF movement comes its combat and exhaustion "
     "phase, then the Germans of the 1BF sector move (1UF player)",
     ["4.0", "9.3"], END,
     "  phase: 1bf-movement\n",
     answers=[("move", "done")], draws=["3", "4", "5"],
     expect="""\
  pending: move
  state:
    phase: german-1bf-sector-movement
  events: ["1bf exhaustion: 2d6 3 + 4 = 7",
           "The pool is empty (but for the Reichstag's counters): no German reinforcement",
           "German movement in the 1bf sector: 5 MP"]
""")


if __name__ == "__main__":
    CASES.main()
