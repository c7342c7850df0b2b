"""trying.py - Aachen players who try, for choose.py (CHOOSE_POLICY) and
the bench's balance run (bench/bench.py --balance).

Each policy is a plan: for a side's movement phase, which unit goes for
which hex, in order (a unit named twice keeps its first target), and
the odds (the combat results table's column after every shift, 7.3-7.5)
at which it attacks (a city hex at the best column the city leaves
where the policy asks for more). The engine (Board, move, attack)
reads the game file's state and the scenario, asks umpire for the
cheapest path to each target ("UNIT to HEX") and, when the hex is out
of reach this phase, for the nearest hex the refusal names; it
declares the attacks
at or above the policy's odds, best first, and adds a support fire
marker (8.0) where the marker lifts an attack to those odds.

Allied policies (what the hand-played games did):
  fill    every empty city hex filled by the nearest infantry; the 3rd
          Armored races for the free road hexes; attacks at +2 or better
  dash    the armour first for the German entry hexes (11.4: a held entry
          hex keeps a reinforcement off the map) and the road hexes; the
          infantry fills the city; attacks at +1 or better
  siege   stop and regroup: the infantry closes on the German-held city
          hexes and attacks only at +3 or better (+4 a fort), support
          spent where it turns the odds; the armour joins the city fight
          and drives for the roads only when one German city hex is left
  careful siege's plan, played to lose fewer units (17.1 shortens the
          game a turn for each): a unit in a city hex holds it (an empty
          city hex is the German garrison's to walk back into), and it
          attacks a city hex at the best column the city leaves (+2 on
          scenario version 7, +3 before), a
          German unit in a road or entry hex at +3 too (16.0 needs the
          roads as it needs the city), a West Wall hex only at +5 and
          any other hex only at +6, the first column of the table with
          neither EX nor AE; its armour drives for the road hexes that
          are no German entry hex first (11.4: the reinforcements arrive
          there and attack what stands in them)
  breach  careful's plan after the breach the 30th Division was there
          for (15.0): until the 2nd Armored Division is due, the
          nearest units go for the cheapest group of three contiguous
          West Wall hexes by the Wurm (filling the empty ones, closing
          on the German-held ones from where an attack may come, and
          attacking them at +4); its armour closes the ring (up to six
          units a phase), and the armour no plan names (most of the
          2nd Armored) closes on the city, next to it or three hexes
          from it (the hexes between are the attackers' retreat, 7.7);
          it assaults a city hex only once the garrison is cut off
          (version 7: a fed one falls only to an EX), and holds again a
          city hex it took that an advance left empty; it commits the
          fewest attackers that keep the odds against a German marker,
          those with a hex to retreat to first, and fires a marker
          where it lifts an attack to +6, the column with no EX (8.0,
          17.1); the engineer set up on 0301 steps off the engineers'
          entry hex (11.0: a reinforcement may not appear stacked with
          another unit)
German policies (what a defender at the table does; each first holds
the city and feeds it, 9.0: when no supply line reaches a German unit
in a city hex, the fewest empty hexes in US zones of control that would
open one, each held by a German unit, get the nearest units; with the
city fed as one, version 7, one line to any of them):
  garrison  every city hex held, by the nearest unit; the panzers left
            hold the seven road hexes nearest the Americans (as
            screen's); counter-attacks at +3 or better
  screen    the city held by the infantry; the panzers and the
            reinforcements take back the road and entry hexes the
            Americans took, and the panzers left hold the seven road
            hexes nearest the Americans, one already in one staying
            (16.0: the Allies need six of twelve, at any time, and
            drive into empty ones in the phase the city falls);
            counter-attacks at +2
  wall      the city held first, by the nearest units (West Wall
            ones too); every other unit in a West Wall hex stays there
            (13.0), the rest take back the road hexes the Americans
            took and hold the seven nearest them (as screen's);
            counter-attacks at +4
  counter   the answer to careful: the city held by the infantry, the
            panzers standing in the road and entry hexes nearest the
            Americans before they get there (one already in one
            stays); takes back a city hex at
            the best column (as careful takes one), attacks a fort at +4 and any
            other hex at +2, where an EX is a US unit and a turn (17.1)
"""
import itertools
import os
import re

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ENTRY = ["2204", "2105", "2205", "3014", "3016", "2612", "2813", "2914"]
LOADER = getattr(yaml, "CBaseLoader", yaml.BaseLoader)


