#!/usr/bin/env bats
# Refused orders in referee mode: the referee's signed
# refusal lets the side sign other orders for the step, and the game
# goes on (umpire(1): adjudicate --refusal, sign --refused;
# umpire-protocol(7), REFUSED ORDERS). A Russo-German War with a
# referee: keys g (German), s (Soviet), r (referee).

load helpers

setup() {
	umpire_setup
	for k in g s r; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side german -s g.key -o g1.yaml 2>/dev/null
	"$UMPIRE" join g1.yaml --side soviet -s s.key -o start.yaml \
		2>/dev/null
	cp start.yaml game.yaml
	# the German's first view and a template; the German answers
	# 'shuffle' where the rules ask for the deal
	"$UMPIRE" view game.yaml --side german -s r.key --seal -o v1.view
	"$UMPIRE" orders v1.view -s g.key >t.yaml
	sed 's/^- start: "deal"$/- start: "shuffle"/' t.yaml >bad.yaml
	if cmp -s t.yaml bad.yaml; then false; fi
}

# The record of key $1 in game.yaml's game.
record_of() {
	local id
	id=$(sed -n 's/^game: //p' t.yaml)
	cat "$XDG_STATE_HOME"/umpire/*/"$id" | grep -c "^$1 " || true
}

# Play $1 more steps of game.yaml through views, as the players would.
play() {
	local i st side k
	for i in $(seq "$1"); do
		st=$("$UMPIRE" status --brief game.yaml)
		case $st in over*) return 0 ;; esac
		side=${st#pending }
		side=${side%% *}
		k=${side:0:1}
		"$UMPIRE" view game.yaml --side "$side" -s r.key --seal \
			-o "p$i-$side.view"
		"$UMPIRE" orders "p$i-$side.view" -s $k.key |
			"$UMPIRE" sign - -s $k.key -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s r.key -o next.yaml \
			--report /dev/null
		mv next.yaml game.yaml
	done
}

@test "a refused answer: a signed refusal, corrected orders, the game goes on" {
	"$UMPIRE" sign bad.yaml -s g.key --seal r.pub -o bad.signed
	cp game.yaml before.yaml
	run "$UMPIRE" adjudicate game.yaml bad.signed -s r.key -o next.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	assert_output_has "'shuffle' is not a legal answer to rule 3.0"
	assert_output_has "the signed refusal is in refusal.txt"
	[ ! -e next.yaml ]
	cmp game.yaml before.yaml
	# the refusal: the game, the step, the side, the reason, mail-safe
	grep -q '^umpire: refusal/1$' refusal.txt
	grep -q '^step: 1$' refusal.txt
	grep -q '^side: german$' refusal.txt
	grep -q 'not a legal answer' refusal.txt
	[ "$(awk 'length($0) > 72' refusal.txt | wc -l)" -eq 0 ]
	# without it the German's key signs no second order file
	run "$UMPIRE" sign t.yaml -s g.key -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "already signed other orders for step 1"
	[ ! -e good.signed ]
	# with it (and the view: the referee's key), it does; the record
	# keeps the refusal
	[ "$(record_of refused)" -eq 0 ]
	run "$UMPIRE" sign t.yaml -s g.key --refused refusal.txt \
		--view v1.view --seal r.pub -o good.signed
	[ "$status" -eq 0 ]
	assert_output_has "the referee refused your orders for step 1"
	[ "$(record_of refused)" -eq 1 ]
	[ "$(record_of signed)" -eq 2 ]
	# status names the replacement as the orders awaiting adjudication
	run "$UMPIRE" status v1.view -s g.key
	assert_output_has "(signed on this machine: t.yaml)"
	# the referee adjudicates the replacement: the refused file was
	# never countersigned
	"$UMPIRE" adjudicate game.yaml good.signed -s r.key -o next.yaml \
		--report /dev/null
	mv next.yaml game.yaml
	run "$UMPIRE" status --brief game.yaml
	assert_output_has "pending german 2"
	play 6
	run "$UMPIRE" audit game.yaml --view p*-german.view -s g.key
	[ "$status" -eq 0 ]
	assert_output_has "every view given is an honest redaction"
	# anyone holding the game at step 0 checks the refusal's reason
	# without any seed: the refused file is refused the same
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.other" "$UMPIRE" sign bad.yaml \
		-s g.key -o bad.plain
	run "$UMPIRE" verify bad.plain --game start.yaml
	[ "$status" -eq 1 ]
	assert_output_has "'shuffle' is not a legal answer to rule 3.0"
}

@test "a refusal still verifies as mail leaves it: CRLF, quoted in a reply" {
	"$UMPIRE" sign bad.yaml -s g.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s r.key -o next.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	{
		printf 'On Monday the referee wrote:\r\n'
		sed 's/^/> /;s/$/\r/' refusal.txt
	} >mail.txt
	run "$UMPIRE" sign t.yaml -s g.key --refused mail.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 0 ]
	"$UMPIRE" adjudicate game.yaml good.signed -s r.key -o next.yaml \
		--report /dev/null
}

@test "a reason full of quotes still fits 72 columns and verifies" {
	# 40 times ' and " then a backslash, as one single-quoted answer
	v=$(for i in $(seq 40); do printf "''\""; done)
	sed "s|^- start: \"deal\"\$|- start: '${v}x\\\\'|" t.yaml >quotes.yaml
	grep -q "^- start: '''\"" quotes.yaml
	"$UMPIRE" sign quotes.yaml -s g.key -o quotes.signed
	run "$UMPIRE" adjudicate game.yaml quotes.signed -s r.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	[ -e refusal.txt ]
	[ "$(awk 'length($0) > 72' refusal.txt | wc -l)" -eq 0 ]
	run "$UMPIRE" sign t.yaml -s g.key --refused refusal.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 0 ]
}

@test "orders --sign --refused: the template signed in place of the refused file" {
	"$UMPIRE" sign bad.yaml -s g.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s r.key -o next.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	# the editor leaves the template as it is: the first legal answers
	EDITOR=true run "$UMPIRE" orders v1.view -s g.key --sign -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "already signed other orders"
	run "$UMPIRE" orders game.yaml -s g.key --refused refusal.txt --sign
	[ "$status" -eq 2 ]
	EDITOR=true run "$UMPIRE" orders v1.view -s g.key --sign \
		--refused refusal.txt -o good.signed
	[ "$status" -eq 0 ]
	"$UMPIRE" adjudicate game.yaml good.signed -s r.key -o next.yaml \
		--report /dev/null
}

@test "answers past the step's first draw are carried, never refused: no lock-out" {
	# the deal draws cards: an answer after it is an answer in advance
	# to the next question (the German's action), which it does not
	# answer: the step is adjudicated up to its end, and the German's
	# next view says what was not used and why, and asks
	sed 's/^- start: "deal"$/- start: "deal"\n- start: "deal"/' t.yaml \
		>late.yaml
	"$UMPIRE" sign late.yaml -s g.key -o late.signed
	run "$UMPIRE" adjudicate game.yaml late.signed -s r.key -o next.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 0 ]
	[ ! -e refusal.txt ]
	"$UMPIRE" view next.yaml --side german -s r.key -o v2.view
	run "$UMPIRE" report v2.view -s g.key
	assert_output_has "Not used: answer 'start: deal'"
	assert_output_has "asks 'action'"
	# and the key signs the next step's orders
	mv next.yaml game.yaml
	"$UMPIRE" orders v2.view -s g.key | "$UMPIRE" sign - -s g.key \
		-g v2.view -o o2.yaml
	"$UMPIRE" adjudicate game.yaml o2.yaml -s r.key -o next.yaml \
		--report /dev/null
}

@test "no refusal for a file that is not the pending side's signed orders" {
	# signed by the Soviet's key as German orders
	"$UMPIRE" sign bad.yaml -s s.key -o forged.signed
	run "$UMPIRE" adjudicate game.yaml forged.signed -s r.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	assert_output_has "no refusal written"
	[ ! -e refusal.txt ]
	# and --refusal is the referee's, in referee mode
	"$UMPIRE" sign bad.yaml -s g.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s g.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	[ ! -e refusal.txt ]
}
