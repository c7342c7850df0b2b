#!/usr/bin/env bats
# Real postfix delivering to the judge over LMTP: the private postfix of
# mta.bash routes judge@example.org to `umpire:unix:SOCKET` in its
# transport map, umpire being postfix's lmtp(8) at 2 deliveries at once
# (umpire-judge(8), OVER LMTP; umpire judge --postfix --lmtp --apply
# writes them), where a running `umpire judge --lmtp SOCKET` serves it;
# the judge's letters go back through the same postfix's sendmail to
# the player's Maildir. A game is taken, the player's address confirmed
# by her reply (s-nail) to the judge's letter asking it, and a step
# adjudicated; then the server is stopped, postfix keeps what it could
# not deliver, and the server started again takes it. A whole game, the
# server killed mid-game. Last a flood of strangers' large messages,
# the party's orders among them.
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
		export MTA_DIR MTA_CONF MTA_SENDMAIL SOCK
		# the socket where postfix's lmtp(8) client, user postfix,
		# reaches it: the judge makes it mode 0660, group postfix
		mkdir -m 755 "$MTA_DIR/judge"
		SOCK=$MTA_DIR/judge/lmtp.sock
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
	SERVER=
}

teardown() {
	if [ -n "$SERVER" ]; then
		kill -9 "$SERVER" 2>/dev/null || true
	fi
}

# The judge serving $SOCK, its group postfix (so that postfix may
# connect), its letters to the instance's sendmail.
serve() {
	setpriv --regid=postfix --clear-groups "$UMPIRE" judge \
		--config judge.ini --accept-new --lmtp "$SOCK" 2>>judge.err &
	SERVER=$!
	local i
	for i in $(seq 1 100); do
		[ -S "$SOCK" ] && return 0
		sleep 0.1
	done
	cat judge.err
	return 1
}

# Alice's new game to mail the judge (first.eml), the judge's letters to
# the instance's sendmail; postfix's route to it in one command
# (umpire-judge(8)); the judge serving.
game_served() {
	judge_setup alice
	sed -i "s|^address = judge@example.org|&\nsendmail = $MTA_SENDMAIL -t -i|" \
		judge.ini
	as alice new arnswalde-1945 --side player=alice.pub \
		--referee judge.pub --set difficulty=low -o g.yaml 2>/dev/null
	as alice mail g.yaml --to referee -o first.eml
	MAIL_CONFIG="$MTA_CONF" "$UMPIRE" judge --postfix judge@example.org \
		--lmtp "$SOCK" --config judge.ini --apply
	serve
}

@test "mail lmtp: postfix delivers by umpire:unix: to a running judge: a game taken, a step adjudicated; stopped, postfix keeps the mail for its restart" {
	game_served
	# --check finds the route umpire-judge(8) gives
	run env MAIL_CONFIG="$MTA_CONF" "$UMPIRE" judge --check --config judge.ini
	echo "$output"
	grep -qx "postfix   ok: postfix delivers judge@example.org over LMTP to unix:$SOCK (umpire judge --lmtp serves it)" <<<"$output"
	"$MTA_SENDMAIL" -t -i <first.eml
	# a game taken by mail: alice's address asked to confirm first
	ask=$(mta_wait alice 1) || { cat games/judge.log judge.err; false; }
	grep -q 'relay=.*lmtp.sock.*status=sent (250 2.0.0' "$MTA_DIR/maillog"
	grep -q '^  umpire-confirm-' "$ask"
	mta_confirm alice "$ask"
	letter=$(mta_wait alice 2) || { cat games/judge.log judge.err; false; }
	grep -q " done .*player's address alice@example.org confirmed" \
		games/judge.log
	as alice orders "$letter" -o o.yaml
	as alice sign o.yaml --game "$letter" -o signed.yaml 2>/dev/null
	as alice mail signed.yaml --game "$letter" -o m1.eml
	"$MTA_SENDMAIL" -t -i <m1.eml
	mta_wait alice 3 >/dev/null || { cat games/judge.log; false; }
	grep -q ' 1 done .*adjudicated step 1' games/judge.log
	# stopped: postfix keeps what comes meanwhile
	kill -TERM "$SERVER"
	wait "$SERVER"
	SERVER=
	printf 'From: x@example.org\nTo: judge@example.org\nSubject: hi\n\nhello\n' |
		"$MTA_SENDMAIL" -t -i
	for i in $(seq 1 100); do
		grep -q 'status=deferred.*lmtp.sock' "$MTA_DIR/maillog" && break
		sleep 0.1
	done
	grep -q 'status=deferred.*lmtp.sock' "$MTA_DIR/maillog"
	[ "$(wc -l <games/judge.log)" -eq 3 ]
	serve
	postqueue -c "$MTA_CONF" -f
	for i in $(seq 1 100); do
		[ "$(wc -l <games/judge.log)" -eq 4 ] && break
		sleep 0.1
	done
	grep -q ' dropped .*no umpire file' games/judge.log ||
		{ cat games/judge.log; tail "$MTA_DIR/maillog"; false; }
	[ "$(mta_count alice)" -eq 3 ]
	kill -TERM "$SERVER"
	wait "$SERVER"
	SERVER=
}