def cube(h):
    c, r = int(h[:2]), int(h[2:])
    x, z = c, r - (c - 1) // 2
    return x, z, -x - z


def dist(a, b):
    a, b = cube(a), cube(b)
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))


class Board:
    """The scenario (units, terrain, hexsides, regions, table) and the
    game file's state (where each unit is, who holds each hex)."""

    def __init__(self, game):
        d = os.environ.get("UMPIRE_SCENARIOS",
                           os.path.join(HERE, "..", "..", "scenarios"))
        scn = yaml.load(open(os.path.join(d, "aachen.yaml")), Loader=LOADER)
        data = scn["data"]
        m = data["map"]
        self.terrain = {k: (int(v.get("shift", 0)), int(v.get("defence", 100)))
                        for k, v in m["terrain"].items()}
        self.fort_shift = int(m["fortification"].get("shift", 0))
        self.fort_pct = int(m["fortification"].get("defence", 100))
        self.sidefx = {k: int(v.get("shift", 0)) for k, v in
                       m["hexsides"].items()}
        self.hexes, self.forts = {}, set()
        for line in m["hexes"].split("\n"):
            w = line.split()
            if w and w[0].isdigit():
                self.hexes[w[0]] = w[1]
                if "fort" in w[2:]:
                    self.forts.add(w[0])
        self.sides = {}
        for line in m["sides"].split("\n"):
            w = line.split()
            if len(w) > 2 and w[0].isdigit():
                self.sides[frozenset(w[:2])] = w[2:]
        reg = m["regions"]
        self.city = reg[data["aachen-city"]].split(",")
        self.roads = reg[data["east-roads"]].split(",")
        self.support = int(data.get("support", {}).get("value", 0))
        self.units = {}
        for line in data["units"].split("\n"):
            w = line.split(";")[0].split()
            if len(w) > 2:
                a, d_, mv = (int(x) for x in w[2].split("-"))
                self.units[w[0]] = {"side": w[1], "att": a, "def": d_,
                                    "mov": mv, "mech": "mech" in w,
                                    "2ad": "2ad" in w}
        # 15.0: the West Wall hexes within data.ad2-within hexes of the
        # Wurm (a hex bordering it is 1 hex from it)
        wurm = set()
        for k, v in self.sides.items():
            if data.get("wurm", "wurm") in v:
                wurm |= set(k)
        reach = int(data.get("ad2-within", 2)) - 1
        self.ww = sorted(h for h in self.forts
                         if any(dist(h, x) <= reach for x in wurm))
        self.ad2_need = int(data.get("ad2-contiguous", 3))
        # 9.0: the German supply sources (a region of "A-B" runs)
        self.cols, self.rows = int(m["columns"]), int(m["rows"])
        sup = data.get("supply", {})
        self.sources = set()
        # version 7: the garrison fed as one (city-supply: as-one)
        self.city_one = sup.get("city-supply") == "as-one"
        for run in reg.get(sup.get("german", ""), "").split(","):
            a, _, b = run.partition("-")
            b = b or a
            for c in range(min(int(a[:2]), int(b[:2])),
                           max(int(a[:2]), int(b[:2])) + 1):
                for r in range(min(int(a[2:]), int(b[2:])),
                               max(int(a[2:]), int(b[2:])) + 1):
                    self.sources.add("%02d%02d" % (c, r))
        text = open(game).read()
        st = text[text.index("\nstate:\n") + 1:]
        st = st[:st.index("\nsteps:")] if "\nsteps:" in st else st
        self.state = yaml.load(st, Loader=LOADER)["state"]
        self.where = dict(self.state["units"])
        self.allied = set(self.state.get("allied-control") or [])
        self.oos = set(self.state.get("out-of-supply") or [])
        # version 7: the garrison cut off as one after cut-off-turns
        # Allied turns in a row out of supply (9.0)
        self.cut_off = self.city_one and \
            int(self.state.get("city-cut-off") or 0) >= \
            int(sup.get("cut-off-turns", 1))
        self.turn = int(self.state["turn"])
        self.ad2 = int(self.state.get("ad2-turn") or 0)

    def neighbours(self, h):
        """The six hexes next to h on the map."""
        x, z, _ = cube(h)
        out = []
        for dx, dz in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            c = x + dx
            r = z + dz + (c - 1) // 2
            if 1 <= c <= self.cols and 1 <= r <= self.rows:
                out.append("%02d%02d" % (c, r))
        return out

    def zoc(self, side):
        """The hexes in a zone of control of side's units (6.0: the six
        next to a unit, not across an unbridged river)."""
        out = set()
        for u in self.mine(side):
            for x in self.neighbours(self.where[u]):
                k = self.sides.get(frozenset((self.where[u], x)), [])
                if "river" not in k or "bridge" in k:
                    out.add(x)
        return out

    def us_zoc(self):
        return self.zoc("allied")

    def side_of(self, u):
        return self.units[u]["side"]

    def occupant(self, h):
        for u, x in self.where.items():
            if x == h:
                return u
        return None

    def mine(self, side):
        return [u for u in self.units if self.side_of(u) == side and
                re.match(r"^\d{4}$", self.where.get(u, ""))]

    def held_by(self, h, side):
        """Whether side holds h (16.0): the Allies by allied-control."""
        return (h in self.allied) == (side == "allied")

    def column(self, hexid, attackers, support=0):
        """The combat results table's column index (0: -3 ... 9: 6) of
        attackers on hexid, after terrain, fort and hexside shifts."""
        d = self.occupant(hexid)
        att = sum(self.units[u]["att"] // (2 if u in self.oos else 1)
                  for u in attackers) + support
        shift, pct = self.terrain.get(self.hexes.get(hexid, "clear"),
                                      (0, 100))
        dfn = self.units[d]["def"] * pct // 100
        if hexid in self.forts:
            dfn = dfn * self.fort_pct // 100
            shift += self.fort_shift
        worst = 0
        for u in attackers:
            for k in self.sides.get(frozenset((self.where[u], hexid)), []):
                worst = min(worst, self.sidefx.get(k, 0))
        col = max(-3, min(6, att - dfn)) + 3
        return max(0, min(9, col + shift + worst))

    def best_column(self, hexid):
        """The best column an attack on hexid can reach: the table's
        last, after the hex's terrain and fort shifts."""
        shift = self.terrain.get(self.hexes.get(hexid, "clear"), (0, 100))[0]
        if hexid in self.forts:
            shift += self.fort_shift
        return max(0, min(9, 9 + shift))


