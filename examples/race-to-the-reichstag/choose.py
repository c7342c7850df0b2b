#!/usr/bin/env python3
"""choose.py SIDE VIEW KEY UMPIRE - the scripted player of the
Race to the Reichstag example. It reads only what a player has: his
view (the referee's mail), the order template of that view (`umpire
orders VIEW -s KEY`: in referee mode it runs the rules forward from the
view's state, the parts hidden from him as stand-ins, and lists in
order every question they ask him before the step ends for him, each
with its legal answers or examples, then where it ends: the first die
rolled, the other player's question, or a counter hidden from him that
the rules consult, 16.8, 17.1, 17.3, 17.4) and the public scenario (the
map). He answers those questions, in the same file, as a person would:
from the map and what he sees. On his front's player turn he checks
each answer on his view before he adds the next (`umpire orders VIEW
--answers FILE`, the check `umpire sign -g VIEW` makes); what the rules
ask him after the step ends for him cannot be checked before it is
adjudicated (answers in advance, umpire-orders(5)), so past that point
he writes only what the map and his view make sure of. It gives
standing orders for every question the rest of the step may ask of
him. Prints the orders (unsigned).

Policy (what a person would do with what the rules give him, each
SP being -1 VP at the end, 21.3, against +5 an objective hex, +10
Potsdam, +30 the Reichstag, 27.4; at most 30 SP a game):
- draw: draw.
- place, set-up (3.5-3.12): every counter asked for, in the order the
  rules list them; a German to the hex of its set-up region nearest an
  objective hex of the region (then the Reichstag), at most three a
  hex, an emergency airfield on a road or airfield hex (16.3); a
  Soviet to the free hex of its region nearest the Reichstag.
- his front's player turn, from its start (one mail: the view asks its
  first question, since his mail before it leaves those questions
  without a standing order): each question answered in turn and
  checked on the view with the answers before it (umpire orders VIEW
  --answers), a refused choice falling back to what spends nothing:
  recon (17.3) the offered hex nearest the Reichstag; Maximum Effort
  (6.7, 10 SP, once) when his front starts the turn next to the
  Reichstag, or from GT 3 next to two enemy hexes or an objective
  hex, or from GT 8 next to any; one replacement a turn (8.2, a corps
  first) to GT 8; the reinforcements and replacements (7.1) to the
  offered hex nearest his objectives; barrage (15.x): once a game an
  air marker examines (17.4) the face-down counters nearest the
  Reichstag, and an artillery marker on each of up to two objective
  hexes (or the Reichstag) held by the enemy within 3 hexes of his
  units, where his attacks will be doubled; engineers (19.2) put in
  place where they stand by water with no bridge and two units of
  the front within 3 hexes; then the moves: a unit to an objective
  hex of his not yet his, or to the Reichstag, when it can reach it
  (with a forced march, 6.5, 1 SP, at most two a turn, if it needs
  one), each engineer not in place to the bank of the water nearest
  the Reichstag it can reach, and the rest as below; with a Maximum
  Effort, the attacks instead.
- move, Soviet: every unit that one of the template's examples brings
  nearer its front's objective hexes not yet taken and the Reichstag
  (the sum of its distances to them, the Reichstag's twice) goes there,
  one moving unit a destination hex, none where a unit stands; then
  done. The examples end out of enemy zones of control (a unit in one
  must attack, 12.0): to attack, a unit first tries the two hexes next
  to an enemy hex of its sector within 2 hexes of its example's, nearer
  its targets, and goes to its example's hex when the rules refuse
  both. A move that may enter a hex with an unchecked bridge (18.1: a
  die roll, which ends the step) goes last, without the done; the
  standing "move-front: done" ends the phase after its roll (and no
  other movement phase, umpire-orders(5), SCOPES).
- move, German: the Germans hold their ground, but a mobile unit that
  can reach an objective hex of their sector a Soviet front controls
  retakes it (21.2).
- attack: a plan (attacks joined by ";"): a Soviet front makes every
  attack offered, then each of their units alone, then every attack
  it expects after its moves (each enemy hex of its sector, face down
  or not, with all its units next to it, then with each of them
  alone, then each unit on any other hex next to it, where a German
  may have retreated; the rules skip those not legal), then done; the
  Germans are done unless an attack is owed.
- the German reinforcement phase he commands (16.3, 16.7): when a
  supply depot or emergency airfield he placed stands in that sector
  and a German unit eliminated there could come back, his kept
  "depot: none" is left out, the rules ask him (the view of his first
  mail of the turn) and he brings back the first unit offered; the
  German movement that follows is done, the attacks as planned.
- flips none (a face-down counter keeps its secret), snipers held,
  reconnaissance none outside his turn's start; the defender's choices
  default, auto, stay, and no advance (standing answers, kept in
  force: advance-front-defender, advance-german-*: a defender holds
  his ground, and the Germans hold theirs). His own front's advance
  after combat is the policy advance-front-attacker: auto (14.0,
  umpire-orders(5)): the strongest unit that attacked and may enter the
  hex the defender left advances into it and stops there, as a
  player of the table game usually does; the combat's die decides
  which hex is left, so choosing the advance himself would cost a mail
  each combat. Were it asked, choose_advance takes the offered hex
  nearest the Reichstag.
"""
import os
import re
import subprocess
import sys

