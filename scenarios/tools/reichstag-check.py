#!/usr/bin/env python3
"""reichstag-check.py - check the provisional Race to the Reichstag data

    scenarios/tools/reichstag-check.py [MAP.yaml [OOB.yaml]]

Loads scenarios/tools/reichstag/map.yaml and oob.yaml (or the files named)
and asserts what the rules will rely on: the map fits the library's limits
(src/rules/lib/hex.h, hexload.c), everything the rules text names is there,
the two sectors partition the map with the Reichstag in both, the set-up
and entry hexes are on land in the right sector, the pool is large enough
for the set-up draws, water hexsides join into lines, and the Reichstag can
be reached by land from every entry region. Prints each failure and exits
1 if there is any; python3 and python3-yaml only.
"""
import os
import re
import sys
from collections import deque

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))

# src/rules/lib/hex.h and hexload.c
MAX_COLS = MAX_ROWS = 60
MAX_TERRAIN = 12
MAX_NAMES = 15          # HEX_NAMES_MAX 16, [0] unused
NAME_LEN = 15           # names[16]
MAX_PLACES = 64
PLACE_LEN = 23          # place name[24]
MAX_REGIONS = 32
REGION_LEN = 23
MAX_UNITS = 256
ID_LEN = 7              # struct hunit id[8]
UNIT_NAME_LEN = 31      # struct hunit name[32]
HEXSIDE_KINDS = ["river", "stream", "bridge", "demolished", "road",
                 "railway", "boundary", "lake"]

# What the rules text names (RULES.md, DATA.md), and what the brief asks
# the map to show. Places: name -> a word the place label must contain.
TEXT_PLACES = ["Reichstag", "Potsdam", "TG", "HT", "FR"]      # 3.2, 3.8
MAP_PLACES = ["Tiergarten|Zoo", "Humboldthain", "Friedrichshain",
              "Tempelhof", "Gatow", "Tegel", "Anhalter Bahnhof",
              "Alexanderplatz", "Reich Chancellery", "Spandau",
              "Koepenick", "Teltow", "Wannsee", "Mueggelsee", "Tegeler See"]
TEXT_WATER = ["havel"]                                         # 3.8, 3.12
MAP_WATER = ["spree", "landwehr", "teltow"]
REGIONS_NEEDED = [
    "sector-1bf", "sector-1uf", "reichstag", "potsdam", "so-1bf", "so-1uf",
    "edge-1bf-north", "edge-1bf-east",
    "edge-1bf-south", "edge-1uf-south", "edge-1uf-west", "entry-1uf-stars",
    "entry-xx-corps", "exit-west", "setup-1bf-north", "setup-1bf-south",
    "setup-1uf-south", "setup-spree", "setup-german-1bf",
    "setup-german-1uf"]
# hex features (words after a hex's terrain) and the names the checks
# below give their hex sets
FEATURES = {"sbahn": "sbahn", "flak-tower": "flak-towers",
            "airfield": "airfields"}
MAX_FEATURES = 15                                     # HEX_FEATURES_MAX
ENTRY_SECTOR = {"edge-1bf-north": "1bf", "edge-1bf-east": "1bf",
                "edge-1bf-south": "1bf", "setup-1bf-north": "1bf",
                "setup-1bf-south": "1bf", "edge-1uf-south": "1uf",
                "edge-1uf-west": "1uf", "entry-1uf-stars": "1uf",
                "entry-xx-corps": "1uf", "setup-1uf-south": "1uf",
                "setup-spree": "1uf", "setup-german-1bf": "1bf",
                "setup-german-1uf": "1uf"}
# Units: 3.11 north and south, 3.12 (by counter id; names checked below)
SOVIET_1BF_NORTH = ["1M", "9GT", "12GT", "6GTB", "2GTAR"]
SOVIET_1BF_SOUTH = ["35G", "39G", "47G", "57G", "74G", "77G", "79G", "82G",
                    "88G", "7GTB", "8GTB", "8GAG", "8GM", "11T", "11GT",
                    "64GTB", "19AG", "1GTAM", "1GTAR"]
