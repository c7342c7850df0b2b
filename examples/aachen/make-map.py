#!/usr/bin/env python3
"""make-map.py - print the provisional Aachen map blocks (hexes and sides)
for scenarios/aachen.yaml. Run once to regenerate; the owner of the game
replaces the output by a transcription of the printed map. Geometry: flat
hexes in columns, even columns half a hex lower (as src/rules/lib/hex.c)."""
COLS, ROWS = 30, 34

def cube(c, r):
    # even columns lowered: z = r - (c - 1) // 2
    x = c; z = r - (c - 1) // 2
    return x, z, -x - z

def from_cube(x, z):
    c = x; r = z + (c - 1) // 2
    return c, r

def nbrs(c, r):
    low = c % 2 == 0
    t = [(0,-1),(1,0),(1,1),(0,1),(-1,1),(-1,0)] if low else \
        [(0,-1),(1,-1),(1,0),(0,1),(-1,0),(-1,-1)]
    return [(c+dc, r+dr) for dc, dr in t]

def dist(a, b):
    ax, az, ay = cube(*a); bx, bz, by = cube(*b)
    return max(abs(ax-bx), abs(ay-by), abs(az-bz))

def line(a, b):
    """hexes from a to b, each adjacent to the next"""
    out = [a]; cur = a
    while cur != b:
        best = min((n for n in nbrs(*cur) if 1 <= n[0] <= COLS and 1 <= n[1] <= ROWS),
                   key=lambda n: (dist(n, b), n))
        out.append(best); cur = best
    return out

def h(p): return "%02d%02d" % p
def P(s): return (int(s[:2]), int(s[2:]))

terrain = {}
city = ["1227", "1228", "1327", "1328", "1428"]
towns = ["0507", "1015", "1220", "1623", "2020", "1828", "2512", "0710", "2226"]
for c in range(20, COLS + 1):
    for r in range(24, ROWS + 1):
        if (c * 7 + r * 3) % 5 < 3:
            terrain[(c, r)] = "woods"
for c in range(24, COLS + 1):
    for r in range(28, ROWS + 1):
        if (c + r) % 3 == 0:
            terrain[(c, r)] = "rough"
for (c, r) in [(8, 3), (9, 3), (9, 4), (14, 8), (15, 8), (15, 9), (17, 14),
               (18, 14), (6, 25), (7, 25), (7, 26), (10, 31), (11, 31)]:
    terrain[(c, r)] = "woods"
for t in towns: terrain[P(t)] = "town"
for t in city: terrain[P(t)] = "city"
fort = set()
for r in range(1, 17): fort.add((4, r))
for s in ["0517", "0518", "0619", "0620", "0521", "0522", "0423", "0424",
          "0425", "0426", "0427", "0428", "0628", "0729", "0829", "0929",
          "1029", "1129", "0602", "0604", "0606", "0608", "0610", "0612"]:
    fort.add(P(s))

print("    hexes: |")
print("      # CCRR terrain [fort], one line per hex")
for c in range(1, COLS + 1):
    for r in range(1, ROWS + 1):
        t = terrain.get((c, r), "clear")
        f = " fort" if (c, r) in fort else ""
        if True:
            print("      %s %s%s" % (h((c, r)), t, f))

sides = {}
def add(a, b, *kinds):
    k = tuple(sorted((a, b)))
    sides.setdefault(k, [])
    for x in kinds:
        if x not in sides[k]: sides[k].append(x)

# the Wurm: between column 03 and column 04 (rows 1-16), then between
# columns 04 and 05 down to row 22
for r in range(1, 17):
    for n in nbrs(3, r):
        if n[0] == 4 and 1 <= n[1] <= 16: add((3, r), n, "river", "wurm")
for r in range(17, 23):
    for n in nbrs(4, r):
        if n[0] == 5 and 17 <= n[1] <= 22: add((4, r), n, "river", "wurm")
# a stream (the Inde), north-east of Aachen
inde = line((15, 24), (27, 20))
for a, b in zip(inde, inde[1:]):
    pass
for a in inde:
    for n in nbrs(*a):
        if n in inde: continue
        if n[1] < a[1] and 1 <= n[0] <= COLS:
            add(a, n, "stream")
            break
roads = [("0205", "1328"), ("0119", "1328"), ("0332", "1328"),
         ("0301", "0507"), ("0507", "2204"), ("1328", "2612"),
         ("1328", "2813"), ("1328", "2914"), ("1328", "3014"),
         ("1328", "3016"), ("1328", "3018"), ("1328", "3019"),
         ("1328", "3024"), ("1328", "2730"), ("1328", "2531"),
         ("1328", "1934"), ("0630", "1328")]
for a, b in roads:
    path = line(P(a), P(b))
    for x, y in zip(path, path[1:]):
        k = tuple(sorted((x, y)))
        if "river" in sides.get(k, []) or "stream" in sides.get(k, []):
            add(x, y, "road", "bridge")
        else:
            add(x, y, "road")
rail = line(P("0210"), P("1328")) + line(P("1328"), P("3019"))[1:]
for x, y in zip(rail, rail[1:]):
    k = tuple(sorted((x, y)))
    if "river" in sides.get(k, []) or "stream" in sides.get(k, []):
        add(x, y, "railway", "bridge")
    else:
        add(x, y, "railway")
print("    sides: |")
print("      # CCRR CCRR kind... [name]")
for (a, b) in sorted(sides):
    print("      %s %s %s" % (h(a), h(b), " ".join(sides[(a, b)])))
