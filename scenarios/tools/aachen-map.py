#!/usr/bin/env python3
"""aachen-map.py - (re)generate the provisional map of scenarios/aachen.yaml

    scenarios/tools/aachen-map.py            print the three blocks
    scenarios/tools/aachen-map.py --write    replace data.map.places,
                                             data.map.hexes and
                                             data.map.sides in the yaml

The yaml stays the source of truth: an owner of the game edits it by hand
(or types in the printed map); this script only records how the
provisional reconstruction was drawn, so that it can be redrawn after a
change of mind. It touches nothing else in the file.

Geometry (as src/rules/lib/hex.c): flat-topped hexes CCRR, 30 columns x 34
rows, even columns half a hex lower, row 01 north, column 30 east. A hex
centre is at x = col * sqrt(3)/2, y = row (+ 1/2 in even columns), in
units of one row.

Scale, worked out from the hexes the exclusive rules fix: Aachen city
(its garrison's set-up, 17.0: 1226, 1330, 1428), the West Wall on the Wurm that the US 30th Division
faces (17.0: US in column 02, Germans in column 04, rows 01-17), the 1st
Division east of Aachen at Eilendorf (1925, 1926), the 3rd Armored
south-east of Stolberg (2628-3030) and south of Brand (1931-2434), the
east-edge roads (2204-3024, 2730, 2531, 1934). A hex is about 0.8 km;
the map's "north" is turned some 25 degrees east of true north, so that
the Wurm from Herzogenrath to Geilenkirchen (which runs due north) runs
up the map's west side, and the ground between Aachen and the Wurm
border is squeezed. Places are put by eye from that fit, then moved a
hex or two to agree with the set-up.

Rivers and streams are polylines in map coordinates: a hexside carries
the river when the segment between its two hex centres crosses the
polyline. Roads and railways are chains of waypoints joined by straight
hex lines; where a road crosses a river or stream the hexside also gets
a bridge.
"""
import math
import re
import sys

COLS, ROWS = 30, 34
K = math.sqrt(3) / 2


def P(s):
    return (int(s[:2]), int(s[2:]))


def h(p):
    return "%02d%02d" % p


def on_map(p):
    return 1 <= p[0] <= COLS and 1 <= p[1] <= ROWS


def centre(p):
    c, r = p
    return (c * K, r + (0.5 if c % 2 == 0 else 0.0))