import yaml

SIDE, VIEW, KEY, UMPIRE = sys.argv[1:5]
SCN = os.path.join(os.environ.get("UMPIRE_SCENARIOS", "scenarios"),
                   "race-to-the-reichstag.yaml")
REICHSTAG = "3413"
# the standing answers to what the step may ask after the answers
# given (the attack plan is added per step): spend nothing, keep every
# counter where it is, no engineer in place, and the defender's
# choices; all but the attack plan are policies the rules keep in
# force until his next file (so the other player's step, and the start
# of his own player turn after it, need no mail from him)
STANDING = [("lose", "default"), ("retreat", "auto"), ("stay", "stay"),
            ("advance-front-attacker", "auto"),
            ("advance-front-defender", "no"),
            ("advance-german-attacker", "no"),
            ("advance-german-defender", "no"),
            ("max-effort", "no"), ("replace", "done"),
            ("barrage", "done"), ("recon", "none"), ("flip", "none"),
            ("depot", "none"), ("sniper", "hold"), ("me262", "none"),
            ("enter", "auto"), ("engineer", "none")]


def cube(h):
    """CCRR on a flat map whose even columns are lowered (hex.c)."""
    c, r = int(h[:2]), int(h[2:])
    z = r - (c + 1) // 2
    return c, z, -c - z


def around(h):
    """The hexes next to h on the map (60 x 31, CCRR)."""
    c, r = int(h[:2]), int(h[2:])
    out = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            n = "%02d%02d" % (c + dc, r + dr)
            if 1 <= c + dc <= 60 and 1 <= r + dr <= 31 and n != h and \
                    dist(h, n) == 1:
                out.append(n)
    return out


def dist(a, b):
    a, b = cube(a), cube(b)
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


def expand(spec):
    """A region "0101-6001,0102" as a list of hexes (a range runs along
    a row or a column)."""
    out = []
    for part in spec.replace(" ", "").split(","):
        if not part:
            continue
        if "-" not in part:
            out.append(part)
            continue
        a, b = part.split("-")
        ca, ra, cb, rb = int(a[:2]), int(a[2:]), int(b[:2]), int(b[2:])
        for c in range(min(ca, cb), max(ca, cb) + 1):
            for r in range(min(ra, rb), max(ra, rb) + 1):
                out.append("%02d%02d" % (c, r))
    return out


MAP = yaml.safe_load(open(SCN))["data"]["map"]
REGIONS = {k: expand(v) for k, v in MAP["regions"].items()}
TERRAIN = {}
for line in MAP["hexes"].split("\n"):
    w = line.split()
    if len(w) >= 2 and re.match(r"^\d{4}$", w[0]):
        TERRAIN[w[0]] = w[1]
BRIDGES, ROADS = set(), set()
for line in MAP["sides"].split("\n"):
    w = line.split()
    if len(w) >= 3 and "bridge" in w[2:] and re.match(r"^\d{4}$", w[0]):
        BRIDGES.add("-".join(sorted(w[:2])))
    if len(w) >= 3 and "road" in w[2:] and re.match(r"^\d{4}$", w[0]):
        ROADS.update(w[:2])
# 19.1: hexsides of water (river, canal, lake) with no bridge, which an
# engineer in place makes count as bridged
WATER = set()
for line in MAP["sides"].split("\n"):
    w = line.split()
    if len(w) >= 3 and re.match(r"^\d{4}$", w[0]) and \
            any(k in w[2:] for k in ("river", "canal", "lake")) and \
            "bridge" not in w[2:]:
        WATER.add(tuple(sorted(w[:2])))
# 16.3: where an emergency airfield may go (a road or airfield hex)
AIRSTRIP_OK = ROADS | {h for line in MAP["hexes"].split("\n")
                       for h in [line.split()[0] if line.split() else ""]
                       if "airfield" in line.split()[1:]}
OBJECTIVES = set(REGIONS["so-1bf"] + REGIONS["so-1uf"])
# the Soviet counters and their fronts (the order of battle)
SOVIET, AIRSTRIPS, CORPS = {}, set(), set()
for line in yaml.safe_load(open(SCN))["data"]["units"].split("\n"):
    w = line.split(";")[0].split()
    if len(w) > 5 and w[1] == "soviet":
        SOVIET[w[0]] = next((x for x in w if x in ("1bf", "1uf")), None)
        if "corps" in w[5:]:
            CORPS.add(w[0])
    if len(w) > 5 and "airstrip" in w[2:]:
        AIRSTRIPS.add(w[0])
