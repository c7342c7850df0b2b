#!/usr/bin/env bats
# Race to the Reichstag under a referee: the fixed units each player draws
# and places face down (3.5, 3.6) are seen by him alone (GAP.md 2.1). The
# other player's view, report and status never name them; his own do (so
# the check cannot pass by naming nothing); every view audits as honest.

load helpers

# one step of the pending side, through its view, default orders
step() {
	local g=$1 st side
	st=$("$UMPIRE" status --brief "$g") || return 1
	side=${st#pending }
	side=${side%% *}
	"$UMPIRE" view "$g" --side "$side" -s referee.key \
		-o "views/$(printf '%03d' "$n")-$side.view" || return 1
	"$UMPIRE" orders "views/$(printf '%03d' "$n")-$side.view" \
		-s "$side.key" | "$UMPIRE" sign - -s "$side.key" -o o.yaml ||
		return 1
	"$UMPIRE" adjudicate "$g" o.yaml -s referee.key -o next.yaml \
		--report /dev/null || return 1
	mv next.yaml "$g"
	n=$((n + 1))
}

# the ids in the referee's file under state.<key> (a mapping or a list
# per player): python3-yaml, as scenarios/tools
ids() {
	python3 - "$1" "$2" "$3" <<'EOF'
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))["state"][sys.argv[2]]
if sys.argv[3] == "keys":
    print("\n".join(k for k, v in d.items()))
else:
    print("\n".join(d.get(sys.argv[3]) or []))
EOF
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_reichstag_game game.yaml
	mkdir -p views
	n=1
	# step 1: the 1BF player draws his 15 (3.5)
	step game.yaml
	cp game.yaml drawn.yaml
	# one placement a step (the template's one answer) until the 1UF
	# player is asked to draw
	while "$UMPIRE" status --brief game.yaml | grep -q '^pending 1bf'; do
		step game.yaml
		[ "$n" -lt 40 ] || return 1
	done
	cp game.yaml placed.yaml
}

setup() {
	umpire_setup
	cp -r "$BATS_FILE_TMPDIR"/* .
}

@test "the counters the 1BF player drew are not in the 1UF player's view" {
	ids drawn.yaml held 1bf >drawn.txt
	[ "$(wc -l <drawn.txt)" -eq 15 ]
	"$UMPIRE" view drawn.yaml --side 1uf -s referee.key -o v1uf.yaml
	"$UMPIRE" view drawn.yaml --side 1bf -s referee.key -o v1bf.yaml
	"$UMPIRE" report drawn.yaml --side 1uf >r1uf.txt
	readable v1uf.yaml r1uf.txt >seen.txt
	while read -r id; do
		grep -qw -- "$id" v1bf.yaml
		if grep -w -- "$id" seen.txt; then
			echo "the 1UF player sees $id"; return 1
		fi
	done <drawn.txt
	grep -q 'held-count: {1bf: 15, 1uf: 0}' v1uf.yaml
}

@test "no face-down counter the 1BF player placed is named to the 1UF player" {
	ids placed.yaml placed-by keys >placed.txt
	[ "$(wc -l <placed.txt)" -eq 15 ]
	"$UMPIRE" view placed.yaml --side 1uf -s referee.key -o v1uf.yaml
	"$UMPIRE" view placed.yaml --side 1bf -s referee.key -o v1bf.yaml
	"$UMPIRE" report v1uf.yaml --side 1uf >rv1uf.txt
	"$UMPIRE" report placed.yaml --side 1uf >r1uf.txt
	"$UMPIRE" status v1uf.yaml >s1uf.txt
	"$UMPIRE" report v1bf.yaml --side 1bf >rv1bf.txt
	readable v1uf.yaml rv1uf.txt r1uf.txt s1uf.txt >seen.txt
	while read -r id; do
		grep -qw -- "$id" v1bf.yaml
		grep -qw -- "$id" rv1bf.txt
		if grep -w -- "$id" seen.txt; then
			echo "the 1UF player sees $id"; return 1
		fi
	done <placed.txt
	# he sees that counters are there (GAP.md 2.1: "a counter here")
	grep -q 'face-down' rv1uf.txt
	grep -q 'places a face-down counter' r1uf.txt
}

@test "the cup's remainder is in no player's view" {
	"$UMPIRE" view placed.yaml --side 1uf -s referee.key -o v.yaml
	grep -q '^  cup: hidden:' v.yaml
	"$UMPIRE" view placed.yaml --side 1bf -s referee.key -o v.yaml
	grep -q '^  cup: hidden:' v.yaml
}

@test "every view given audits as an honest redaction" {
	run "$UMPIRE" audit placed.yaml --view views/*-1bf.view
	[ "$status" -eq 0 ]
	assert_output_has "every view given is an honest redaction"
}

# one step of the pending side through its view, its template's answers
# and the standing orders named (uncommented in the template); prints
# the rule and key of the question the view asks
kept_step() {
	local g=$1 keys=$2 st side v
	st=$("$UMPIRE" status --brief "$g") || return 1
	side=${st#pending }
	side=${side%% *}
	v=views/k$n-$side.view
	"$UMPIRE" view "$g" --side "$side" -s referee.key -o "$v" || return 1
	"$UMPIRE" orders "$v" -s "$side.key" > o.txt || return 1
	sed -n 's/^# rule \([0-9.]*\), \([a-z0-9-]*\):.*/\1 \2/p' o.txt |
		head -1 > asked.txt
	sed -E "s/^#  ($keys): /  \\1: /" o.txt |
		"$UMPIRE" sign - -s "$side.key" -o o.yaml || return 1
	"$UMPIRE" adjudicate "$g" o.yaml -s referee.key -o next.yaml \
		--report /dev/null || return 1
	mv next.yaml "$g"
	n=$((n + 1))
	echo "$side $(cat asked.txt)"
}

