#!/usr/bin/env bats
# Hidden information: who holds the referee key sees
# every hidden card. Each test was written to fail on the code before
# its fix.

load ../e2e/helpers

# Who is to act in game file $1: sets side (german or soviet), me (the
# key's letter) and other (the other side's).
pending() {
	local st
	st=$("$UMPIRE" status --brief "$1")
	side=${st#pending }
	side=${side%% *}
	me=${side:0:1}
	if [ "$me" = g ]; then other=s; else other=g; fi
}

# A Russo-German War with a referee, both sides joined: game.yaml.
referee_game() {
	"$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side german -s g.key -o g1.yaml 2>/dev/null
	"$UMPIRE" join g1.yaml --side soviet -s s.key -o game.yaml \
		2>/dev/null
}

setup() {
	umpire_setup
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	for k in g s r; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
}

@test "6: new refuses a side's key as the referee key in a two-sided game" {
	run "$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --referee g.pub -o game.yaml
	[ "$status" -eq 2 ]
	assert_output_has "the referee key is also side german's key"
	[ ! -e game.yaml ]
	# solo play may still share the player's key (the only side)
	"$UMPIRE" new arnswalde-1945 -s g.key --side player=g.pub \
		--referee g.pub -o solo.yaml
}

@test "6: join refuses a header whose referee key is another side's" {
	# the German creator makes a fair header, then rewrites the
	# referee's key to his own and joins again before the Soviet does
	"$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o fair.yaml 2>/dev/null
	python3 - <<'PY'
import yaml
g = yaml.safe_load(open("fair.yaml"))
gkey = open("g.pub").read().split("\n")[1]
for r in g["roles"]:
    if r["name"] == "referee":
        r["key"] = gkey
    if r["name"] == "german":
        for f in ("nonce", "anchor", "signature"):
            r.pop(f, None)
open("forged.yaml", "w").write(yaml.safe_dump(g, sort_keys=False))
PY
	"$UMPIRE" join forged.yaml --side german -s g.key -o forged2.yaml
	run "$UMPIRE" join forged2.yaml --side soviet -s s.key -o s.yaml
	[ "$status" -eq 1 ]
	assert_output_has "the referee key is also side german's key"
	[ ! -e s.yaml ]
}

@test "6: join shows every role and the key it commits to" {
	"$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o game.yaml 2>/dev/null
	run "$UMPIRE" join game.yaml --side soviet -s s.key -o g2.yaml
	[ "$status" -eq 0 ]
	for k in g s r; do
		id=$(sed -n 's/^untrusted comment: minisign public key //p' \
			$k.pub)
		assert_output_has "key $id"
	done
	assert_output_has "referee"
}

@test "4: a sealed view's size says nothing about the hand inside it" {
	referee_game
	# eight steps by sealed views: hands grow, shrink and change
	for n in 1 2 3 4 5 6 7 8; do
		pending game.yaml
		"$UMPIRE" view game.yaml --side "$side" -s r.key --seal \
			-o "v$n-$side.view"
		"$UMPIRE" view game.yaml --side "$side" -s r.key \
			-o "p$n-$side.view"
		"$UMPIRE" orders "v$n-$side.view" -s "$me.key" |
			"$UMPIRE" sign - -s "$me.key" -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s r.key -o next.yaml \
			--report /dev/null
		mv next.yaml game.yaml
	done
	# the plain views differ in size; the sealed ones do not
	[ "$(stat -c %s p*.view | sort -u | wc -l)" -gt 1 ]
	[ "$(stat -c %s v*.view | sort -u | wc -l)" -eq 1 ]
	# and each still opens to its view (status: orders would refuse a
	# view older than orders the key signed since)
	"$UMPIRE" status v1-*.view -s g.key >/dev/null ||
		"$UMPIRE" status v1-*.view -s s.key >/dev/null
}

# An honour-mode Russo-German War (no referee), two steps in: the German
# creates, the Soviet joins; one step each.
honour_game() {
	"$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --set hidden=honour -o h0.yaml 2>/dev/null
	"$UMPIRE" join h0.yaml --side soviet -s s.key -o h.yaml 2>/dev/null
	local i side me other
	for i in 1 2; do
		pending h.yaml
		"$UMPIRE" orders h.yaml -s $me.key |
			"$UMPIRE" sign - -s $me.key -o o.yaml
		"$UMPIRE" adjudicate h.yaml o.yaml -s $other.key -o n.yaml \
			--report "report-$i.txt"
		mv n.yaml h.yaml
	done
}

@test "2: honour mode, status shows the pending hand to its side only" {
	honour_game
	pending h.yaml
	# the opponent's key, or no key at all: no legal answers
	run "$UMPIRE" status h.yaml -s $other.key
	[ "$status" -eq 0 ]
	assert_output_has "HONOUR MODE"
	if [[ "$output" == *"Legal answers"* ]]; then return 1; fi
	run "$UMPIRE" status h.yaml
	if [[ "$output" == *"Legal answers"* ]]; then return 1; fi
	run "$UMPIRE" status h.yaml --json
	[[ "$output" == *'"question":null'* ]]
	# the pending side's own key (or --side) shows them
	run "$UMPIRE" status h.yaml -s $me.key
	assert_output_has "Legal answers"
	run "$UMPIRE" status h.yaml --side "$side"
	assert_output_has "Legal answers"
}

@test "7: honour mode, adjudicate --report writes the recipient's view unless --full" {
	honour_game
	grep -q "HONOUR MODE" report-1.txt
	# step 1 is the German's deal, adjudicated by the Soviet, whose
	# report goes to the German: the German's view, never the
	# Soviet's own hand
	grep -q "As seen by german." report-1.txt
	grep -q "^German hand [an]" report-1.txt
	if grep -q "^Soviet hand [an]" report-1.txt; then return 1; fi
	# step 2 is the German's too (his action after the deal)
	grep -q "As seen by german." report-2.txt
	# printed to the adjudicator's terminal: his own view
	pending h.yaml
	"$UMPIRE" orders h.yaml -s $me.key |
		"$UMPIRE" sign - -s $me.key -o o3.yaml
	run "$UMPIRE" adjudicate h.yaml o3.yaml -s $other.key -o n3.yaml
	[ "$status" -eq 0 ]
	if [ "$other" = g ]; then
		assert_output_has "As seen by german."
	else
		assert_output_has "As seen by soviet."
	fi
}

@test "7: mail --report refuses a report seen by another side than its recipient" {
	honour_game
	export XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/.config"
	mkdir -p "$XDG_CONFIG_HOME/umpire"
	printf '%s\n' '[umpire]' 'address = Gerd <gerd@example.org>' \
		'[addresses]' 'german = gerd@example.org' \
		'soviet = Sonja <sonja@example.org>' \
		>"$XDG_CONFIG_HOME/umpire/config.ini"
	# report-1.txt is the German's
	run "$UMPIRE" mail h.yaml --report report-1.txt \
		--to soviet -o out.eml
	[ "$status" -eq 1 ]
	assert_output_has "as seen by german, but the mail goes to soviet"
	[ ! -e out.eml ]
	run "$UMPIRE" mail h.yaml --report report-1.txt \
		--to sonja@example.org -o out.eml
	[ "$status" -eq 1 ]
	"$UMPIRE" mail h.yaml --report report-1.txt \
		--to german -o out.eml
	# by default the mail goes to every role but the sender's (Gerd):
	# the Soviet, who reads his own report
	run "$UMPIRE" mail h.yaml --report report-1.txt -o out2.eml
	[ "$status" -eq 1 ]
	"$UMPIRE" report h.yaml --side soviet >sov.txt
	"$UMPIRE" mail h.yaml --report sov.txt -o out2.eml
}

@test "7: report VIEW -s KEY checks the view as status and orders do" {
	referee_game
	"$UMPIRE" view game.yaml --side german -s r.key -o v.view
	# the Soviet's key: not his view
	run "$UMPIRE" report v.view -s s.key
	[ "$status" -eq 1 ]
	assert_output_has "this secret key is not german's"
	run "$UMPIRE" status v.view -s s.key
	[ "$status" -eq 1 ]
	run "$UMPIRE" report v.view -s g.key
	[ "$status" -eq 0 ]
	assert_output_has "Next: step 1"
	# no key: printed, and it says what was not checked
	run "$UMPIRE" report v.view
	[ "$status" -eq 0 ]
	assert_output_has "only the referee's signature was checked"
}

@test "2: honour mode, --full reports every side; report and render the runner's" {
	honour_game
	pending h.yaml
	"$UMPIRE" orders h.yaml -s $me.key |
		"$UMPIRE" sign - -s $me.key -o o.yaml
	"$UMPIRE" adjudicate h.yaml o.yaml -s $other.key -o n.yaml \
		--report full.txt --full
	if grep -q "As seen by" full.txt; then return 1; fi
	# report and render too: the runner's side by default
	run "$UMPIRE" report h.yaml -s $me.key
	assert_output_has "As seen by $side."
	"$UMPIRE" render h.yaml -o b.svg
	grep -q "HONOUR MODE" b.svg
	grep -q 'no side&apos;s hidden cards' b.svg
}

# The replay page of an honour game in play is the runner's, as report
# and render are: the game file holds both hands, and a page made with
# one side's key held the other side's too (its boards, reports and
# draws) until replay asked cli_honour_side, as they do.
@test "2: honour mode, replay shows the side of its key unless --full" {
	honour_game
	# each side's cards as dealt at step 1 (the German's 7 is public)
	local full g_cards s_cards c
	full=$("$UMPIRE" report h.yaml --full --step 1)
	g_cards=$(sed -n 's/.*(to german) Your hand: \(.*\)\./\1/p' \
		<<<"$full" | tr ' ' '\n' | grep -vx n7g)
	s_cards=$(sed -n 's/.*(to soviet) Your hand: \(.*\)\./\1/p' \
		<<<"$full")
	[ -n "$g_cards" ]
	[ -n "$s_cards" ]
	"$UMPIRE" replay h.yaml -s s.key -o s.html
	"$UMPIRE" replay h.yaml -s g.key -o g.html
	"$UMPIRE" replay h.yaml -o none.html
	"$UMPIRE" replay h.yaml --full -o full.html
	for c in $g_cards; do
		grep -qw "$c" g.html
		grep -qw "$c" full.html
		if grep -qw "$c" s.html none.html; then
			echo "german's $c in a page without his key"
			return 1
		fi
	done
	for c in $s_cards; do
		grep -qw "$c" s.html
		grep -qw "$c" full.html
		if grep -qw "$c" g.html none.html; then
			echo "soviet's $c in a page without his key"
			return 1
		fi
	done
	grep -q 'as soviet sees it' s.html
	# the key from the configuration, as every command reads it
	export XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/.config"
	mkdir -p "$XDG_CONFIG_HOME/umpire"
	printf '%s\n' '[umpire]' "secret_key = $PWD/s.key" \
		>"$XDG_CONFIG_HOME/umpire/config.ini"
	"$UMPIRE" replay h.yaml -o c.html
	cmp c.html s.html
}

@test "2: honour mode, dice and audit carry the label" {
	honour_game
	run "$UMPIRE" audit h.yaml
	[ "$status" -eq 0 ]
	assert_output_has "HONOUR MODE"
	run "$UMPIRE" dice h.yaml
	[ "$status" -eq 0 ]
	assert_output_has "# HONOUR MODE"
}

@test "1: no oracle: an answer past the step's end is carried, and tells nothing of what comes next" {
	referee_game
	# play by views until the German has a move whose answer hands
	# the turn to the Soviet (no draw in between)
	local n=0 side me other found=""
	while [ $n -lt 30 ] && [ -z "$found" ]; do
		n=$((n + 1))
		pending game.yaml
		"$UMPIRE" view game.yaml --side "$side" -s r.key -o v.view
		"$UMPIRE" orders v.view -s $me.key | grep -v '^#' >t.yaml
		if [ "$side" = german ] && grep -q '^- advance: ' t.yaml; then
			found=1
			break
		fi
		"$UMPIRE" sign t.yaml -s $me.key -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s r.key -o n.yaml \
			--report /dev/null
		mv n.yaml game.yaml
	done
	[ -n "$found" ]
	# the German's real answer, then a probe: no refusal at all (an
	# answer past the step's end is carried as an answer in advance),
	# the step is committed before he learns anything, and what he is
	# told says nothing of the Soviet's question
	sed 's/^\(- advance: .*\)$/\1\n- discard: "zzz"/' t.yaml >p.yaml
	"$UMPIRE" sign p.yaml -s g.key -o po.yaml
	run "$UMPIRE" adjudicate game.yaml po.yaml -s r.key -o n.yaml \
		--report /dev/null
	[ "$status" -eq 0 ]
	"$UMPIRE" view n.yaml --side german -s r.key -o gv.view
	"$UMPIRE" report gv.view -s g.key | tr '\n' ' ' | tr -s ' ' |
		grep -o "Not used: [^.]*\." >told.txt
	grep -q "Not used: answer 'discard: zzz' (.*): the rules ask another side first" told.txt
	if grep -q "egal answers\|soviet\|rule 4" told.txt; then
		return 1
	fi
	# a probe of another answer tells the same words
	rm n.yaml
	sed 's/^\(- advance: .*\)$/\1\n- action: "supply"/' t.yaml >p2.yaml
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state2" \
		"$UMPIRE" sign p2.yaml -s g.key -o po2.yaml
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state2" \
		"$UMPIRE" adjudicate game.yaml po2.yaml -s r.key -o n.yaml \
		--report /dev/null
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state2" \
		"$UMPIRE" view n.yaml --side german -s r.key -o gv2.view
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state2" \
		"$UMPIRE" report gv2.view -s g.key | tr '\n' ' ' | tr -s ' ' |
		grep -o "Not used: [^.]*\." >told2.txt
	[ "$(sed 's/answer .*):/X/' told.txt)" = \
	  "$(sed 's/answer .*):/X/' told2.txt)" ]
}

@test "3: orders sealed to the referee: the answers never cross the mail in clear" {
	referee_game
	"$UMPIRE" view game.yaml --side german -s r.key --seal -o v.view
	"$UMPIRE" orders v.view -s g.key >t.yaml
	# the template says how, with the referee's key
	refkey=$(sed -n 2p r.pub)
	tr -d '\n#' <t.yaml | tr -s ' ' | grep -q -- "--seal $refkey"
	"$UMPIRE" sign t.yaml -s g.key --seal r.pub -o sealed.yaml
	head -n 1 sealed.yaml | grep -qx 'umpire: sealed-orders/1'
	# no answer, no reveal, no key of the orders in the sealed file
	while read -r line; do
		case $line in
		"- "*|reveal:*|prev:*)
			if grep -qF -- "${line#*: }" sealed.yaml; then
				return 1
			fi ;;
		esac
	done <t.yaml
	# every other command says what the file is and who opens it
	run "$UMPIRE" verify sealed.yaml -p g.pub
	[ "$status" -eq 1 ]
	assert_output_has "holds orders sealed to the referee"
	run "$UMPIRE" status sealed.yaml
	[ "$status" -eq 1 ]
	assert_output_has "holds orders sealed to the referee"
	"$UMPIRE" mail sealed.yaml 2>/dev/null |
		grep -q '^Subject: \[umpire [0-9a-f]*\] orders sealed to the referee'
	# the referee's adjudicate opens them; another key cannot
	run "$UMPIRE" adjudicate game.yaml sealed.yaml -s g.key -o n.yaml
	[ "$status" -eq 1 ]
	assert_output_has "sealed to another key"
	"$UMPIRE" adjudicate game.yaml sealed.yaml -s r.key -o n.yaml \
		--report /dev/null
	"$UMPIRE" audit n.yaml
}

