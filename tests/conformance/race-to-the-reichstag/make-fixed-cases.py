#!/usr/bin/env python3
"""make-fixed-cases.py - write the Race to the Reichstag conformance cases
for the German fixed units (16.x), the fog of war (17.x) and the optional
rules (22-26)

    tests/conformance/race-to-the-reichstag/make-fixed-cases.py

The cases play on the test map of make-cases.py (imported from it: 8 x 8,
columns 01-04 the 1UF sector, 05-08 the 1BF sector, the Reichstag 0503 in
both, 0705 a 1BF objective, column 07 city with a road, 0808 a lake, a
river 0603/0604; flat hexes, even columns half a hex lower). The expected
outcomes come from the rules text (RULES.md, the Japanese summary), never
from a run of the code. Edit a case here and run the script; it rewrites
only the .yaml files whose first line says this script wrote them.
"""
import importlib.util
import os

from casegen import HERE, Cases, q

spec = importlib.util.spec_from_file_location(
    "make_cases", os.path.join(HERE, "make-cases.py"))
mc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mc)

# an entry edge for 22.2 (Army Detachment Steiner: the north edge)
MAP_GROUPS = mc.MAP.replace(
    "    regions:\n",
    "    regions:\n      edge-1bf-north: \"0501,0601,0701,0801\"\n")
spec = importlib.util.spec_from_file_location(
    "make_economy_cases", os.path.join(HERE, "make-economy-cases.py"))
econ = importlib.util.module_from_spec(spec)
spec.loader.exec_module(econ)
CASES = Cases("make-fixed-cases.py", mc.MAP)
case = CASES.case

# ------------------------------------------------------------ 17.3 recon

RECON = """\
    R1 soviet 1-1-6 at 0601 1bf rgt recon hm recon ; recon regiment
    S1 soviet 4-4-6 at 0801 1bf div rifle ; another 1BF unit
    G1 german 2-2-0 at 0603 mobile rgt inf ; German mobile, stack bottom
    P2 german 0-2-0 at 0603 fixed bn fixinf paren ; face down, stack
    G3 german 2-2-0 at 0603 mobile rgt inf ; German mobile, stack top
    G4 german 2-2-0 at 0606 mobile rgt inf ; three hexes away
"""
RECON_STATE = ("  phase: 1bf-reinforcement\n  reichstag-blind: 0\n"
               "  stacks: {\"0603\": [G3, P2, G1]}\n"
               "  flags: {P2: [face-down]}\n  placed-by: {P2: 1uf}\n")

case("17.3-recon-stack-examined",
     "17.3 at the start of the 1BF PT its recon unit examines one hex "
     "within 2: the whole stack becomes known to the 1BF player, the "
     "face-down fixed unit there turns face up for all",
     ["17.3", "17.1"], RECON, RECON_STATE,
     answers=[("recon", "0603"), ("max-effort", "no")],
     expect="""\
  pending: move
  state:
    flags: {R1: [recon]}
    known: {1bf: [G1, P2, G3]}
  events: ["R1 reconnoitres 0603",
           "Reconnaissance turns up P2 at 0603",
           "R1 sees at 0603: G3"]
  private:
    1bf: ["R1 sees at 0603: G3"]
  public-never: [G1]
""")

case("17.3-recon-unit-stays",
     "17.3 a unit that reconnoitred may not move in that PT's movement "
     "phase",
     ["17.3"], RECON, RECON_STATE,
     answers=[("recon", "0603"), ("max-effort", "no"), ("move", "R1 0602")],
     expect="""\
  refused: "R1 may not move in this phase (17.3"
""")

case("17.3-recon-within-two",
     "17.3 the hex examined is within 2 hexes of the recon unit",
     ["17.3"], RECON, RECON_STATE,
     answers=[("recon", "0606")],
     expect="""\
  refused: "0606"
""")

case("17.3-recon-none",
     "17.3 the recon is the player's choice: none (the standing answer) "
     "examines nothing and the unit moves",
     ["17.3"], RECON, RECON_STATE,
     answers=[("recon", "none"), ("max-effort", "no"), ("move", "R1 0602")],
     expect="""\
  state:
    units: {R1: "0602"}
    flags: {P2: [face-down]}
    known: {1uf: [P2]}
""")

case("17.3-recon-reichstag-garrison",
     "17.3 the Reichstag hex may be chosen: its face-down garrison is "
     "drawn (undecided until now, 3.4) and turns face up",
     ["17.3", "16.10", "3.4"], mc.POOL +
     "    R1 soviet 1-1-6 at 0501 1bf rgt recon hm recon ; recon\n"
     "    S1 soviet 4-4-6 at 0801 1bf div rifle ; another 1BF unit\n",
     "  phase: 1bf-reinforcement\n  reichstag-blind: 3\n",
     answers=[("recon", "0503")], draws=["P3", "P1", "P5"],
     expect="""\
  state:
    reichstag-blind: 0
    units: {P1: "0503", P3: "0503", P5: "0503"}
    flags: {R1: [recon]}
  events: ["R1 reconnoitres 0503",
           "The Reichstag garrison is revealed: P3",
           "R1 sees at 0503"]
""")