def subsets(units):
    """Every non-empty set of the given units, smallest first."""
    return [sub for k in range(1, len(units) + 1)
            for sub in itertools.combinations(units, k)]


def fewest(board, hexid, units, support, col):
    """The attackers breach commits (7.4, 7.6, 7.7): of the sets of
    those offered that reach column col (a unit across a stream or a
    bridge shifts the whole attack, 7.4: leaving it out may gain a
    column), the one that best keeps col against a German support fire
    marker on the defence (8.0: the defender's "best" goes to the
    attack at the best odds), then with the fewest units that would
    have no hex to retreat to (an AR eliminates them: an empty hex next
    to theirs, out of a German zone of control, 6.2), the fewest units,
    the least strength (the rest stay free for another attack)."""
    zoc = board.zoc("german")
    trapped = dict((u, not any(not board.occupant(x) and x not in zoc
                               for x in board.neighbours(board.where[u])))
                   for u in units)
    best = None
    for sub in subsets(units):
        if board.column(hexid, sub, support) < col:
            continue
        kept = min(col, board.column(hexid, sub, support - board.support))
        key = (-kept, sum(trapped[u] for u in sub), len(sub),
               sum(board.units[u]["att"] for u in sub), sub)
        if best is None or key < best:
            best = key
    return list(best[-1]) if best else list(units)


def nearest(board, units, target, taken):
    free = [u for u in units if u not in taken]
    if not free:
        return None
    return min(free, key=lambda u: (dist(board.where[u], target), u))


def assign(board, units, targets, taken):
    """Each target its nearest free unit: (unit, target) pairs."""
    out = []
    for t in targets:
        u = nearest(board, units, t, taken)
        if u is None:
            break
        taken.add(u)
        out.append((u, t))
    return out


# ---- the policies: plan(board, side, mech) -> [(unit, hex)], odds ----

def infantry(board, side):
    return [u for u in board.mine(side) if not board.units[u]["mech"]]


