#!/usr/bin/env bats
# A flood of strangers' mail at the judge through real postfix: the
# private postfix of mta.bash delivers judge@example.org to a pipe
# transport running `umpire judge` as user nobody (as judge.bats does),
# with the transport's settings umpire-judge(8), UNDER A FLOOD, recommends:
# at most UMPIRE_MAXPROC judges at once (the master.cf maxproc column,
# and <transport>_destination_concurrency_limit) and message_size_limit
# UMPIRE_SIZE_LIMIT (postfix's default, set in main.cf: postfix applies
# it to all mail it takes). Each judge runs under GNU time, which adds
# its peak memory (%M, KiB) to home/rss.
#
# Where postfix cannot run (not root, not installed, no mount namespace)
# every test skips and says why; `make check-mail` runs tests/mail.

load ../e2e/helpers
load mta
load parties
load robot

# The numbers of umpire-judge(8), UNDER A FLOOD.
UMPIRE_MAXPROC=2
UMPIRE_SIZE_LIMIT=10240000

setup_file() {
	umpire_setup_file
	export MTA_HOME JUDGE_HOME
	MTA_HOME=$(mta_dir)
	JUDGE_HOME=$MTA_HOME/judge
	mkdir -p "$JUDGE_HOME"
	judge_world
	# what the pipe runs: the judge, in its home, on its games, under
	# GNU time (its peak memory appended to home/rss)
	cat >"$JUDGE_HOME/deliver" <<EOF
#!/bin/sh
cd "$JUDGE_HOME/home" || exit 75
exec /usr/bin/time -f %M -a -o "$JUDGE_HOME/home/rss" \
	env HOME="$JUDGE_HOME/home" XDG_STATE_HOME="$JUDGE_HOME/home/state" \
	XDG_CONFIG_HOME="$JUDGE_HOME/home/.config" \
	UMPIRE_SCENARIOS="$JUDGE_SCENARIOS" \
	"$JUDGE_UMPIRE" judge --games "$JUDGE_HOME/home/games" --accept-new \
	--config "$JUDGE_HOME/home/config.ini"
EOF
	chmod 755 "$JUDGE_HOME/deliver"
	if [ ! -x /usr/bin/time ]; then
		export MTA_SKIP="no GNU time (/usr/bin/time) to measure the judge"
		return 0
	fi
	if mta_start "$MTA_HOME" judge "$JUDGE_HOME/deliver" \
		2>"$BATS_FILE_TMPDIR/mta-why"; then
		export MTA_DIR MTA_CONF MTA_SENDMAIL
		# umpire-judge(8)'s settings for the judge's transport (mta.bash
		# names it robot): at most UMPIRE_MAXPROC judges at once, and
		# postfix's size limit on every message it takes
		postconf -c "$MTA_CONF" -e \
			"robot_destination_concurrency_limit = $UMPIRE_MAXPROC" \
			"message_size_limit = $UMPIRE_SIZE_LIMIT"
		postconf -c "$MTA_CONF" -F "robot/unix/process_limit = $UMPIRE_MAXPROC"
		postfix -c "$MTA_CONF" reload >/dev/null 2>&1
	else
		export MTA_SKIP
		MTA_SKIP="no private MTA here: $(cat "$BATS_FILE_TMPDIR/mta-why")"
	fi
}

# judge_home: the judge's home, owned by nobody (the pipe's user): its
# key (0600, unencrypted), its configuration (the plain sendmail) and
# its games directory; its public key in Alice's home.
judge_home() {
	local h=$JUDGE_HOME/home
	rm -rf "$h"
	mkdir -p "$h/games" "$h/state" "$h/.config"
	"$UMPIRE" keygen -s "$h/judge.key" -p "$h/judge.pub" -W >/dev/null
	{
		printf '[umpire]\nsecret_key = %s/judge.key\n' "$h"
		printf 'address = judge@example.org\n'
		printf 'sendmail = /usr/sbin/sendmail -t -i\n'
	} >"$h/config.ini"
	: >"$h/rss"
	chown -R 65534:65534 "$h"
	chmod 600 "$h/judge.key"
	cp "$h/judge.pub" home/alice/
}

# The pipe's deliveries to the judge so far: the mail log's lines of
# the robot transport (status=sent, deferred or bounced).
robot_lines() {
	grep 'relay=robot,' "$MTA_DIR/maillog" 2>/dev/null
}

# queue_empty_after N: wait (at most 120 s) until the pipe has made N
# deliveries and postfix's queue is empty.
queue_empty_after() {
	local i
	for i in $(seq 1 1200); do
		if [ "$(robot_lines | wc -l)" -ge "$1" ] &&
		   postqueue -c "$MTA_CONF" -p | grep -q 'Mail queue is empty'
		then
			return 0
		fi
		sleep 0.1
	done
	echo "after 120 s: $(robot_lines | wc -l) deliveries to the judge," \
		"not $1; the queue:" >&2
	postqueue -c "$MTA_CONF" -p >&2
	judge_log >&2
	return 1
}