# ---------------------------------------------- 16.8 (1) voluntary flip

FLIP = """\
    S1 soviet 4-4-6 at 0501 1bf div rifle ; division
    G1 german 2-2-0 at 0806 mobile rgt inf ; German mobile
    P4 german 0-1-0 at 0807 fixed other hq paren ; command post
"""
FLIP_STATE = ("  phase: german-1bf-sector-reinforcement\n"
              "  reichstag-blind: 0\n"
              "  flags: {P4: [face-down]}\n  placed-by: {P4: 1uf}\n")

case("16.8-voluntary-flip",
     "16.8 (1) the placing player (1UF, who commands the Germans of the "
     "1BF sector) turns up his command post at the start of his German "
     "PT; face up, it adds 1 to the movement roll at once (16.2)",
     ["16.8", "16.2", "9.3"], FLIP, FLIP_STATE,
     answers=[("flip", "P4")], draws=["3"],
     expect="""\
  pending: move
  state:
    known: {1bf: [P4], 1uf: [P4]}
  events: ["The 1uf player turns up P4 at 0807",
           "German movement in the 1bf sector: 4 MP"]
""")

case("16.8-no-flip",
     "16.8 (1) the standing answer none leaves the command post face "
     "down: it does not add to the roll (16.2: face-up command posts)",
     ["16.8", "16.2"], FLIP, FLIP_STATE,
     answers=[("flip", "none")], draws=["3"],
     expect="""\
  pending: move
  state:
    flags: {P4: [face-down]}
  events: ["German movement in the 1bf sector: 3 MP"]
""")

case("16.8-only-own-counters",
     "16.8 (1) only the player who placed a counter may turn it up",
     ["16.8"], FLIP, FLIP_STATE.replace("placed-by: {P4: 1uf}",
                                        "placed-by: {P4: 1bf}"),
     answers=[("flip", "P4")], draws=["3"],
     expect="""\
  refused: "answer 'flip' given, but rule 9.0 asks 'move'"
""")

# ------------------------------------------ 16.3, 16.7 depot, airfield

DEPOT = """\
    S1 soviet 4-4-6 at 0707 1bf div rifle ; ZOC over 0806, 0807
    D1 german 0-0-0 at 0806 fixed other depot zero ; supply depot
    G3 german 2-2-0 at 0806 mobile rgt inf ; eliminated mobile
    G4 german 2-2-0 at 0201 mobile rgt inf ; eliminated in the 1UF sector
"""
DEPOT_STATE = ("  phase: german-1bf-sector-reinforcement\n"
               "  reichstag-blind: 0\n"
               "  units: {G3: eliminated, G4: eliminated}\n"
               "  eliminated-in: {G3: 1bf, G4: 1uf}\n"
               "  sector: {G3: 1bf, G4: 1uf}\n")

case("16.7-supply-depot",
     "16.7 the supply depot brings back one German mobile unit eliminated "
     "in its sector within 1 hex of it, ignoring enemy ZOC; the depot is "
     "then removed for good",
     ["16.7"], DEPOT, DEPOT_STATE,
     answers=[("depot", "G3 0807")], draws=["3"],
     expect="""\
  state:
    units: {G3: "0807", D1: eliminated}
  events: ["G3 (eliminated mobile) comes back at 0807 by D1",
           "D1 (supply depot) at 0806 is used and removed for good"]
""")

case("16.7-other-sector-dead",
     "16.7 'the other player's' eliminated units (reading: those "
     "eliminated in the depot's sector): a unit eliminated in the other "
     "sector is not brought back",
     ["16.7"], DEPOT, DEPOT_STATE,
     answers=[("depot", "G4 0807")], draws=["3"],
     expect="""\
  refused: "G4 is not one of your units eliminated in this sector"
""")

case("16.7-within-one",
     "16.7 the unit comes back within 1 hex of the depot",
     ["16.7"], DEPOT, DEPOT_STATE,
     answers=[("depot", "G3 0804")], draws=["3"],
     expect="""\
  refused: "0804 is not within 1 hex of D1 (16.7)"
""")

AIR = """\
    S1 soviet 4-4-6 at 0707 1bf div rifle ; ZOC over 0806, 0807
    A1 german 0-0-0 at 0806 fixed other airstrip zero ; emergency airfield
    F2 german 0-1-0 at 0808 fixed bn fixinf paren ; fixed infantry
    F3 german 0-2-0 at 0808 fixed bn fixinf paren ; fixed infantry
    G3 german 2-2-0 at 0808 mobile rgt inf ; a mobile unit
"""
AIR_STATE = ("  phase: german-1bf-sector-reinforcement\n"
             "  reichstag-blind: 0\n"
             "  units: {F2: eliminated, F3: eliminated, G3: eliminated}\n"
             "  eliminated-in: {F2: 1bf, F3: 1bf, G3: 1bf}\n"
             "  sector: {F2: 1bf, F3: 1bf, G3: 1bf}\n")

