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
	N=$("$UMPIRE_PLAIN" report game.yaml |
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

# Print the number of distinct pixel colours of the PNG $1 (standard
# library only), to tell a drawn board from a blank page.
count_colours() {
	"$PY" "$BATS_TEST_DIRNAME/tools/png.py" colours "$1"
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
	local i u arrows=0
	for i in $(seq 0 "$N"); do
		# (memcheck on the first, the marked and the last; plain on
		# the repeats between)
		case $i in 0 | 7 | "$N") u=$UMPIRE ;; *) u=$UMPIRE_PLAIN ;; esac
		"$u" render game.yaml --step "$i" -o "s$i.svg"
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
	screenshot board.svg
	[ -s shot.png ]
	# A blank page compresses to a few KB; the board has many colours.
	run count_colours shot.png
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "distinct colours: $output"
	[ "$output" -gt 50 ]
}

# A Russo-German War game in honour mode (two keys, no referee), played
# to the end with the first legal answers, as h.yaml (a fixture: the
# plain binary under the valgrind pass).
play_rgw() {
	local i st side other
	"$UMPIRE_PLAIN" keygen -s german.key -p german.pub -W >/dev/null
	"$UMPIRE_PLAIN" keygen -s soviet.key -p soviet.pub -W >/dev/null
	"$UMPIRE_PLAIN" new russo-german-war -s german.key --side german=german.pub \
		--side soviet=soviet.pub --set hidden=honour -o h0.yaml \
		2>/dev/null
	"$UMPIRE_PLAIN" join h0.yaml --side soviet -s soviet.key -o h.yaml \
		2>/dev/null
	for ((i = 0; i < 400; i++)); do
		st=$("$UMPIRE_PLAIN" status --brief h.yaml)
		case $st in over*) return 0 ;; esac
		side=${st#pending }
		side=${side%% *}
		other=german
		[ "$side" = german ] && other=soviet
		"$UMPIRE_PLAIN" orders h.yaml -s "$side.key" |
			"$UMPIRE_PLAIN" sign - -s "$side.key" |
			"$UMPIRE_PLAIN" adjudicate h.yaml - -s "$other.key" -o n.yaml \
				--report /dev/null || return 1
		mv n.yaml h.yaml
	done
	return 1
}

# The card labels drawn face up in the group titled $2 of the SVG $1.
cards_in() {
	"$PY" - "$1" "$2" <<'PYEOF'
import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1])
for g in d.getElementsByTagName("g"):
    t = [x.firstChild.data for x in g.getElementsByTagName("title")]
    if t and t[0] == sys.argv[2]:
        print(" ".join(x[5:] for x in t[1:] if x.startswith("card ")))
PYEOF
}

@test "Russo-German War: the battle map, and --side german hides the Soviet hand" {
	play_rgw
	"$UMPIRE" render h.yaml -o final.svg
	well_formed final.svg
	grep -q '<title>The Russo-German War (card game, beta), step' final.svg
	grep -q '>Battle map<' final.svg
	grep -q '>Berlin (capital)<' final.svg
	grep -q '>Moscow (capital)<' final.svg
	grep -q '<title>Warsaw ..&gt; Kiev</title>' final.svg
	grep -q 'stroke-dasharray' final.svg
	grep -q 'Over: ' final.svg
	# after the deal (step 1) the Soviet holds a card only he has seen
	"$UMPIRE" render h.yaml --step 1 --full -o all.svg
	"$UMPIRE" render h.yaml --step 1 --side german -o german.svg
	well_formed all.svg
	well_formed german.svg
	soviet=$(cards_in all.svg "Soviet hand")
	german=$(cards_in all.svg "German hand")
	[ -n "$soviet" ]
	[ -n "$german" ]
	local c n=0
	for c in $soviet; do
		n=$((n + 1))
		grep -q ">$c<" all.svg
		if grep -q -e ">$c<" -e "card $c<" german.svg; then
			echo "the german view shows the Soviet's $c"
			return 1
		fi
	done
	for c in $german; do
		grep -q ">$c<" german.svg
	done
	[ "$(cards_in german.svg "Soviet hand")" = "" ]
	[ "$(grep -c '<title>a Soviet card, face down</title>' german.svg)" \
		-eq "$n" ]
	grep -q "Soviet hand: $n cards\? (hidden)" german.svg
	grep -q 'as german sees it' german.svg
	# step 2: the German's war card lies face down; the Soviet sees a back
	"$UMPIRE" render h.yaml --step 2 --full -o all2.svg
	"$UMPIRE" render h.yaml --step 2 --side soviet -o soviet2.svg
	down=$(cards_in all2.svg "the card played face down")
	[ -n "$down" ]
	[ "$(cards_in soviet2.svg "the card played face down")" = "" ]
	grep -q '<title>the German card played face down</title>' soviet2.svg
	"$UMPIRE" render h.yaml --step 2 --side german -o german2.svg
	[ "$(cards_in german2.svg "the card played face down")" = "$down" ]
}

