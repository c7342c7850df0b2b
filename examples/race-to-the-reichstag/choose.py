#!/usr/bin/env python3
"""choose.py SIDE VIEW KEY UMPIRE - the scripted player of the
Race to the Reichstag example. It reads only what a player has: his
view (the referee's mail), the order template of that view (`umpire
orders VIEW -s KEY`: in referee mode it holds the pending question
alone, with its legal answers or examples) and the public scenario (the
map). It answers that question and, where the rules will go on asking
him before the next die roll (the rest of his placements, his other
units' moves), those questions too, in the same file, as a person
would: from the map and what he sees. He cannot check those further
answers against the rules before mailing them (`umpire orders
--answers` works on a game file, not on a view), so he writes only
answers that the map and his view make sure of. It gives standing orders for every question the rest of
the step may ask of him. Prints the orders (unsigned).

Policy:
- draw: draw.
- place, set-up (3.5-3.12): every counter asked for, in the order the
  rules list them; a German to the hex of its set-up region nearest an
  objective hex of the region (then the Reichstag), at most three a
  hex, an emergency airfield on a road or airfield hex (16.3); a
  Soviet to the free hex of its region nearest the Reichstag. A
  reinforcement (7.x): auto (the first legal hex of its zone), and the
  standing "place: auto" for the rest.
- move, Soviet: every unit that one of the template's examples brings
  nearer its front's objective hexes not yet taken and the Reichstag
  (the sum of its distances to them, the Reichstag's twice) goes there,
  one moving unit a destination hex, none where a unit stands; then
  done. A move that may enter a hex with an unchecked bridge (18.1: a
  die roll, which ends the step) goes last, one a file, without the
  done; the standing "move: done" ends the phase after its roll.
- move, German: the Germans hold their ground (done).
- attack: a plan (attacks joined by ";"): a Soviet front makes every
  attack offered, or, given as the standing answer in a movement step,
  every attack it expects after its moves (each enemy hex of its
  sector with all its units next to it; the rules skip those not
  legal), then done; the Germans are done unless an attack is owed.
- Maximum Effort no, replacements and barrages done, reconnaissance,
  flips, depots and engineers none, snipers held (standing answers,
  kept in force); the defender's choices default, auto, stay, no
  advance (standing answers, kept in force); a Soviet advance
  after combat asked in his own step: to the offered hex nearest the
  Reichstag.
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
            ("advance", "no"), ("max-effort", "no"), ("replace", "done"),
            ("barrage", "done"), ("recon", "none"), ("flip", "none"),
            ("depot", "none"), ("sniper", "hold"), ("me262", "none"),
            ("enter", "auto"), ("engineer", "none")]


def cube(h):
    """CCRR on a flat map whose even columns are lowered (hex.c)."""
    c, r = int(h[:2]), int(h[2:])
    z = r - (c + 1) // 2
    return c, z, -c - z


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
# 16.3: where an emergency airfield may go (a road or airfield hex)
AIRSTRIP_OK = ROADS | {h for line in MAP["hexes"].split("\n")
                       for h in [line.split()[0] if line.split() else ""]
                       if "airfield" in line.split()[1:]}
OBJECTIVES = set(REGIONS["so-1bf"] + REGIONS["so-1uf"])
# the Soviet counters and their fronts (the order of battle)
SOVIET, AIRSTRIPS = {}, set()
for line in yaml.safe_load(open(SCN))["data"]["units"].split("\n"):
    w = line.split(";")[0].split()
    if len(w) > 5 and w[1] == "soviet":
        SOVIET[w[0]] = next((x for x in w if x in ("1bf", "1uf")), None)
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
        (risky if may_cross(here, h, bridges) else safe).append(
            ("move", o))
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
    plan = []
    for e in sorted(theirs, key=lambda h: (dist(h, REICHSTAG), h)):
        units = [u for h, us in sorted(mine.items()) if dist(h, e) == 1
                 for u in us]
        if units:
            plan.append("%s %s" % (e, " ".join(units)))
    return plan


def attack_plan(soviet, attacks):
    """A plan (12.0 as read here: attacks joined by ";", the first one
    legal declared): a Soviet front makes every attack in turn, then
    done; the Germans are done unless an attack is owed."""
    if soviet:
        return "; ".join(attacks + ["done"])
    return "; ".join(["done"] + attacks)


def choose_attack(text, options):
    """Every attack the template offers, as a plan."""
    return [("attack", attack_plan(soviet_turn(text),
                                   [a for a in options if a != "done"]))]


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


def main():
    p = subprocess.run([UMPIRE, "orders", VIEW, "-s", KEY],
                       capture_output=True, text=True, check=True)
    text = p.stdout
    key, qtext, options, default = questions(text)[0]
    plan = None
    if key == "place":
        out = choose_place(qtext, options)
    elif key == "move":
        out = choose_move(qtext, options)
        soviet, front = phase_of(qtext)
        plan = attack_plan(soviet, predicted_attacks(soviet, front, out))
    elif key == "attack":
        out = choose_attack(qtext, options)
        plan = out[0][1]
    elif key == "advance" and soviet_turn(qtext):
        out = choose_advance(qtext, options)
    else:
        out = [(key, default)]
    # only the standing orders this game's template names
    known = set(re.findall(r"(?m)^#  ([\w-]+): ", text))
    # a Soviet movement step: after a move that rolled for a bridge,
    # the rest of the phase is done (the units left move next turn);
    # the phases after it in this step are the other player's
    soviet_move = key == "move" and soviet_turn(qtext)
    standing = [kv for kv in ([("attack", plan)] if plan else []) +
                ([("place", "auto")] if key != "draw" else []) +
                ([("move", "done")] if soviet_move else []) +
                STANDING if kv[0] in known]
    head = [l for l in text[:text.index("answers:\n")].split("\n")
            if l and not l.startswith("#")]
    sys.stdout.write("\n".join(head) + "\nanswers:\n" +
                     "".join('- %s: "%s"\n' % kv for kv in out) +
                     "standing:\n" +
                     "".join('  %s: "%s"\n' % kv for kv in standing))


if __name__ == "__main__":
    main()