case("16.3-emergency-airfield",
     "16.3 the emergency airfield brings back 2 fixed infantry eliminated "
     "in its sector within 1 hex of it, then is removed for good",
     ["16.3"], AIR, AIR_STATE,
     answers=[("depot", "F2 0805 F3 0805")], draws=["3"],
     expect="""\
  state:
    units: {F2: "0805", F3: "0805", A1: eliminated}
  events: ["F2 (fixed infantry) comes back at 0805 by A1",
           "F3 (fixed infantry) comes back at 0805 by A1",
           "A1 (emergency airfield) at 0806 is used and removed for good"]
""")

case("16.3-fixed-infantry-only",
     "16.3 the airfield brings back fixed infantry, not mobile units "
     "(16.7 is the depot's)",
     ["16.3"], AIR, AIR_STATE,
     answers=[("depot", "G3 0805")], draws=["3"],
     expect="""\
  refused: "G3 is not one of your units eliminated in this sector that A1 brings back (16.3)"
""")

case("16.3-not-into-ezoc",
     "16.3 reading: the airfield's units are not placed in an enemy ZOC "
     "(only 16.7 says 'ignoring EZOC')",
     ["16.3", "16.7"], AIR, AIR_STATE,
     answers=[("depot", "F2 0807")], draws=["3"],
     expect="""\
  refused: "0807 is in an enemy zone of control (16.3"
""")

case("16.3-placed-on-road-or-airfield",
     "16.3 an emergency airfield is placed only on a road or airfield hex",
     ["16.3"], mc.POOL.replace(
         "P5 german 0-0-0 pool fixed other strategic zero ; pool marker",
         "P5 german 0-0-0 pool fixed other airstrip zero ; pool airfield"),
     "  phase: setup-draw-1uf\n  reichstag-blind: 0\n"
     "  draws: {1bf-player: 0, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P5 0606")], draws=["P5"],
     expect="""\
  refused: "an emergency airfield is placed only on a road or airfield hex (16.3)"
""")

case("16.3-airfield-on-road",
     "16.3 a hex with a road hexside takes the emergency airfield",
     ["16.3"], mc.POOL.replace(
         "P5 german 0-0-0 pool fixed other strategic zero ; pool marker",
         "P5 german 0-0-0 pool fixed other airstrip zero ; pool airfield"),
     "  phase: setup-draw-1uf\n  reichstag-blind: 0\n"
     "  draws: {1bf-player: 0, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P5 0703")], draws=["P5"],
     expect="""\
  state:
    units: {P5: "0703"}
    flags: {P5: [face-down]}
""")

# ---------------------------------------------------------- 16.5 sniper

SNIPER_POOL = mc.POOL + \
    "    N1 german 0-1-0 pool fixed other sniper paren ; sniper\n"

case("16.5-sniper-held",
     "16.5 a sniper drawn may be kept in hand instead of placed at once; "
     "the hand is private (the public report says only that a counter is "
     "kept)",
     ["16.5", "3.5"], SNIPER_POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 0\n"
     "  draws: {1bf-player: 1, 1uf-player: 0}\n",
     answers=[("draw", "draw"), ("place", "N1 hold")], draws=["N1"],
     expect="""\
  state:
    held: {1bf: [N1]}
    flags: {N1: [held]}
  events: ["You keep N1 in hand",
           "The 1bf player keeps a counter in hand"]
  private:
    1bf: ["You keep N1 in hand"]
  public-never: [N1]
""")

SNIPER_LATER = """\
    U1 soviet 4-4-6 at 0204 1uf div rifle ; 1UF division
    G5 german 2-2-0 at 0201 mobile rgt inf ; German of the 1UF sector
""" + SNIPER_POOL
SNIPER_STATE = ("  phase: german-1uf-sector-reinforcement\n"
                "  reichstag-blind: 0\n  sector: {G5: 1uf}\n"
                "  cup: [P1, P2, P3, P4, P5]\n"
                "  held: {1bf: [N1]}\n  flags: {N1: [held]}\n")

case("16.5-sniper-later",
     "16.5 a sniper held in hand is placed in a later German "
     "reinforcement phase, face down, within 4 hexes of a German unit the "
     "player commands, behind the Soviet line too",
     ["16.5", "16.8"], SNIPER_LATER, SNIPER_STATE,
     answers=[("sniper", "0205")], draws=["3", "3"],
     expect="""\
  state:
    units: {N1: "0205"}
    flags: {N1: [face-down]}
    placed-by: {N1: 1bf}
  events: ["You place N1 face down at 0205",
           "The 1bf player places a face-down counter at 0205"]
  private:
    1bf: ["You place N1 face down at 0205"]
  public-never: [N1]
""")

case("16.5-sniper-within-4",
     "16.5 not farther than 4 hexes from a German unit he commands",
     ["16.5"], SNIPER_LATER, SNIPER_STATE,
     answers=[("sniper", "0206")], draws=["3", "3"],
     expect="""\
  refused: "0206 is not within 4 hexes of a German unit (not a sniper) you command in this sector (16.5)"
""")

case("16.5-sniper-hold-default",
     "16.5 the standing answer hold keeps the sniper in hand",
     ["16.5"], SNIPER_LATER, SNIPER_STATE,
     standing=[("sniper", "hold")], draws=["3"],
     expect="""\
  state:
    held: {1bf: [N1]}
""")

# -------------------------------------------------- 22.1 Hitler Fantasy