# kept.yaml: the game joined by both, its two set-up draws played with
# the standing orders named (kept_step); the rest placed by place: auto
kept_setup() {
	cp g1.yaml kg.yaml
	"$UMPIRE" join kg.yaml --side 1uf -s 1uf.key -o kept.yaml 2>/dev/null
	n=1
	[ "$(kept_step kept.yaml "$1")" = "1bf 3.5 draw" ] || return 1
	[ "$(kept_step kept.yaml "$1")" = "1uf 3.6 draw" ]
}

# plays from the joined game until the 1UF player is first asked in GT 1
# after his set-up: prints each step's side and question
to_german_turn() {
	local keys=$1 i out
	cp g1.yaml kg.yaml
	"$UMPIRE" join kg.yaml --side 1uf -s 1uf.key -o kept.yaml \
		2>/dev/null || return 1
	n=1
	for i in $(seq 1 40); do
		out=$(kept_step kept.yaml "$keys") || return 1
		echo "$out"
		case "$out" in "1uf 9.0 move"|"1uf 16.8 flip") return 0 ;; esac
	done
	return 1
}

@test "a German player turn reaches its commander at his movement, his kept flip none answering 16.8" {
	run to_german_turn 'place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*'
	[ "$status" -eq 0 ]
	echo "$output"
	# set-up: each player draws once, the rest placed by place: auto
	[ "$(printf '%s\n' "$output" | grep -c '3\.[56] draw')" -eq 2 ]
	# GT 1: the 1BF player's movement follows the 1UF player's draw
	# (his kept Maximum Effort no, replacements done, ...)
	printf '%s\n' "$output" | grep -A1 '^1uf 3.6 draw' | grep -q '^1bf 9.0 move'
	# the German PT in the 1BF sector: 16.8, the 7.3 draw and the 9.3
	# roll came in the 1BF player's step; 1UF is first asked to move
	[ "$(printf '%s\n' "$output" | tail -1)" = "1uf 9.0 move" ]
	# and his view says which standing order answered it
	v=$(ls views/k*-1uf.view | sort -V | tail -1)
	"$UMPIRE" report "$v" > r.txt
	grep -q '^  \[16.8\] Standing order of step [0-9]*: flip: none\.' r.txt
	grep -q '^  \[9.3\] German movement in the 1bf sector' r.txt
}

@test "without a flip standing order the German commander is asked 16.8 (a mail)" {
	run to_german_turn 'place|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*'
	[ "$status" -eq 0 ]
	echo "$output"
	[ "$(printf '%s\n' "$output" | tail -1)" = "1uf 16.8 flip" ]
}

@test "the movement question names every unit that may move (or how many more), and the template has an example for each" {
	# the two set-up draws; the rest is placed by place: auto
	kept_setup 'place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*'
	"$UMPIRE" view kept.yaml --side 1bf -s referee.key -o m.view
	"$UMPIRE" orders m.view -s 1bf.key > t.txt
	run python3 - t.txt <<'PY'
import re, sys
text = open(sys.argv[1]).read()
q = text[text.index("# rule 9.0, move:"):]
q = q[:q.index("\n- move:")]
flat = " ".join(l[1:].strip() for l in q.split("\n"))
units = flat.split("Units:", 1)[1].split("# for example:", 1)[0]
units = units.split("for example:", 1)[0].strip()
m = re.match(r"^(.*?)(?: and (\d+) more)?$", units)
named = m.group(1).split()
more = int(m.group(2) or 0)
examples = re.findall(r'"(\S+) to \d{4}"', flat)
print(len(named), more, len(examples), len(set(examples)))
PY
	[ "$status" -eq 0 ]
	set -- $output
	echo "named $1, more $2, examples $3 (units $4)"
	# more units than the question's text holds: it says how many more
	[ "$2" -gt 0 ]
	# one example for each unit, named or not
	[ "$3" -eq $(($1 + $2)) ]
	[ "$4" -eq "$3" ]
}

