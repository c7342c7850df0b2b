#!/usr/bin/env bats
# Hidden information (issue 9, item 6): who holds the referee key sees
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
		grep -q '^Subject: \[umpire\] orders sealed to the referee'
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