def armour(board, side):
    return [u for u in board.mine(side) if board.units[u]["mech"]]


def city_open(board):
    return [h for h in board.city if not board.occupant(h)
            and not board.held_by(h, "allied")]


def city_german(board):
    return [h for h in board.city if board.occupant(h) and
            board.side_of(board.occupant(h)) == "german"]


def next_to(board, hexes, side):
    """Empty hexes next to the given ones (a ring to close on them)."""
    out = []
    for h in hexes:
        for x in board.hexes:
            if dist(x, h) == 1 and not board.occupant(x) and x not in out:
                out.append(x)
    return out


def roads_free(board, side, extra=()):
    want = list(extra) + [h for h in board.roads if h not in extra]
    return [h for h in want if not board.occupant(h) and
            not board.held_by(h, side)]


def allied_fill(board, mech):
    taken = set()
    plan = assign(board, infantry(board, "allied"), city_open(board), taken)
    plan += assign(board, armour(board, "allied"),
                   roads_free(board, "allied"), taken)
    plan += assign(board, infantry(board, "allied"),
                   next_to(board, city_german(board), "allied"), taken)
    return plan, 5, 7


def allied_dash(board, mech):
    taken = set()
    plan = assign(board, armour(board, "allied"),
                  roads_free(board, "allied", ENTRY), taken)
    plan += assign(board, infantry(board, "allied"), city_open(board), taken)
    plan += assign(board, infantry(board, "allied"),
                   next_to(board, city_german(board), "allied"), taken)
    return plan, 4, 6


def allied_siege(board, mech, taken=None, entry=True):
    taken = taken if taken is not None else set()
    german = city_german(board)
    plan = assign(board, infantry(board, "allied"),
                  next_to(board, german, "allied"), taken)
    plan += assign(board, infantry(board, "allied"), city_open(board), taken)
    if len(german) <= 1:
        want = roads_free(board, "allied", ENTRY if entry else ())
        if not entry:
            # the road hexes that are no German entry hex first (11.4:
            # the reinforcements arrive there and attack what stands
            # in them), then the others
            want.sort(key=lambda h: h in ENTRY)
        plan += assign(board, armour(board, "allied"), want, taken)
    else:
        plan += assign(board, armour(board, "allied"),
                       next_to(board, german, "allied"), taken)
    return plan, 6, 7


def german_hold_city(board, units, taken):
    """Each empty city hex its nearest free unit, and after it the next
    two nearest, in case it cannot get there this phase (a zone of
    control, a river: traced games left the centre empty four turns);
    the engine skips a unit whose hex another has filled."""
    want = [h for h in board.city if not board.occupant(h)]
    plan = []
    for h in want:
        free = sorted((u for u in units if u not in taken),
                      key=lambda u: (dist(board.where[u], h), u))[:3]
        if free:
            taken.add(free[0])
            plan += [(u, h) for u in free]
    return plan


def german_corridor(board, units, taken, most=3):
    """The city fed (9.0): when no German supply line reaches a German
    unit in a city hex (with the city fed as one, any of them), the
    fewest empty hexes in US zones of control
    that, each held by a German unit, would open one (a line passes a
    hex in an enemy zone of control that a friendly unit holds), at
    most `most` of them, each to its nearest free unit and the next
    two nearest (german_hold_city's fallback)."""
    import heapq
    city = [h for h in board.city if board.occupant(h) and
            board.side_of(board.occupant(h)) == "german"]
    if not city:
        return []
    zoc = board.us_zoc()

    def cost(h):
        o = board.occupant(h)
        if o:
            return 0 if board.side_of(o) == "german" else None
        return 1 if h in zoc else 0
    best, back, todo = {}, {}, []
    for h in board.sources:
        c = cost(h)
        if c is not None:
            best[h] = c
            heapq.heappush(todo, (c, h))
    while todo:
        c, h = heapq.heappop(todo)
        if c > best.get(h, 99):
            continue
        for x in board.neighbours(h):
            k = cost(x)
            if k is None or c + k >= best.get(x, 99):
                continue
            best[x], back[x] = c + k, h
            heapq.heappush(todo, (c + k, x))
    # a unit is fed when a line reaches a hex next to it: for each
    # German city unit no line reaches, the cheapest line's hexes
    fill = []
    lines = []
    for h in city:
        ends = [(best[x], x) for x in board.neighbours(h) + [h]
                if x in best and (x != h or h in board.sources)]
        if ends:
            lines.append(min(ends))
    # the garrison fed as one (version 7): one line to any city unit
    # feeds them all, so none is needed while one is fed, else the
    # cheapest alone
    if board.city_one and lines:
        lines = [] if min(lines)[0] == 0 else [min(lines)]
    for c, x in lines:
        if c == 0 or c > most:
            continue
        while x is not None:
            if cost(x) == 1 and x not in fill:
                fill.append(x)
            x = back.get(x)
    plan = []
    for h in fill:
        free = sorted((u for u in units if u not in taken and
                       board.where[u] not in board.city),
                      key=lambda u: (dist(board.where[u], h), u))[:3]
        if free:
            taken.add(free[0])
            plan += [(u, h) for u in free]
    return plan