STEINER = """\
    S1 soviet 4-4-6 at 0505 1bf div rifle ; division
    G1 german 2-2-0 at 0807 mobile rgt inf ; German
    ST1 german 2-2-0 event enter edge-1bf-north mobile rgt pzgr hm steiner ; Steiner
"""

case("22.1-group-enters",
     "22.1 from GT 2, at the start of the German PT of the 1BF sector a "
     "roll below the GT brings Army Detachment Steiner (22.2) in at the "
     "north edge; reading: commanded by the 1UF player, who commands the "
     "Germans of that sector",
     ["22.1", "22.2", "22.5"], STEINER,
     "  phase: german-1bf-sector-reinforcement\n  turn: 3\n"
     "  reichstag-blind: 0\n",
     answers=[("enter", "0601")], draws=["2", "4"],
     options={"hitler-fantasy": "yes"}, map_=MAP_GROUPS,
     expect="""\
  state:
    units: {ST1: "0601"}
    sector: {ST1: 1bf}
  events: ["Hitler Fantasy (1bf sector): 2, less than GT 3: the group enters",
           "Army Detachment Steiner enters in the 1bf sector, commanded by the 1uf player",
           "ST1 (Steiner) enters at 0601",
           "German movement in the 1bf sector: 4 MP"]
""")

case("22.1-auto-placement-policy",
     "22.1 (umpire-orders(5), PLACEMENT POLICY) enter: auto places the "
     "group's unit as place: auto does: the Soviet U1 bars 0408, the "
     "one entry hex of the 1UF sector's south edge off the map's "
     "corners; of the corner hexes left, 0108 and 0308 each hold a "
     "German of the 1BF player's already, so XX1 goes to 0208, the one "
     "without (not 0108, the first free hex in hex order)",
     ["22.1", "22.3"], """\
    U1 soviet 4-4-6 at 0408 1uf div rifle ; division
    G1 german 2-2-0 at 0108 mobile rgt inf ; German
    G2 german 2-2-0 at 0308 mobile rgt inf ; German
    XX1 german 2-2-0 event enter edge-1uf-south mobile rgt inf xx ; XX Corps
""",
     "  phase: german-1uf-sector-reinforcement\n  turn: 3\n"
     "  reichstag-blind: 0\n",
     standing=[("enter", "auto")], draws=["2", "4"],
     options={"hitler-fantasy": "yes"},
     map_=MAP_GROUPS.replace(
         "    regions:\n",
         "    regions:\n      edge-1uf-south: \"0108,0208,0308,0408\"\n"),
     expect="""\
  state:
    units: {XX1: "0208"}
  events: ["XX Corps enters in the 1uf sector, commanded by the 1bf player",
           "Standing order: enter: auto",
           "XX1 (XX Corps) enters at 0208"]
""")

case("22.1-six-never",
     "22.1 a 6 never brings the group in, whatever the GT",
     ["22.1"], STEINER,
     "  phase: german-1bf-sector-reinforcement\n  turn: 9\n"
     "  reichstag-blind: 0\n",
     draws=["6", "4"], options={"hitler-fantasy": "yes"}, map_=MAP_GROUPS,
     expect="""\
  state:
    units: {ST1: waiting}
  events: ["Hitler Fantasy (1bf sector): 6, not less than GT 9 (a 6 never brings it): no group",
           "German movement in the 1bf sector: 4 MP"]
""")

case("22.1-not-turn-1",
     "22.1 no roll on GT 1 (from GT 2 on): the first die is the movement "
     "roll",
     ["22.1"], STEINER,
     "  phase: german-1bf-sector-reinforcement\n  turn: 1\n"
     "  reichstag-blind: 0\n",
     draws=["2"], options={"hitler-fantasy": "yes"}, map_=MAP_GROUPS,
     expect="""\
  state:
    units: {ST1: waiting}
  events: ["German movement in the 1bf sector: 2 MP"]
""")

case("22.1-option-off",
     "22.0 without the Hitler Fantasy option there is no roll and the "
     "group stays out (3.14): the first die is the movement roll",
     ["22.1", "3.14"], STEINER,
     "  phase: german-1bf-sector-reinforcement\n  turn: 3\n"
     "  reichstag-blind: 0\n",
     draws=["2"], map_=MAP_GROUPS,
     expect="""\
  state:
    units: {ST1: waiting}
  events: ["German movement in the 1bf sector: 2 MP"]
""")

# ----------------------------------------------- 25.3 high mobility

HM = """\
    S8 soviet 8-8-6 at 0801 1bf corps rifle ; not high mobility
    T8 soviet 8-8-6 at 0701 1bf corps tank hm ; high mobility
    G1 german 1-1-0 at 0802 mobile bn inf ; defender
"""

case("25.3-high-mobility-only",
     "25.3 with the option, only high-mobility units advance 2 or 3 "
     "hexes: 8 against 1 = 800%, die 6: OR (advance up to 3), the rifle "
     "corps may not go beyond the vacated hex",
     ["25.3", "14.0", "12.23"], HM.replace(
         "    T8 soviet 8-8-6 at 0701 1bf corps tank hm ; high mobility\n",
         ""),
     "  phase: 1bf-combat\n  turn: 2\n  reichstag-blind: 0\n",
     answers=[("attack", "0802 S8"), ("advance", "S8 0802 0803")],
     draws=["6"], options={"high-mobility": "yes"},
     expect="""\
  refused: "S8 is not a high-mobility unit and advances 1 hex only (25.3)"
""")

