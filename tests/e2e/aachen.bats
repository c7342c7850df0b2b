#!/usr/bin/env bats
# Aachen: First to Fall through files alone: two players, two keys, no
# referee (each side adjudicates the other's orders); a game from default
# orders (reinforcements enter, nothing attacks) to its end; a scripted game with real moves,
# attacks, retreats and bridging (examples/aachen/choose.py: a whole turn
# an order file) for its first steps, then default orders to the end; audit; a refused illegal step and
# a refused illegal path ("UNIT HEX HEX ...", one answer a unit).

load helpers

CHOOSE="$BATS_TEST_DIRNAME/../../examples/aachen/choose.py"

# One step: the side asked writes orders (through choose.py if $2 is
# "script"), signs them, the other side adjudicates.
one_step() {
	local g=$1 how=$2 st side k o
	st=$("$UMPIRE" status --brief "$g")
	side=$(echo "$st" | awk '{print $2}')
	if [ "$side" = allied ]; then k=a.key; o=g.key; else k=g.key; o=a.key; fi
	# the size of what a player reads: the template, then the report
	"$UMPIRE" orders "$g" -s $k | wc -l >>"${g%.yaml}.template-lines"
	if [ "$how" = script ]; then
		python3 "$CHOOSE" "$side" "$g" $k "$UMPIRE" >o.yaml
	else
		"$UMPIRE" orders "$g" -s $k >o.yaml
	fi || return 1
	"$UMPIRE" sign o.yaml -s $k -o o.signed.yaml || return 1
	"$UMPIRE" adjudicate "$g" o.signed.yaml -s $o -o next.yaml \
		--report report.txt 2>/dev/null || return 1
	cat report.txt >>all-reports.txt
	wc -l <report.txt >>"${g%.yaml}.report-lines"
	mv next.yaml "$g"
}

# $1 game, $2 how, $3 steps max (stops early when the game is over)
play() {
	local i
	# each game played from start.yaml is a new history of one game id:
	# its own local records (a key refuses a second history)
	local -x XDG_STATE_HOME="$BATS_FILE_TMPDIR/.state-${1%.yaml}"
	for ((i = 0; i < $3; i++)); do
		case "$("$UMPIRE" status --brief "$1")" in over*) return 0 ;; esac
		one_step "$1" "$2" || return 1
	done
}

setup_file() {
	umpire_setup_file
	export UMPIRE_SCENARIOS="${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}"
	cd "$BATS_FILE_TMPDIR"
	"$UMPIRE" keygen -s a.key -p a.pub -W >/dev/null
	"$UMPIRE" keygen -s g.key -p g.pub -W >/dev/null
	"$UMPIRE" new aachen -s a.key --side allied=a.pub --side german=g.pub \
		-o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side german -s g.key -o start.yaml 2>/dev/null
	cp start.yaml idle.yaml
	play idle.yaml default 200
	cp start.yaml scripted.yaml
	play scripted.yaml script 6
	play scripted.yaml default 300
	# the same player, but a mechanised phase after combat is a step of
	# its own: the side that attacked orders two steps in a row
	cp start.yaml split.yaml
	CHOOSE_NO_MOVE_STANDING=1 play split.yaml script 14
}

