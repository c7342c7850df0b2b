#!/usr/bin/env python3
"""make-economy-cases.py - write the Race to the Reichstag conformance
cases of the STAVKA point economy (6.x, 27.3), reinforcements and
replacements (7.x, 8.x), barrage markers (15.x, 17.4) and exhaustion
(20.x).

    tests/conformance/race-to-the-reichstag/make-economy-cases.py

They play on make-cases.py's 8 x 8 test map (imported from it), with two
entry edges added: edge-1bf-north (0501, 0601, 0701, 0801) and
edge-1uf-south (0108, 0208, 0308, 0408). Columns 05-08 are the 1BF
sector, 01-04 the 1UF sector, the Reichstag 0503 in both; 0705 is the
1BF sector's only objective hex, 0105 (Potsdam) and 0202 the 1UF's.
Flat hexes, even columns half a hex lower: 0805's neighbours are 0804,
0806, 0705 and 0706.

The expected outcomes come from the rules text (RULES.md, the Japanese
summary), never from a run of the code. Edit a case here and run the
script; it rewrites only the files it wrote (their first line says so).
"""
import importlib.util
import os

from casegen import HERE, Cases, q

_spec = importlib.util.spec_from_file_location(
    "make_cases", os.path.join(HERE, "make-cases.py"))
_mc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mc)

MAP = _mc.MAP + """\
      edge-1bf-north: "0501,0601,0701,0801"
      edge-1uf-south: "0108,0208,0308,0408"
"""
POOL = _mc.POOL

CASES = Cases("make-economy-cases.py", MAP)
case = CASES.case


# ------------------------------------------------------------ barrage, SP

BASE = """\
    S1 soviet 4-4-6 at 0601 1bf div rifle ; division
    U1 soviet 4-4-6 at 0301 1uf div rifle ; 1UF division
    G1 german 2-2-0 at 0806 mobile rgt inf ; German
    G2 german 2-2-0 at 0807 mobile rgt inf ; German 2
"""

MARKERS = """\
  markers-oob: |
    A1 artillery 1bf off
    A2 artillery 1bf off
    AIR1 air 1bf off
    A9 artillery 1uf off
"""

case("6.6-artillery-one-sp",
     "6.6, 15.3, 27.3 an artillery marker placed costs its front 1 SP "
     "(public, 6.1) and stays on the map",
     ["6.6", "15.3", "27.3", "6.1"], BASE,
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n",
     answers=[("barrage", "A1 0604"), ("barrage", "done")],
     expect="""\
  pending: move
  state:
    sp-spent: {1bf: 1, 1uf: 0}
    barrage: {A1: "0604"}
    markers-used: {A1: 2}
  events: ["The 1bf spends 1 SP on an artillery marker",
           "The 1bf places artillery marker A1 at 0604"]
""")

case("6.6-air-two-sp",
     "6.6, 15.3, 27.3 an air strike marker costs 2 SP",
     ["6.6", "15.3", "27.3"], BASE,
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n",
     answers=[("barrage", "AIR1 0604"), ("barrage", "done")],
     expect="""\
  pending: move
  state:
    sp-spent: {1bf: 2, 1uf: 0}
    barrage: {AIR1: "0604"}
""")

case("20.3-barrage-doubled",
     "20.3, 27.3 an exhausted front pays double: an artillery marker 2 SP",
     ["20.3", "27.3", "6.6"], BASE,
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n  exhausted: [1bf]\n",
     answers=[("barrage", "A1 0604"), ("barrage", "done")],
     expect="""\
  state:
    sp-spent: {1bf: 2, 1uf: 0}
""")

case("6.2-cap-refused",
     "6.2 the two players together spend at most 100 SP: with 60 + 40 "
     "spent, a 1 SP marker is refused",
     ["6.2"], BASE,
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n"
     "  sp-spent: {1bf: 60, 1uf: 40}\n",
     answers=[("barrage", "A1 0604")],
     expect="""\
  refused: "the two players together may spend at most 100 SP (6.2"
""")

