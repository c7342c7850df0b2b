#!/usr/bin/env python3
"""reichstag-map.py - draw the PROVISIONAL hex map of Race to the Reichstag

    scenarios/tools/reichstag-map.py              write scenarios/tools/reichstag/map.yaml
    scenarios/tools/reichstag-map.py --svg FILE   also write an SVG preview
    scenarios/tools/reichstag-map.py --stdout     print the map block instead
    ... --svg FILE --zoom C1,R1,C2,R2             the preview of a window only

We do not have the printed map of World at War #26. This script draws a
stand-in from the geography of Berlin in April 1945, so that the rules can be
written and tested against a map of the right size and kind. Everything it
writes is provisional (../shared/design/race-to-the-reichstag/DATA.md 2, 3).

How it is drawn
  * Geometry as src/rules/lib/hex.c and scenarios/aachen.yaml: flat-topped
    hexes CCRR, even columns half a hex lower, row 01 north, column 01 west.
    A hex is 0.85 km flat to flat (the rules' ".85 km"): columns are
    0.736 km apart, rows 0.85 km. The Reichstag is hex 3413; every other
    feature is placed by its latitude and longitude (WGS84, from general
    knowledge; DATA.md 2 gives the few that were checked), turned into km
    east and north of the Reichstag (1 deg lat = 111.2 km, 1 deg lon =
    67.74 km at 52.5 N), then into hexes. The map is 60 x 31 hexes
    (44.2 x 26.4 km): from west of Potsdam to the Mueggelsee, from Tegel to
    Lichtenrade. That is wider than DATA.md's "about 50 columns": the named
    places (Potsdam, the west bank of the Havel there, Koepenick) need it.
  * Terrain: polygons for the city (inside and just around the S-Bahn
    ring), the suburbs, the forests, the airfields and the large lakes
    (Tegeler See, Mueggelsee, Grosser Wannsee: hexes of terrain "lake",
    prohibited ground, 9.0). A hex takes the terrain of its centre; later
    layers win (suburb < city < forest < airfield < lake < objective <
    reichstag).
  * Water hexsides: rivers, canals and narrow lakes are polylines; a
    hexside carries the water when the segment between its two hex centres
    crosses the polyline (as aachen-map.py). River and canal hexsides are
    kind "river" (the TEC treats them alike), narrow lakes kind "lake";
    each carries its name (spree, havel, ...).
  * Roads, railways, the S-Bahn ring: polylines sampled every 0.1 hex;
    the hexes they pass through are chained and each hexside between two
    consecutive hexes gets "road" or "railway". Where such a hexside is
    water it also gets "bridge" (18.0: every bridge is intact at the start).
  * Sectors: a polygon for the 1UF sector, the rest is 1BF; the Reichstag
    hex is in both (5.5). The line is the Stavka boundary of 23 April
    (DATA.md 3.6): in the city the railway north from Lichtenrade (the
    Dresdner Bahn) to the Anhalter Bahnhof, then north to the Reichstag;
    west of the Reichstag the Spree to its mouth at Spandau, then due west
    to the map edge. Boundary hexsides are derived from the two sectors.
  * Hex features (words after a hex's terrain, effects in the map's
    `features` table): sbahn (the S-Bahn ring's hexes), flak-tower (TG, HT,
    FR) and airfield (every airfield hex, the objective ones included).
  * Regions: sectors, objectives per sector, edges, entry hexes and the
    set-up zones of 3.8, 3.11, 3.12.

How an owner corrects it
  Edit the tables below (PLACES, OBJECTIVES, the polygons and polylines;
  each is (latitude, longitude)) and run this script again; or, once the
  printed map is at hand, edit scenarios/tools/reichstag/map.yaml by hand
  and stop using this script. Then run scenarios/tools/reichstag-check.py.
"""
import math
import sys

COLS, ROWS = 60, 31
K = math.sqrt(3) / 2
HEX_KM = 0.85
LAT0, LON0 = 52.5186, 13.3762          # the Reichstag
RC, RR = 34, 13                          # its hex, 3413
KM_LAT, KM_LON = 111.2, 67.74

# ---------------------------------------------------------------- geometry


def centre(p):
    c, r = p
    return (c * K, r + (0.5 if c % 2 == 0 else 0.0))


def geo(lat, lon):
    """(lat, lon) -> map coordinates (x, y) in units of one hex"""
    e = (lon - LON0) * KM_LON / HEX_KM
    n = (lat - LAT0) * KM_LAT / HEX_KM
    x0, y0 = centre((RC, RR))
    return (x0 + e, y0 - n)


def hid(p):
    return "%02d%02d" % p


def on_map(p):
    return 1 <= p[0] <= COLS and 1 <= p[1] <= ROWS


