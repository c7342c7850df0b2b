#!/usr/bin/env bats
# One history per party (umpire-protocol(7)): forks,
# forged pasts, rematches, canonical hashing, views that certify
# themselves. Each test was written to fail on the code before its fix.

load ../e2e/helpers

setup_file() {
	umpire_setup_file
	export XDG_STATE_HOME="$BATS_FILE_TMPDIR/.state-setup"
	cd "$BATS_FILE_TMPDIR"
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o start.yaml \
		2>/dev/null
	cp start.yaml g2.yaml
	for i in 1 2; do
		"$UMPIRE" orders g2.yaml -s p.key >o.yaml
		"$UMPIRE" sign o.yaml -s p.key -o o$i.yaml
		"$UMPIRE" adjudicate g2.yaml o$i.yaml -s r.key -o n.yaml \
			--report /dev/null
		mv n.yaml g2.yaml
	done
}

setup() {
	umpire_setup
	# each test its own local records (see umpire(1), FILES)
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/g0.yaml \
		"$BATS_FILE_TMPDIR"/start.yaml "$BATS_FILE_TMPDIR"/g2.yaml .
}

# $1 game file: change one base64 digit of the field $3 of step $2 (or
# of the header's role $2 when $2 is a role name), in place.
forge() {
	python3 - "$@" <<'PY'
import sys
path, where, field = sys.argv[1:4]
lines = open(path).read().split("\n")
start = None
for i, l in enumerate(lines):
    if l in ("- step: " + where, "- name: " + where):
        start = i
        break
assert start is not None, "no " + where
for i in range(start + 1, len(lines)):
    if lines[i].startswith("  " + field + ":"):
        j = i + 1 if lines[i].endswith("|-") else i
        l = lines[j]
        k = len(l) - len(l.lstrip()) if j > i else l.index(": ") + 2
        c = "B" if l[k] == "A" else "A"
        lines[j] = l[:k] + c + l[k + 1:]
        break
else:
    raise SystemExit("no field " + field)
open(path, "w").write("\n".join(lines))
PY
}

# $1 game file: split the first base64 line of the field $3 of step $2
# (or of role $2) in two lines: the same bytes, written differently.
rewrap() {
	python3 - "$@" <<'PY'
import sys
path, where, field = sys.argv[1:4]
lines = open(path).read().split("\n")
start = [i for i, l in enumerate(lines)
         if l in ("- step: " + where, "- name: " + where)][0]
i = [i for i in range(start + 1, len(lines))
     if lines[i].startswith("  " + field + ": |-")][0]
l = lines[i + 1]
k = len(l) - len(l.lstrip())
lines[i + 1:i + 2] = [l[:k + 20], l[:k] + l[k + 20:]]
open(path, "w").write("\n".join(lines))
PY
}

# Item 8: a player must not sign orders that commit to a forged past.
@test "8: orders refuses a history whose old countersignature is forged" {
	forge g2.yaml 1 signature
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 1 ]
	run "$UMPIRE" orders g2.yaml -s p.key
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 1: the countersignature of referee"
}

# With a local record, the steps it holds are not verified again; a
# countersignature swapped in one of them is still refused (the record
# holds each step's hash and its countersignature's), so that no command
# writes a file that audit would refuse.
@test "8: a step the record holds, with another countersignature, is refused" {
	"$UMPIRE" orders g2.yaml -s p.key >/dev/null
	"$UMPIRE" orders g2.yaml -s p.key >/dev/null
	forge g2.yaml 1 signature
	run "$UMPIRE" orders g2.yaml -s p.key
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 1"
}

@test "8: adjudicate refuses a history whose old countersignature is forged" {
	signed_orders o3.yaml
	forge g2.yaml 1 signature
	run "$UMPIRE" adjudicate g2.yaml o3.yaml -s r.key -o out.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 1: the countersignature of referee"
	[ ! -e out.yaml ]
}

# Item 8, join: a join signs the header as it stands; a forged join
# of another role in it must be refused before this one commits to it.
@test "8: join refuses a header whose other join signature is forged" {
	forge g0.yaml player signature
	run "$UMPIRE" join g0.yaml --side referee -s r.key -o out.yaml
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "signature of role player"
	[ ! -e out.yaml ]
}