case("6.2-cap-shared",
     "6.2 the example: one player spent 55, the other may spend up to 45 "
     "(here 44 spent: one more SP is allowed)",
     ["6.2"], BASE,
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n"
     "  sp-spent: {1bf: 44, 1uf: 55}\n",
     answers=[("barrage", "A1 0604"), ("barrage", "done")],
     expect="""\
  state:
    sp-spent: {1bf: 45, 1uf: 55}
""")

case("7.2-no-barrage-on-23-april",
     "7.2, 15.0 barrage markers are used from the 24 April GT: none on "
     "GT 1",
     ["7.2", "15.0"], BASE,
     MARKERS + "  turn: 1\n  phase: 1bf-barrage\n",
     expect="""\
  pending: move
  state:
    sp-spent: {1bf: 0, 1uf: 0}
  events: ["No barrage before 24 April"]
""")

case("5.2-barrage-not-in-other-sector",
     "5.2 a front's barrage marker may not be placed in the other sector",
     ["5.2", "15.2"], BASE,
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n",
     answers=[("barrage", "A1 0203")],
     expect="""\
  refused: "no barrage marker in the other sector (5.2)"
""")

case("15.3-once-a-gt",
     "6.6, 15.3 each marker is used once a GT: A1, used this GT (and "
     "since removed), may not be placed again",
     ["15.3", "6.6"], BASE,
     MARKERS + "  turn: 3\n  phase: 1bf-barrage\n"
     "  markers-used: {A1: 3}\n",
     answers=[("barrage", "A1 0604")],
     expect="""\
  refused: "each marker once a GT (6.6, 15.3)"
""")

case("15.3-next-gt-again",
     "15.3 a marker used on an earlier GT may be placed again",
     ["15.3"], BASE,
     MARKERS + "  turn: 3\n  phase: 1bf-barrage\n"
     "  markers-used: {A1: 2}\n",
     answers=[("barrage", "A1 0604"), ("barrage", "done")],
     expect="""\
  state:
    barrage: {A1: "0604"}
    markers-used: {A1: 3}
""")

case("5.5-barrage-reichstag-other-front",
     "5.5 while the other front's unit is in the Reichstag, this front's "
     "marker may not be placed there",
     ["5.5", "15.2"], BASE.replace("U1 soviet 4-4-6 at 0301",
                                   "U1 soviet 4-4-6 at 0503"),
     MARKERS + "  turn: 2\n  phase: 1bf-barrage\n  reichstag-blind: 0\n",
     answers=[("barrage", "A1 0503")],
     expect="""\
  refused: "the 1uf's units are in the Reichstag (5.5)"
""")

case("15.8-other-front-stays",
     "15.8 phase II.D removes the 1BF's markers only: the 1UF's two stay "
     "where they stand",
     ["15.8"], BASE,
     "  markers-oob: |\n    A1 artillery 1bf off\n    A9 artillery 1uf off\n"
     "    A8 artillery 1uf off\n"
     "  barrage: {A1: \"0604\", A9: \"0203\", A8: \"0305\"}\n"
     "  turn: 2\n  phase: 1bf-barrage-removal\n",
     expect="""\
  state:
    barrage: {A9: "0203", A8: "0305"}
  events: ["The 1bf barrage markers are removed (1)"]
""")

GMOVE = "  markers-oob: |\n    A1 artillery 1bf off\n    A2 artillery 1bf off\n" \
        "    AIR1 air 1bf off\n"

case("15.4-german-pays-one",
     "15.4, TEC a German mobile unit pays +1 MP for each barrage-zone hex "
     "it enters: an air marker at 0803 reaches 0805 and 0804 (2 hexes), "
     "so 0805 and 0804 cost 2 each and 3 MP do not reach 0804",
     ["15.4", "15.2", "27.5"], BASE,
     GMOVE + "  barrage: {AIR1: \"0803\"}\n"
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G1 0805 0804")], draws=["3"],
     expect="""\
  refused: "0804 costs more than the 1 MP left (9.0)"
""")

