#!/usr/bin/env bats
# Many judges behind one mail system (umpire-judge(8), MANY JUDGES
# BEHIND ONE MAIL SYSTEM): the private postfix of mta.bash in front of two
# judge back ends, each `umpire judge --lmtp inet:127.0.0.1:PORT` with
# a games directory and a state directory of its own and the same key,
# as two hosts would be. A regexp transport map routes each game's own
# address, judge+ID8@example.org, to the back end that keeps it, the
# judge's plain address to back end A. Two games, one on each; then
# game 1 moves from A to B mid-play as umpire-judge(8) says (its mail
# held by postfix, its files moved, its map line changed) and is played
# on B.
# Every letter counted: nothing lost, nothing twice. A game made for B
# by the host is joined from the host's invitation as printed, and
# moved to A mid-play while orders go to its address and the judge's
# plain one (forwarded by the host that does not keep it).
#
# Where postfix cannot run (not root, not installed) every test skips
# and says why; `make check-mail` runs tests/mail.

load ../e2e/helpers
load ../e2e/judge-helpers
load mta

setup_file() {
	umpire_setup_file
	export MTA_HOME
	MTA_HOME=$(mta_dir)
	if mta_start "$MTA_HOME" 2>"$BATS_FILE_TMPDIR/mta-why"; then
		export MTA_DIR MTA_CONF MTA_SENDMAIL
		printf '%s\n' 'lmtp      unix  -       -       n       -       -       lmtp' \
			>>"$MTA_CONF/master.cf"
		printf 'transport_maps = regexp:%s/transport.re\n' \
			"$MTA_CONF" >>"$MTA_CONF/main.cf"
		: >"$MTA_CONF/transport.re"
		postfix -c "$MTA_CONF" reload >/dev/null 2>&1
	else
		export MTA_SKIP
		MTA_SKIP="no private MTA here: $(cat "$BATS_FILE_TMPDIR/mta-why")"
	fi
}

teardown_file() {
	mta_stop
	[ -z "${MTA_HOME:-}" ] || rm -rf "$MTA_HOME"
}

setup() {
	umpire_setup
	[ -z "${MTA_SKIP:-}" ] || skip "$MTA_SKIP"
	cd "$BATS_TEST_TMPDIR"
	PIDS=
}