@test "Russo-German War: headless Chromium draws the battle map" {
	local chrome
	chrome=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	play_rgw
	"$UMPIRE" render h.yaml --side german -o board.svg
	screenshot board.svg
	[ -s shot.png ]
	run count_colours shot.png
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "distinct colours: $output"
	[ "$output" -gt 50 ]
}

# A Kampfgruppe Peiper game with a referee, played $1 steps from the
# default orders (the first legal answer), as k.yaml (a fixture, as
# play_rgw's).
play_kgp() {
	local i st
	"$UMPIRE_PLAIN" keygen -s kp.key -p kp.pub -W >/dev/null
	"$UMPIRE_PLAIN" keygen -s kr.key -p kr.pub -W >/dev/null
	"$UMPIRE_PLAIN" new kampfgruppe-peiper -s kp.key --side player=kp.pub \
		--referee kr.pub -o k0.yaml 2>/dev/null
	"$UMPIRE_PLAIN" join k0.yaml --side referee -s kr.key -o k.yaml 2>/dev/null
	for ((i = 0; i < $1; i++)); do
		st=$("$UMPIRE_PLAIN" status --brief k.yaml)
		case $st in over*) return 0 ;; esac
		"$UMPIRE_PLAIN" orders k.yaml -s kp.key | "$UMPIRE_PLAIN" sign - -s kp.key |
			"$UMPIRE_PLAIN" adjudicate k.yaml - -s kr.key -o n.yaml \
				--report /dev/null || return 1
		mv n.yaml k.yaml
	done
}