case("25.3-high-mobility-advances-3",
     "25.3 with the option a high-mobility unit advances the full 3 "
     "hexes of an OR",
     ["25.3", "14.0"], HM.replace("S8 soviet 8-8-6 at 0801",
                                  "S8 soviet 8-8-6 at 0601").replace(
         "T8 soviet 8-8-6 at 0701", "T8 soviet 8-8-6 at 0801"),
     "  phase: 1bf-combat\n  turn: 2\n  reichstag-blind: 0\n",
     answers=[("attack", "0802 T8"), ("advance", "T8 0802 0803 0804")],
     draws=["6"], options={"high-mobility": "yes"},
     expect="""\
  state:
    units: {T8: "0804", G1: eliminated}
""")

case("25.3-option-off",
     "25.0 without the option any mobile unit advances the 3 hexes of an "
     "OR (14.0)",
     ["25.3", "14.0"], HM.replace(
         "    T8 soviet 8-8-6 at 0701 1bf corps tank hm ; high mobility\n",
         ""),
     "  phase: 1bf-combat\n  turn: 2\n  reichstag-blind: 0\n",
     answers=[("attack", "0802 S8"), ("advance", "S8 0802 0803 0804")],
     draws=["6"],
     expect="""\
  state:
    units: {S8: "0804", G1: eliminated}
""")

# ------------------------------------- 23.2 Prepared Defence, S-Bahn

MAP_SBAHN = mc.MAP.replace(
    "    zoc: {to-zoc:",
    "    features:\n      sbahn: {defence: {german: 200, soviet: 100}, "
    "crt: {german: assault}}\n    zoc: {to-zoc:").replace(
    "      0808 lake\n",
    "      0808 lake\n      0806 clear sbahn\n      0807 clear sbahn\n")
SBAHN = """\
    S1 soviet 4-4-6 at 0706 1bf div rifle ; ZOC over 0805, 0806
    G1 german 2-2-0 at 0807 mobile rgt inf ; on the S-Bahn
"""

case("23.2-no-soviet-zoc-into-sbahn",
     "23.2 with Prepared Defence no Soviet ZOC extends into S-Bahn hexes: "
     "a German moves through 0806 next to a Soviet unit and on",
     ["23.2", "11.4"], SBAHN,
     "  phase: german-1bf-sector-movement\n  turn: 2\n"
     "  reichstag-blind: 0\n",
     answers=[("move", "G1 0806 0805")], draws=["2"],
     options={"prepared-defence": "yes"}, map_=MAP_SBAHN,
     expect="""\
  state:
    units: {G1: "0805"}
""")

case("23.2-option-off",
     "23.0 without Prepared Defence the S-Bahn hex next to a Soviet unit "
     "is in its ZOC: the German stops there (11.4)",
     ["23.2", "11.4"], SBAHN,
     "  phase: german-1bf-sector-movement\n  turn: 2\n"
     "  reichstag-blind: 0\n",
     answers=[("move", "G1 0806 0805")], draws=["2"], map_=MAP_SBAHN,
     expect="""\
  refused: "0806 is in an enemy zone of control: G1 stops there (11.4)"
""")

# ------------------------------- 24.5 forced march needs a line (LOC)

FORCED = """\
    S1 soviet 4-4-6 at 0602 1bf div rifle ; next to the north edge
"""
FORCED_MOVE = ("move", "S1 0502 0602 0502 0602 0502 0602 0502 0602 0502 "
               "forced")

case("24.5-forced-march-with-loc",
     "24.5 with the LOC option a forced march may begin in a hex that "
     "traces a line to the front's edge (0602 is next to the north edge "
     "0601): 9 MP (6.5)",
     ["24.5", "24.1", "6.5"], FORCED,
     "  phase: 1bf-movement\n  reichstag-blind: 0\n",
     answers=[FORCED_MOVE], options={"lines-of-communication": "yes"},
     map_=MAP_GROUPS,
     expect="""\
  state:
    units: {S1: "0502"}
    sp-spent: {1bf: 1, 1uf: 0}
""")

case("24.5-forced-march-without-loc",
     "24.5 with the LOC option no forced march begins in a hex that "
     "traces no line (this map gives the 1BF no edge at all)",
     ["24.5", "24.1"], FORCED,
     "  phase: 1bf-movement\n  reichstag-blind: 0\n",
     answers=[FORCED_MOVE], options={"lines-of-communication": "yes"},
     expect="""\
  refused: "S1 traces no line of communication from its hex: no forced march (24.5)"
""")

case("24.5-option-off",
     "24.0 without the option the same forced march needs no line",
     ["24.5", "6.5"], FORCED,
     "  phase: 1bf-movement\n  reichstag-blind: 0\n",
     answers=[FORCED_MOVE],
     expect="""\
  state:
    units: {S1: "0502"}
    sp-spent: {1bf: 1, 1uf: 0}
""")

