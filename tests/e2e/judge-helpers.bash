# judge-helpers.bash - a judge and its players in the current directory,
# for tests/e2e/judge.bats and the judge's fault tests (tests/faults/).
# Needs helpers.bash loaded first ($UMPIRE).

E2E_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# In the current directory: the judge's key and judge.ini (its games in
# games/; no [addresses]: each side's address comes with its join), and
# for each side given a key, SIDE.ini (its key, its address
# SIDE@example.org, the judge's as the referee's) and a mailbox
# mbox/SIDE.
judge_setup() {
	"$UMPIRE" keygen -s judge.key -p judge.pub -W >/dev/null
	mkdir -p games out/tmp out/new out/cur maildir/tmp maildir/new \
		maildir/cur views
	# as umpire-judge(8) asks (umpire judge --check): nobody else reads games
	chmod 700 games
	{
		printf '[umpire]\nsecret_key = %s/judge.key\n' "$PWD"
		printf 'address = judge@example.org\n[judge]\n'
		printf 'games = %s/games\n' "$PWD"
	} >judge.ini
	for s; do
		"$UMPIRE" keygen -s "$s.key" -p "$s.pub" -W >/dev/null
		printf '[umpire]\nsecret_key = %s/%s.key\naddress = %s\n' \
			"$PWD" "$s" "$s@example.org" >"$s.ini"
		printf '[addresses]\nreferee = judge@example.org\n' >>"$s.ini"
		mkdir -p "mbox/$s/done"
	done
}

# A delivery status notification (RFC 3464) as postfix's bounce(8)
# writes it: the judge's letter $1 to $2 not delivered, status $3,
# Action $4 (default failed); the letter's headers returned as
# text/rfc822-headers, or (DSN_RETURN=full) the whole letter as
# message/rfc822.
dsn() {
	local letter=$1 rcpt=$2 status=$3 action=${4:-failed}
	local b="3F1A2C0123.1700000000/mail.example.org"
	printf 'Return-Path: <>\nReceived: by mail.example.org (Postfix)\n'
	printf '\tid 3F1A2C0123; Tue, 14 Nov 2023 22:13:20 +0000 (UTC)\n'
	printf 'Date: Tue, 14 Nov 2023 22:13:20 +0000 (UTC)\n'
	printf 'From: MAILER-DAEMON@mail.example.org (Mail Delivery System)\n'
	printf 'Subject: Undelivered Mail Returned to Sender\n'
	printf 'To: judge@example.org\nAuto-Submitted: auto-replied\n'
	printf 'MIME-Version: 1.0\nContent-Type: multipart/report; '
	printf 'report-type=delivery-status;\n\tboundary="%s"\n' "$b"
	printf 'Content-Transfer-Encoding: 8bit\n'
	printf 'Message-Id: <20231114221320.3F1A2C0123@mail.example.org>\n\n'
	printf 'This is a MIME-encapsulated message.\n\n--%s\n' "$b"
	printf 'Content-Description: Notification\n'
	printf 'Content-Type: text/plain; charset=us-ascii\n\n'
	printf 'This is the mail system at host mail.example.org.\n\n'
	printf "I'm sorry to have to inform you that your message could not\n"
	printf "be delivered to one or more recipients. It's attached below.\n\n"
	printf '                   The mail system\n\n'
	printf '<%s>: host mx.example.org[192.0.2.1] said: 550 %s\n' \
		"$rcpt" "$status"
	printf '    <%s>: Recipient address rejected: User unknown in local\n' \
		"$rcpt"
	printf '    recipient table (in reply to RCPT TO command)\n\n--%s\n' "$b"
	printf 'Content-Description: Delivery report\n'
	printf 'Content-Type: message/delivery-status\n\n'
	printf 'Reporting-MTA: dns; mail.example.org\n'
	printf 'X-Postfix-Queue-ID: 3F1A2C0123\n'
	printf 'X-Postfix-Sender: rfc822; judge@example.org\n'
	printf 'Arrival-Date: Tue, 14 Nov 2023 22:13:19 +0000 (UTC)\n\n'
	printf 'Final-Recipient: rfc822; %s\n' "$rcpt"
	printf 'Original-Recipient: rfc822;%s\n' "$rcpt"
	printf 'Action: %s\nStatus: %s\n' "$action" "$status"
	printf 'Remote-MTA: dns; mx.example.org\n'
	printf 'Diagnostic-Code: smtp; 550 %s <%s>: Recipient address\n' \
		"$status" "$rcpt"
	printf '    rejected: User unknown in local recipient table\n\n'
	printf -- '--%s\n' "$b"
	if [ "${DSN_RETURN:-headers}" = full ]; then
		printf 'Content-Description: Undelivered Message\n'
		printf 'Content-Type: message/rfc822\n\n'
		cat "$letter"
	else
		printf 'Content-Description: Undelivered Message Headers\n'
		printf 'Content-Type: text/rfc822-headers\n\n'
		sed '/^\r\{0,1\}$/q' "$letter"
	fi
	printf '\n--%s--\n' "$b"
}

