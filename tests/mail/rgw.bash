# rgw.bash - a Russo-German War refereed by `umpire judge` through the
# private postfix of mta.bash, as judge.bats and judge-desk.bats play
# it: the pipe's judge (setup_file), its home, the game made and both
# players invited, the letters read as they come, and the checks at
# the game's end. A .bats file loads this after ../e2e/helpers, mta,
# parties and robot.

# rgw_setup_file: the judge as the pipe runs it (the setup_file of
# judge.bats and judge-desk.bats).
rgw_setup_file() {
	umpire_setup_file
	export MTA_HOME JUDGE_HOME
	MTA_HOME=$(mta_dir)
	JUDGE_HOME=$MTA_HOME/judge
	mkdir -p "$JUDGE_HOME"
	judge_world
	# what the pipe runs: the judge, in its home, on its games; once
	# under strace(1) when the test left strace's arguments in
	# home/strace-args (to kill the judge at a chosen system call): the
	# file is gone before the judge starts, so that the mail system's
	# next delivery runs the judge plainly
	local strace
	strace=$(command -v strace || true)
	cat >"$JUDGE_HOME/deliver" <<EOF
#!/bin/sh
cd "$JUDGE_HOME/home" || exit 75
set -- env HOME="$JUDGE_HOME/home" XDG_STATE_HOME="$JUDGE_HOME/home/state" \
	XDG_CONFIG_HOME="$JUDGE_HOME/home/.config" \
	UMPIRE_SCENARIOS="$JUDGE_SCENARIOS" \
	"$JUDGE_UMPIRE" judge --games "$JUDGE_HOME/home/games" \
	--config "$JUDGE_HOME/home/config.ini"
if [ -f strace-args ] && [ -n "$strace" ]; then
	args=\$(cat strace-args)
	rm -f strace-args || exit 75
	exec "$strace" -qq -o "$JUDGE_HOME/home/strace.log" \$args "\$@"
fi
exec "\$@"
EOF
	chmod 755 "$JUDGE_HOME/deliver"
	if mta_start "$MTA_HOME" judge "$JUDGE_HOME/deliver" \
		2>"$BATS_FILE_TMPDIR/mta-why"; then
		export MTA_DIR MTA_CONF MTA_SENDMAIL
	else
		export MTA_SKIP
		MTA_SKIP="no private MTA here: $(cat "$BATS_FILE_TMPDIR/mta-why")"
	fi
}

setup_file() {
	rgw_setup_file
}

# judge_home: the judge's home, owned by nobody (the pipe's user): its
# key (0600, unencrypted), its configuration (the plain sendmail; no
# [addresses]: a role's address is the game's, its join's or the one
# it was invited at) and its games directory. The key's public half
# goes to every player's home.
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
	chown -R 65534:65534 "$h"
	chmod 600 "$h/judge.key"
	for who in alice bob rita; do
		if [ -d "home/$who" ]; then cp "$h/judge.pub" "home/$who/"; fi
	done
}

# The header block of the delivered message $1, its folded fields
# unfolded (RFC 5322 folds a long subject), then the body as it is.
unfolded() {
	python3 -c '
import re, sys
t = open(sys.argv[1], "rb").read().decode("utf-8", "replace")
head, sep, body = t.partition("\n\n")
sys.stdout.write(re.sub(r"\r?\n[ \t]+", " ", head) + sep + body)' "$1"
}

# next_letter: wait (at most 30 s) for a message to alice or bob that
# the test has not seen yet (in $seen), and set who and msg to it.
next_letter() {
	local i m
	for i in $(seq 1 300); do
		for who in alice bob; do
			for m in $(ls -tr "$MTA_DIR/mail/$who/Maildir/new" \
				2>/dev/null); do
				case " $seen " in *" $m "*) continue ;; esac
				seen="$seen $m"
				msg=$MTA_DIR/mail/$who/Maildir/new/$m
				return 0
			done
		done
		sleep 0.1
	done
	echo "no message from the judge after 30 s" >&2
	judge_log >&2
	return 1
}