# -------------------------- 24.5 replacement entry next to a unit (LOC)
# 24.5: besides 7.1, a Soviet replacement may be placed within 1 hex of a
# unit of its front, in a hex free of enemy units and enemy ZOC that
# traces a line of communication. A1 stands at 0606; 0605 is next to it
# and (MAP_GROUPS) traces a line north to 0601 around the river.

REPL = """\
    A1 soviet 8-8-6 at 0606 1bf corps tank hm ; a unit of the front
    S2 soviet 4-4-6 setup setup-1bf-north 1bf div rifle ; division 2
    U1 soviet 4-4-6 at 0301 1uf div rifle ; 1UF division
    G1 german 2-2-0 at 0201 mobile rgt inf ; German far away
"""
REPL_STATE = ("  phase: 1bf-reinforcement\n  reichstag-blind: 0\n"
              "  units: {S2: eliminated}\n")
LOC = {"lines-of-communication": "yes"}
REPL_REFUSED = ("nor, for a replacement, within 1 hex of a unit of its "
                "front, free of enemy units and ZOC, tracing a line of "
                "communication (24.5)")


def repl_answers(hex_):
    return [("max-effort", "no"), ("replace", "S2"),
            ("place", "S2 " + hex_)]


case("24.5-replacement-next-to-unit",
     "24.5 with the LOC option a replacement enters next to a unit of its "
     "front (0605, by A1 at 0606), free of enemies and their ZOC, with a "
     "line of communication",
     ["24.5", "8.2", "7.1"], REPL, REPL_STATE,
     answers=repl_answers("0605"), options=LOC, map_=MAP_GROUPS,
     expect="""\
  pending: move
  state:
    units: {S2: "0605", A1: "0606"}
    sp-spent: {1bf: 2, 1uf: 0}
  events: ["The 1bf spends 2 SP on replacing S2", "S2 enters at 0605"]
""")

case("24.5-replacement-option-off",
     "7.1, 24.0 without the option a replacement enters only at its 7.1 "
     "hexes",
     ["24.5", "7.1"], REPL, REPL_STATE,
     answers=repl_answers("0605"), map_=MAP_GROUPS,
     expect="""\
  refused: "0605 is not in S2's set-up zone setup-1bf-north (7.1)"
""")

case("24.5-replacement-not-next-to-unit",
     "24.5 not two hexes from the nearest unit of its front (0604)",
     ["24.5"], REPL, REPL_STATE,
     answers=repl_answers("0604"), options=LOC, map_=MAP_GROUPS,
     expect="""\
  refused: "0604 is not in S2's set-up zone setup-1bf-north (7.1) %s"
""" % REPL_REFUSED)

case("24.5-replacement-not-in-ezoc",
     "24.5 not into an enemy ZOC (G1 at 0705 is next to 0605)",
     ["24.5", "11.0"], REPL.replace("G1 german 2-2-0 at 0201",
                                    "G1 german 2-2-0 at 0705"),
     REPL_STATE, answers=repl_answers("0605"), options=LOC,
     map_=MAP_GROUPS,
     expect="""\
  refused: "0605 is not in S2's set-up zone setup-1bf-north (7.1) %s"
""" % REPL_REFUSED)

case("24.5-replacement-needs-loc",
     "24.5 not into a hex that traces no line of communication (this map "
     "gives the 1BF no edge at all)",
     ["24.5", "24.1"], REPL, REPL_STATE,
     answers=repl_answers("0605"), options=LOC,
     expect="""\
  refused: "0605 is not in S2's set-up zone setup-1bf-north (7.1) %s"
""" % REPL_REFUSED)

case("24.5-replacement-not-other-units",
     "24.5 only a replacement: a reinforcement due this GT enters at its "
     "7.1 hexes alone",
     ["24.5", "7.1"], REPL + "    R1 soviet 4-4-6 turn 1 enter "
     "edge-1bf-north 1bf div rifle ; reinforcement\n",
     "  phase: 1bf-reinforcement\n  reichstag-blind: 0\n",
     answers=[("max-effort", "no"), ("place", "R1 0605")], options=LOC,
     map_=MAP_GROUPS,
     expect="""\
  refused: "0605 is not in R1's set-up zone edge-1bf-north (7.1)"
""")

case("24.5-auto-prefers-7.1",
     "24.5 reading: auto places a replacement at the first legal 7.1 hex "
     "(0501 holds a corps: 0601) before a 24.5 hex (0502 comes first in "
     "hex order)",
     ["24.5", "7.1", "10.2"], REPL.replace("A1 soviet 8-8-6 at 0606",
                                           "A1 soviet 8-8-6 at 0501"),
     REPL_STATE,
     answers=[("max-effort", "no"), ("replace", "S2"),
              ("place", "auto")], options=LOC, map_=MAP_GROUPS,
     expect="""\
  state:
    units: {S2: "0601", A1: "0501"}
""")

# ------------------------------------------------------------ 22.5 Me-262