case("15.2-artillery-radius-one",
     "15.2 an artillery marker reaches its hex and the next ones only: at "
     "0803 it reaches 0804 but not 0805, so 0805 (1) + 0804 (1 + 1) is 3 MP",
     ["15.2", "15.4"], BASE,
     GMOVE + "  barrage: {A1: \"0803\"}\n"
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G1 0805 0804")], draws=["3"],
     expect="""\
  pending: move
  state:
    units: {G1: "0804"}
""")

case("15.4-zones-do-not-add",
     "15.4 overlapping barrage zones do not add up: 0805 in two zones "
     "costs 1 + 1",
     ["15.4"], BASE,
     GMOVE + "  barrage: {A1: \"0705\", A2: \"0806\"}\n"
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G1 0805")], draws=["2"],
     expect="""\
  state:
    units: {G1: "0805"}
""")

case("15.2-not-soviet-units",
     "15.2 a barrage zone does not affect Soviet units: six clear hexes "
     "in an air zone are 6 MP",
     ["15.2", "15.4", "9.2"], BASE,
     GMOVE + "  turn: 2\n  barrage: {AIR1: \"0602\"}\n"
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0502 0602 0502 0602 0502 0602")],
     expect="""\
  state:
    units: {S1: "0602"}
""")

case("12.14-placed-barrage-doubles",
     "15.4, 12.14 a marker placed in the barrage phase doubles the "
     "Soviet attack on a German in its zone in that turn's combat phase",
     ["12.14", "15.4", "15.2"],
     """\
    S1 soviet 4-4-6 at 0602 1bf div rifle ; division
    G1 german 2-2-0 at 0603 mobile rgt inf ; German
""",
     GMOVE + "  turn: 2\n  phase: 1bf-barrage\n",
     answers=[("barrage", "A1 0603"), ("barrage", "done"),
              ("move", "done"), ("attack", "0603 S1")],
     draws=["4"], standing={"retreat": "auto", "advance": "no"},
     expect="""\
  events: ["The 1bf places artillery marker A1 at 0603",
           "Attackers S1 4x2: 8 against 2 = 400%"]
""")

case("17.4-air-recon",
     "17.4 an air marker may examine every German unit in its zone at "
     "once: the face-down counter at 0805 and G1 at 0806 (G2 at 0807 is "
     "3 hexes off) become known to the 1BF player; the marker is spent "
     "for the GT and leaves the map",
     ["17.4", "6.6"], BASE + POOL.replace("P3 german 2-2-0 pool",
                                          "P3 german 2-2-0 at 0805"),
     GMOVE + "  turn: 2\n  phase: 1bf-barrage\n"
     "  flags: {P3: [face-down]}\n  placed-by: {P3: 1uf}\n"
     "  sector: {P3: 1bf}\n",
     answers=[("barrage", "AIR1 0804 recon"), ("barrage", "done")],
     expect="""\
  pending: move
  state:
    barrage: {}
    markers-used: {AIR1: 2}
    sp-spent: {1bf: 2, 1uf: 0}
    known: {1bf: [G1, P3]}
  private:
    1bf: ["Air reconnaissance around 0804: "]
  public-never: [P3]
  events: ["Air reconnaissance around 0804:",
           "The 1bf's air marker AIR1 reconnoitres around 0804 (2 German units examined)"]
""")