# Item 9: a rematch (the same header joined again) must not repeat the
# chains, and with them every seed of the first game.
@test "9: joining the same header twice gives different chains" {
	"$UMPIRE" join g0.yaml --side referee -s r.key -o a.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o b.yaml 2>/dev/null
	run cmp -s a.yaml b.yaml
	[ "$status" -ne 0 ]
	a=$(grep -A3 "name: referee" a.yaml | grep anchor)
	b=$(grep -A3 "name: referee" b.yaml | grep anchor)
	[ -n "$a" ]
	[ "$a" != "$b" ]
	# and the first step's seeds differ (two records: one key would
	# refuse the second header of one game id, see below)
	for x in a b; do
		export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state-$x"
		"$UMPIRE" orders $x.yaml -s p.key >o$x.yaml
		"$UMPIRE" sign o$x.yaml -s p.key -o s$x.yaml
		"$UMPIRE" adjudicate $x.yaml s$x.yaml -s r.key -o $x.1.yaml \
			--report /dev/null
	done
	[ "$(grep "seed:" a.1.yaml)" != "$(grep "seed:" b.1.yaml)" ]
	# a player who played one refuses the other (a fork)
	run "$UMPIRE" orders b.1.yaml -s p.key
	[ "$status" -eq 0 ]
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state-a"
	run "$UMPIRE" orders b.1.yaml -s p.key
	[ "$status" -eq 1 ]
	assert_output_has "another header (genesis)"
}

# Item 10: whoever holds the file before step 1 could re-wrap a join
# signature to choose among many genesis hashes (hence seeds); a relay
# could break a game by re-wrapping recorded orders. The hashes cover the
# decoded bytes, so neither changes anything.
@test "10: re-wrapping a join signature changes no hash" {
	rewrap g2.yaml player signature
	if cmp -s g2.yaml "$BATS_FILE_TMPDIR/g2.yaml"; then echo "unexpectedly true: cmp -s g2.yaml \"\$BATS_FILE_TMPDIR/g2.yaml\""; return 1; fi
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" orders g2.yaml -s p.key
	[ "$status" -eq 0 ]
}