# Every letter alice has got, its Message-ID a line each.
alice_ids() {
	local f
	for f in "$MTA_DIR/mail/alice/Maildir/new"/* \
		"$MTA_DIR/mail/alice/Maildir/cur"/*; do
		[ -f "$f" ] || continue
		sed -n 's/^Message-ID: *//Ip' "$f" | head -1
	done
}

@test "mail lmtp: a whole game through postfix to the running judge, strangers' mail mixed in, the server killed mid-game and started again: every step taken once, every letter sent once" {
	game_served
	# (alice's Maildir holds the letters of the file's tests before)
	local had n=1 strangers=0 killed= letter st i
	had=$(mta_count alice)
	"$MTA_SENDMAIL" -t -i <first.eml
	# her address confirmed first (a game taken by mail)
	letter=$(mta_wait alice $((had + 1))) ||
		{ cat games/judge.log judge.err; false; }
	mta_confirm alice "$letter"
	had=$((had + 1))
	letter=$(mta_wait alice $((had + 1))) ||
		{ cat games/judge.log judge.err; false; }
	while st=$(as alice status --brief "$letter" 2>/dev/null) &&
		[ "${st%% *}" = pending ] && [ "$n" -lt 200 ]; do
		as alice orders "$letter" -o o.yaml
		as alice sign o.yaml --game "$letter" -o signed.yaml 2>/dev/null
		as alice mail signed.yaml --game "$letter" -o m.eml
		# a stranger's message before each of her orders
		printf 'From: x%d@example.org\nTo: judge@example.org\nSubject: hi\n\nhello\n' \
			"$n" | "$MTA_SENDMAIL" -t -i
		strangers=$((strangers + 1))
		"$MTA_SENDMAIL" -t -i <m.eml
		if [ "$n" -eq 3 ]; then
			# killed while her orders are on their way or being
			# taken; postfix keeps them until it runs again
			kill -9 "$SERVER"
			wait "$SERVER" || true
			SERVER=
			killed=1
			sleep 1
			serve
			postqueue -c "$MTA_CONF" -f
		fi
		n=$((n + 1))
		letter=$(mta_wait alice $((had + n))) ||
			{ cat games/judge.log judge.err; false; }
	done
	[ "$killed" = 1 ]
	[ "${st%% *}" = over ] || { echo "not over: $st"; false; }
	# each step once, in order; each stranger's message dropped
	local steps=$((n - 1)) k
	for k in $(seq 1 "$steps"); do
		[ "$(grep -c " $k done .*adjudicated step $k;" games/judge.log)" -eq 1 ] ||
			{ echo "step $k"; cat games/judge.log; false; }
	done
	for i in $(seq 1 100); do
		[ "$(grep -c ' dropped .*no umpire file' games/judge.log)" -ge "$strangers" ] && break
		sleep 0.1
	done
	[ "$(grep -c ' dropped .*no umpire file' games/judge.log)" -eq "$strangers" ]
	# one letter a step and the game's first: none lost, none twice
	[ "$(mta_count alice)" -eq $((had + n)) ]
	[ -z "$(alice_ids | sort | uniq -d)" ]
	kill -TERM "$SERVER"
	wait "$SERVER"
	SERVER=
}