# umpire as side $1 (its config)
as() {
	local s=$1
	shift
	UMPIRE_CONFIG="$PWD/$s.ini" "$UMPIRE" "$@"
}

# The judge on one message ($1) on stdin, or (JUDGE_MODE=maildir) the
# message delivered into maildir/new and the Maildir processed.
judge_gets() {
	if [ "${JUDGE_MODE:-stdin}" = maildir ]; then
		cp "$1" "maildir/new/$(date +%s%N).eml"
		"$UMPIRE" judge --config judge.ini --outbox out \
			--maildir maildir 2>>judge.err
	else
		"$UMPIRE" judge --config judge.ini --outbox out <"$1" \
			2>>judge.err
	fi
}

# The judge's letters, from its outbox into each recipient's mailbox,
# each checked for what a mail relay could read of it (not with
# POST_UNCHECKED=1: a test of what reads them, not of what they show).
post() {
	local f to
	for f in out/new/*; do
		[ -e "$f" ] || return 0
		to=$(sed -n 's/^To: \([a-z0-9]*\)@example.org.*/\1/p' "$f" |
			head -1)
		[ -n "$to" ] || { echo "no To in $f"; return 1; }
		# what a relay reads of it: nothing its sealed part hides
		[ -n "${POST_UNCHECKED:-}" ] ||
			python3 "$E2E_DIR/tools/clear-parts.py" "$f" \
				"$to.key" "$UMPIRE" games >/dev/null || return 1
		mv "$f" "mbox/$to/$(basename "$f")"
	done
}

# Side $1's orders for the letter $2 into o.yaml, by policy $POLICY:
# first (the template as it comes), choose (the Reichstag example's) or
# peiper (examples/kampfgruppe-peiper/choose.py on the template).
policy() {
	if [ "${POLICY:-first}" = peiper ]; then
		as "$1" orders "$2" -o template.yaml &&
			python3 "$E2E_DIR/../../examples/kampfgruppe-peiper/choose.py" \
				<template.yaml >o.yaml
	elif [ "${POLICY:-first}" = choose ]; then
		as "$1" open "$2" -o plain.view || return 1
		python3 "$E2E_DIR/../../examples/race-to-the-reichstag/choose.py" \
			"$1" plain.view "$1.key" "$UMPIRE" >o.yaml
	else
		as "$1" orders "$2" -o o.yaml
	fi
}

# The reply of side $1 to the judge's letter $2 asking it to confirm
# its address (a game taken by mail, umpire(1) JUDGE): reply.eml, from
# the side's address, its subject the letter's after "Re: ", as a mail
# client writes it.
confirm_reply() {
	local subj
	subj=$(sed -n '/^Subject:/{:a;N;/\n[ 	]/{s/\n[ 	]*/ /;ba;};s/\n.*//;s/^Subject: //;p;q;}' "$2")
	{
		printf 'From: %s@example.org\nTo: judge@example.org\n' "$1"
		printf 'Subject: Re: %s\n\nYes, me.\n' "$subj"
	} >reply.eml
}

# Every letter in out/new asking an address to confirm, answered by
# its side from there (the judge's letters to it then follow).
confirm_all() {
	local f to
	for f in out/new/*; do
		[ -e "$f" ] || return 0
		grep -q '^  umpire-confirm-' "$f" || continue
		to=$(sed -n 's/^To: \([a-z0-9]*\)@example.org.*/\1/p' "$f" |
			head -1)
		confirm_reply "$to" "$f"
		rm "$f"
		judge_gets reply.eml || return 1
	done
}

# Side $1 answers letter $2 as a player would: joins the game it is
# invited to, or signs orders on the view (or game file) it got, and
# mails them to the judge; reply.eml is the message (none: nothing to
# answer). A view it got is kept in views/.
answer() {
	local s=$1 f=$2 st
	rm -f reply.eml
	# a game taken by mail asks its address to confirm first
	if grep -q '^  umpire-confirm-' "$f"; then
		confirm_reply "$s" "$f"
		return 0
	fi
	st=$(as "$s" status --brief "$f" 2>/dev/null) || return 0
	case $st in
	join*)
		# (status names the first role still to join: maybe another)
		as "$s" join "$f" --side "$s" -o joined.yaml 2>/dev/null ||
			return 0
		as "$s" mail joined.yaml --to referee -o reply.eml ;;
	"pending $s "*)
		if grep -q 'filename=.*\.view' "$f"; then
			cp "$f" "views/$(basename "$f")-$s.eml"
		fi
		policy "$s" "$f" &&
			as "$s" sign o.yaml --game "$f" -o signed.yaml \
				2>/dev/null &&
			as "$s" mail signed.yaml -o reply.eml ;;
	over*)
		cp "$f" "final-$s.eml" ;;
	esac
}