SOVIET_1UF = ["5GM", "6GM", "9M", "6GT", "7GT", "10GT", "3GTAT", "68GTB",
              "4GTAG", "16AG", "3GTAR", "4GTAR"]
GARRISON = ["AX", "FKAH", "GD", "HJR", "SSAN", "SSCH", "SSHB", "SSLAH",
            "SSLat", "SSNed", "32SS"]                            # 3.7
FLAK = {"FTTG": "TG", "FTHT": "HT", "FTFR": "FR"}                # 3.2
HQS = ["LVIPk", "West", "Ost", "Zitad"]                          # 2.12, 23.1
STRATEGIC = ["Fuehrerbunker", "Chemical", "Atomic"]              # 16.6
# groups by flag, each with a word its names must include (3.8-3.10, 22.x)
GROUPS = {"spree": ["FLJ", "Potsdam"],
          "56pk1": ["18th PzGr", "20th PzGr"],
          "56pk2": ["Nordland", "Muencheberg", "9th FJgr", "920th",
                    "503rd SS"],
          "steiner": ["4th SS Polizei", "5th Jaeger", "25th PzGr",
                      "Hermann Goering"],
          "xx": ["Clausewitz", "Ferdinand von Schill", "Ulrich von Hutten"]}
# 2.12 abbreviations that must have a counter somewhere
ABBREV_IDS = ["VS1", "HJ1", "KM1", "FG", "LW1", "RAD1", "Ers1", "ROA", "FKG",
              "FKM", "MO", "AN", "CH", "Lat", "AreaA"]
ABBREV_NAMES = ["Guards Cavalry", "Polish"]                      # GC, Pol
CLASSES = {"soviet": ["1bf", "1uf"], "german": ["mobile", "fixed"]}
SIZES = ["corps", "div", "bde", "rgt", "bn", "grp", "other"]
TYPES = {"soviet": ["tank", "mech", "asltgun", "recon", "cav", "rifle",
                    "inf", "eng"],
         "german": ["panzer", "pzgr", "inf", "asltgun", "hq", "fixinf",
                    "sniper", "depot", "airstrip", "strategic", "flak"]}
FLAGS = ["hm", "recon", "engineer", "paren", "zero", "garrison", "spree",
         "56pk1", "56pk2", "steiner", "xx", "pd-1bf", "pd-1uf"]
HIGH_MOBILITY = ["tank", "mech", "asltgun", "recon", "cav", "panzer",
                 "pzgr"]                                         # 25.1

FAIL = []


def fail(msg):
    FAIL.append(msg)


def need(cond, msg):
    if not cond:
        fail(msg)
    return cond


# ---------------------------------------------------------------- geometry
class Grid:
    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows

    def on(self, p):
        return 1 <= p[0] <= self.cols and 1 <= p[1] <= self.rows

    def parse(self, s):
        if not re.fullmatch(r"\d{4}", s or ""):
            return None
        p = (int(s[:2]), int(s[2:]))
        return p if self.on(p) else None

    def nbrs(self, p):
        c, r = p
        if c % 2 == 0:      # shifted: even (lower)
            t = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
        else:
            t = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
        return [(c + a, r + b) for a, b in t if self.on((c + a, r + b))]

    def all(self):
        return [(c, r) for c in range(1, self.cols + 1)
                for r in range(1, self.rows + 1)]

    def edge(self, p):
        return p[0] in (1, self.cols) or p[1] in (1, self.rows)

    def dist(self, a, b):
        def cube(p):
            z = p[1] - (p[0] - 1) // 2
            return p[0], z, -p[0] - z
        ax, az, ay = cube(a)
        bx, bz, by = cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def ranges(self, s):
        """'0101-0105,0203' as hexload's hex_ranges; None if bad"""
        out = []
        for w in re.split(r"[, ]+", s.strip()):
            if not w:
                continue
            if "-" in w:
                a, b = w.split("-", 1)
                pa, pb = self.parse(a), self.parse(b)
                if not pa or not pb or pb < pa:
                    return None
                if pa[0] == pb[0]:
                    out += [(pa[0], r) for r in range(pa[1], pb[1] + 1)]
                elif pa[1] == pb[1]:
                    out += [(c, pa[1]) for c in range(pa[0], pb[0] + 1)]
                else:
                    return None
            else:
                p = self.parse(w)
                if not p:
                    return None
                out.append(p)
        return out


