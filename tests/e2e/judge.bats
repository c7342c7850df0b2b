#!/usr/bin/env bats
# umpire judge, the referee run by the mail system: whole games played
# against it (game turns of the Race to the Reichstag through a
# Maildir, Arnswalde 1945 and Kampfgruppe Peiper as solitaires; the
# Russo-German War's whole game, messages on stdin, every view audited,
# is judge-letters.bats' first test), the players driven through files
# and umpire mail, the judge's letters taken from its outbox; every game
# audits with each player's views. Then hostile mail, one test each, the
# judge's key, its --sendmail and its per-game lock.

load helpers
load judge-helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	# Arnswalde 1945 against the judge: the player makes the game
	# naming the judge's key as referee and mails it (--accept-new)
	mkdir arnswalde && cd arnswalde
	judge_setup player
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml 2>>judge.err
	SIDES=player play 200
}

setup() {
	umpire_setup
}

# A whole game plays with the plain binary in the valgrind pass (as
# setup_file's fixtures do, tests/e2e/helpers.bash): memcheck runs the
# judge on the hostile tests' messages and on a step adjudicated there,
# not on every step of three games.
plain_binary() {
	UMPIRE=${UMPIRE_REAL_BIN:-$UMPIRE}
}

# A test whose every command is the plain binary's in the valgrind pass
# (a whole game against the judge): run there, it would prove only what
# the ASan pass proves (each command path instrumented once), so the
# valgrind pass (make check-valgrind-full) skips it.
plain_game() {
	[ -z "${UMPIRE_REAL_BIN:-}" ] ||
		skip "a whole game, the plain binary's: the ASan pass runs it"
}

@test "judge: game turns of the Race to the Reichstag through a Maildir" {
	plain_game
	plain_binary
	judge_setup 1bf 1uf
	owner_game race-to-the-reichstag 1bf 1uf
	# the letters of JUDGE_MAILDIR_TURNS game turns (make check one,
	# make check-judge-load three): play until the next begins
	local turns=${JUDGE_MAILDIR_TURNS:-1}
	turn() { sed -n 's/^  turn: //p' "$(kept)" | head -1; }
	first=$(turn)
	for i in $(seq 1 80); do
		SIDES="1bf 1uf" JUDGE_MODE=maildir POLICY=choose play 1
		[ "$(turn)" -lt $((first + turns)) ] || break
	done
	[ "$(turn)" -eq $((first + turns)) ]
	# a line a message, and one a run for the letters its steps spooled
	# (sent at the run's end, with one sync of the outbox)
	log=$(grep -vc ' done spool ' games/judge.log)
	grep -q ' done spool (0 bytes): letters of the spool; [0-9]* letter(s) sent' \
		games/judge.log
	# (a step's line says so; a join's letters leave with its line)
	grep -q ' done .*adjudicated step [0-9]*; its letters sent at the end of this run' \
		games/judge.log
	! grep ' done .*adjudicated step.*letter(s) sent' games/judge.log ||
		false
	# every message the judge took went through the Maildir to cur/
	[ -z "$(ls maildir/new)" ]
	[ "$(ls maildir/cur | wc -l)" -eq "$log" ]
	g=$(kept)
	n=$(grep -c ' done ' games/judge.log)
	[ "$n" -ge 12 ]
	for s in 1bf 1uf; do
		run "$UMPIRE" audit "$g" --view views/*-"$s".eml -s "$s.key"
		echo "$output"
		[ "$status" -eq 0 ]
		assert_output_has "every view given is an honest redaction"
	done
}

@test "judge: Arnswalde 1945 against the judge, to the end; the player audits" {
	cd "$BATS_FILE_TMPDIR/arnswalde"
	g=$(kept)
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == over* ]]
	[ -f final-player.eml ]
	run as player audit final-player.eml
	[ "$status" -eq 0 ]
	grep -q ' new game .* taken as its referee' games/judge.log
	# the letters went where the player's join said (no [addresses])
	grep -q '^    address: player@example.org$\|^  address: player@example.org$' "$g"
	[ -z "$(grep '^\[addresses\]' judge.ini)" ]
	# an independent auditor re-derives the join with its address
	run /usr/bin/python3 "$BATS_TEST_DIRNAME/../independent/rederive.py" "$g"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "rederive ok"
}

@test "judge: Kampfgruppe Peiper against the judge, to the end; the player audits" {
	plain_game
	plain_binary
	judge_setup player
	as player new kampfgruppe-peiper --side player=player.pub \
		--referee judge.pub -o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml 2>>judge.err
	# the example's player: westward, standing orders answering the
	# questions after a die; the 9 turns of rule 4.0 take some 15 steps
	SIDES=player POLICY=peiper play 60
	g=$(kept)
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == over* ]]
	grep -q ' new game .* taken as its referee' games/judge.log
	# a message a step, each adjudicated: none refused, dropped or failed
	# (and the one confirming the player's address)
	n=$(grep -c ' done .*adjudicated step' games/judge.log)
	grep -q " done .*player's address player@example.org confirmed" \
		games/judge.log
	[ "$(wc -l <games/judge.log)" -eq $((n + 2)) ]
	[ -z "$(ls games/failed)" ]
	# the game file mailed at the end is the one the judge keeps, whole
	[ -f final-player.eml ]
	run as player audit final-player.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "game $(basename "$g" .yaml) (kampfgruppe-peiper), $n steps,"
	# and an independent auditor re-derives every draw from the cup
	run /usr/bin/python3 "$BATS_TEST_DIRNAME/../independent/rederive.py" "$g"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "rederive ok: $n steps, game over"
}

@test "judge hostile: no umpire part: logged and dropped, no reply" {
	hostile_setup
	printf 'From: x@example.org\nTo: judge@example.org\nSubject: hi\n\nhello\n' >plain.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <plain.eml
	[ "$status" -eq 0 ]
	grep -q ' dropped .*no umpire file' games/judge.log
	[ -z "$(ls out/new)" ]
	[ -z "$(ls games/failed)" ]
	cmp "$G" before.yaml
}

@test "judge hostile: a broken umpire file pasted in a body: its line named in the log; its sender answered only if a party" {
	hostile_setup
	{ printf 'From: player@example.org\nTo: judge@example.org\n'
	  printf 'Subject: orders\n\nRita,\n\n'
	  sed -n 's/^/> /;/umpire: orders/p' signed.yaml
	  printf '> this is not the rest of it }\n'; } >broken.eml
	sed -i 's/^From: .*/From: mallory@evil.example/' broken.eml
	dropped_for_stranger broken.eml "no whole umpire file"
	grep -q "line 3 'umpire: orders/1'" games/judge.log
}