def nbrs(c, r):
    low = c % 2 == 0
    t = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)] if low else \
        [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    return [(c + dc, r + dr) for dc, dr in t if on_map((c + dc, r + dr))]


def cube(p):
    c, r = p
    x = c
    z = r - (c - 1) // 2
    return x, z, -x - z


def from_cube(x, z):
    return (x, z + (x - 1) // 2)


def dist(a, b):
    ax, az, ay = cube(a)
    bx, bz, by = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def cround(x, z):
    y = -x - z
    rx, rz, ry = round(x), round(z), round(y)
    dx, dz, dy = abs(rx - x), abs(rz - z), abs(ry - y)
    if dx > dz and dx > dy:
        rx = -rz - ry
    elif dz > dy:
        rz = -rx - ry
    return from_cube(int(rx), int(rz))


def line(a, b):
    """the hexes of the straight line from a to b, each next to the last"""
    n = dist(a, b)
    ax, az, _ = cube(a)
    bx, bz, _ = cube(b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0
        p = cround(ax + (bx - ax) * t + 1e-6, az + (bz - az) * t + 2e-6)
        if not out or out[-1] != p:
            out.append(p)
    return out


def chain(*way):
    hexes = [P(way[0])]
    for a, b in zip(way, way[1:]):
        hexes += line(P(a), P(b))[1:]
    return hexes


def crosses(p1, p2, q1, q2):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def water(points):
    """hexsides crossed by a polyline given in (column, row) units"""
    pts = [(c * K, r) for c, r in points]
    out = set()
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            for n in nbrs(c, r):
                if n < (c, r):
                    continue
                a, b = centre((c, r)), centre(n)
                if any(crosses(a, b, q1, q2) for q1, q2 in zip(pts, pts[1:])):
                    out.add(((c, r), n))
    return out


# --- terrain --------------------------------------------------------------
terrain = {}


def put(kind, *hexes):
    for s in hexes:
        terrain[P(s)] = kind


def area(kind, rows_by_col, skip=()):
    """rows_by_col: {column: (first row, last row)}"""
    for c, (r0, r1) in rows_by_col.items():
        for r in range(r0, r1 + 1):
            if h((c, r)) not in skip:
                terrain[(c, r)] = kind


# Aachener Wald, south and south-west of the city, rising to the border
area("woods", {8: (33, 34), 9: (32, 34), 10: (31, 34), 11: (31, 34),
               12: (31, 34), 13: (32, 34), 14: (31, 34), 15: (32, 34),
               16: (33, 34)})
put("rough", "1033", "1232", "1434")
# the Reichswald between Brand, Eilendorf and Stolberg
area("woods", {20: (28, 29), 21: (28, 29), 22: (29, 30)})
# the Muensterwald, between the Inde (Kornelimuenster) and the Vicht
area("woods", {22: (32, 34), 23: (31, 34), 24: (30, 34), 25: (31, 34)})
put("rough", "2333", "2432")
# the edge of the Huertgen (Wenauer Forst, Huertgenwald): east of the
# Vicht, broken and wooded
area("woods", {26: (31, 34), 27: (30, 34), 28: (31, 34), 29: (28, 34),
               30: (27, 34)})
put("rough", "2632", "2733", "2834", "2831", "2930", "2932", "2934",
    "3029", "3031", "3033", "2833")
# the Propsteier Wald between Stolberg and Eschweiler-Nothberg
area("woods", {27: (25, 26), 28: (25, 26), 29: (24, 25)})
# the wooded Wurm valley between Kohlscheid and Wuerselen
put("woods", "1119", "1220", "1320")
# woods on the east side of the Wurm valley below Rimburg
put("woods", "0513")
# Brunssummerheide and the Teverener Heide either side of the border
put("woods", "0108", "0109", "0208", "0110", "0607", "0707", "0706")
# Crucifix Hill (Haarberg) and the Ravelsberg, north-east of Aachen
put("rough", "1724", "1623")
# the Donnerberg at Stolberg
put("rough", "2324")

# towns; Aachen city (16.0 names no hexes): the old city and the hexes
# the 17.0 order of battle gives the Aachen garrison (the fortress
# battalion at 1428, the 1-1-7s at 1226 and 1330)
AACHEN_CITY = ("1226", "1227", "1228", "1327", "1328", "1329", "1330",
               "1427", "1428")
put("town",
    "0403", "0503",            # Geilenkirchen
    "0409", "0509",            # Uebach-Palenberg
    "0416", "0516",            # Herzogenrath
    "0119", "0218", "0219",    # Kerkrade
    "0920", "0921",            # Kohlscheid
    "1422", "1522",            # Wuerselen
    "1115", "1215",            # Alsdorf
    "1208",                    # Baesweiler
    "1525",                    # Haaren
    "1824",                    # Verlautenheide
    "1926",                    # Eilendorf
    "2426", "2527",            # Stolberg
    "2721", "2821",            # Eschweiler
    "3020",                    # Weisweiler
    "1931",                    # Brand
    "2233",                    # Kornelimuenster
    "0729",                    # Vaals
    "1024",                    # Richterich
    "0815",                    # Merkstein
    "1614",                    # Hoengen
    "1706",                    # Setterich
    "1818",                    # Broichweiden
    "2013",                    # Siersdorf
    "2612",                    # Aldenhoven
    "2719",                    # Duerwiss
    "2628")                    # Mausbach
put("city", *AACHEN_CITY)

places = [("1328", "Aachen"), ("0403", "Geilenkirchen"),
          ("0409", "Uebach-Palenberg"), ("0416", "Herzogenrath"),
          ("0218", "Kerkrade"), ("0920", "Kohlscheid"),
          ("1522", "Wuerselen"), ("1115", "Alsdorf"),
          ("1208", "Baesweiler"), ("1525", "Haaren"),
          ("1824", "Verlautenheide"), ("1724", "Crucifix Hill"),
          ("1926", "Eilendorf"), ("2426", "Stolberg"),
          ("2821", "Eschweiler"), ("3020", "Weisweiler"),
          ("1931", "Brand"), ("2233", "Kornelimuenster"),
          ("0729", "Vaals"), ("1614", "Hoengen"),
          ("2612", "Aldenhoven"), ("2628", "Mausbach")]

# --- the West Wall ----------------------------------------------------------
fort = set()
# north of Aachen one belt, on the east bank of the Wurm from Geilenkirchen
# to Herzogenrath, with a second row of bunkers behind Geilenkirchen
for r in range(1, 17):
    fort.add((4, r))
for s in ["0602", "0604", "0606", "0608", "0610", "0612", "0514"]:
    fort.add(P(s))
# the first belt (Scharnhorst line): along the Dutch border from
# Herzogenrath-Kerkrade to Vaals, then west and south of the city through
# the Aachener Wald towards Lichtenbusch
for s in ["0317", "0418", "0419", "0420", "0421", "0422", "0423", "0424",
          "0425", "0426", "0427", "0428", "0518", "0521", "0522", "0619",
          "0620", "0628", "0729", "0829", "0929", "1029", "1129", "1230",
          "1331", "1431", "1532", "1632", "1733"]:
    fort.add(P(s))
# the second belt (Schill line): from the Wurm valley at Klinkheide past
# Wuerselen, Verlautenheide and Crucifix Hill, north of Eilendorf to the
# Donnerberg at Stolberg, then south-east along the Vicht into the
# Huertgen
for s in ["1019", "1119", "1220", "1321", "1421", "1522", "1623", "1724",
          "1824", "1923", "2023", "2124", "2224", "2324", "2425", "2526",
          "2627", "2628", "2729", "2730", "2830", "2831", "2932", "3032"]:
    fort.add(P(s))

# --- hexsides ---------------------------------------------------------------
sides = {}


def add(a, b, *kinds):
    k = (min(a, b), max(a, b))
    lst = sides.setdefault(k, [])
    for x in kinds:
        if x not in lst:
            lst.append(x)


# the Wurm: resurfaces at the Europaplatz (north-east of the centre), runs
# north through Haaren to the Soers, between Kohlscheid and Wuerselen to
# Herzogenrath, then is the Dutch border past Rimburg and Uebach-Palenberg
# to Geilenkirchen and off the north edge
WURM = [(13.3, 26.9), (14.45, 25.1), (14.45, 22.8), (13.4, 20.6),
        (11.0, 19.3), (8.5, 18.6), (6.0, 17.9), (4.5, 17.3), (3.5, 16.6),
        (3.5, 0.0)]
# the Broicher Bach: rises at Linden-Neusen (Wuerselen), runs north then
# west through Alsdorf into the Wurm at Herzogenrath
BROICH = [(17.8, 20.6), (17.4, 17.6), (14.5, 16.3), (11.5, 16.2),
          (8.2, 16.9), (6.4, 17.75)]
# the Inde: from the south edge past Kornelimuenster, the west of
# Stolberg, Eschweiler-Aue, through Eschweiler and Weisweiler
INDE = [(21.4, 35.0), (21.8, 32.6), (23.0, 29.6), (23.5, 27.0),
        (24.4, 24.6), (26.5, 22.6), (27.5, 21.1), (29.4, 19.6),
        (31.0, 18.6)]
# the Vicht: from Zweifall and Vicht north through Stolberg into the Inde
VICHT = [(25.5, 35.0), (25.45, 31.4), (25.0, 28.4), (24.5, 26.0),
         (24.15, 25.2)]
for a, b in water(WURM):
    add(a, b, "river", "wurm")
for poly in (BROICH, INDE, VICHT):
    for a, b in water(poly):
        if (a, b) not in sides:
            add(a, b, "stream")

ROADS = [
    # Aachen - Wuerselen - Juelich (the Juelicher Strasse, bridge at
    # the Europaplatz)
    ("1327", "1426", "1526", "1522", "1818", "2215", "2612", "2911",
     "3010"),
    # Aachen - Richterich - Kohlscheid - Herzogenrath - Uebach-Palenberg
    # - Geilenkirchen
    ("1227", "1024", "0920", "0717", "0516", "0512", "0409", "0405",
     "0403", "0401"),
    # Aachen - Vaals - Maastricht
    ("1227", "1026", "0828", "0729", "0429", "0129"),
    # Aachen - Liege (Luetticher Strasse)
    ("1228", "1030", "0832", "0634"),
    # Aachen - Eupen (past the Wurm's springs)
    ("1328", "1331", "1434"),
    # Aachen - Brand - Monschau (Trierer Strasse)
    ("1428", "1629", "1830", "1931", "1934"),
    # Aachen - Eilendorf - Stolberg
    ("1428", "1627", "1926", "2226", "2426"),
    # Aachen - Haaren - Verlautenheide - Eschweiler - Langerwehe - Dueren
    ("1427", "1525", "1824", "2123", "2522", "2821", "2922", "3024"),
    # Stolberg - Eschweiler, on the east bank of the Inde
    ("2426", "2526", "2625", "2724", "2822", "2821"),
    # Stolberg - Mausbach - Gressenich - Dueren
    ("2426", "2628", "2730", "2831", "3031"),
    # Stolberg - Vicht - Zweifall
    ("2426", "2528", "2531", "2534"),
    # Eschweiler - Weisweiler - Cologne; Eschweiler - Inden;
    # Eschweiler - Duerwiss - Juelich
    ("2821", "2920", "3019"),
    ("2821", "2919", "3018"),
    ("2821", "2719", "2917", "3016"),
    # Herzogenrath - Alsdorf - Hoengen - Aldenhoven
    ("0516", "0815", "1115", "1614", "2013", "2413", "2813", "2914",
     "3014"),
    # Wuerselen - Alsdorf - Baesweiler - Setterich - Linnich
    ("1522", "1318", "1115", "1208", "1706", "2204", "2601"),
    # Geilenkirchen - Linnich
    ("0503", "1004", "1605", "2105", "2204"),
    # Baesweiler - Geilenkirchen
    ("1208", "0806", "0503"),
    # from the Netherlands: Gangelt/Sittard - Geilenkirchen; Heerlen -
    # Rimburg - Uebach; Kerkrade - Herzogenrath; Heerlen - Kerkrade;
    # along the border (Brunssum - Kerkrade)
    ("0104", "0304", "0403"),
    ("0111", "0310", "0409"),
    ("0119", "0218", "0317", "0416"),
    ("0115", "0218"),
    ("0201", "0206", "0212", "0218"),
    # Kerkrade - Bocholtz - Vaals, inside the border
    ("0218", "0224", "0628", "0729"),
]
RAILWAYS = [
    # Aachen - Richterich - Kohlscheid - Herzogenrath - Uebach-Palenberg -
    # Geilenkirchen (- Moenchengladbach)
    ("1227", "1124", "0920", "0718", "0416", "0411", "0409", "0403", "0501"),
    # Herzogenrath - Kerkrade - Heerlen
    ("0416", "0317", "0218", "0116"),
    # Aachen - Rothe Erde - Eilendorf - Stolberg - Eschweiler - Dueren
    ("1428", "1627", "1926", "2225", "2425", "2723", "2821", "3022"),
    # Stolberg - Eschweiler-Aue - Alsdorf - Herzogenrath
    ("2425", "2222", "1918", "1516", "1115", "0815", "0416"),
    # Aachen - Ronheide - Hergenrath - Liege
    ("1228", "1131", "1034"),
    # the Vennbahn: Rothe Erde - Brand - Kornelimuenster - Walheim
    ("1627", "1931", "2133", "2134"),
]
for way in ROADS:
    p = chain(*way)
    for a, b in zip(p, p[1:]):
        k = (min(a, b), max(a, b))
        wet = any(x in sides.get(k, []) for x in ("river", "stream"))
        add(a, b, "road", *(["bridge"] if wet else []))
for way in RAILWAYS:
    p = chain(*way)
    for a, b in zip(p, p[1:]):
        add(a, b, "railway")


def order(kinds):
    """kinds first in a fixed order, the name (wurm) after the river"""
    rank = ["river", "wurm", "stream", "road", "bridge", "railway"]
    return sorted(kinds, key=rank.index)


def blocks():
    out = ["    places:"]
    for s, name in places:
        out.append('      "%s": %s' % (s, name))
    out.append("    hexes: |")
    out.append("      # CCRR terrain [fort], one line per hex")
    for c in range(1, COLS + 1):
        for r in range(1, ROWS + 1):
            f = " fort" if (c, r) in fort else ""
            out.append("      %s %s%s" % (h((c, r)),
                                          terrain.get((c, r), "clear"), f))
    out.append("    sides: |")
    out.append("      # CCRR CCRR kind... [name]")
    for a, b in sorted(sides):
        out.append("      %s %s %s" % (h(a), h(b), " ".join(order(sides[(a, b)]))))
    return "\n".join(out) + "\n"


# hexes the exclusive rules name (16.0 east-edge roads, 11.1 and 15.0
# entry hexes): each must be on the road net that leaves Aachen
EAST_ROADS = ["2204", "2612", "2813", "2914", "3014", "3016", "3018", "3019",
              "3024", "2730", "2531", "1934"]
ENTRY = ["0301", "0119", "2204", "2105", "2205", "2813", "2612", "2914",
         "3014", "3016"] + ["01%02d" % r for r in range(2, 10)]


def check():
    net = {}
    for (a, b), kinds in sides.items():
        if "road" in kinds and ("river" not in kinds or "bridge" in kinds):
            net.setdefault(a, []).append(b)
            net.setdefault(b, []).append(a)
    city = [P(s) for s in AACHEN_CITY]
    seen, todo = set(city), list(city)
    while todo:
        for n in net.get(todo.pop(), []):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    bad = [s for s in EAST_ROADS if P(s) not in seen]
    bad += [s for s in ENTRY if not on_map(P(s))]
    if bad:
        sys.exit("aachen-map.py: not on the road net from Aachen: "
                 + " ".join(bad))


def main():
    check()
    text = blocks()
    if sys.argv[1:] != ["--write"]:
        sys.stdout.write(text)
        return
    path = __file__.rsplit("/", 2)[0] + "/aachen.yaml"
    with open(path) as f:
        yaml = f.read()
    # from "    places:" to the line before the units comment
    m = re.search(r"^    places:\n.*?(?=^  # ID SIDE)", yaml, re.S | re.M)
    if not m:
        sys.exit("aachen-map.py: no places/hexes/sides blocks in " + path)
    with open(path, "w") as f:
        f.write(yaml[:m.start()] + text + yaml[m.end():])


if __name__ == "__main__":
    main()