@test "2: status --side narrows what is shown in referee mode too" {
	referee_game
	run "$UMPIRE" status game.yaml --side soviet
	[ "$status" -eq 0 ]
	if [[ "$output" == *"Legal answers"* ]]; then return 1; fi
	run "$UMPIRE" status game.yaml --side german
	assert_output_has "Legal answers"
	run "$UMPIRE" status game.yaml --side nobody
	[ "$status" -eq 2 ]
	assert_output_has "no side 'nobody'"
}

@test "1: the probe [answer, advance: zzz] gets the same answer whatever the German's face-down card" {
	referee_game
	# step 1, the deal
	"$UMPIRE" view game.yaml --side german -s r.key -o v.view
	"$UMPIRE" orders v.view -s g.key | "$UMPIRE" sign - -s g.key -o o.yaml
	"$UMPIRE" adjudicate game.yaml o.yaml -s r.key -o n.yaml \
		--report /dev/null
	mv n.yaml game.yaml
	pending game.yaml
	[ "$side" = german ]
	"$UMPIRE" view game.yaml --side german -s r.key -o v.view
	cards=$("$UMPIRE" orders v.view -s g.key | grep '^# legal: "war' |
		grep -o 'war [a-z0-9]*' | cut -d' ' -f2)
	[ -n "$cards" ]
	local first="" n=0
	for x in $cards; do
		n=$((n + 1))
		mkdir "c$x"
		cp game.yaml ./*.key "c$x/"
		(
		cd "c$x"
		export XDG_STATE_HOME="$PWD/.state"
		"$UMPIRE" view game.yaml --side german -s r.key -o v.view
		"$UMPIRE" orders v.view -s g.key |
			sed "s/^- action: .*/- action: \"war $x\"/" |
			"$UMPIRE" sign - -s g.key -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s r.key -o n.yaml \
			--report /dev/null
		"$UMPIRE" view n.yaml --side soviet -s r.key -o s.view
		"$UMPIRE" orders s.view -s s.key | grep -v '^#' >t.yaml
		# the Soviet answers with his card, then a probe
		card=$("$UMPIRE" orders s.view -s s.key |
			grep '^# legal: "pass"' | grep -o '"[a-z0-9]*"$' |
			tr -d '"')
		sed "s/^- answer: .*/- answer: \"$card\"\n- advance: \"zzz\"/" \
			t.yaml >p.yaml
		{
			"$UMPIRE" sign p.yaml -s s.key -g s.view --no-seal \
				-o p.signed 2>&1
			echo "sign: $?"
			"$UMPIRE" verify p.signed --game s.view -s s.key 2>&1 |
				sed 1d
			echo "verify: $?"
			"$UMPIRE" adjudicate n.yaml p.signed -s r.key \
				-o m.yaml --report /dev/null \
				--refusal refusal.txt >/dev/null 2>&1
			echo "adjudicate: $?"
			if [ -e refusal.txt ]; then echo "a refusal"; fi
		} >said.txt
		)
		cat "c$x/said.txt"
		grep -q "^sign: 0" "c$x/said.txt"
		grep -q "1 of 2 answers checked; the rest, after what is hidden from you, consulted at rule 4.1" "c$x/said.txt"
		if [ -z "$first" ]; then
			first=$(cat "c$x/said.txt")
		else
			[ "$(cat "c$x/said.txt")" = "$first" ]
		fi
	done
	[ "$n" -ge 3 ]
}

