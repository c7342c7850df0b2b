#!/usr/bin/env bats
# Strangers' mail at the judge (umpire(1), JUDGE): anyone may write a
# party's address in From: and the game's short id in the subject, and
# anyone who saw a party's signed message may send it again. What such
# mail may cost the party, and the judge's host:
# - an unsigned message spends nothing of the party's signed answers
#   (two counters: signed mail bounded by steps of the game, unsigned
#   from a party's address at most answers_a_day, default three, a day);
# - no answer quotes the message's text: it says what came in neutral
#   terms;
# - a message delivered again after the judge was killed counts once
#   (what is counted is the letter, by what makes it that letter);
# - a stranger's game file is never kept in failed/: only what a
#   party of a game kept here signed is.
# Each test was written to fail on the code before its fix.

load ../e2e/helpers
load ../e2e/judge-helpers

setup() {
	umpire_setup
}

# The header block of a message from the player's address (forged or
# not) replying to the judge's letter (its subject names the game), its
# Message-ID $1.
header() {
	local subj
	subj=$(sed -n '/^Subject:/{N;s/\n / /;s/^Subject: //;P;}' "$letter")
	printf 'From: player@example.org\nTo: judge@example.org\n'
	printf 'Message-ID: <%s@example.org>\nSubject: Re: %s\n\n' "$1" \
		"$subj"
}

# A note: unsigned, no umpire file, its Message-ID $1 and its text $2.
note() {
	header "$1"
	printf '%s\n' "$2"
}

