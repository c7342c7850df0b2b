#!/usr/bin/env bats
# A stranger's games (umpire(1), JUDGE, --accept-new): anyone may mail
# the judge a new game naming its key as referee. Before the fix one such
# message was a mail cannon: a game whose joins name victims' addresses,
# with the clock deadline=1s remind=0s grace=0s on-late=standing, had
# the judge play a whole game by itself from cron's ticks, mailing every
# step to the victims; without a clock, a letter or three a message to
# any address; and every game kept for ever. Now, in a game taken by
# mail, the judge mails an address only once its role mailed the judge
# its join from there (GAMEID.mail); a clock shorter than the least the
# judge keeps is refused; the games taken by mail are bounded in number
# and size, dropped when no side moved in [judge] new_idle_days, and the
# judge takes no late step in one where no side has moved. Each test was
# written to fail on the code before the fix.

load ../e2e/helpers
load ../e2e/judge-helpers

T0=1800000000
H=3600

setup() {
	umpire_setup
	export UMPIRE_TEST_NOW=$T0
	judge_setup stranger
	# the stranger's key, signing joins at his victim's address
	{
		printf '[umpire]\nsecret_key = %s/stranger.key\n' "$PWD"
		printf 'address = victim@example.org\n'
		printf '[addresses]\nreferee = judge@example.org\n'
	} >forged.ini
}

tick_at() {
	UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config judge.ini \
		--outbox out --tick 2>>judge.err
}

new_by_mail() {
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new <"$1" \
		2>>judge.err
}

# Arnswalde 1945 by the stranger, the clock --set $@ (with the least the
# judge keeps: its own clock may be refused), the player's join signed
# at victim@example.org; mailed from the stranger's own address:
# first.eml.
victim_game() {
	local sets=()
	for s; do sets+=(--set "$s"); done
	UMPIRE_CONFIG=$PWD/forged.ini "$UMPIRE" new arnswalde-1945 \
		--side player=stranger.pub --referee judge.pub \
		--set difficulty=low "${sets[@]}" -o g.yaml 2>/dev/null
	grep -q 'address: victim@example.org' g.yaml
	as stranger mail g.yaml --to referee -o first.eml
	grep -q '^From: .*stranger@example.org' first.eml
}