setup() {
	umpire_setup
	export UMPIRE_SCENARIOS="${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}"
	cp "$BATS_FILE_TMPDIR"/{a,g}.{key,pub} "$BATS_FILE_TMPDIR"/*.yaml \
		"$BATS_FILE_TMPDIR"/*-lines "$BATS_FILE_TMPDIR"/all-reports.txt .
}

@test "the first question: the Allied set-up (17.0), no referee" {
	run "$UMPIRE" status --brief start.yaml
	[ "$output" = "pending allied 1" ]
	run "$UMPIRE" status start.yaml
	assert_output_has "rule 17.0 (setup)"
}

@test "orders that move nothing play the game to its end; audit passes" {
	run "$UMPIRE" status --brief idle.yaml
	[[ "$output" == over* ]]
	run "$UMPIRE" status idle.yaml
	assert_output_has "German victory (16.0) after turn 20"
	run "$UMPIRE" audit idle.yaml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
}

@test "a scripted game with moves and attacks ends; audit passes" {
	run "$UMPIRE" status --brief scripted.yaml
	[[ "$output" == over* ]]
	run "$UMPIRE" audit scripted.yaml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
	grep -q "\[17.0\] a19 sets up" all-reports.txt
	grep -q "\[5.0\] a13 moves from 1629" all-reports.txt
	grep -q "\[7.6\] Attack on" all-reports.txt
}

@test "reports say the map is provisional and fit 72 columns" {
	"$UMPIRE" report scripted.yaml >r.txt 2>/dev/null
	grep -q "PROVISIONAL" r.txt
	[ -z "$(awk 'length > 72' r.txt)" ]
}

@test "the board renders as SVG, labelled provisional" {
	run "$UMPIRE" render scripted.yaml -o board.svg
	[ "$status" -eq 0 ]
	grep -q "PROVISIONAL" board.svg
	grep -q "<polygon" board.svg
}

@test "refused: an illegal step names the rule and the legal hexes" {
	"$UMPIRE" orders start.yaml -s a.key |
		sed 's/^- setup: "2628"/- setup: "0101"/' |
		"$UMPIRE" sign - -s a.key >bad.yaml
	run "$UMPIRE" adjudicate start.yaml bad.yaml -s g.key -o out.yaml
	[ "$status" -eq 1 ]
	assert_output_has "rule 17.0"
	assert_output_has '"2629"'
	[ ! -e out.yaml ]
}

# umpire-orders(5), SCOPES: the template names each scope of a kept
# standing order, sign takes them, and a scope the rules do not have is
# refused with the list of the keys that are
@test "standing orders name their scope: advance-attacker, advance-defender" {
	"$UMPIRE" orders start.yaml -s a.key >t.yaml
	grep -q '^#  advance: "yes"$' t.yaml
	grep -q '^#  advance-attacker: "yes"$' t.yaml
	grep -q '^#  advance-defender: "yes"$' t.yaml
	grep -q 'best (the attack at the best odds' t.yaml
	sed 's/^#  advance-defender: "yes"/  advance-defender: "no"/;
	     s/^#  support: "best"/  support: "best"/' t.yaml |
		"$UMPIRE" sign - -s a.key -g start.yaml -o ok.yaml
	grep -q '^  advance-defender: "no"$' ok.yaml
	grep -q '^  support: "best"$' ok.yaml
	sed 's/^#  advance-defender: "yes"/  advance-sideways: "no"/' t.yaml |
		"$UMPIRE" sign - -s a.key -g start.yaml -o bad.yaml 2>err.txt &&
		return 1
	grep -q "no question takes the standing order 'advance-sideways'" err.txt
	grep -q 'advance-attacker, advance-defender' err.txt
}

# 7.7: a kept retreat for one's own attackers never moves a defender
@test "standing orders name their scope: retreat-attacker, retreat-defender" {
	"$UMPIRE" orders start.yaml -s a.key >t.yaml
	grep -q '^#  retreat: "rear"$' t.yaml
	grep -q '^#  retreat-attacker: "rear"$' t.yaml
	grep -q '^#  retreat-defender: "rear"$' t.yaml
	sed 's/^#  retreat-defender: "rear"/  retreat-defender: "rear"/' \
		t.yaml | "$UMPIRE" sign - -s a.key -g start.yaml -o ok.yaml
	grep -q '^  retreat-defender: "rear"$' ok.yaml
}

@test "refused: an illegal path names the hex and the rule" {
	"$UMPIRE" orders start.yaml -s a.key >t.yaml
	grep -q '^# for example: "done", "a' t.yaml
	sed '0,/^- move: "done"/s//- move: "a13 1427"/' t.yaml |
		"$UMPIRE" sign - -s a.key >bad.yaml
	run "$UMPIRE" adjudicate start.yaml bad.yaml -s g.key -o out.yaml
	[ "$status" -eq 1 ]
	assert_output_has "'a13 1427' is not a legal answer to rule 5.0"
	assert_output_has "1427 is not next to 1629 (5.0)"
	[ ! -e out.yaml ]
}

@test "refused: adjudication by the side that ordered the step" {
	"$UMPIRE" orders start.yaml -s a.key | "$UMPIRE" sign - -s a.key >o.yaml
	run "$UMPIRE" adjudicate start.yaml o.yaml -s a.key -o out.yaml
	[ "$status" -eq 1 ]
	[ ! -e out.yaml ]
}

# 9.0: at set-up every unit of both sides is in supply (the first
# reconstruction traced at most 8 hexes to a map edge, so 23 German units
# and two American ones started out of supply, attacking at 0).
@test "supply (9.0): at set-up every unit of both sides is in supply" {
	cp start.yaml s.yaml
	local -x XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	: >all-reports.txt
	# step 1: the Allied set-up and turn 1 (the Allied supply check);
	# step 2: the German turn 1 (the German check)
	one_step s.yaml default
	one_step s.yaml default
	grep -q 'Supply: a line of any length' all-reports.txt
	grep -q 'turn 2 of 20: Allied movement phase' all-reports.txt
	run grep -c 'is out of supply' all-reports.txt
	[ "$output" = 0 ] || { grep 'out of supply' all-reports.txt; return 1; }
}

# 17.0: "1934-2431" is a block corner to corner: rows 31 to 34, with
# 2431 itself (the first data used rows 32-34).
@test "set-up (17.0): the 3rd Armored block 1934-2431 includes 2431" {
	run "$UMPIRE" orders start.yaml -s a.key
	[ "$status" -eq 0 ]
	assert_output_has '"1931"'
	assert_output_has '"2431"'
	assert_output_has '"2434"'
}

# Version 4 (the scenario's notes): the seven Aachen city hexes and two
# support fire markers a side; the hand-played walk-over began with the
# US 1st Division filling the empty city hexes on turn 1. Now each
# empty one lies in a garrison unit's zone of control: no US unit on
# the map reaches one (6.1, no move from one enemy ZOC to another).
# Version 5 adds that a US unit walks into a city hex only once no
# German supply line reaches it (9.0; conformance 9.0-city-entry-*).
# Version 8: one German marker a turn (the LXXXI Corps under the
# Allied guns and fighter-bombers), two Allied.
@test "version 4, 5 and 8 (16.0, 8.0): 7 city hexes, 2 Allied support markers, 1 German" {
	run "$UMPIRE" report start.yaml
	[ "$status" -eq 0 ]
	assert_output_has "Aachen city hexes Allied: 0 of 7."
	assert_output_has "Support fire markers left: Allied 2 of 2, German 1 of 1"
}

@test "version 4 and 5 (16.0, 6.1, 9.0): the city fill of turn 1 is refused, hex by hex" {
	"$UMPIRE" orders start.yaml -s a.key >t.yaml
	local h u n=0 empty
	# the scenario's city hexes (16.0) but the garrison's (17.0)
	empty=$(sed -n 's/^      aachen-city: "\(.*\)"$/\1/p' \
		"$UMPIRE_SCENARIOS/aachen.yaml" | tr , '\n' |
		grep -vx -e 1226 -e 1330 -e 1428)
	for h in $empty; do
		for u in a10 a11 a12 a13 a14 a15 a16 a17 a18 a19 a20 a21 \
			a22 a23 a24 a25 a26 a27 a28; do
			awk -v m="$u to $h" '/^- move: "done"/ && !d {
				print "- move: \"" m "\""; d = 1; next }
				/^- move: "done"/ { next } { print }' t.yaml >x.yaml
			run "$UMPIRE" orders start.yaml -s a.key --answers x.yaml
			[ "$status" -ne 0 ] || { echo "$u reaches $h"; return 1; }
			case "$output" in *"cannot reach $h"*) n=$((n + 1)) ;; esac
		done
	done
	[ "$n" -eq $((19 * $(echo $empty | wc -w))) ]
	# and the nearest stops in a garrison unit's zone of control
	assert_output_has "in an enemy zone of control, where it stops (6.1)"
}

# The balance run's careful Allied player (examples/aachen/trying.py):
# 17.1 makes each US unit lost a turn of the game, so it takes a loss
# only for the city. A city hex at +3 (9 against 1, the table's last
# column, -3 the city's shift) is attacked; the open hex 1527 at +5 (6
# against 1, EX on a 6, 7.6) and the West Wall hex 2124 at +4 are not,
# where siege attacks both; +6 on 1527 (9 against 1) has no EX and is.
# A unit in a city hex holds it: careful gives it no move, siege does.
@test "players who try: careful attacks at a loss only for the city, and holds what it took" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
for pol, opt in (("careful", "1428 a10 a11 a12"), ("careful", "1527 a10 a11"),
                 ("careful", "2124 a10 a11"), ("careful", "1527 a10 a11 a12"),
                 ("siege", "1527 a10 a11"), ("siege", "2124 a10 a11")):
    print(pol, opt, "->", trying.attack(b, pol, "allied", [opt], 0))
b.where["a10"] = "1227"
b.allied.add("1227")
for pol in ("careful", "siege"):
    print(pol, "moves a10:", "a10" in dict(trying.POLICIES[pol](b, False)[0]))
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "careful 1428 a10 a11 a12 -> 1428 a10 a11 a12"
	assert_output_has "careful 1527 a10 a11 -> done"
	assert_output_has "careful 2124 a10 a11 -> done"
	assert_output_has "careful 1527 a10 a11 a12 -> 1527 a10 a11 a12"
	assert_output_has "siege 1527 a10 a11 -> 1527 a10 a11"
	assert_output_has "siege 2124 a10 a11 -> 2124 a10 a11"
	assert_output_has "careful moves a10: False"
	assert_output_has "siege moves a10: True"
}

# The players who try, as the balance run measured them: careful attacks
# a German unit in a road or entry hex at +3, as a city hex (16.0 needs
# six road hexes; g27 in the road hex 3019, 5 against 2, no terrain: +3;
# 3 against 2 is +1); a German player who garrisons names the next two
# nearest units after each empty city hex's nearest (the nearest may be
# held by a zone of control); counter's panzers stand in the road hexes
# nearest the Americans; with the city garrisoned and no road hex to
# take back, screen's and garrison's spare panzers and wall's spare
# units stand in the seven nearest the Americans too (16.0 wins "at any
# time": an empty road hex falls to a drive in the phase the city
# falls), and one already there stays.
@test "players who try: careful's road block, the city's next nearest units, every German player's road screen" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
for opt in ("3019 a10 a17", "3019 a10"):
    print("careful", opt, "->", trying.attack(b, "careful", "allied", [opt], 0))
plan = trying.german_garrison(b, False)[0]
print("1227:", " ".join(u for u, h in plan if h == "1227"))
plan = trying.german_counter(b, False)[0]
print("counter panzers on roads:", sorted(u for u, h in plan
      if h in b.roads and b.units[u]["mech"]))
# the city garrisoned (German infantry in its four empty hexes): no
# empty city hex for screen's panzers, and no road hex to take back
inf = [u for u in trying.infantry(b, "german") if b.where[u] not in b.city]
for h in b.city:
    if not b.occupant(h):
        b.where[inf.pop(0)] = h
for pol in ("screen", "garrison", "wall"):
    plan = trying.POLICIES[pol](b, False)[0]
    print(pol, "on roads:", sorted((u, h) for u, h in plan if h in b.roads))
# a panzer standing in one of them stays (one that moved on to another
# road hex would open the first)
b.where["g33"] = "2531"
plan = trying.german_screen(b, False)[0]
print("g33 in 2531 moves:", [h for u, h in plan if u == "g33"],
      "; 2531 to:", [u for u, h in plan if h == "2531"])
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "careful 3019 a10 a17 -> 3019 a10 a17"
	assert_output_has "careful 3019 a10 -> done"
	assert_output_has "1227: g21 g10 g20"
	assert_output_has "counter panzers on roads: ['g32', 'g33', 'g34', 'g35']"
	assert_output_has "screen on roads: [('g32', '3024'), ('g33', '2531'), ('g34', '1934'), ('g35', '2730')]"
	assert_output_has "garrison on roads: [('g32', '3024'), ('g33', '2531'), ('g34', '1934'), ('g35', '2730')]"
	assert_output_has "wall on roads: [('g10', '1934'), ('g22', '2730'), ('g23', '2531'), ('g25', '3016'), ('g28', '3024'), ('g35', '3018')]"
	assert_output_has "g33 in 2531 moves: [] ; 2531 to: []"
}

# The breach player (examples/aachen/trying.py): 15.0 brings the 2nd
# Armored Division once US units hold three contiguous West Wall hexes
# within two hexes of the Wurm, so breach sends its nearest units for
# one such group before the 2nd Armored is on its way (the hexes a plan
# names in the West Wall are of one group), and the engineer set up on
# 0301, the engineers' entry hex (11.0: no reinforcement appears
# stacked with it), steps off it; once the
# division is due (ad2-turn), no unit goes for the West Wall.
@test "players who try: breach goes for three contiguous West Wall hexes by the Wurm, and stops once the 2nd Armored is due" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
plan = trying.allied_breach(b, False)[0]
wall = sorted(set(h for u, h in plan if h in b.ww))
near = [g for g in trying.ww_groups(b) if set(wall) <= g]
print("wall targets:", len(wall), "in one group:", bool(near))
print("engineer:", dict(plan).get("a29"))
b.ad2 = b.turn + 1
print("due:", sorted(set(h for u, h in trying.allied_breach(b, False)[0]
                        if h in b.ww)))
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "in one group: True"
	[[ "$output" != *"wall targets: 0 "* ]]
	assert_output_has "engineer: 0302"
	assert_output_has "due: []"
}

# The breach player's attacks (examples/aachen/trying.py): an AR
# eliminates an attacker with no hex to retreat to (7.7: an empty hex
# out of a German zone of control, 6.2) and an EX costs a US unit, a
# turn of the game (17.1). Of four 3-strength units next to g10 (1-1-7
# in the open hex 1527), three still make +6 (the table's last column)
# against a German support fire marker (9 - 2 against 1), and breach
# sends those with a retreat hex first (a10 hemmed in by US units, a12
# by German zones of control, a11 and a13 free), where careful sends
# all four. Against g27 in the road hex 3019 (defence 2), a10 and a11
# make +4 (6 against 2): breach adds its support fire marker (8.0), +6
# where no EX is; careful, at its odds already, does not. Against g19
# (1-2-7) in the city hex 1327, the garrison cut off: a11, a12 and a13
# make +2 (9 against 2, +6 before the city's -4), the best the city
# leaves; a27 across the Wurm's bridge shifts the whole attack one more
# column (7.4), so breach leaves it out and careful, with all four at
# +1, does not attack.
@test "players who try: breach commits the fewest attackers, those with a retreat first, and fires to the column with no exchange" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
for pol in ("breach", "careful"):
    print(pol, "3019 ->", trying.attack(b, pol, "allied", ["3019 a10 a11"], 1))
at = dict(zip(("a10", "a11", "a12", "a13"), ("1626", "1426", "1427", "1528")))
b.where.update(at)
spare = iter(u for u in b.units if b.side_of(u) == "allied" and u not in at)
for h in b.neighbours("1626"):
    if not b.occupant(h) and trying.dist(h, "1527") == 2:
        b.where[next(spare)] = h
zoc = set(x for u in b.mine("german") for x in b.neighbours(b.where[u]))
print("retreat:", " ".join(u for u, h in sorted(at.items()) if any(
    not b.occupant(x) and x not in zoc for x in b.neighbours(h))))
for pol in ("breach", "careful"):
    print(pol, "1527 ->", trying.attack(b, pol, "allied",
                                        ["1527 a10 a11 a12 a13"], 0))
b.where.update({"g19": "1327", "a11": "1427", "a12": "1326", "a13": "1328",
                "a27": "1426"})
b.cut_off = True
print("1327|1426:", b.sides.get(frozenset(("1327", "1426"))))
for pol in ("breach", "careful"):
    print(pol, "1327 ->", trying.attack(b, pol, "allied",
                                        ["1327 a11 a12 a13 a27"], 0))
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "breach 3019 -> 3019 a10 a11 +support"
	assert_output_has "careful 3019 -> 3019 a10 a11"$'\n'
	assert_output_has "retreat: a11 a13"
	assert_output_has "breach 1527 -> 1527 a10 a11 a13"
	assert_output_has "careful 1527 -> 1527 a10 a11 a12 a13"
	assert_output_has "1327|1426: ['river', 'wurm', 'road', 'bridge']"
	assert_output_has "breach 1327 -> 1327 a11 a12 a13"$'\n'
	assert_output_has "careful 1327 -> done"
}

# breach's armour that no plan names closes on the city next to it,
# from where it attacks, or three hexes out: the hexes two from the
# city are the retreat of the units that attack from next to it (7.7,
# an AR eliminates an attacker with no hex to go to; 17.1). A unit
# already next to the city stays; with every hex next to it taken, a
# unit three out stays and one from afar stops three out.
@test "players who try: breach's idle armour keeps the attackers' retreat hexes free" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
d = lambda h: min(trying.dist(h, c) for c in b.city)
next_to = sorted(h for h in b.hexes if d(h) == 1 and not b.occupant(h))
out3 = sorted(h for h in b.hexes if d(h) == 3 and not b.occupant(h))
b.where.update({"a35": next_to[0], "a36": out3[0], "a37": "2030"})
plan = trying.close_on_city(b, ["a35", "a36", "a37"])
print("free:", " ".join("%s@%d" % (u, d(h)) for u, h in plan))
spare = iter(u for u in b.units if b.side_of(u) == "allied" and
             u not in ("a35", "a36", "a37"))
for h in next_to[1:]:
    if not b.occupant(h):
        b.where[next(spare)] = h
plan = trying.close_on_city(b, ["a35", "a36", "a37"])
print("full:", " ".join("%s@%d" % (u, d(h)) for u, h in plan))
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "free: a36@1 a37@1"
	assert_output_has "full: a37@3"
}

# A city hex breach took and an advance after combat left empty (7.9)
# is held again by the nearest free unit: the German player walks back
# into an empty city hex, and 16.0 asks for all of them. Built here:
# 1330 emptied, German-held (the plan's own walk in, as siege's) and
# then Allied-held (held again).
@test "players who try: breach holds again a city hex it took that an advance left empty" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
b.where[b.occupant("1330")] = "eliminated"
plan = trying.allied_breach(b, False)[0]
print("German-held:", len([u for u, h in plan if h == "1330"]))
b.allied.add("1330")
plan = trying.allied_breach(b, False)[0]
print("Allied-held:", len([u for u, h in plan if h == "1330"]))
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "German-held: 1"
	assert_output_has "Allied-held: 1"
}

# Every German player feeds the city (9.0): when no supply line reaches
# a German unit in a city hex, the fewest empty hexes in US zones of
# control whose holding by German units would open one (a line passes
# a hex in an enemy zone of control that a friendly unit holds) each
# get a German unit. Built here: g09 alone in 1226, US units on every
# hex two away but one (the gap): a line leads out through a hex next
# to 1226 and the gap, both in US zones of control, and a hex beyond
# the gap (one more to fill when each is in a US zone of control too);
# with the gap closed, no line can open (a US unit on every way out)
# and none is sent.
@test "players who try: the German player sends units to reopen the city's supply line" {
	run python3 - "$BATS_TEST_DIRNAME/../../examples/aachen" start.yaml <<'EOF2'
import sys
sys.path.insert(0, sys.argv[1])
import trying
b = trying.Board(sys.argv[2])
for u in b.units:
    if b.side_of(u) == "allied" or b.where.get(u) in b.city:
        b.where[u] = "eliminated"
b.where["g09"] = "1226"
ring = sorted(h for h in b.hexes if trying.dist(h, "1226") == 2)
gap = ring[0]
us = [u for u in b.units if b.side_of(u) == "allied"]
for u, h in zip(us, ring[1:]):
    b.where[u] = h
zoc = b.us_zoc()
plan = trying.german_corridor(b, b.mine("german"), set())
fill = sorted(set(h for u, h in plan))
beyond = [h for h in b.neighbours(gap) if trying.dist(h, "1226") == 3]
want = 2 if any(h not in zoc for h in beyond) else 3
print("fill as wanted:", len(fill) == want, "gap in:", gap in fill,
      "all in US zoc and empty:", all(h in zoc and not b.occupant(h)
                                      for h in fill))
print("3 units named a hex:", all(sum(1 for u, x in plan if x == h) == 3
                                  for h in fill))
b.where[us[len(ring) - 1]] = gap
print("closed:", trying.german_corridor(b, b.mine("german"), set()))
EOF2
	[ "$status" -eq 0 ]
	assert_output_has "fill as wanted: True gap in: True all in US zoc and empty: True"
	assert_output_has "3 units named a hex: True"
	assert_output_has "closed: []"
}

# orders --answers: the template after the given answers (a whole turn
# in one order file, one answer at a time)
@test "orders --answers: the template goes on after the answers given" {
	"$UMPIRE" orders start.yaml -s a.key >t.yaml
	# keep the first answer only, changed to another legal hex, and a
	# standing order
	awk '/^- / { if (n++) next; sub(/"[0-9]+"/, "\"2630\"") }
	     /^standing:/ { exit } { print }' t.yaml >part.yaml
	printf 'standing:\n  retreat: "rear"\n' >>part.yaml
	grep -q '^- setup: "2630"' part.yaml
	run "$UMPIRE" orders start.yaml -s a.key --answers part.yaml
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >t2.yaml
	[ "$(grep -m1 '^- setup' t2.yaml)" = '- setup: "2630"' ]
	# the second question no longer offers the hex the first took
	second=$(awk '/^# legal:/ { n++ } n == 2 { print; exit }' t2.yaml)
	[ -n "$second" ]
	[[ "$second" != *'"2630"'* ]]
	grep -q '^  retreat: "rear"' t2.yaml
	# an illegal answer is refused as adjudicate would refuse it
	sed 's/^- setup: "2630"/- setup: "0101"/' part.yaml >bad.yaml
	run "$UMPIRE" orders start.yaml -s a.key --answers bad.yaml
	[ "$status" -eq 1 ]
	assert_output_has "'0101' is not a legal answer to rule 17.0"
}

# The board reads at 100% in a browser (umpire(1) render)
@test "the board: 44-unit hexes, NATO counters, 9-unit factors, a key, the phase in words" {
	run "$UMPIRE" render scripted.yaml -o b.svg
	[ "$status" -eq 0 ]
	# the first hex: at least 36 units across
	w=$(grep -m1 -o '<polygon points="[^"]*"' b.svg | grep -o '[0-9.]*,' |
		tr -d , | sort -n | sed -n '1p;$p' | paste -sd' ' |
		awk '{ print $2 - $1 }')
	awk -v w="$w" 'BEGIN { exit !(w >= 36) }'
	# factors of a counter in 9-unit type, a NATO box beside it
	grep -q 'font-size="9"[^>]*>[0-9]-[0-9]-[0-9]*<' b.svg
	grep -q 'Counters: NATO type' b.svg
	grep -q '>Key:<' b.svg
	grep -q '>fortified<' b.svg
	grep -Eq '>Turn [0-9]+ of [0-9]+: (game over|(Allied|German) [a-z ]*phase)' b.svg
}

@test "the board drawn for a side shows every move since that side's own last step" {
	EX=split.yaml
	local acts k found=""
	acts=($(grep '^  actor:' "$EX" | awk '{print $2}'))
	# two steps in a row by one side, the first with moves
	for ((k = 2; k <= ${#acts[@]}; k++)); do
		[ "${acts[k-1]}" = "${acts[k-2]}" ] || continue
		a=$("$UMPIRE" render "$EX" --step $((k - 1)) -o - |
			grep -c 'marker-end')
		[ "$a" -gt 0 ] || continue
		found=$k
		break
	done
	[ -n "$found" ] || { echo "the example has no such steps"; return 1; }
	k=$found
	other=allied
	[ "${acts[k-1]}" = allied ] && other=german
	b=$("$UMPIRE" render "$EX" --step $k -o - | grep -c 'marker-end' || true)
	c=$("$UMPIRE" render "$EX" --step $k --side $other -o - |
		grep -c 'marker-end')
	[ "$c" -eq $((a + b)) ] || { echo "$a + $b != $c"; return 1; }
}

@test "reports list only the units that changed; report --roster lists every unit" {
	# step 4: the position is past the first player turn
	"$UMPIRE" report scripted.yaml --step 4 >r.txt 2>/dev/null
	grep -Eq "^Since the (Allied|German) turn [0-9]+ began" r.txt
	grep -q "^Allied units: [0-9]* on the map" r.txt
	if grep -q "^Allied units on the map:" r.txt; then false; fi
	# every unit listed moved: its entry reads FROM>TO with FROM != TO
	run awk '/^Since the/{on=1; next} /^Allied units:/{on=0} on' r.txt
	[ -n "$output" ]
	if echo "$output" | grep -Eq '([0-9]{4})>\1'; then false; fi
	"$UMPIRE" report scripted.yaml --step 4 --roster >full.txt 2>/dev/null
	grep -q "^Roster$" full.txt
	grep -q "^Allied units on the map:" full.txt
	grep -q "^German units on the map:" full.txt
	[ "$(grep -c '' full.txt)" -gt "$(grep -c '' r.txt)" ]
	[ -z "$(awk 'length > 72' full.txt)" ]
}

# What a player reads of each step, in the three games played above:
# what happened, in the order it happened, and no line that says
# nothing. A step of only "done" answers says that nothing moved; a
# unit that stops in an enemy zone of control moves first, then stops;
# a move to the hex next door names no way; "Reinforcements due:" says
# which or none; an "attack: done" with nothing left to attack is used,
# not reported unused.
@test "reports: every step says what happened, in order, and no line says nothing" {
	# every step's body holds a line
	awk '/^Step [0-9]+, ordered by/ { if (open && !n) { print "empty: " step; bad = 1 }
			step = $0; open = 1; n = 0; next }
		/^Position$/ { if (open && !n) { print "empty: " step; bad = 1 }
			open = 0; next }
		open && NF { n++ }
		END { exit bad }' all-reports.txt
	grep -q '\[5.0\] The Allied player moves no unit\.' all-reports.txt
	if grep -n 'Reinforcements due:$' all-reports.txt; then return 1; fi
	grep -q 'Reinforcements due: none\.$' all-reports.txt
	if grep -n 'by the shortest way' all-reports.txt; then return 1; fi
	if grep -n "Not used: answer 'attack: done'" all-reports.txt; then
		return 1
	fi
	# each stop in a zone of control right after the move into it
	n=$(grep -c '\[6.1\] [a-z0-9]* enters an enemy zone of control' \
		all-reports.txt)
	[ "$n" -ge 1 ]
	awk '/\[6.1\] [a-z0-9]+ enters an enemy zone of control at/ {
			u = $2; h = $10
			if (prev !~ ("\\[5.0\\] " u " moves from [0-9]+ to " h)) {
				print "not after its move: " $0 " / " prev; bad = 1 }
		}
		/^  \[/ { prev = $0 }
		END { exit bad }' all-reports.txt
}

@test "by mail: every order template within 150 lines, every report but the first within 80" {
	for g in scripted idle; do
		[ "$(wc -l <$g.template-lines)" -gt 10 ]
		max=$(sort -n $g.template-lines | tail -1)
		echo "$g: longest template $max lines"
		[ "$max" -le 150 ]
		# the first report carries the provisional paragraph and the
		# whole roster
		over=$(tail -n +2 $g.report-lines | awk '$1 > 80' | wc -l)
		echo "$g: $over reports after the first over 80 lines"
		[ "$over" -eq 0 ]
	done
}

# 16.0 on a scenario cut down so that the first Allied moves win: the
# city is 1630 and the one road hex needed 1730 (a13 and a14 stand next
# to them; the city is open, city-entry: open, as a hex a German supply
# line reaches is not entered on version 5, 9.0). sign -g says that the
# orders end the game; an answer after the winning move is carried like
# any answer past a step's end, and
# never used (umpire-orders(5)): the file is not refused for it.
@test "sign -g: orders that win say the game ends, with the result (16.0)" {
	mkdir scn
	sed -e 's/aachen-city: "[0-9,]*"/aachen-city: "1630"/' \
		-e 's/east-roads: "[0-9,]*"/east-roads: "1730"/' \
		-e 's/^  roads-needed: 6$/  roads-needed: 1/' \
		-e 's/^    city-entry: cut-off$/    city-entry: open/' \
		"$BATS_TEST_DIRNAME/../../scenarios/aachen.yaml" >scn/aachen.yaml
	local -x UMPIRE_SCENARIOS="$PWD/scn" XDG_STATE_HOME="$PWD/st"
	"$UMPIRE" new aachen -s a.key --side allied=a.pub \
		--side german=g.pub -o w0.yaml 2>/dev/null
	"$UMPIRE" join w0.yaml --side german -s g.key -o w.yaml 2>/dev/null
	"$UMPIRE" orders w.yaml -s a.key | awk '
		/^- move: "done"/ && !d { print "- move: \"a13 1630\"";
			print "- move: \"a14 1730\""; d = 1; next }
		/^- move: "done"/ { next } { print }' >win.yaml
	run "$UMPIRE" sign win.yaml -s a.key -g w.yaml -o win.signed.yaml
	[ "$status" -eq 0 ]
	assert_output_has "the game ends in this step: Allied victory (16.0)"
	sed 's/^- move: "a14 1730"$/&\n- move: "done"/' win.yaml >late.yaml
	# checked as another version of the step would be (a key signs one
	# order file a step: another record)
	XDG_STATE_HOME="$PWD/st2" run "$UMPIRE" sign late.yaml -s a.key \
		-g w.yaml -o late.signed.yaml
	[ "$status" -eq 0 ]
	assert_output_has "and the game ends in this step: Allied victory"
	assert_output_has "Not used: the 1 answer after that."
	"$UMPIRE" adjudicate w.yaml win.signed.yaml -s g.key -o w1.yaml \
		--report won.txt 2>/dev/null
	# the winning move is told, then the win (16.0)
	grep -A1 '\[5.0\] a14 moves from 1729 to 1730' won.txt |
		grep -q '\[16.0\] The Allies hold all 1 Aachen city hexes'
}

# The board at 100% in headless Chromium: the status line under the
# board whole (a mechanised phase is the longest: it was cut inside the
# SVG text, "... (4.0) - PROVISIO"), unit ids in 9-unit type, the 16.0
# hexes ringed by who holds them, a move's arrows from one hex sharing a
# trunk.
@test "the board: the whole status line, 9-unit ids, the 16.0 hexes, drawn by Chromium" {
	local chrome i n found=""
	n=$(grep -c '^  actor:' split.yaml)
	for ((i = 1; i <= n; i++)); do
		"$UMPIRE" render split.yaml --step $i -o m.svg
		if grep -q 'mechanised movement phase (4.0) - PROVISIONAL map<' m.svg
		then
			found=$i
			break
		fi
	done
	[ -n "$found" ] || { grep '>Turn [0-9]' m.svg; return 1; }
	# a unit id (a01, g12) in 9-unit type, as the factors
	grep -Eq 'font-size="9"[^>]*>[ag][0-9]{2}<' m.svg
	grep -q '<title>who holds the 16.0 hexes</title>' m.svg
	grep -q 'east-edge road hexes (rings) [0-9]* of 12 Allied' m.svg
	chrome=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	screenshot m.svg 1100,1700
	# a drawn board, not a blank page
	[ "$(stat -c %s shot.png)" -gt 100000 ]
}
