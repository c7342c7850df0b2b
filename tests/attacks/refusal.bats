#!/usr/bin/env bats
# Refusals in referee mode (umpire-protocol(7), REFUSED ORDERS): a
# signed refusal of the referee
# lets a side's key sign a second order file for a step, so every way to
# get one that the referee did not give for that very file must fail: a
# forged or edited refusal, one of another game, of another step, of
# another order file, one replayed, and one asked of a referee after the
# step's outcome is known. Written to fail on the code before it (main
# has no --refused: each test's expected refusal message is missing
# there; see the README of this suite).

load ../e2e/helpers

setup() {
	umpire_setup
	for k in g s r; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	new_game start.yaml
	cp start.yaml game.yaml
	"$UMPIRE" view game.yaml --side german -s r.key -o v1.view
	"$UMPIRE" orders v1.view -s g.key >t.yaml
	spoil t.yaml bad.yaml
	"$UMPIRE" sign bad.yaml -s g.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s r.key -o next.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	[ -e refusal.txt ]
}

# A Russo-German War with the referee r, both sides joined, as $1.
new_game() {
	"$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o n0.yaml 2>/dev/null
	"$UMPIRE" join n0.yaml --side german -s g.key -o n1.yaml 2>/dev/null
	"$UMPIRE" join n1.yaml --side soviet -s s.key -o "$1" 2>/dev/null
}

# The order template $1 with its first answer made illegal, as $2.
spoil() {
	awk '!done && /^- [a-z-]*: "/ { sub(/: ".*"$/, ": \"nonsense\""); done = 1 }
		{ print }' "$1" >"$2"
	if cmp -s "$1" "$2"; then false; fi
}

# Lines of kind $1 (signed, refused) in the German's record of game.yaml.
record_of() {
	local id
	id=$(sed -n 's/^game: //p' t.yaml)
	cat "$XDG_STATE_HOME"/umpire/*/"$id" | grep -c "^$1 " || true
}

@test "a refusal the player signed himself is refused" {
	unembed refusal.txt body.txt sig.minisig
	id=$(sed -n 's/^game: //p' t.yaml)
	"$UMPIRE" sign body.txt -s g.key -o forged.txt \
		-t "umpire/1 game=$id step=1 side=german refusal"
	run "$UMPIRE" sign t.yaml -s g.key --refused forged.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "a refusal must be signed by the game's referee"
	[ ! -e good.signed ]
	[ "$(record_of refused)" -eq 0 ]
	[ "$(record_of signed)" -eq 1 ]
}

@test "a refusal whose reason or hash was edited is refused" {
	sed 's/nonsense/whatever/' refusal.txt >edited.txt
	if cmp -s refusal.txt edited.txt; then false; fi
	run "$UMPIRE" sign t.yaml -s g.key --refused edited.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "a refusal must be signed by the game's referee"
	[ ! -e good.signed ]
	[ "$(record_of refused)" -eq 0 ]
}

@test "a refusal of another game (same keys, same referee) is refused" {
	new_game other.yaml
	"$UMPIRE" view other.yaml --side german -s r.key -o ov1.view
	"$UMPIRE" orders ov1.view -s g.key >ot.yaml
	spoil ot.yaml obad.yaml
	"$UMPIRE" sign obad.yaml -s g.key -o obad.signed
	run "$UMPIRE" adjudicate other.yaml obad.signed -s r.key \
		-o onext.yaml --report /dev/null --refusal orefusal.txt
	[ -e orefusal.txt ]
	run "$UMPIRE" sign t.yaml -s g.key --refused orefusal.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "a refusal for game"
	[ ! -e good.signed ]
	[ "$(record_of refused)" -eq 0 ]
}

@test "a refusal of another step is refused" {
	"$UMPIRE" sign t.yaml -s g.key --refused refusal.txt --view v1.view \
		-o good.signed
	"$UMPIRE" adjudicate game.yaml good.signed -s r.key -o next.yaml \
		--report /dev/null
	mv next.yaml game.yaml
	"$UMPIRE" view game.yaml --side german -s r.key -o v2.view
	"$UMPIRE" orders v2.view -s g.key >t2.yaml
	spoil t2.yaml bad2.yaml
	"$UMPIRE" sign bad2.yaml -s g.key -o bad2.signed
	# step 2's orders with step 1's refusal, given the view of step 2
	# or the old view of step 1
	run "$UMPIRE" sign t2.yaml -s g.key --refused refusal.txt \
		--view v2.view -o good2.signed
	[ "$status" -eq 1 ]
	assert_output_has "a refusal for step 1, but the view v2.view asks for step 2"
	run "$UMPIRE" sign t2.yaml -s g.key --refused refusal.txt \
		--view v1.view -o good2.signed
	[ "$status" -eq 1 ]
	[ ! -e good2.signed ]
	[ "$(record_of refused)" -eq 1 ]
}

@test "a refusal of another order file than the one this key signed is refused" {
	# the German signed another (bad) file for step 1 on a second
	# machine; the referee's refusal names the first
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.laptop"
	sed 's/nonsense/other nonsense/' bad.yaml >bad-b.yaml
	"$UMPIRE" sign bad-b.yaml -s g.key -o bad-b.signed
	run "$UMPIRE" sign t.yaml -s g.key --refused refusal.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "the refusal names another order file than the one this key signed for step 1"
	[ ! -e good.signed ]
	[ "$(record_of refused)" -eq 0 ]
	# and on a machine where this key signed nothing for step 1
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.new"
	run "$UMPIRE" sign t.yaml -s g.key --refused refusal.txt \
		--view v1.view -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "this key signed no order file for step 1"
	[ ! -e good.signed ]
}

@test "a refusal replayed to sign a third order file is refused" {
	"$UMPIRE" sign t.yaml -s g.key --refused refusal.txt --view v1.view \
		-o good.signed
	# another version of the step, after the first replacement
	sed 's/^#  extra-draw: "draw"$/  extra-draw: "no"/' t.yaml >c.yaml
	if cmp -s t.yaml c.yaml; then false; fi
	run "$UMPIRE" sign c.yaml -s g.key --refused refusal.txt \
		--view v1.view -o c.signed
	[ "$status" -eq 1 ]
	assert_output_has "already signed other orders for step 1"
	[ ! -e c.signed ]
	[ "$(record_of signed)" -eq 2 ]
	# the refused file itself is not signed again either
	run "$UMPIRE" sign bad.yaml -s g.key --refused refusal.txt \
		--view v1.view -o bad2.signed
	[ "$status" -eq 1 ]
	assert_output_has "the referee refused these very orders"
	[ ! -e bad2.signed ]
}

@test "a referee gives no refusal for a step it adjudicated" {
	"$UMPIRE" sign t.yaml -s g.key --refused refusal.txt --view v1.view \
		-o good.signed
	"$UMPIRE" adjudicate game.yaml good.signed -s r.key -o g1.yaml \
		--report /dev/null
	# the outcome of step 1 is known: a refusal of the good file now
	# (from the game file before it) would let the German choose it
	rm refusal.txt
	run "$UMPIRE" adjudicate game.yaml good.signed -s r.key -o g1b.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 0 ]
	[ ! -e refusal.txt ]
	run "$UMPIRE" adjudicate game.yaml bad.signed -s r.key -o g1c.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	assert_output_has "this key adjudicated step 1 already"
	[ ! -e refusal.txt ]
	[ ! -e g1c.yaml ]
}
