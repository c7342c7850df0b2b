#!/usr/bin/env bats
# A party's request (umpire ask) in the hands of a mail relay, or of
# anyone who saw it once (umpire-protocol(7), REQUESTS): the judge
# answers a side's requests a bounded number of times in each step, so
# a copy sent again in new messages would spend that allowance, and the
# side's own next request would get nothing. A request carries a fresh
# nonce and the step it was made at, both signed (in the body and the
# trusted comment); the judge answers each nonce once and none older
# than the side's latest request, by a record kept on disk
# (GAMEID.requests: every message below is a run of its own, as a
# restarted judge is). Each test was written to fail on the code before
# its fix, where a request/1 carried neither and each copy was answered
# within the step's allowance.

load ../e2e/helpers
load ../e2e/judge-helpers

setup() {
	umpire_setup
	hostile_setup
	rm -f out/new/*
}

# The player's request made from the letter $1, as $2.yaml, mailed as
# $2.eml.
request() {
	as player ask "$1" --side player -o "$2.yaml"
	as player mail "$2.yaml" -o "$2.eml"
}

# The message $1 sent again by a relay in a message of its own
# (Message-ID $2), as $2.eml.
again() {
	{ printf 'Message-ID: <%s@relay.example>\n' "$2"; cat "$1"; } >"$2.eml"
}

# The judge on message $1: its log's last line holds $2.
judged() {
	run "$UMPIRE" judge --config judge.ini --outbox out <"$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	tail -1 games/judge.log | grep -q -- "$2" ||
		{ tail -3 games/judge.log; return 1; }
}

# The body $1 and a line feed signed with the player's key under the
# trusted comment $2 by lateforge.py's minisign (the page's primitives,
# not umpire), as $3.yaml, mailed by the player as $3.eml.
by_hand() {
	/usr/bin/python3 - "$1" "$2" player.key "$BATS_TEST_DIRNAME" \
		>"$3.yaml" <<'PY'
import sys
sys.path.insert(0, sys.argv[4])
from lateforge import minisign
sys.stdout.write(minisign((sys.argv[1] + "\n").encode(), sys.argv[3],
                          sys.argv[2]).decode())
PY
	as player mail "$3.yaml" -o "$3.eml"
}

# The letters in out/new to the player.
letters() {
	grep -l '^To: player@example.org' out/new/* 2>/dev/null | wc -l
}

@test "requests: a request sent again by a relay is answered once, and the side's own next request still is" {
	request "$letter" r1
	judged r1.eml 'player asks for its letter again.*answered to player at player@example.org'
	[ "$(letters)" -eq 1 ]
	# three copies in messages of the relay's own, the step's allowance
	# of answers to requests (answers_a_step, 3): dropped, a line each
	local i
	for i in 1 2 3; do
		again r1.eml relay$i
		judged relay$i.eml 'player'
	done
	[ "$(letters)" -eq 1 ]
	[ "$(grep -c " dropped .*a copy of a request of player seen before (nonce [0-9a-f]\{8\}...): not answered$" games/judge.log)" -eq 3 ]
	# the side's own next request: answered, its allowance whole
	request "$letter" r2
	judged r2.eml 'player asks for its letter again.*answered to player at player@example.org'
	[ "$(letters)" -eq 2 ]
	# the record: the side's two requests, the copies nothing
	[ "$(grep -c '^player 0 [0-9a-f]\{32\}$' games/*.requests)" -eq 2 ]
	[ "$(wc -l <games/*.requests)" -eq 2 ]
	# the very message delivered again (a judge killed before it said
	# it was done) is a copy as well: no second answer
	judged r2.eml ' dropped .*a copy of a request of player'
	[ "$(letters)" -eq 2 ]
}

@test "requests: a request of an earlier step sent again after the game moved on is not answered" {
	request "$letter" r1
	judged r1.eml 'answered to player at player@example.org'
	rm -f out/new/*
	judged m1.eml 'adjudicated step 1'
	post
	# step 2 of the game: the old request sent again spends nothing
	again r1.eml late1
	judged late1.eml 'player'
	[ "$(letters)" -eq 0 ]
	tail -1 games/judge.log | grep -q ' dropped .*a copy of a request of player seen before'
	# the side asks from its newest letter (step 1): answered
	local newest
	newest=$(ls mbox/player/*.umpire | tail -1)
	request "$newest" r2
	grep -qx 'step: 1' r2.yaml
	judged r2.eml 'player asks for its letter again.*answered to player'
	[ "$(letters)" -eq 1 ]
	# the old one again, older than the side's latest: not answered,
	# and the record holds the latest step's requests alone
	again r1.eml late2
	judged late2.eml ' dropped .*a request of player made at step 0, older than its latest (of step 1): not answered'
	[ "$(letters)" -eq 1 ]
	[ "$(cat games/*.requests)" = "player 1 $(sed -n 's/^nonce: //p' r2.yaml)" ]
}

@test "requests: a request whose nonce or step a relay changed is refused, and spends nothing of the side's" {
	request "$letter" r1
	grep -q '^nonce: [0-9a-f]\{32\}$' r1.eml
	# its nonce changed, so that the judge would take it for a new
	# request: the side's signature no longer holds
	sed 's/^nonce: .*/nonce: 00000000000000000000000000000000/' r1.eml |
		sed 's/^Message-I[dD]: .*/Message-ID: <n@relay.example>/' \
		>nonce.eml
	judged nonce.eml 'a request must be signed by its side.s key'
	# its step changed: the same
	sed 's/^step: 0$/step: 1/' r1.eml |
		sed 's/^Message-I[dD]: .*/Message-ID: <s@relay.example>/' \
		>step.eml
	! cmp -s r1.eml step.eml || false
	judged step.eml 'a request must be signed by its side.s key'
	# neither was answered with the side's letter, nor noted
	[ "$(grep -L 'could not be used' out/new/* 2>/dev/null | wc -l)" -eq 0 ]
	[ ! -e games/*.requests ]
	# the side's own request: answered
	judged r1.eml 'player asks for its letter again.*answered to player at player@example.org'
}

@test "requests: one made by hand from umpire-protocol(7) is taken; a request/1, without a nonce, is refused by name" {
	/usr/bin/python3 -c 'import nacl.signing' 2>/dev/null ||
		skip "python3-nacl missing"
	local id nonce
	id=$(basename "$(kept)" .yaml)
	nonce=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
	by_hand "$(printf 'umpire: request/2\ngame: %s\nside: player\nstep: 0\nnonce: %s\nask: letter\n' "$id" "$nonce")" \
		"umpire/1 game=$id side=player step=0 nonce=$nonce request" r2
	judged r2.eml 'player asks for its letter again.*answered to player at player@example.org'
	[ "$(cat games/*.requests)" = "player 0 $nonce" ]
	rm -f out/new/*
	# the format before the nonce, signed by the side's key: the same
	# text each time it is made, so refused, saying what is taken; the
	# party told as of mail it could not use, its allowance of requests
	# untouched
	by_hand "$(printf 'umpire: request/1\ngame: %s\nside: player\nask: letter\n' "$id")" \
		"umpire/1 game=$id side=player request" r1
	judged r1.eml 'umpire: request/1, a request without a nonce .*the judge takes umpire: request/2; make the request again'
	[ "$(letters)" -eq 1 ]
	grep -q '^Subject: .*could not be used' out/new/*
	grep -q "^umpire (umpire: request/1; the judge takes request/2)" out/new/*
	[ "$(cat games/*.requests)" = "player 0 $nonce" ]
}