# Race to the Reichstag, 1BF movement of game turn 1, after the 1UF
# player placed his drawn counters face down in the 1BF sector (3.6):
# the same view for the 1BF player whichever counter stands where
# (every hidden state below is consistent with it). His orders, real
# (examples/race-to-the-reichstag/choose.py) and then a probe, get the
# same answer from sign -g, verify and the adjudication in every one:
# his step ends where the rules consult the counters next to his units
# (16.8, a counter turned up or not), and the probe past it is carried
# as an answer in advance, never refused.
@test "1: Race to the Reichstag, the same orders get the same answer whichever hidden counter stands where" {
	local choose="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag/choose.py"
	new_reichstag_game game.yaml
	local n=0 side
	# to the 1UF player's placement (3.6), each step by choose.py
	while :; do
		n=$((n + 1))
		[ "$n" -lt 10 ] || return 1
		side=$("$UMPIRE" status --brief game.yaml | cut -d' ' -f2)
		"$UMPIRE" view game.yaml --side "$side" -s referee.key -o v.view
		python3 "$choose" "$side" v.view "$side.key" "$UMPIRE" >o.yaml
		if [ "$side" = 1uf ] && grep -q '^- place:' o.yaml; then
			break
		fi
		"$UMPIRE" sign o.yaml -s "$side.key" -o s.yaml
		"$UMPIRE" adjudicate game.yaml s.yaml -s referee.key \
			-o next.yaml --report /dev/null
		mv next.yaml game.yaml
	done
	grep '^- place:' o.yaml | sed 's/^- place: "\([^ ]*\) \(.*\)"$/\1 \2/' \
		>placed.txt
	[ "$(wc -l <placed.txt)" -ge 10 ]
	local k first="" states=0
	# the placement as it is, then two counters trading hexes: the
	# next ones first, then those two and three apart (a trade that
	# puts an airfield off a road, 16.3, is refused and skipped; the
	# placement's dice decide how many are, so enough are tried)
	for k in 0 1:2 2:3 3:4 4:5 5:6 6:7 7:8 8:9 9:10 10:11 1:3 2:4 3:5 \
		4:6 5:7 6:8 7:9 8:10 1:4 2:5 3:6 4:7 5:8 6:9; do
		[ "$states" -lt 4 ] || break
		mkdir "h$k"
		cp game.yaml ./*.key "h$k/"
		# counters i and j of the placement (1-based) trade hexes
		# (none for k = 0)
		python3 - "$k" placed.txt o.yaml >"h$k/o.yaml" <<'PY' || continue
import sys
pairs = [l.split() for l in open(sys.argv[2])]
units = [p[0] for p in pairs]
if sys.argv[1] != "0":
    i, j = (int(x) - 1 for x in sys.argv[1].split(":"))
    if j >= len(pairs) or pairs[i][1] == pairs[j][1]:
        sys.exit(3)
    units[i], units[j] = units[j], units[i]
lines = iter('- place: "%s %s"\n' % (u, p[1]) for u, p in
             zip(units, pairs))
for line in open(sys.argv[3]):
    print(next(lines) if line.startswith("- place:") else line, end="")
PY
		(
		cd "h$k"
		export XDG_STATE_HOME="$PWD/.state"
		"$UMPIRE" sign o.yaml -s 1uf.key -o s.yaml
		"$UMPIRE" adjudicate game.yaml s.yaml -s referee.key \
			-o next.yaml --report /dev/null 2>/dev/null || exit 0
		mv next.yaml game.yaml
		[ "$("$UMPIRE" status --brief game.yaml | cut -d' ' -f2)" = 1bf ]
		"$UMPIRE" view game.yaml --side 1bf -s referee.key -o v.view
		# what the 1BF player sees, commitments aside
		sed -n '/^state:/,/^report:/p' v.view |
			sed 's/hidden:[A-Za-z0-9+\/=]*/hidden/g' >seen.txt
		python3 "$choose" 1bf v.view 1bf.key "$UMPIRE" |
			grep -v '^#' >t.yaml
		grep -q '^- move:' t.yaml
		# the real answers, then a probe past them
		sed '/^standing:/i - attack: "zzz"' t.yaml >p.yaml
		# the placement policy (hexplace.h) may put every hidden
		# counter out of reach of choose.py's moves: then the first
		# single move next to a placed hex whose step ends at 16.8,
		# found on this view (the same in every hidden state)
		# (each probe is sign --check, which records nothing: the
		# key may still sign the file below)
		probe() {
			"$UMPIRE" sign p.yaml \
				-s 1bf.key -g v.view --check >probe.out 2>&1
			grep -q "consulted at rule 16.8" probe.out
		}
		# the answers found on the first state's view are the ones
		# every other state gets, under its own file's header (its
		# step's hash differs): the same orders, as this test says
		# (the search below, on a view the same in every state,
		# found them again in each); a state whose view differs
		# differs in seen.txt or said.txt all the same
		if [ -n "$first" ]; then
			{ sed -n '1,/^answers:$/p' t.yaml
			  sed -n '/^answers:$/,/^standing:$/{/^answers:$/d
				/^standing:$/d;p;}' "../h$first/p.yaml"
			  sed -n '/^standing:$/,$p' t.yaml; } >p.yaml
		elif ! probe
		then
			# the units of choose.py's moves, then every unit the
			# template's examples move
			"$UMPIRE" orders v.view -s 1bf.key >tmpl.txt
			python3 - t.yaml ../placed.txt tmpl.txt >cands.txt <<'PY'
