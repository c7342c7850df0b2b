#!/usr/bin/env bats
# The judge keeps time (umpire(1), judge --tick; umpire-protocol(7), THE
# JUDGE'S CLOCK): a game's clock agreed at creation and signed at join,
# the judge's signed record of when it took each step and what it did
# about a late move, a reminder, a notice and the on_late outcome each
# exactly once, under the game's lock; all on the test clock
# (UMPIRE_TEST_NOW, the test hook).

load helpers
load judge-helpers

setup() {
	umpire_setup
	T0=1800000000
	export UMPIRE_TEST_NOW=$T0
}

H=3600

# The judge's tick at T0 + $1 hours.
tick_at() {
	UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config judge.ini \
		--outbox out --tick 2>>judge.err
}

# How many letters in out/new have a subject holding $1.
letters() {
	local n=0 f
	for f in out/new/*; do
		[ -f "$f" ] || continue
		# the Subject unfolded (RFC 5322: a long one takes lines)
		awk '/^Subject:/ { s = $0; while ((getline l) > 0 &&
			l ~ /^[ \t]/) s = s l; print s; exit }' "$f" |
			grep -q "^Subject: .*$1" && n=$((n + 1))
	done
	echo "$n"
}

# An Arnswalde 1945 game against the judge with the clock --set $@,
# mailed to it at T0 and taken (--accept-new); the player's letter
# kept as letter.eml, out/new emptied.
solo() {
	judge_setup player
	local sets=()
	for s; do sets+=(--set "$s"); done
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low "${sets[@]}" \
		-o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml 2>>judge.err
	cp out/new/* letter.eml
	rm -f out/new/*
}

# The player's orders for step 1 on letter.eml, mailed: m1.eml.
orders_mail() {
	as player orders letter.eml -o o.yaml
	as player sign o.yaml --game letter.eml -o signed.yaml 2>/dev/null
	as player mail signed.yaml --game letter.eml -o m1.eml
}

@test "judge clock: new --set writes the clock into the header every join signs; bad settings refused; old games have none" {
	judge_setup player
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low --set deadline=96h \
		--set remind=1d --set on-late=forfeit -o g.yaml
	[ "$status" -eq 0 ]
	grep -q '^clock: {deadline: 96h, remind: 24h, grace: 24h, on_late: forfeit}$' g.yaml
	"$UMPIRE" join g.yaml --side referee -s judge.key -o j.yaml 2>/dev/null
	run "$UMPIRE" audit j.yaml
	[ "$status" -eq 0 ]
	assert_output_has "Clock: 96h a move; a reminder 24h before the deadline; then a grace of 24h, and the late side forfeits."
	# the clock is signed at join: edited, the join no longer holds
	sed 's/deadline: 96h/deadline: 960h/' j.yaml >edited.yaml
	run "$UMPIRE" audit edited.yaml
	[ "$status" -ne 0 ]
	assert_output_has "signature of role player does not match the header"
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set on-late=standing -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "choose wait or forfeit"
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set deadline=3x -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "--set deadline=3x: a duration is a whole number"
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set deadline=12h -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "remind=24h is not before its deadline=12h"
	# without a setting: no clock, the header as before
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub -o plain.yaml 2>/dev/null
	! grep -q '^clock:' plain.yaml
	# the club's defaults under [judge]: the clock they give
	printf 'deadline = 7d\non_late = forfeit\n' >>judge.ini
	UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new arnswalde-1945 \
		--side player=player.pub --referee judge.pub \
		-s judge.key -o club.yaml 2>/dev/null
	grep -q '^clock: {deadline: 168h, remind: 24h, grace: 24h, on_late: forfeit}$' club.yaml
	printf 'grace = soon\n' >>judge.ini
	run env UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new arnswalde-1945 \
		--side player=player.pub --referee judge.pub -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "judge.ini:"
	assert_output_has "[judge] grace=soon"
}