@test "Kampfgruppe Peiper: the towns, the group, the US counters and the marks" {
	play_kgp 6
	"$UMPIRE" render k.yaml -o k.svg
	well_formed k.svg
	grep -q '<title>Kampfgruppe Peiper, step 6 of 6</title>' k.svg
	grep -q '>The Ardennes, 16-20 December 1944<' k.svg
	# every town of the scenario, with its threat value
	grep -q '<title>Losheim: threat 0, no star, Rollbahn B/C/D</title>' \
		k.svg
	grep -q '<title>Stavelot: threat 3, yellow star, Rollbahn C</title>' \
		k.svg
	grep -q '<title>Huy: threat 4, white star, Rollbahn C, on the Meuse' \
		k.svg
	# the three Meuse towns of 4.0: Huy, Ombret and Engis (not Andenne)
	grep -q '<title>Engis: threat 4, white star, Rollbahn D, on the Meuse (victory)</title>' \
		k.svg
	grep -q '>Engis (D)<' k.svg
	grep -q '>Ombret (B)<' k.svg
	! grep -q 'Andenne' k.svg || false
	grep -q '<title>Ouffet - Engis, Rollbahn D, bridge</title>' k.svg
	[ "$(grep -c '<title>[A-Za-z -]*: threat [0-9]' k.svg)" -eq 29 ]
	grep -q '<title>Stavelot - Trois-Ponts, Rollbahn C, bridge</title>' \
		k.svg
	# the group where the report says it is
	at=$("$UMPIRE" report k.yaml | sed -n 's/^Around \(.*\) (moves .*/\1/p' |
		tail -n 1)
	[ -n "$at" ]
	grep -q "<title>Kampfgruppe Peiper at $at</title>" k.svg
	grep -q ">Kampfgruppe Peiper at $at<" k.svg
	grep -q '>Turn track<' k.svg
	grep -q '>Supply (fuel): [0-6]<' k.svg
	grep -q '>Cup: [0-9] US counters\? ' k.svg
	# the first move is drawn as an arrow, the placements as rings
	local i moves=0 placed=0
	for i in 1 2 3 4 5 6; do
		"$UMPIRE" render k.yaml --step "$i" -o "k$i.svg"
		well_formed "k$i.svg"
		moves=$((moves + $(grep -c '<title>move: ' "k$i.svg" || true)))
		placed=$((placed + $(grep -c '<title>placed: ' "k$i.svg" || true)))
	done
	[ "$moves" -gt 0 ]
	[ "$placed" -gt 0 ]
	grep -q 'marker-end=' k1.svg
	grep -q '<title>a US counter, face down' k1.svg
	# the provisional list is wrapped within the page
	grep -q '>PROVISIONAL DATA in this scenario:<' k.svg
	"$PY" - k.svg <<'PYEOF'
import sys, xml.dom.minidom
d = xml.dom.minidom.parse(sys.argv[1]).documentElement
width = float(d.getAttribute("viewBox").split()[2])
for t in d.getElementsByTagName("text"):
    s = "".join(n.data for n in t.childNodes if n.nodeType == n.TEXT_NODE)
    if t.getAttribute("font-size") == "11" and t.getAttribute("x") == "14":
        assert 14 + 6.4 * len(s) <= width, (len(s), s)
PYEOF
}

@test "Kampfgruppe Peiper: headless Chromium draws the map" {
	local chrome
	chrome=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	play_kgp 6
	"$UMPIRE" render k.yaml -o board.svg
	grep -q '<title>Kampfgruppe Peiper at ' board.svg
	grep -q '>Trois-Ponts (C)<' board.svg
	screenshot board.svg
	[ -s shot.png ]
	run count_colours shot.png
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "distinct colours: $output"
	[ "$output" -gt 50 ]
}