def hid(p):
    return "%02d%02d" % p


def lines(block):
    for n, ln in enumerate(block.splitlines(), 1):
        ln = ln.split("#", 1)[0].strip()
        if ln:
            yield n, ln.split()


# ---------------------------------------------------------------- the map
def check_map(doc):
    m = doc.get("map") if isinstance(doc, dict) else None
    if not need(isinstance(m, dict), "map.yaml: no map: block"):
        return None
    need(m.get("provenance") == "provisional", "map: provenance provisional")
    need(m.get("orientation") == "flat" and m.get("shifted") == "even",
         "map: flat hexes, even columns shifted (as aachen.yaml)")
    cols, rows = int(m.get("columns", 0)), int(m.get("rows", 0))
    need(1 <= cols <= MAX_COLS and 1 <= rows <= MAX_ROWS,
         "map: %dx%d exceeds %dx%d" % (cols, rows, MAX_COLS, MAX_ROWS))
    g = Grid(cols, rows)
    terr = m.get("terrain") or {}
    need(len(terr) <= MAX_TERRAIN, "map: more than %d terrains" % MAX_TERRAIN)
    for t in ("clear", "suburb", "city", "objective", "forest", "airfield",
              "reichstag"):                                      # TEC
        need(t in terr, "map: TEC terrain %s missing" % t)
    need(set(HEXSIDE_KINDS) - {"lake"} <= set(m.get("hexsides") or {}),
         "map: every hexside kind needs its effects")
    need(m.get("default") in terr, "map: default terrain not in the table")

    feats = m.get("features") or {}
    need(isinstance(feats, dict) and len(feats) <= MAX_FEATURES and
         "fort" not in feats, "map: features, at most %d, not fort"
         % MAX_FEATURES)
    for f in FEATURES:
        need(f in feats, "map: feature %s missing" % f)
    F = {f: set() for f in FEATURES}
    T = {p: m.get("default") for p in g.all()}
    seen = set()
    for n, w in lines(m.get("hexes", "")):
        p = g.parse(w[0])
        if not need(p and len(w) >= 2 and w[1] in terr,
                    "hexes line %d: bad hex or terrain %s" % (n, w)):
            continue
        need(p not in seen, "hexes: %s given twice" % w[0])
        seen.add(p)
        need(all(x == "fort" or x in feats for x in w[2:]),
             "hexes line %d: feature" % n)
        need(len(set(w[2:])) == len(w[2:]), "hexes line %d: a feature "
             "twice" % n)
        for x in w[2:]:
            if x in F:
                F[x].add(p)
        T[p] = w[1]
    water = {}          # side -> (kind, name)
    sides = {}
    names = set()
    for n, w in lines(m.get("sides", "")):
        a, b = (g.parse(w[0]), g.parse(w[1])) if len(w) > 2 else (None, None)
        if not need(a and b and b in g.nbrs(a),
                    "sides line %d: not two adjacent hexes: %s" % (n, w)):
            continue
        key = (min(a, b), max(a, b))
        need(key not in sides, "sides: %s-%s given twice" % (w[0], w[1]))
        kinds = [x for x in w[2:] if x in HEXSIDE_KINDS]
        other = [x for x in w[2:] if x not in HEXSIDE_KINDS]
        need(len(other) <= 1, "sides line %d: more than one name" % n)
        for x in other:
            names.add(x)
            need(len(x) <= NAME_LEN, "sides: name %s too long" % x)
        sides[key] = (set(kinds), other[0] if other else None)
        wk = [k for k in kinds if k in ("river", "stream", "lake")]
        if wk:
            water[key] = (wk[0], other[0] if other else None)
        if "bridge" in kinds:
            need(wk and ({"road", "railway"} & set(kinds)),
                 "sides: bridge %s-%s without water and road or rail"
                 % (w[0], w[1]))
    need(len(names) <= MAX_NAMES, "sides: %d names, at most %d"
         % (len(names), MAX_NAMES))
    places = m.get("places") or {}
    need(len(places) <= MAX_PLACES, "places: more than %d" % MAX_PLACES)
    for k, v in places.items():
        need(g.parse(str(k)) is not None, "places: bad hex %s" % k)
        need(len(str(v)) <= PLACE_LEN, "places: name too long: %s" % v)
    regs = m.get("regions") or {}
    need(len(regs) <= MAX_REGIONS, "regions: more than %d" % MAX_REGIONS)
    R = {}
    for k, v in regs.items():
        need(1 <= len(k) <= REGION_LEN, "regions: bad name %s" % k)
        hs = g.ranges(str(v))
        if need(hs is not None, "regions: %s: bad hexes" % k):
            need(len(hs) > 0, "regions: %s is empty" % k)
            R[k] = set(hs)
    for k in REGIONS_NEEDED:
        need(k in R, "regions: %s missing" % k)
    for f, k in FEATURES.items():
        need(k not in R, "regions: %s is the feature %s" % (k, f))
        need(F[f], "features: no hex has %s" % f)
        R[k] = F[f]
    return {"g": g, "T": T, "sides": sides, "water": water, "places":
            {g.parse(str(k)): str(v) for k, v in places.items()}, "R": R}