# Play through the judge: every letter answered, every answer mailed to
# the judge, until nobody has anything to answer (at most $1 rounds).
play() {
	local i=0 f s acted
	while [ "$i" -lt "$1" ]; do
		post || return 1
		acted=0
		for s in $SIDES; do
			for f in "mbox/$s"/*; do
				[ -f "$f" ] || continue
				answer "$s" "$f" || return 1
				mv "$f" "mbox/$s/done/"
				if [ -f reply.eml ]; then
					judge_gets reply.eml || return 1
					acted=1
				fi
			done
		done
		[ "$acted" = 1 ] || return 0
		i=$((i + 1))
	done
}

# The game the judge keeps (one game in games/).
kept() {
	ls games/*.yaml
}

# A game created by the judge's owner in games/, the invitation mailed
# to each side: they join at once, each the game as created.
owner_game() {
	local scenario=$1 g
	shift
	local sides=()
	for s; do sides+=(--side "$s=$s.pub"); done
	"$UMPIRE" new "$scenario" -s judge.key "${sides[@]}" \
		--referee judge.pub -o new.yaml 2>/dev/null
	g=$(sed -n 's/^game: //p' new.yaml)
	mv new.yaml "games/$g.yaml"
	for s; do cp "games/$g.yaml" "mbox/$s/invite-$g.yaml"; done
}

# A Russo-German War game the judge keeps, its clock --set $@ (each
# KEY=VALUE), made and joined by both sides at the test clock's now
# (UMPIRE_TEST_NOW): its id $g, its file $G.
rgw_clocked() {
	judge_setup german soviet
	local sets=() s
	for s; do sets+=(--set "$s"); done
	"$UMPIRE" new russo-german-war -s judge.key --side german=german.pub \
		--side soviet=soviet.pub --referee judge.pub "${sets[@]}" \
		-o new.yaml 2>/dev/null
	g=$(sed -n 's/^game: //p' new.yaml)
	mv new.yaml "games/$g.yaml"
	for s in german soviet; do
		cp "games/$g.yaml" "mbox/$s/invite.yaml"
	done
	SIDES="german soviet" play 1
	G=games/$g.yaml
}

# The judge's set-up, and an Arnswalde game the player made naming the
# judge as referee (g.yaml), mailed to it (first.eml) and taken
# (--accept-new): its letter asking the player to confirm her address
# in out/new.
player_game_mailed() {
	judge_setup player
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml 2>/dev/null
}

# once NAME FUNCTION [ARG...]: what FUNCTION ARGs make in a test's own
# directory, empty (bats's $BATS_TEST_TMPDIR, its HOME and local
# records there): made by the first test of the file that asks, kept,
# and copied into each later test's directory, the paths in its configs
# (*.ini) made that test's. The same files each time, the game's keys
# and seeds too: the fixture's runs of umpire (keys, a game, the judge,
# the letters) were most of each test that made it. Kept apart by NAME,
# the ARGs and the test clock (UMPIRE_TEST_NOW). Anywhere else (a
# directory of the test's own, each a game of its own), FUNCTION runs.
once() {
	local name=$1 fn=$2
	shift 2
	local key="$name $* ${UMPIRE_TEST_NOW:-}"
	local made="$BATS_FILE_TMPDIR/once-${key//[^A-Za-z0-9=.-]/_}"
	if [ -z "${BATS_FILE_TMPDIR:-}" ] || [ "$PWD" != "$BATS_TEST_TMPDIR" ] ||
		[ "${XDG_STATE_HOME:-}" != "$PWD/.local/state" ] ||
		[ -n "$(ls -A)" ]; then
		"$fn" "$@"
		return
	fi
	if [ -f "$made/dir" ]; then
		cp -a "$made/files/." . || return 1
		sed -i "s|$(cat "$made/dir")|$PWD|g" ./*.ini
		return
	fi
	"$fn" "$@" || return 1
	rm -rf "$made" && mkdir -p "$made/files" && cp -a . "$made/files/" &&
		echo "$PWD" >"$made/dir"
}

# The Arnswalde game after its first step, for the hostile tests: the
# judge's set-up, and the player's orders for step 1 as mailed (m1.eml);
# $letter the judge's letter they answer, $G the game kept. Made once
# a file (once).
hostile_setup() {
	once hostile hostile_made || return 1
	letter=$(ls mbox/player/*.umpire | head -1)
	G=$(kept)
}

hostile_made() {
	player_game_mailed
	confirm_all
	post
	letter=$(ls mbox/player/*.umpire | head -1)
	as player orders "$letter" -o o.yaml
	as player sign o.yaml --game "$letter" -o signed.yaml 2>/dev/null
	as player mail signed.yaml --game "$letter" -o m1.eml
	G=$(kept)
	cp "$G" before.yaml
}

# A message from the player holding another join of her role in the
# game hostile_setup made (g.yaml, her first join taken out, joined
# again: a fresh nonce, from another machine's record $1): what she
# signed and the game kept refuses.
second_join() {
	awk '/^- name: /{ p = ($0 == "- name: player") }
		p && /^  (nonce|anchor|address):/ { next }
		p && /^  signature: \|-$/ { skip = 1; next }
		skip && /^    / { next } { skip = 0; print }' g.yaml >unjoined.yaml
	XDG_STATE_HOME=$PWD/other$1 as player join unjoined.yaml \
		--side player -o again.yaml 2>/dev/null
	printf 'From: player@example.org\nTo: judge@example.org\n'
	printf 'Subject: join\n\n'
	cat again.yaml
}

# The judge on message $1 kept it in failed/ with a reason holding $2,
# mailed nothing and left the game as it was.
kept_in_failed() {
	run "$UMPIRE" judge --config judge.ini --outbox out <"$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q "$2" games/failed/*.why || { cat games/failed/*.why; return 1; }
	[ -z "$(ls out/new)" ] && cmp "$G" before.yaml
}

# The judge on message $1 (a stranger's: no party of a game kept here
# signed it) logged it as dropped with a reason holding $2, and that is
# all it cost: nothing kept, nothing mailed, no lock file made, the game
# as it was.
dropped_for_stranger() {
	local locks
	locks=$(ls games/*.lock 2>/dev/null | wc -l)
	run "$UMPIRE" judge --config judge.ini --outbox out <"$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q " dropped .*$2.*not kept" games/judge.log ||
		{ cat games/judge.log; return 1; }
	[ -z "$(ls games/failed)" ] || { ls games/failed; return 1; }
	[ -z "$(ls out/new)" ] || { ls out/new; return 1; }
	[ "$(ls games/*.lock 2>/dev/null | wc -l)" -eq "$locks" ]
	[ ! -f before.yaml ] || cmp "$G" before.yaml
}

# Other orders of the player for step 1 (answer $1) signed into $2, as
# from another machine (this key's record refuses a second file).
other_orders() {
	sed "s/^- placement: .*/- placement: \"$1\"/" o.yaml >other.yaml
	XDG_STATE_HOME=$PWD/other as player sign other.yaml -o "$2"
}