# The letters in out/new whose subject says the message could not be
# used, or (a note) where the game stands: answers to unsigned mail; and
# the others.
mistakes() {
	grep -l '^Subject: .*\(could not be used\|where the game stands\)' \
		out/new/* 2>/dev/null | wc -l
}
others() {
	grep -L '^Subject: .*\(could not be used\|where the game stands\)' \
		out/new/* 2>/dev/null | wc -l
}

@test "three unsigned messages in a party's name spend nothing of her signed ask" {
	hostile_setup
	rm -f out/new/*
	local i
	for i in 1 2 3; do
		note "forged$i" "forged note $i" >forged$i.eml
		run "$UMPIRE" judge --config judge.ini --outbox out <forged$i.eml
		[ "$status" -eq 0 ]
	done
	# her own signed request, after them: answered with her letter
	as player ask "$letter" --side player -o ask.yaml
	as player mail ask.yaml -o ask.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <ask.eml
	[ "$status" -eq 0 ]
	tail -1 games/judge.log | grep -q 'asks for its letter again.*answered to player at player@example.org' ||
		{ cat games/judge.log; false; }
	[ "$(others)" -eq 1 ]
	grep -q '^To: player@example.org' $(grep -L '^Subject: .*\(could not be used\|where the game stands\)' out/new/*)
	# the signed bound is the host's (answers_a_step), and its own
	printf 'answers_a_step = 1\n' >>judge.ini
	as player ask "$letter" --side player -o ask2.yaml
	as player mail ask2.yaml -o ask2.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <ask2.eml
	tail -1 games/judge.log | grep -q 'not answered (player had 1 answer to its requests in this step)'
	[ "$(others)" -eq 1 ]
}

@test "her signed mistakes, sent again by anyone, spend nothing of her ask: it has an allowance of its own a step" {
	hostile_setup
	run "$UMPIRE" judge --config judge.ini --outbox out <m1.eml
	[ "$status" -eq 0 ]
	rm -f out/new/*
	local i
	# her orders of step 1 sent again four times (by anyone): three
	# answers, the step's bound of signed mail reached
	for i in 1 2 3 4; do
		{ printf 'Message-ID: <again%s@evil.example>\n' "$i"
		  sed 's/^From: .*/From: mallory@evil.example/' m1.eml; } \
			>again$i.eml
		run "$UMPIRE" judge --config judge.ini --outbox out <again$i.eml
		[ "$status" -eq 0 ]
	done
	[ "$(ls out/new | wc -l)" -eq 3 ]
	tail -1 games/judge.log | grep -q 'had 3 answers in this step)'
	# her request after them: answered
	as player ask "$letter" --side player -o ask.yaml
	as player mail ask.yaml -o ask.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <ask.eml
	[ "$status" -eq 0 ]
	tail -1 games/judge.log | grep -q 'asks for its letter again.*answered to player at player@example.org' ||
		{ cat games/judge.log; false; }
	[ "$(ls out/new | wc -l)" -eq 4 ]
	# and the day does not bound it: yesterday's answers to her requests
	# in this step still count, today's others do not
	sed -i 's/^[0-9-]* \(ask\.\)/2000-01-01 \1/' games/*.answers
	grep -q '^2000-01-01 ask\.' games/*.answers
	printf 'answers_a_step = 1\n' >>judge.ini
	as player ask "$letter" --side player -o ask2.yaml
	as player mail ask2.yaml -o ask2.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <ask2.eml
	tail -1 games/judge.log | grep -q 'not answered (player had 1 answer to its requests in this step)'
}

@test "unsigned mail from a party's address: at most answers_a_day answers a day" {
	hostile_setup
	rm -f out/new/*
	# (the default is three: one a mistake of a party's own; the bound
	# is the same at one)
	printf 'answers_a_day = 1\n' >>judge.ini
	local i
	# a note, unsigned orders, another note: three Message-IDs
	note n1 "what now?" >m1.eml
	as player mail o.yaml --to referee -o m2.eml 2>/dev/null
	note n3 "a third" >m3.eml
	for i in 1 2 3; do
		run "$UMPIRE" judge --config judge.ini --outbox out <m$i.eml
		[ "$status" -eq 0 ]
	done
	[ "$(mistakes)" -eq 1 ] || { ls out/new; cat games/judge.log; false; }
	[ "$(grep -c 'not answered (player had its answer of today to mail it did not sign)' games/judge.log)" -eq 2 ] ||
		{ cat games/judge.log; false; }
	# the host may allow more (answers_a_day); the signed answers are
	# not these
	sed -i 's/^answers_a_day = 1$/answers_a_day = 2/' judge.ini
	note n4 "a fourth" >m4.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <m4.eml
	[ "$(mistakes)" -eq 2 ]
}

@test "no answer quotes the text of the message it answers" {
	hostile_setup
	rm -f out/new/*
	printf 'answers_a_day = 10\n' >>judge.ini
	local M=ZQXJMARKER7f3a i n=0
	id=$(sed -n 's/^game: //p' "$G")
	# an umpire file of a kind the judge does not take, named by the
	# marker; a broken file whose line holds it; unsigned orders with it
	# in a comment; a note; each with the marker in its Message-ID
	{ header "${M}1"; printf 'umpire: %s/1\ngame: %s\n' "$M" "$id"; } >q1.eml
	{ header "${M}2"
	  printf 'umpire: orders/1\ngame: %s\nstep: [%s\n' "$id" "$M"; } >q2.eml
	{ header "${M}3"
	  sed "s/^umpire: orders\/1$/umpire: orders\/1\n# $M/" o.yaml; } >q3.eml
	note "${M}4" "$M says hello" >q4.eml
	for i in 1 2 3 4; do
		run "$UMPIRE" judge --config judge.ini --outbox out <q$i.eml
		[ "$status" -eq 0 ]
	done
	# each answered, none with the marker anywhere (headers, body,
	# attachments)
	[ "$(mistakes)" -eq 4 ] || { ls out/new; cat games/judge.log; false; }
	if grep -l "$M" out/new/*; then cat out/new/*; false; fi
	# the log, the host's, says what each was
	grep -c "$M" games/judge.log
}

@test "an unsigned game file naming a game kept here leaves nothing in failed/" {
	hostile_setup
	rm -f out/new/*
	# the kept game with a join's signature changed
	awk '/^  signature: \|-$/ && !done { print; getline;
		c = substr($0, 5, 1); sub(/^    ./, "    " (c == "A" ? "B" : "A"));
		done = 1 } { print }' "$G" >tampered.yaml
	if cmp -s tampered.yaml "$G"; then false; fi
	# another game's header under the kept game's id
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=high -o other.yaml 2>/dev/null
	id=$(sed -n 's/^game: //p' "$G")
	sed -i "s/^game: .*/game: $id/" other.yaml
	local f
	for f in tampered other; do
		{ printf 'From: player@example.org\nTo: judge@example.org\n'
		  printf 'Message-ID: <%s@example.org>\nSubject: join\n\n' "$f"
		  cat "$f.yaml"; } >"$f.eml"
		run "$UMPIRE" judge --config judge.ini --outbox out <"$f.eml"
		[ "$status" -eq 0 ]
		[ -z "$(ls games/failed)" ] || { ls games/failed; cat games/judge.log; false; }
	done
	[ "$(grep -c ' join dropped .*not kept: no party of a game kept here signed it' games/judge.log)" -eq 2 ] ||
		{ cat games/judge.log; false; }
	cmp "$G" before.yaml
	# what the player signed and the judge could not take (a second,
	# other join of her role) is kept for the host
	second_join 1 >again.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <again.eml
	[ "$status" -eq 0 ]
	[ "$(ls games/failed | grep -c '\.why$')" -eq 1 ]
}

