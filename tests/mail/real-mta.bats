#!/usr/bin/env bats
# Real mail: every file goes through a real MTA (a private postfix,
# tests/mail/mta.bash) and a real client (mutt in batch mode, with the
# settings of ../shared/design/REAL-MAIL.md), and umpire reads each
# message as postfix delivered it into the receiver's Maildir. Alice (a
# player) and Rita (her referee) have separate home directories, keys
# and configuration files, as in the README's "A game by mail".
#
# Where postfix cannot run (not root, not installed) every test skips and
# says why; `make check-mail` runs this file alone.

load ../e2e/helpers
load mta

setup_file() {
	umpire_setup_file
	export MTA_HOME
	MTA_HOME=$(mta_dir)
	if mta_start "$MTA_HOME" 2>"$BATS_FILE_TMPDIR/mta-why"; then
		export MTA_DIR MTA_CONF MTA_SENDMAIL
	else
		export MTA_SKIP
		MTA_SKIP="no private MTA here: $(cat "$BATS_FILE_TMPDIR/mta-why")"
	fi
}

teardown_file() {
	mta_stop
	[ -n "${MTA_HOME:-}" ] && rm -rf "$MTA_HOME"
}

setup() {
	umpire_setup
	[ -z "${MTA_SKIP:-}" ] || skip "$MTA_SKIP"
	EXAMPLES="$BATS_TEST_DIRNAME/../../examples"
	# each test's own mailboxes: the instance's are emptied
	rm -rf "$MTA_DIR"/mail/*/Maildir
	mkdir -p home/alice home/rita
	for who in alice rita; do
		mkdir -p "home/$who/.config/umpire"
		mta_muttrc "$who" "home/$who/.muttrc"
	done
	cat >home/alice/.config/umpire/config.ini <<EOF
[umpire]
secret_key = $BATS_TEST_TMPDIR/home/alice/alice.key
address = Alice <alice@example.org>
[addresses]
player = alice@example.org
referee = Rita <rita@example.org>
EOF
	cat >home/rita/.config/umpire/config.ini <<EOF
[umpire]
secret_key = $BATS_TEST_TMPDIR/home/rita/rita.key
address = Rita <rita@example.org>
[addresses]
player = Alice <alice@example.org>
referee = rita@example.org
EOF
	as alice "$UMPIRE" keygen -s alice.key -p alice.pub -W >/dev/null
	as rita "$UMPIRE" keygen -s rita.key -p rita.pub -W >/dev/null
	cp home/alice/alice.pub home/rita/
	cp home/rita/rita.pub home/alice/
}

# as WHO CMD...: run CMD in WHO's home, with WHO's configuration and
# local records, and the private MTA's sendmail first on PATH.
as() {
	local who=$1
	shift
	(cd "$BATS_TEST_TMPDIR/home/$who" &&
	 HOME="$BATS_TEST_TMPDIR/home/$who" \
	 XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/home/$who/.config" \
	 XDG_STATE_HOME="$BATS_TEST_TMPDIR/home/$who/.local/state" \
	 PATH="$MTA_DIR/bin:$PATH" "$@")
}

# mutt_send WHO TO SUBJECT BODY [mutt arguments...]: WHO sends BODY with
# mutt in batch mode.
mutt_send() {
	local who=$1 to=$2 subject=$3 body=$4
	shift 4
	as "$who" mutt -F .muttrc "$@" -s "$subject" -- "$to@example.org" \
		<"$BATS_TEST_TMPDIR/home/$who/$body"
}

# A game of Arnswalde 1945 that Rita has joined and Alice's orders for
# its second step, signed: in Alice's home as game.yaml and signed.yaml,
# in Rita's as game.yaml. No mail is used for the set-up.
arnswalde_at_step_2() {
	as alice "$UMPIRE" new arnswalde-1945 --side player=alice.pub \
		--referee rita.pub --set difficulty=low -o game.yaml 2>/dev/null
	cp home/alice/game.yaml home/rita/g0.yaml
	as rita "$UMPIRE" join g0.yaml --side referee -o game.yaml 2>/dev/null
	cp home/rita/game.yaml home/alice/game.yaml
	as alice sh -c "'$UMPIRE' orders game.yaml |
		python3 '$EXAMPLES/arnswalde-1945/choose.py' |
		'$UMPIRE' sign - --game game.yaml -o signed.yaml"
}

# The referee takes the orders from the message as delivered.
rita_verifies() {
	run as rita "$UMPIRE" verify "$1" --game game.yaml
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "real mail: the README's Arnswalde game, every file through postfix and mutt, to an audited end" {
	as alice "$UMPIRE" new arnswalde-1945 --side player=alice.pub \
		--referee rita.pub --set difficulty=low -o game.yaml 2>/dev/null
	as alice sh -c "'$UMPIRE' mail game.yaml --to referee | sendmail -t"
	msg=$(mta_wait rita 1)
	as rita "$UMPIRE" join "$msg" --side referee -o game.yaml
	as rita sh -c "'$UMPIRE' mail game.yaml --to player | sendmail -t"
	n=1 steps=0
	while :; do
		msg=$(mta_wait alice "$n")
		brief=$(as alice "$UMPIRE" status --brief "$msg")
		case "$brief" in over*) break ;; esac
		steps=$((steps + 1))
		as alice sh -c "'$UMPIRE' orders '$msg' |
			python3 '$EXAMPLES/arnswalde-1945/choose.py' |
			'$UMPIRE' sign - --game '$msg' -o signed.yaml"
		# Alice's ways of sending, in turn: umpire mail, a mutt
		# attachment, the orders pasted in a mutt body
		case $((steps % 3)) in
		0) as alice sh -c "'$UMPIRE' mail signed.yaml --to referee |
			sendmail -t" ;;
		1) printf 'Rita,\n\nmy orders are attached.\n\nAlice\n' \
			>home/alice/body.txt
		   mutt_send alice rita "orders" body.txt -a signed.yaml ;;
		2) { printf 'Rita, here they are:\n\n'
		     cat home/alice/signed.yaml
		     printf '\n-- \nAlice\n'; } >home/alice/body.txt
		   mutt_send alice rita "orders" body.txt ;;
		esac
		msg=$(mta_wait rita "$((steps + 1))")
		as rita "$UMPIRE" adjudicate game.yaml "$msg" -o next.yaml \
			--report report.txt
		as rita mv next.yaml game.yaml
		as rita sh -c "'$UMPIRE' mail game.yaml --report report.txt \
			--to player | sendmail -t"
		n=$((n + 1))
		[ "$steps" -lt 60 ]
	done
	[ "$steps" -ge 5 ]
	# Alice audits the last game file as it reached her, and it is the
	# referee's game, byte for byte
	as alice "$UMPIRE" audit "$msg"
	as alice sh -c "'$UMPIRE' status --brief '$msg'" | grep -q '^over'
	[ "$(mta_count rita)" -eq "$((steps + 1))" ]
}

@test "real mail: orders attached by mutt (7bit text/plain)" {
	arnswalde_at_step_2
	printf 'Rita,\n\nattached.\n' >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -a signed.yaml
	rita_verifies "$(mta_wait rita 1)"
}

@test "real mail: orders pasted in a mutt body, greeting above and signature below" {
	arnswalde_at_step_2
	{ printf 'Hello Rita,\n\n'; cat home/alice/signed.yaml
	  printf '\nCheers\n-- \nAlice\n'; } >home/alice/body.txt
	mutt_send alice rita "orders" body.txt
	rita_verifies "$(mta_wait rita 1)"
}

@test "real mail: orders pasted in a quoted-printable body (UTF-8 greeting, allow_8bit=no)" {
	arnswalde_at_step_2
	{ printf 'Grüße, Rita \342\200\224 my orders:\n\n'
	  cat home/alice/signed.yaml; } >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set allow_8bit=no'
	msg=$(mta_wait rita 1)
	grep -qi '^Content-Transfer-Encoding: quoted-printable' "$msg"
	rita_verifies "$msg"
}

@test "real mail: orders pasted in an 8bit body (allow_8bit=yes)" {
	arnswalde_at_step_2
	{ printf 'Grüße, Rita:\n\n'; cat home/alice/signed.yaml; } \
		>home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set allow_8bit=yes'
	rita_verifies "$(mta_wait rita 1)"
}

@test "real mail: orders pasted in a format=flowed body (mutt text_flowed=yes)" {
	arnswalde_at_step_2
	{ printf 'Rita, my orders:\n\n'; cat home/alice/signed.yaml; } \
		>home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set text_flowed=yes'
	msg=$(mta_wait rita 1)
	grep -qi 'format=flowed' "$msg"
	rita_verifies "$msg"
}

@test "real mail: the orders as the whole body, format=flowed" {
	arnswalde_at_step_2
	cp home/alice/signed.yaml home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set text_flowed=yes'
	rita_verifies "$(mta_wait rita 1)"
}

@test "real mail: a '> ' quoted reply holding the orders, one and two levels" {
	arnswalde_at_step_2
	{ printf 'On Monday, Alice wrote:\n'
	  sed 's/^/> /' home/alice/signed.yaml; printf '\nYes, these.\n'; } \
		>home/alice/body.txt
	mutt_send alice rita "Re: orders" body.txt
	rita_verifies "$(mta_wait rita 1)"
	{ printf 'Rita wrote:\n'
	  sed 's/^/> > /' home/alice/signed.yaml; } >home/alice/body.txt
	mutt_send alice rita "Re: Re: orders" body.txt
	rita_verifies "$(mta_wait rita 2)"
}

@test "real mail: a message forwarded as an attachment (message/rfc822)" {
	arnswalde_at_step_2
	printf 'attached.\n' >home/alice/body.txt
	mutt_send alice alice "orders" body.txt -a signed.yaml
	cp "$(mta_wait alice 1)" home/alice/sent.eml
	printf 'Rita, forwarding my own mail.\n' >home/alice/body.txt
	mutt_send alice rita "Fwd: orders" body.txt -a sent.eml
	msg=$(mta_wait rita 1)
	grep -qi 'message/rfc822' "$msg"
	rita_verifies "$msg"
}

@test "real mail: a long UTF-8 subject (RFC 2047, folded) and CRLF line ends" {
	arnswalde_at_step_2
	printf 'attached.\n' >home/alice/body.txt
	subject="Befehle für Schritt 2 – $(printf 'lang %.0s' $(seq 1 50))"
	mutt_send alice rita "$subject" body.txt -a signed.yaml
	msg=$(mta_wait rita 1)
	rita_verifies "$msg"
	sed 's/$/\r/' "$msg" >crlf.eml
	rita_verifies "$BATS_TEST_TMPDIR/crlf.eml"
}

@test "real mail: a game file attached by mutt and one pasted below a greeting" {
	arnswalde_at_step_2
	printf 'the game, attached.\n' >home/rita/body.txt
	mutt_send rita alice "game" body.txt -a game.yaml
	as alice "$UMPIRE" status "$(mta_wait alice 1)" >/dev/null
	{ printf 'Alice, the game:\n\n'; cat home/rita/game.yaml
	  printf '\n-- \nRita\n'; } >home/rita/body.txt
	mutt_send rita alice "game" body.txt
	run as alice "$UMPIRE" status "$(mta_wait alice 2)"
	echo "$output"
	[ "$status" -eq 0 ]
}
