#!/usr/bin/env bats
# umpire-judge(8)'s recipes for running a judge, run as it prints them:
# each is the .EX/.EE block after a line '.\" recipe: NAME' in
# man/umpire-judge.8, taken as it stands (the groff escapes \-, \e and
# \& read as the page prints them), only the host's paths put where this test
# keeps them (/home/judge the judge's home here, /usr/local/bin/umpire
# the binary under test). Through the private postfix of mta.bash:
# `umpire judge --postfix ADDRESS --apply` writes the judge's pipe, and
# a player's join mailed to the judge's address is taken by the judge,
# which mails her the game; the .forward line, through postfix's
# local(8), the same; the procmail recipe, procmail run by local(8) as
# postfix's mailbox_command, the same. The judge's user is a system user this file makes
# (pipe(8) and local(8) run commands as a user with a home) and removes.
#
# Where postfix cannot run (not root, not installed, no mount
# namespace) every test skips and says why.

load ../e2e/helpers
load mta
load parties

RECIPE_USER=umpire-recipes

setup_file() {
	umpire_setup_file
	export MTA_HOME JUDGE_HOME MANPAGE
	MANPAGE="$BATS_TEST_DIRNAME/../../man/umpire-judge.8"
	MTA_HOME=$(mta_dir)
	JUDGE_HOME=$MTA_HOME/judge
	mkdir -p "$JUDGE_HOME/bin"
	cp "$UMPIRE" "$JUDGE_HOME/bin/umpire"
	cp -R "${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}" \
		"$JUDGE_HOME/scenarios"
	chmod -R a+rX "$JUDGE_HOME"
	# a pipe to a robot nobody writes to: mta_start's namespace, in
	# which the judge's plain sendmail reaches this instance
	# the user (left by a run that was killed: taken again, its home
	# here) is removed by teardown_file
	if [ "$(id -u)" = 0 ] &&
	   { getent passwd "$RECIPE_USER" >/dev/null &&
	     usermod --home "$JUDGE_HOME/home" "$RECIPE_USER" ||
	     useradd --system --no-create-home --home-dir "$JUDGE_HOME/home" \
		--shell /usr/sbin/nologin "$RECIPE_USER"; } \
		2>"$BATS_FILE_TMPDIR/mta-why" &&
	   mta_start "$MTA_HOME" robot /bin/true \
		2>"$BATS_FILE_TMPDIR/mta-why"; then
		export MTA_DIR MTA_CONF MTA_SENDMAIL
	else
		export MTA_SKIP
		MTA_SKIP="no private MTA or no user $RECIPE_USER here: $(cat \
			"$BATS_FILE_TMPDIR/mta-why" 2>/dev/null)"
	fi
}

teardown_file() {
	mta_stop
	if [ "$(id -u)" = 0 ] && getent passwd "$RECIPE_USER" >/dev/null; then
		userdel "$RECIPE_USER" 2>/dev/null || true
	fi
	[ -n "${MTA_HOME:-}" ] && rm -rf "$MTA_HOME"
}

# recipe NAME: the example block (.EX to .EE) after umpire-judge(8)'s
# line '.\" recipe: NAME', as the page prints it, the host's paths made
# this test's.
recipe() {
	awk -v want="$1" '
		/^\.\\" recipe: / && $3 == want { on = 1; next }
		on && /^\.EX$/ { ex = 1; next }
		ex && /^\.EE$/ { exit }
		ex { print }' "$MANPAGE" |
	sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e 's/^\\&//' \
		-e "s|/home/judge|$JUDGE_HOME/home|g" \
		-e "s|/usr/local/bin/umpire|$JUDGE_HOME/bin/umpire|g"
}

# The judge's home, as `umpire judge --init` makes it, as its user.
judge_home() {
	rm -rf "$JUDGE_HOME/home"
	mkdir -p "$JUDGE_HOME/home"
	chown "$RECIPE_USER:" "$JUDGE_HOME/home"
	chmod 755 "$JUDGE_HOME/home"
	as_judge "$JUDGE_HOME/bin/umpire" judge --init judge@example.org \
		>/dev/null
}

as_judge() {
	(cd "$JUDGE_HOME/home" &&
	 runuser -u "$RECIPE_USER" -- env -u XDG_STATE_HOME -u XDG_CONFIG_HOME \
		-u UMPIRE_CONFIG HOME="$JUDGE_HOME/home" \
		MAIL_CONFIG="$MTA_CONF" UMPIRE_SCENARIOS="$JUDGE_HOME/scenarios" \
		"$@")
}

