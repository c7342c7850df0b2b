#!/usr/bin/env bats
# A stranger's game that takes another game's address (umpire(1),
# JUDGE, route.c): a game's address and subject tag carry its id's
# first 8 hex digits (judge+ID8@example.org, [umpire ID8]), and the id
# is its maker's random bytes, which he may choose (here: the id edited
# in his own game file and his join signed again over it, as his own
# build of umpire would make it). Before the fix a game taken by mail
# (--accept-new) with a kept game's short id made every later message to
# that game's address, and every note under its subject tag, "a short
# id no game kept here has" (two games matched, not one): dropped
# unread, the victim's orders lost to the clock. Now the judge takes no
# new game whose short id a kept game has (refused, logged); where two
# such games are kept all the same (a host copied one in), mail to the
# short id is read and each file routed by the full id it names, the
# log line and umpire judge --check naming the clash; umpire new with
# the judge's config draws no id whose short id a kept game has. Each
# test was written to fail on the code before the fix.

load ../e2e/helpers
load ../e2e/judge-helpers

setup() {
	umpire_setup
	hostile_setup
	ID=$(basename "$G" .yaml)
	I8=${ID:0:8}
	"$UMPIRE" keygen -s stranger.key -p stranger.pub -W >/dev/null
	{
		printf '[umpire]\nsecret_key = %s/stranger.key\n' "$PWD"
		printf 'address = stranger@example.org\n'
		printf '[addresses]\nreferee = judge@example.org\n'
	} >stranger.ini
	# the stranger's game, its id the victim's short id and 24 digits of
	# his own, his join signed over it: twin.yaml (twin.id, its id)
	as stranger new arnswalde-1945 --side player=stranger.pub \
		--referee judge.pub --set difficulty=low -o s.yaml 2>/dev/null
	sed -e "s/^game: ......../game: $I8/" \
		-e '/^  nonce:/,/^- name: referee/{/^- name: referee/!d}' \
		s.yaml >edited.yaml
	as stranger join edited.yaml --side player -o twin.yaml 2>/dev/null
	sed -n 's/^game: //p' twin.yaml >twin.id
	[ "$(cut -c1-8 twin.id)" = "$I8" ]
	[ "$(cat twin.id)" != "$ID" ]
}

# The player's orders (m1.eml) to the game's own address: adjudicated.
orders_taken() {
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient "judge+$I8@example.org" <m1.eml
	[ "$status" -eq 0 ]
	grep -q " 1 done .*adjudicated step 1" games/judge.log ||
		{ cat games/judge.log; return 1; }
	! cmp -s "$G" before.yaml
}

@test "short ids: a new game by mail with a kept game's short id is refused, logged; the kept game's orders still reach it" {
	as stranger mail twin.yaml --to referee -o twin.eml
	run "$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<twin.eml
	[ "$status" -eq 0 ]
	grep -q "new game $(cat twin.id) refused: its short id $I8 is that of game $ID kept here, and its address (judge+$I8@example.org) and subject tag (\[umpire $I8\]) would name both" \
		games/judge.log || { cat games/judge.log; false; }
	[ ! -f "games/$(cat twin.id).yaml" ]
	[ "$(ls games/*.yaml | wc -l)" -eq 1 ]
	# nothing mailed: not the victim, not the stranger (a stranger's
	# refused game is not answered, as any refused by mail)
	[ -z "$(ls out/new)" ]
	orders_taken
}

# The stranger's game joined by the judge and put in games/ as a host
# would (copied in, moved from another host).
planted() {
	"$UMPIRE" join twin.yaml --side referee -s judge.key -o tj.yaml \
		2>/dev/null
	cp tj.yaml "games/$(cat twin.id).yaml"
	[ "$(ls games/$I8*.yaml | wc -l)" -eq 2 ]
}

@test "short ids: two kept games with one short id: orders at its address are routed by their file's full id, the clash logged" {
	planted
	: >games/judge.log
	orders_taken
	grep -q "the short id $I8 names 2 games kept here, a clash" \
		games/judge.log
	# the stranger's game untouched
	cmp tj.yaml "games/$(cat twin.id).yaml"
}

@test "short ids: two kept games with one short id: the player's note under its subject tag is answered for her game" {
	planted
	post
	orders_taken
	rm -f out/new/*
	{
		printf 'From: player@example.org\nTo: judge+%s@example.org\n' "$I8"
		printf 'Subject: Re: [umpire %s] Arnswalde\n\nmy move?\n' "$I8"
	} >note.eml
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient "judge+$I8@example.org" <note.eml
	[ "$status" -eq 0 ]
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q '^To: player@example.org' out/new/*
	grep -q "names 2 games kept here" games/judge.log
}

@test "short ids: umpire judge --check names two kept games with one short id" {
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	assert_output_has "short ids ok: 1 game, each its own short id"
	planted
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -ne 0 ]
	assert_output_has "short ids FIX: games kept with one short id"
	assert_output_has "$(sort <<<"$ID
$(cat twin.id)" | paste -sd' ' | sed 's/ / and /')"
}

@test "short ids: umpire new with the judge's config draws no id whose short id a kept game has" {
	# random bytes that are not: every draw the same (libsodium's
	# randombytes_buf replaced for this command alone)
	printf '%s\n' '#include <stddef.h>' '#include <string.h>' \
		'void randombytes_buf(void *b, size_t n) { memset(b, 0x5a, n); }' \
		>fixed.c
	${CC:-cc} -shared -fPIC -o fixed.so fixed.c
	fixed() {
		ASAN_OPTIONS=verify_asan_link_order=0 LD_PRELOAD=$PWD/fixed.so \
			UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new arnswalde-1945 \
			--side player=player.pub --referee judge.pub -o "$1"
	}
	run fixed first.yaml
	[ "$status" -eq 0 ]
	grep -q '^game: 5a5a5a5a' first.yaml
	mv first.yaml games/5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a.yaml
	run fixed second.yaml
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "its short id 5a5a5a5a is that of game 5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a in the judge's games"
	[ ! -f second.yaml ]
	# random draws: another short id
	run env UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new arnswalde-1945 \
		--side player=player.pub --referee judge.pub -o third.yaml
	[ "$status" -eq 0 ]
	! grep -q '^game: 5a5a5a5a' third.yaml
}