# Player $1 (side $2) follows letter $3 as a reader does: its
# attachments saved here, each command it prints run as printed (SIDE:
# the side's own); one of them must mail it with --send.
follow_printed() {
	local s=$1 side=$2 cmd
	python3 "$E2E_DIR/tools/printed.py" "$3" >cmds
	grep -q '^umpire mail .*--send' cmds || { cat cmds; return 1; }
	while read -r cmd; do
		cmd=${cmd//SIDE/$side}
		eval "as $s ${cmd#umpire }" 2>>follow.err ||
			{ echo "as printed: $cmd"; cat follow.err; return 1; }
	done <cmds
}

# The tests' LMTP client (tools/lmtp-client.py).
CLIENT="python3 $E2E_DIR/tools/lmtp-client.py"

# The judge serving LMTP on j.sock (in the test's directory: a short
# path; SOCK: another socket) in the background, $SERVER its pid;
# returns once it accepts.
serve() {
	# (VG: a command it runs under, unquoted: valgrind and its options)
	# (LETTERS: where the letters go, unquoted: default the outbox)
	local sock=${SOCK:-j.sock}
	${VG:-} "$UMPIRE" judge --config judge.ini ${LETTERS:---outbox out} \
		--accept-new --lmtp "$sock" "$@" 2>>judge.err &
	SERVER=$!
	local i
	for i in $(seq 1 300); do
		if printf 'QUIT\r\n' | $CLIENT "$sock" --raw --wait 2 2>/dev/null |
			grep -q '^221'; then
			return 0
		fi
		kill -0 "$SERVER" 2>/dev/null || { cat judge.err; return 1; }
		sleep 0.1
	done
	return 1
}

# The server stopped by SIGTERM: exit status 0.
stop() {
	kill -TERM "$SERVER"
	local rc=0
	wait "$SERVER" || rc=$?
	SERVER=
	[ "$rc" -eq 0 ] || { echo "exit $rc"; cat judge.err; return 1; }
}

# A test's teardown: a server it left running killed.
serve_teardown() {
	if [ -n "${SERVER:-}" ]; then
		kill -9 "$SERVER" 2>/dev/null || true
	fi
}