case("17.4-air-recon-reichstag",
     "17.4, 5.5 an air marker may reconnoitre around the Reichstag "
     "(in both sectors): it examines its zone and leaves the map at "
     "once, spent for the GT; it is no strike there (the check of the "
     "Reichstag's 5.5 conditions once lost the word recon)",
     ["17.4", "5.5", "6.6"], BASE + POOL,
     GMOVE + "  turn: 2\n  phase: 1bf-barrage\n",
     answers=[("barrage", "AIR1 0503 recon"), ("barrage", "done")],
     expect="""\
  pending: move
  state:
    barrage: {}
    markers-used: {AIR1: 2}
    sp-spent: {1bf: 2, 1uf: 0}
  events: ["The 1bf's air marker AIR1 reconnoitres around 0503"]
""")

# ------------------------------------------------------------ forced march

MOVERS = _mc.MOVERS

case("6.5-forced-march-nine",
     "6.5, 9.2 a forced march gives 9 MP for 1 SP (reading: 6.5's 1 SP; "
     "27.3's '3' is the MP gained)",
     ["6.5", "9.2", "27.3"], MOVERS,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0502 0602 0502 0602 0502 0602 0502 0602 0502 "
               "forced")],
     expect="""\
  pending: move
  state:
    units: {S1: "0502"}
    sp-spent: {1bf: 1, 1uf: 0}
    flags: {S1: [moved, forced]}
  events: ["The 1bf spends 1 SP on a forced march of S1"]
""")

case("25.2-forced-march-twelve",
     "25.2 (option high-mobility) a high-mobility unit's forced march "
     "gives 12 MP, not 9",
     ["25.2", "6.5", "9.2"], MOVERS,
     "  phase: 1bf-movement\n  options: {high-mobility: \"yes\"}\n",
     answers=[("move", "C1 0802 0803 0804 0805 0806 0807 0806 0805 0804 "
               "0803 0802 0803 forced")],
     expect="""\
  state:
    units: {C1: "0803"}
    sp-spent: {1bf: 1, 1uf: 0}
""")

case("25.2-not-without-the-option",
     "6.5 without option 25 the same unit's forced march gives 9 MP",
     ["6.5", "25.2"], MOVERS,
     "  phase: 1bf-movement\n",
     answers=[("move", "C1 0802 0803 0804 0805 0806 0807 0806 0805 0804 "
               "0803 forced")],
     expect="""\
  refused: "0803 costs more than the 0 MP left (9.0)"
""")

case("6.5-tenth-hex-refused",
     "6.5, 9.2 no tenth clear hex with a forced march",
     ["6.5", "9.2"], MOVERS,
     "  phase: 1bf-movement\n",
     answers=[("move", "S1 0502 0602 0502 0602 0502 0602 0502 0602 0502 "
               "0602 forced")],
     expect="""\
  refused: "0602 costs more than the 0 MP left (9.0)"
""")

case("6.5-forced-doubled",
     "20.3 an exhausted front's forced march costs 2 SP",
     ["6.5", "20.3"], MOVERS,
     "  phase: 1bf-movement\n  exhausted: [1bf]\n",
     answers=[("move", "S1 0502 forced")],
     expect="""\
  state:
    sp-spent: {1bf: 2, 1uf: 0}
""")

case("6.1-no-german-forced-march",
     "6.1 only Soviet units use SP: no forced march for a German",
     ["6.1", "6.5"], BASE,
     "  phase: german-1bf-sector-movement\n",
     answers=[("move", "G1 0805 forced")], draws=["3"],
     expect="""\
  refused: "only Soviet units use SP"
""")

case("6.2-forced-march-cap",
     "6.2 a forced march over the 100 SP cap is refused",
     ["6.2", "6.5"], MOVERS,
     "  phase: 1bf-movement\n  sp-spent: {1bf: 50, 1uf: 50}\n",
     answers=[("move", "S1 0502 forced")],
     expect="""\
  refused: "(6.2: 100 spent, 0 left)"
""")

# ------------------------------------------------------------ Maximum Effort