# every scalar a string: hexes such as 0301 stay hexes
STATE = yaml.load(open(VIEW), Loader=yaml.BaseLoader).get("state") or {}


def where(unit):
    h = (STATE.get("units") or {}).get(unit)
    return str(h) if h is not None and re.match(r"^\d{4}$", str(h)) \
        else None


def questions(template):
    """The template's questions, in order: (key, text, options,
    first answer)."""
    out, cur, mode = [], None, None
    for line in template.split("\n"):
        m = re.match(r"^# rule [^,]+, ([\w-]+): (.*)$", line)
        if m:
            cur = {"key": m.group(1), "text": m.group(2), "legal": ""}
            mode = "text"
            continue
        if cur is None:
            continue
        if line.startswith(("# legal:", "# for example:")):
            cur["legal"] += line
            mode = "legal"
            continue
        if line.startswith("#   ") and mode:
            cur[mode] += " " + line[1:].strip()
            continue
        m = re.match(r'^- ([\w-]+): "(.*)"$', line)
        if m:
            out.append((m.group(1), cur["text"],
                        re.findall(r'"([^"]*)"', cur["legal"]),
                        m.group(2)))
            cur, mode = None, None
    return out


def soviet_turn(text):
    """A Soviet front's phase ("1bf movement", "1BF combat"), not a
    German one ("German (1BF sector) ...")."""
    return not text.startswith("German")


def stacks():
    """How many counters stand in each hex, as the view shows them
    (face-down and hidden ones included)."""
    count = {}
    for h in (STATE.get("units") or {}).values():
        if re.match(r"^\d{4}$", h):
            count[h] = count.get(h, 0) + 1
    for h, v in (STATE.get("stacks") or {}).items():
        count[h] = max(count.get(h, 0), len(v or []))
    return count


def setup_region(hexes):
    """The smallest set-up region of the map that holds these hexes
    (the examples the template gives for one counter)."""
    regions = [r for k, r in REGIONS.items() if k.startswith("setup-") and
               all(h in r for h in hexes)]
    return min(regions, key=len) if regions else list(hexes)


def choose_place(text, examples):
    """Every counter the question lists, each to a hex: the template
    shows each counter's first legal hexes, which name its set-up
    region."""
    m = re.search(r"one answer a counter: (.*)$", text)
    if not re.match(r"^3\.", text):
        # a reinforcement (7.x) or another placement in the game: its
        # zone is the rules' to know; "auto" puts the next counter at
        # the first legal hex of it, and the standing "auto" the rest
        # (how many the rules ask now is theirs to know too)
        return [("place", "auto")]
    # the list may end in "..." (a question's text is bounded): the
    # examples name the rest, or some of it
    units = [u for u in (m.group(1).split() if m else []) if u != "..."]
    for o in examples:
        if o.split()[0] not in units:
            units.append(o.split()[0])
    soviet = re.match(r"^3\.1[12]", text) is not None
    count = stacks()
    limit = 1 if soviet else 3
    out, region = [], None
    for u in units:
        ex = [o.split()[-1] for o in examples if o.split()[0] == u]
        if ex or region is None:
            region = [h for h in setup_region(ex or [examples[0].split()[-1]])
                      if TERRAIN.get(h, "lake") != "lake" and
                      h != REICHSTAG]
        if soviet:
            key = lambda h: (dist(h, REICHSTAG), h)
        else:
            objs = [o for o in OBJECTIVES if o in region] or [REICHSTAG]
            key = lambda h: (min(dist(h, o) for o in objs),
                             dist(h, REICHSTAG), h)
        for h in sorted(region, key=key):
            if count.get(h, 0) >= limit or \
                    (u in AIRSTRIPS and h not in AIRSTRIP_OK):
                continue
            count[h] = count.get(h, 0) + 1
            out.append(("place", "%s %s" % (u, h)))
            break
    return out


def bridge_hexes():
    """Hexes with a bridge not yet checked (18.1): a Soviet unit that
    enters one rolls for it, and a roll ends the step."""
    done = set(STATE.get("demolished") or []) | set(
        STATE.get("bridges-safe") or [])
    out = set()
    for b in BRIDGES - done:
        out.update(b.split("-"))
    return out


def may_cross(a, b, risky):
    """Whether a move from a to b might enter a hex of risky: one near
    the straight way (the rules choose the cheapest path, which may
    bend)."""
    d = dist(a, b)
    return any(dist(a, h) + dist(h, b) <= d + 2 for h in risky)