@test "judge hostile: a forged signature: logged and dropped, nothing kept, no reply" {
	hostile_setup
	"$UMPIRE" keygen -s mallory.key -p mallory.pub -W >/dev/null
	as player sign o.yaml -s mallory.key -o forged.yaml 2>/dev/null
	# (from a stranger's address: a party's own mistakes are answered)
	as player mail forged.yaml --to referee |
		sed 's/^From: .*/From: mallory@evil.example/' >forged.eml
	dropped_for_stranger forged.eml "signed by another key"
}

@test "judge hostile: an unknown game: logged and dropped, no lock file made, no reply" {
	hostile_setup
	rm "$G" games/*.lock before.yaml
	dropped_for_stranger m1.eml 'unknown game'
	[ ! -e "$G" ]
	[ -z "$(ls games/*.lock 2>/dev/null)" ]
}

@test "judge hostile: a new game mailed without --accept-new: dropped, no game made, no reply" {
	judge_setup player
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	dropped_for_stranger first.eml 'unknown game .*--accept-new only'
	grep -q ' join dropped .*unknown game' games/judge.log
	[ -z "$(ls games/*.yaml 2>/dev/null)" ]
	# the same message with --accept-new is taken: the flag was the reason
	run "$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml
	[ "$status" -eq 0 ]
	[ -n "$(ls games/*.yaml)" ]
	[ "$(ls out/new | wc -l)" -eq 1 ]
}

@test "judge hostile: a replay is dropped; its signer gets his letter again, a few times a step" {
	hostile_setup
	run "$UMPIRE" judge --config judge.ini --outbox out <m1.eml
	[ "$status" -eq 0 ]
	[ "$(ls out/new | wc -l)" -eq 1 ]
	first=$(ls out/new/*)
	cp "$G" after.yaml
	mv "$first" letter1.eml
	# a lost letter is never final: the same signed orders again get
	# the player's letter of the game as it stands, at his own address
	# (never the message's From), marked as an automatic answer; six
	# messages carrying them, three answered in this step
	for i in 1 2 3 4 5 6; do
		{ printf 'Message-ID: <replay%s@evil.example>\n' "$i"
		  sed 's/^From: .*/From: mallory@evil.example/' m1.eml; } \
			>m1-forged$i.eml
		run "$UMPIRE" judge --config judge.ini --outbox out \
			<m1-forged$i.eml
		[ "$status" -eq 0 ]
	done
	[ "$(grep -c ' dropped .*replay' games/judge.log)" -eq 6 ]
	[ "$(ls out/new | wc -l)" -eq 3 ]
	for f in out/new/*; do
		grep -q '^To: player@example.org' "$f"
		grep -q '^Auto-Submitted: auto-replied' "$f"
		if grep -qi 'mallory' "$f"; then false; fi
	done
	[ "$(grep -c 'had 3 answers in this step)' games/judge.log)" -eq 3 ]
	# the very message again (as the mail system delivers it after a
	# crash) is the answer given already
	run "$UMPIRE" judge --config judge.ini --outbox out <m1-forged1.eml
	[ "$(ls out/new | wc -l)" -eq 3 ]
	tail -1 games/judge.log | grep -q 'not answered again (this very message was answered to player)'

	[ -z "$(ls games/failed)" ]
	cmp "$G" after.yaml
	# the game file's join mailed again is a replay too
	run "$UMPIRE" judge --config judge.ini --outbox out <first.eml
	[ "$status" -eq 0 ]
	[ "$(grep -c ' dropped .*replay' games/judge.log)" -eq 8 ]
}

@test "judge hostile: a huge message: read to its end and dropped as too large, exit 0" {
	hostile_setup
	{
		printf 'From: x@example.org\nTo: judge@example.org\n'
		printf 'Subject: big\n\n'
		head -c 30000000 /dev/zero | tr '\0' 'a' | fold -w 76
	} >huge.eml
	dropped_for_stranger huge.eml 'too large'
	grep -q "($(wc -c <huge.eml) bytes): too large" games/judge.log
}

@test "judge hostile: two umpire files in one message from a stranger: dropped" {
	hostile_setup
	other_orders "north 1 south 0 center 6" signed2.yaml
	if cmp -s signed.yaml signed2.yaml; then false; fi
	as player mail signed.yaml signed2.yaml --to referee |
		sed 's/^From: .*/From: mallory@evil.example/' >two.eml
	dropped_for_stranger two.eml 'two different signed umpire files'
}

