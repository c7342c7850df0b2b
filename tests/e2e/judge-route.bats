#!/usr/bin/env bats
# Many judges behind one mail system (umpire(1), JUDGE): each game's
# letters come from its own address, judge+ID8@example.org ([judge]
# recipient_delimiter, "+" by default), which the players' mail then
# goes to; a message delivered to such an address (--recipient,
# local(8)'s ORIGINAL_RECIPIENT, LMTP's RCPT TO) is that game's: a
# short id no game kept here has is a stranger's, dropped unread, a file
# of another game kept here in it is taken for its own game, and one of
# a game not kept here refused. --lmtp inet:HOST:PORT serves
# LMTP over TCP, for a mail system on another host.

load helpers
load judge-helpers

setup() {
	umpire_setup
	cd "$BATS_TEST_TMPDIR"
	SERVER=
}

teardown() {
	if [ -n "$SERVER" ]; then
		kill -9 "$SERVER" 2>/dev/null || true
	fi
}

# The game kept's short id.
id8() {
	basename "$G" | cut -c1-8
}

@test "judge: a game's letters come from its own address, its referee joined at it, umpire mail sends there" {
	hostile_setup
	i=$(id8)
	letter=$(ls mbox/player/*.umpire | head -1)
	grep -q "^From: judge+$i@example.org" "$letter" ||
		{ sed -n '1,/^$/p' "$letter"; false; }
	grep -q "^Reply-To: judge+$i@example.org" "$letter"
	# the game file names it: every tool mails the game's judge there
	grep -q "address: judge+$i@example.org" "$G"
	grep -q "^To: judge+$i@example.org" m1.eml
}

@test "judge: sendmail's envelope sender is the game's address: its bounces reach the host that keeps it" {
	hostile_setup
	mkdir bin sent
	{
		printf '#!/bin/sh\nprintf "%%s\\n" "$@" >>"%s/sent/args"\n' "$PWD"
		printf 'cat >/dev/null\n'
	} >bin/sendmail
	chmod 755 bin/sendmail
	run "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/bin/sendmail -t -i" <m1.eml
	[ "$status" -eq 0 ]
	grep -qx -- "-f" sent/args
	grep -qx "judge+$(id8)@example.org" sent/args ||
		{ cat sent/args; false; }
}

@test "new: a game made with the judge's config has its referee join at the game's address; a player's config: its own" {
	judge_setup player
	as judge new arnswalde-1945 --side player=player.pub \
		--referee judge.pub -o new.yaml 2>/dev/null
	G=new.yaml
	id8() { sed -n 's/^game: //p' new.yaml | cut -c1-8; }
	grep -q "address: judge+$(id8)@example.org" "$G"
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub -o p.yaml 2>/dev/null
	grep -q "address: player@example.org" p.yaml
	! grep -q "address: player+" p.yaml
}

@test "mail --to referee: the game's address for its referee, over the config's [addresses]" {
	judge_setup player
	as judge new arnswalde-1945 --side player=player.pub \
		--referee judge.pub -o new.yaml 2>/dev/null
	i=$(sed -n 's/^game: //p' new.yaml | cut -c1-8)
	as player join new.yaml --side player -o joined.yaml 2>/dev/null
	as player mail joined.yaml --to referee -o j.eml
	grep -q "^To: judge+$i@example.org" j.eml
}

@test "judge: recipient_delimiter empty: the judge's own address, in Reply-To too" {
	judge_setup player
	printf 'recipient_delimiter =\n' >>judge.ini
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml
	letter=$(ls out/new/* | head -1)
	grep -q "^From: judge@example.org" "$letter"
	# (Reply-To as ever, for a relay that rewrites From: route.c)
	grep -qx "Reply-To: judge@example.org" "$letter"
	! grep -q "^\(From\|Reply-To\): judge+" "$letter" || false
	grep -q "address: judge@example.org" games/*.yaml
}

@test "judge: recipient_delimiter that is no delimiter is refused, naming the key" {
	judge_setup
	printf 'recipient_delimiter = x\n' >>judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out </dev/null
	[ "$status" -ne 0 ]
	assert_output_has "recipient_delimiter = x: give"
}

@test "judge --recipient: the game's address takes its orders" {
	hostile_setup
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient "judge+$(id8)@example.org" <m1.eml
	[ "$status" -eq 0 ]
	grep -q ' 1 done .*adjudicated step 1' games/judge.log
}

@test "judge --recipient: a short id no game kept here has: dropped unread, the player's own orders too, a huge body as cheaply" {
	hostile_setup
	: >games/judge.log
	# valid orders of the game kept: not read (else a step)
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient judge+deadbeef@example.org <m1.eml
	[ "$status" -eq 0 ]
	grep -q ' dropped .*addressed to game deadbeef.*not read' \
		games/judge.log
	# over the read limit, garbage that would be parsed for a file: the
	# same line, not "too large"
	{
		printf 'From: x@example.org\nSubject: [umpire %s]\n' "$(id8)"
		printf 'Content-Transfer-Encoding: base64\n\numpire: orders/1\n'
		head -c 3000000 /dev/urandom | base64
	} >huge.eml
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient '"Judge" <judge+0badf00d@example.org>' <huge.eml
	[ "$status" -eq 0 ]
	grep -q ' dropped .*([0-9]* bytes): addressed to game 0badf00d' \
		games/judge.log
	! grep -q 'too large' games/judge.log || false
	[ "$(wc -l <games/judge.log)" -eq 2 ]
	[ -z "$(ls games/failed)" ]
	[ -z "$(ls out/new)" ]
	cmp "$G" before.yaml
}

@test "judge: local(8)'s ORIGINAL_RECIPIENT routes as --recipient does; another local part or no extension: read for its game" {
	hostile_setup
	ORIGINAL_RECIPIENT=judge+deadbeef@example.org run "$UMPIRE" judge \
		--config judge.ini --outbox out <m1.eml
	[ "$status" -eq 0 ]
	grep -q 'addressed to game deadbeef' games/judge.log
	cmp "$G" before.yaml
	# someone else's extension is not the judge's game address
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient postmaster+deadbeef@example.org <m1.eml
	[ "$status" -eq 0 ]
	grep -q ' 1 done .*adjudicated step 1' games/judge.log
}

@test "judge --recipient: a party's orders for its game mailed to another game's address are taken for their own game" {
	hostile_setup
	owner_game arnswalde-1945 player
	other=$(ls games/*.yaml | grep -v "$(basename "$G")" | head -1)
	o8=$(basename "$other" | cut -c1-8)
	cp "$other" other-before.yaml
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient "judge+$o8@example.org" <m1.eml
	[ "$status" -eq 0 ]
	grep -q "$(basename "$G" .yaml) 1 done .*adjudicated step 1" \
		games/judge.log || { cat games/judge.log; false; }
	grep -q "orders file of game $(basename "$G" | cut -c1-8) in a message to the address of game $o8: taken for its own game" \
		games/judge.log
	cmp "$other" other-before.yaml
	[ -z "$(ls games/failed)" ]
	# a file of a game not kept here, at a kept game's address: refused
	# as one not kept here, unanswered
	rm -f out/new/*
	sed "s/^game: .*/game: 0123456789abcdef0123456789abcdef/" o.yaml \
		>stray.yaml
	{ printf 'From: player@example.org\nSubject: orders\n\n'
	  cat stray.yaml; } >stray.eml
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient "judge+$o8@example.org" <stray.eml
	[ "$status" -eq 0 ]
	grep -q "of game 0123456789abcdef0123456789abcdef in a message to the address of game $o8" \
		games/judge.log || { cat games/judge.log; false; }
	[ -z "$(ls out/new)" ]
}

@test "judge --recipient is for a message on stdin" {
	judge_setup
	run timeout 10 "$UMPIRE" judge --config judge.ini --lmtp j.sock \
		--recipient judge+deadbeef@example.org
	[ "$status" -eq 2 ]
	assert_output_has "--recipient ADDRESS"
}

# A free TCP port on 127.0.0.1.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

@test "judge --lmtp inet:HOST:PORT: over TCP, each recipient routed by its address, a 250 each" {
	hostile_setup
	port=$(free_port)
	"$UMPIRE" judge --config judge.ini --outbox out \
		--lmtp "inet:127.0.0.1:$port" 2>>judge.err &
	SERVER=$!
	for i in $(seq 1 100); do
		printf 'QUIT\r\n' | $CLIENT "inet:127.0.0.1:$port" --raw \
			--wait 2 2>/dev/null | grep -q '^221' && break
		sleep 0.1
	done
	: >games/judge.log
	run $CLIENT "inet:127.0.0.1:$port" m1.eml \
		--to judge+deadbeef@example.org \
		--to "judge+$(id8)@example.org" \
		--to "JUDGE+$(id8)@example.org"
	echo "$output"
	assert_output_has "m1.eml 250 250 250"
	# once for the stranger's address, once for the game's
	[ "$(wc -l <games/judge.log)" -eq 2 ]
	grep -q 'addressed to game deadbeef' games/judge.log
	grep -q ' 1 done .*adjudicated step 1' games/judge.log
	# nothing public unless told: the port is 127.0.0.1's alone
	ss -ltn 2>/dev/null | grep -q "127.0.0.1:$port" ||
		! command -v ss >/dev/null || false
	kill -TERM "$SERVER"
	wait "$SERVER"
	SERVER=
}

@test "judge --lmtp inet: a spec without a port is refused, saying the form" {
	judge_setup
	run timeout 10 "$UMPIRE" judge --config judge.ini --lmtp inet:127.0.0.1
	[ "$status" -eq 2 ]
	assert_output_has "inet:HOST:PORT"
}

@test "judge --postfix --lmtp inet:HOST:PORT: the map line routes the judge's address over umpire:inet:, lmtp(8) as the transport umpire" {
	judge_setup
	run "$UMPIRE" judge --postfix judge@example.org \
		--lmtp inet:10.0.0.12:2424 --config judge.ini
	[ "$status" -eq 0 ]
	assert_output_has "'judge@example.org umpire:inet:10.0.0.12:2424'"
}

# Sides $@ mail with `umpire mail --send` through a fake sendmail that
# keeps each message in sent/.
fake_sendmail() {
	mkdir -p bin sent
	printf '#!/bin/sh\ncat >"%s/sent/$(date +%%s%%N).eml"\n' "$PWD" \
		>bin/sendmail
	chmod 755 bin/sendmail
	local s
	for s; do
		sed -i "s|^address = .*|&\nsendmail = $PWD/bin/sendmail -t -i|" \
			"$s.ini"
	done
}

# Player $1 (side $2) follows letter $3 as it prints: its attachment
# saved, each command it prints run as printed (SIDE its side); then
# the one message it sent, moved to the judge at the address it was
# sent to (--recipient, as the mail system delivers it).
follow() {
	local sent
	rm -f sent/*
	follow_printed "$@" || return 1
	sent=$(ls sent/*)
	[ "$(echo "$sent" | wc -l)" -eq 1 ] || { echo "sent: $sent"; return 1; }
	TO=$(sed -n 's/^To: //p' "$sent")
	"$UMPIRE" judge --config judge.ini --outbox out --recipient "$TO" \
		<"$sent" 2>>judge.err
}

# A Race to the Reichstag game made by the host (the judge's config: its
# referee joined at the game's address), kept, its invitation inv.eml
# as the host mails it; the judge's address JUDGE_AS if set.
host_game() {
	judge_setup alice bob
	# the judge's address as written in its config (JUDGE_AS)
	[ -z "${JUDGE_AS:-}" ] ||
		sed -i "s|^address = .*|address = $JUDGE_AS|" judge.ini
	fake_sendmail alice bob
	as judge new race-to-the-reichstag --side 1bf=alice.pub \
		--side 1uf=bob.pub --referee judge.pub \
		--address 1bf=alice@example.org --address 1uf=bob@example.org \
		-o g.yaml 2>/dev/null
	G=$(sed -n 's/^game: //p' g.yaml)
	cp g.yaml "games/$G.yaml"
	as judge mail g.yaml -o inv.eml
}

@test "judge: a host's game joined as its invitation prints: --send, each join to the game's own address" {
	host_game
	python3 "$BATS_TEST_DIRNAME/tools/printed.py" inv.eml >printed
	grep -qx 'umpire mail joined.yaml --send' printed ||
		{ cat printed; false; }
	# it names where the join goes: the game's own address
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(" ".join(m.get_body(("plain",)).get_content().split()))' inv.eml |
		grep -q "referee at judge+${G:0:8}@example.org:"
	follow alice 1bf inv.eml
	[ "$TO" = "judge+${G:0:8}@example.org" ]
	follow bob 1uf inv.eml
	[ "$TO" = "judge+${G:0:8}@example.org" ]
	[ "$(grep -c " $G join done .* join(s) taken" games/judge.log)" -eq 2 ] ||
		{ cat games/judge.log; false; }
	grep -q " $G join done .*all roles joined" games/judge.log
}

@test "judge: the host's invitation, the judge's address with a display name, followed as printed: the join completing the game goes to the game's address, not refused" {
	# a display name: the command prints the address alone
	JUDGE_AS='Judge <judge@example.org>' host_game
	python3 "$BATS_TEST_DIRNAME/tools/printed.py" inv.eml >printed
	grep -qx 'umpire mail joined.yaml --send' printed ||
		{ cat printed; false; }
	follow alice 1bf inv.eml
	# the host's mail invited every side: the judge invites nobody again
	! grep -ls '^To: bob@example.org' out/new/* ||
		{ cat games/judge.log; false; }
	follow bob 1uf inv.eml
	[ "$TO" = "judge+${G:0:8}@example.org" ]
	grep -q " $G join done .*all roles joined" games/judge.log ||
		{ cat games/judge.log judge.err; false; }
}

# Judge host $1 (A or B) of one club ([judge] club = yes): its games
# and state directories, its outbox, the club's key and address
# (judge.ini's).
host() {
	mkdir -p "$1/games" "$1/state" "$1/out/tmp" "$1/out/new" "$1/out/cur"
	chmod 700 "$1/games"
	sed "s|^games = .*|games = $PWD/$1/games\nclub = yes|" judge.ini \
		>"$1/judge.ini"
}

# Host $1 gets message $2 delivered to address $3.
host_gets() {
	XDG_STATE_HOME=$PWD/$1/state "$UMPIRE" judge --config "$1/judge.ini" \
		--outbox "$1/out" --accept-new --recipient "$3" <"$2" \
		2>>"$1.err"
}

@test "judge hosts: a join sent to the judge's plain address for a game another host keeps: forwarded unchanged to the game's address, once, unanswered" {
	host_game
	host A
	host B
	mv "games/$G.yaml" B/games/
	i=${G:0:8}
	as alice join g.yaml --side 1bf -o joined.yaml 2>/dev/null
	as alice mail joined.yaml --to judge@example.org -o plain.eml
	# a judge that is no club's host ([judge] club unset) forwards
	# nothing: the game is unknown there, as ever
	XDG_STATE_HOME=$PWD/A/state "$UMPIRE" judge --config judge.ini \
		--outbox A/out --recipient judge@example.org <plain.eml
	grep -q " $G join dropped .*unknown game $G (a new game" \
		games/judge.log
	[ -z "$(ls A/out/new)" ]
	host_gets A plain.eml judge@example.org
	grep -q " $G join dropped .*forwarded to its address judge+$i@example.org" \
		A/games/judge.log || { cat A/games/judge.log A.err; false; }
	# the one letter A sent: the message as it came, resent to the
	# game's address
	[ "$(ls A/out/new | wc -l)" -eq 1 ]
	fw=$(ls A/out/new/*)
	grep -qx "Resent-To: judge+$i@example.org" "$fw"
	grep -qx "Resent-From: judge@example.org" "$fw"
	[ "$(sed '1,/^Resent-Message-ID:/d' "$fw" | cmp - plain.eml && echo same)" = same ]
	[ -z "$(ls A/games/*.yaml 2>/dev/null)" ]
	# the mail system delivers it to B, which keeps the game: taken
	host_gets B "$fw" "judge+$i@example.org"
	grep -q " $G join done .*1 join(s) taken" B/games/judge.log ||
		{ cat B/games/judge.log B.err; false; }
	# a forward that comes back to a plain address is not forwarded
	# again, nor answered
	mv "$fw" fw.eml
	host_gets A fw.eml judge@example.org
	[ -z "$(ls A/out/new)" ]
	# nor taken as a new game (--accept-new): the club's game is B's
	[ -z "$(ls A/games/*.yaml 2>/dev/null)" ]
	grep -q " $G join dropped .*made for a host of this judge" \
		A/games/judge.log
	[ "$(grep -c forwarded A/games/judge.log)" -eq 1 ]
}

@test "judge hosts: a stranger's file naming a game kept nowhere: forwarded at most once, dropped unread at the game's address" {
	host_game
	host A
	# unsigned: not forwarded
	{
		printf 'From: x@example.org\nTo: judge@example.org\n'
		printf 'Subject: orders\n\numpire: orders/1\n'
		printf 'game: %s\nside: 1bf\nstep: 1\norders: []\n' "$G"
	} >unsigned.eml
	host_gets A unsigned.eml judge@example.org
	[ -z "$(ls A/out/new)" ]
	! grep -q forwarded A/games/judge.log || false
	# a join of a game no host keeps: forwarded once, and at the
	# game's address (the mail system's default host again) dropped
	# before it is read
	as alice join g.yaml --side 1bf -o joined.yaml 2>/dev/null
	as alice mail joined.yaml --to judge@example.org -o plain.eml
	host_gets A plain.eml judge@example.org
	mv A/out/new/* fw.eml
	host_gets A fw.eml "judge+${G:0:8}@example.org"
	grep -q "addressed to game ${G:0:8}.*not read" A/games/judge.log
	[ -z "$(ls A/out/new)" ]
	[ "$(grep -c forwarded A/games/judge.log)" -eq 1 ]
}

@test "judge hosts: orders sent to the plain address after their game moved: forwarded to the game's host, taken there" {
	host_game
	host A
	host B
	i=${G:0:8}
	mv "games/$G.yaml" A/games/
	for s in alice:1bf bob:1uf; do
		as "${s%:*}" join g.yaml --side "${s#*:}" -o j.yaml 2>/dev/null
		as "${s%:*}" mail j.yaml -o j.eml
		host_gets A j.eml "judge+$i@example.org"
	done
	grep -q "all roles joined" A/games/judge.log ||
		{ cat A/games/judge.log A.err; false; }
	letter=$(grep -l "^To: alice@example.org" A/out/new/* | tail -1)
	# the game moves to B (umpire-judge(8)'s recipe: its files, its state)
	for f in A/games/"$G".*; do
		[ "${f##*.}" = lock ] || mv "$f" B/games/
	done
	cp -a A/state/. B/state/
	# Alice's orders, mailed to the judge's plain address: the mail
	# system's default host, A
	as alice orders "$letter" -o o.yaml
	as alice sign o.yaml --game "$letter" -o signed.yaml 2>/dev/null
	as alice mail signed.yaml --to judge@example.org -o o.eml
	rm A/out/new/*
	host_gets A o.eml judge@example.org
	grep -q " $G .*forwarded to its address judge+$i@example.org" \
		A/games/judge.log || { cat A/games/judge.log; false; }
	fw=$(ls A/out/new/*)
	host_gets B "$fw" "judge+$i@example.org"
	grep -q " $G 1 done .*adjudicated step 1" B/games/judge.log ||
		{ cat B/games/judge.log B.err; false; }
}

@test "judge --index DIR --host NAME: one page of every game of the club's hosts, each host's rows merged, nothing hidden" {
	judge_setup alice bob
	host A
	host B
	for h in A B; do
		as judge new arnswalde-1945 --side player=alice.pub \
			--referee judge.pub -o g.yaml 2>/dev/null
		id=$(sed -n 's/^game: //p' g.yaml)
		mv g.yaml "$h/games/$id.yaml"
		eval "ID$h=$id"
	done
	"$UMPIRE" judge --config A/judge.ini --index www --host judge-a
	"$UMPIRE" judge --config B/judge.ini --index www --host judge-b
	# each host's rows, and the page: both hosts' games, by game
	[ "$(grep -c '^<tr>' www/games-judge-a.rows)" -eq 1 ]
	[ "$(grep -c '^<tr>' www/games-judge-b.rows)" -eq 1 ]
	grep -q "<code>$IDA</code></td><td>judge-a</td>" www/index.html
	grep -q "<code>$IDB</code></td><td>judge-b</td>" www/index.html
	[ "$(grep -c '^<tr><td><code>' www/index.html)" -eq 2 ]
	# A writes its page again: B's games stay on it
	"$UMPIRE" judge --config A/judge.ini --index www --host judge-a
	grep -q "<code>$IDB</code>" www/index.html
	# what is no row in a rows file is not on the page
	printf '<script>alert(1)</script>\n<tr><td>x</td></tr>\n' \
		>www/games-junk.rows
	"$UMPIRE" judge --config A/judge.ini --index www --host judge-a
	! grep -q 'script' www/index.html || false
	[ "$(grep -c '^<tr><td><code>' www/index.html)" -eq 2 ]
	# a host's name is a file name's part: no path
	run "$UMPIRE" judge --config A/judge.ini --index www --host ../x
	[ "$status" -eq 2 ]
	assert_output_has "--host ../x: a host's name"
	# as a browser shows it: every game's row there, none hidden
	local bin
	bin=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	run python3 "$BATS_TEST_DIRNAME/cdp.py" "$bin" "file://$PWD/www/index.html" \
		'[...document.querySelectorAll("tr")].slice(1).map(r =>
		  r.offsetHeight > 0 && r.getBoundingClientRect().right <= innerWidth
		  ? r.cells[0].textContent + " " + r.cells[1].textContent : "hidden").join(",")'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "\"$(printf '%s\n' "$IDA judge-a" "$IDB judge-b" | sort | paste -sd,)\"" ]
}

@test "judge hosts: a forward sendmail will not take: exit 75, the mail system delivers the message again" {
	host_game
	host A
	as alice join g.yaml --side 1bf -o joined.yaml 2>/dev/null
	as alice mail joined.yaml --to judge@example.org -o plain.eml
	run env XDG_STATE_HOME="$PWD/A/state" "$UMPIRE" judge \
		--config A/judge.ini --sendmail /bin/false \
		--recipient judge@example.org <plain.eml
	[ "$status" -eq 75 ] || { echo "$output"; false; }
	! grep -q forwarded A/games/judge.log
}

@test "judge: [judge] club = yes: signed orders (their signature armored below) for a game not kept here forwarded; club takes yes or no" {
	hostile_setup
	rm "$G" games/*.lock
	sed -i 's|^games = .*|&\nclub = yes|' judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out \
		--recipient judge@example.org <m1.eml
	[ "$status" -eq 0 ]
	grep -q " dropped .*a file (orders) of game .*forwarded to its address judge+" \
		games/judge.log || { cat games/judge.log; false; }
	[ "$(ls out/new | wc -l)" -eq 1 ]
	sed -i 's|^club = yes|club = maybe|' judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out <m1.eml
	[ "$status" -ne 0 ]
	assert_output_has "[judge] club = maybe: give yes"
}