def side_touch(g, s1, s2):
    """two hexsides meet at a corner: their hexes make a triangle"""
    hs = set(s1) | set(s2)
    if len(hs) != 3:
        return len(hs) == 2
    a, b, c = sorted(hs)
    return b in g.nbrs(a) and c in g.nbrs(a) and c in g.nbrs(b)


def components(items, touch):
    items = list(items)
    left, comps = set(range(len(items))), []
    while left:
        i = left.pop()
        comp, q = {i}, deque([i])
        while q:
            x = q.popleft()
            for y in list(left):
                if touch(items[x], items[y]):
                    left.discard(y)
                    comp.add(y)
                    q.append(y)
        comps.append([items[j] for j in comp])
    return comps


def check_semantics(M):
    g, T, R, places = M["g"], M["T"], M["R"], M["places"]
    allh = set(g.all())
    # places and water the text names
    labels = list(places.values())
    for word in TEXT_PLACES + MAP_PLACES:
        need(any(re.search(r"\b(%s)\b" % word, x) for x in labels),
             "places: nothing named %s" % word)
    wnames = {n for _, n in M["water"].values()}
    for n in TEXT_WATER + MAP_WATER:
        need(n in wnames, "sides: no water named %s" % n)
    lakes = {p for p in allh if T[p] == "lake"}
    need(len(lakes) > 0, "map: no lake hexes (Tegeler See, Mueggelsee)")

    # sectors: a partition, the Reichstag in both
    b, u = R.get("sector-1bf", set()), R.get("sector-1uf", set())
    reich = R.get("reichstag", set())
    need(len(reich) == 1, "regions: reichstag is one hex")
    need(b | u == allh, "sectors: %d hexes in neither" % len(allh - b - u))
    need(b & u == reich, "sectors overlap beyond the Reichstag: %s"
         % sorted(hid(p) for p in (b & u) - reich))
    rh = next(iter(reich)) if reich else None
    if rh:
        need(T[rh] == "reichstag", "Reichstag hex terrain is not reichstag")
        need(places.get(rh) == "Reichstag", "Reichstag hex not labelled")
    only = {"1bf": b - reich, "1uf": u - reich}
    # boundary hexsides exactly between the two sectors
    for (a1, a2), (kinds, _) in M["sides"].items():
        between = (a1 in only["1bf"] and a2 in only["1uf"]) or \
                  (a1 in only["1uf"] and a2 in only["1bf"])
        need(between == ("boundary" in kinds),
             "boundary hexside %s-%s does not match the sectors"
             % (hid(a1), hid(a2)))
    for a1 in only["1bf"]:
        for a2 in g.nbrs(a1):
            if a2 in only["1uf"]:
                k = (min(a1, a2), max(a1, a2))
                need(k in M["sides"] and "boundary" in M["sides"][k][0],
                     "no boundary hexside at %s-%s" % (hid(a1), hid(a2)))
    # flak towers and objectives in the right sectors
    ft = R.get("flak-towers", set())
    need(len(ft) == 3, "flak-towers: three hexes (3.2)")
    where = {}
    for p in ft:
        lab = places.get(p, "")
        tag = lab[:2]
        if need(tag in ("TG", "HT", "FR"), "flak tower %s unlabelled"
                % hid(p)):
            where[tag] = p
    for tag, sec in (("TG", "1uf"), ("HT", "1bf"), ("FR", "1bf")):
        if tag in where:
            need(where[tag] in only[sec], "flak tower %s not in the %s "
                 "sector" % (tag, sec))
    for sec in ("1bf", "1uf"):
        so = R.get("so-" + sec, set())
        need(so and so <= only[sec], "so-%s not inside its sector" % sec)
        for p in so:
            need(T[p] == "objective", "objective %s has terrain %s"
                 % (hid(p), T[p]))
    pd = R.get("potsdam", set())
    need(pd and pd <= R.get("so-1uf", set()), "Potsdam not a 1UF objective")
    stray = [p for p in allh if T[p] == "objective" and
             p not in R.get("so-1bf", set()) | R.get("so-1uf", set())]
    need(not stray, "objective hexes outside so-*: %s" % stray)
    for p in R.get("airfields", set()):
        need(T[p] in ("airfield", "objective"), "airfield %s is %s"
             % (hid(p), T[p]))
    # edges, entries and set-up zones: on land, in their sector
    for name, sec in ENTRY_SECTOR.items():
        for p in R.get(name, set()):
            need(T[p] != "lake", "%s: %s is a lake" % (name, hid(p)))
            need(p in only[sec], "%s: %s not in the %s sector"
                 % (name, hid(p), sec))
        if name.startswith(("edge-", "entry-")):
            need(all(g.edge(p) for p in R.get(name, set())),
                 "%s: a hex not on the map edge" % name)
    need(all(p[0] == 1 for p in R.get("exit-west", set())),
         "exit-west: not the west edge")
    for p in R.get("setup-1bf-north", set()):
        need(p[1] <= 2, "setup-1bf-north: %s beyond 2 hexes" % hid(p))
    for name in ("setup-1bf-south", "setup-1uf-south"):
        for p in R.get(name, set()):
            need(p[1] >= g.rows - 1, "%s: %s beyond 2 hexes" % (name, hid(p)))
    if pd:
        for p in R.get("setup-spree", set()):
            need(g.dist(p, next(iter(pd))) <= 2,
                 "setup-spree: %s beyond 2 hexes of Potsdam" % hid(p))

    # water: each named line one connected chain, all water one network
    byname = {}
    for s, (kind, name) in M["water"].items():
        need(name, "water hexside %s-%s has no name" % (hid(s[0]), hid(s[1])))
        byname.setdefault(name, []).append(s)
    for name, ss in byname.items():
        comps = components(ss, lambda x, y: side_touch(g, x, y))
        need(len(comps) == 1, "water %s is in %d pieces (e.g. at %s)"
             % (name, len(comps), " ".join(hid(c[0][0]) for c in comps)))
    net = list(M["water"]) + [("L", p) for p in lakes]

    def wtouch(x, y):
        if x[0] == "L" and y[0] == "L":
            return y[1] in g.nbrs(x[1])
        if x[0] == "L" or y[0] == "L":
            lake, s = (x[1], y) if x[0] == "L" else (y[1], x)
            return lake in s or all(lake in g.nbrs(h) for h in s)
        return side_touch(g, x, y)
    comps = components(net, wtouch)
    for c in comps:
        on_edge = any(g.edge(h) for it in c for h in
                      ([it[1]] if it[0] == "L" else it))
        need(on_edge, "water network piece off the edges, e.g. at %s"
             % (hid(c[0][1]) if c[0][0] == "L" else hid(c[0][0])))
    need(len(comps) == 1, "water is %d separate networks" % len(comps))

    # the Reichstag reachable by land from every entry and set-up region,
    # within the region's sector (5.2: no crossing the boundary)
    def reach(start, sec, bridges_only):
        ok = only[sec] | reich
        seen, q = set(start), deque(start)
        while q:
            p = q.popleft()
            for n in g.nbrs(p):
                if n in seen or n not in ok or T[n] == "lake":
                    continue
                k = (min(p, n), max(p, n))
                kinds = M["sides"].get(k, (set(), None))[0]
                if "boundary" in kinds:
                    continue
                if bridges_only and ({"river", "lake"} & kinds) and \
                        "bridge" not in kinds:
                    continue
                seen.add(n)
                q.append(n)
        return seen
    info = []
    for name, sec in ENTRY_SECTOR.items():
        hs = R.get(name, set())
        if hs and rh:
            need(rh in reach(hs, sec, False), "the Reichstag cannot be "
                 "reached by land from %s" % name)
            if rh not in reach(hs, sec, True):
                info.append(name)
    if info:
        print("note: only across unbridged water from: " + ", ".join(info))
    return only