import re, sys
units = re.findall(r'^- move: "(\S+) to ', open(sys.argv[1]).read(), re.M)
for u in re.findall(r'"(\S+) to \d{4}"', open(sys.argv[3]).read()):
    if u not in units:
        units.append(u)
placed = sorted({l.split()[1] for l in open(sys.argv[2]) if l.strip()})
near = []
for h in placed:
    c, r = int(h[:2]), int(h[2:])
    for n in ("%02d%02d" % (c + i, r + j) for i in (-1, 0, 1)
              for j in (-1, 0, 1) if r + j > 0):
        if n not in placed and n not in near:
            near.append(n)
for u in units:
    for n in near:
        print(u, n)
PY
			local u h head stand
			head=$(sed -n '1,/^answers:$/p' t.yaml)
			stand=$(sed -n '/^standing:$/,$p' t.yaml)
			# (a hex out of reach: the refusal names the hex
			# nearest it the unit can reach, which is tried too)
			local tried=" "
			while read -r u h; do
				printf '%s\n- move: "%s to %s"\n- move: "done"\n- attack: "zzz"\n%s\n' \
					"$head" "$u" "$h" "$stand" >p.yaml
				probe && break
				h=$(sed -n 's/.* gets as near as \([0-9]\{4\}\).*/\1/p' probe.out)
				case "$tried" in *" $u:$h "*) continue ;; esac
				tried="$tried$u:$h "
				[ -n "$h" ] || continue
				printf '%s\n- move: "%s to %s"\n- move: "done"\n- attack: "zzz"\n%s\n' \
					"$head" "$u" "$h" "$stand" >p.yaml
				probe && break
			done <cands.txt
		fi
		local rc
		{
			rc=0
			"$UMPIRE" sign p.yaml -s 1bf.key -g v.view --no-seal \
				-o p.signed >out.txt 2>&1 || rc=$?
			sed 's/^[^:]*: [^:]*: //' out.txt
			echo "sign: $rc"
			rc=0
			"$UMPIRE" verify p.signed --game v.view -s 1bf.key \
				>out.txt 2>&1 || rc=$?
			sed 1d out.txt | sed 's/^[^:]*: [^:]*: //'
			echo "verify: $rc"
			rc=0
			"$UMPIRE" adjudicate game.yaml p.signed -s referee.key \
				-o m.yaml --report /dev/null \
				--refusal refusal.txt >/dev/null 2>&1 || rc=$?
			echo "adjudicate: $rc"
			if [ -e refusal.txt ]; then echo "a refusal"; fi
		} >said.txt
		)
		[ -e "h$k/said.txt" ] || continue
		states=$((states + 1))
		cat "h$k/said.txt"
		grep -q "^sign: 0" "h$k/said.txt"
		grep -q "^adjudicate: 0" "h$k/said.txt"
		if grep -q "a refusal" "h$k/said.txt"; then return 1; fi
		grep -q "the rest, after what is hidden from you, consulted at rule 16.8" "h$k/said.txt"
		if [ -z "$first" ]; then
			first=$k
		else
			cmp "h$first/seen.txt" "h$k/seen.txt"
			cmp "h$first/said.txt" "h$k/said.txt"
		fi
	done
	[ "$states" -ge 3 ]
}

