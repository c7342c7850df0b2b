"""
make-combat-cases.py - writes the combat conformance cases of Race to the
Reichstag (12.x-14.x, 18.x, 19.x, 27.x; the rcombat branch) into this
folder: one small position each on an 8 x 8 test map with the TEC's rows,
forced dice, the answers and the outcome the rule text gives. The YAML
files are what conform runs; this script only keeps their common map in
one place. usage: python3 make-combat-cases.py [DIR] (default: beside it)

Test map: flat, even columns lower; columns 1-4 are the 1BF sector,
5-8 the 1UF sector, with boundary hexsides between them except at the
Reichstag 0505 (in both sectors, 5.5); 0304 has rivers on its north and
south hexsides; 0106-0107 is a river with an intact bridge; 0207 is an
objective hex (so-1bf) behind a river on its north; 0203 is city; 0706
is S-Bahn; 0707 an objective of the 1UF sector.
"""
import os, sys
from casegen import HEXSIDES, TERRAIN
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
MAP = '''position:
  map:
''' + TERRAIN + HEXSIDES + '''\
    features:
      sbahn: {defence: {german: 200, soviet: 100}, crt: {german: assault}}
      flak-tower: {}
    zoc: {to-zoc: "no", leave: 0}
    regions:
      sector-1bf: "0101-0108,0201-0208,0301-0308,0401-0408,0505"
      sector-1uf: "0501-0508,0601-0608,0701-0708,0801-0808"
      reichstag: "0505"
      so-1bf: "0207"
      so-1uf: "0707"
    hexes: |
      0203 city
      0207 objective
      0707 objective
      0505 reichstag
      0602 clear flak-tower
      0706 clear sbahn
    sides: |
      0303 0304 river spree
      0304 0305 river spree
      0106 0107 river bridge spree
      0206 0207 river spree
      0404 0504 boundary
      0404 0505 boundary
      0405 0505 boundary
'''
# full boundary between columns 4 and 5, except at the Reichstag 0505 (in both sectors)
def nb(h):
    c, r = int(h[:2]), int(h[2:])
    d = [(0,-1),(1,-1),(1,0),(0,1),(-1,0),(-1,-1)] if c % 2 else [(0,-1),(1,0),(1,1),(0,1),(-1,1),(-1,0)]
    return ["%02d%02d" % (c+a, r+b) for a, b in d if 1 <= c+a <= 8 and 1 <= r+b <= 8]
bd = []
for r in range(1, 9):
    h = "04%02d" % r
    for n in nb(h):
        if n.startswith("05") and n != "0505" and h != "0505":
            bd.append("      %s %s boundary" % (h, n))
MAP = MAP.replace("      0404 0504 boundary\n      0404 0505 boundary\n      0405 0505 boundary\n", "\n".join(bd) + "\n")
cases = []
def case(name, title, rules, oob, phase, draws, answers, expect, extra="", standing=None, refused=None, options=None):
    cases.append((name, title, rules, oob, phase, draws, answers, expect, extra, standing, refused, options))

def y(v):
    return '"%s"' % v