def soviet_targets(text):
    """Where a Soviet front heads: its own sector's objective hexes it
    does not control yet (21.2), and the Reichstag."""
    front = "1bf" if text.lower().startswith("1bf") else "1uf"
    ctrl = STATE.get("control") or {}
    return [h for h in REGIONS["so-" + front]
            if ctrl.get(h) != front] + [REICHSTAG]


def away(h, targets):
    """How far h is from the targets: the sum of its distances to them
    (the Reichstag counting twice), so that every move a unit makes
    lowers it and no unit goes back and forth."""
    return sum(dist(h, t) for t in targets) + dist(h, REICHSTAG)


def choose_move(text, examples):
    """Soviet: the moves the examples give that bring a unit nearer
    the Reichstag, one a destination hex; those that might enter a hex
    with an unchecked bridge (a die roll, which ends the step) last, and
    only one of them, with nothing after it: what the rules ask after
    it is the next orders'."""
    if not soviet_turn(text):
        return [("move", "done")]
    safe, risky, used = [], [], set(h for h, n in stacks().items() if n)
    targets = soviet_targets(text)
    bridges = bridge_hexes()
    enemies = enemy_hexes("1bf" if text.lower().startswith("1bf")
                          else "1uf")
    # the engineers lead, so that they reach the water first (19.2)
    examples = sorted(examples, key=lambda o: not o.startswith("E1"))
    for o in examples:
        w = o.split()
        if len(w) != 3 or w[1] != "to":
            continue
        u, h = w[0], w[2]
        here = where(u)
        if here is None or h in used or \
                away(h, targets) >= away(here, targets):
            continue
        used.add(h)
        if may_cross(here, h, bridges):
            risky.append(("move", o))
            continue
        # the template's examples stop short of the enemy (they end
        # out of his zones of control, since a unit in one must
        # attack, 12.0); a player who means to attack goes on next to
        # him: the two hexes next to an enemy hex of his sector, within
        # 2 of the example's and nearer his targets than the unit,
        # nearest the example's first, are tried first (the rules
        # refuse one out of reach; then the example's move is made)
        near = sorted({n for e in enemies if dist(h, e) <= 3
                       for n in around(e) if n not in used and
                       n not in enemies and dist(h, n) <= 2 and
                       away(n, targets) < away(here, targets) and
                       not may_cross(here, n, bridges)},
                      key=lambda n: (dist(h, n), away(n, targets), n))[:2]
        for n in near:
            safe.append(("move", "%s to %s" % (u, n)))
        safe.append(("move", o))
    if risky:
        return safe + risky[:1]
    return safe + [("move", "done")]


def positions(moves):
    """Where each unit stands once the moves given are made."""
    at = {u: h for u, h in (STATE.get("units") or {}).items()
          if re.match(r"^\d{4}$", h)}
    for k, v in moves:
        w = v.split()
        if k == "move" and len(w) == 3 and w[1] == "to":
            at[w[0]] = w[2]
    return at


def predicted_attacks(soviet, front, moves):
    """The attacks the phase after these moves may offer: each enemy
    hex of the sector fought in, with every unit of the phase next to
    it (12.10: a hex's units attack together). Some may be illegal (a
    river, a unit that may not attack): a plan skips those."""
    at = positions(moves)
    sector = set(REGIONS["sector-" + front])
    mine, theirs = {}, set()
    for u, h in at.items():
        if soviet and SOVIET.get(u) == front:
            mine.setdefault(h, []).append(u)
        elif not soviet and u not in SOVIET and h in sector:
            mine.setdefault(h, []).append(u)
        elif soviet and u not in SOVIET and h in sector:
            theirs.add(h)
        elif not soviet and SOVIET.get(u) and h in sector:
            theirs.add(h)
    if soviet:
        # counters the view shows without a name (face down, hidden)
        for h, v in (STATE.get("stacks") or {}).items():
            if h in sector and any(x.startswith("hidden:") or
                                   x not in SOVIET for x in v or []):
                theirs.add(h)
    plan, alone = [], []
    for e in sorted(theirs, key=lambda h: (dist(h, REICHSTAG), h)):
        units = [u for h, us in sorted(mine.items()) if dist(h, e) == 1
                 for u in us]
        if units:
            plan.append("%s %s" % (e, " ".join(units)))
        if len(units) > 1:
            alone += ["%s %s" % (e, u) for u in units]
    # then each of them alone: a unit left out of a hex's attack (its
    # partner attacked elsewhere first) still makes the attack it owes;
    # and each unit on every other hex next to it, where a German may
    # have retreated during the phase (an empty hex: skipped)
    for h, us in sorted(mine.items()):
        for n in sorted(sector):
            if n not in theirs and n not in mine and dist(h, n) == 1:
                alone += ["%s %s" % (n, u) for u in us]
    return plan + alone