ME = """\
    S1 soviet 4-4-6 at 0602 1bf div rifle ; the Soviet attacked
    G1 german 3-3-0 at 0601 mobile rgt pzgr ; the German attacker
"""
ME_STATE = ("  phase: german-1bf-sector-combat\n  turn: 3\n"
            "  reichstag-blind: 0\n  groups: {steiner: 2}\n"
            "  markers-oob: |\n    ME1 me262 steiner event\n")

case("22.5-me262-doubles-attack",
     "22.5 once Steiner has entered, its commander (the 1UF player, who "
     "commands the Germans of the 1BF sector) places the Me-262 at the "
     "start of a German combat phase: German attacks in its zone are "
     "doubled, 3 x 2 = 6 against 4 = 150%",
     ["22.5", "22.1", "12.2"], ME, ME_STATE,
     answers=[("me262", "0601"), ("attack", "0602 G1")],
     draws=["3", "3", "3"], options={"hitler-fantasy": "yes"},
     standing=[("retreat", "auto"), ("advance", "no")],
     expect="""\
  events: ["The 1uf player places the Me-262 marker ME1 at 0601",
           "6 against 4 = 150%",
           "The Me-262 marker leaves the map"]
""")

case("22.5-me262-once-a-game",
     "22.5 (5) each Me-262 is used once a game: used on GT 2, it is not "
     "offered again, and the attack is not doubled (3 against 4 = 75%)",
     ["22.5"], ME, ME_STATE + "  markers-used: {ME1: 2}\n",
     answers=[("attack", "0602 G1")],
     draws=["3", "3", "3"], options={"hitler-fantasy": "yes"},
     expect="""\
  events: ["3 against 4 = 75%"]
""")

case("22.5-option-off",
     "22.0 without Hitler Fantasy there is no Me-262: 3 against 4 = 75%",
     ["22.5"], ME, ME_STATE,
     answers=[("attack", "0602 G1")], draws=["3", "3", "3"],
     expect="""\
  events: ["3 against 4 = 75%"]
""")

# ---------------------------------------------------- 26.1 escape west

WEST = """\
    U1 soviet 4-4-6 at 0408 1uf div rifle ; 1UF division far away
    G5 german 2-2-0 at 0203 mobile rgt inf ; German of the 1UF sector
"""
WEST_STATE = ("  phase: german-1uf-sector-movement\n  turn: 5\n"
              "  reichstag-blind: 0\n  fuehrerbunker-captured: yes\n")

case("26.1-escape-west",
     "26.1 once the Fuehrerbunker is captured a German mobile unit leaves "
     "by the west edge (1 MP: 0103 costs 1, leaving 1 of the 2 rolled); "
     "it never returns and scores nobody VP",
     ["26.1", "21.2"], WEST, WEST_STATE,
     answers=[("move", "G5 0103 west")], draws=["2"],
     options={"escape-west": "yes"},
     expect="""\
  state:
    units: {G5: eliminated}
    flags: {G5: [moved, escaped]}
  events: ["G5 (German of the 1UF sector) leaves by the west edge at 0103"]
""")

case("26.1-one-mp-to-leave",
     "26.1 leaving costs 1 MP: with a roll of 1, the hex 0103 and the exit "
     "do not both fit",
     ["26.1", "9.3"], WEST, WEST_STATE,
     answers=[("move", "G5 0103 west")], draws=["1"],
     options={"escape-west": "yes"},
     expect="""\
  refused: "0103 costs more than the 0 MP left"
""")

case("26.1-not-before-fuehrerbunker",
     "26.1 not before the Fuehrerbunker is captured",
     ["26.1"], WEST, WEST_STATE.replace("fuehrerbunker-captured: yes",
                                        "fuehrerbunker-captured: no"),
     answers=[("move", "G5 0103 west")], draws=["2"],
     options={"escape-west": "yes"},
     expect="""\
  refused: "German units leave by the west edge only once the Fuehrerbunker is captured (26.1)"
""")

case("26.1-option-off",
     "26.0 without the option no unit leaves the map (9.0)",
     ["26.1", "9.0"], WEST, WEST_STATE,
     answers=[("move", "G5 0103 west")], draws=["2"],
     expect="""\
  refused: "without the escape-west option"
""")

case("26.1-fuehrerbunker-captured",
     "16.6, 21.2, 26.1 the Fuehrerbunker marker captured (its hex attacked "
     "and entered by the advance): 24 against 2 = 1200% on the assault "
     "table (objective hex, 12.21), die 5: DE",
     ["26.1", "21.2", "16.6"], """\
    S8 soviet 8-8-6 at 0704 1bf corps tank hm ; attacker
    S7 soviet 8-8-6 at 0706 1bf corps mech hm ; attacker
    S6 soviet 8-8-6 at 0805 1bf corps tank hm ; attacker
    G1 german 1-1-0 at 0705 mobile bn inf ; defender
    SM german 0-0-0 at 0705 fixed other strategic zero ; Fuehrerbunker
""", "  phase: 1bf-combat\n  turn: 5\n  reichstag-blind: 0\n",
     answers=[("attack", "0705 S8 S7 S6"), ("advance", "S8 0705")],
     draws=["5"], options={"escape-west": "yes"},
     expect="""\
  state:
    units: {G1: eliminated, SM: eliminated, S8: "0705"}
    fuehrerbunker-captured: "yes"
  events: ["1bf captures the strategic marker SM at 0705",
           "The Fuehrerbunker is captured: German mobile units may now leave by the west edge"]
""")