# local_delivery [SETTING...]: the judge's address delivered by
# postfix's local(8) to its user (its .forward, or the mailbox_command
# SETTING names), the judge's pipe transport gone.
local_delivery() {
	postconf -c "$MTA_CONF" -M \
		'local/unix=local unix - n n - - local'
	printf 'judge@example.org %s@localhost\n' "$RECIPE_USER" \
		>"$MTA_CONF/virtual"
	postconf -c "$MTA_CONF" -e "mydestination = localhost" \
		"virtual_alias_maps = texthash:$MTA_CONF/virtual" \
		"transport_maps = texthash:$MTA_CONF/transport" \
		"local_recipient_maps =" "alias_maps =" \
		"local_transport = local" "$@"
	postconf -c "$MTA_CONF" -MX umpire/unix 2>/dev/null || true
	postfix -c "$MTA_CONF" reload >/dev/null 2>&1
}

# The host's game for Alice in the judge's games; she joins it and
# mails her join to the judge, which takes it and mails her the game.
alice_joins_by_mail() {
	local h=$JUDGE_HOME/home
	cp "$h/.umpire/judge.pub" home/alice/
	party_config alice 'player = alice@example.org' \
		'referee = judge@example.org'
	"$UMPIRE" new arnswalde-1945 -s "$h/.umpire/judge.key" \
		--side player=home/alice/alice.pub \
		--referee "$h/.umpire/judge.pub" \
		--address player=alice@example.org -o new.yaml 2>/dev/null
	id=$(sed -n 's/^game: //p' new.yaml)
	install -o "$RECIPE_USER" -m 600 new.yaml "$h/games/$id.yaml"
	cp "$h/games/$id.yaml" home/alice/game.yaml
	as alice "$UMPIRE" join game.yaml --side player -o joined.yaml
	as alice "$UMPIRE" mail joined.yaml --to referee --send
	letter=$(mta_wait alice 1) || { cat "$h/games/judge.log"; false; }
	grep -q "^[^ ]* <[^>]*> $id join done " "$h/games/judge.log"
	grep -q "^Subject: \[umpire ${id:0:8}\]" "$letter"
}

@test "recipe postfix: umpire-judge(8)'s umpire judge --postfix --apply, run twice, pipes the judge's address to it; a join mailed is taken" {
	judge_home
	recipe postfix | grep '^# umpire judge --postfix' >/dev/null
	# the command lines of the block: "# " the root prompt, a line
	# ending in a backslash going on
	recipe postfix | awk '
		/^# umpire / { sub(/^# /, ""); cmd = $0; on = /\\$/; if (!on) exit; next }
		on { cmd = cmd "\n" $0; on = /\\$/; if (!on) exit }
		END { print cmd }' >apply.sh
	grep -q -- '--apply$' apply.sh
	sed -i "s|^umpire |$JUDGE_HOME/bin/umpire |" apply.sh
	cat apply.sh
	# a postfix that knows no recipient delimiter: --apply adds the
	# judge's, or no game's own address would reach the judge
	postconf -c "$MTA_CONF" -e 'recipient_delimiter ='
	MAIL_CONFIG=$MTA_CONF run sh apply.sh
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(postconf -c "$MTA_CONF" -h recipient_delimiter)" = + ]
	# what umpire-judge(8) shows it prints, it prints
	recipe postfix | grep '^postconf -M ' >page-line
	sed -e "s|^postconf -M|postconf -c $MTA_CONF -M|" \
		-e "s| user=judge | user=$RECIPE_USER |" page-line >want
	grep -qxF -f want <<<"$output"
	postconf -c "$MTA_CONF" -M umpire/unix | grep -q "user=$RECIPE_USER "
	[ "$(postconf -c "$MTA_CONF" -h umpire_destination_recipient_limit)" = 1 ]
	# run again: the same configuration
	cp "$MTA_CONF/main.cf" main.before
	cp "$MTA_CONF/master.cf" master.before
	MAIL_CONFIG=$MTA_CONF run sh apply.sh
	[ "$status" -eq 0 ]
	diff main.before "$MTA_CONF/main.cf"
	diff master.before "$MTA_CONF/master.cf"
	# the judge's --check, as its user, sees the route
	run as_judge "$JUDGE_HOME/bin/umpire" judge --check
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "postfix   ok: postfix pipes judge@example.org to the judge as this user"
	alice_joins_by_mail
	# the pipe hands the judge the recipient as the sender wrote it: a
	# game's address that no game here has is dropped before it is read
	postconf -c "$MTA_CONF" -M umpire/unix |
		grep -qF -- '--recipient ${original_recipient}'
	printf 'From: alice@example.org\nTo: judge+deadbeef@example.org\nSubject: [umpire deadbeef]\n\nhello\n' >home/alice/stray.eml
	as alice sh -c "sendmail -t -i <stray.eml"
	local log=$JUDGE_HOME/home/games/judge.log i
	for i in $(seq 100); do
		grep -q 'addressed to game deadbeef' "$log" && break
		sleep 0.2
	done
	grep ' dropped .*addressed to game deadbeef (judge+deadbeef@example.org).*not read' "$log"
}