def attack_plan(soviet, attacks):
    """A plan (12.0 as read here: attacks joined by ";", the first one
    legal declared): a Soviet front makes every attack in turn, then
    done; the Germans are done unless an attack is owed."""
    if soviet:
        return "; ".join(attacks + ["done"])
    return "; ".join(["done"] + attacks)


def choose_attack(text, options, moves=()):
    """Every attack the template offers, then each of its units alone
    (a partner may be lost in an earlier attack of the phase), then
    the attacks expected from the positions, as a plan."""
    offered = [a for a in options if a != "done"]
    alone = []
    for a in offered:
        w = a.split()
        units = [u for u in w[1:] if u not in ("mobile", "assault")]
        if len(units) > 1:
            alone += ["%s %s" % (w[0], u) for u in units]
    soviet, front = phase_of(text)
    return [("attack", attack_plan(soviet, offered + alone +
                                   predicted_attacks(soviet, front,
                                                     list(moves))))]


def choose_advance(text, options):
    best, bd = "no", None
    for o in options:
        w = o.split()
        if o == "no" or len(w) < 2 or \
                not re.match(r"^\d{4}$", w[-1]):
            continue
        if bd is None or dist(w[-1], REICHSTAG) < bd:
            best, bd = o, dist(w[-1], REICHSTAG)
    return [("advance", best)]


def phase_of(text):
    """(soviet, front or sector) of the phase a question belongs to:
    "1bf movement", "1BF combat", "German (1BF sector) movement"."""
    m = re.search(r"(1bf|1uf)", text.lower())
    return soviet_turn(text), m.group(1) if m else SIDE


def enemy_hexes(front):
    """The hexes of a sector where the view shows Germans: named
    ones, and counters it shows without a name (face down, the other
    player's, the Reichstag's undecided garrison)."""
    sector = set(REGIONS["sector-" + front])
    out = {h for u, h in (STATE.get("units") or {}).items()
           if u not in SOVIET and re.match(r"^\d{4}$", h) and h in sector}
    for h, v in (STATE.get("stacks") or {}).items():
        if h in sector and any(x not in SOVIET for x in v or []):
            out.add(h)
    if str(STATE.get("reichstag-blind", "0")) not in ("0", ""):
        out.add(REICHSTAG)
    return out


def front_units(front):
    return {u: h for u, h in (STATE.get("units") or {}).items()
            if SOVIET.get(u) == front and re.match(r"^\d{4}$", h)}


def targets_in_reach(front, reach=1):
    """The enemy hexes within reach of a unit of the front (1: next
    to it), the Reichstag and the objective hexes first, then by
    distance to the Reichstag."""
    mine = set(front_units(front).values())
    hexes = [e for e in enemy_hexes(front)
             if any(dist(e, h) <= reach for h in mine)]
    return sorted(hexes, key=lambda e: (e != REICHSTAG,
                                       e not in OBJECTIVES,
                                       dist(e, REICHSTAG), e))


def spent(side):
    try:
        return int((STATE.get("sp-spent") or {}).get(side, "0"))
    except ValueError:
        return 0


# what a front spends at most in a game (each SP is -1 VP, 21.3; the
# Reichstag is +30 and an objective hex +5, 27.4)
BUDGET = 30


def decide_recon(options):
    """17.3: examine the offered hex nearest the Reichstag (free)."""
    hexes = [o for o in options if re.match(r"^\d{4}$", o)]
    return min(hexes, key=lambda h: (dist(h, REICHSTAG), h)) \
        if hexes else "none"


def decide_max_effort():
    """6.7: once a game, 10 SP: when the front starts its turn in
    contact, so that two combat phases are worth more than a
    movement phase: next to the Reichstag, or next to three enemy
    hexes (one an objective hex), or on the last turns with any."""
    turn = int(STATE.get("turn", "1"))
    engaged = targets_in_reach(SIDE)
    if spent(SIDE) + 10 > BUDGET:
        return "no"
    if REICHSTAG in engaged:
        return "yes"
    if turn >= 3 and (len(engaged) >= 2 or
                      any(e in OBJECTIVES for e in engaged)):
        return "yes"
    if turn >= 8 and engaged:
        return "yes"
    return "no"


def decide_replace(options, done_now):
    """8.2: one replacement a player turn while the game has turns
    left to use it and the budget allows: a corps first (4 SP)."""
    units = [o for o in options if o != "done"]
    turn = int(STATE.get("turn", "1"))
    if done_now or not units or turn > 8 or spent(SIDE) + 4 > BUDGET:
        return "done"
    return sorted(units, key=lambda u: (u not in CORPS, u))[0]