@test "10: re-wrapping recorded orders or a countersignature changes no hash" {
	rewrap g2.yaml 1 orders
	rewrap g2.yaml 1 signature
	rewrap g2.yaml 2 signature
	if cmp -s g2.yaml "$BATS_FILE_TMPDIR/g2.yaml"; then echo "unexpectedly true: cmp -s g2.yaml \"\$BATS_FILE_TMPDIR/g2.yaml\""; return 1; fi
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

# $1 game file: a space written into the base64 of the field $3 of
# step $2, after its 30th character, and the block cut again into lines
# of 64: every line ends where umpire ends it, one holds a space. The
# same bytes, which the base64 reader passes over.
space() {
	python3 - "$@" <<'PY'
import sys
path, where, field = sys.argv[1:4]
lines = open(path).read().split("\n")
start = lines.index("- step: " + where)
i = [i for i in range(start + 1, len(lines))
     if lines[i].startswith("  " + field + ": |-")][0] + 1
e = i
while e < len(lines) and lines[e].startswith("    "):
    e += 1
text = "".join(l.strip() for l in lines[i:e])
assert len(text) > 64
text = text[:30] + " " + text[30:]
lines[i:e] = ["    " + text[k:k + 64] for k in range(0, len(text), 64)]
open(path, "w").write("\n".join(lines))
PY
}

# A step's hash is of its orders' bytes, not of how their base64 is
# written (game.c, game_step_hash): a line of it that holds a space is
# not as umpire writes it, and is written again before the hash.
@test "10: a space in recorded orders changes no hash" {
	space g2.yaml 1 orders
	space g2.yaml 2 orders
	if cmp -s g2.yaml "$BATS_FILE_TMPDIR/g2.yaml"; then echo "unexpectedly true: the file is unchanged"; return 1; fi
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "10: a forged bit in a re-wrapped join signature is still found" {
	rewrap g2.yaml player signature
	forge g2.yaml player signature
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 1 ]
	assert_output_has "signature of role player"
}

# Second thoughts: the same answers written otherwise (the first answer
# in single quotes), so the signed text differs. (A comment would not do:
# sign leaves the template's comments out of what it signs.)
other_version() {
	local before
	before=$(cat "$1")
	sed -i "0,/^- \([a-z-]*\): \"\(.*\)\"\$/s//- \1: '\2'/" "$1"
	[ "$(cat "$1")" != "$before" ]
}

# Item 7: the actor must not sign two versions of one step ("I sent the
# wrong file") once it may have seen an outcome; the same bytes again are
# a genuine re-send.
@test "7: a key never signs two different order files for one step" {
	"$UMPIRE" orders g2.yaml -s p.key >o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o first.yaml
	run "$UMPIRE" sign o.yaml -s p.key -o again.yaml
	[ "$status" -eq 0 ]
	cmp first.yaml again.yaml
	other_version o.yaml
	run "$UMPIRE" sign o.yaml -s p.key -o second.yaml
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "already signed other orders for step 3"
	assert_output_has "o.yaml"
	[ ! -e second.yaml ]
	# the record (and the scenario cache beside it): 0700 directories,
	# 0600 files
	d="$XDG_STATE_HOME/umpire"
	[ "$(stat -c %a "$d")" = 700 ]
	ls -d "$d"/*/* | grep -qv /checkpoints/
	for f in "$d"/*/*; do
		[ "$(stat -c %a "$f")" = 600 ] || { echo "$f"; return 1; }
		[ "$(stat -c %a "$(dirname "$f")")" = 700 ] ||
			{ echo "$f"; return 1; }
	done
}

# $1: the player's signed orders for step 3 of g2.yaml (template o.yaml).
signed_orders() {
	"$UMPIRE" orders g2.yaml -s p.key >o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o "$1"
}

# $1: a second signed version of step 3's orders, signed by a player who
# keeps no record (a cheating actor).
cheat_orders() {
	"$UMPIRE" orders g2.yaml -s p.key >c.yaml
	other_version c.yaml
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.cheat" \
		"$UMPIRE" sign c.yaml -s p.key -o "$1"
}

@test "7: a counter-party never countersigns two different orders for one step" {
	signed_orders o3.yaml
	cheat_orders o3b.yaml
	"$UMPIRE" adjudicate g2.yaml o3.yaml -s r.key -o a.yaml \
		--report /dev/null
	run "$UMPIRE" adjudicate g2.yaml o3.yaml -s r.key -o again.yaml \
		--report /dev/null
	[ "$status" -eq 0 ]
	run "$UMPIRE" adjudicate g2.yaml o3b.yaml -s r.key -o b.yaml \
		--report /dev/null
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "already adjudicated other orders for step 3"
	assert_output_has "o3.yaml"
	[ ! -e b.yaml ]
}

@test "7: a player refuses a history that rewrites one it verified" {
	"$UMPIRE" orders g2.yaml -s p.key >/dev/null
	# the referee plays step 3 twice, without a record of its own
	signed_orders o3.yaml
	cheat_orders o3b.yaml
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.ref1"
	"$UMPIRE" adjudicate g2.yaml o3.yaml -s r.key -o a.yaml \
		--report /dev/null
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.ref2"
	"$UMPIRE" adjudicate g2.yaml o3b.yaml -s r.key -o b.yaml \
		--report /dev/null
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	"$UMPIRE" orders a.yaml -s p.key >/dev/null
	run "$UMPIRE" orders b.yaml -s p.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "step 3 differs from the step 3 this key verified"
}

@test "7: audit --against names where two files fork and who equivocated" {
	signed_orders o3.yaml
	cheat_orders o3b.yaml
	"$UMPIRE" adjudicate g2.yaml o3.yaml -s r.key -o a.yaml \
		--report /dev/null
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.ref2" \
		"$UMPIRE" adjudicate g2.yaml o3b.yaml -s r.key -o b.yaml \
		--report /dev/null
	run "$UMPIRE" audit a.yaml --against b.yaml
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "fork at step 3"
	assert_output_has "player signed two different order files"
	assert_output_has "referee countersigned both versions"
	run "$UMPIRE" audit a.yaml --against g2.yaml
	[ "$status" -eq 0 ]
	assert_output_has "no fork"
}

# Item 11: a counter-party who withholds an adjudication made status
# blame the actor. Status says what this machine knows: the orders it
# signed for the step are awaited from the counter-party.
@test "11: status names the adjudication awaited, not the actor's orders" {
	run "$UMPIRE" status --brief g2.yaml
	[ "$output" = "pending player 3" ]
	run "$UMPIRE" status g2.yaml
	assert_output_has "Waiting for player's orders for step 3."
	signed_orders o3.yaml
	run "$UMPIRE" status --brief g2.yaml
	[ "$output" = "adjudication referee 3" ] || { echo "$output"; return 1; }
	run "$UMPIRE" status g2.yaml
	assert_output_has "Waiting for referee to adjudicate player's orders for step 3"
}

# Item 5: a view certified itself (the referee key in its own header).
# A referee splices the players' joins into a header that it joins again
# (another genesis, which the players never saw): a player who already
# knows the game refuses every view of the other header, and no view
# whose header lacks this key's own commitment gets a chain link.
@test "5: a view is checked against the header the player knows" {
	for k in german soviet referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s referee.key --side german=german.pub \
		--side soviet=soviet.pub --referee referee.pub -o r0.yaml \
		2>/dev/null
	"$UMPIRE" join r0.yaml --side german -s german.key -o r1.yaml \
		2>/dev/null
	"$UMPIRE" join r1.yaml --side soviet -s soviet.key -o start.yaml \
		2>/dev/null
	python3 - start.yaml alt0.yaml <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
out, in_ref, skip = [], False, 0
for l in lines:
    if skip:
        skip -= 1
        continue
    if l.startswith("- name: "):
        in_ref = l == "- name: referee"
    elif not l.startswith("  "):
        in_ref = False
    if in_ref and l.startswith(("  nonce:", "  anchor:")):
        continue
    if in_ref and l.startswith("  signature:"):
        skip = 2
        continue
    out.append(l)
open(sys.argv[2], "w").write("\n".join(out))
PY
	"$UMPIRE" join alt0.yaml --side referee -s referee.key -o alt.yaml \
		2>/dev/null
	"$UMPIRE" view start.yaml --side german -s referee.key -o v.yaml
	# (the cheating referee keeps no record of its own)
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.ref2" \
		"$UMPIRE" view alt.yaml --side german -s referee.key -o valt.yaml
	"$UMPIRE" orders v.yaml -s german.key >/dev/null
	run "$UMPIRE" orders valt.yaml -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "another header (genesis)"
	run "$UMPIRE" status valt.yaml -s german.key
	[ "$status" -eq 1 ]
	# a view of another side's game: not a game this key joined
	"$UMPIRE" view start.yaml --side soviet -s referee.key -o vs.yaml
	run "$UMPIRE" status vs.yaml -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "this secret key is not soviet's"
}

# $1 view (clear text), $2 the referee's unencrypted secret key, $3 out,
# $4 a python expression that changes the view `v` (a rederive.Map):
# the referee's own forgery, signed with its key as umpire signs views
# (viewforge.py).
forge_view() {
	/usr/bin/python3 "$BATS_TEST_DIRNAME/viewforge.py" "$@"
}

# Item 5, second half: a referee signed a view numbered far ahead
# (step 500) and got, with the player's orders, the player's chain link
# for step 501 and so every link of the steps between: the player's part
# of every later seed. A view now vouches for the steps since the side's
# own latest step with each actor's chain link, and the player checks
# every link against the anchors before it reveals one of its own.
@test "5: a view numbered past the links the players gave gets no link" {
	export REDERIVE_DIR="$BATS_TEST_DIRNAME/../independent"
	for k in german soviet referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s referee.key --side german=german.pub \
		--side soviet=soviet.pub --referee referee.pub -o r0.yaml \
		2>/dev/null
	"$UMPIRE" join r0.yaml --side german -s german.key -o r1.yaml \
		2>/dev/null
	"$UMPIRE" join r1.yaml --side soviet -s soviet.key -o game.yaml \
		2>/dev/null
	# a few honest steps by views, until it is the German's turn again
	# after at least one Soviet step
	local n=0 side me soviet_played=""
	while [ $n -lt 40 ]; do
		n=$((n + 1))
		side=$("$UMPIRE" status --brief game.yaml)
		side=${side#pending }
		side=${side%% *}
		if [ "$side" = german ] && [ -n "$soviet_played" ]; then
			break
		fi
		[ "$side" = soviet ] && soviet_played=1
		"$UMPIRE" view game.yaml --side "$side" -s referee.key -o v.view
		[ -e v0.view ] || cp v.view v0.view
		"$UMPIRE" orders v.view -s $side.key | grep -v '^#' >t.yaml
		"$UMPIRE" sign t.yaml -s $side.key -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s referee.key -o nx.yaml \
			--report /dev/null
		mv nx.yaml game.yaml
	done
	[ "$side" = german ]
	"$UMPIRE" view game.yaml --side german -s referee.key -o v.view
	local step
	step=$(sed -n 's/^step: //p' v.view)
	# the honest view, signed again by the test's forger: accepted (so
	# the refusals below are the forgeries', not the forger's)
	forge_view v.view referee.key same.view 'v'
	"$UMPIRE" status same.view -s german.key >/dev/null
	# 1. the same view, numbered 500
	forge_view v.view referee.key f1.view 'put(v, "step", "500")'
	run "$UMPIRE" orders f1.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "since lists step"
	# 2. numbered one step on, with a Soviet step whose link the
	# referee made up (and a vouch: its own signature)
	forge_view v.view referee.key f2.view 'put(put(v, "step",
		str('"$step"' + 1)), "since", (v.get("since", [])) +
		[entry('"$step"' + 1, "soviet", idx("soviet") + 1, link(),
		       sign("referee.key", '"$step"' + 1, "soviet")
		       if VOUCH else None)])'
	run "$UMPIRE" orders f2.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "not on soviet's committed chain"
	# 3. the German's own step shown as the Soviet's: a history other
	# than the one the German signed
	forge_view v.view referee.key f3.view 'put(v, "since",
		[Map([(k, "soviet" if k == "actor" else x) for k, x in e.pairs])
		 for e in v.get("since")])'
	run "$UMPIRE" orders f3.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "german's own latest step"
	# the honest view still gets its template
	"$UMPIRE" orders v.view -s german.key | grep -v '^#' >t.yaml
	"$UMPIRE" sign t.yaml -s german.key -o o.yaml
	# and, once those orders are signed, the first view of the game (an
	# older point of it) gets no link: it would be a second history
	run "$UMPIRE" orders v0.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "already signed orders for step $((step + 1))"
}