def german_garrison(board, mech):
    taken = set(u for u in board.mine("german")
                if board.where[u] in board.city)
    plan = german_hold_city(board, board.mine("german"), taken)
    plan += german_corridor(board, board.mine("german"), taken)
    plan += road_screen(board, armour(board, "german"), taken)
    return plan, 6, 7


def german_screen(board, mech):
    taken = set(u for u in board.mine("german")
                if board.where[u] in board.city)
    plan = german_hold_city(board, infantry(board, "german"), taken)
    plan += german_corridor(board, board.mine("german"), taken)
    plan += assign(board, armour(board, "german"),
                   roads_free(board, "german", ENTRY), taken)
    plan += german_hold_city(board, armour(board, "german"), taken)
    plan += road_screen(board, armour(board, "german"), taken)
    return plan, 5, 7


def german_wall(board, mech):
    units = board.mine("german")
    taken = set(u for u in units if board.where[u] in board.city)
    # the city first, held and fed: its empty hexes and the hexes that
    # reopen its supply line go to the nearest units, West Wall ones
    # too (a player does not trade the objective for a bunker; with
    # only those within 3 hexes of the city, traced games left it empty
    # on turns 1-3, and with the West Wall's units kept out of the
    # line, cut off by turn 2); the rest of the West Wall stays
    far = set(u for u in units if board.where[u] in board.forts)
    plan = german_hold_city(board, units, taken)
    plan += german_corridor(board, units, taken)
    taken |= far
    plan += assign(board, units, roads_free(board, "german"), taken)
    plan += road_screen(board, units, taken)
    return plan, 7, 8


def roads_near(board, hexes):
    """The given road or entry hexes, nearest the Americans first."""
    us = [board.where[u] for u in board.mine("allied")]
    return sorted(dict.fromkeys(hexes),
                  key=lambda h: (min([dist(h, x) for x in us] or [99]), h))


def stand_in(board, units, hexes, taken):
    """The hexes held by standing in them (a screen before the
    Americans get there): a unit already in one stays, and each one no
    German unit holds gets its nearest free unit. (A screen that trades
    one road hex for another leaves the first open: the example game's
    panzers went back and forth between 2531 and 2730 before this.)"""
    out = []
    for h in hexes:
        o = board.occupant(h)
        if o and board.side_of(o) == "german":
            if o in units:
                taken.add(o)
        else:
            out.append(h)
    return assign(board, units, out, taken)


def road_screen(board, units, taken):
    """The seven road hexes nearest the Americans held by the units
    given, one already in one staying (stand_in): 16.0 wins "at any
    time" with the city and six of the twelve, and an empty road hex
    is taken by a drive (six traced Allied victories held 0 or 1 road
    hex as the last city hex fell, and six by the armour's drives of
    that turn or the next), a held one only by an attack."""
    return stand_in(board, units, roads_near(board, board.roads)[:7],
                    taken)


def german_counter(board, mech):
    """The answer to careful: the city held by the infantry (screen's);
    the panzers stand in the road and entry hexes nearest the
    Americans before they get there (a US unit must then attack one
    to take it, 16.0); it counter-attacks where a loss costs the
    Americans a turn (17.1): see ODDS."""
    taken = set(u for u in board.mine("german")
                if board.where[u] in board.city)
    plan = german_hold_city(board, infantry(board, "german"), taken)
    plan += german_corridor(board, board.mine("german"), taken)
    plan += stand_in(board, armour(board, "german"),
                     roads_near(board, board.roads + ENTRY), taken)
    plan += german_hold_city(board, armour(board, "german"), taken)
    return plan, 5, 7