def decide_barrage(qtext, options, placed):
    """15.x: an artillery marker (1 SP) on each of the two best enemy
    hexes next to the front's units (the attacks there are doubled,
    15.4); once a game an air strike examines (17.4) the hidden
    counters nearest the Reichstag."""
    markers = []
    for o in options:
        m = o.split()[0]
        if m != "done" and m not in markers:
            markers.append(m)
    for m in re.findall(r"\b([AS]1(?:BF|UF)\d)\b", qtext):
        if m not in markers:
            markers.append(m)
    # his own markers used so far (the other front's are listed too)
    used = {m for m in (STATE.get("markers-used") or {})
            if SIDE.upper() in m}
    air = [m for m in markers if m.startswith("S")]
    art = [m for m in markers if m.startswith("A")]
    if spent(SIDE) + len(placed) + 1 > BUDGET:
        return ["done"]
    out = []
    if air and not any(m.startswith("S") for m in used) and \
            not any(p.endswith("recon") for p in placed) and \
            int(STATE.get("turn", "1")) >= 3:
        sector = set(REGIONS["sector-" + SIDE])
        hid = sorted((h for h, v in (STATE.get("stacks") or {}).items()
                      if h in sector and h != REICHSTAG and
                      any(x.startswith("hidden:") for x in v or [])),
                     key=lambda h: (dist(h, REICHSTAG), h))
        if hid:
            out.append("%s %s recon" % (air[0], hid[0]))
    if art and sum(1 for p in placed if p[0] == "A") < 2:
        # before the movement: the enemy hexes his units can reach
        # and attack this turn (3 hexes of city at 2 MP a hex)
        for t in targets_in_reach(SIDE, 3):
            # only where a hex is to be won: an objective hex (+5 VP,
            # Potsdam +10) or the Reichstag (+30), 27.4
            if t not in OBJECTIVES and t != REICHSTAG:
                continue
            if all(dist(t, p.split()[1]) > 2 for p in placed
                   if p[0] == "A"):
                out.append("%s %s" % (art[0], t))
                break
    return out + ["done"]


def decide_engineer(options):
    """19.2: put in place each engineer offered that stands by water
    with no bridge (its hexsides and those touching its hex) next to
    another unit of the front: they cross it as if bridged."""
    mine = front_units(SIDE)
    out = []
    for e in [o for o in options if o != "none" and " " not in o]:
        h = mine.get(e)
        if h is None:
            continue
        sides = [w for w in WATER if dist(h, w[0]) <= 1 and
                 dist(h, w[1]) <= 1]
        if sides and any(u != e and dist(p, h) <= 3
                         for u, p in mine.items()):
            out.append(e)
    return " ".join(out) if out else "none"


def engineers_to_water(head, answers, in_place):
    """19.1: an engineer not in place goes to the bank of the water
    with no bridge nearest the Reichstag that it can reach this
    phase (checked on the view), where it will be put in place for
    the units behind it."""
    out, taken = [], set()
    for e, h in sorted(front_units(SIDE).items()):
        if not e.startswith("E1") or e in in_place:
            continue
        banks = sorted({x for w in WATER for x in w
                        if dist(h, x) <= 4 and x not in taken and
                        x in REGIONS["sector-" + SIDE] and
                        not stacks().get(x)},
                       key=lambda x: (dist(x, REICHSTAG), x))
        if any(dist(h, x) == 0 for w in WATER for x in w):
            continue
        for x in banks[:8]:
            m = ("move", "%s to %s" % (e, x))
            if dist(x, REICHSTAG) < dist(h, REICHSTAG) + 2 and \
                    run_template(head, answers + out + [m], []) is not None:
                out.append(m)
                taken.add(x)
                break
    return out


def risky_move(m):
    """Whether a move answer "UNIT to HEX ..." may enter a hex with a
    bridge not yet checked (18.1)."""
    w = m[1].split()
    return len(w) >= 3 and where(w[0]) is not None and \
        may_cross(where(w[0]), w[2], bridge_hexes())


def grab_objectives(head, answers):
    """6.5, 21.2: a unit that can reach an objective hex of his sector
    not yet his, or the Reichstag, goes there, with a forced march (1
    SP, +3 MP) if it needs one (at most two a turn): each is checked
    on the view after the answers before it. The moves, or none."""
    tgt = [t for t in soviet_targets(SIDE) if t not in enemy_hexes(SIDE)
           and not stacks().get(t)]
    mine = front_units(SIDE)
    out, forced, used = [], 0, set()
    for t in sorted(tgt, key=lambda h: (h != REICHSTAG, h)):
        for u, h in sorted(mine.items(), key=lambda x: dist(x[1], t)):
            if u in used or dist(h, t) > 5:
                continue
            for m in ["%s to %s" % (u, t), "%s to %s forced" % (u, t)]:
                if m.endswith("forced") and (forced >= 2 or
                                             spent(SIDE) >= BUDGET):
                    continue
                if run_template(head, answers + out + [("move", m)],
                                []) is not None:
                    out.append(("move", m))
                    used.add(u)
                    forced += m.endswith("forced")
                    break
            if u in used:
                break
    return out