@test "strangers: a join by mail naming a victim's address gets the victim no letter, not even from the clock" {
	victim_game deadline=1h remind=0s grace=0s on-late=forfeit
	run new_by_mail first.eml
	[ "$status" -eq 0 ]
	g=$(kept)
	grep -q ' new game .* taken as its referee' games/judge.log
	# no letter of the game's state, nor of its clock, to the victim
	[ -z "$(ls out/new)" ]
	grep -q 'player at victim@example.org mailed nothing until it mails its join from there' games/judge.log
	[ -f "${g%.yaml}.mail" ]
	tick_at 1
	tick_at 2
	tick_at 48
	[ -z "$(ls out/new)" ]
	# the one who holds the victim's address mails its join from there:
	# proven, mailed from then on (his letter again: the game is over)
	UMPIRE_CONFIG=$PWD/forged.ini "$UMPIRE" mail g.yaml --to referee \
		-o proof.eml
	grep -q '^From: .*victim@example.org' proof.eml
	new_by_mail proof.eml
	grep -q "player's address victim@example.org proven" games/judge.log
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q '^To: victim@example.org' out/new/*
}

@test "strangers: a clock shorter than the judge keeps is refused by umpire new and by the judge" {
	run as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set deadline=1s --set remind=0s \
		--set grace=0s -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "the clock's deadline=1s is shorter than the judge keeps: deadline is at least 1h"
	run as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set deadline=2h --set remind=1m -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "remind=1m is shorter than the judge keeps: remind is at least 15m (or 0s: none)"
	run as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set deadline=2h --set remind=0s \
		--set grace=30s -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "grace=30s is shorter than the judge keeps: grace is at least 15m (or 0s: none)"
	# a stranger's own tool writes one anyway: the clock edited, the
	# join signed again over it
	as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set difficulty=low --set deadline=1h \
		--set remind=0s --set grace=0s --set on-late=forfeit \
		-o g.yaml 2>/dev/null
	sed -e 's/deadline: 1h/deadline: 1s/' \
		-e '/^  nonce:/,/^- name: referee/{/^- name: referee/!d}' \
		g.yaml >edited.yaml
	as stranger join edited.yaml --side player -o tiny.yaml 2>/dev/null
	grep -q '^clock: {deadline: 1s' tiny.yaml
	as stranger mail tiny.yaml --to referee -o tiny.eml
	run new_by_mail tiny.eml
	[ "$status" -eq 0 ]
	grep -q "new game .* refused: the clock's deadline=1s is shorter than the judge keeps: deadline is at least 1h" games/judge.log
	[ -z "$(ls games/*.yaml 2>/dev/null)" ]
	[ -z "$(ls out/new)" ]
}

@test "strangers: the games taken by mail are bounded: the one past [judge] new_games_max is refused, and a big one" {
	printf 'new_games_max = 2\nnew_game_kib = 64\n' >>judge.ini
	for i in 1 2 3; do
		as stranger new arnswalde-1945 --side player=stranger.pub \
			--referee judge.pub --set difficulty=low \
			-o "g$i.yaml" 2>/dev/null
		as stranger mail "g$i.yaml" --to referee -o "m$i.eml"
		run new_by_mail "m$i.eml"
		[ "$status" -eq 0 ]
	done
	[ "$(ls games/*.yaml | wc -l)" -eq 2 ]
	g3=$(sed -n 's/^game: //p' g3.yaml)
	[ ! -f "games/$g3.yaml" ]
	grep -q "$g3 join dropped .*new game $g3 refused: the judge keeps 2 games taken by mail, its bound (\[judge\] new_games_max = 2)" games/judge.log
	# the first two answered, the third not
	[ "$(ls out/new | wc -l)" -eq 2 ]
	# and a game over the size bound: refused, whatever the count
	printf 'new_games_max = 100\nnew_game_kib = 1\n' >>judge.ini
	sed -i '/^new_games_max = 2$/d; /^new_game_kib = 64$/d' judge.ini
	run new_by_mail m3.eml
	[ "$status" -eq 0 ]
	grep -q "new game $g3 refused: its file is [0-9]* bytes, and the judge takes a game by mail of at most 1 KiB (\[judge\] new_game_kib)" games/judge.log
	[ ! -f "games/$g3.yaml" ]
}

@test "strangers: a game taken by mail that no side moved in is dropped by the tick after [judge] new_idle_days" {
	# (new_idle_days not set: its default, 30)
	as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	as stranger mail g.yaml --to referee -o m.eml
	new_by_mail m.eml
	g=$(kept)
	id=$(basename "$g" .yaml)
	tick_at $((30 * 24 - 1))
	[ -f "$g" ]
	tick_at $((30 * 24))
	[ ! -f "$g" ]
	[ ! -f "games/$id.mail" ]
	[ ! -f "games/$id.answers" ]
	grep -q " $id .* done tick .*dropped: a game taken by mail where no side moved in 30 days" games/judge.log
	# a game the host put in the games directory is his: never dropped
	as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set difficulty=low -o h.yaml 2>/dev/null
	"$UMPIRE" join h.yaml --side referee -s judge.key -o hj.yaml 2>/dev/null
	h=$(sed -n 's/^game: //p' hj.yaml)
	cp hj.yaml "games/$h.yaml"
	tick_at $((400 * 24))
	[ -f "games/$h.yaml" ]
}

@test "strangers: no late step in a game taken by mail where no side has moved: the game never plays itself" {
	# the Russo-German War, both sides the stranger's (his second key
	# at another address of his), on-late=standing at the least clock
	"$UMPIRE" keygen -s s2.key -p s2.pub -W >/dev/null
	printf '[umpire]\nsecret_key = %s/s2.key\naddress = s2@example.org\n' \
		"$PWD" >s2.ini
	as stranger new russo-german-war --side german=stranger.pub \
		--side soviet=s2.pub --referee judge.pub --set deadline=1h \
		--set remind=0s --set grace=0s --set on-late=standing \
		-o g.yaml 2>/dev/null
	UMPIRE_CONFIG=$PWD/s2.ini "$UMPIRE" join g.yaml --side soviet \
		-o both.yaml 2>/dev/null
	as stranger mail both.yaml --to referee -o m.eml
	new_by_mail m.eml
	g=$(kept)
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == "pending german 1" ]]
	# past the deadline and the grace, many ticks: the German's deal
	# (a late step where a side has moved) is not taken
	for t in 2 3 4 10 20 40 80; do tick_at "$t"; done
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == "pending german 1" ]] || [[ "$output" == "over german forfeited"* ]]
	! grep -q 'late step .* played' games/judge.log
	grep -q ' tick .*; late german' games/judge.log
	# and none of it mailed to s2@example.org, never proven
	! grep -l '^To: s2@example.org' out/new/* 2>/dev/null
	run "$UMPIRE" audit "$g"
	[ "$status" -eq 0 ]
	assert_output_has "0 steps"
}