teardown() {
	local p
	for p in $PIDS; do
		kill -9 "$p" 2>/dev/null || true
	done
}

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Back end $1 (A or B): its games, its state (the key's record, its
# checkpoints), its config (one of a club's hosts: [judge] club); the
# judge's key shared.
backend() {
	mkdir -p "$1/games" "$1/state"
	chmod 700 "$1/games"
	sed "s|^games = .*|games = $PWD/$1/games\nclub = yes|" judge.ini \
		>"$1/judge.ini"
}

# Back end $1 serving LMTP on 127.0.0.1:$2.
serve() {
	XDG_STATE_HOME=$PWD/$1/state "$UMPIRE" judge --config "$1/judge.ini" \
		--accept-new --lmtp "inet:127.0.0.1:$2" 2>>"$1.err" &
	PIDS="$PIDS $!"
	local i
	for i in $(seq 1 100); do
		python3 -c 'import socket,sys; socket.create_connection(("127.0.0.1", int(sys.argv[1]))).close()' \
			"$2" 2>/dev/null && return 0
		sleep 0.1
	done
	cat "$1.err"
	return 1
}

# The transport map: each "ID8 PORT" line of routes.txt a game's
# address, the rest of the judge's mail to A (umpire-judge(8)'s map); loaded.
route() {
	local id port
	: >"$MTA_CONF/transport.re"
	while read -r id port; do
		printf '/^judge\\+%s@example\\.org$/ %s\n' "$id" "$port" \
			>>"$MTA_CONF/transport.re"
	done <routes.txt
	printf '/^judge(\\+.*)?@example\\.org$/ lmtp:inet:127.0.0.1:%s\n' \
		"$PA" >>"$MTA_CONF/transport.re"
	postfix -c "$MTA_CONF" reload >/dev/null 2>&1
}

# Player $1 answers its newest letter: orders signed, mailed to the
# game's referee (the address its game gives it) through postfix.
move() {
	local s=$1 letter
	letter=$(ls -t "$MTA_DIR/mail/$s/Maildir/new"/* | head -1)
	as "$s" orders "$letter" -o "$s-o.yaml"
	as "$s" sign "$s-o.yaml" --game "$letter" -o "$s-signed.yaml" \
		2>/dev/null
	as "$s" mail "$s-signed.yaml" --game "$letter" -o "$s-m.eml"
	"$MTA_SENDMAIL" -t -i <"$s-m.eml"
}

@test "mail route: two judge back ends behind one postfix, a game each by its address; a game moved from A to B mid-play, nothing lost, nothing twice" {
	judge_setup alice bob
	sed -i "s|^address = judge@example.org|&\nsendmail = $MTA_SENDMAIL -t -i|" \
		judge.ini
	backend A
	backend B
	PA=$(free_port)
	PB=$(free_port)
	: >routes.txt
	route
	serve A "$PA"
	serve B "$PB"
	# --check: postfix knows the delimiter a game's address carries
	run env MAIL_CONFIG="$MTA_CONF" "$UMPIRE" judge --check \
		--config A/judge.ini
	grep -q "^delimiter ok: postfix's recipient_delimiter (+) has +" \
		<<<"$output" || { echo "$output"; false; }
	postconf -c "$MTA_CONF" -e 'recipient_delimiter ='
	run env MAIL_CONFIG="$MTA_CONF" "$UMPIRE" judge --check \
		--config A/judge.ini
	postconf -c "$MTA_CONF" -e 'recipient_delimiter = +'
	[ "$status" -ne 0 ]
	grep -q "^delimiter FIX: .*postconf -e 'recipient_delimiter = +'" \
		<<<"$output" || { echo "$output"; false; }

	# game 1: Alice's, taken by mail at the judge's plain address: A
	as alice new arnswalde-1945 --side player=alice.pub \
		--referee judge.pub --set difficulty=low -o g1.yaml 2>/dev/null
	as alice mail g1.yaml --to referee -o first.eml
	"$MTA_SENDMAIL" -t -i <first.eml
	ask=$(mta_wait alice 1) || { cat A/games/judge.log A.err; false; }
	# a game taken by mail: Alice confirms her address first
	mta_confirm alice "$ask"
	mta_wait alice 2 >/dev/null || { cat A/games/judge.log A.err; false; }
	G1=$(sed -n 's/^game: //p' g1.yaml)
	I1=${G1:0:8}
	# its letters come from its own address, the game file's referee
	# is there: Alice's orders go to judge+I1@, which A takes
	grep -q "^From: judge+$I1@example.org" \
		"$MTA_DIR"/mail/alice/Maildir/new/*
	echo "$I1 lmtp:inet:127.0.0.1:$PA" >>routes.txt
	# game 2: Bob's, made by the host on B with the judge's config
	as judge new arnswalde-1945 --side player=bob.pub \
		--referee judge.pub --set difficulty=low -o g2.yaml 2>/dev/null
	G2=$(sed -n 's/^game: //p' g2.yaml)
	I2=${G2:0:8}
	cp g2.yaml "B/games/$G2.yaml"
	echo "$I2 lmtp:inet:127.0.0.1:$PB" >>routes.txt
	route
	as bob join g2.yaml --side player -o joined.yaml 2>/dev/null
	as bob mail joined.yaml --to referee -o j2.eml
	grep -q "^To: judge+$I2@example.org" j2.eml
	"$MTA_SENDMAIL" -t -i <j2.eml
	mta_wait bob 1 >/dev/null || { cat B/games/judge.log B.err; false; }

	# a step each, each on its own back end
	move alice
	mta_wait alice 3 >/dev/null || { cat A/games/judge.log; false; }
	move bob
	mta_wait bob 2 >/dev/null || { cat B/games/judge.log; false; }
	grep -q " $G1 1 done .*adjudicated step 1" A/games/judge.log
	grep -q " $G2 1 done .*adjudicated step 1" B/games/judge.log
	# each keeps only its own
	[ "$(ls A/games/*.yaml)" = "A/games/$G1.yaml" ]
	[ "$(ls B/games/*.yaml)" = "B/games/$G2.yaml" ]
	! grep -q "$G2" A/games/judge.log || false
	! grep -q "$G1" B/games/judge.log || false

	# game 1 moves to B. Its mail held first: postfix defers it
	sed -i "s|^$I1 .*|$I1 retry:4.3.0 game moving|" routes.txt
	route
	move alice
	for i in $(seq 1 100); do
		grep -q "to=<judge+$I1@example.org>.*status=deferred" \
			"$MTA_DIR/maillog" && break
		sleep 0.1
	done
	grep -q "to=<judge+$I1@example.org>.*status=deferred" \
		"$MTA_DIR/maillog"
	# its files, as umpire-judge(8) lists them: GAMEID.* but the lock, its
	# letters in spool/, and the key's record and checkpoints of it
	for f in A/games/"$G1".*; do
		[ "${f##*.}" = lock ] || cp -p "$f" B/games/
	done
	cp -p A/games/spool/"$G1"-* B/games/spool/ 2>/dev/null || true
	(cd A/state/umpire && find . -name "$G1*" ! -name '*.lock') |
		while read -r f; do
			mkdir -p "B/state/umpire/$(dirname "$f")"
			cp -p "A/state/umpire/$f" "B/state/umpire/$f"
		done
	# removed from A before its mail goes to B
	rm A/games/"$G1".*
	sed -i "s|^$I1 .*|$I1 lmtp:inet:127.0.0.1:$PB|" routes.txt
	route
	postqueue -c "$MTA_CONF" -f
	mta_wait alice 4 >/dev/null || { cat B/games/judge.log; false; }
	grep -q " $G1 2 done .*adjudicated step 2" B/games/judge.log ||
		{ cat B/games/judge.log; false; }
	# and on: its next step on B as well
	move alice
	mta_wait alice 5 >/dev/null || { cat B/games/judge.log; false; }
	grep -q " $G1 3 done .*adjudicated step 3" B/games/judge.log
	move bob
	mta_wait bob 3 >/dev/null || { cat B/games/judge.log; false; }
	grep -q " $G2 2 done .*adjudicated step 2" B/games/judge.log

	# nothing lost, nothing twice: a letter a step (and the first),
	# each Message-ID once; every delivery to a judge a 250
	sleep 1
	[ "$(mta_count alice)" -eq 5 ]
	[ "$(mta_count bob)" -eq 3 ]
	[ -z "$(grep -h '^Message-ID:' "$MTA_DIR"/mail/*/Maildir/new/* |
		sort | uniq -d)" ]
	! grep -q 'status=bounced' "$MTA_DIR/maillog" || false
	# A took game 1's join, Alice's confirmation and step 1, and nothing
	# after the move
	[ "$(grep -c " $G1 " A/games/judge.log)" -eq 3 ]
	[ -z "$(ls A/games/*.yaml 2>/dev/null)" ]
	[ "$(grep -c " done " B/games/judge.log)" -eq 5 ]
	# both stop as a service manager stops them: exit 0
	for p in $PIDS; do
		kill -TERM "$p"
		wait "$p"
	done
	PIDS=
}

# The player whose move it is at step $1: its newest letter asks it.
to_move() {
	local s letter
	for s in alice:1bf bob:1uf; do
		letter=$(ls -t "$MTA_DIR/mail/${s%:*}/Maildir/new"/* \
			2>/dev/null | head -1)
		[ -n "$letter" ] || continue
		[ "$(as "${s%:*}" status --brief "$letter" 2>/dev/null)" = \
			"pending ${s#*:} $1" ] && { echo "${s%:*}"; return 0; }
	done
	return 1
}

# Wait until log $1 has a line matching $2 (at most 30 s).
log_wait() {
	local i
	for i in $(seq 1 300); do
		grep -q "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "no '$2' in $1:"; cat "$1"
	return 1
}

# Player $1's orders for its newest letter, signed: $1-signed.yaml.
orders_of() {
	local letter
	letter=$(ls -t "$MTA_DIR/mail/$1/Maildir/new"/* | head -1)
	as "$1" orders "$letter" -o "$1-o.yaml"
	as "$1" sign "$1-o.yaml" --game "$letter" -o "$1-signed.yaml" \
		2>/dev/null
}

@test "mail route: a game made for back end B joined from the host's letter as printed; moved to A mid-play, orders to every address during the move: each step once, every party answered" {
	judge_setup alice bob
	sed -i "s|^address = judge@example.org|&\nsendmail = $MTA_SENDMAIL -t -i|" \
		judge.ini
	for s in alice bob; do
		sed -i "s|^address = .*|&\nsendmail = $MTA_SENDMAIL -t -i|" \
			"$s.ini"
	done
	backend A
	backend B
	PA=$(free_port)
	PB=$(free_port)
	# the host makes the game for B with the judge's config, keeps it
	# there, routes its address there and mails its invitation
	as judge new race-to-the-reichstag --side 1bf=alice.pub \
		--side 1uf=bob.pub --referee judge.pub \
		--address 1bf=alice@example.org --address 1uf=bob@example.org \
		-o g.yaml 2>/dev/null
	G=$(sed -n 's/^game: //p' g.yaml)
	I=${G:0:8}
	mv g.yaml "B/games/$G.yaml"
	echo "$I lmtp:inet:127.0.0.1:$PB" >routes.txt
	route
	serve A "$PA"
	serve B "$PB"
	# (the mailboxes hold the file's other tests' letters too)
	na=$(mta_count alice)
	nb=$(mta_count bob)
	as judge mail "B/games/$G.yaml" --send
	inv_a=$(mta_wait alice $((na + 1)))
	inv_b=$(mta_wait bob $((nb + 1)))
	# both join from it, as printed: each join to the game's address
	follow_printed alice 1bf "$inv_a"
	follow_printed bob 1uf "$inv_b"
	log_wait B/games/judge.log " $G join done .*all roles joined"
	[ "$(grep -c " $G join done .*join(s) taken" B/games/judge.log)" -eq 2 ]
	! grep -q "$G" A/games/judge.log 2>/dev/null || false

	# step 1 on B, by its address (the game file's referee's)
	for i in $(seq 1 300); do to_move 1 >/dev/null && break; sleep 0.1; done
	s=$(to_move 1)
	orders_of "$s"
	as "$s" mail "$s-signed.yaml" --send
	log_wait B/games/judge.log " $G 1 done .*adjudicated step 1"

	# the game moves to A (umpire-judge(8)'s recipe). 1: its mail held
	sed -i "s|^$I .*|$I retry:4.3.0 game moving|" routes.txt
	route
	# step 2's orders, to every address: the game's (held) and the
	# judge's plain one (A, which does not keep it yet: forwarded to
	# the game's address, held too)
	for i in $(seq 1 300); do to_move 2 >/dev/null && break; sleep 0.1; done
	s=$(to_move 2)
	orders_of "$s"
	as "$s" mail "$s-signed.yaml" --send
	as "$s" mail "$s-signed.yaml" --to judge@example.org --send
	log_wait A/games/judge.log " $G .*forwarded to its address judge+$I@"
	for i in $(seq 1 300); do
		[ "$(grep -c "to=<judge+$I@example.org>.*status=deferred" \
			"$MTA_DIR/maillog")" -ge 2 ] && break
		sleep 0.1
	done
	[ "$(grep -c "to=<judge+$I@example.org>.*status=deferred" \
		"$MTA_DIR/maillog")" -ge 2 ]
	# 2: its files moved from B to A under the game's lock on B
	flock "B/games/$G.lock" sh -c '
		for f in B/games/"$1".*; do
			[ "${f##*.}" = lock ] || mv "$f" A/games/
		done
		mv B/games/spool/"$1"-* A/games/spool/ 2>/dev/null
		(cd B/state/umpire && find . -name "$1*" ! -name "*.lock") |
		while read -r f; do
			mkdir -p "A/state/umpire/$(dirname "$f")"
			mv "B/state/umpire/$f" "A/state/umpire/$f"
		done
		true' sh "$G"
	# 3: its line names A; what waited is delivered
	sed -i "s|^$I .*|$I lmtp:inet:127.0.0.1:$PA|" routes.txt
	route
	postqueue -c "$MTA_CONF" -f
	log_wait A/games/judge.log " $G 2 done .*adjudicated step 2"
	# and on: step 3's orders to the plain address, then step 4's to
	# the game's, both A's now
	for n in 3 4; do
		for i in $(seq 1 300); do to_move $n >/dev/null && break; sleep 0.1; done
		s=$(to_move $n)
		orders_of "$s"
		if [ "$n" = 3 ]; then
			as "$s" mail "$s-signed.yaml" --to judge@example.org --send
		else
			as "$s" mail "$s-signed.yaml" --send
		fi
		log_wait A/games/judge.log " $G $n done .*adjudicated step $n"
	done
	sleep 2
	# each step taken once, by the host keeping the game then
	for n in 1 2 3 4; do
		[ "$(cat A/games/judge.log B/games/judge.log |
			grep -c " $G $n done .*adjudicated step $n")" -eq 1 ]
	done
	[ "$(grep -c " $G [0-9]* done .*adjudicated" B/games/judge.log)" -eq 1 ]
	# step 2's second copy (the other address's) answered: taken already
	grep -q " $G .*step 2 of the game already.*answered to " \
		A/games/judge.log
	# nothing lost: no bounce, no message deferred for good, each
	# letter once; every party answered (a letter after each step)
	! grep -q 'status=bounced' "$MTA_DIR/maillog" || false
	[ -z "$(postqueue -c "$MTA_CONF" -p | grep -v 'Mail queue is empty')" ] ||
		postqueue -c "$MTA_CONF" -p
	[ -z "$(grep -h '^Message-ID:' "$MTA_DIR"/mail/*/Maildir/new/* |
		sort | uniq -d)" ]
	for s in alice bob; do
		letter=$(ls -t "$MTA_DIR/mail/$s/Maildir/new"/* | head -1)
		grep -q "^From: judge+$I@example.org" "$letter"
		[ "$(grep -l "^Subject: \[umpire $I\]" \
			"$MTA_DIR/mail/$s/Maildir/new"/* |
			xargs grep -l "step [45]" | wc -l)" -ge 1 ]
	done
	for p in $PIDS; do
		kill -TERM "$p"
		wait "$p"
	done
	PIDS=
}