def german_moves(head, text, options):
    """9.0, 21.2: the Germans hold their ground, but a mobile unit
    that can reach an objective hex of their sector a Soviet front
    controls retakes it (his control ends, 21.2), each move checked on
    the view after those before it; then done."""
    soviet, front = phase_of(text)
    ctrl = STATE.get("control") or {}
    lost = [h for h, f in ctrl.items() if h in OBJECTIVES and
            h in REGIONS["sector-" + front] and h != REICHSTAG and
            not stacks().get(h)]
    movers = []
    for o in options:
        w = o.split()
        if len(w) == 3 and w[1] == "to" and w[0] not in movers:
            movers.append(w[0])
    out = []
    for h in sorted(lost):
        for u in sorted(movers, key=lambda u: dist(where(u) or h, h)):
            if where(u) is None or dist(where(u), h) > 6:
                continue
            m = ("move", "%s to %s" % (u, h))
            if run_template(head, out + [m], []) is not None:
                out.append(m)
                movers.remove(u)
                break
    return out + [("move", "done")]


def depot_wanted():
    """16.3, 16.7: whether a supply depot or emergency airfield he
    placed stands in the sector whose Germans he commands while a
    German unit eliminated there could come back: then his kept
    "depot: none" is left out, so that the rules ask him at his next
    German reinforcement phase (the view of his first mail of the
    turn) and he uses it."""
    sector = "1uf" if SIDE == "1bf" else "1bf"
    units = STATE.get("units") or {}
    have = any((u.startswith("Depot") or u.startswith("EAF")) and
               re.match(r"^\d{4}$", h) and h in REGIONS["sector-" + sector]
               for u, h in units.items())
    dead = any(v == sector and u not in SOVIET
               for u, v in (STATE.get("eliminated-in") or {}).items())
    return have and dead


def choose_depots(head, text):
    """Every depot or airfield question of the step: the first legal
    use the template offers (it lists only legal ones), each checked
    on the view after the answers before it."""
    answers = []
    for _ in range(10):
        qs = questions(text)
        if len(qs) <= len(answers) or qs[len(answers)][0] != "depot":
            break
        opts = [o for o in qs[len(answers)][2] if o != "none"] + ["none"]
        for a in opts:
            t = run_template(head, answers + [("depot", a)], [])
            if t is not None:
                answers.append(("depot", a))
                text = t
                break
        else:
            break
    return answers


def run_template(head, answers, standing):
    """The order template after these answers (umpire orders VIEW
    --answers), or None when they are refused."""
    text = head + "answers:\n" + "".join(
        '- %s: "%s"\n' % kv for kv in answers) + "standing:\n" + "".join(
        '  %s: "%s"\n' % kv for kv in standing)
    path = os.path.join(os.path.dirname(os.path.abspath(VIEW)),
                        ".choose-try.yaml")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run([UMPIRE, "orders", VIEW, "-s", KEY, "--answers",
                        path], capture_output=True, text=True)
    os.unlink(path)
    return p.stdout if p.returncode == 0 else None