case("6.7-max-effort",
     "6.7 a Maximum Effort costs 10 SP at the start of the PT: no "
     "movement phase, two combat phases in a row (the combat phase run "
     "in place of movement, then the combat phase)",
     ["6.7", "27.3", "4.0"], BASE.replace(
         "S1 soviet 4-4-6 at 0601", "S1 soviet 4-4-6 at 0604").replace(
         "G1 german 2-2-0 at 0806", "G1 german 2-2-0 at 0705"),
     "  phase: 1bf-reinforcement\n",
     answers=[("max-effort", "yes")],
     expect="""\
  pending: attack
  state:
    phase: 1bf-movement
    sp-spent: {1bf: 10, 1uf: 0}
    max-effort-used: [1bf]
  events: ["The 1bf spends 10 SP on a Maximum Effort",
           "Maximum Effort: no movement phase"]
""")

case("6.7-no-movement",
     "6.7 under a Maximum Effort the movement phase is a combat phase: a "
     "move is not asked for",
     ["6.7"], """\
    S1 soviet 8-8-6 at 0604 1bf corps tank hm ; corps
    G1 german 2-2-0 at 0705 mobile rgt inf ; German 1
""",
     "  phase: 1bf-movement\n  max-effort-now: 1\n",
     answers=[("move", "S1 0603")],
     expect="""\
  refused: "rule 12.0 asks 'attack'"
""")

case("6.7-two-combat-phases",
     "6.7 two combat phases in a row: S1 attacks in the first (assault, "
     "100%: die 5 DA, one German lost, no retreat) and must attack the "
     "German left next to it again in the second (12.0)",
     ["6.7", "12.0", "12.23"], """\
    S1 soviet 8-8-6 at 0604 1bf corps tank hm ; corps
    G1 german 2-2-0 at 0705 mobile rgt inf ; German 1
    G2 german 2-2-0 at 0705 mobile rgt inf ; German 2
""",
     "  phase: 1bf-movement\n  max-effort-now: 1\n",
     answers=[("attack", "0705 S1")], draws=["5"],
     standing={"lose": "default"},
     expect="""\
  pending: attack
  state:
    phase: 1bf-combat
  events: ["Maximum Effort: no movement phase", "die 5: DA"]
""")

case("6.7-once-a-game",
     "6.7 each player declares a Maximum Effort once a game: not asked "
     "again",
     ["6.7"], BASE,
     "  phase: 1bf-reinforcement\n  max-effort-used: [1bf]\n",
     expect="""\
  pending: move
  state:
    phase: 1bf-movement
""")

case("6.7-declined",
     "6.7 declined (the standing answer): the PT has its movement phase",
     ["6.7"], BASE,
     "  phase: 1bf-reinforcement\n",
     answers=[("max-effort", "no")],
     expect="""\
  pending: move
  state:
    phase: 1bf-movement
    sp-spent: {1bf: 0, 1uf: 0}
""")

# ------------------------------------------------------------ 7.1, 8.2

REINF = BASE + """\
    R1 soviet 4-4-6 turn 2 enter edge-1bf-north 1bf div rifle ; reinforcement
"""

case("7.1-not-before-its-date",
     "7.1 not before its date",
     ["7.1"], REINF,
     "  turn: 1\n  phase: 1bf-reinforcement\n",
     answers=[("max-effort", "no")],
     expect="""\
  pending: move
  state:
    units: {R1: waiting}
""")

case("7.1-only-its-entry-hexes",
     "7.1 only the designated map-edge hexes",
     ["7.1"], REINF,
     "  turn: 2\n  phase: 1bf-reinforcement\n",
     answers=[("max-effort", "no"), ("place", "R1 0702")],
     expect="""\
  refused: "0702 is not in R1's set-up zone edge-1bf-north (7.1)"
""")