# ------------------------------------------- 23.3 half-price replacements

case("23.3-half-price-replacement",
     "23.3 (printed 23.2) with Prepared Defence a replacement costs half: "
     "a division 1 SP, not 2 (27.3)",
     ["23.3", "8.2", "27.3"], econ.ELIM,
     "  phase: 1bf-reinforcement\n" + econ.ELIM_STATE,
     answers=[("max-effort", "no"), ("replace", "S2"), ("replace", "done"),
              ("place", "auto")],
     options={"prepared-defence": "yes"}, map_=econ.MAP,
     expect="""\
  state:
    sp-spent: {1bf: 1, 1uf: 0}
""")

case("23.3-exhausted-pays-normal",
     "23.3 an exhausted front pays the normal value: a corps 4 SP (not 8, "
     "20.3)",
     ["23.3", "20.3"], econ.ELIM,
     "  phase: 1bf-reinforcement\n  exhausted: [1bf]\n" + econ.ELIM_STATE,
     answers=[("max-effort", "no"), ("replace", "C2"), ("replace", "done"),
              ("place", "auto")],
     options={"prepared-defence": "yes"}, map_=econ.MAP,
     expect="""\
  state:
    sp-spent: {1bf: 4, 1uf: 0}
""")

# --------------------------------------- 23.1 Prepared Defence set-up

GROUPS = """\
    S1 soviet 4-4-6 at 0801 1bf div rifle ; division
    U1 soviet 4-4-6 at 0308 1uf div rifle ; 1UF division
    XX1 german 2-2-0 event enter edge-1bf-north mobile rgt inf xx ; XX Corps
    ST1 german 2-2-0 event enter edge-1bf-north mobile rgt pzgr hm steiner ; Steiner
"""

case("23.1-groups-set-up",
     "23.1 (1), (2) with Prepared Defence the 1BF player sets XX Corps up "
     "in the 1UF sector and the 1UF player Steiner in the 1BF sector, in "
     "their German set-up zones",
     ["23.1", "3.14"], GROUPS, "  phase: setup-optional\n"
     "  reichstag-blind: 0\n",
     answers=[("place", "XX1 0203"), ("place", "ST1 0606")],
     options={"prepared-defence": "yes"}, map_=MAP_GROUPS,
     expect="""\
  state:
    units: {XX1: "0203", ST1: "0606"}
    sector: {XX1: 1uf, ST1: 1bf}
  events: ["XX1 sets up at 0203", "ST1 sets up at 0606",
           "XX Corps and Army Detachment Steiner are set up (23.1)"]
""")

case("23.1-xx-in-the-1uf-sector",
     "23.1 (1) XX Corps goes in the 1UF sector, not the 1BF sector",
     ["23.1"], GROUPS, "  phase: setup-optional\n  reichstag-blind: 0\n",
     answers=[("place", "XX1 0606")],
     options={"prepared-defence": "yes"}, map_=MAP_GROUPS,
     expect="""\
  refused: "0606 is not in XX1's set-up zone"
""")

case("23.1-option-off",
     "3.14 without Prepared Defence (or Hitler Fantasy) the groups stay "
     "out of play",
     ["23.1", "3.14"], GROUPS, "  phase: setup-optional\n"
     "  reichstag-blind: 0\n", map_=MAP_GROUPS,
     expect="""\
  state:
    units: {XX1: waiting, ST1: waiting}
  events: ["XX Corps and Army Detachment Steiner stay out of play"]
""")

HQ_POOL = mc.POOL + """\
    H1 german 0-1-0 pool fixed other hq paren pd-1bf ; West command post
    H2 german 0-1-0 pool fixed other hq paren pd-1uf ; Ost command post
"""

case("23.1-command-posts-apart",
     "23.1 (3) with Prepared Defence the 1BF player sets up his command "
     "post (H1) in the 1UF sector face down besides his draw, which it "
     "does not count in; the 1UF player's (H2) is his; neither is drawn",
     ["23.1", "3.5", "16.8"], HQ_POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 0\n"
     "  draws: {1bf-player: 1, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "H1 0102"), ("place", "P2 0103")],
     draws=["P2"], options={"prepared-defence": "yes"},
     expect="""\
  state:
    units: {H1: "0102", P2: "0103"}
    flags: {H1: [face-down], P2: [face-down]}
    held: {1bf: [], 1uf: [H2]}
    cup-count: 4
  public-never: [H1, H2, P2]
""")

case("23.1-command-posts-option-off",
     "23.1 (3) without the option the command posts stay in the pool",
     ["23.1", "3.3"], HQ_POOL,
     "  phase: setup-draw-1bf\n  reichstag-blind: 0\n"
     "  draws: {1bf-player: 1, 1uf-player: 1}\n",
     answers=[("draw", "draw"), ("place", "P2 0103")], draws=["P2"],
     expect="""\
  state:
    units: {P2: "0103"}
    cup-count: 6
""")


if __name__ == "__main__":
    CASES.main()