def own_turn(head, text):
    """A player turn of his front from its start (17.3, 6.7, 8.2, 7.1,
    15.x, 19.2, then the movement or, with a Maximum Effort, the first
    combat): each question answered in turn, checked on the view with
    the answers before it (umpire orders VIEW --answers); a choice the
    rules refuse falls back to what spends nothing."""
    answers, attack, moved, arrived = [], None, None, []
    in_place = []
    replaced, placed = 0, []
    pending = []
    for _ in range(400):
        qs = questions(text)
        if len(qs) <= len(answers):
            break
        key, qtext, options, default = qs[len(answers)]
        if pending and pending[0][0] == key:
            # the moves chosen, each checked in turn: one the rules
            # refuse is left out (the unit stays)
            tries = [m[1] for m in pending] + ["done"]
        elif key == "move" and moved is not None and not pending:
            tries = ["done"]
        else:
            pending = []
            if key == "recon":
                tries = [decide_recon(options)]
            elif key == "max-effort":
                tries = [decide_max_effort()]
            elif key == "replace":
                tries = [decide_replace(options, replaced)]
            elif key == "place":
                # a reinforcement or replacement (7.1, 8.2): the
                # offered hex that brings it nearest its objectives,
                # so that the attacks after it can be planned
                u = options[0].split()[0] if options else None
                hexes = [o.split()[1] for o in options
                         if len(o.split()) == 2 and o.split()[0] == u]
                tgt = soviet_targets(SIDE)
                tries = ["%s %s" % (u, min(hexes, key=lambda h: (
                    away(h, tgt), h)))] if hexes else []
                tries.append("auto")
            elif key == "barrage":
                tries = decide_barrage(qtext, options, placed)
            elif key == "engineer":
                tries = [decide_engineer(options)]
                in_place = tries[0].split()
            elif key == "move":
                # the moves that may roll for a bridge (18.1: a die,
                # which ends the step) only from choose_move, last
                moved = [m for m in grab_objectives(head, answers)
                         if not risky_move(m)]
                eng = engineers_to_water(head, answers + moved, in_place)
                moved += [m for m in eng if not risky_move(m)]
                rest = choose_move(qtext, options)
                # one move that may roll for a bridge, last: an
                # engineer's first (it is the one to cross there)
                late = [m for m in eng if risky_move(m)][:1]
                if late and rest and rest[-1][1] != "done":
                    rest = rest[:-1]
                moved += [m for m in rest if m[1] != "done"] + late + \
                    [m for m in rest if m[1] == "done"][:0 if late else 1]
                pending = list(moved)
                tries = [m[1] for m in pending] + ["done"]
            elif key == "attack":
                # the attacks offered now, then those expected
                attack = choose_attack(qtext, options, arrived + [
                    a for a in answers if a[0] == "move"])[0][1]
                tries = [attack]
            else:
                tries = [default]
        if key != "move":
            tries.append(default)
        for a in tries:
            t = run_template(head, answers + [(key, a)], [])
            if t is not None:
                answers.append((key, a))
                text = t
                if key == "replace" and a != "done":
                    replaced += 1
                if key == "place" and len(a.split()) == 2:
                    arrived.append(("move", "%s to %s" % tuple(a.split())))
                if key == "barrage" and a != "done":
                    placed.append(a)
                if pending and key == "move":
                    while pending and pending[0][1] != a:
                        pending.pop(0)
                    pending = pending[1:]
                break
        else:
            break
        if key == "attack":
            break
    if attack is None:
        # the attacks expected where the units stand after the moves
        # the rules took (those after a bridge's die are not made)
        attack = attack_plan(True, predicted_attacks(
            True, SIDE, arrived + [a for a in answers if a[0] == "move"]))
    return answers, attack


def main():
    p = subprocess.run([UMPIRE, "orders", VIEW, "-s", KEY],
                       capture_output=True, text=True, check=True)
    text = p.stdout
    key, qtext, options, default = questions(text)[0]
    head = "\n".join(l for l in text[:text.index("answers:\n")].split("\n")
                     if l and not l.startswith("#")) + "\n"
    plan = None
    own = key in ("recon", "max-effort", "replace", "barrage",
                  "engineer") or (key == "move" and soviet_turn(qtext))
    if own:
        out, plan = own_turn(head, text)
    elif key == "place":
        out = choose_place(qtext, options)
    elif key == "move":
        out = german_moves(head, qtext, options)
        soviet, front = phase_of(qtext)
        plan = attack_plan(soviet, predicted_attacks(soviet, front, out))
    elif key == "attack":
        out = choose_attack(qtext, options)
        plan = out[0][1]
    elif key == "depot":
        out = choose_depots(head, text)
        soviet, front = phase_of(qtext)
        # the German movement comes after this phase's draws: they
        # hold their ground, and attack as planned
        plan = attack_plan(False, predicted_attacks(
            False, "1uf" if SIDE == "1bf" else "1bf", []))
    elif key == "advance" and soviet_turn(qtext):
        out = choose_advance(qtext, options)
    else:
        out = [(key, default)]
    # only the standing orders this game's template names
    known = set(re.findall(r"(?m)^#  ([\w-]+): ", text))
    # a Soviet movement step: after a move that rolled for a bridge,
    # the rest of the phase is done (the units left move next turn);
    # the phases after it in this step are the other player's
    soviet_move = own
    # the German player turn he commands: the start of his own
    # front's player turn, which follows in the same step, is left
    # unanswered (no standing order), so that the step ends there and
    # his next view asks it, with the German combat's results in view
    german_move = (key == "move" and not soviet_turn(qtext)) or \
        key == "depot"
    drop = {"max-effort", "replace", "barrage", "recon", "engineer"} \
        if german_move else set()
    if own and depot_wanted():
        drop.add("depot")
    standing = [kv for kv in ([("attack", plan)] if plan else []) +
                ([("place", "auto")] if key != "draw" else []) +
                ([("move-front", "done")] if soviet_move else []) +
                ([("move-german", "done")] if key == "depot" else []) +
                STANDING if kv[0] in known and kv[0] not in drop]
    sys.stdout.write(head + "answers:\n" +
                     "".join('- %s: "%s"\n' % kv for kv in out) +
                     "standing:\n" +
                     "".join('  %s: "%s"\n' % kv for kv in standing))


if __name__ == "__main__":
    main()

