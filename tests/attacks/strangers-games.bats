#!/usr/bin/env bats
# A stranger's games (umpire(1), JUDGE, --accept-new): anyone may mail
# the judge a new game naming its key as referee. Before the fix one such
# message was a mail cannon: a game whose joins name victims' addresses,
# with the clock deadline=1s remind=0s grace=0s on-late=standing, had
# the judge play a whole game by itself from cron's ticks, mailing every
# step to the victims; without a clock, a letter or three a message to
# any address; and every game kept for ever. Now, in a game taken by
# mail, the judge mails an address only once it is proven (GAMEID.mail:
# a reply carrying the token of the one confirmation letter it sent
# there, strangers-confirm.bats); a clock shorter than the least the
# judge keeps is refused; the games taken by mail are bounded in number
# and size, by key and by address, dropped when idle [judge]
# new_idle_days since their latest party step and new_over_days after
# they ended, and the judge takes no late step in one where no side has
# moved. Each test was written to fail on the code before the fix.

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

@test "strangers: a join by mail naming a victim's address gets the victim one confirmation, nothing more, not even from the clock" {
	victim_game deadline=1h remind=0s grace=0s on-late=forfeit
	run new_by_mail first.eml
	[ "$status" -eq 0 ]
	g=$(kept)
	grep -q ' new game .* taken as its referee' games/judge.log
	# one letter: asking the address to confirm (no game file in it)
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q '^To: victim@example.org' out/new/*
	grep -q '^  umpire-confirm-' out/new/*
	! grep -q 'filename=' out/new/* || false
	grep -q 'player at victim@example.org asked to confirm its address' games/judge.log
	[ -f "${g%.yaml}.mail" ]
	tick_at 1
	tick_at 2
	tick_at 48
	[ "$(ls out/new | wc -l)" -eq 1 ]
	# the join mailed again from the victim's address (its From:, which
	# anyone may write): no proof, and no second confirmation while the
	# first stands
	UMPIRE_CONFIG=$PWD/forged.ini "$UMPIRE" mail g.yaml --to referee \
		-o proof.eml
	grep -q '^From: .*victim@example.org' proof.eml
	new_by_mail proof.eml
	! grep -q "proven\|confirmed" games/judge.log || false
	grep -q 'player at victim@example.org mailed nothing: a confirmation asked of that address is unanswered' games/judge.log
	[ "$(ls out/new | wc -l)" -eq 1 ]
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
	# the first asked its address to confirm, the second not (one
	# confirmation to an address at a time), the third refused
	[ "$(ls out/new | wc -l)" -eq 1 ]
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
	! grep -q 'late step .* played' games/judge.log || false
	grep -q ' tick .*; late german' games/judge.log
	# and none of it mailed to s2@example.org, never proven: the one
	# letter it had is the join's, asking it to confirm the address
	run grep -l '^To: s2@example.org' out/new/*
	[ "${#lines[@]}" -eq 1 ]
	grep -q '^Subject: \[umpire [0-9a-f]*\] .*: confirm$' "${lines[0]}"
	run "$UMPIRE" audit "$g"
	[ "$status" -eq 0 ]
	assert_output_has "0 steps"
}

# A game of Arnswalde 1945 made and joined by the key of $1 (its
# config $1.ini: its address), the clock --set $3...: mailed in $2.eml,
# its file $2.yaml.
keyed_game() {
	local who=$1 out=$2 sets=()
	shift 2
	for s; do sets+=(--set "$s"); done
	UMPIRE_CONFIG=$PWD/$who.ini "$UMPIRE" new arnswalde-1945 \
		--side "player=$who.pub" --referee judge.pub \
		--set difficulty=low "${sets[@]}" -o "$out.yaml" 2>/dev/null
	UMPIRE_CONFIG=$PWD/$who.ini "$UMPIRE" mail "$out.yaml" --to referee \
		-o "$out.eml"
}

# A second key, other.key, at other@example.org.
other_key() {
	"$UMPIRE" keygen -s other.key -p other.pub -W >/dev/null
	printf '[umpire]\nsecret_key = %s/other.key\naddress = other@example.org\n[addresses]\nreferee = judge@example.org\n' \
		"$PWD" >other.ini
}

@test "strangers: one key makes at most [judge] new_games_a_key games taken by mail; another key's game is taken, and the host is told once a day" {
	printf 'new_games_a_key = 2\nhost_address = host@example.org\n' \
		>>judge.ini
	other_key
	for i in 1 2 3 4; do
		keyed_game stranger "s$i"
		new_by_mail "s$i.eml"
	done
	[ "$(ls games/*.yaml | wc -l)" -eq 2 ]
	s3=$(sed -n 's/^game: //p' s3.yaml)
	[ ! -f "games/$s3.yaml" ]
	grep -q "$s3 join dropped .*game $s3 refused: the key [0-9a-f]\{64\} of player is in 2 other games taken by mail, its bound (\[judge\] new_games_a_key = 2)" games/judge.log
	# the host told: a line, and one letter to its address (not two)
	grep -q "$s3 join dropped .*; the host told at host@example.org" games/judge.log
	grep -q "; the host was told of \[judge\] new_games_a_key within the day" games/judge.log
	[ "$(grep -l '^To: host@example.org' out/new/* | wc -l)" -eq 1 ]
	grep -q 'new_games_a_key' $(grep -l '^To: host@example.org' out/new/*)
	# another key's game: taken
	keyed_game other o1
	new_by_mail o1.eml
	o1=$(sed -n 's/^game: //p' o1.yaml)
	[ -f "games/$o1.yaml" ]
	# the next day, the host told again
	UMPIRE_TEST_NOW=$((T0 + 25 * H)) new_by_mail s4.eml
	[ "$(grep -l '^To: host@example.org' out/new/* | wc -l)" -eq 2 ]
}

@test "strangers: one address is in at most [judge] new_games_an_address games taken by mail, whoever's keys" {
	printf 'new_games_an_address = 1\n' >>judge.ini
	other_key
	victim_game
	new_by_mail first.eml
	# another key's game naming the same victim
	printf '[umpire]\nsecret_key = %s/other.key\naddress = victim@example.org\n[addresses]\nreferee = judge@example.org\n' \
		"$PWD" >other.ini
	keyed_game other v2
	new_by_mail v2.eml
	v2=$(sed -n 's/^game: //p' v2.yaml)
	[ ! -f "games/$v2.yaml" ]
	grep -q "game $v2 refused: the address victim@example.org of player is in 1 other games taken by mail, its bound (\[judge\] new_games_an_address = 1)" games/judge.log
	grep -q "$v2 join dropped .*; the host told here (\[judge\] new_games_an_address reached; no \[judge\] host_address to mail)" games/judge.log
}

@test "strangers: a game taken by mail with a step is dropped after [judge] new_idle_days since its latest step" {
	keyed_game stranger s1
	new_by_mail s1.eml
	g=$(kept)
	id=$(basename "$g" .yaml)
	# a step at T0 + 1h: the stranger's orders on the game file
	as stranger orders "$g" -o o.yaml
	as stranger sign o.yaml --game "$g" -o signed.yaml 2>/dev/null
	as stranger mail signed.yaml -o step.eml
	UMPIRE_TEST_NOW=$((T0 + H)) "$UMPIRE" judge --config judge.ini \
		--outbox out <step.eml 2>>judge.err
	grep -q "$id 1 done .*adjudicated step 1" games/judge.log
	tick_at $((30 * 24))
	[ -f "$g" ]
	tick_at $((30 * 24 + 1))
	[ ! -f "$g" ]
	[ ! -f "games/$id.mail" ]
	grep -q " $id .* done tick .*dropped: a game taken by mail where no side moved in 30 days (\[judge\] new_idle_days) since its latest step" games/judge.log
}

@test "strangers: a game taken by mail that is over is dropped after [judge] new_over_days, its letters sent first" {
	printf 'new_over_days = 2\n' >>judge.ini
	keyed_game stranger s1 deadline=1h remind=0s grace=0s on-late=forfeit
	new_by_mail s1.eml
	g=$(kept)
	id=$(basename "$g" .yaml)
	# the stranger confirms his address: the forfeit's letter is his
	confirm_reply stranger out/new/*
	rm out/new/*
	"$UMPIRE" judge --config judge.ini --outbox out <reply.eml 2>>judge.err
	grep -q "player's address stranger@example.org confirmed" games/judge.log
	rm out/new/*
	# the forfeit, its letter not sent (the mail system down)
	printf '#!/bin/sh\nexit 75\n' >down-sendmail
	chmod 755 down-sendmail
	down_at() {
		UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config \
			judge.ini --sendmail "$PWD/down-sendmail" --tick \
			2>>judge.err
	}
	down_at 2
	grep -q "$id .*forfeit player" games/judge.log
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == over* ]]
	down_at 3
	down_at $((3 + 48 - 1))
	[ -f "$g" ]
	# its time up, but its letter not sent: kept
	down_at $((3 + 48))
	[ -f "$g" ]
	grep -q "$id .*kept until its letters are sent" games/judge.log
	# sent, then dropped
	tick_at $((3 + 48))
	[ ! -f "$g" ]
	grep -q " $id .* done tick .*letter(s) sent.*dropped: a game taken by mail over for 2 days (\[judge\] new_over_days)" games/judge.log
	grep -q '^To: stranger@example.org' out/new/*
	grep -q 'forfeited' out/new/*
}

@test "strangers: the bounds' settings are checked when read, each naming what it accepts" {
	cp judge.ini good.ini
	printf 'confirm_hours = 0\n' >>judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out --tick
	[ "$status" -ne 0 ]
	assert_output_has "[judge] confirm_hours = 0: give a whole number of hours from 1"
	cp good.ini judge.ini
	printf 'host_address = nobody\n' >>judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out --tick
	[ "$status" -ne 0 ]
	assert_output_has "[judge] host_address = nobody: give one mail address (user@domain)"
	cp good.ini judge.ini
	printf 'new_games_a_key = many\n' >>judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out --tick
	[ "$status" -ne 0 ]
	assert_output_has "new_games_a_key"
}

@test "strangers: a join to a game taken by mail counts too: a key past [judge] new_games_a_key may not join another" {
	printf 'new_games_a_key = 1\n' >>judge.ini
	other_key
	keyed_game other o1
	new_by_mail o1.eml
	# the stranger's game naming the other key as the Soviet side
	as stranger new russo-german-war --side german=stranger.pub \
		--side soviet=other.pub --referee judge.pub -o rgw.yaml \
		2>/dev/null
	as stranger mail rgw.yaml --to referee -o rgw.eml
	new_by_mail rgw.eml
	rgw=$(sed -n 's/^game: //p' rgw.yaml)
	[ -f "games/$rgw.yaml" ]
	# the other key joins it: its second game, refused
	UMPIRE_CONFIG=$PWD/other.ini "$UMPIRE" join "games/$rgw.yaml" \
		--side soviet -o joined.yaml 2>/dev/null
	UMPIRE_CONFIG=$PWD/other.ini "$UMPIRE" mail joined.yaml --to referee \
		-o join.eml
	new_by_mail join.eml
	grep -q "$rgw join dropped .*game $rgw refused: the key [0-9a-f]\{64\} of soviet is in 1 other games taken by mail, its bound (\[judge\] new_games_a_key = 1)" games/judge.log
	run "$UMPIRE" status --brief "games/$rgw.yaml"
	[[ "$output" == join* ]]
}