@test "recipe postfix: judge --check says FIX when postfix routes the address elsewhere, and what to run" {
	judge_home
	postconf -c "$MTA_CONF" -MX umpire/unix 2>/dev/null || true
	postconf -c "$MTA_CONF" -e "transport_maps = texthash:$MTA_CONF/transport"
	run as_judge "$JUDGE_HOME/bin/umpire" judge --check
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "postfix   FIX: postfix routes judge@example.org by no transport map"
	assert_output_has "no ~/.forward or ~/.procmailrc of this user runs umpire judge: as root, umpire judge --postfix judge@example.org --config FILE --apply"
	# a map routing it to a transport master.cf lacks
	printf 'judge@example.org umpire:\n' >"$MTA_CONF/umpire-transport"
	postmap -c "$MTA_CONF" "hash:$MTA_CONF/umpire-transport"
	postconf -c "$MTA_CONF" -e "transport_maps = hash:$MTA_CONF/umpire-transport"
	run as_judge "$JUDGE_HOME/bin/umpire" judge --check
	echo "$output"
	assert_output_has "postfix   FIX: postfix routes judge@example.org to the transport umpire, which master.cf does not have"
}

@test "recipe forward: umpire-judge(8)'s .forward line, through postfix's local(8), runs the judge as one command" {
	judge_home
	local line
	line=$(recipe forward)
	[ -n "$line" ]
	case $line in '"|'*'"') ;; *) echo "not quoted: $line"; false ;; esac
	printf '%s\n' "$line" >"$JUDGE_HOME/home/.forward"
	chown "$RECIPE_USER:" "$JUDGE_HOME/home/.forward"
	chmod 644 "$JUDGE_HOME/home/.forward"
	local_delivery
	run as_judge "$JUDGE_HOME/bin/umpire" judge --check
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "postfix   ok: postfix's local(8) delivers this user's mail through $JUDGE_HOME/home/.forward, which runs umpire judge"
	alice_joins_by_mail
	# one destination: no mbox file written where the games are, no
	# bounce with umpire's usage text
	[ ! -f "$JUDGE_HOME/home/games/games" ]
	! grep -q 'status=bounced' "$MTA_DIR/maillog"
}

@test "recipe procmail: umpire-judge(8)'s procmail recipe, procmail run by postfix's local(8), runs the judge" {
	command -v procmail >/dev/null || skip "procmail is not installed (make deps)"
	judge_home
	recipe procmail >"$JUDGE_HOME/home/.procmailrc"
	grep -q '^| .*umpire judge' "$JUDGE_HOME/home/.procmailrc"
	chown "$RECIPE_USER:" "$JUDGE_HOME/home/.procmailrc"
	chmod 644 "$JUDGE_HOME/home/.procmailrc"
	# procmail passes the judge no MAIL_CONFIG: the host's config
	# names this instance's sendmail (on a host, the plain one is it)
	sed -i "s|^address = .*|&\nsendmail = $MTA_SENDMAIL -t -i|" \
		"$JUDGE_HOME/home/.config/umpire/config.ini"
	local_delivery "mailbox_command = $(command -v procmail)"
	run as_judge "$JUDGE_HOME/bin/umpire" judge --check
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "through $JUDGE_HOME/home/.procmailrc, which runs umpire judge"
	alice_joins_by_mail
	! grep -q 'status=bounced' "$MTA_DIR/maillog"
}

@test "the tick's unit: no-new-privileges would stop postfix's set-group-id postdrop, and the unit sets none" {
	# as the tick sends a letter: the judge's user, postfix's plain
	# sendmail (in the instance's mount namespace, where it is this
	# postfix), with and without no_new_privs (setpriv(1))
	local pid
	pid=$(tr -d ' ' <"$MTA_DIR/queue/pid/master.pid")
	send() {
		printf 'From: judge@example.org\nTo: alice@example.org\nSubject: %s\n\nx\n' "$1" |
		timeout 10 nsenter -t "$pid" -m -- setpriv --reuid="$RECIPE_USER" \
			--regid="$RECIPE_USER" --clear-groups ${2:+"$2"} \
			env MAIL_CONFIG="$MTA_CONF" /usr/sbin/sendmail -t -i
	}
	run send plain
	echo "$output"
	[ "$status" -eq 0 ]
	mta_wait alice 1 >/dev/null
	# postdrop cannot write the maildrop: it says so and retries, a
	# tick that never ends (timeout(1) ends it here)
	run send nnp --no-new-privs
	echo "$output"
	[ "$status" -ne 0 ]
	assert_output_has "postdrop: warning: mail_queue_enter: create file maildrop/"
	assert_output_has "Permission denied"
	[ "$(mta_count alice)" -eq 1 ]
	# so the unit gives no such setting
	! grep -Eq '^(NoNewPrivileges|RestrictSUIDSGID)=' \
		"$BATS_TEST_DIRNAME/../../debian/umpire.umpire-judge-tick.service"
}