# stranger K KIND: a stranger's message of about 9.5 MB to the judge,
# on stdout. KIND parts: 52,000 small MIME parts (postfix counts a
# line's record in its queue file too: 9.5 MB of 20-byte parts would be
# over its 10,240,000 bytes); attachment: one attachment of 7 MB (9.5 MB
# in base64), a YAML file not umpire's.
stranger() {
	python3 - "$1" "$2" <<'PY'
import base64, sys
k, kind = sys.argv[1], sys.argv[2]
w = sys.stdout.write
w("From: Stranger %s <stranger%s@elsewhere.example>\n" % (k, k))
w("To: judge@example.org\nSubject: hello %s\n" % k)
w("Message-ID: <flood-%s@elsewhere.example>\nMIME-Version: 1.0\n" % k)
if kind == "parts":
    w("Content-Type: multipart/mixed; boundary=b\n\n")
    w(("--b\nContent-Type: text/plain\n\n" + "x" * 150 + "\n") * 52000)
    w("--b--\n")
else:
    w("Content-Type: multipart/mixed; boundary=b\n\n--b\n")
    w("Content-Type: text/plain\n\nMy compose file.\n--b\n")
    w("Content-Type: application/octet-stream; name=compose.yaml\n")
    w("Content-Disposition: attachment; filename=compose.yaml\n")
    w("Content-Transfer-Encoding: base64\n\n")
    data = (b"services:\n  web:\n    image: nginx\n" * 200000)[:7000000]
    w(base64.encodebytes(data).decode())
    w("--b--\n")
PY
}

@test "judge flood: five 9.5 MB strangers' messages at once through postfix: each judge under 32 MiB, five dropped lines, nothing kept, no bounce; an honest game still taken" {
	judge_home
	for k in 1 2 3 4 5; do
		case $k in 1 | 3 | 5) kind=parts ;; *) kind=attachment ;; esac
		stranger "$k" "$kind" >"flood-$k.eml"
		size=$(wc -c <"flood-$k.eml")
		[ "$size" -gt 9000000 ]
		[ "$size" -lt 9800000 ]
	done
	# all five at once, each from its own stranger's envelope
	for k in 1 2 3 4 5; do
		"$MTA_SENDMAIL" -i -f "stranger$k@elsewhere.example" \
			judge@example.org <"flood-$k.eml" &
	done
	wait
	queue_empty_after 5
	[ "$(robot_lines | grep -c 'status=sent')" -eq 5 ] || {
		judge_log; false; }
	# the judge's own measure: five runs, each under 32 MiB
	echo "peak memory of each judge (KiB): $(tr '\n' ' ' <"$JUDGE_HOME/home/rss")"
	[ "$(grep -c . "$JUDGE_HOME/home/rss")" -eq 5 ]
	while read -r kib; do
		[ "$kib" -le $((32 * 1024)) ] || { judge_log; false; }
	done <"$JUDGE_HOME/home/rss"
	# a line each, dropped; nothing kept, nobody answered
	log=$JUDGE_HOME/home/games/judge.log
	[ "$(grep -c . "$log")" -eq 5 ] || { judge_log; false; }
	for k in 1 2 3 4 5; do
		grep -q "^[^ ]* <flood-$k@elsewhere.example> - - dropped " \
			"$log" || { judge_log; false; }
	done
	[ -z "$(ls -A "$JUDGE_HOME/home/games/failed" 2>/dev/null)" ]
	[ -z "$(ls "$JUDGE_HOME/home/games" | grep -v -x -e judge.log \
		-e failed -e spool)" ] || { judge_log; false; }
	# no bounce, no answer: only the five deliveries to the judge
	if grep 'status=bounced' "$MTA_DIR/maillog"; then false; fi
	[ "$(grep -c 'status=sent' "$MTA_DIR/maillog")" -eq 5 ]
	[ "$(mta_count alice)" -eq 0 ]
	# then an honest message still goes through: Alice's new game,
	# the judge her referee, answered with the game file
	party_config alice 'player = alice@example.org' \
		'referee = judge@example.org'
	as alice "$UMPIRE" new arnswalde-1945 --side player=alice.pub \
		--referee judge.pub --address player=alice@example.org \
		-o game.yaml
	id=$(sed -n 's/^game: //p' home/alice/game.yaml)
	as alice "$UMPIRE" mail game.yaml --to referee --send
	# (a game taken by mail: her address confirmed first)
	letter=$(mta_wait alice 1) || { judge_log; false; }
	grep -q "^[^ ]* <[^>]*> $id join done " "$log" || { judge_log; false; }
	mta_confirm alice "$letter"
	letter=$(mta_wait alice 2) || { judge_log; false; }
	python3 - "$letter" "$id" <<'PY'
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
names = [p.get_filename() for p in m.iter_attachments()]
assert sys.argv[2] + ".yaml" in names, names
PY
	[ "$(grep -c . "$JUDGE_HOME/home/rss")" -eq 7 ]
	echo "the honest judge's peak memory: $(tail -n 1 "$JUDGE_HOME/home/rss") KiB"
}