case("7.1-stacking-limit",
     "7.1, 10.2 not over the stacking limit: no division onto a corps",
     ["7.1", "10.2"], REINF + "    C1 soviet 8-8-6 at 0501 1bf corps tank "
     "hm ; corps\n",
     "  turn: 2\n  phase: 1bf-reinforcement\n",
     answers=[("max-effort", "no"), ("place", "R1 0501")],
     expect="""\
  refused: "R1 may not stand in 0501: the stacking limit, or units of the other side (7.1, 10.0, 10.2)"
""")

ELIM = BASE + """\
    S2 soviet 4-4-6 setup setup-1bf-north 1bf div rifle ; division 2
    C2 soviet 7-7-6 setup setup-1bf-north 1bf corps mech hm ; corps
    U2 soviet 4-4-6 at 0201 1uf div rifle ; 1UF division 2
"""
ELIM_STATE = "  units: {S2: eliminated, C2: eliminated, U2: eliminated}\n"

case("13.0-off-map-returns-from-saved-state",
     "13.0, 7.1 a Soviet unit that retreated off the map returns at its "
     "front's next reinforcement phase also when the game goes on from "
     "a saved position (as a view's order template does): its return is "
     "no date of the order of battle, so it is restored from its flag "
     "(the template once skipped the placement the game then asked for)",
     ["13.0", "7.1"], ELIM,
     "  phase: 1bf-reinforcement\n"
     "  units: {S2: waiting, C2: eliminated, U2: eliminated}\n"
     "  flags: {S2: [offmap-retreat]}\n",
     answers=[("max-effort", "no"), ("replace", "done"),
              ("place", "S2 0501")],
     expect="""\
  pending: move
  state:
    units: {S2: "0501"}
  events: ["S2 enters at 0501"]
""")

case("8.2-replace-division",
     "8.2, 27.3 an eliminated division comes back for 2 SP and enters "
     "as a reinforcement (7.1: the 7.1 placement, in its own zone)",
     ["8.2", "27.3", "7.1", "6.4"], ELIM,
     "  phase: 1bf-reinforcement\n" + ELIM_STATE,
     answers=[("max-effort", "no"), ("replace", "S2"), ("replace", "done"),
              ("place", "S2 0501")],
     expect="""\
  pending: move
  state:
    units: {S2: "0501", C2: eliminated}
    sp-spent: {1bf: 2, 1uf: 0}
  events: ["The 1bf spends 2 SP on replacing S2", "S2 enters at 0501"]
""")

case("8.2-replace-corps",
     "27.3 a tank or mechanized corps costs 4 SP",
     ["8.2", "27.3"], ELIM,
     "  phase: 1bf-reinforcement\n" + ELIM_STATE,
     answers=[("max-effort", "no"), ("replace", "C2"), ("replace", "done"),
              ("place", "auto")],
     expect="""\
  state:
    sp-spent: {1bf: 4, 1uf: 0}
""")

case("8.2-replace-doubled",
     "20.3, 27.3 an exhausted front pays double: a division 4 SP",
     ["8.2", "20.3"], ELIM,
     "  phase: 1bf-reinforcement\n  exhausted: [1bf]\n" + ELIM_STATE,
     answers=[("max-effort", "no"), ("replace", "S2"), ("replace", "done"),
              ("place", "auto")],
     expect="""\
  state:
    sp-spent: {1bf: 4, 1uf: 0}
""")

case("8.2-not-the-other-front",
     "8.2 no replacement into the other front",
     ["8.2"], ELIM,
     "  phase: 1bf-reinforcement\n" + ELIM_STATE,
     answers=[("max-effort", "no"), ("replace", "U2")],
     expect="""\
  refused: "no replacement into the other front"
""")

case("8.2-cap",
     "6.2 a replacement over the cap is refused",
     ["8.2", "6.2"], ELIM,
     "  phase: 1bf-reinforcement\n  sp-spent: {1bf: 48, 1uf: 49}\n" +
     ELIM_STATE,
     answers=[("replace", "C2")],
     expect="""\
  refused: "at most 100 SP (6.2: 97 spent, 3 left)"
""")

# ------------------------------------------------------------ 20.x