def allied_careful(board, mech):
    """siege's plan, but a unit in a city hex holds it (an empty city
    hex is the German garrison's to walk back into), and attacks where
    a loss buys the city (see ODDS)."""
    stay = set(u for u in board.mine("allied")
               if board.where[u] in board.city)
    plan, _, _ = allied_siege(board, mech, stay, entry=False)
    return plan, 6, 8


def ww_groups(board):
    """Every contiguous group of data.ad2-contiguous West Wall hexes
    near the Wurm (15.0): the sets whose capture brings the 2nd Armored
    Division."""
    groups = set(frozenset([h]) for h in board.ww)
    for _ in range(board.ad2_need - 1):
        groups = set(g | {h} for g in groups for h in board.ww
                     if h not in g and any(dist(h, x) == 1 for x in g))
    return sorted(groups, key=sorted)


def attackable(board, a, b):
    """Whether a unit in a may attack b: no attack across an unbridged
    river (7.1)."""
    k = board.sides.get(frozenset((a, b)), [])
    return "river" not in k or "bridge" in k


def german_lines(board):
    """The German supply lines as they stand (9.0): for each hex a line
    reaches, the hex it came from (None at a source). A line passes a
    hex free of US units and of US zones of control, or one a German
    unit holds."""
    zoc = board.us_zoc()

    def passes(h):
        o = board.occupant(h)
        return board.side_of(o) == "german" if o else h not in zoc
    back = dict((h, None) for h in board.sources if passes(h))
    todo = list(back)
    while todo:
        h = todo.pop(0)
        for x in board.neighbours(h):
            if x not in back and passes(x):
                back[x] = h
                todo.append(x)
    return back


def allied_ring(board, units, taken, most=3):
    """The ring closed (9.0, version 6: a garrison found cut off as the
    Allied turn begins does not ignore a retreat): while a supply line
    reaches a German unit in a city hex, the free unit nearest a hex of
    that line outside the city goes there (its zone of control cuts
    the line), the line traced again with it there; at most `most`."""
    where = dict(board.where)
    plan = []
    try:
        for _ in range(most):
            back = german_lines(board)
            line = []
            for h in board.city:
                o = board.occupant(h)
                if not o or board.side_of(o) != "german":
                    continue
                for x in board.neighbours(h):
                    while x in back and x not in line:
                        line.append(x)
                        x = back[x]
                if line:
                    break
            line = [h for h in line if h not in board.city and
                    not board.occupant(h)]
            free = [u for u in units if u not in taken]
            if not line or not free:
                break
            u, h = min(((u, h) for u in free for h in line),
                       key=lambda p: (dist(board.where[p[0]], p[1]), p))
            taken.add(u)
            plan.append((u, h))
            board.where[u] = h
    finally:
        board.where = where
    return plan


def close_on_city(board, units):
    """Where breach's armour that no plan names goes: each unit to the
    nearest free hex next to the city (from where it attacks), else to
    one three hexes from it; a unit already next to it stays, and one
    three from it stays when no hex next to it is free. The hexes two
    from the city stay free: they are the retreat of the units that
    attack from next to it (7.7: an AR eliminates an attacker with no
    hex to go to, and each US unit lost is a turn of the game, 17.1)."""
    ring = dict((h, min(dist(h, c) for c in board.city))
                for h in board.hexes)
    near = [h for h, d in ring.items() if d in (1, 3) and
            not board.occupant(h)]
    plan = []
    for u in units:
        here = board.where[u]
        if not near or ring.get(here) == 1:
            continue
        h = min(near, key=lambda h: (ring[h], dist(here, h), h))
        if ring[h] == 3 and ring.get(here) == 3:
            continue
        near.remove(h)
        plan.append((u, h))
    return plan