# rgw_invited [ALICE-PUB]: Alice (german) and Bob (soviet) with configs (their
# sendmail gives their own address as the envelope sender, as mutt's
# envelope_from does, so that a bounce would reach them), Bob with his
# key, the judge's home, and a Russo-German War game made in its games
# directory for Alice's public key (the file ALICE-PUB, default
# home/alice/alice.pub) and Bob's, inviting each side at its address;
# Rita mails it to both. Sets id (the game).
rgw_invited() {
	mkdir -p home/bob/.config/umpire
	as bob "$UMPIRE" keygen -s bob.key -p bob.pub -W >/dev/null
	for who in alice bob rita; do
		party_config "$who" 'german = Alice <alice@example.org>' \
			'soviet = Bob <bob@example.org>' \
			'referee = Judge <judge@example.org>'
		sed -i "s|^sendmail = .*|& -f $who@example.org|" \
			"home/$who/.config/umpire/config.ini"
	done
	judge_home
	# (readable by the judge's user: a key saved by mutt is 0600)
	install -m 644 "${1:-home/alice/alice.pub}" "$JUDGE_HOME/home/alice.pub"
	cp home/bob/bob.pub "$JUDGE_HOME/home/"
	# The judge's owner makes the game in the games directory with the
	# judge's key, as the judge's user, inviting each side at its
	# address (the judge mails a role only at the game's address for
	# it); Rita mails it to both sides, at the addresses it invites
	# them at: their invitations, the only ones (the judge invites no
	# side of a game its host made)
	# (RGW_CLOCK: the game's clock, umpire new --set's)
	as_judge "$JUDGE_UMPIRE" new russo-german-war --side german=alice.pub \
		--side soviet=bob.pub --referee judge.pub ${RGW_CLOCK:-} \
		--address german=alice@example.org \
		--address soviet=bob@example.org -o games/new.yaml 2>/dev/null
	id=$(sed -n 's/^game: //p' "$JUDGE_HOME/home/games/new.yaml")
	mv "$JUDGE_HOME/home/games/new.yaml" "$JUDGE_HOME/home/games/$id.yaml"
	cp "$JUDGE_HOME/home/games/$id.yaml" home/rita/g0.yaml
	# (RGW_INVITE_DESK=1: the invitation's desk page beside it, in
	# which a player with a browser only joins)
	if [ "${RGW_INVITE_DESK:-0}" = 1 ]; then
		as rita "$UMPIRE" desk g0.yaml -o desk.html
		as rita "$UMPIRE" mail g0.yaml desk.html --send
	else
		as rita "$UMPIRE" mail g0.yaml --send
	fi
}

# bob_joins: Bob joins from Rita's invitation, his one, and mails his
# join to the judge (the referee's address); seen gets the invitation.
bob_joins() {
	invite=$(mta_wait bob 1) || { judge_log; false; }
	attachment_names "$invite" | grep -qx 'g0.yaml'
	grep -q '^From: .*rita@example.org' "$invite"
	as bob "$UMPIRE" join "$invite" --side soviet -o g2.yaml
	as bob "$UMPIRE" mail g2.yaml --to referee --send
	seen="$seen $(basename "$invite")"
}

# rgw_joined: rgw_invited, and both joins mailed to the judge, Alice's
# made by umpire join. Sets id (the game) and seen (the messages read
# so far); the judge's next letter is Alice's first view.
rgw_joined() {
	rgw_invited
	# Alice joins and mails her join to the judge (the referee's
	# address)
	as alice "$UMPIRE" join "$(mta_wait alice 1)" --side german -o g1.yaml
	# what Alice has read: her invitation (the judge writes to her
	# only once both have joined)
	seen=" $(basename "$(mta_wait alice 1)")"
	as alice "$UMPIRE" mail g1.yaml --to referee --send
	bob_joins
}

# answer WHO MSG: WHO answers the sealed view of message MSG with the
# example player's choices, signed and sealed to the judge, by mail.
answer() {
	as "$1" sh -c "'$UMPIRE' orders '$2' |
		python3 '$EXAMPLES/russo-german-war/choose.py' |
		'$UMPIRE' sign - --game '$2' --seal judge.pub -o signed.yaml"
	as "$1" "$UMPIRE" mail signed.yaml --send
}