EXH = BASE + """\
    E1 soviet 4-4-6 at 0701 1bf div rifle ; division
    E2 soviet 4-4-6 at 0702 1bf div rifle ; division
    E3 soviet 7-7-6 at 0703 1bf corps tank ; corps
    E4 soviet 3-3-6 at 0704 1bf bde tank ; brigade
    V1 soviet 4-4-6 at 0201 1uf div rifle ; 1UF division
    V2 soviet 4-4-6 at 0202 1uf div rifle ; 1UF division
    V3 soviet 4-4-6 at 0203 1uf div rifle ; 1UF division
    V4 soviet 4-4-6 at 0204 1uf div rifle ; 1UF division
"""

case("20.2-exhausted",
     "20.2 2d6 less than the front's corps and divisions eliminated (3: a "
     "brigade does not count): 1 + 1 = 2 is exhausted",
     ["20.2"], EXH,
     "  phase: 1bf-exhaustion\n"
     "  units: {E1: eliminated, E2: eliminated, E3: eliminated, "
     "E4: eliminated}\n",
     draws=["1", "1"],
     expect="""\
  state:
    exhausted: [1bf]
  events: ["1bf exhaustion: 2d6 1 + 1 = 2, less than its 3 corps and divisions eliminated"]
""")

case("20.2-equal-is-not-less",
     "20.2 'less than': 1 + 2 = 3 against 3 eliminated is not exhaustion",
     ["20.2"], EXH,
     "  phase: 1bf-exhaustion\n"
     "  units: {E1: eliminated, E2: eliminated, E3: eliminated}\n",
     draws=["1", "2"],
     expect="""\
  state:
    exhausted: []
""")

case("20.2-own-front",
     "20.2 (reading) the front's own eliminated corps and divisions: the "
     "1UF's four do not count for the 1BF",
     ["20.2"], EXH,
     "  phase: 1bf-exhaustion\n"
     "  units: {V1: eliminated, V2: eliminated, V3: eliminated, "
     "V4: eliminated}\n",
     draws=["1", "1"],
     expect="""\
  state:
    exhausted: []
""")

case("20.3-for-good",
     "20.3 a front once exhausted stays exhausted: no roll",
     ["20.3"], EXH,
     "  phase: 1bf-exhaustion\n  exhausted: [1bf]\n",
     expect="""\
  state:
    exhausted: [1bf]
  events: ["The 1bf is exhausted for good: no roll (20.3)"]
""")

# ------------------------------------------------------------ 7.3, 7.4

case("7.3-draw-seen-by-its-drawer-alone",
     "7.3, GAP.md 2.2 the counter drawn is named to its drawer alone (the "
     "1UF player, who commands the Germans of the 1BF sector); the report "
     "everyone reads says only that a counter was drawn and placed",
     ["7.3", "GAP 2.2"], BASE + POOL,
     "  phase: german-1bf-sector-reinforcement\n  reichstag-blind: 0\n",
     answers=[("place", "P3 0805")], draws=["2", "P3"],
     expect="""\
  state:
    units: {P3: "0805"}
  private:
    1uf: ["P3", "You place P3 face down at 0805"]
  public-never: [P3]
  events: ["The 1uf player places a face-down counter at 0805"]
""")

case("7.4-reichstag-not-an-objective",
     "7.4 the Reichstag belongs to neither sector for this: the 1UF "
     "sector's objectives 0105 and 0202 held, the Reichstag not, is no "
     "draw",
     ["7.4", "5.5"], BASE + POOL,
     "  phase: german-1uf-sector-reinforcement\n  reichstag-blind: 0\n"
     "  control: {\"0105\": 1uf, \"0202\": 1uf}\n",
     expect="""\
  state:
    cup-count: 5
  events: ["The Soviets hold every objective hex of the 1uf sector: no German reinforcement"]
""")


if __name__ == "__main__":
    CASES.main()
