#!/usr/bin/env bats
# What a party of the judge's games is owed when it or the judge errs
# (umpire(1), JUDGE, "Answers"): the judge spends nothing of a party's
# answers on its own doing (no invitation of its own to a side of the
# host's game, whose mail invited every side; a join mailed again with
# the key the side joined with answered "you are in", of a bound of its
# own), and each mistake of a party gets one answer, at its join
# address, in clear, saying what was wrong, what to send, and where each
# of its games here stands. Each test was written to fail on the code
# before its fix.

load helpers
load judge-helpers

setup() {
	umpire_setup
	cd "$BATS_TEST_TMPDIR"
}

# host_game A B: a Russo-German War the host makes with the judge's key
# (its config: the referee joined at the game's own address), german
# the key of A, soviet B's, each invited at its own address; the file
# the host mails them into invite-ID.yaml. Sets g (its id).
host_game() {
	UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new russo-german-war -s judge.key \
		--side "german=$1.pub" --side "soviet=$2.pub" \
		--referee judge.pub --address "german=$1@example.org" \
		--address "soviet=$2@example.org" -o new.yaml 2>/dev/null
	g=$(sed -n 's/^game: //p' new.yaml)
	cp new.yaml "invite-$g.yaml"
	mv new.yaml "games/$g.yaml"
}

# joins WHO SIDE FILE: WHO joins FILE as SIDE and mails the join to the
# judge (join-WHO.eml), which takes it.
joins() {
	as "$1" join "$3" --side "$2" -o "joined-$1.yaml" 2>/dev/null
	as "$1" mail "joined-$1.yaml" --to referee -o "join-$1.eml"
	judge_gets "join-$1.eml"
}

# letters_to WHO: how many letters in out/new go to WHO.
letters_to() {
	grep -l "^To: $1@example.org" out/new/* 2>/dev/null | wc -l
}

# The one letter in out/new, to $1: its subject and plain body into
# answer.txt, its attachments' names into parts.txt; then taken away.
one_answer() {
	[ "$(ls out/new | wc -l)" -eq 1 ] || { ls out/new; cat games/judge.log; return 1; }
	local f
	f=$(ls out/new/*)
	grep -q "^To: $1@example.org" "$f" || { head -20 "$f"; return 1; }
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m["subject"])
print(m.get_body(("plain",)).get_content())
with open("parts.txt", "w") as p:
    for a in m.iter_attachments():
        p.write("%s\n" % a.get_filename())' "$f" >answer.txt
	rm "$f"
}

# rejoined: the host's game of alice (german) and bob (soviet), both
# joined; then bob joins again from the host's letter on another machine
# (a fresh join, his key: what following a second invitation did), and
# the judge's one answer to it is read (one_answer).
rejoined() {
	host_game alice bob
	joins alice german "invite-$g.yaml"
	joins bob soviet "invite-$g.yaml"
	rm -f out/new/*
	XDG_STATE_HOME=$PWD/other as bob join "invite-$g.yaml" --side soviet \
		-o again.yaml 2>/dev/null
	as bob mail again.yaml --to referee -o again.eml
	judge_gets again.eml
	one_answer bob
}

@test "judge: both sides join from the host's letter at once: the judge invites neither again" {
	judge_setup alice bob
	host_game alice bob
	# both follow the host's letter; the judge takes alice's join first
	as bob join "invite-$g.yaml" --side soviet -o joined-bob.yaml 2>/dev/null
	as bob mail joined-bob.yaml --to referee -o join-bob.eml
	joins alice german "invite-$g.yaml"
	# nothing to bob, whose join is on its way: no second invitation
	[ "$(letters_to bob)" -eq 0 ] || { cat games/judge.log; false; }
	[ -z "$(ls out/new)" ]
	grep -q "waiting for soviet to join (invited by the host's mail" \
		games/judge.log
	judge_gets join-bob.eml
	# the game starts: the first view to alice, nothing to bob yet
	[ "$(letters_to alice)" -eq 1 ]
	[ "$(letters_to bob)" -eq 0 ]
	grep -q 'filename=.*\.view' out/new/*
}

@test "judge: a join mailed again with the key the side joined with: 'you are in', free; then each mistake of the day answered once" {
	judge_setup alice bob
	printf 'answers_a_step = 1\n' >>judge.ini
	rejoined
	grep -q 'you are in' answer.txt
	grep -q "You are in game $g (.*) as soviet: your join is taken" \
		answer.txt || { cat answer.txt; false; }
	grep -q 'Where the game stands: step 1, german to move' answer.txt
	grep -q 'Nothing is asked of you now' answer.txt
	# nothing went wrong: no reason, nothing sealed
	if grep -q 'Why is\|could not' answer.txt; then cat answer.txt; false; fi
	[ ! -s parts.txt ]
	# kept for the host (a join signed by a party that the game refused)
	ls games/failed | grep -q '\.why$'
	# the same copy again: counted once; another copy of it: within
	# the bound of its own (answers_a_step), the rest logged
	judge_gets again.eml
	[ -z "$(ls out/new)" ]
	sed 's/^Subject: .*/Subject: again/' again.eml >again2.eml
	judge_gets again2.eml
	[ -z "$(ls out/new)" ]
	grep -q 'not answered (soviet had 1 answer to its join again in this step)' \
		games/judge.log || { cat games/judge.log; false; }
	# each mistake bob makes next, unsigned mail from his address, is
	# answered once (the default: three a day): orders signed with
	# another key, a note, orders not signed
	"$UMPIRE" keygen -s other.key -p other.pub -W >/dev/null
	printf 'umpire: orders/1\ngame: %s\nstep: 1\nside: soviet\n' "$g" \
		>o.yaml
	as bob sign o.yaml -s other.key -o forged.yaml 2>/dev/null
	as bob mail forged.yaml --to referee -o forged.eml
	judge_gets forged.eml
	one_answer bob
	grep -q 'not signed with the key' answer.txt
	grep -q 'Where the game stands: step 1, german to move' answer.txt
	{
		printf 'From: bob@example.org\nTo: judge@example.org\n'
		printf 'Message-ID: <note@example.org>\n'
		printf 'Subject: is it my move?\n\nis it?\n'
	} >note.eml
	judge_gets note.eml
	one_answer bob
	grep -q 'Where the game stands: step 1, german to move' answer.txt
	as bob mail o.yaml --to referee -o unsigned.eml 2>/dev/null
	judge_gets unsigned.eml
	one_answer bob
	grep -q 'Sign your orders' answer.txt
	# nothing to alice, nothing to anyone else
	[ -z "$(ls out/new)" ]
}

