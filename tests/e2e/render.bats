#!/usr/bin/env bats
# umpire render: the board of a played Arnswalde 1945 game as SVG; well
# formed, deterministic, drawn by a real browser (headless Chromium, when
# installed), the same for every side (the game hides nothing), and
# refusals for a bad command line.

load helpers

PY=/usr/bin/python3

setup() {
	umpire_setup
	cp "$BATS_TEST_DIRNAME/../../examples/arnswalde-1945/game.yaml" .
	# its number of steps (make-example.sh may play another game)
	N=$("$UMPIRE" report game.yaml |
		sed -n 's/^Step \([0-9]*\), ordered by .*/\1/p' | head -n 1)
	[ -n "$N" ]
}

# Exit 0 if $1 is well-formed XML whose root is an SVG 1.1 <svg>.
well_formed() {
	"$PY" -c '
import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1]).documentElement
assert d.tagName == "svg", d.tagName
assert d.getAttribute("xmlns") == "http://www.w3.org/2000/svg"
assert d.getAttribute("version") == "1.1"
assert d.getElementsByTagName("title")
' "$1"
}

@test "render writes a well-formed SVG of the final board" {
	run "$UMPIRE" render game.yaml -o board.svg
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ -s board.svg ]
	well_formed board.svg
	grep -q "<title>Arnswalde 1945, step $N of $N</title>" board.svg
	grep -q 'PROVISIONAL DATA' board.svg
	grep -q '>Central Square<' board.svg
	grep -q '>Field workshop<' board.svg
	grep -q '>Morale<' board.svg
	grep -q '<marker id="arrow"' board.svg
	[ -z "$(ls board.svg.tmp-* 2>/dev/null)" ]
}

@test "every step renders, with that step's marks, the same way twice" {
	local i arrows=0
	for i in $(seq 0 "$N"); do
		"$UMPIRE" render game.yaml --step "$i" -o "s$i.svg"
		well_formed "s$i.svg"
		arrows=$((arrows + $(grep -c 'marker-end=' "s$i.svg" || true)))
	done
	[ "$arrows" -gt 0 ]
	grep -q 'before play' s0.svg
	grep -q "step 7 of $N" s7.svg
	cat s*.svg | grep -q 'counter-attack on'
	"$UMPIRE" render game.yaml --step 7 -o - >again.svg
	cmp s7.svg again.svg
}

@test "a freshly played game renders and its audit still passes" {
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub -o g.yaml 2>/dev/null
	"$UMPIRE" join g.yaml --side referee -s r.key -o g1.yaml 2>/dev/null
	"$UMPIRE" render g1.yaml -o start.svg
	well_formed start.svg
	"$UMPIRE" orders g1.yaml -s p.key | "$UMPIRE" sign - -s p.key |
		"$UMPIRE" adjudicate g1.yaml - -s r.key -o g2.yaml 2>/dev/null
	"$UMPIRE" render g2.yaml -o step1.svg
	well_formed step1.svg
	grep -q 'Tigers' step1.svg
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 0 ]
}

@test "--side hides nothing in Arnswalde (no hidden information)" {
	"$UMPIRE" render game.yaml -o all.svg
	"$UMPIRE" render game.yaml --side player -o player.svg
	well_formed player.svg
	grep -q 'as player sees it' player.svg
	# the same board; only the title and the "as ... sees it" line differ
	diff <(grep -v 'sees it' all.svg | grep -v '^<title>Arnswalde') \
		<(grep -v 'sees it' player.svg | grep -v '^<title>Arnswalde')
}

@test "a bad --step, a missing -o and an unknown side are refused (2)" {
	run "$UMPIRE" render game.yaml --step $((N + 1)) -o x.svg
	[ "$status" -eq 2 ]
	assert_output_has "--step takes a step from 0"
	run "$UMPIRE" render game.yaml --step -1 -o x.svg
	[ "$status" -eq 2 ]
	run "$UMPIRE" render game.yaml --step two -o x.svg
	[ "$status" -eq 2 ]
	run "$UMPIRE" render game.yaml
	[ "$status" -eq 2 ]
	assert_output_has "give -o FILE.svg"
	run "$UMPIRE" render game.yaml --side german -o x.svg
	[ "$status" -eq 2 ]
	assert_output_has "no side 'german'"
	[ ! -e x.svg ]
}

@test "headless Chromium draws the board (not a blank page)" {
	local chrome
	chrome=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	"$UMPIRE" render game.yaml -o board.svg
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$BATS_TEST_TMPDIR/chrome" \
		--screenshot="$PWD/shot.png" --window-size=1000,800 \
		"file://$PWD/board.svg" >chrome.log 2>&1 ||
		{ cat chrome.log; return 1; }
	[ -s shot.png ]
	# A blank page compresses to a few KB; the board has many colours.
	# Count distinct pixel colours of the PNG with the standard library.
	run "$PY" - shot.png <<'PYEOF'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, hdr = 8, b"", None
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        hdr = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
w, h, depth, ctype = hdr[0], hdr[1], hdr[2], hdr[3]
assert depth == 8 and ctype in (2, 6), (depth, ctype)
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
prev, colours, off = bytearray(stride), set(), 0
for y in range(h):
    f, line = raw[off], bytearray(raw[off + 1:off + 1 + stride])
    off += 1 + stride
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
            line[i] = (line[i] + pr) & 255
    if y % 4 == 0:
        for x in range(0, stride, bpp * 2):
            colours.add(bytes(line[x:x + 3]))
    prev = line
print(len(colours))
PYEOF
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "distinct colours: $output"
	[ "$output" -gt 50 ]
}