# The one letter in out/new: To the player, automatic, its subject and
# body saying what was wrong ($1) and what to send ($2), and where the
# game stands: whose move, what the player should send now; then taken
# away.
answered_once() {
	[ "$(ls out/new | wc -l)" -eq 1 ] || { ls out/new; return 1; }
	local f
	f=$(ls out/new/*)
	grep -q '^To: player@example.org$' "$f"
	grep -q '^Auto-Submitted: auto-replied' "$f"
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m["subject"])
print(m.get_body(("plain",)).get_content())' "$f" >answer.txt
	grep -q 'could not be used\|where the game stands' answer.txt
	grep -q 'Where the game stands: step 1, player to move' answer.txt ||
		{ cat answer.txt; return 1; }
	grep -q 'It is your move' answer.txt
	grep -q -- "$1" answer.txt || { cat answer.txt; return 1; }
	grep -q -- "$2" answer.txt || { cat answer.txt; return 1; }
	rm "$f"
}

@test "judge: each mistake of a party is answered once, at its join address, saying what to send" {
	hostile_setup
	printf 'answers_a_day = 10\n' >>judge.ini
	# orders signed by a key that is not the player's
	"$UMPIRE" keygen -s other.key -p other.pub -W >/dev/null
	as player sign o.yaml -s other.key -o forged.yaml 2>/dev/null
	as player mail forged.yaml --to referee -o forged.eml
	"$UMPIRE" judge --config judge.ini --outbox out <forged.eml
	answered_once 'not signed with the key' 'umpire sign orders.yaml'
	# orders not signed at all
	as player mail o.yaml --to referee -o unsigned.eml 2>/dev/null
	"$UMPIRE" judge --config judge.ini --outbox out <unsigned.eml
	answered_once 'orders not signed' 'umpire sign'
	# two files in one message
	other_orders "north 1 south 0 center 6" signed2.yaml
	as player mail signed.yaml signed2.yaml --to referee -o two.eml
	"$UMPIRE" judge --config judge.ini --outbox out <two.eml
	answered_once 'more than one umpire file' 'one file a message'
	# a file cut short in the mail
	{
		sed -n '1,/^$/p' m1.eml | grep -v '^Content-'
		printf 'Here are my orders:\n\n'
		sed -n '1,3p' signed.yaml
		printf '\nthanks\n'
	} >broken.eml
	"$UMPIRE" judge --config judge.ini --outbox out <broken.eml
	answered_once 'could not be read whole' 'unchanged'
	# a note with no file, as a reply to the judge's letter
	letter=$(ls mbox/player/*.umpire | head -1)
	subj=$(sed -n '/^Subject:/{N;s/\n / /;s/^Subject: //;P;}' "$letter")
	printf 'From: player@example.org\nSubject: Re: %s\n\nwhat now?\n' \
		"$subj" >note.eml
	"$UMPIRE" judge --config judge.ini --outbox out <note.eml
	answered_once 'no umpire file' 'umpire sign orders.yaml --game'
	# the same note from a stranger: nothing
	sed 's/^From: .*/From: mallory@evil.example/' note.eml >note2.eml
	"$UMPIRE" judge --config judge.ini --outbox out <note2.eml
	[ -z "$(ls out/new)" ]
	grep -q 'not answered (the sender is no party of the game)' \
		games/judge.log
	cmp "$G" before.yaml
}

@test "judge: refused orders of the pending side get the reason back" {
	hostile_setup
	other_orders "north 9 south 9 center 9" badsigned.yaml
	as player mail badsigned.yaml --to referee -o bad.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <bad.eml
	[ "$status" -eq 0 ]
	[ "$(ls out/new | wc -l)" -eq 1 ]
	f=$(ls out/new/*)
	grep -q '^To: player@example.org' "$f"
	# (a long subject is folded: RFC 5322 2.2.3)
	sed -n '/^Subject:/{N;p;}' "$f" | tr -d '\n' | grep -q 'refused'
	# the reason names no temporary file of the judge's
	if grep -q '[0-9]\.[0-9]*_[0-9]*\.umpire' "$f"; then false; fi
	grep -q '^Auto-Submitted: auto-replied' "$f"
	grep -q ' done .*refused' games/judge.log
	cmp "$G" before.yaml
	# a letter with nothing attached says nothing of an attached file
	if ! grep -q 'filename=' "$f"; then
		if grep -q 'attached' "$f"; then false; fi
	fi
}

@test "judge: a key protected by a passphrase: exit 75, the message stays with the mail system" {
	hostile_setup
	# a key encrypted as minisign encrypts one, at scrypt's least cost
	# (the judge never derives it: it refuses an encrypted key at once)
	"$UMPIRE" keygen -W -s plain.key -p enc.pub >/dev/null
	python3 "$E2E_DIR/tools/weak-key.py" plain.key enc.key secret
	run "$UMPIRE" judge --config judge.ini --outbox out -s enc.key <m1.eml
	[ "$status" -eq 75 ]
	assert_output_has "passphrase"
	assert_output_has "keygen -W"
	# the host's mistake: said in the log, nothing kept, nobody answered
	grep -q ' retry .*passphrase' games/judge.log
	[ -z "$(ls games/failed)" ]
	[ -z "$(ls out/new)" ]
	cmp "$G" before.yaml
}

@test "judge: a key others may read: exit 75, the message is delivered again once mended" {
	hostile_setup
	chmod 644 judge.key
	run "$UMPIRE" judge --config judge.ini --outbox out <m1.eml
	[ "$status" -eq 75 ]
	assert_output_has "mode 644"
	assert_output_has "readable by its owner alone"
	assert_output_has "chmod 600"
	grep -q ' retry .*mode 644' games/judge.log
	[ -z "$(ls games/failed)" ]
	[ -z "$(ls out/new)" ]
	cmp "$G" before.yaml
	# readable by its group is refused too; with --maildir the message
	# waits in new/ for a judge that can start
	chmod 640 judge.key
	cp m1.eml maildir/new/m1
	run "$UMPIRE" judge --config judge.ini --outbox out --maildir maildir
	[ "$status" -eq 75 ]
	assert_output_has "mode 640"
	[ -f maildir/new/m1 ]
	cmp "$G" before.yaml
	# mode 0600 again: the mail system's next delivery is adjudicated
	chmod 600 judge.key
	run "$UMPIRE" judge --config judge.ini --outbox out <m1.eml
	[ "$status" -eq 0 ]
	grep -q ' 1 done .*adjudicated step 1;' games/judge.log
}

@test "judge: exit 75 only when a party's message cannot even be kept in failed/" {
	hostile_setup
	# a join of the game kept here that the player signed and the game
	# refuses (a second, other join of her role): the host may want to
	# see it, so it is kept
	second_join 1 >junk.eml
	# failed/ cannot be made (a file in its place; root ignores modes)
	rmdir games/failed
	touch games/failed
	run "$UMPIRE" judge --config judge.ini --outbox out <junk.eml
	[ "$status" -eq 75 ]
	rm games/failed
	run "$UMPIRE" judge --config judge.ini --outbox out <junk.eml
	[ "$status" -eq 0 ]
	ls games/failed | grep -q '\.why$'
}

@test "judge: --sendmail CMD gets each letter on its stdin; one it cannot send stays in the spool for the next run" {
	hostile_setup
	mkdir sent
	# a sendmail(1) that records its arguments and the message it is
	# given, and exits with $FAKE_STATUS
	{
		printf '#!/bin/sh\nn=$(ls "%s/sent" | wc -l)\n' "$PWD"
		printf 'printf "%%s\\n" "$@" >"%s/sent/$n.args"\n' "$PWD"
		printf 'cat >"%s/sent/$n.eml"\nexit ${FAKE_STATUS:-0}\n' "$PWD"
	} >fake-sendmail
	chmod 755 fake-sendmail
	run "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/fake-sendmail -t -i" <m1.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q ' 1 done .*adjudicated step 1;' games/judge.log
	[ -z "$(ls out/new)" ]
	[ "$(ls sent | wc -l)" -eq 2 ]
	printf -- '-t\n-i\n' | cmp - sent/0.args
	grep -q '^To: player@example.org' sent/0.eml
	# (from the game's own address: judge-route.bats)
	grep -q "^From: judge+$(basename "$G" | cut -c1-8)@example.org" \
		sent/0.eml
	# the game file attached is the one the judge keeps (a game that
	# hides nothing: the report and the game file)
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
for p in m.iter_attachments():
    if p.get_filename() == sys.argv[2]:
        sys.stdout.write(p.get_content())' sent/0.eml "$(basename "$G")" \
		>attached.yaml
	# (the judge keeps it with room after its state: umpire(1), FILES)
	awk '/^state:$/ { s = 1 } /^steps:$/ { s = 0 }
		s && (/^#/ || /^ *$/) { next } s { sub(/ +$/, "") } { print }' \
		"$G" | cmp attached.yaml -
	# a letter the command refuses (exit 1) stays in the spool, the log
	# says so, and the message is dealt with (exit 0): here the reason
	# sent back for other orders for step 1, now out of date; the next
	# run sends it
	other_orders "north 1 south 0 center 6" late.yaml
	as player mail late.yaml --to referee -o late.eml
	cp "$G" after.yaml
	run env FAKE_STATUS=1 "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/fake-sendmail -t -i" <late.eml
	[ "$status" -eq 0 ]
	grep -q ' refused.*a letter not sent .*kept as spool/' games/judge.log
	spooled=$(ls games/spool/*.eml)
	cmp sent/2.eml "$spooled"
	grep -q '^To: player@example.org' "$spooled"
	[ -z "$(ls games/failed)" ]
	cmp "$G" after.yaml
	# the next run (here a message with nothing in it) sends it
	printf 'From: x@example.org\nSubject: hi\n\nhello\n' >hello.eml
	run "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/fake-sendmail -t -i" <hello.eml
	[ "$status" -eq 0 ]
	cmp sent/4.eml sent/2.eml
	[ -z "$(ls games/spool)" ]
}

@test "judge: the game's lock: two orders for one step at once, one adjudicated, the other answered" {
	hostile_setup
	other_orders "north 1 south 0 center 6" signed2.yaml
	as player mail signed2.yaml --to referee -o m2.eml
	lock=games/$(basename "$G" .yaml).lock
	# hold the game's lock (flock(1): the judge's flock(2)) while two
	# judges get the two messages; let go of it at the latest after 30 s
	touch hold
	flock "$lock" sh -c 'touch held; i=0
		while [ -e hold ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done' \
		3>&- &
	holder=$!
	for i in $(seq 1 300); do [ ! -e held ] || break; sleep 0.1; done
	[ -e held ]
	"$UMPIRE" judge --config judge.ini --outbox out <m1.eml \
		>j1.out 2>&1 3>&- &
	j1=$!
	"$UMPIRE" judge --config judge.ini --outbox out <m2.eml \
		>j2.out 2>&1 3>&- &
	j2=$!
	sleep 1
	# both wait for it: the game untouched, nothing logged or mailed
	cmp "$G" before.yaml
	[ "$(grep -c " $(basename "$G" .yaml) 1 " games/judge.log)" -eq 0 ]
	[ -z "$(ls out/new)" ]
	rm hold
	wait "$holder"
	wait "$j1"
	wait "$j2"
	# one after the other: the first adjudicated; the second's orders
	# name a step that is gone, refused with the reason sent back
	cat games/judge.log
	[ "$(grep -c ' 1 done .*adjudicated step 1;' games/judge.log)" -eq 1 ]
	[ "$(grep -c ' done .*orders of player refused.*answered to player' \
		games/judge.log)" -eq 1 ]
	[ -z "$(ls games/failed)" ]
	[ "$(ls out/new | wc -l)" -eq 2 ]
	run "$UMPIRE" audit "$G"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has ", 1 steps,"
}

@test "judge: refused sealed orders are answered sealed to their signer; nothing of them in clear" {
	local vg=$UMPIRE
	plain_binary    # the joins; the refusal below is the test's binary's
	judge_setup german soviet
	owner_game russo-german-war german soviet
	SIDES="german soviet" play 1
	post
	UMPIRE=$vg
	f=$(grep -l 'filename=.*\.view' mbox/*/*.umpire | head -1)
	s=$(basename "$(dirname "$f")")
	as "$s" orders "$f" -o o.yaml
	sed -i '0,/^- \([a-z-]*\): ".*"$/s//- \1: "surrender"/' o.yaml
	grep -q '"surrender"' o.yaml
	# signed without the check, sealed to the judge
	as "$s" sign o.yaml --seal judge.pub -o signed.yaml 2>/dev/null
	head -1 signed.yaml | grep -q '^umpire: sealed-orders/'
	as "$s" mail signed.yaml --to referee -o bad.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <bad.eml
	[ "$status" -eq 0 ]
	grep -q " done .*orders of $s refused.*answered to $s" games/judge.log
	[ "$(ls out/new | wc -l)" -eq 1 ]
	a=$(ls out/new/*)
	grep -q "^To: $s@example.org" "$a"
	grep -q '^Auto-Submitted: auto-replied' "$a"
	# the reason (it quotes the sealed answers) is sealed to the signer
	python3 "$BATS_TEST_DIRNAME/tools/clear-parts.py" "$a" "$s.key" \
		"$UMPIRE" games
	if grep -q 'surrender' "$a"; then false; fi
	if grep -qi 'legal answer' "$a"; then false; fi
	# opened with the view, whose referee key signed what is inside
	as "$s" open "$a" --view "$f" -o answer.yaml 2>open.err
	grep -q "signed by the referee of game $(basename "$(kept)" .yaml)" \
		open.err
	head -1 answer.yaml | grep -q '^umpire: refusal/'
	grep -q 'surrender' answer.yaml
	# and the other side hears nothing of it
	[ -z "$(grep -l "^To: " out/new/* | xargs grep -L "^To: $s@")" ]
}

@test "judge: a refused message sent again by anyone: at most 3 answers a step, all at the signer's own address" {
	hostile_setup
	other_orders "north 9 south 9 center 9" badsigned.yaml
	as player mail badsigned.yaml --to referee -o bad.eml
	# a stranger who saw it once sends it 100 times, as from himself,
	# with a Reply-To of his, and as from a role's name
	local i hdr bin
	for i in $(seq 1 100); do
		case $((i % 3)) in
		0) hdr="From: mallory@evil.example" ;;
		1) hdr="From: player" ;;
		2) hdr="From: x@example.org\nReply-To: mallory@evil.example" ;;
		esac
		{ printf "$hdr\nMessage-ID: <copy$i@evil.example>\n"
		  sed '/^From: /d' bad.eml; } >copy.eml
		# (memcheck, in the valgrind pass, on the first of each kind)
		if [ "$i" -le 3 ]; then bin=$UMPIRE; else bin=$UMPIRE_PLAIN; fi
		"$bin" judge --config judge.ini --outbox out <copy.eml \
			2>/dev/null || return 1
	done
	[ "$(ls out/new | wc -l)" -eq 3 ]
	for f in out/new/*; do
		[ "$(grep -c '^To:' "$f")" -eq 1 ]
		grep -q '^To: player@example.org$' "$f"
		if grep -qi 'mallory\|evil' "$f"; then false; fi
	done
	[ "$(grep -c 'not answered (player had 3 answers in this step)' \
		games/judge.log)" -eq 97 ]
	cmp "$G" before.yaml
}

@test "judge: an automatic message or a bounce is never answered" {
	hostile_setup
	other_orders "north 9 south 9 center 9" badsigned.yaml
	as player mail badsigned.yaml --to referee -o bad.eml
	{ printf 'Auto-Submitted: auto-replied\n'; cat bad.eml; } >auto.eml
	{ printf 'Return-Path: <>\n'; cat bad.eml; } >bounce.eml
	sed 's/^From: .*/From: MAILER-DAEMON@example.org/' bad.eml >daemon.eml
	for m in auto bounce daemon; do
		run "$UMPIRE" judge --config judge.ini --outbox out <"$m.eml"
		[ "$status" -eq 0 ]
	done
	[ -z "$(ls out/new)" ]
	[ "$(grep -c 'not answered (an automatic message or a bounce)' \
		games/judge.log)" -eq 3 ]
	# Auto-Submitted: no is a person's message
	{ printf 'Auto-Submitted: no\n'; cat bad.eml; } >person.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <person.eml
	[ "$(ls out/new | wc -l)" -eq 1 ]
}

@test "judge: a role's address is its join's, never the judge's config [addresses]" {
	judge_setup player
	# the judge's owner lists a player of another game under [addresses]
	printf '[addresses]\nplayer = first@example.org\n' >>judge.ini
	# this player joins without an address (none in his config)
	sed -i '/^address = /d' player.ini
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	if grep -q 'address' g.yaml; then false; fi
	as player mail g.yaml --to referee -o first.eml
	run "$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml
	[ "$status" -eq 0 ]
	# nothing to first@example.org: the game's letters (a hidden hand,
	# in another game) never go to an address this game did not give
	if grep -l 'first@example.org' out/new/* 2>/dev/null; then false; fi
	[ -z "$(ls out/new)" ]
	# and a side the judge could not mail is no side it takes
	grep -q ' dropped .*the join of player carries no mail address' \
		games/judge.log
	[ -z "$(ls games/*.yaml 2>/dev/null)" ]
}

@test "judge: a join with no address is refused: by umpire join in a game inviting the judge, else by the judge; joined again with one, it is taken" {
	judge_setup german soviet
	sed -i '/^address = /d' german.ini
	# the host's game invites the judge as referee, and soviet; german
	# is invited nowhere and has no address of his own
	"$UMPIRE" new russo-german-war -s judge.key --side german=german.pub \
		--side soviet=soviet.pub --referee judge.pub \
		--address referee=judge@example.org \
		--address soviet=soviet@example.org -o new.yaml 2>/dev/null
	run as german join new.yaml --side german -o j.yaml
	[ "$status" -eq 2 ]
	assert_output_has "invites its referee at judge@example.org"
	assert_output_has "this join of german carries none"
	assert_output_has "give --address ADDRESS"
	[ ! -e j.yaml ]
	# soviet's invitation is its address: its join needs none
	as soviet join new.yaml --side soviet -o s.yaml 2>/dev/null
	# a game that names no judge: umpire join cannot know, the judge
	# refuses the join, keeps it in failed/ and mails nothing
	"$UMPIRE" new russo-german-war -s judge.key --side german=german.pub \
		--side soviet=soviet.pub --referee judge.pub -o new2.yaml \
		2>/dev/null
	g=$(sed -n 's/^game: //p' new2.yaml)
	cp new2.yaml "games/$g.yaml"
	as german join new2.yaml --side german -o j2.yaml 2>/dev/null
	as german mail j2.yaml --to referee -o j2.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <j2.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q " $g join failed .*the join of german carries no mail address.*umpire join --side german --address ADDRESS" \
		games/judge.log || { cat games/judge.log; return 1; }
	grep -q 'carries no mail address' games/failed/*.why
	[ -z "$(ls out/new)" ]
	cmp "games/$g.yaml" new2.yaml
	# joined again with an address, the join is taken and mailed there
	as german join new2.yaml --side german --address german@example.org \
		-o j3.yaml 2>/dev/null
	as german mail j3.yaml --to referee -o j3.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <j3.eml
	[ "$status" -eq 0 ]
	grep -q " $g join done " games/judge.log
	if cmp -s "games/$g.yaml" new2.yaml; then false; fi
}

@test "judge: a side asks for its letter again (umpire ask): answered at its own address, a few times a step" {
	local vg=$UMPIRE
	plain_binary    # the play; the requests below are the test's binary's
	judge_setup german soviet
	owner_game russo-german-war german soviet
	SIDES="german soviet" play 2
	post
	UMPIRE=$vg
	f=$(grep -l 'filename=.*\.view' mbox/*/*.umpire | tail -1)
	s=$(basename "$(dirname "$f")")
	rm -f out/new/*
	# the side's request, made from the letter it got, mailed as is
	as "$s" ask "$f" -o ask.yaml
	head -1 ask.yaml | grep -qx 'umpire: request/2'
	grep -q '^nonce: [0-9a-f]\{32\}$' ask.yaml
	grep -qx "side: $s" ask.yaml
	as "$s" mail ask.yaml -o ask.eml
	sed -n '/^Subject:/{N;p;}' ask.eml | tr -d '\n' |
		grep -q "$s asks for its letter again"
	grep -q '^To: judge@example.org' ask.eml
	# the very message twice (the mail system's delivery after a
	# crash), then the same request in a message of its own: one
	# answer (the request's nonce is answered once); then three more
	# requests of the side's own: the step's bound
	for i in 1 2 3 4 5 6; do
		if [ "$i" -le 2 ]; then cp ask.eml ask$i.eml
		elif [ "$i" -eq 3 ]; then
			{ printf 'Message-ID: <ask%s@example.org>\n' "$i"
			  cat ask.eml; } >ask$i.eml
		else
			as "$s" ask "$f" -o ask$i.yaml
			as "$s" mail ask$i.yaml -o ask$i.eml
		fi
		run "$UMPIRE" judge --config judge.ini --outbox out <ask$i.eml
		[ "$status" -eq 0 ]
	done
	[ "$(ls out/new | wc -l)" -eq 3 ]
	[ "$(grep -c 'a copy of a request of .* seen before' games/judge.log)" -eq 2 ]
	for a in out/new/*; do
		grep -q "^To: $s@example.org" "$a"
		grep -q 'filename=.*\.view' "$a"
		python3 "$BATS_TEST_DIRNAME/tools/clear-parts.py" "$a" \
			"$s.key" "$UMPIRE" >/dev/null
	done
	# the view it gets is the game as it stands
	a=$(ls out/new/* | head -1)
	want=$(as "$s" status --brief "$(kept)")
	[ "$(as "$s" status --brief "$a")" = "$want" ]
	grep -q "had 3 answers to its requests in this step" games/judge.log
	# a request for that side signed by another key: refused, and the
	# side is not answered
	rm -f out/new/*
	other=german; [ "$s" = german ] && other=soviet
	sed -i 's/^answers_a_day.*//' judge.ini
	as "$other" ask "$(kept)" --side "$s" -o forged.yaml
	as "$other" mail forged.yaml -o forged.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <forged.eml
	[ "$status" -eq 0 ]
	grep -q 'a request must be signed by its side' games/judge.log
	if grep -l "^To: $s@" out/new/* 2>/dev/null; then false; fi
}

@test "judge: mutt's default reply to a letter (its view quoted, the orders attached) is taken as the orders" {
	judge_setup german soviet
	owner_game russo-german-war german soviet
	SIDES="german soviet" play 2
	post
	s=$(as german status --brief "$(kept)" | cut -d' ' -f2)
	f=$(grep -l 'filename=.*\.view' mbox/$s/*.umpire | tail -1)
	before=$(as "$s" status --brief "$(kept)")
	as "$s" orders "$f" -o o.yaml
	as "$s" sign o.yaml --game "$f" -o signed.yaml 2>/dev/null
	# what mutt (include=yes, the REAL-MAIL.md muttrc) writes for 'r':
	# the attribution, the letter's text and its view quoted with "> ",
	# a blank line between; the player's line, the orders attached
	python3 - "$f" >quoted.txt <<'PY'
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
texts = [p.get_content() for p in m.walk()
         if p.get_content_type() == "text/plain"]
print("On Fri, Nov 27, 2026 at 05:17:03PM +0000, judge@example.org wrote:")
for i, t in enumerate(texts):
    if i:
        print()
    for line in t.rstrip("\n").split("\n"):
        print(("> " + line).rstrip() if line else ">")
print("\nMy orders are attached.")
PY
	grep -q '^> umpire: sealed/' quoted.txt
	python3 "$BATS_TEST_DIRNAME/tools/mkclient.py" mutt attach --reply \
		quoted.txt signed.yaml |
		sed "s/^From: .*/From: $s <$s@example.org>/" >reply.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <reply.eml
	[ "$status" -eq 0 ]
	tail -1 games/judge.log | grep -q ' done .*adjudicated step' ||
		{ tail -1 games/judge.log; false; }
	[ "$(as "$s" status --brief "$(kept)")" != "$before" ]
	# the same orders pasted below the quoted letter: taken as well (the
	# step is taken already: a replay now)
	{ cat quoted.txt; echo; cat signed.yaml; } >pasted.txt
	python3 "$BATS_TEST_DIRNAME/tools/mkclient.py" mutt body --reply \
		pasted.txt | sed "s/^From: .*/From: $s <$s@example.org>/" >p.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <p.eml
	tail -1 games/judge.log | grep -q "replay: these orders of $s"
}

@test "judge: failed/ keeps at most failed_max messages, the oldest out, and the log says so" {
	hostile_setup
	printf 'failed_max = 2\n' >>judge.ini
	local i bin
	for i in 1 2 3 4; do
		{ printf 'Message-ID: <join%d@example.org>\n' "$i"
		  second_join "$i"; } >join$i.eml
		if [ "$i" = 4 ]; then bin=$UMPIRE; else bin=$UMPIRE_PLAIN; fi
		run "$bin" judge --config judge.ini --outbox out <join$i.eml
		[ "$status" -eq 0 ]
		sleep 1     # failed/'s names begin with the time taken
	done
	[ "$(ls games/failed | grep -vc '\.why$')" -eq 2 ]
	[ "$(ls games/failed | grep -c '\.why$')" -eq 2 ]
	[ "$(grep -c 'failed/ full (at most 2 messages' games/judge.log)" -eq 2 ]
	# the two kept are the latest two
	cat games/failed/*[!y] | grep -q 'join4@example.org'
	cat games/failed/*[!y] | grep -q 'join3@example.org'
	if cat games/failed/*[!y] | grep -q 'join1@example.org'; then false; fi
}

@test "judge: a stranger's 10 MB message of 200,000 tiny parts costs under 32 MiB and leaves nothing" {
	hostile_setup
	rm -f before.yaml
	python3 - <<'PY' >parts.eml
import sys
w = sys.stdout.write
w("From: x@example.org\nTo: judge@example.org\nSubject: parts\n")
w("MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n")
part = "--b\nContent-Type: text/plain\n\nxxxxxxxxxxxxxxxxxxxx\n"
n = 200000
w(part * n)
w("--b--\n")
PY
	[ "$(wc -c <parts.eml)" -gt 10000000 ]
	# (the plain binary: memory is what it measures, not valgrind's)
	run /usr/bin/time -f '%M' -o rss "$UMPIRE_PLAIN" judge \
		--config judge.ini --outbox out <parts.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "peak RSS: $(cat rss) KiB"
	[ "$(cat rss)" -le $((32 * 1024)) ]
	grep -q ' dropped ' games/judge.log
	[ -z "$(ls games/failed)" ]
	[ -z "$(ls out/new)" ]
	# a message over the judge's limit is read to its end, never held
	# whole: 40 MB cost no more
	{ cat parts.eml parts.eml parts.eml parts.eml parts.eml; } >big.eml
	run /usr/bin/time -f '%M' -o rss "$UMPIRE_PLAIN" judge \
		--config judge.ini --outbox out <big.eml
	[ "$status" -eq 0 ]
	echo "peak RSS: $(cat rss) KiB"
	[ "$(cat rss)" -le $((32 * 1024)) ]
	grep -q 'too large' games/judge.log
}

# A --maildir run holds the message it took (flock(2) on it) until it is
# flagged S: a message in cur/ without the S flag that a live run holds
# is that run's, one nobody holds was left by a run that died and is
# taken again, once; --status and --check name it until then.
@test "judge --maildir: a message a live run holds is left to it; one a dead run left in cur/ is taken again, and named by --status and --check" {
	command -v flock >/dev/null || skip "flock(1) is not installed"
	hostile_setup
	printf 'maildir = %s/maildir\n' "$PWD" >>judge.ini
	# what a run killed after taking m1, before its step, leaves
	cp m1.eml "maildir/cur/m1:2,"
	# a live run holding it (flock(1) holds the lock as a run does)
	flock -o "maildir/cur/m1:2," sh -c 'echo $$ >held; exec sleep 60' \
		>/dev/null 2>&1 3>&- &
	local holder=$!
	for i in $(seq 1 100); do [ -s held ] && break; sleep 0.05; done
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ]
	[[ "$output" != *"m1:2,"* ]]
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	assert_output_has "maildir   ok: messages come from the Maildir $PWD/maildir; none left"
	run "$UMPIRE" judge --config judge.ini --outbox out --maildir maildir
	[ "$status" -eq 0 ]
	[ -f "maildir/cur/m1:2," ]
	cmp "$G" before.yaml
	# the holder dies
	kill "$holder" "$(cat held)"
	wait "$holder" || true
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ]
	assert_output_has "maildir  $PWD/maildir/cur/m1:2,: taken by a judge that died before it was done"
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -eq 1 ]
	assert_output_has "maildir   FIX: 1 message taken by a judge that died before it was done (in cur/ without the S flag): $PWD/maildir/cur/m1:2,; the next umpire judge --maildir $PWD/maildir, or --tick, takes it again"
	# --maildir on the command line names it too
	run "$UMPIRE" judge --games games --maildir maildir --status
	assert_output_has "maildir/cur/m1:2,: taken by a judge that died"
	# the next run takes it, once
	run "$UMPIRE" judge --config judge.ini --outbox out --maildir maildir
	[ "$status" -eq 0 ]
	[ "$(ls maildir/cur)" = "m1:2,S" ]
	grep -q ' 1 done m1 .*adjudicated step 1;.*; taken again: a judge that died had taken it' \
		games/judge.log
	! cmp -s "$G" before.yaml || false
	run "$UMPIRE" judge --config judge.ini --outbox out --maildir maildir
	[ "$status" -eq 0 ]
	[ "$(grep -c ' done m1 ' games/judge.log)" -eq 1 ]
	run "$UMPIRE" judge --config judge.ini --status
	[[ "$output" != *"maildir "* ]]
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -eq 0 ]
}