# The judge on message $1 with answers_a_day = 2, killed (SIGKILL) at
# the $3-th $2 system call, then the same message delivered again, then
# another (b.eml): both answered, $1 counted once.
killed_then_again() {
	strace -qq -o /dev/null -e trace="$2" -e inject="$2:signal=KILL:when=$3" \
		"$UMPIRE" judge --config judge.ini --outbox out <"$1" \
		>/dev/null 2>&1 || true
	"$UMPIRE" judge --config judge.ini --outbox out <"$1" 2>/dev/null
	"$UMPIRE" judge --config judge.ini --outbox out <b.eml 2>/dev/null
	tail -1 games/judge.log | grep -q 'answered to player' ||
		{ echo "killed at $2 #$3: b.eml not answered"; cat games/judge.log; return 1; }
	# the answer to $1 came, maybe twice, always as the same letter
	local ids
	ids=$(grep -hi '^Message-Id:' out/new/* | sort -u | wc -l)
	[ "$ids" -eq 2 ] ||
		{ echo "killed at $2 #$3: $ids different letters"; return 1; }
}

@test "a message delivered again after the judge was killed counts once" {
	hostile_setup
	rm -f out/new/*
	printf 'answers_a_day = 2\n' >>judge.ini
	note a "what now?" >a.eml
	note b "and now?" >b.eml
	# the same message again (the mail system's next delivery) makes
	# the same answer, counted once: the next is still answered
	run "$UMPIRE" judge --config judge.ini --outbox out <a.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <a.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <b.eml
	[ "$status" -eq 0 ]
	tail -1 games/judge.log | grep -q 'answered to player' ||
		{ cat games/judge.log; false; }
	[ "$(mistakes)" -eq 2 ]
	# killed at each point of the answer, from counting it to its
	# letter in the outbox
	command -v strace >/dev/null || skip "strace is not installed"
	strace -qq -o /dev/null true 2>/dev/null ||
		skip "strace cannot trace here (ptrace refused)"
	rm -rf out/new/* games/*.answers
	mkdir clean
	cp -a games clean/
	local s n k total=0
	for s in fsync rename link unlink; do
		rm -rf games out/new/*
		cp -a clean/games .
		strace -qq -o trace -e trace="$s" "$UMPIRE" judge \
			--config judge.ini --outbox out <a.eml >/dev/null 2>&1
		n=$(grep -c "^$s(" trace || true)
		for k in $(seq 1 "$n"); do
			rm -rf games out/new/*
			cp -a clean/games .
			killed_then_again a.eml "$s" "$k"
			total=$((total + 1))
		done
	done
	echo "# $total kill points" >&3
	[ "$total" -ge 8 ]
}

@test "a fresh note from a party's address (no file, no game named) gets where the game stands and what to send; a stranger's costs nothing" {
	hostile_setup
	rm -f out/new/*
	printf 'answers_a_day = 1\n' >>judge.ini
	printf 'From: Player <player@example.org>\nTo: judge@example.org\n' >n1.eml
	printf 'Message-ID: <fresh1@example.org>\nSubject: is it my move?\n\n' >>n1.eml
	printf 'Hello judge, is it my move?\n' >>n1.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <n1.eml
	[ "$status" -eq 0 ]
	[ "$(ls out/new | wc -l)" -eq 1 ] || { cat games/judge.log; false; }
	a=$(ls out/new/*)
	grep -q '^To: player@example.org' "$a"
	grep -q '^Subject: .*where the game stands' "$a"
	grep -q 'Where the game stands: step 1, player to move' "$a" ||
		{ cat "$a"; false; }
	grep -q 'It is your move' "$a"
	grep -q 'umpire sign orders.yaml --game' "$a"
	if grep -q 'is it my move' "$a"; then false; fi
	tail -1 games/judge.log | grep -q 'answered to player at player@example.org'
	# within the day's answer to unsigned mail
	sed 's/fresh1/fresh2/' n1.eml >n2.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <n2.eml
	[ "$(ls out/new | wc -l)" -eq 1 ]
	tail -1 games/judge.log | grep -q 'not answered (player had its answer of today'
	# a stranger's note: nothing mailed, kept or locked
	sed 's/player@example.org/mallory@evil.example/' n1.eml >s.eml
	locks=$(ls games/*.lock | wc -l)
	run "$UMPIRE" judge --config judge.ini --outbox out <s.eml
	[ "$status" -eq 0 ]
	tail -1 games/judge.log | grep -q ' - - dropped .*: no umpire file in it$'
	[ "$(ls out/new | wc -l)" -eq 1 ]
	[ -z "$(ls games/failed)" ]
	[ "$(ls games/*.lock | wc -l)" -eq "$locks" ]
}