# A flood of strangers' mail through postfix to the running judge, a
# party's orders among it: FLOOD_LMTP messages (make check-mail: 50;
# make check-lmtp-flood: 150) of about 0.95 MB each, an attachment no
# umpire file. postfix as one that has learned the judge takes many
# deliveries at once (initial_destination_concurrency 20, postfix's
# default destination limit: it opens 20 connections, each of the
# server's workers serves 16, 4 from one peer), the route the one
# --postfix --lmtp --apply writes. None deferred (a 421 would put it off for minutes),
# each stranger's message dropped, nothing kept, and the party's orders
# taken within 60 s of their sending.
@test "mail lmtp flood: strangers' 0.95 MB messages through postfix with the party's orders among them: none deferred, the orders taken within 60 s" {
	local n=${FLOOD_LMTP:-50} k t0 t1 i
	postconf -c "$MTA_CONF" -e 'initial_destination_concurrency = 20'
	game_served
	local had
	had=$(mta_count alice)
	"$MTA_SENDMAIL" -t -i <first.eml
	# her address confirmed first (a game taken by mail)
	letter=$(mta_wait alice $((had + 1))) ||
		{ cat games/judge.log judge.err; false; }
	mta_confirm alice "$letter"
	letter=$(mta_wait alice $((had + 2))) ||
		{ cat games/judge.log judge.err; false; }
	as alice orders "$letter" -o o.yaml
	as alice sign o.yaml --game "$letter" -o signed.yaml 2>/dev/null
	as alice mail signed.yaml --game "$letter" -o m1.eml
	python3 - "$n" <<'PY'
import base64, os, sys
for k in range(1, int(sys.argv[1]) + 1):
    with open("flood-%d.eml" % k, "w") as f:
        f.write("From: Stranger %d <s%d@elsewhere.example>\n" % (k, k))
        f.write("To: judge@example.org\nSubject: look %d\n" % k)
        f.write("Message-ID: <lmtp-flood-%d@elsewhere.example>\n" % k)
        f.write("MIME-Version: 1.0\n")
        f.write("Content-Type: multipart/mixed; boundary=b\n\n--b\n")
        f.write("Content-Type: text/plain\n\nHave a look.\n--b\n")
        f.write("Content-Type: application/octet-stream; name=a.bin\n")
        f.write("Content-Transfer-Encoding: base64\n\n")
        f.write(base64.encodebytes(os.urandom(700000)).decode())
        f.write("--b--\n")
PY
	size=$(wc -c <flood-1.eml)
	[ "$size" -gt 900000 ]
	[ "$size" -lt 1000000 ]
	: >games/judge.log
	# the mail log from here (the file's tests before deferred some)
	local from
	from=$(($(wc -l <"$MTA_DIR/maillog") + 1))
	deferred() {
		tail -n +"$from" "$MTA_DIR/maillog" | grep 'status=deferred' |
			grep -v '(deferred transport)'
	}
	# the flood held in postfix's queue as it comes (a judge busy or
	# down meanwhile), submitted ten at a time, the orders after its
	# first half; then let go at once
	postconf -c "$MTA_CONF" -e 'defer_transports = umpire'
	postfix -c "$MTA_CONF" reload >/dev/null 2>&1
	local subs=()
	for k in $(seq 1 "$n"); do
		"$MTA_SENDMAIL" -i -f "s$k@elsewhere.example" \
			judge@example.org <"flood-$k.eml" &
		subs+=($!)
		if [ $((k % 10)) -eq 0 ]; then
			wait "${subs[@]}"
			subs=()
		fi
		[ "$k" -ne $((n / 2)) ] || "$MTA_SENDMAIL" -t -i <m1.eml
	done
	[ "${#subs[@]}" -eq 0 ] || wait "${subs[@]}"
	for i in $(seq 1 300); do
		[ "$(tail -n +"$from" "$MTA_DIR/maillog" |
			grep -c 'status=deferred (deferred transport)')" \
			-ge $((n + 1)) ] && break
		sleep 0.2
	done
	postconf -c "$MTA_CONF" -e 'defer_transports ='
	postfix -c "$MTA_CONF" reload >/dev/null 2>&1
	postqueue -c "$MTA_CONF" -f
	t0=$(date +%s)
	for i in $(seq 1 600); do
		grep -q ' 1 done .*adjudicated step 1' games/judge.log && break
		sleep 0.2
	done
	t1=$(date +%s)
	echo "the orders taken $((t1 - t0)) s after their sending; of $n" \
		"strangers' messages $(grep -c ' dropped ' games/judge.log)" \
		"dealt with by then"
	grep -q ' 1 done .*adjudicated step 1' games/judge.log || {
		deferred | tail -3; false; }
	[ $((t1 - t0)) -le 60 ]
	# every stranger's message dealt with, none deferred
	for i in $(seq 1 600); do
		[ "$(grep -c ' dropped ' games/judge.log)" -ge "$n" ] && break
		sleep 0.2
	done
	[ -z "$(deferred)" ] || {
		deferred | head -3
		echo "$(deferred | wc -l) deferred"
		false; }
	[ "$(grep -c ' dropped .*no umpire file' games/judge.log)" -eq "$n" ]
	[ -z "$(ls games/failed 2>/dev/null)" ]
	kill -TERM "$SERVER"
	wait "$SERVER"
	SERVER=
}