# ---- 12.2, 27.1 ----
case("12.2-dr-advance", "12.2, 27.1 DR: 4 + 3 against 3 in clear is 233%; die 4 on the mobile table: DR; the defender retreats 1 (to 0404, its one legal hex: not asked), the attacker advances into the vacated hex",
     ["12.2", "27.1", "12.23", "13.0", "14.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0402 1bf div rifle", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0403 S4 S3 mobile"), ("advance", "S4 0403")],
     {"units": {"S4": "0403", "S3": "0402", "G3": "0404"}, "events": ["7 against 3 = 233%, mobile table", "Column 200, die 4: DR", "G3 retreats from 0403 to 0404", "S4 advances from 0303 to 0403"]})
case("12.14-barrage-once", "12.14: a defender in the zone of two barrage markers of the attacker: the attack is doubled once (4 -> 8, not 16): 8 / 3 = 266%",
     ["12.14", "15.4", "12.2"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0403 S4")],
     {"units": {"G3": "0404", "S4": "0303"}, "events": ["Attackers S4 4x2: 8 against 3 = 266%", "die 4: DR"]},
     extra="  markers-oob: |\n    A1BF1 artillery 1bf off\n    A1BF2 artillery 1bf off\n  barrage: {A1BF1: \"0403\", A1BF2: \"0404\"}\n", standing={"retreat": "auto", "advance": "no"})
case("12.15-flak-defence", "12.15, 16.4: a German mobile unit 2 hexes from a face-up flak tower in its sector defends doubled: 4 against 6 = 66%",
     ["12.15", "16.4", "12.2"],
     ["FT german 6-6-0 at 0602 fixed other flak", "G3 german 3-3-0 at 0604 mobile rgt pzgr", "S4 soviet 4-4-6 at 0605 1uf corps tank hm"],
     "1uf-combat", ["5"], [("attack", "0604 S4")],
     {"units": {"G3": "0603", "S4": "0605", "FT": "0602"}, "events": ["G3 3x2", "4 against 6 = 66%", "die 5: DR"]},
     standing={"retreat": "auto", "advance": "no"})
case("12.18-river-doubles", "12.18: the only attacker attacks across the river: the defender is doubled, 4 against 6 = 66%",
     ["12.18", "12.2"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0304 mobile rgt pzgr"],
     "1bf-combat", ["5"], [("attack", "0304 S4")],
     {"units": {"G3": "0404"}, "events": ["G3 3x2", "4 against 6 = 66%", "die 5: DR"]},
     standing={"retreat": "auto", "advance": "no"})
case("12.18-not-all-across", "12.18: one attacker across the river, one not: no hexside benefit, 7 against 3 = 233%",
     ["12.18", "12.2"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0403 1bf div rifle", "G3 german 3-3-0 at 0304 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0304 S4 S3")],
     {"units": {"G3": "0305"}, "events": ["7 against 3 = 233%", "die 4: DR", "G3 retreats from 0304 to 0305"]},
     standing={"retreat": "auto", "advance": "no"})
case("12.19-not-cumulative", "12.19, 12.21: an objective hex behind a river is x2, not x4 (4 against 6 = 66%), and the assault table is forced though mobile was named: die 6, DA",
     ["12.19", "12.21", "27.2", "12.23"],
     ["S4 soviet 4-4-6 at 0206 1bf corps tank hm", "G3 german 3-3-0 at 0207 mobile rgt pzgr"],
     "1bf-combat", ["6"], [("attack", "0207 S4 mobile")],
     {"units": {"G3": "eliminated", "S4": "0206"}, "events": ["G3 3x2", "4 against 6 = 66%, assault table (12.21)", "Column 50, die 6: DA", "G3 is eliminated at 0207 (the strongest unit)"]})
case("12.20-triple-cap", "12.20: a German mobile unit in an objective hex next to a flak tower: terrain x2 and flak x2 make x3, not x4 (3 -> 9); the barrage doubles the attack: 8 against 9 = 88%",
     ["12.20", "12.15", "12.19", "12.14"],
     ["FT german 6-6-0 at 0208 fixed other flak", "G3 german 3-3-0 at 0207 mobile rgt pzgr", "S4 soviet 4-4-6 at 0206 1bf corps tank hm"],
     "1bf-combat", ["6"], [("attack", "0207 S4")],
     {"units": {"G3": "eliminated"}, "events": ["G3 3x3", "8 against 9 = 88%, assault table (12.21)", "die 6: DA"]},
     extra="  markers-oob: |\n    A1BF1 artillery 1bf off\n  barrage: {A1BF1: \"0207\"}\n")
case("12.21-city-assault", "12.21: a German in a city hex: the assault table although mobile was named; 4 against 3 = 133%, die 1: AD, the lone attacker is half the force and is eliminated",
     ["12.21", "27.2", "12.23"],
     ["S4 soviet 4-4-6 at 0103 1bf corps tank hm", "G3 german 3-3-0 at 0203 mobile rgt pzgr"],
     "1bf-combat", ["1"], [("attack", "0203 S4 mobile")],
     {"units": {"S4": "eliminated", "G3": "0203"}, "events": ["4 against 3 = 133%, assault table (12.21)", "Column 100, die 1: AD", "S4 is eliminated at 0103 (half the printed strength)"]},
     standing={"advance": "no"})
case("12.21-free-choice", "12.21: in clear terrain the attacker may choose the assault table: 233%, die 6 is DA there (DP on the mobile table)",
     ["12.21", "27.2"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0402 1bf div rifle", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["6"], [("attack", "0403 S4 S3 assault")],
     {"units": {"G3": "eliminated"}, "events": ["7 against 3 = 233%, assault table.", "Column 200, die 6: DA"]})
case("12.12-parenthesized-refused", "12.12: a parenthesized unit does not attack, even in an enemy ZOC",
     ["12.12"],
     ["GP german 0-2-0 at 0403 fixed other fixinf paren", "S4 soviet 4-4-6 at 0303 1bf corps tank hm"],
     "german-1bf-sector-combat", [], [("attack", "0303 GP")],
     None, refused="parenthesized")
case("12.10-stack-together", "12.10: the units of one hex attack as one force: naming only one of them is refused",
     ["12.10"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "E2 soviet 2-2-6 at 0303 1bf bde eng engineer", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", [], [("attack", "0403 S4")],
     None, refused="name E2 too (12.10)")
case("12.0-must-attack", "12.0: a Soviet unit in an enemy ZOC must attack: done is refused",
     ["12.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", [], [("attack", "done")],
     None, refused="must attack (12.0)")
case("12.0-germans-must-attack", "12.0 (reading; 11.0(2) says Germans in an objective hex 'need not attack', so elsewhere they must): in a German combat phase done is refused while a German is in a Soviet ZOC",
     ["12.0", "11.0", "4.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "german-1bf-sector-combat", [], [("attack", "done")],
     None, refused="must attack (12.0)")
case("11.0-objective-no-duty", "11.0(2): no Soviet ZOC extends into an objective hex, so the German there need not attack: done is accepted",
     ["11.0", "12.0"],
     ["S4 soviet 4-4-6 at 0206 1bf corps tank hm", "G3 german 3-3-0 at 0207 mobile rgt pzgr"],
     "german-1bf-sector-combat", [], [("attack", "done")],
     {"units": {"G3": "0207", "S4": "0206"}, "events_absent": True})
case("12.13-zero-strength", "12.13: a zero-strength unit in an enemy ZOC is removed at the start of the combat phase (not combat); then nothing is owed",
     ["12.13"],
     ["SN german 0-0-0 at 0403 fixed other sniper zero", "S4 soviet 4-4-6 at 0303 1bf corps tank hm"],
     "1bf-combat", [], [],
     {"units": {"SN": "eliminated", "S4": "0303"}, "events": ["SN is eliminated at 0403 (zero strength in an enemy zone of control; not combat)"]})
# ---- 12.23 results ----
case("12.23-dd-lose-half-default", "12.23 DD, 27.2: 19 against 6 in a city = 316%, die 6: DD; losses of half the printed 6: the standing default takes the least loss, and of the equal ones (G3, or G1 + G2) the fewest units: G3; G1 and G2 cannot retreat (every hex held by or in the ZOC of Soviets): eliminated",
     ["12.23", "27.2", "13.0"],
     ["S8 soviet 8-8-6 at 0103 1bf corps tank hm", "S7 soviet 7-7-6 at 0202 1bf corps mech hm", "S4 soviet 4-4-6 at 0204 1bf div rifle",
      "G3 german 3-3-0 at 0203 mobile rgt pzgr", "G2 german 2-2-0 at 0203 mobile rgt inf", "G1 german 1-1-0 at 0203 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0203 S8 S7 S4")],
     {"units": {"G1": "eliminated", "G2": "eliminated", "G3": "eliminated"}, "events": ["19 against 6 = 316%, assault table (12.21)", "die 6: DD", "G3 is eliminated at 0203 (half the printed strength)", "G1 is eliminated at 0203: it cannot retreat", "G2 is eliminated at 0203: it cannot retreat"]},
     standing={"lose": "default", "advance": "no"})
case("12.23-dd-owner-chooses", "12.23 DD: the owner (the other player) may choose G3 alone, 3 of the printed 6; G1 and G2 then cannot retreat and are eliminated",
     ["12.23", "13.0"],
     ["S8 soviet 8-8-6 at 0103 1bf corps tank hm", "S7 soviet 7-7-6 at 0202 1bf corps mech hm", "S4 soviet 4-4-6 at 0204 1bf div rifle",
      "G3 german 3-3-0 at 0203 mobile rgt pzgr", "G2 german 2-2-0 at 0203 mobile rgt inf", "G1 german 1-1-0 at 0203 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0203 S8 S7 S4"), ("lose", "G3")],
     {"units": {"G1": "eliminated", "G2": "eliminated", "G3": "eliminated"}, "events": ["G3 is eliminated at 0203 (half the printed strength)", "G1 is eliminated at 0203: it cannot retreat", "G2 is eliminated at 0203: it cannot retreat"]},
     standing={"advance": "no"})
case("12.23-bb", "12.23 BB, 27.2: 10 against 3 = 333% on the assault table (chosen), die 1: BB; the defender loses half (G3), the attacker half of its printed 10 (S6, 6 >= 5; S4 alone would not do); no retreat, no advance",
     ["12.23", "27.2"],
     ["S4 soviet 4-4-6 at 0303 1bf div rifle", "S6 soviet 6-6-6 at 0402 1bf corps tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["1"], [("attack", "0403 S4 S6 assault")],
     {"units": {"G3": "eliminated", "S6": "eliminated", "S4": "0303"}, "events": ["10 against 3 = 333%", "die 1: BB"]})
case("12.23-bb-least-loss", "12.23 BB, 27.2: the default loses the least printed strength that meets half: attackers 6, 2, 5, 3, 4 (20 against G7 + G5 = 12, 166%, assault table chosen), die 4: BB; the defenders lose G7 (7 >= 6); the attackers half of 20: 6 + 4 = 10 (fewest units among the 10s: 5 + 3 + 2 is three), not the weakest first (5 + 3 + 4 = 12)",
     ["12.23", "27.2"],
     ["S6 soviet 6-6-6 at 0402 1bf corps tank hm", "S2 soviet 2-2-6 at 0402 1bf bde tank",
      "S5 soviet 5-5-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0303 1bf bde tank",
      "S4 soviet 4-4-6 at 0404 1bf div rifle",
      "G7 german 7-7-0 at 0403 mobile rgt pzgr", "G5 german 5-5-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0403 S6 S2 S5 S3 S4 assault"), ("lose", "default")],
     {"units": {"G7": "eliminated", "G5": "0403", "S6": "eliminated", "S4": "eliminated", "S2": "0402", "S5": "0303", "S3": "0303"}, "events": ["20 against 12 = 166%", "die 4: BB"]})
case("12.23-ad", "12.23 AD, 27.2: 3 against 7 in a city = 42%, die 1: AD; the attackers lose half their printed 3 (S2), S1 retreats 1; the defender may advance (standing: no)",
     ["12.23", "27.2", "13.0"],
     ["S1 soviet 1-1-6 at 0103 1bf rgt recon hm recon", "S2 soviet 2-2-6 at 0202 1bf bde tank hm",
      "G4 german 4-4-0 at 0203 mobile rgt pzgr", "G3 german 3-3-0 at 0203 mobile rgt pzgr"],
     "1bf-combat", ["1"], [("attack", "0203 S1 S2")],
     {"units": {"S2": "eliminated", "S1": "0102", "G4": "0203", "G3": "0203"}, "events": ["3 against 7 = 42%", "die 1: AD", "S1 retreats from 0103 to 0102"]},
     standing={"retreat": "auto", "advance": "no"})
case("12.23-ap-panic", "12.23 AP, 27.1: 3 against 7 = 42%, die 1: AP; the strongest attacker (S2) is eliminated, a new die (2) is the retreat of the rest: S1 retreats 2",
     ["12.23", "27.1", "13.0"],
     ["S1 soviet 1-1-6 at 0303 1bf rgt recon hm recon", "S2 soviet 2-2-6 at 0402 1bf bde tank hm",
      "G4 german 4-4-0 at 0403 mobile rgt pzgr", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["1", "2"], [("attack", "0403 S1 S2")],
     {"units": {"S2": "eliminated", "S1": "0301"}, "events": ["die 1: AP", "S2 is eliminated at 0402 (the strongest unit)", "Panic: the attacker retreats 2 hexes", "S1 retreats from 0303 to 0302", "S1 retreats from 0302 to 0301"]},
     standing={"retreat": "auto", "advance": "no"})
case("12.23-ar-attacker-retreats", "12.23 AR (reading: the ATTACKERS retreat, the translator's query), 27.1: 1 against 7 = 14%, die 4: AR; S1 retreats 1, and the defender's mobile G4 advances into the hex it left",
     ["12.23", "27.1", "14.0"],
     ["S1 soviet 1-1-6 at 0303 1bf rgt recon hm recon",
      "G4 german 4-4-0 at 0403 mobile rgt pzgr", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0403 S1"), ("retreat", "auto"), ("advance", "G4 0303")],
     {"units": {"S1": "0302", "G4": "0303", "G3": "0403"}, "events": ["die 4: AR", "S1 retreats from 0303 to 0302", "G4 advances from 0403 to 0303"]})
case("12.23-md", "12.23 MD, 27.1: 6 against 3 = 200%, die 2: MD; the attacker's strongest (S4) is eliminated, the defender retreats 1, the surviving attacker advances",
     ["12.23", "27.1"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S2 soviet 2-2-6 at 0402 1bf bde tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["2"], [("attack", "0403 S4 S2"), ("retreat", "auto"), ("advance", "S2 0403")],
     {"units": {"S4": "eliminated", "G3": "0404", "S2": "0403"}, "events": ["die 2: MD", "S4 is eliminated at 0303 (the strongest unit)", "G3 retreats from 0403 to 0404", "S2 advances from 0402 to 0403"]})
case("12.23-dp-panic", "12.23 DP, 27.1: 8 against 3 = 266%, die 6: DP; the defender's strongest (G3) is eliminated, a new die (3) is the retreat of the rest: G1 retreats 3; the attacker may advance up to 2",
     ["12.23", "27.1", "13.0", "14.0"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "G2 german 2-2-0 at 0403 mobile rgt pzgr", "G1 german 1-1-0 at 0403 mobile bn inf"],
     "1bf-combat", ["6", "3"], [("attack", "0403 S8"), ("retreat", "auto"), ("advance", "S8 0403 0404")],
     {"units": {"G2": "eliminated", "S8": "0404", "G1": "0406"}, "events": ["8 against 3 = 266%", "die 6: DP", "G2 is eliminated at 0403 (the strongest unit)", "Panic: the defender retreats 3 hexes", "S8 advances from 0403 to 0404"]})
case("12.23-or-advance-3", "12.23 OR, 27.1: 8 against 1 = 800%, die 6: OR; the defender is eliminated, the attacker advances up to 3 hexes ignoring ZOC",
     ["12.23", "27.1", "14.0"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "G1 german 1-1-0 at 0403 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0403 S8"), ("advance", "S8 0403 0404 0405")],
     {"units": {"G1": "eliminated", "S8": "0405"}, "events": ["die 6: OR", "S8 advances from 0404 to 0405"]})
case("12.23-or-advance-4-refused", "12.23 OR: up to 3 hexes, not 4",
     ["12.23", "14.0"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "G1 german 1-1-0 at 0403 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0403 S8"), ("advance", "S8 0403 0404 0405 0406")],
     None, refused="3 hexes at most")
case("14.0-first-hex-vacated", "14.0: the first hex of an advance is the vacated hex",
     ["14.0"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "G1 german 1-1-0 at 0403 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0403 S8"), ("advance", "S8 0304 0404")],
     None, refused="the first hex is one the enemy vacated")
case("14.0-fixed-no-advance", "14.0: fixed units may not advance (AR: the German fixed unit stays, only the mobile one may advance)",
     ["14.0", "12.23"],
     ["S1 soviet 1-1-6 at 0303 1bf rgt recon hm recon", "GF german 4-4-0 at 0403 fixed other fixinf", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0403 S1"), ("retreat", "auto"), ("advance", "GF 0303")],
     None, refused="GF may not advance")
case("14.5-water-stop", "14.5: an advance that crosses a river with no bridge stops at once",
     ["14.5", "14.0"],
     ["S8 soviet 8-8-6 at 0404 1bf corps tank hm", "G1 german 1-1-0 at 0304 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0304 S8"), ("advance", "S8 0304 0303 0302")],
     None, refused="stops after crossing water")
case("19.1-engineer-advance", "19.1: with an engineer of the front next to both hexes of the river hexside, a 3-hex advance crosses it as if bridged and goes on",
     ["19.1", "19.2", "14.5"],
     ["S8 soviet 8-8-6 at 0404 1bf corps tank hm", "E1 soviet 2-2-6 at 0203 1bf bde eng engineer", "G1 german 1-1-0 at 0304 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0304 S8 E1"), ("advance", "S8 0304 0303 0302")],
     {"units": {"G1": "eliminated", "S8": "0302", "E1": "0203"}, "events": ["10 against 1 = 1000%", "S8 advances from 0303 to 0302"]})
case("19.1-engineer-cancels-river", "19.1: an engineer in the attacking hex cancels the defender's river doubling: 6 against 3 = 200% (not 6 against 6)",
     ["19.1", "12.18"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "E2 soviet 2-2-6 at 0303 1bf bde eng engineer", "G3 german 3-3-0 at 0304 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0304 S4 E2")],
     {"units": {"G3": "0404"}, "events": ["the defenders are G3 3.", "6 against 3 = 200%", "die 4: DR"]},
     standing={"retreat": "auto", "advance": "no"})
case("18.1-bridge-check-advance", "18.1, 18.2: a Soviet unit advancing into a hex with a bridge hexside never checked rolls for it at once: 2, destroyed",
     ["18.1", "18.2", "14.0"],
     ["S8 soviet 8-8-6 at 0106 1bf corps tank hm", "G1 german 1-1-0 at 0107 mobile bn inf"],
     "1bf-combat", ["6", "2"], [("attack", "0107 S8"), ("advance", "S8 0107")],
     {"units": {"S8": "0107"}, "events": ["8 against 1 = 800%", "S8 advances from 0106 to 0107", "Bridge 0106-0107: die 2, destroyed"]})
case("13.4-fixed-eliminated", "13.4: a fixed unit given a retreat is eliminated instead",
     ["13.4", "12.23"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0402 1bf div rifle", "GF german 2-2-0 at 0403 fixed other fixinf"],
     "1bf-combat", ["3"], [("attack", "0403 S4 S3")],
     {"units": {"GF": "eliminated"}, "events": ["7 against 2 = 350%", "die 3: DR", "GF is eliminated at 0403 (a fixed unit cannot retreat)"]},
     standing={"advance": "no"})
case("13.6-objective-stay", "13.6: after DD a German mobile unit in an objective hex may stay (the standing answer): G3 is lost as half of the printed 4, G1 stays",
     ["13.6", "12.23", "27.2"],
     ["S8 soviet 8-8-6 at 0206 1bf corps tank hm", "S7 soviet 8-8-6 at 0307 1bf corps mech hm", "S6 soviet 8-8-6 at 0107 1bf corps tank hm",
      "G3 german 3-3-0 at 0207 mobile rgt pzgr", "G1 german 1-1-0 at 0207 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0207 S8 S7 S6")],
     {"units": {"G3": "eliminated", "G1": "0207"}, "events": ["24 against 8 = 300%", "die 6: DD", "G1 stays in 0207"]},
     standing={"stay": "stay", "lose": "default", "advance": "no"})
case("13.6-objective-retreat", "13.6: the owner may instead retreat the unit (to 0208, the one hex out of Soviet ZOC)",
     ["13.6"],
     ["S8 soviet 8-8-6 at 0206 1bf corps tank hm", "S7 soviet 8-8-6 at 0307 1bf corps mech hm", "S6 soviet 8-8-6 at 0107 1bf corps tank hm",
      "G3 german 3-3-0 at 0207 mobile rgt pzgr", "G1 german 1-1-0 at 0207 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0207 S8 S7 S6"), ("stay", "retreat")],
     {"units": {"G3": "eliminated", "G1": "0208"}, "events": ["G1 retreats from 0207 to 0208"]},
     standing={"lose": "default", "advance": "no", "retreat": "auto"})
case("16.10-reichstag-ignores-retreat", "16.10, 5.6, 11.0: the Reichstag garrison is attacked voluntarily (no ZOC into or out of it), on the assault table; DD: RG1 is lost, RG2 ignores the retreat",
     ["16.10", "5.6", "12.21", "12.23"],
     ["S8 soviet 8-8-6 at 0404 1bf corps tank hm", "S2 soviet 2-2-6 at 0404 1bf bde tank hm", "S7 soviet 8-8-6 at 0405 1bf corps mech hm",
      "RG1 german 2-2-0 at 0505 fixed other fixinf", "RG2 german 1-1-0 at 0505 fixed other fixinf"],
     "1bf-combat", ["6"], [("attack", "0505 S8 S2 S7")],
     {"units": {"RG1": "eliminated", "RG2": "0505"}, "events": ["18 against 6 = 300%, assault table (12.21)", "die 6: DD", "RG2 stays in 0505: it ignores the retreat"]},
     standing={"lose": "default", "advance": "no"})
case("13.0-soviet-off-map", "13.0: a Soviet unit may retreat off the map (it returns next game turn); AR with every hex in the German ZOC",
     ["13.0", "12.23"],
     ["S1 soviet 1-1-6 at 0101 1bf rgt recon hm recon", "G4 german 4-4-0 at 0102 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0102 S1")],
     {"units": {"S1": "waiting"}, "events": ["die 4: AR", "S1 retreats off the map from 0101"]},
     standing={"retreat": "auto", "advance": "no"})
case("5.2-no-attack-across-boundary", "5.2: no attack across the sector boundary",
     ["5.2"],
     ["S4 soviet 4-4-6 at 0404 1bf corps tank hm", "G3 german 3-3-0 at 0504 mobile rgt pzgr", "G1 german 1-1-0 at 0403 mobile bn inf"],
     "1bf-combat", [], [("attack", "0504 S4")],
     None, refused="(5.2)")

# 26.1 escape west by retreat: once the Fuehrerbunker is captured, a German
# mobile unit may leave by the west edge (column 01 on this map) by
# retreat too; gone for good, nobody's VP. 4 against 3 = 133% (column
# 100), die 4: DR (1 hex). From 0102, with S4 at 0202: 0101 is the only
# hex on the map (0103 and 0201 are in S4's ZOC), and "west" leaves.
WEST = ["S4 soviet 4-4-6 at 0202 1bf corps tank hm", "G3 german 3-3-0 at 0102 mobile rgt pzgr"]
WEST_X = "  fuehrerbunker-captured: yes\n"
ESC = {"escape-west": "yes"}
case("26.1-retreat-west", "26.1: once the Fuehrerbunker is captured the owner may retreat a German mobile unit off the west edge (0102 is in column 01): it is gone for good, no VP",
     ["26.1", "13.0"], WEST,
     "1bf-combat", ["4"], [("attack", "0102 S4"), ("retreat", "west")],
     {"units": {"G3": "eliminated", "S4": "0202"}, "events": ["die 4: DR", "G3 (G3) leaves by the west edge at 0102 and surrenders to the Americans: no VP for it"]},
     extra=WEST_X, standing={"advance": "no"}, options=ESC)
case("26.1-retreat-auto-stays-on-map", "26.1 reading: the standing retreat auto leaves by the west edge only where the unit would otherwise be eliminated; here it retreats to 0101",
     ["26.1", "13.0"], WEST,
     "1bf-combat", ["4"], [("attack", "0102 S4"), ("retreat", "auto")],
     {"units": {"G3": "0101"}, "events": ["die 4: DR", "G3 retreats from 0102 to 0101"]},
     extra=WEST_X, standing={"advance": "no"}, options=ESC)
case("26.1-retreat-west-when-trapped", "26.1: with no hex to retreat into on the map (S1 holds 0101), the German leaves by the west edge instead of being eliminated (13.0); 5 against 3 = 166%, die 4: DR",
     ["26.1", "13.0"], WEST + ["S1 soviet 1-1-6 at 0101 1bf rgt recon hm recon"],
     "1bf-combat", ["4"], [("attack", "0102 S4 S1")],
     {"units": {"G3": "eliminated"}, "events": ["die 4: DR", "G3 (G3) leaves by the west edge at 0102"]},
     extra=WEST_X, standing={"advance": "no", "retreat": "auto"}, options={"escape-west": "yes"})
case("26.1-retreat-trapped-before-fuehrerbunker", "26.1, 13.0: before the Fuehrerbunker is captured the same German cannot leave: it is eliminated",
     ["26.1", "13.0"], WEST + ["S1 soviet 1-1-6 at 0101 1bf rgt recon hm recon"],
     "1bf-combat", ["4"], [("attack", "0102 S4 S1")],
     {"units": {"G3": "eliminated"}, "events": ["die 4: DR", "G3 is eliminated at 0102: it cannot retreat"]},
     standing={"advance": "no", "retreat": "auto"}, options={"escape-west": "yes"})
case("26.1-retreat-west-refused-before-fuehrerbunker", "26.1: no retreat off the west edge before the Fuehrerbunker is captured (S4 attacks from 0101: 0103 and 0202 are open, so the owner is asked)",
     ["26.1", "13.0"], ["S4 soviet 4-4-6 at 0101 1bf corps tank hm", "G3 german 3-3-0 at 0102 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0102 S4"), ("retreat", "west")],
     None, refused="G3 may not retreat into west as hex 1 of 1", options=ESC)

def q(v):
    return '"' + v.replace('"', '\\"') + '"'
case("12.23-aa", "12.23 AA, 27.2: 5 against 7 in a city = 71%, die 3: AA; the attacker's strongest unit (S4) is eliminated, no retreat, no advance",
     ["12.23", "27.2"],
     ["S4 soviet 4-4-6 at 0103 1bf div rifle", "S1 soviet 1-1-6 at 0202 1bf rgt recon hm recon",
      "G4 german 4-4-0 at 0203 mobile rgt pzgr", "G3 german 3-3-0 at 0203 mobile rgt pzgr"],
     "1bf-combat", ["3"], [("attack", "0203 S4 S1")],
     {"units": {"S4": "eliminated", "S1": "0202", "G4": "0203", "G3": "0203"}, "events": ["5 against 7 = 71%, assault table (12.21)", "die 3: AA", "S4 is eliminated at 0103 (the strongest unit)"]})
case("12.23-de", "12.23 DE, 27.2: 15 against 3 in a city = 500%, die 6: DE; every defender eliminated, an attacker advances 1",
     ["12.23", "27.2", "14.0"],
     ["S8 soviet 8-8-6 at 0103 1bf corps tank hm", "S7 soviet 7-7-6 at 0202 1bf corps mech hm",
      "G2 german 2-2-0 at 0203 mobile rgt inf", "G1 german 1-1-0 at 0203 mobile bn inf"],
     "1bf-combat", ["6"], [("attack", "0203 S8 S7"), ("advance", "S8 0203")],
     {"units": {"G1": "eliminated", "G2": "eliminated", "S8": "0203", "S7": "0202"}, "events": ["15 against 3 = 500%", "die 6: DE", "S8 advances from 0103 to 0203"]})
case("12.0-one-by-one", "12.0: attacks are declared and resolved one at a time: the first is resolved before the second is declared",
     ["12.0", "12.2"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr",
      "S8 soviet 8-8-6 at 0106 1bf corps tank hm", "G1 german 1-1-0 at 0107 mobile bn inf"],
     "1bf-combat", ["4", "6"], [("attack", "0403 S4"), ("advance", "no"), ("attack", "0107 S8"), ("advance", "no")],
     {"units": {"G3": "0404", "G1": "eliminated", "S8": "0106"}, "events": ["Attack declared on 0403 by S4", "Column 100, die 4: DR", "Attack declared on 0107 by S8", "Column 600, die 6: OR"]},
     standing={"retreat": "auto", "advance": "no"})
case("18.1-bridge-check-move", "18.1, 18.2, 9.0: a Soviet unit moving into a hex with a bridge never checked rolls at once: 2, destroyed; nothing ends the move: S8 keeps its 5 MP and the move as given goes on across the unbridged river (1 + 3 MP); the check before signing names that roll",
     ["18.1", "18.2", "9.0"],
     ["S8 soviet 8-8-6 at 0105 1bf corps tank hm"],
     "1bf-movement", ["2"], [("move", "S8 0106 0107"), ("move", "done")],
     {"units": {"S8": "0107"}, "check": "1 of 2 answers checked; the rest, after the draw for bridge at 0106 (hexside 0106-0107) at rule 18.2, are checked", "events": ["Bridge 0106-0107: die 2, destroyed", "S8 goes on from 0106 across the river where the bridge was, with 5 MP (9.0)", "S8 moves from 0105 to 0107"]})
case("18.1-bridge-destroyed-path-goes-on", "18.1, 9.0: the bridge 0106-0107 is destroyed as S8 enters 0106 with 5 of its 6 MP left; the rest of its path, across the unbridged river (1 + 3) and one clear hex (1), costs exactly 5: the move goes on to 0108",
     ["18.1", "18.2", "9.0"],
     ["S8 soviet 8-8-6 at 0105 1bf corps tank hm"],
     "1bf-movement", ["1"], [("move", "S8 0106 0107 0108"), ("move", "done")],
     {"units": {"S8": "0108"}, "events": ["Bridge 0106-0107: die 1, destroyed", "S8 goes on from 0106 across the river where the bridge was, with 5 MP (9.0)", "S8 moves from 0105 to 0108"]})
case("18.1-bridge-destroyed-go-on", "18.1, 9.0: the bridge is destroyed as S8 enters 0106 with 5 MP left, and the rest of its path (0107 0108 0208: 4 + 1 + 1) costs 6: it stops in 0106 keeping its 5 MP (reading: the path was chosen over the bridge), and a further move goes on across the unbridged river (1 + 3) and one clear hex (1)",
     ["18.1", "18.2", "9.0"],
     ["S8 soviet 8-8-6 at 0105 1bf corps tank hm"],
     "1bf-movement", ["2"], [("move", "S8 0106 0107 0108 0208"), ("move", "S8 0107 0108"), ("move", "done")],
     {"units": {"S8": "0108"}, "events": ["Bridge 0106-0107: die 2, destroyed", "S8 moves from 0105 to 0106", "S8 stops in 0106: the bridge ahead is destroyed and the rest of its path cannot be made (0208 costs more than the 0 MP left (9.0)); it may go on with 5 MP left (9.0)", "S8 moves from 0106 to 0108"]})
case("18.1-bridge-destroyed-mp-left", "18.1, 9.0: the unit that goes on has only the MPs it has left: 5, and 0107 0108 0208 would cost 6",
     ["18.1", "9.0"],
     ["S8 soviet 8-8-6 at 0105 1bf corps tank hm"],
     "1bf-movement", ["2"], [("move", "S8 0106 0107 0108 0208"), ("move", "S8 0107 0108 0208")],
     None, refused="0208 costs more than the 0 MP left")
case("18.2-bridge-safe", "18.2: 4-6, the bridge stands for good and the move goes on across it",
     ["18.1", "18.2", "9.0"],
     ["S8 soviet 8-8-6 at 0105 1bf corps tank hm"],
     "1bf-movement", ["5"], [("move", "S8 0106 0107"), ("move", "done")],
     {"units": {"S8": "0107"}, "events": ["Bridge 0106-0107: die 5, it stands for good", "S8 moves from 0105 to 0107"]})
case("12.13-no-advance-into-zero-hex", "12.13: no advance into the hex of a zero-strength unit removed this phase",
     ["12.13", "14.0"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "S1 soviet 1-1-6 at 0304 1bf rgt recon hm recon",
      "G1 german 1-1-0 at 0403 mobile bn inf", "SN german 0-0-0 at 0404 fixed other sniper zero"],
     "1bf-combat", ["6"], [("attack", "0403 S8 S1"), ("advance", "S8 0403 0404")],
     None, refused="S8 may not advance into 0404")
case("13.6-panic-stop", "13.6: a German retreating from a panic result may stop in the objective hex it enters: DP, G2 lost, die 3, G1 stops in 0207 after 1 hex",
     ["13.6", "12.23"],
     ["S8 soviet 8-8-6 at 0205 1bf corps tank hm", "G2 german 2-2-0 at 0206 mobile rgt inf", "G1 german 1-1-0 at 0206 mobile bn inf"],
     "1bf-combat", ["6", "3"], [("attack", "0206 S8")],
     {"units": {"G2": "eliminated", "G1": "0207"}, "events": ["die 6: DP", "Panic: the defender retreats 3 hexes", "G1 retreats from 0206 to 0207"]},
     standing={"retreat": "auto", "advance": "no"})
case("21.2-capture-marker", "21.2, 16.10: a strategic marker is captured by attacking its hex and advancing into it (DE, then the advance)",
     ["21.2", "16.10", "12.23", "14.0"],
     ["S8 soviet 8-8-6 at 0206 1bf corps tank hm", "S7 soviet 8-8-6 at 0307 1bf corps mech hm", "S6 soviet 8-8-6 at 0107 1bf corps tank hm",
      "G1 german 1-1-0 at 0207 mobile bn inf", "SM german 0-0-0 at 0207 fixed other strategic zero"],
     "1bf-combat", ["5"], [("attack", "0207 S8 S7 S6"), ("advance", "S8 0207")],
     {"units": {"G1": "eliminated", "SM": "eliminated", "S8": "0207"}, "events": ["24 against 2 = 1200%", "die 5: DE", "S8 advances from 0206 to 0207", "1bf captures the strategic marker SM at 0207"]})
case("16.6-lone-marker-captured", "16.6, 21.2, 12.13 (reading): a strategic marker is not removed by 12.13 (it leaves only by capture); the lone Fuehrerbunker outside an objective hex next to S4 is attacked: 4 against no defence, the top column, die 2: DP; it is eliminated, S4 advances into its hex and captures it",
     ["16.6", "21.2", "12.13", "26.1"],
     ["SMFB german 0-0-0 at 0403 fixed other strategic zero ; Fuehrerbunker", "S4 soviet 4-4-6 at 0303 1bf corps tank hm"],
     "1bf-combat", ["2"], [("attack", "0403 S4 mobile"), ("advance", "S4 0403")],
     {"units": {"SMFB": "eliminated", "S4": "0403"}, "events": ["die 2: DP", "S4 advances from 0303 to 0403", "1bf captures the strategic marker SMFB at 0403", "The Fuehrerbunker is captured"]})
case("5.2-own-sector-only", "5.2, 4.0 (reading): from the Reichstag (in both sectors) a 1UF unit may attack the Germans of its own sector only, not those of the 1BF sector",
     ["5.2", "5.5", "4.0"],
     ["U1 soviet 4-4-6 at 0505 1uf div rifle", "G1 german 1-1-0 at 0404 mobile bn inf", "G2 german 2-2-0 at 0604 mobile rgt inf"],
     "1uf-combat", [], [("attack", "0404 U1")],
     None, refused="belong to the other sector (5.2)")
case("13.0-owner-chooses-retreat", "13.0: the owner (the player who does not attack) chooses among the legal retreats: 0204, not the standing order's first (0404)",
     ["13.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0304 mobile rgt pzgr"],
     "1bf-combat", ["5"], [("attack", "0304 S4"), ("retreat", "0204")],
     {"units": {"G3": "0204"}, "events": ["die 5: DR", "G3 retreats from 0304 to 0204"]},
     standing={"advance": "no"})
case("13.0-retreat-into-zoc-refused", "13.0: no retreat into an enemy ZOC (0403 is next to S4)",
     ["13.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0304 mobile rgt pzgr"],
     "1bf-combat", ["5"], [("attack", "0304 S4"), ("retreat", "0403")],
     None, refused="may not retreat into 0403")
case("12.18-two-hexes", "12.2, 12.18 (reading: per defending hex): one attack on two hexes; 0304 is attacked only across its river by S4 (x2: 6), 0404 over land by S3 (2): 7 against 8 = 87%; DR: G3 has one retreat, G2 none (eliminated)",
     ["12.2", "12.18", "15.4", "13.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0405 1bf div rifle",
      "G3 german 3-3-0 at 0304 mobile rgt pzgr", "G2 german 2-2-0 at 0404 mobile rgt inf"],
     "1bf-combat", ["5"], [("attack", "0304,0404 S4 S3")],
     {"units": {"G3": "0204", "G2": "eliminated"}, "events": ["7 against 8 = 87%", "die 5: DR", "G3 retreats from 0304 to 0204", "G2 is eliminated at 0404: it cannot retreat"]},
     standing={"advance": "no"})
case("12.0-attack-plan", "12.0 with standing orders: a plan (attacks joined by ;) given as the standing answer declares them one at a time, each after the last is resolved, then done",
     ["12.0", "12.2"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0403 mobile rgt pzgr",
      "S8 soviet 8-8-6 at 0106 1bf corps tank hm", "G1 german 1-1-0 at 0107 mobile bn inf"],
     "1bf-combat", ["4", "6"], [],
     {"units": {"G3": "0404", "G1": "eliminated", "S8": "0106"}, "events": ["Attack declared on 0403 by S4", "Column 100, die 4: DR", "Attack declared on 0107 by S8", "Column 600, die 6: OR"]},
     standing={"attack": "0403 S4; 0107 S8; done", "advance": "no"})
case("12.0-attack-plan-skips", "12.0: an attack of a plan that a result has made illegal is dropped: the first attack's DR empties 0403, so the plan's second attack on it is skipped and done ends the phase",
     ["12.0"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "S3 soviet 3-3-6 at 0402 1bf div rifle", "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [],
     {"units": {"G3": "0404"}, "events": ["Attack declared on 0403 by S4 S3", "Column 200, die 4: DR"]},
     standing={"attack": "0403 S4 S3; 0403 S4 S3; done", "advance": "no"})
case("13.0-defender-standing", "13.0: the defender's retreat in the attacker's turn is made by its owner's kept standing order (retreat: auto, the first legal hex, 0404) without a question",
     ["13.0", "12.23"],
     ["S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G3 german 3-3-0 at 0304 mobile rgt pzgr"],
     "1bf-combat", ["5"], [("attack", "0304 S4")],
     {"units": {"G3": "0404"}, "events": ["die 5: DR", "Standing order: retreat: auto.", "G3 retreats from 0304 to 0404"]},
     standing={"retreat": "auto", "advance": "no"})
case("13.0-eliminated-at-last-hex", "13.0: a unit that cannot retreat the whole distance is eliminated in the last hex it could reach: DP, die 2, G1 reaches 0404 and no hex 2 away is free",
     ["13.0", "12.23"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "S1 soviet 1-1-6 at 0306 1bf rgt recon hm recon",
      "G2 german 2-2-0 at 0403 mobile rgt pzgr", "G1 german 1-1-0 at 0403 mobile bn inf"],
     "1bf-combat", ["6", "2"], [("attack", "0403 S8")],
     {"units": {"G2": "eliminated", "G1": "eliminated"}, "events": ["die 6: DP", "G1 retreats from 0403 to 0404", "G1 is eliminated at 0404: it cannot retreat the whole distance"]},
     standing={"advance": "no"})
case("21.2-german-advance-ends-control", "21.2: a German advance into a Soviet-held objective hex ends the front's control, and the report says so as it does for a German move: 6 against 3 = 200%, die 4: DR; the 1BF division retreats, G6 advances into 0207",
     ["21.2", "14.0", "12.23"],
     ["S3 soviet 3-3-6 at 0207 1bf div rifle", "G6 german 6-6-0 at 0208 mobile rgt pzgr"],
     "german-1bf-sector-combat", ["4"], [("attack", "0207 G6 mobile"), ("retreat", "0307"), ("advance", "G6 0207")],
     {"units": {"G6": "0207", "S3": "0307"}, "events": ["Column 200, die 4: DR", "G6 advances from 0208 to 0207", "0207: the 1bf's control ends (21.2)"]},
     extra="  control: {\"0207\": 1bf}\n  sector: {G6: 1bf}\n")

# 14.0 standing advances (umpire-orders(5), SCOPES): advance-SCOPE
# answers only the advances of its scope: front-attacker (after the
# attacks of one's front), german-defender (the Germans one commands,
# after a failed attack on them), german-attacker, front-defender; a bare
# advance only the scope of the first advance its own step asks
AR_OOB = ["S1 soviet 1-1-6 at 0303 1bf rgt recon hm recon",
          "G4 german 4-4-0 at 0403 mobile rgt pzgr", "G3 german 3-3-0 at 0403 mobile rgt pzgr"]
case("14.0-advance-other-scope-asked", "14.0 (umpire-orders(5), SCOPES): 1 against 7, die 4: AR; S1 retreats, and the Germans' advance (advance-german-defender) is asked: the standing advances of the other three scopes do not answer it",
     ["14.0", "12.23"], AR_OOB,
     "1bf-combat", ["4"], [("attack", "0403 S1"), ("retreat", "auto")],
     {"pending": "advance", "units": {"S1": "0302", "G4": "0403", "G3": "0403"}, "events": ["die 4: AR", "S1 retreats from 0303 to 0302"]},
     standing={"advance-front-attacker": "no", "advance-front-defender": "no", "advance-german-attacker": "no"})
case("14.0-advance-german-defender", "14.0 (umpire-orders(5), SCOPES): 1 against 7, die 4: AR; S1 retreats, and advance-german-defender: no (kept by the player who commands these Germans) keeps G4 and G3 in their hex without a question",
     ["14.0", "12.23"], AR_OOB,
     "1bf-combat", ["4"], [("attack", "0403 S1"), ("retreat", "auto")],
     {"units": {"S1": "0302", "G4": "0403", "G3": "0403"}, "events": ["die 4: AR", "S1 retreats from 0303 to 0302", "Standing order: advance-german-defender: no"]},
     standing={"advance-german-defender": "no"})
case("14.0-bare-advance-one-scope", "14.0 (umpire-orders(5), SCOPES): a bare advance: no serves the first advance of its step only: it keeps S8 out of 0102 after its OR, but does not answer the Germans' advance after S1's AR (asked)",
     ["14.0", "12.23"],
     ["S8 soviet 8-8-6 at 0101 1bf corps tank hm", "G1 german 1-1-0 at 0102 mobile bn inf"] + AR_OOB,
     "1bf-combat", ["6", "4"], [("attack", "0102 S8")],
     {"pending": "advance", "units": {"S8": "0101", "G1": "eliminated", "S1": "0302", "G4": "0403"}, "events": ["die 6: OR", "Standing order: advance: no", "die 4: AR", "S1 retreats from 0303 to 0302"]},
     standing={"attack": "0403 S1", "retreat": "auto", "advance": "no"})
case("14.0-advance-german-attacker", "14.0 (umpire-orders(5), SCOPES): in a German combat phase, 6 against 3 = 200%, die 4: DR; advance-german-attacker: no keeps G6 in 0208 without a question",
     ["14.0", "12.23"],
     ["S3 soviet 3-3-6 at 0207 1bf div rifle", "G6 german 6-6-0 at 0208 mobile rgt pzgr"],
     "german-1bf-sector-combat", ["4"], [("attack", "0207 G6 mobile"), ("retreat", "0307")],
     {"units": {"G6": "0208", "S3": "0307"}, "events": ["Column 200, die 4: DR", "Standing order: advance-german-attacker: no"]},
     extra="  sector: {G6: 1bf}\n", standing={"advance-german-attacker": "no"})
case("14.0-advance-front-attacker-not-german", "14.0 (umpire-orders(5), SCOPES): in a German combat phase, 6 against 3 = 200%, die 4: DR; advance-front-attacker (the player's front's own attacks) does not answer the German attacker's advance: asked",
     ["14.0", "12.23"],
     ["S3 soviet 3-3-6 at 0207 1bf div rifle", "G6 german 6-6-0 at 0208 mobile rgt pzgr"],
     "german-1bf-sector-combat", ["4"], [("attack", "0207 G6 mobile"), ("retreat", "0307")],
     {"pending": "advance", "units": {"G6": "0208", "S3": "0307"}, "events": ["Column 200, die 4: DR"]},
     extra="  sector: {G6: 1bf}\n", standing={"advance-front-attacker": "no"})

# 14.0 the policy answer advance: auto (ruleset.c, umpire-orders(5)):
# the strongest mobile unit of the combat that may enter the hex the
# enemy vacated advances into it, one hex, one unit; nothing when no hex
# was vacated or none may be entered. Each case has an advance that
# auto answers, which the code before auto left pending (a question:
# "auto" was no answer to it).
case("14.0-advance-auto-strongest", "14.0, advance-front-attacker: auto: 9 against 3 = 300%, die 5: DP; G3 (the defender's strongest, alone) is eliminated; of the attackers the strongest, S8 (named second), advances into 0403 and stops there, though DP allows 2 hexes; S1, which could stack with it (10.2), stays: one unit only",
     ["14.0", "12.23", "10.2"],
     ["S1 soviet 1-1-6 at 0402 1bf rgt recon hm recon", "S8 soviet 8-8-6 at 0303 1bf corps tank hm",
      "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["5"], [("attack", "0403 S1 S8")],
     {"pending": "draw", "units": {"G3": "eliminated", "S8": "0403", "S1": "0402"}, "events": ["9 against 3 = 300%", "die 5: DP", "Standing order: advance-front-attacker: auto", "S8 advances from 0303 to 0403"]},
     standing={"advance-front-attacker": "auto"})
case("14.0-advance-auto-tie-first-listed", "14.0, advance-front-attacker: auto: 8 against 3 = 266%, die 4: DR; G3 retreats; SA and SB are equally strong (4), and SB, the first the attack names, advances",
     ["14.0", "12.23"],
     ["SA soviet 4-4-6 at 0303 1bf corps tank hm", "SB soviet 4-4-6 at 0402 1bf div rifle",
      "G3 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["4"], [("attack", "0403 SB SA")],
     {"pending": "draw", "units": {"G3": "0404", "SB": "0403", "SA": "0303"}, "events": ["die 4: DR", "G3 retreats from 0403 to 0404", "SB advances from 0402 to 0403"]},
     standing={"retreat": "auto", "advance-front-attacker": "auto"})
case("14.0-advance-auto-no-vacated-hex", "14.0, 13.6, advance-front-attacker: auto: DD on the objective hex 0207 (24 against 8 = 300%, die 6): G3 is lost, G1 stays (13.6), no hex was vacated and nobody advances; the next attack (S4 on 0403, die 4: DR) vacates 0403 and S4 advances into it",
     ["14.0", "13.6", "12.23"],
     ["S8 soviet 8-8-6 at 0206 1bf corps tank hm", "S7 soviet 8-8-6 at 0307 1bf corps mech hm", "S6 soviet 8-8-6 at 0107 1bf corps tank hm",
      "G3 german 3-3-0 at 0207 mobile rgt pzgr", "G1 german 1-1-0 at 0207 mobile bn inf",
      "S4 soviet 4-4-6 at 0303 1bf corps tank hm", "G2 german 3-3-0 at 0403 mobile rgt pzgr"],
     "1bf-combat", ["6", "4"], [("attack", "0207 S8 S7 S6")],
     {"pending": "draw", "units": {"G3": "eliminated", "G1": "0207", "S8": "0206", "S7": "0307", "S6": "0107", "G2": "0404", "S4": "0403"}, "events": ["die 6: DD", "G1 stays in 0207", "Column 100, die 4: DR", "G2 retreats from 0403 to 0404", "S4 advances from 0303 to 0403"]},
     standing={"attack": "0403 S4", "stay": "stay", "lose": "default", "retreat": "auto", "advance-front-attacker": "auto"})
case("14.0-advance-auto-cannot-enter", "14.0, 12.13, advance-front-attacker: auto: SN (zero strength) is removed from 0403 at the phase start; S8's OR (8 against 1, die 6) empties 0403, which no unit may enter this phase (12.13), so nobody advances; the next attack (S4 on 0407, die 4: DR) vacates 0407 and S4 advances into it",
     ["14.0", "12.13", "12.23"],
     ["S8 soviet 8-8-6 at 0303 1bf corps tank hm", "G1 german 1-1-0 at 0403 mobile bn inf", "SN german 0-0-0 at 0403 fixed other sniper zero",
      "S4 soviet 4-4-6 at 0406 1bf corps tank hm", "G2 german 2-2-0 at 0407 mobile rgt inf"],
     "1bf-combat", ["6", "4"], [("attack", "0403 S8")],
     {"pending": "draw", "units": {"SN": "eliminated", "G1": "eliminated", "S8": "0303", "G2": "0408", "S4": "0407"}, "events": ["die 6: OR", "Column 200, die 4: DR", "G2 retreats from 0407 to 0408", "S4 advances from 0406 to 0407"]},
     standing={"attack": "0407 S4", "retreat": "auto", "advance-front-attacker": "auto"})
case("14.0-advance-auto-scope", "14.0 (umpire-orders(5), SCOPES): advance-front-attacker: auto advances S8 into 0102 after its OR, and does not answer the Germans' advance after S1's AR (advance-german-defender): asked",
     ["14.0", "12.23"],
     ["S8 soviet 8-8-6 at 0101 1bf corps tank hm", "G1 german 1-1-0 at 0102 mobile bn inf"] + AR_OOB,
     "1bf-combat", ["6", "4"], [("attack", "0102 S8")],
     {"pending": "advance", "units": {"S8": "0102", "G1": "eliminated", "S1": "0302", "G4": "0403", "G3": "0403"}, "events": ["die 6: OR", "Standing order: advance-front-attacker: auto", "S8 advances from 0101 to 0102", "die 4: AR", "S1 retreats from 0303 to 0302"]},
     standing={"attack": "0403 S1", "retreat": "auto", "advance-front-attacker": "auto"})
case("14.0-advance-auto-mobile-only", "14.0, advance-german-attacker: auto in a German combat phase: 8 against 3 = 266%, die 4: DR; S3 retreats to 0203; the strongest attacker, GF, is a fixed unit, which never advances (14.0), so G2, the strongest mobile one, advances into 0303",
     ["14.0", "12.23"],
     ["S3 soviet 3-3-6 at 0303 1bf div rifle", "GF german 6-6-0 at 0302 fixed other fixinf", "G2 german 2-2-0 at 0402 mobile rgt inf"],
     "german-1bf-sector-combat", ["4"], [("attack", "0303 GF G2 mobile"), ("retreat", "0203")],
     {"units": {"S3": "0203", "GF": "0302", "G2": "0303"}, "events": ["8 against 3 = 266%", "die 4: DR", "S3 retreats from 0303 to 0203", "Standing order: advance-german-attacker: auto", "G2 advances from 0402 to 0303"]},
     extra="  sector: {GF: 1bf, G2: 1bf}\n", standing={"advance-german-attacker": "auto"})

for (name, title, rules, oob, phase, draws, answers, expect, extra, standing, refused, options) in cases:
    o = []
    o.append("# Race to the Reichstag conformance case (combat, rcombat branch): the")
    o.append("# expected outcome is derived from the rule text, not from the code.")
    o.append("case: " + q(title))
    o.append("rules: [" + ", ".join(q(r) for r in rules) + "]")
    if options:
        o.append("options: {" + ", ".join("%s: %s" % (k, v) for k, v in options.items()) + "}")
    o.append(MAP.rstrip("\n"))
    o.append("  oob: |")
    for l in oob:
        o.append("    " + l)
    o.append("  turn: 2")
    o.append("  phase: " + phase)
    if extra:
        o.append(extra.rstrip("\n"))
    o.append("draws: [" + ", ".join(q(d) for d in draws) + "]")
    if answers:
        o.append("answers:")
        for k, v in answers:
            o.append("  - %s: %s" % (k, q(v)))
    else:
        o.append("answers: []")
    if standing:
        o.append("standing: {" + ", ".join("%s: %s" % (k, q(v)) for k, v in standing.items()) + "}")
    o.append("expect:")
    if refused:
        o.append("  refused: " + q(refused))
    else:
        if expect.get("pending"):
            o.append("  pending: " + expect["pending"])
        if expect.get("units"):
            o.append("  state:")
            o.append("    units: {" + ", ".join("%s: %s" % (k, q(v)) for k, v in expect["units"].items()) + "}")
        if expect.get("check"):
            o.append("  check: " + q(expect["check"]))
        if expect.get("events"):
            o.append("  events: [" + ", ".join(q(e) for e in expect["events"]) + "]")
    open(OUT + "/" + name + ".yaml", "w").write("\n".join(o) + "\n")
print(len(cases), "cases")
