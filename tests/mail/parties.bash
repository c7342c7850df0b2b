# parties.bash - Alice (a player) and Rita (her referee) for the
# real-mail tests: separate home directories, keys and configuration
# files, as in the README's refereed solitaire, and the private postfix of
# mta.bash between them. A .bats file loads this (and ../e2e/helpers and
# mta) and gets setup_file, teardown_file and setup from it.

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
	if [ -n "${MTA_HOME:-}" ]; then rm -rf "$MTA_HOME"; fi
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
	party_config alice 'player = alice@example.org' \
		'referee = Rita <rita@example.org>'
	party_config rita 'player = Alice <alice@example.org>' \
		'referee = rita@example.org'
	as alice "$UMPIRE" keygen -s alice.key -p alice.pub -W >/dev/null
	as rita "$UMPIRE" keygen -s rita.key -p rita.pub -W >/dev/null
	cp home/alice/alice.pub home/rita/
	cp home/rita/rita.pub home/alice/
}

# party_config WHO ADDRESS-LINE...: WHO's config file: his key, his
# address, the private MTA's sendmail (for --send), and the [addresses]
# lines given.
party_config() {
	local who=$1
	shift
	{
		printf '[umpire]\nsecret_key = %s\naddress = %s@example.org\n' \
			"$BATS_TEST_TMPDIR/home/$who/$who.key" "$who"
		printf 'sendmail = %s -t -i\n[addresses]\n' "$MTA_SENDMAIL"
		printf '%s\n' "$@"
	} >"$BATS_TEST_TMPDIR/home/$who/.config/umpire/config.ini"
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

# A game of Arnswalde 1945 that Rita has joined, and Alice's orders for
# its first step, signed: in Alice's home as game.yaml and signed.yaml,
# in Rita's as game.yaml. No mail is used for the set-up.
arnswalde_orders_ready() {
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

# snail_send WHO TO SUBJECT BODY [s-nail arguments...]: the same with
# s-nail (REAL-MAIL.md's ~/.mailrc, as command-line settings).
snail_send() {
	local who=$1 to=$2 subject=$3 body=$4
	shift 4
	as "$who" s-nail -:/ -S v15-compat -S "from=$who@example.org" \
		-S "mta=$MTA_SENDMAIL" -S sendwait -S ttycharset=utf-8 \
		-S sendcharsets=utf-8 "$@" -s "$subject" "$to@example.org" \
		<"$BATS_TEST_TMPDIR/home/$who/$body"
}

# attachments_of MSG: every attachment of the delivered message MSG,
# decoded (Python's email package, apart from umpire).
attachments_of() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
for p in m.iter_attachments():
    sys.stdout.buffer.write(p.get_payload(decode=True))' "$1"
}