ALL = [(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]


def nbrs(p):
    c, r = p
    if c % 2 == 0:
        t = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    else:
        t = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    return [(c + dc, r + dr) for dc, dr in t if on_map((c + dc, r + dr))]


def cube(p):
    c, r = p
    z = r - (c - 1) // 2
    return c, z, -c - z


def dist(a, b):
    ax, az, ay = cube(a)
    bx, bz, by = cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def hex_at(x, y):
    """the hex whose centre is nearest to the point (None: off the map)"""
    c0 = int(round(x / K))
    best, bd = None, 1e9
    for c in range(c0 - 1, c0 + 2):
        for r in range(int(y) - 1, int(y) + 3):
            cx, cy = centre((c, r))
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < bd:
                best, bd = (c, r), d
    return best if best and on_map(best) else None


def hex_geo(lat, lon):
    return hex_at(*geo(lat, lon))


def inside(pt, poly):
    x, y = pt
    n, res = len(poly), False
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and \
           x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            res = not res
    return res


def crosses(p1, p2, q1, q2):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def G(points):
    return [geo(a, b) for a, b in points]


def side_key(a, b):
    return (a, b) if a < b else (b, a)


SIDES_ALL = sorted({side_key(p, q) for p in ALL for q in nbrs(p)})


def water_sides(line):
    pts = G(line)
    out = set()
    for a, b in SIDES_ALL:
        ca, cb = centre(a), centre(b)
        if any(crosses(ca, cb, q1, q2) for q1, q2 in zip(pts, pts[1:])):
            out.add((a, b))
    return out


def hexline(a, b):
    """straight chain of adjacent hexes from a to b (cube lerp)"""
    n = dist(a, b)
    ax, az, _ = cube(a)
    bx, bz, _ = cube(b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0
        x = ax + (bx - ax) * t + 1e-6
        z = az + (bz - az) * t + 2e-6
        y = -x - z
        rx, rz, ry = round(x), round(z), round(y)
        dx, dz, dy = abs(rx - x), abs(rz - z), abs(ry - y)
        if dx > dz and dx > dy:
            rx = -rz - ry
        elif dz > dy:
            rz = -rx - ry
        p = (int(rx), int(rz) + (int(rx) - 1) // 2)
        if not out or out[-1] != p:
            out.append(p)
    return out


def trace(line, closed=False):
    """the chain of hexes a polyline passes through, each next to the last"""
    pts = G(line)
    if closed:
        pts = pts + [pts[0]]
    seq = []
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / 0.1))
        for i in range(n + 1):
            p = hex_at(x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n)
            if p is None:
                continue
            if seq and seq[-1] != p and p not in nbrs(seq[-1]):
                seq += hexline(seq[-1], p)[1:-1]
            if not seq or seq[-1] != p:
                seq.append(p)
    return seq


# ---------------------------------------------------------------- geography
# Every coordinate below is (latitude, longitude), approximate, from general
# knowledge of Berlin; only the Reichstag and the Zoo and Friedrichshain
# towers were checked against a source (DATA.md 2).

CITY = [(52.556, 13.345), (52.556, 13.435), (52.540, 13.465),
        (52.522, 13.482), (52.500, 13.478), (52.486, 13.462),
        (52.466, 13.448), (52.463, 13.400), (52.463, 13.350),
        (52.465, 13.312), (52.480, 13.285), (52.500, 13.272),
        (52.520, 13.275), (52.536, 13.288), (52.546, 13.318)]

SUBURBS = [
    # the built-up ring of Greater Berlin around the city
    [(52.600, 13.270), (52.605, 13.330), (52.600, 13.420), (52.575, 13.500),
     (52.545, 13.550), (52.510, 13.565), (52.480, 13.560), (52.455, 13.545),
     (52.430, 13.520), (52.412, 13.470), (52.395, 13.410), (52.405, 13.340),
     (52.418, 13.285), (52.425, 13.235), (52.440, 13.225), (52.455, 13.270),
     (52.490, 13.268), (52.508, 13.250), (52.528, 13.225), (52.545, 13.245),
     (52.565, 13.255), (52.585, 13.270)],
    # Spandau, Haselhorst, Wilhelmstadt
    [(52.560, 13.175), (52.562, 13.215), (52.545, 13.230), (52.520, 13.215),
     (52.505, 13.200), (52.505, 13.170), (52.525, 13.160), (52.545, 13.160)],
    # Staaken
    [(52.545, 13.120), (52.545, 13.160), (52.525, 13.160), (52.525, 13.120)],
    # Koepenick, Friedrichshagen, Gruenau
    [(52.462, 13.555), (52.460, 13.630), (52.450, 13.640), (52.440, 13.610),
     (52.410, 13.585), (52.405, 13.560), (52.430, 13.550)],
    # Potsdam and Babelsberg
    [(52.418, 13.040), (52.415, 13.080), (52.405, 13.085), (52.400, 13.130),
     (52.388, 13.130), (52.385, 13.075), (52.390, 13.030), (52.405, 13.025)],
    # Teltow, Kleinmachnow, Lichterfelde south
    [(52.410, 13.220), (52.412, 13.300), (52.395, 13.300), (52.392, 13.220)],
    # Wannsee
    [(52.428, 13.150), (52.428, 13.185), (52.412, 13.185), (52.412, 13.150)],
    # Kladow and Gatow villages
    [(52.462, 13.135), (52.462, 13.165), (52.448, 13.165), (52.448, 13.135)],
]

FORESTS = [
    # Grunewald
    [(52.506, 13.232), (52.502, 13.262), (52.482, 13.272), (52.462, 13.262),
     (52.446, 13.232), (52.436, 13.208), (52.446, 13.190), (52.470, 13.196),
     (52.492, 13.204)],
    # Dueppeler Forst and the woods south of the Teltow canal
    [(52.430, 13.190), (52.425, 13.225), (52.405, 13.215), (52.390, 13.205),
     (52.380, 13.170), (52.392, 13.155), (52.410, 13.160)],
    # Spandauer Forst
    [(52.605, 13.130), (52.605, 13.195), (52.575, 13.200), (52.560, 13.175),
     (52.565, 13.120)],
    # Tegeler Forst and Jungfernheide north
    [(52.615, 13.225), (52.615, 13.275), (52.598, 13.280), (52.580, 13.240),
     (52.590, 13.225)],
    # Koepenicker Stadtforst and the Mueggelberge
    [(52.432, 13.590), (52.428, 13.660), (52.390, 13.670), (52.395, 13.600)],
    # Wuhlheide
    [(52.470, 13.520), (52.470, 13.550), (52.458, 13.550), (52.458, 13.520)],
    # woods north and west of Potsdam (Koenigswald, Sacrow, Wildpark)
    [(52.470, 13.020), (52.470, 13.110), (52.440, 13.125), (52.425, 13.090),
     (52.425, 13.040), (52.440, 13.010)],
    [(52.395, 12.985), (52.400, 13.025), (52.380, 13.030), (52.370, 12.990)],
]

AIRFIELDS = {   # name: polygon; the named point's hex is always included
    "Tempelhof": [(52.480, 13.392), (52.480, 13.418), (52.466, 13.418),
                  (52.466, 13.392)],
    "Gatow": [(52.484, 13.128), (52.484, 13.150), (52.468, 13.150),
              (52.468, 13.128)],
    "Staaken": [(52.540, 13.122), (52.540, 13.142), (52.530, 13.142),
                (52.530, 13.122)],
    "Johannisthal": [(52.446, 13.510), (52.446, 13.535), (52.434, 13.535),
                     (52.434, 13.510)],
    "Tegel": [(52.566, 13.280), (52.566, 13.300), (52.556, 13.300),
              (52.556, 13.280)],
}
AIRFIELD_POINT = {"Tempelhof": (52.473, 13.404), "Gatow": (52.476, 13.138),
                  "Staaken": (52.535, 13.132), "Johannisthal": (52.440, 13.522),
                  "Tegel": (52.561, 13.290)}

LAKES = {   # large lakes: hexes of terrain "lake" (prohibited)
    "Tegeler See": [(52.598, 13.252), (52.594, 13.266), (52.585, 13.269),
                    (52.577, 13.263), (52.571, 13.248), (52.576, 13.237),
                    (52.587, 13.240)],
    "Mueggelsee": [(52.449, 13.614), (52.453, 13.640), (52.448, 13.672),
                   (52.437, 13.686), (52.427, 13.665), (52.432, 13.630)],
    "Grosser Wannsee": [(52.438, 13.164), (52.434, 13.179), (52.425, 13.179),
                        (52.418, 13.167), (52.422, 13.157), (52.431, 13.157)],
}
LAKE_POINT = {"Tegeler See": (52.585, 13.255), "Mueggelsee": (52.441, 13.650),
              "Grosser Wannsee": (52.428, 13.168)}

# Water lines: name -> (kind, polyline). Names are the hexside names the
# rules may refer to (at most 15 in hexload, each under 16 characters).
# A hexside crossed by two lines takes the first line's name: the rivers
# come first, so that a canal's mouth does not cut a river in two.
SPREE_WEST = [(52.5345, 13.209), (52.531, 13.225), (52.528, 13.245),
              (52.531, 13.265), (52.528, 13.285), (52.523, 13.297),
              (52.519, 13.310), (52.523, 13.325), (52.5225, 13.343),
              (52.518, 13.352), (52.518, 13.360), (52.5233, 13.368),
              (52.5205, 13.3755)]
SPREE_EAST = [(52.5205, 13.3755), (52.5205, 13.3885), (52.518, 13.400),
              (52.514, 13.410), (52.512, 13.420), (52.505, 13.438),
              (52.500, 13.448), (52.492, 13.465), (52.485, 13.480),
              (52.470, 13.505), (52.460, 13.530), (52.452, 13.555),
              (52.445, 13.575), (52.447, 13.600), (52.446, 13.616)]
HAVEL = [(52.625, 13.208), (52.600, 13.215), (52.585, 13.222),
         (52.572, 13.232), (52.560, 13.236), (52.548, 13.226),
         (52.540, 13.214), (52.5345, 13.207), (52.522, 13.201),
         (52.512, 13.193), (52.500, 13.188), (52.485, 13.183),
         (52.470, 13.180), (52.455, 13.178), (52.442, 13.170),
         (52.434, 13.150), (52.432, 13.130), (52.425, 13.112),
         (52.415, 13.095), (52.408, 13.088), (52.400, 13.082),
         (52.395, 13.072), (52.3915, 13.058), (52.3885, 13.050)]
TEMPLINER = [(52.3885, 13.050), (52.382, 13.043), (52.370, 13.040),
             (52.350, 13.030)]
WATER = {
    "spree": ("river", SPREE_WEST + SPREE_EAST[1:]),
    "havel": ("river", HAVEL),
    "dahme": ("river", [(52.445, 13.576), (52.435, 13.575), (52.425, 13.568),
                        (52.415, 13.572), (52.405, 13.580), (52.395, 13.590),
                        (52.385, 13.600), (52.365, 13.612)]),
    # the large lakes' links to the Havel (their hexes are "lake")
    "tegeler-see": ("lake", [(52.585, 13.255), (52.578, 13.226)]),
    "wannsee": ("lake", [(52.428, 13.168), (52.441, 13.168)]),
    "templiner-see": ("lake", TEMPLINER),
    "landwehr": ("river", [(52.4985, 13.4505), (52.4965, 13.435),
                           (52.4955, 13.420), (52.4975, 13.405),
                           (52.4975, 13.391), (52.4995, 13.380),
                           (52.5045, 13.366), (52.5065, 13.355),
                           (52.5078, 13.343), (52.5110, 13.330),
                           (52.5150, 13.320), (52.519, 13.311)]),
    "teltow": ("river", [(52.425, 13.568), (52.432, 13.545), (52.441, 13.520),
                         (52.448, 13.490), (52.455, 13.465), (52.459, 13.440),
                         (52.463, 13.420), (52.466, 13.395), (52.4655, 13.384),
                         (52.458, 13.360), (52.452, 13.345), (52.445, 13.330),
                         (52.432, 13.315), (52.420, 13.300), (52.408, 13.280),
                         (52.403, 13.265), (52.400, 13.240), (52.397, 13.220),
                         (52.395, 13.195), (52.394, 13.170),
                         (52.394, 13.150)]),
    "griebnitzsee": ("lake", [(52.394, 13.150), (52.393, 13.130),
                              (52.392, 13.118), (52.398, 13.104),
                              (52.406, 13.098), (52.413, 13.095)]),
    "hohenzollern": ("river", [(52.5225, 13.3695), (52.530, 13.368),
                               (52.5375, 13.365), (52.540, 13.355),
                               (52.537, 13.344), (52.540, 13.330),
                               (52.545, 13.318), (52.548, 13.300),
                               (52.550, 13.280), (52.553, 13.262),
                               (52.555, 13.250), (52.557, 13.234)]),
}

# Roads (Autobahn and main roads; TEC "road") and railways.
ROADS = {
    "Heerstrasse": [(52.5163, 13.3777), (52.5145, 13.350), (52.5127, 13.322),
                    (52.5098, 13.273), (52.5095, 13.240), (52.515, 13.196),
                    (52.525, 13.160), (52.532, 13.120), (52.536, 12.990)],
    "Frankfurter Allee": [(52.5163, 13.3777), (52.517, 13.395),
                          (52.5219, 13.4132), (52.5158, 13.454),
                          (52.512, 13.500), (52.510, 13.560),
                          (52.505, 13.660)],
    "Schoenhauser Allee": [(52.5219, 13.4132), (52.540, 13.412),
                           (52.569, 13.404), (52.615, 13.405)],
    "Muellerstrasse": [(52.5205, 13.3885), (52.5275, 13.387),
                       (52.545, 13.360), (52.565, 13.330),
                       (52.588, 13.285), (52.615, 13.272)],
    "Greifswalder Strasse": [(52.5219, 13.4132), (52.540, 13.440),
                             (52.555, 13.465), (52.580, 13.500),
                             (52.615, 13.530)],
    "Landsberger Allee": [(52.5219, 13.4132), (52.530, 13.460),
                          (52.545, 13.560), (52.550, 13.660)],
    "Reichsstrasse 1": [(52.5096, 13.376), (52.490, 13.355),
                        (52.457, 13.320), (52.432, 13.260),
                        (52.418, 13.200), (52.414, 13.150),
                        (52.4135, 13.0905),
                        (52.400, 13.061)],
    "Tempelhofer Damm": [(52.5096, 13.376), (52.4975, 13.391),
                         (52.485, 13.386), (52.465, 13.385),
                         (52.440, 13.387), (52.390, 13.400),
                         (52.370, 13.405)],
    "Karl-Marx-Strasse": [(52.4975, 13.391), (52.487, 13.424),
                          (52.470, 13.440), (52.450, 13.440),
                          (52.415, 13.490), (52.370, 13.515)],
    "Koepenicker Landstrasse": [(52.5219, 13.4132), (52.505, 13.438),
                                (52.490, 13.470), (52.460, 13.510),
                                (52.445, 13.576), (52.425, 13.600),
                                (52.410, 13.700)],
    "Spandauer Damm": [(52.5127, 13.322), (52.520, 13.295),
                       (52.525, 13.250), (52.537, 13.205)],
    "AVUS": [(52.5098, 13.273), (52.502, 13.270), (52.431, 13.194),
             (52.405, 13.200), (52.370, 13.190)],
    "Tegel-Spandau": [(52.588, 13.285), (52.555, 13.240), (52.537, 13.205)],
    "Spandau-Gatow": [(52.537, 13.205), (52.505, 13.170), (52.476, 13.150),
                      (52.455, 13.145)],
    "Spandau-Potsdam": [(52.537, 13.205), (52.520, 13.150),
                        (52.470, 13.100), (52.430, 13.070),
                        (52.400, 13.061), (52.370, 12.990)],
    "Teltow road": [(52.457, 13.320), (52.430, 13.300), (52.402, 13.270),
                    (52.370, 13.270)],
    "Potsdam-Babelsberg": [(52.400, 13.061), (52.395, 13.105),
                           (52.400, 13.150), (52.405, 13.200)],
    "Oranienburger Chaussee": [(52.588, 13.285), (52.615, 13.300)],
}
SBAHN_RING = [(52.501, 13.283), (52.496, 13.290), (52.489, 13.300),
              (52.480, 13.312), (52.478, 13.329), (52.478, 13.343),
              (52.479, 13.352), (52.4755, 13.365), (52.470, 13.385),
              (52.467, 13.431), (52.469, 13.443), (52.473, 13.455),
              (52.493, 13.461), (52.503, 13.469), (52.513, 13.476),
              (52.524, 13.465), (52.529, 13.456), (52.540, 13.439),
              (52.545, 13.428), (52.549, 13.414), (52.549, 13.389),
              (52.543, 13.366), (52.536, 13.344), (52.534, 13.329),
              (52.531, 13.300), (52.518, 13.285), (52.507, 13.284)]
RAILWAYS = {
    "Stadtbahn": [(52.501, 13.283), (52.5065, 13.332), (52.514, 13.336),
                  (52.520, 13.347), (52.525, 13.369), (52.520, 13.387),
                  (52.5219, 13.4132), (52.515, 13.418), (52.510, 13.435),
                  (52.503, 13.469)],
    "Wannseebahn": [(52.508, 13.374), (52.479, 13.352), (52.456, 13.322),
                    (52.431, 13.258), (52.421, 13.179), (52.394, 13.128),
                    (52.392, 13.067), (52.390, 12.990)],
    "Dresdner Bahn": [(52.503, 13.382), (52.4925, 13.374), (52.4755, 13.367),
                      (52.4605, 13.358), (52.447, 13.364), (52.4245, 13.3765),
                      (52.410, 13.385), (52.3875, 13.398), (52.370, 13.405)],
    "Stettiner Bahn": [(52.533, 13.384), (52.549, 13.389), (52.567, 13.412),
                       (52.615, 13.435)],
    "Ostbahn": [(52.503, 13.469), (52.510, 13.500), (52.520, 13.560),
                (52.530, 13.660)],
    "Schlesische Bahn": [(52.503, 13.469), (52.480, 13.527),
                         (52.458, 13.581), (52.457, 13.625),
                         (52.455, 13.700)],
    "Goerlitzer Bahn": [(52.499, 13.427), (52.493, 13.461),
                        (52.455, 13.510), (52.435, 13.540),
                        (52.415, 13.562), (52.395, 13.578),
                        (52.370, 13.595)],
    "Lehrter Bahn": [(52.525, 13.369), (52.531, 13.300), (52.535, 13.205),
                     (52.535, 13.130), (52.540, 12.990)],
    "Kremmener Bahn": [(52.549, 13.389), (52.570, 13.330),
                       (52.588, 13.290), (52.615, 13.280)],
}

# The 1UF sector (DATA.md 3.6, provisional): west of the Dresdner Bahn and
# of the line Anhalter Bahnhof - Reichstag, south of the Spree west of the
# Reichstag, south of a line due west from the Spree's mouth at Spandau.
SECTOR_1UF = ([(52.515, 12.80), (52.515, 13.10), (52.525, 13.160),
               (52.530, 13.195)] + SPREE_WEST +
              [(52.5186, 13.3762), (52.5096, 13.3780), (52.5035, 13.3860),
               (52.4925, 13.3760), (52.4755, 13.3690), (52.4605, 13.3600),
               (52.447, 13.3660), (52.4245, 13.3785), (52.410, 13.387),
               (52.3875, 13.400), (52.360, 13.410), (52.30, 13.42),
               (52.30, 12.80)])

# Places printed on the map (name: (lat, lon)), at most 64 with the
# objectives and flak towers below, names under 24 characters.
PLACES = {
    "Spandau": (52.537, 13.200), "Tegel": (52.588, 13.285),
    "Pankow": (52.569, 13.402), "Weissensee": (52.553, 13.465),
    "Lichtenberg": (52.513, 13.500), "Karlshorst": (52.483, 13.527),
    "Treptow": (52.490, 13.470), "Neukoelln": (52.475, 13.435),
    "Kreuzberg": (52.497, 13.410), "Schoeneberg": (52.483, 13.350),
    "Wilmersdorf": (52.487, 13.318), "Charlottenburg": (52.516, 13.300),
    "Moabit": (52.528, 13.340), "Wedding": (52.548, 13.355),
    "Siemensstadt": (52.538, 13.262), "Steglitz": (52.457, 13.322),
    "Dahlem": (52.458, 13.287), "Zehlendorf": (52.432, 13.258),
    "Wannsee": (52.421, 13.180), "Teltow": (52.402, 13.270),
    "Lichtenrade": (52.388, 13.402), "Mariendorf": (52.440, 13.387),
    "Schoeneweide": (52.458, 13.512), "Gruenau": (52.415, 13.575),
    "Kladow": (52.455, 13.145), "Babelsberg": (52.395, 13.105),
    "Kleinmachnow": (52.405, 13.225), "Grunewald": (52.475, 13.235),
    "Staaken airfield": AIRFIELD_POINT["Staaken"],
    "Johannisthal airfield": AIRFIELD_POINT["Johannisthal"],
    "Tegel airfield": AIRFIELD_POINT["Tegel"],
    "Tegeler See": LAKE_POINT["Tegeler See"],
    "Mueggelsee": LAKE_POINT["Mueggelsee"],
    "Grosser Wannsee": LAKE_POINT["Grosser Wannsee"],
    "Griebnitzsee": (52.3935, 13.132),
    "Templiner See": (52.383, 13.044),
}

# Strategic objective hexes (provisional except Potsdam, 27.4): name,
# point, the sector they are meant to fall in. 5 VP each, Potsdam 10.
OBJECTIVES = [
    ("Potsdam", (52.401, 13.058), "1uf"),
    ("Anhalter Bahnhof", (52.5031, 13.3817), "1uf"),
    ("TG Zoo flak tower", (52.5092, 13.3367), "1uf"),
    ("Gatow airfield", AIRFIELD_POINT["Gatow"], "1uf"),
    ("Reichssportfeld", (52.5147, 13.2395), "1uf"),
    ("Alexanderplatz", (52.5219, 13.4132), "1bf"),
    # the Chancellery (52.5118 N, 13.3818 E) lies between 3414 and 3514;
    # put in 3514, east of the line, in the 1BF sector (8th Guards Army)
    ("Reich Chancellery", (52.5112, 13.3865), "1bf"),
    ("Tempelhof airfield", AIRFIELD_POINT["Tempelhof"], "1bf"),
    ("Spandau citadel", (52.5413, 13.2125), "1bf"),
    ("Borsig works Tegel", (52.580, 13.290), "1bf"),
    ("Koepenick", (52.4450, 13.5760), "1bf"),
]
FLAK_TOWERS = {     # 3.2: TG, HT, FR
    "TG": ("TG Zoo flak tower", (52.5092, 13.3367)),
    "HT": ("HT Humboldthain tower", (52.5447, 13.3845)),
    "FR": ("FR Friedrichshain tower", (52.5265, 13.4319)),
}

TERRAIN_COLOURS = {"clear": "#efe8c8", "suburb": "#dcc9b0",
                   "city": "#c49b9b", "objective": "#b05a5a",
                   "forest": "#9fc48a", "airfield": "#d8d8d0",
                   "reichstag": "#7a1f1f", "lake": "#8fb8e8"}

# ---------------------------------------------------------------- drawing


def build():
    M = {"terrain": {p: "clear" for p in ALL}, "sides": {}, "notes": []}
    T = M["terrain"]
    centres = {p: centre(p) for p in ALL}

    def fill(poly, kind):
        g = G(poly)
        hs = [p for p in ALL if inside(centres[p], g)]
        for p in hs:
            T[p] = kind
        return hs

    for poly in SUBURBS:
        fill(poly, "suburb")
    fill(CITY, "city")
    for poly in FORESTS:
        fill(poly, "forest")
    airfield = set()
    for name, poly in AIRFIELDS.items():
        hs = fill(poly, "airfield")
        p = hex_geo(*AIRFIELD_POINT[name])
        T[p] = "airfield"
        airfield |= set(hs) | {p}
    lakes = set()
    for name, poly in LAKES.items():
        hs = fill(poly, "lake")
        p = hex_geo(*LAKE_POINT[name])
        T[p] = "lake"
        lakes |= set(hs) | {p}
    for p in airfield & lakes:
        airfield.discard(p)
    M["airfields"] = sorted(airfield)

    def addside(a, b, *kinds, name=None):
        k = side_key(a, b)
        s = M["sides"].setdefault(k, {"kinds": set(), "name": None})
        s["kinds"].update(kinds)
        if name and not s["name"]:
            s["name"] = name

    # water: land-to-land hexsides crossed by a line; a hexside next to a
    # lake hex needs no mark (the lake hex itself is prohibited)
    for name, (kind, line) in WATER.items():
        for a, b in water_sides(line):
            if T[a] == "lake" and T[b] == "lake":
                continue
            addside(a, b, kind, name=name)

    def chain(seq, kind, tag):
        for a, b in zip(seq, seq[1:]):
            if a == b:
                continue
            if T[a] == "lake" or T[b] == "lake":
                M["notes"].append("%s %s crosses lake hex %s-%s" %
                                  (kind, tag, hid(a), hid(b)))
            addside(a, b, kind)

    M["roads"] = {}
    for name, line in ROADS.items():
        seq = trace(line)
        M["roads"][name] = seq
        chain(seq, "road", name)
    M["rails"] = {}
    for name, line in RAILWAYS.items():
        seq = trace(line)
        M["rails"][name] = seq
        chain(seq, "railway", name)
    ring = trace(SBAHN_RING, closed=True)
    M["sbahn"] = sorted(set(ring))
    chain(ring, "railway", "S-Bahn ring")
    # bridges where a road or railway crosses water
    for k, s in M["sides"].items():
        if ({"road", "railway"} & s["kinds"]) and \
           ({"river", "lake"} & s["kinds"]):
            s["kinds"].add("bridge")

    # objectives, flak towers, the Reichstag
    reich = (RC, RR)
    objectives = {}
    for name, pt, want in OBJECTIVES:
        p = hex_geo(*pt)
        if p in objectives.values() or p == reich:
            M["notes"].append("objective %s collides at %s" % (name, hid(p)))
        objectives[name] = p
        T[p] = "objective"
    T[reich] = "reichstag"
    M["objectives"] = objectives
    M["flak"] = {k: hex_geo(*pt) for k, (_, pt) in FLAK_TOWERS.items()}

    # sectors
    g1uf = G(SECTOR_1UF)
    s1uf = {p for p in ALL if inside(centres[p], g1uf)}
    s1bf = set(ALL) - s1uf
    s1uf.add(reich)
    s1bf.add(reich)
    M["sector-1uf"], M["sector-1bf"] = s1uf, s1bf
    for a, b in SIDES_ALL:
        if reich in (a, b):
            continue
        if (a in s1uf) != (b in s1uf):
            addside(a, b, "boundary")
    for name, pt, want in OBJECTIVES:
        p = objectives[name]
        got = "both" if p == reich else ("1uf" if p in s1uf else "1bf")
        if got != want:
            M["notes"].append("objective %s at %s falls in %s, not %s" %
                              (name, hid(p), got, want))

    # places
    places = {}

    def place(name, p):
        if p is None:
            M["notes"].append("place %s is off the map" % name)
            return
        if p in places:
            for q in sorted(nbrs(p), key=lambda q: T[q] == "lake"):
                if q not in places:
                    M["notes"].append("place %s moved from %s to %s" %
                                      (name, hid(p), hid(q)))
                    p = q
                    break
        places[p] = name
    place("Reichstag", reich)
    for name, p in objectives.items():
        place(name, p)
    for k, (name, pt) in FLAK_TOWERS.items():
        if M["flak"][k] not in places:
            place(name, M["flak"][k])
    place("Tempelhof airfield", objectives["Tempelhof airfield"]) \
        if objectives["Tempelhof airfield"] not in places else None
    for name, pt in PLACES.items():
        place(name, hex_geo(*pt))
    M["places"] = places

    # the Havel's x at a given y, for "east bank" / "west bank"
    hv = G(HAVEL + TEMPLINER[1:])

    def havel_x(y):
        for (x1, y1), (x2, y2) in zip(hv, hv[1:]):
            if min(y1, y2) <= y <= max(y1, y2) and y1 != y2:
                return x1 + (x2 - x1) * (y - y1) / (y2 - y1)
        return hv[-1][0] if y > hv[-1][1] else hv[0][0]

    def east_of_havel(p):
        x, y = centres[p]
        return x > havel_x(y)

    land = [p for p in ALL if T[p] != "lake"]
    R = {}
    R["sector-1bf"] = sorted(s1bf)
    R["sector-1uf"] = sorted(s1uf)
    R["reichstag"] = [reich]
    R["potsdam"] = [objectives["Potsdam"]]
    R["so-1bf"] = sorted(p for n, p in objectives.items() if p in s1bf)
    R["so-1uf"] = sorted(p for n, p in objectives.items() if p in s1uf)
    only1bf = s1bf - {reich}
    only1uf = s1uf - {reich}
    R["edge-1bf-north"] = [p for p in land if p[1] == 1 and p in only1bf]
    R["edge-1bf-east"] = [p for p in land if p[0] == COLS and p in only1bf]
    R["edge-1bf-south"] = [p for p in land
                           if p[1] == ROWS and p in only1bf]
    R["edge-1uf-south"] = [p for p in land
                           if p[1] == ROWS and p in only1uf]
    R["edge-1uf-west"] = [p for p in land if p[0] == 1 and p in only1uf]
    # yellow stars (3.12 errata): where a road or railway leaves the south
    # edge of the 1UF sector east of the Havel (provisional)
    stars = set()
    for seq in list(M["roads"].values()) + list(M["rails"].values()):
        for p in seq:
            if p[1] == ROWS and p in only1uf and east_of_havel(p):
                stars.add(p)
    R["entry-1uf-stars"] = sorted(stars)
    R["entry-xx-corps"] = sorted(set(R["edge-1uf-west"]) |
                                 set(R["edge-1uf-south"]))
    R["exit-west"] = [p for p in land if p[0] == 1]
    R["setup-1bf-north"] = [p for p in land if p[1] <= 2 and p in only1bf]
    R["setup-1bf-south"] = [p for p in land
                            if p[1] >= ROWS - 1 and p in only1bf]
    R["setup-1uf-south"] = [p for p in land if p[1] >= ROWS - 1 and
                            p in only1uf and east_of_havel(p)]
    # where the Germans may be placed in each sector (3.5-3.10, 7.3):
    # land, not the Reichstag (5.6: only its 3.4 garrison)
    R["setup-german-1bf"] = [p for p in land if p in only1bf]
    R["setup-german-1uf"] = [p for p in land if p in only1uf]
    pd = objectives["Potsdam"]
    R["setup-spree"] = [p for p in land if dist(p, pd) <= 2 and
                        p in only1uf and not east_of_havel(p)]
    if pd not in R["setup-spree"]:
        M["notes"].append("Potsdam %s is not west of the Havel" % hid(pd))
    M["regions"] = R
    return M


# ---------------------------------------------------------------- output

def ranges(hexes):
    """'0101-0105,0203': runs along columns or along rows, the shorter"""
    def runs(hs, key):
        hs = sorted(set(hs), key=key)
        out, i = [], 0
        while i < len(hs):
            j = i
            while j + 1 < len(hs) and key(hs[j + 1])[0] == key(hs[i])[0] \
                    and key(hs[j + 1])[1] == key(hs[j])[1] + 1:
                j += 1
            out.append(hid(hs[i]) if i == j else
                       "%s-%s" % (hid(hs[i]), hid(hs[j])))
            i = j + 1
        return ",".join(out)
    a = runs(hexes, lambda p: (p[0], p[1]))
    b = runs(hexes, lambda p: (p[1], p[0]))
    return a if len(a) <= len(b) else b


# TEC: objective, Reichstag: Germans x2, Soviets x1, the Assault CRT,
# Germans ignore retreats (13.6, 16.10)
GERMAN_X2 = ('defence: {german: 200, soviet: 100}, crt: {german: assault}, '
             'ignore-retreat: {german: "yes"}')

KIND_ORDER = ["river", "lake", "bridge", "road", "railway", "boundary"]

REGION_NOTES = {
    "sector-1bf": "5.0: the 1BF sector (the Reichstag is in both, 5.5)",
    "sector-1uf": "5.0: the 1UF sector (provisional line, DATA.md 3.6)",
    "reichstag": "5.5, 5.6, 16.10, TEC",
    "potsdam": "3.8, 27.4: the Potsdam hex (+10 VP)",
    "so-1bf": "strategic objective hexes of the 1BF sector (7.4, 27.4)",
    "so-1uf": "strategic objective hexes of the 1UF sector",
    "edge-1bf-north": "7.1, 22.2: north edge (1BF sector)",
    "edge-1bf-east": "7.1: east edge (1BF sector)",
    "edge-1bf-south": "7.1: south edge of the 1BF sector",
    "edge-1uf-south": "7.1: south edge of the 1UF sector",
    "edge-1uf-west": "7.1: west edge of the 1UF sector",
    "entry-1uf-stars": "3.12 errata: yellow-star entry hexes (provisional)",
    "entry-xx-corps": "22.3: west or south edge of the 1UF sector",
    "exit-west": "26.1: escape off the west edge",
    "setup-1bf-north": "3.11: within 2 hexes of the north edge, 1BF",
    "setup-1bf-south": "3.11: within 2 hexes of the south edge, 1BF",
    "setup-1uf-south": "3.12: east bank of the Havel, 2 hexes of the south "
                       "edge",
    "setup-spree": "3.8: within 2 hexes of Potsdam, west bank of the Havel",
    "setup-german-1bf": "3.6, 3.7, 3.10, 7.3: land of the 1BF sector but "
                        "the Reichstag (5.6)",
    "setup-german-1uf": "3.5, 3.7, 3.9, 7.3: land of the 1UF sector but "
                        "the Reichstag",
}


def yaml_block(M):
    o = []
    w = o.append
    w("# PROVISIONAL map of Race to the Reichstag (World at War #26).")
    w("# Not the printed map: a reconstruction from the geography of Berlin")
    w("# in April 1945, drawn by scenarios/tools/reichstag-map.py (read its")
    w("# header: scale 0.85 km a hex, the Reichstag at 3413, features placed")
    w("# by latitude and longitude). Only the kinds of terrain, the place")
    w("# names Reichstag, Potsdam, Tiergarten (TG), Humboldthain (HT),")
    w("# Friedrichshain (FR) and the Havel are from the rules text; every")
    w("# hex, hexside, the sector line, the objectives and the entry hexes")
    w("# are ours. To correct it: edit the tables in reichstag-map.py and")
    w("# run it again, or edit this file by hand (then stop regenerating);")
    w("# run scenarios/tools/reichstag-check.py after either.")
    w("# This block pastes under a scenario's data: as it stands.")
    w("  map:")
    w("    provenance: provisional")
    w("    orientation: flat")
    w("    shifted: even")
    w("    columns: %d" % COLS)
    w("    rows: %d" % ROWS)
    w("    default: clear")
    w("    # terrain effects table (27.4/27.5 TEC). cost in MP; defence in")
    w("    # percent, by the defender's allegiance where the TEC doubles the")
    w("    # Germans only; crt: the table an attack on a German there must")
    w("    # use (12.21); zoc: whose zone of control does not extend into")
    w("    # the hex (11.0, 5.6); ignore-retreat: 13.6, 16.10.")
    w("    terrain:")
    w('      clear: {cost: 1, colour: "%s"}' % TERRAIN_COLOURS["clear"])
    w('      suburb: {cost: 2, colour: "%s"}' % TERRAIN_COLOURS["suburb"])
    w('      city: {cost: 2, crt: {german: assault}, colour: "%s"}' %
      TERRAIN_COLOURS["city"])
    w('      objective: {cost: 2, %s, zoc: {soviet: "no"}, '
      'colour: "%s"}' % (GERMAN_X2, TERRAIN_COLOURS["objective"]))
    w('      forest: {cost: 2, colour: "%s"}' % TERRAIN_COLOURS["forest"])
    w('      airfield: {cost: 1, colour: "%s"}' % TERRAIN_COLOURS["airfield"])
    w('      reichstag: {cost: 2, %s, zoc: {soviet: "no", german: "no"}, '
      'colour: "%s"}' % (GERMAN_X2, TERRAIN_COLOURS["reichstag"]))
    w("      # large lakes (Tegeler See, Mueggelsee, Grosser Wannsee):")
    w("      # prohibited ground (9.0), provisional")
    w('      lake: {cost: "no", colour: "%s"}' % TERRAIN_COLOURS["lake"])
    w("    hexsides:")
    w('      river: {cost: 3, defence: 200, colour: "#2f6fd0"}')
    w('      stream: {cost: 3, defence: 200, colour: "#5f9fe0"}')
    w('      lake: {cost: 6, defence: 200, colour: "#4f8fe0"}')
    w("      bridge: {cost: 0}")
    w("      demolished: {cost: 0}")
    w('      road: {cost: 1, colour: "#8a4b1f"}')
    w('      railway: {cost: 1, colour: "#333333"}')
    w('      boundary: {cost: "no", attack: "no", zoc: "no", '
      'colour: "#d01010"}')
    w("    # no fortified hexes in this game (the S-Bahn is a feature)")
    w("    fortification: {}")
    w("    # hex features: words after a hex's terrain in hexes")
    w("    features:")
    w("      # TEC fortified railway; 23.2's extra effects (no Soviet ZOC,")
    w("      # retreats ignored) are the Prepared Defence scenario's")
    w('      sbahn: {defence: {german: 200, soviet: 100}, '
      'crt: {german: assault}, colour: "#800080"}')
    w("      # 3.2, 16.4: the doubling within 2 hexes is the rules'")
    w('      flak-tower: {colour: "#000000"}')
    w("      # TEC airfield, 16.3, 24.4 (objective hexes included)")
    w('      airfield: {colour: "%s"}' % TERRAIN_COLOURS["airfield"])
    w('    zoc: {to-zoc: "no", leave: 0}')
    w("    # named hex sets the rules and the order of battle refer to")
    w("    regions:")
    for name, hs in M["regions"].items():
        w("      # %s" % REGION_NOTES[name])
        w('      %s: "%s"' % (name, ranges(hs)))
    w("    places:")
    for p in sorted(M["places"]):
        w('      "%s": %s' % (hid(p), M["places"][p]))
    w("    hexes: |")
    w("      # CCRR terrain [features], one line per hex")
    feats = [("sbahn", set(M["sbahn"])),
             ("flak-tower", set(M["flak"].values())),
             ("airfield", set(M["airfields"]))]
    for p in ALL:
        w("      %s" % " ".join([hid(p), M["terrain"][p]] +
                                [f for f, hs in feats if p in hs]))
    w("    sides: |")
    w("      # CCRR CCRR kinds [name]: rivers and canals (river), narrow")
    w("      # lakes (lake), bridges, roads, railways and S-Bahn, boundary")
    for (a, b) in sorted(M["sides"]):
        s = M["sides"][(a, b)]
        kinds = [k for k in KIND_ORDER if k in s["kinds"]]
        w("      %s %s %s%s" % (hid(a), hid(b), " ".join(kinds),
                                " " + s["name"] if s["name"] else ""))
    return "\n".join(o) + "\n"


def svg(M, path, zoom=None):
    """zoom: (c1, r1, c2, r2), a window of the map drawn at full size"""
    S = 30.0            # pixels per hex unit
    R = 1 / math.sqrt(3)
    W = (COLS + 1) * K * S + 40
    H = (ROWS + 1.5) * S + 40

    def xy(pt):
        return (pt[0] * S + 10, pt[1] * S + 10)
    view = ""
    if zoom:
        (x1, y1), (x2, y2) = xy(centre(zoom[:2])), xy(centre(zoom[2:]))
        view = ' viewBox="%d %d %d %d"' % (x1, y1, x2 - x1, y2 - y1)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="sans-serif"%s>' % (W, H, view),
         '<rect width="100%" height="100%" fill="white"/>']
    for p in ALL:
        cx, cy = centre(p)
        pts = " ".join("%.1f,%.1f" % xy((cx + R * math.cos(a),
                                          cy + R * math.sin(a)))
                       for a in [i * math.pi / 3 for i in range(6)])
        col = TERRAIN_COLOURS[M["terrain"][p]]
        o.append('<polygon points="%s" fill="%s" stroke="#999" '
                 'stroke-width="0.4"/>' % (pts, col))
        if p in M["sector-1uf"] and p not in M["sector-1bf"]:
            o.append('<polygon points="%s" fill="#ffe000" '
                     'fill-opacity="0.12"/>' % pts)
    for p in M["sbahn"]:
        x, y = xy(centre(p))
        o.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" '
                 'stroke="#800080" stroke-width="1.2"/>' % (x, y, S * 0.38))

    def edge(a, b):
        (ax, ay), (bx, by) = centre(a), centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        ln = math.hypot(dx, dy)
        px, py = -dy / ln * R / 2, dx / ln * R / 2
        return xy((mx + px, my + py)), xy((mx - px, my - py))
    for (a, b), s in M["sides"].items():
        k = s["kinds"]
        if "road" in k or "railway" in k:
            (x1, y1), (x2, y2) = xy(centre(a)), xy(centre(b))
            if "road" in k:
                o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                         'stroke="#8a4b1f" stroke-width="2.2"/>' %
                         (x1, y1, x2, y2))
            if "railway" in k:
                o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                         'stroke="#222" stroke-width="1" '
                         'stroke-dasharray="3,2"/>' % (x1, y1, x2, y2))
    for (a, b), s in M["sides"].items():
        k = s["kinds"]
        (x1, y1), (x2, y2) = edge(a, b)
        if "river" in k or "lake" in k:
            o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                     'stroke="%s" stroke-width="3.5"/>' %
                     (x1, y1, x2, y2,
                      "#1f5fd0" if "river" in k else "#4fa0ff"))
        if "bridge" in k:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            o.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="#fff" '
                     'stroke="#000" stroke-width="0.8"/>' % (mx, my))
        if "boundary" in k:
            o.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                     'stroke="#e00000" stroke-width="2" '
                     'stroke-dasharray="4,2"/>' % (x1, y1, x2, y2))
    for k, p in M["flak"].items():
        x, y = xy(centre(p))
        o.append('<rect x="%.1f" y="%.1f" width="10" height="10" '
                 'fill="#000"/>' % (x - 5, y - 5))
    for p, name in M["places"].items():
        x, y = xy(centre(p))
        big = name in ("Reichstag", "Potsdam")
        o.append('<text x="%.1f" y="%.1f" font-size="%d" text-anchor='
                 '"middle" fill="#000" stroke="#fff" stroke-width="2.5" '
                 'paint-order="stroke">%s</text>' %
                 (x, y + 3, 13 if big else 8, name))
    for c in range(1, COLS + 1, 5):
        x, y = xy(centre((c, 1)))
        o.append('<text x="%.1f" y="%.1f" font-size="7" fill="#555" '
                 'text-anchor="middle">%02d</text>' % (x, y - 6, c))
    for r in range(1, ROWS + 1, 5):
        x, y = xy(centre((1, r)))
        o.append('<text x="%.1f" y="%.1f" font-size="7" fill="#555">%02d'
                 '</text>' % (x - 12, y + 2, r))
    o.append('<text x="20" y="%d" font-size="14" fill="#a00">PROVISIONAL '
             'map (reichstag-map.py): yellow tint = 1UF sector, red dashes '
             '= boundary, purple rings = S-Bahn, black squares = flak '
             'towers</text>' % (H - 12))
    o.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(o))


def main(argv):
    M = build()
    text = yaml_block(M)
    for n in M["notes"]:
        print("note:", n, file=sys.stderr)
    if "--svg" in argv:
        zoom = None
        if "--zoom" in argv:
            v = argv[argv.index("--zoom") + 1]
            zoom = tuple(int(x) for x in v.split(","))
        svg(M, argv[argv.index("--svg") + 1], zoom)
    if "--stdout" in argv:
        sys.stdout.write(text)
        return 0
    import os
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "reichstag", "map.yaml")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write(text)
    print("wrote", out, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