@test "render a view: the board as its side sees it, hidden hand by size" {
	ex="$BATS_TEST_DIRNAME/../../examples/russo-german-war"
	# a German view with two Soviet cards in hand and an open
	# exploitation card (the dotted-arrow note), whichever step the
	# example game reached it at
	local view=""
	for f in "$ex"/views/[0-9]*-german.view; do
		grep -q '^  hand-count: {german: [0-9]*, soviet: 2}' "$f" ||
			continue
		"$UMPIRE" render "$f" -o v.svg
		if grep -q 'dotted arrows only' v.svg; then
			view=$f
			break
		fi
	done
	[ -n "$view" ]
	run "$UMPIRE" render "$view" -o v.svg
	[ "$status" -eq 0 ]
	grep -q 'as german sees it' v.svg
	grep -q 'Soviet hand: 2 cards (hidden)' v.svg
	# the same board the referee's game file draws for that side and
	# step, text for text, but for what only the game file holds (the
	# step's marks, the total of steps, the turn of the last event)
	step=$(sed -n 's/^step: //p' "$view")
	"$UMPIRE" render "$ex/game.yaml" --side german --step "$step" -o g.svg
	grep -o '>[^<]*hand[^<]*<' g.svg >want
	grep -o '>[^<]*hand[^<]*<' v.svg >got
	cmp want got
	run "$UMPIRE" render "$view" --side soviet -o x.svg
	[ "$status" -eq 2 ]
	assert_output_has "a view is of one step and one side"
	[ ! -e x.svg ]
	# at the year end the open exploitation cards restrict nothing any
	# more: no dotted-arrow note, as in the report
	yend=$(grep -l '^  phase: year-end' "$ex"/views/*.view | head -1)
	grep -q '^  open: \[x1, x2\]' "$yend"
	"$UMPIRE" render "$yend" -o ye.svg
	run grep -c 'dotted arrows only' ye.svg
	[ "$output" = 0 ]
	grep -q 'dotted arrows only' v.svg
	# every view of the example game renders (hidden hands, a hidden
	# face-down card, a hidden deck, for each side)
	for v in "$ex"/views/*.view; do
		"$UMPIRE" render "$v" -o all.svg ||
			{ echo "cannot render $v"; return 1; }
	done
}

# Race to the Reichstag's board: a stack shows its top unit's own
# strength (the strength of the last unit of the stack was drawn under
# the top one's id: "7GTB 8"); the phase in words, not the state file's
# name ("german-1bf-sector-movement"); who controls each objective hex
# (21.2).
@test "Race to the Reichstag: a stack's own strength, the phase in words, objective control" {
	local ex="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"
	local scn="$BATS_TEST_DIRNAME/../../scenarios/race-to-the-reichstag.yaml"
	"$UMPIRE" render "$ex/game.yaml" -o rt.svg
	well_formed rt.svg
	"$PY" "$BATS_TEST_DIRNAME/tools/strengths.py" "$scn" rt.svg
	grep -q '<title>control of the objective hexes (21.2)</title>' rt.svg
	# the phase in words under the board ("over" was the state's name)
	grep -Eq '>GT [0-9]+ \([^)]*\) of [0-9]+: game over<' rt.svg
}

@test "Race to the Reichstag: place names kept off the counters, or drawn under them" {
	ex="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"
	for n in 12 44; do
		"$UMPIRE" render "$ex/game.yaml" --step $n -o b.svg
		# each name's halo (svg_mark_label) against each counter (34 by
		# 31); the names are drawn with the map, before every counter
		run "$PY" - b.svg <<'PYEOF'
import re, sys
s = open(sys.argv[1]).read()
halo = r'<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="15" rx="3" ry="3" fill="#ffffff" opacity="0.8"/>'
ctr = r'<rect x="([-\d.]+)" y="([-\d.]+)" width="34" height="31"'
labels = [(m.start(), *map(float, m.groups())) for m in re.finditer(halo, s)]
counters = [(m.start(), *map(float, m.groups())) for m in re.finditer(ctr, s)]
assert len(labels) > 40 and len(counters) > 100, (len(labels), len(counters))
assert max(p for p, *_ in labels) < min(p for p, *_ in counters), "a name over a counter"
over = sum(any(x < cx + 34 and cx < x + w and y < cy + 31 and cy < y + 15
               for _, cx, cy in counters) for _, x, y, w in labels)
print(over)
PYEOF
		[ "$status" -eq 0 ] || { echo "$output"; return 1; }
		echo "step $n: $output of the names touch a counter"
		# where the hex leaves no room (a name between stacks)
		[ "$output" -le 4 ]
	done
}

@test "hex boards: every word on a counter or a mark at least 9 units high (legible at 100%)" {
	local ex n
	for ex in aachen race-to-the-reichstag; do
		for n in 5 12; do
			"$UMPIRE" render "$BATS_TEST_DIRNAME/../../examples/$ex/game.yaml" \
				--step $n -o b.svg
			# the marks of the step and the counters' ids and
			# factors (red marks, black ids): no type under 9
			run grep -o 'font-size="[0-8]\(\.[0-9]*\)\?"[^>]*fill="#\(c00000\|000000\)">[^<]' b.svg
			[ -z "$output" ] || { echo "$ex step $n: $output"; return 1; }
		done
	done
}

# In headless Chromium, measured in the drawn page (tools/overlap.js):
# the boxes the browser lays out for the counters' words against the
# moves' lines and heads drawn over them, and the red marks against the
# counters. Step 5 of the example moves two dozen units through and into
# stacks; step 12 shows the 1BF player's face-down counters.
@test "hex boards in Chromium: no move's arrow covers a counter's words, and a red mark sits inside its own counter" {
	local chrome ex n
	chrome=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	for ex in race-to-the-reichstag aachen; do
		for n in 5 12; do
			"$UMPIRE" render "$BATS_TEST_DIRNAME/../../examples/$ex/game.yaml" \
				--step $n -o "$ex-$n.svg"
			run "$PY" "$BATS_TEST_DIRNAME/cdp.py" "$chrome" \
				"file://$PWD/$ex-$n.svg" \
				"$(cat "$BATS_TEST_DIRNAME/tools/overlap.js")"
			[ "$status" -eq 0 ] || { echo "$output"; return 1; }
			echo "$ex step $n: $output"
			"$PY" - "$output" <<'PYEOF'
import json, sys
d = json.loads(sys.argv[1])
assert d["words"] > 20, d
assert not d["covered"], d["covered"]
PYEOF
		done
	done
	# the example's step 5 draws arrows, step 12 marks counters "down"
	grep -q 'marker-end=' race-to-the-reichstag-5.svg
	grep -q '>down</text>' race-to-the-reichstag-12.svg
}

@test "plain render (no --side) draws the latest step's moves as arrows" {
	ex="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"
	# step 43 of the example moves units: each move an arrow
	"$UMPIRE" render "$ex/game.yaml" --step 43 -o b.svg
	n=$(grep -c 'marker-end="url(#arrow' b.svg)
	echo "arrows: $n"
	[ "$n" -ge 3 ]
	# the step before the start has none
	"$UMPIRE" render "$ex/game.yaml" --step 0 -o a.svg
	! grep -q 'marker-end=' a.svg
}

@test "Race to the Reichstag: a move's arrow follows the hexes the unit entered" {
	ex="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"
	arrows="$PY $BATS_TEST_DIRNAME/tools/arrows.py"
	# step 5 of the example: 19AG, "to 3627" from 4030, goes round by
	# 3931 3830 3730 3629 3628 (six hexes entered for a distance of
	# five, not the straight line): the arrow passes through every hex
	# it entered and ends where the report says the move ended
	"$UMPIRE" render "$ex/game.yaml" --step 5 -o b.svg
	"$UMPIRE" report "$ex/game.yaml" --step 5 |
		grep -q '19AG moves from 4030 to 3627\.'
	run $arrows b.svg
	echo "$output"
	printf '%s\n' "$output" | grep -qx '4030 3931 3830 3730 3629 3628 3627'
	# every arrow of the step goes hex to next hex (no straight line
	# over hexes the unit never entered)
	"$UMPIRE" render "$ex/game.yaml" --step 5 -o c.svg
	run $arrows c.svg
	[ "$(printf '%s\n' "$output" | awk 'NF > 2' | wc -l)" -ge 10 ]
}

# The example's views were view/4 until it was played again under rules
# race-to-the-reichstag/4; fixtures/view4 keeps a view/4 view of a game
# of those rules (its README says how it was made).
@test "a view/4 view (no paths in its marks) still loads, renders and audits" {
	fx="$BATS_TEST_DIRNAME/fixtures/view4"
	head -n 1 "$fx/006-1uf.view" | grep -qx 'umpire: view/4'
	# it tells the 1BF player's moves, with no path
	grep -q 'kind: move' "$fx/006-1uf.view"
	if grep -q 'path:' "$fx/006-1uf.view"; then return 1; fi
	"$UMPIRE" audit "$fx/game.yaml" --view "$fx/006-1uf.view"
	"$UMPIRE" render "$fx/006-1uf.view" -o v.svg
	# its arrows straight, as the view says no more: two hexes each
	run "$PY" "$BATS_TEST_DIRNAME/tools/arrows.py" v.svg
	echo "$output"
	[ -n "$output" ]
	[ "$(printf '%s\n' "$output" | awk 'NF != 2' | wc -l)" -eq 0 ]
}