@test "judge: a note from a party of two games: one answer, in clear, the game where it is her move first, both games' standing" {
	judge_setup alice bob
	# alice is soviet in the first game, german (to move) in the second
	host_game bob alice
	g1=$g
	host_game alice bob
	g2=$g
	joins bob german "invite-$g1.yaml"
	joins alice soviet "invite-$g1.yaml"
	joins alice german "invite-$g2.yaml"
	joins bob soviet "invite-$g2.yaml"
	rm -f out/new/*
	{
		printf 'From: Alice <alice@example.org>\nTo: judge@example.org\n'
		printf 'Message-ID: <mine@example.org>\n'
		printf 'Subject: is it my move?\n\nHello judge, is it my move?\n'
	} >note.eml
	judge_gets note.eml
	one_answer alice
	# about the game where it is her move, in clear: no attachment
	head -1 answer.txt | grep -q "^\[umpire ${g2:0:8}\]" ||
		{ cat answer.txt; false; }
	[ ! -s parts.txt ] || { cat parts.txt; false; }
	if grep -q 'Why is' answer.txt; then cat answer.txt; false; fi
	grep -q 'Where the game stands: step 1, german to move' answer.txt
	grep -q 'It is your move' answer.txt
	# and the other game: where it stands, whose move
	grep -q "Your other games on this judge:" answer.txt
	grep -q "game ${g1:0:8} (.*) as soviet: step 1, german to move" \
		answer.txt || { cat answer.txt; false; }
	if grep -q 'is it my move' answer.txt; then false; fi
	grep -q 'answered to german at alice@example.org' games/judge.log
}

@test "judge: a mistake's answer says where each of the party's games stands" {
	judge_setup alice bob
	host_game alice bob
	g1=$g
	host_game bob alice
	g2=$g
	joins alice german "invite-$g1.yaml"
	joins bob soviet "invite-$g1.yaml"
	joins bob german "invite-$g2.yaml"
	rm -f out/new/*
	# alice's orders for the first game, not signed
	printf 'umpire: orders/1\ngame: %s\nstep: 1\nside: german\n' "$g1" \
		>o.yaml
	as alice mail o.yaml --to referee -o unsigned.eml 2>/dev/null
	judge_gets unsigned.eml
	one_answer alice
	grep -q 'orders not signed' answer.txt
	grep -q 'Where the game stands: step 1, german to move' answer.txt
	grep -q "game ${g2:0:8} (.*) as soviet: waiting for soviet to join: join it" \
		answer.txt || { cat answer.txt; false; }
}

@test "judge: a party's signed answers are bounded in each step, whatever the day" {
	judge_setup alice bob
	printf 'answers_a_step = 1\n' >>judge.ini
	# bob's join again, answered once; yesterday's count still holds
	rejoined
	sed -i 's/^[0-9-]* /2000-01-01 /' "games/$g.answers"
	sed 's/^Subject: .*/Subject: again/' again.eml >again2.eml
	judge_gets again2.eml
	[ -z "$(ls out/new)" ] || { cat games/judge.log; false; }
}

@test "judge: a side's request while the game waits for another's join: 'you are in', where the game stands" {
	judge_setup alice bob
	host_game alice bob
	joins alice german "invite-$g.yaml"
	[ -z "$(ls out/new)" ]
	as alice ask joined-alice.yaml --side german -o ask.yaml 2>/dev/null
	as alice mail ask.yaml -o ask.eml
	judge_gets ask.eml
	one_answer alice
	grep -q "You are in game $g (.*) as german: your join is taken" \
		answer.txt || { cat answer.txt; cat games/judge.log; false; }
	grep -q 'Where the game stands: waiting for soviet to join' answer.txt
	[ ! -s parts.txt ]
	grep -q 'german asks for its letter again.*answered to german at alice@example.org' \
		games/judge.log
}