# The record is appended to (record.c): an append cut short (a kill or
# a crash in its write) leaves its whole lines and, at most, one last
# line without its newline. That torn line is ignored, what came before
# it still binds the key, and the next save writes the file again
# whole, without it.
@test "a torn append to the record: its earlier lines kept, the torn line ignored, then written away" {
	"$UMPIRE" orders start.yaml -s p.key >o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o s1.yaml
	rec=$(find "$XDG_STATE_HOME/umpire" -type f |
		grep -E '/[0-9a-f]{64}/[0-9a-f]{32}$' | head -1)
	[ -n "$rec" ]
	grep -q '^signed 1 ' "$rec"
	# another order file's line for step 1, cut in its hash
	printf 'signed 1 AbCdEfGh' >>"$rec"
	# the line before it holds: other orders for step 1 are refused
	sed 's/^- placement: .*/- placement: "north 1 south 0 center 6"/' o.yaml >o-other.yaml
	! cmp -s o.yaml o-other.yaml || false
	run "$UMPIRE" sign o-other.yaml -s p.key -o s1b.yaml
	echo "$output"
	[ "$status" -ne 0 ]
	assert_output_has "already signed other orders for step 1"
	# the same orders again: a re-send
	run "$UMPIRE" sign o.yaml -s p.key -o s1c.yaml
	[ "$status" -eq 0 ]
	# the step adjudicated; the player's next save (sign -g of step 2)
	# writes the record again whole, the torn line gone
	"$UMPIRE" adjudicate start.yaml s1.yaml -s r.key -o g1.yaml \
		--report /dev/null
	"$UMPIRE" orders g1.yaml -s p.key >o2.yaml
	"$UMPIRE" sign o2.yaml -g g1.yaml -s p.key -o s2.yaml
	! grep -q 'AbCdEfGh' "$rec" || false
	[ "$(tail -c 1 "$rec" | od -An -c | tr -d ' ')" = '\n' ]
	grep -q '^signed 1 ' "$rec"
	grep -q '^signed 2 ' "$rec"
	grep -q '^step 1 ' "$rec"
	# and appended to again from there: one line more, nothing
	# rewritten before it
	cp "$rec" before
	"$UMPIRE" adjudicate g1.yaml s2.yaml -s r.key -o g2b.yaml \
		--report /dev/null
	"$UMPIRE" orders g2b.yaml -s p.key >o3.yaml
	"$UMPIRE" sign o3.yaml -g g2b.yaml -s p.key -o s3.yaml
	cmp -n "$(wc -c <before)" before "$rec"
	[ "$(wc -c <"$rec")" -gt "$(wc -c <before)" ]
}