def allied_breach(board, mech):
    """careful's plan, after the breach the 30th Division was there
    for (15.0): until the 2nd Armored Division is on its way, the
    nearest units (not those holding a city hex) go for the cheapest
    group of West Wall hexes near the Wurm to capture: a unit in one
    of its hexes stays, its empty hexes are filled, and its German-held
    ones are closed on from the hexes an attack may come from (none
    across the Wurm, 7.1), a unit already there staying; the rest
    plays careful's plan, which the 2nd Armored joins; armour no plan
    names closes on the city. A unit on the engineers' entry hex (0301;
    11.0: a reinforcement may not appear stacked with it) steps off it."""
    mine = board.mine("allied")
    taken = set(u for u in mine if board.where[u] in board.city)
    plan = []
    if not board.ad2:
        free = [u for u in mine if u not in taken]

        def german(h):
            o = board.occupant(h)
            return o and board.side_of(o) == "german" and o

        def cost(g):
            c = 0
            for h in g:
                if german(h):
                    c += 12 + 6 * board.units[german(h)]["def"]
                elif not board.occupant(h) and not board.held_by(h, "allied"):
                    c += min([dist(board.where[u], h) for u in free] or
                             [99])
            return c
        groups = ww_groups(board)
        if groups and free:
            g = min(groups, key=lambda g: (cost(g), sorted(g)))
            for u in free:
                if board.where[u] in g:
                    taken.add(u)
            empty = [h for h in sorted(g) if not board.occupant(h) and
                     not board.held_by(h, "allied")]
            plan += assign(board, free, empty, taken)
            for h in sorted(g):
                if not german(h):
                    continue
                near = [x for x in board.hexes if dist(x, h) == 1 and
                        attackable(board, x, h)]
                for u in free:
                    if board.where[u] in near:
                        taken.add(u)
                plan += assign(board, free, [x for x in near if not
                                             board.occupant(x)], taken)
    # a city hex taken and left empty (its unit advanced after combat,
    # 7.9) is held again by the nearest free unit: the German player
    # walks back into an empty one (16.0 asks for all of them)
    plan += assign(board, [u for u in mine if u not in taken],
                   [h for h in board.city if not board.occupant(h) and
                    board.held_by(h, "allied")], taken)
    plan += allied_ring(board, [u for u in armour(board, "allied")
                                if u not in taken], taken, 6)
    engineer = board.occupant("0301")
    if engineer and board.side_of(engineer) == "allied" and \
            engineer not in taken:
        plan.append((engineer, "0302"))
        taken.add(engineer)
    more, _, _ = allied_siege(board, mech, taken, entry=False)
    # the armour no plan names (most of the 2nd Armored, which enters
    # far from the targets the plans give the nearest units) closes on
    # the city
    named = set(u for u, _ in plan + more) | taken
    more += close_on_city(board, [u for u in armour(board, "allied")
                                  if u not in named])
    return plan + more, 6, 8


# the odds a policy wants by where the defender stands (city, fort,
# other), where they are not those its plan gives for every hex and for
# a fort: careful attacks a city hex at the best column the city leaves
# (+2 after its shift on version 7, +3 before), a West Wall hex only at +5, and
# any other hex only at +6, the first column with no EX and no AE (7.6):
# 17.1 makes every US unit lost a turn of the game
ODDS = {"careful": {"city": 6, "fort": 8, "other": 9,
                    # a road or entry hex a German unit blocks: +3, as
                    # a city hex (16.0 needs six road hexes as it needs
                    # the city; a DR opens it, 7.7)
                    "road": 6},
        # breach: careful's, and a West Wall hex at +4 (the breach
        # is worth an EX: ten armoured units arrive, 15.0)
        "breach": {"city": 6, "fort": 7, "other": 9, "road": 6},
        # counter takes back a city hex at the best column the city
        # leaves (as careful), and attacks any other hex at +2 (an
        # EX, one in six, is a US unit and a turn, 17.1), a fort at +4
        "counter": {"city": 6, "fort": 7, "other": 5}}


POLICIES = {"fill": allied_fill, "dash": allied_dash,
            "siege": allied_siege, "careful": allied_careful,
            "breach": allied_breach, "garrison": german_garrison,
            "screen": german_screen, "wall": german_wall,
            "counter": german_counter}
ALLIED = ["fill", "dash", "siege", "careful", "breach"]
GERMAN = ["garrison", "screen", "wall", "counter"]


# ---- the engine ----

def may_move(qtext):
    """The units the move question lists (None: all, the list cut)."""
    m = re.search(r"Units:(.*)$", qtext)
    if not m or m.group(1).rstrip().endswith("..."):
        return None
    return set(m.group(1).split())