# to_move MSG WHO: whether MSG is a letter of this game asking WHO's
# side to move (its subject says so: all a relay reads).
to_move() {
	local s
	case $2 in alice) s=german ;; bob) s=soviet ;; esac
	unfolded "$1" | grep -q "^Subject: \[umpire ${id:0:8}\] .*, step [0-9]*: $s to move\$"
}

# The pipe's deliveries to the judge so far: the mail log's lines of
# the robot transport (status=sent, deferred or bounced).
robot_lines() {
	grep 'relay=robot,' "$MTA_DIR/maillog" 2>/dev/null
}

# robot_wait N: wait (at most 30 s) for the pipe's delivery number N,
# and print its status (sent, deferred, bounced).
robot_wait() {
	local i
	for i in $(seq 1 300); do
		if [ "$(robot_lines | wc -l)" -ge "$1" ]; then
			robot_lines | sed -n "$1{s/.* status=\([a-z]*\).*/\1/p;}"
			return 0
		fi
		sleep 0.1
	done
	echo "no delivery number $1 to the judge after 30 s" >&2
	judge_log >&2
	return 1
}

# postfix's own queue, as its owner would run it (postqueue -c).
postqueue_of() {
	postqueue -c "$MTA_CONF" "$@"
}

# The judge's letters in WHO's Maildir: one line each, "SUBJECT
# <MESSAGE-ID>", the subject unfolded.
letters_of() {
	python3 -c '
import email, glob, re, sys
from email import policy
for path in sorted(glob.glob(sys.argv[1] + "/*")):
    m = email.message_from_binary_file(open(path, "rb"),
                                       policy=policy.compat32)
    # the judge, from the game'"'"'s own address (judge+ID8)
    if not re.search(r"judge(\+[0-9a-f]{8})?@example\.org",
                     m["From"] or ""):
        continue
    subj = " ".join((m["Subject"] or "").split())
    print(subj, (m["Message-ID"] or "").strip())
' "$MTA_DIR/mail/$1/Maildir/new"
}

# No bounce: none in the mail log, none in a player's Maildir, the
# queue empty.
no_bounce() {
	if grep 'status=bounced' "$MTA_DIR/maillog"; then return 1; fi
	if grep -l '^From: MAILER-DAEMON' \
		"$MTA_DIR"/mail/{alice,bob}/Maildir/new/* 2>/dev/null; then
		return 1
	fi
	postqueue_of -p | grep -q 'Mail queue is empty'
}

# rgw_ended: the checks of a game played to its end, each player's
# final.eml (the judge's letter with the game) and view-*.eml (every
# view he got) in his home: the judge never mailed a player an order
# file; each player audits the game with his views, and it is the
# judge's own file; nothing failed; every letter of the judge says it
# is automatic; nothing bounced.
rgw_ended() {
	# the judge never mailed a player an order file, nor the other's view
	python3 -c '
import email, sys
from email import policy
for path in sys.argv[1:]:
    m = email.message_from_binary_file(open(path, "rb"),
                                       policy=policy.default)
    for p in m.iter_attachments():
        head = p.get_payload(decode=True).split(b"\n", 1)[0]
        if head.startswith((b"umpire: orders/", b"umpire: sealed-orders/")):
            sys.exit("%s: %s" % (path, head.decode()))
' "$MTA_DIR"/mail/{alice,bob}/Maildir/new/*
	# each player audits the game he was sent with every view he got
	for who in alice bob; do
		as "$who" sh -c "'$UMPIRE' audit final.eml --view view-*.eml"
	done
	# the judge's own file is that game, and nothing failed
	as alice "$UMPIRE" audit final.eml \
		--against "$JUDGE_HOME/home/games/$id.yaml"
	[ ! -d "$JUDGE_HOME/home/games/failed" ] ||
		[ -z "$(ls "$JUDGE_HOME/home/games/failed")" ]
	# every letter of the judge says it is automatic (no vacation
	# program answers it)
	for m in "$MTA_DIR"/mail/{alice,bob}/Maildir/new/*; do
		grep -q '^From: .*judge\(+[0-9a-f]\{8\}\)\?@example.org' "$m" || continue
		grep -qi '^Auto-Submitted: auto-replied' "$m"
	done
	no_bounce
}