# ---------------------------------------------------------------- the OOB
def check_oob(doc, M, only):
    g, T, R = M["g"], M["T"], M["R"]
    need(doc.get("provenance") == "provisional", "oob: provenance")
    units, ids = {}, []
    block = doc.get("units", "")
    rows = block.splitlines()
    for n, raw in enumerate(rows, 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        need(n > 1 and rows[n - 2].strip().startswith("#"),
             "units line %d: no source or reasoning comment above it" % n)
        body, _, name = s.partition(";")
        name = name.strip()
        w = body.split()
        if not need(len(w) >= 5 and ";" in s, "units line %d: %s" % (n, s)):
            continue
        uid, side, val = w[0], w[1], w[2]
        rest = w[3:]
        if rest[0] == "at":
            place, rest = rest[:2], rest[2:]
        elif rest[0] == "setup":
            place, rest = rest[:2], rest[2:]
        elif rest[0] == "turn":
            place, rest = rest[:4], rest[4:]
            need(len(place) == 4 and place[2] == "enter" and
                 place[1].isdigit() and 1 <= int(place[1]) <= 10,
                 "units %s: turn N enter REGION, N in 1..10" % uid)
        elif rest[0] == "event":
            place, rest = rest[:3], rest[3:]
        elif rest[0] in ("pool", "garrison"):
            place, rest = rest[:1], rest[1:]
        else:
            fail("units %s: unknown PLACE %s" % (uid, rest[0]))
            continue
        need(len(uid) <= ID_LEN, "units %s: id longer than %d" % (uid, ID_LEN))
        need(uid not in units, "units %s: id given twice" % uid)
        need(0 < len(name) <= UNIT_NAME_LEN, "units %s: name %r empty or "
             "longer than %d" % (uid, name, UNIT_NAME_LEN))
        need(side in CLASSES, "units %s: side %s" % (uid, side))
        mv = re.fullmatch(r"(\d+)-(\d+)-(\d+)", val)
        if not need(mv, "units %s: values %s" % (uid, val)) or \
                not need(len(rest) >= 3, "units %s: CLASS SIZE TYPE" % uid):
            continue
        a, d, mo = (int(x) for x in mv.groups())
        cls, size, typ, flags = rest[0], rest[1], rest[2], rest[3:]
        need(cls in CLASSES.get(side, []), "units %s: class %s" % (uid, cls))
        need(size in SIZES, "units %s: size %s" % (uid, size))
        need(typ in TYPES.get(side, []), "units %s: type %s" % (uid, typ))
        for f in flags:
            need(f in FLAGS, "units %s: flag %s" % (uid, f))
        if side == "soviet":
            need(a == d and mo == 6 and a > 0, "units %s: Soviet values are "
                 "S-S-6 (9.2, 12.2)" % uid)
        else:
            need(mo == 0, "units %s: German movement is rolled (9.3)" % uid)
            if "paren" in flags:
                need(a == 0 and d > 0 and cls == "fixed",
                     "units %s: paren is 0-D-0, fixed" % uid)
            elif "zero" in flags:
                need(a == d == 0, "units %s: zero is 0-0-0" % uid)
            else:
                need(a == d > 0, "units %s: A = D > 0" % uid)
        need((typ in HIGH_MOBILITY) == ("hm" in flags),
             "units %s: hm flag and type %s disagree (25.1)" % (uid, typ))
        need((typ == "recon") == ("recon" in flags),
             "units %s: recon flag (17.3)" % uid)
        need((typ == "eng") == ("engineer" in flags),
             "units %s: engineer flag (19.0)" % uid)
        # where it is, checked against the map
        hexes = None
        if place[0] == "at":
            p = g.parse(place[1])
            hexes = {p} if p else None
        elif place[0] in ("setup", "turn", "event"):
            reg = place[-1]
            hexes = R.get(reg)
            need(hexes is not None, "units %s: region %s not in map.yaml"
                 % (uid, reg))
        if hexes is not None:
            need(all(p and T[p] != "lake" for p in hexes),
                 "units %s: a set-up or entry hex is off the map or water"
                 % uid)
            sec = cls if cls in ("1bf", "1uf") else None
            if sec:
                need(hexes <= only[sec], "units %s: hexes outside the %s "
                     "sector" % (uid, sec))
        units[uid] = {"side": side, "cls": cls, "size": size, "type": typ,
                      "flags": flags, "place": place, "name": name, "a": a,
                      "d": d}
        ids.append(uid)
    need(len(units) <= MAX_UNITS, "units: %d, at most %d"
         % (len(units), MAX_UNITS))

    # named by the text
    for lst, sec, reg in ((SOVIET_1BF_NORTH, "1bf", "setup-1bf-north"),
                          (SOVIET_1BF_SOUTH, "1bf", "setup-1bf-south"),
                          (SOVIET_1UF, "1uf", "setup-1uf-south")):
        for uid in lst:
            u = units.get(uid)
            if need(u, "units: %s (3.11/3.12) missing" % uid):
                need(u["cls"] == sec and u["place"] == ["setup", reg],
                     "units %s: not set up in %s" % (uid, reg))
    need(len(SOVIET_1BF_NORTH) == 5 and len(SOVIET_1BF_SOUTH) == 19 and
         len(SOVIET_1UF) == 12, "check's own lists: 5 + 19 + 12")
    for uid in GARRISON:
        u = units.get(uid)
        if need(u, "units: garrison %s (3.7) missing" % uid):
            need(u["place"] == ["garrison"] and u["cls"] == "mobile",
                 "units %s: a mobile garrison unit" % uid)
    need(sum(1 for u in units.values() if u["place"] == ["garrison"]) == 11,
         "units: the garrison is 11 units (3.7)")
    for uid, tag in FLAK.items():
        u = units.get(uid)
        if need(u, "units: flak tower %s missing" % uid):
            need(u["a"] == u["d"] == 6 and u["type"] == "flak" and
                 u["place"][0] == "at", "units %s: strength 6, at a hex "
                 "(3.2)" % uid)
            p = g.parse(u["place"][1]) if u["place"][0] == "at" else None
            need(p in R.get("flak-towers", set()) and
                 M["places"].get(p, "").startswith(tag),
                 "units %s: not on the %s flak tower hex" % (uid, tag))
    for uid in HQS + ABBREV_IDS:
        need(uid in units and units[uid]["place"] == ["pool"],
             "units: %s (2.12) missing from the pool" % uid)
    for word in STRATEGIC:
        need(any(u["type"] == "strategic" and word in u["name"] and
                 u["place"] == ["pool"] for u in units.values()),
             "units: strategic marker %s (16.6) missing" % word)
    need(sum(1 for u in units.values() if u["type"] == "strategic") == 3,
         "units: exactly three strategic markers (16.6)")
    for t in ("hq", "airstrip", "sniper", "depot", "fixinf"):
        need(any(u["type"] == t and u["place"] == ["pool"]
                 for u in units.values()), "pool: no %s (16.x)" % t)
    for flag, words in GROUPS.items():
        grp = [u for u in units.values() if flag in u["flags"]]
        for w in words:
            need(any(w in u["name"] for u in grp),
                 "units: group %s has no %s" % (flag, w))
    for w in ABBREV_NAMES:
        need(any(w in u["name"] for u in units.values()),
             "units: nothing named %s (2.12)" % w)
    for sec in ("1bf", "1uf"):
        need(any(u["cls"] == sec and "engineer" in u["flags"]
                 for u in units.values()), "units: no %s engineer (19.0)"
             % sec)
        need(any(u["cls"] == sec and "recon" in u["flags"]
                 for u in units.values()), "units: no %s recon (17.3)" % sec)
        need(any(u["cls"] == sec and u["place"][0] == "turn"
                 for u in units.values()), "units: no %s reinforcements"
             % sec)
    # the pool and the draws
    pool = [u for u in units.values() if u["place"] == ["pool"]]
    need(all(u["cls"] == "fixed" and u["type"] != "flak" for u in pool),
         "pool: fixed units only, no flak tower (3.3)")
    draws = doc.get("draws") or {}
    setup = sum(int(draws.get(k, 0)) for k in
                ("reichstag", "1bf-player", "1uf-player"))
    need(setup == 43, "draws: 3 + 15 + 25 = 43 (3.4-3.6), not %d" % setup)
    need(len(pool) >= setup + 1, "pool: %d counters, the set-up draws %d "
         "and reinforcements need more" % (len(pool), setup))
    # under Prepared Defence (23.1) the four HQs leave the pool first
    need(len(pool) - len(HQS) >= setup, "pool: too small under 23.1")
    need(int(draws.get("garrison-to-1uf", 0)) <= 11, "draws: garrison")
    # markers
    mk = [w for _, w in lines(doc.get("markers", ""))]
    for kind in ("artillery", "air"):
        for sec in ("1bf", "1uf"):
            need(any(w[1] == kind and w[2] == sec for w in mk),
                 "markers: no %s %s barrage marker (15.0)" % (sec, kind))
    need(sum(1 for w in mk if w[1] == "me262") == 2, "markers: two Me-262 "
         "(22.5)")
    return units


def main(argv):
    mp = argv[0] if argv else os.path.join(HERE, "reichstag", "map.yaml")
    op = argv[1] if len(argv) > 1 else os.path.join(HERE, "reichstag",
                                                    "oob.yaml")
    with open(mp) as f:
        M = check_map(yaml.safe_load(f))
    units = {}
    if M:
        only = check_semantics(M)
        with open(op) as f:
            units = check_oob(yaml.safe_load(f), M, only)
    for msg in FAIL:
        print("FAIL:", msg)
    if FAIL:
        print("%d failures" % len(FAIL))
        return 1
    print("ok: %dx%d map, %d hexsides, %d places, %d regions, %d hex "
          "features; %d units (%d in the pool)" %
          (M["g"].cols, M["g"].rows, len(M["sides"]), len(M["places"]),
           len(M["R"]) - len(FEATURES), len(FEATURES), len(units),
           sum(1 for u in units.values() if u["place"] == ["pool"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