# 12.0: a unit in an enemy zone of control must attack, so a template's
# example move never ends in one unawares: each example "UNIT to HEX" of
# the 1BF player's first movement, made alone on a copy of the game,
# leaves the unit out of every enemy zone of control (the report's 11.4
# line), unless the question names the unit as one whose example ends
# in one.
@test "the template's move examples force no attack unless the question says so" {
	kept_setup 'place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*'
	"$UMPIRE" view kept.yaml --side 1bf -s referee.key -o m.view
	"$UMPIRE" orders m.view -s 1bf.key > t.txt
	grep -v '^#' t.txt | sed '/^- /d; /^standing:/,$d' > head.txt
	noted=$(tr '\n' ' ' < t.txt | sed -n 's/.*The examples of \(.*\) end in an enemy.*/\1/p' | tr -d '#')
	n=0
	for mv in $(grep -o '"[0-9A-Za-z]* to [0-9]*"' t.txt | tr -d '"' | tr ' ' '_'); do
		mv=${mv//_/ }
		u=${mv%% *}
		{ cat head.txt; printf -- '- move: "%s"\n- move: "done"\nstanding:\n' "$mv"; } > p.yaml
		# each probe under local records of its own (the referee's
		# holds one adjudication a step)
		(
		export XDG_STATE_HOME="$PWD/probe-$n"
		"$UMPIRE" sign p.yaml -s 1bf.key -o p.signed 2>/dev/null
		"$UMPIRE" adjudicate kept.yaml p.signed -s referee.key \
			-o p.game --report r.txt 2>/dev/null
		)
		grep -q "\] $u moves from" r.txt || { echo "$mv: not made"; cat r.txt; return 1; }
		if grep -q "\] $u is in an enemy zone of control" r.txt; then
			case " $noted " in
			*" $u "*) ;;
			*) echo "$mv ends in an enemy ZOC (an attack, 12.0), unsaid"; return 1 ;;
			esac
		fi
		n=$((n + 1))
	done
	echo "$n examples made"
	[ "$n" -gt 10 ]
}

# umpire-orders(5), PLACEMENT POLICY: the counters a kept place: auto
# sets up stand near the objective hexes of their zone (so-1bf, so-1uf
# and the Reichstag, from the scenario), each on a hex of its own, none
# in a corner of the map (three columns and three rows from two edges)
@test "a kept place: auto sets up near the objectives, spread, never in a corner" {
	kept_setup 'place'
	run python3 - kept.yaml "$BATS_TEST_DIRNAME/../../scenarios/race-to-the-reichstag.yaml" <<'PY'
import sys, yaml
load = lambda f: yaml.load(open(f), Loader=yaml.BaseLoader)
st = load(sys.argv[1])["state"]
scn = load(sys.argv[2])["data"]["map"]
reg = scn["regions"]
cols, rows = int(scn["columns"]), int(scn["rows"])
obj = set()
for r in ("so-1bf", "so-1uf", "reichstag"):
    obj |= {int(h) for h in reg[r].split(",")}
def cube(h):     # flat hexes, even columns half a hex lower
    c, r = h // 100 - 1, h % 100 - 1
    return c, r - (c + (c & 1)) // 2
def dist(a, b):
    (x1, z1), (x2, z2) = cube(a), cube(b)
    return max(abs(x1 - x2), abs(z1 - z2), abs(x1 - x2 + z1 - z2))
on, bad = {}, []
placed = list(st["placed-by"])
for u, h in st["units"].items():
    if not h.isdigit():
        continue
    h = int(h)
    on.setdefault(h, []).append(u)
    if (h // 100 <= 3 or h // 100 > cols - 3) and \
       (h % 100 <= 3 or h % 100 > rows - 3):
        bad.append("%s in the corner hex %04d" % (u, h))
for u in placed:   # the fixed units: their zones hold objectives
    d = min(dist(int(st["units"][u]), o) for o in obj)
    if d > 4:
        bad.append("%s is %d hexes from an objective" % (u, d))
bad += ["%04d holds %s" % (h, " ".join(v)) for h, v in on.items()
        if len(v) > 1 and h not in obj]
print(len(placed), "\n".join(bad))
PY
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "40 " ]
}

# umpire-orders(5), SCOPES; 14.0, 12.23: the advance after combat goes
# to the attacker or the defender, of a player's front or of the Germans
# he commands, and a kept answer names which
@test "the standing advance names its scope: front-attacker, front-defender, german-attacker, german-defender" {
	local s
	"$UMPIRE" view placed.yaml --side 1uf -s referee.key -o v.view
	"$UMPIRE" orders v.view -s 1uf.key >t.yaml
	for s in "" -front-attacker -front-defender -german-attacker \
		 -german-defender; do
		grep -q "^#  advance$s: \"no\"\$" t.yaml
	done
	sed 's/^#  advance-german-defender: "no"/  advance-german-defender: "no"/' \
		t.yaml | "$UMPIRE" sign - -s 1uf.key -o o.yaml
	grep -q '^  advance-german-defender: "no"$' o.yaml
}