def moves(board, policy, qtext, options, try_answer):
    """Answer the move questions of one phase: try_answer(text) is True
    when umpire takes the answer (it is then kept), else the refusal."""
    mech = "mechanised" in qtext
    plan, _, _ = POLICIES[policy](board, mech)
    allowed = may_move(qtext)
    done = set()
    # reinforcements: the example entry nearest the unit's target, before
    # the plan's moves and again after them (a unit that moved off an
    # entry hex frees it): all enter in the movement phase
    entries = [o.split() for o in options if re.match(r"^\w+ \d{4}", o)]
    goal = dict(plan)

    def enter():
        for p in entries:
            u = p[0]
            if u in done or board.where.get(u, "") != "waiting":
                continue
            mine = [q for q in entries if q[0] == u]
            t = goal.get(u, board.city[len(board.city) // 2])
            for q in sorted(mine, key=lambda q: (dist(q[-1], t), len(q))):
                if not board.occupant(q[1]) and \
                        try_answer(" ".join(q)) is True:
                    board.where[u] = q[-1]
                    done.add(u)
                    break
    enter()
    filled = set()
    for u, t in plan:
        here = board.where.get(u, "")
        if u in done or here == t or (allowed is not None and
                                       u not in allowed):
            continue
        if t in filled:
            # another unit of the plan got there first
            continue
        if not re.match(r"^\d{4}$", here):
            continue
        r = try_answer("%s to %s" % (u, t))
        end = t
        if r is not True:
            m = re.search(r"as near as (\d{4})", r or "")
            if not m or m.group(1) == here or \
                    dist(m.group(1), t) >= dist(here, t) or \
                    board.occupant(m.group(1)):
                continue
            end = m.group(1)
            if try_answer("%s to %s" % (u, end)) is not True:
                continue
        board.where[u] = end
        done.add(u)
        if end == t:
            filled.add(t)
        if board.side_of(u) == "allied":
            board.allied.add(end)
        else:
            board.allied.discard(end)
    enter()


def attack(board, policy, side, options, support_left):
    """The next attack to declare: the best odds of those offered, if at
    or above the policy's (a fort's own odds for a fort); '+support'
    where the marker lifts it there (breach: also where it lifts it to
    +6); else done. breach weighs every set of the units offered and
    commits the one fewest() picks; the others attack with all."""
    _, odds, fort_odds = POLICIES[policy](board, False)
    best = None
    for o in options:
        w = o.split()
        if len(w) < 2 or not re.match(r"^\d{4}$", w[0]):
            continue
        need = fort_odds if w[0] in board.forts else odds
        if policy in ODDS:
            need = ODDS[policy]["city" if w[0] in board.city else "fort"
                                if w[0] in board.forts else "road"
                                if w[0] in board.roads + ENTRY and
                                "road" in ODDS[policy] else "other"]
        if w[0] in board.city and policy == "breach" and \
                board.city_one and not board.cut_off:
            # breach assaults the city only once its garrison is cut
            # off (a fed city hex falls only to an EX: a US unit and a
            # turn of the game for it, 17.1)
            continue
        if w[0] in board.city:
            # a city hex at the best column the city leaves, if the
            # policy asks for more (no player waits for odds the
            # terrain never gives)
            need = min(need, board.best_column(w[0]))
        # breach weighs every set of the units offered (fewest); the
        # others attack with all of them
        sets = subsets(w[1:]) if policy == "breach" else [w[1:]]
        col = max(board.column(w[0], sub) for sub in sets)
        sup = 0
        lifted = max(board.column(w[0], sub, board.support) for sub in sets)
        if col < need and support_left > 0 and lifted >= need:
            col, sup = lifted, board.support
        elif policy == "breach" and support_left > 0 and \
                need <= col < 9 <= lifted:
            # breach spends a marker where it lifts an attack to the
            # table's last column, the first with neither EX nor AE
            # (7.6): an exchange is a US unit and a turn (17.1)
            col, sup = lifted, board.support
        if col >= need and (best is None or col > best[0]):
            best = (col, w[0], w[1:], sup)
    if not best:
        return "done"
    col, hexid, units, sup = best
    if policy == "breach":
        units = fewest(board, hexid, units, sup, col)
    return " ".join([hexid] + units) + (" +support" if sup else "")