# Race to the Reichstag: one step of game $1's pending side through its
# view (file $2.view, template $2.tmpl), the kept standing orders given
rt_step() {
	local st side
	st=$("$UMPIRE" status --brief "$1")
	side=${st#pending }
	side=${side%% *}
	"$UMPIRE" view "$1" --side "$side" -s referee.key -o "$2.view"
	"$UMPIRE" orders "$2.view" -s "$side.key" >"$2.tmpl"
	sed -E "s/^#  (place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*): /  \\1: /" "$2.tmpl" |
		sed "${3:-}" | "$UMPIRE" sign - -s "$side.key" -o o.yaml
	"$UMPIRE" adjudicate "$1" o.yaml -s referee.key -o n.yaml \
		--report /dev/null
	mv n.yaml "$1"
}

@test "1: a view's examples come from the view alone: two hidden set-ups the 1BF player cannot tell apart give him the same template and status, and each example is one his own check accepts" {
	new_reichstag_game game.yaml
	rt_step game.yaml s1          # the 1BF draws and places (3.5)
	# the 1UF draws (3.6), no placement yet
	"$UMPIRE" view game.yaml --side 1uf -s referee.key -o s2.view
	"$UMPIRE" orders s2.view -s 1uf.key | "$UMPIRE" sign - -s 1uf.key \
		-o o.yaml
	"$UMPIRE" adjudicate game.yaml o.yaml -s referee.key -o n.yaml \
		--report /dev/null
	mv n.yaml game.yaml
	"$UMPIRE" view game.yaml --side 1uf -s referee.key -o s3.view
	"$UMPIRE" orders s3.view -s 1uf.key >s3.tmpl
	set -- $(sed -n '/rule 3.6, place/,/^- place/{p;/^- place/q}' s3.tmpl |
		tr -d '#\n' | sed 's/.*a counter: *//; s/ *for example.*//')
	x=$1 y=$2
	# game A: X face down at 0201, Y at 0202, next to the 1BF's
	# front; game B: the other way round; the rest placed as kept
	for g in A B; do
		mkdir "$g"
		cp game.yaml ./*.key "$g/"
		mkdir -p "$XDG_STATE_HOME"
		cp -r "$XDG_STATE_HOME" "$g/.state"
		(
		cd "$g"
		export XDG_STATE_HOME=$PWD/.state
		if [ "$g" = A ]; then a="$x 0201" b="$y 0202"
		else a="$y 0201" b="$x 0202"; fi
		rt_step game.yaml u "0,/^- place: /{s/^- place: .*/- place: \"$a\"\\n- place: \"$b\"/;b};/^- place: /d"
		# the 1BF's movement: his view, template and status
		"$UMPIRE" view game.yaml --side 1bf -s referee.key -o m.view
		"$UMPIRE" orders m.view -s 1bf.key >m.full
		grep -v '^prev: ' m.full >m.tmpl
		"$UMPIRE" status m.view -s 1bf.key >m.status
		sed -n '/^state:/,/^next:/p' m.view |
			sed 's/hidden:[A-Za-z0-9+/=]*/hidden/' >m.state
		# his movement alone; then the combat's view and template
		rt_step game.yaml m2 '/^- attack: /d'
		"$UMPIRE" view game.yaml --side 1bf -s referee.key -o c.view
		"$UMPIRE" orders c.view -s 1bf.key >c.full
		)
	done
	# the same view (the hidden counters only committed to) ...
	cmp A/m.state B/m.state
	# ... the same template and status, byte for byte
	cmp A/m.tmpl B/m.tmpl
	cmp A/m.status B/m.status
	grep -q '^# rule 9.0, move' A/m.tmpl
	# each example the 1BF's views give (movement, then combat) is
	# one his check on the view accepts
	local n=0 v e key
	for v in A/m A/c; do
		key=$(grep -m1 '^- ' "$v.full" | sed 's/^- \([a-z0-9-]*\):.*/\1/')
		for e in $(sed -n "/^# rule [0-9.]*, $key:/,/^- $key:/{p;/^- /q}" \
			   "$v.full" | tr -d '#\n' | grep -o '"[^"]*"' |
			   tr ' ' '_'); do
			n=$((n + 1))
			e=$(echo "$e" | tr '_' ' ' | tr -d '"')
			awk -v k="$key" -v e="$e" '/^#/ { next }
				/^- / { print "- " k ": \"" e "\""; exit }
				{ print }' "$v.full" >x.yaml
			XDG_STATE_HOME=$PWD/.x$n "$UMPIRE" sign x.yaml \
				-g "$v.view" -s 1bf.key --check
		done
	done
	[ "$n" -gt 2 ]
}
