#!/usr/bin/env bats
# The README's mail exchange, run as written, on fresh accounts: umpire
# installed with `make install`, found on PATH, two empty home
# directories (alice and rita) with nothing set but what the README
# says. Each "alice$" or "rita$" line of the README's "Your first game"
# section runs in that party's home. What the README says is mailed
# (public keys, the game file) is copied when the speaker changes, and
# `umpire mail --send` delivers the message to the other party as
# message.eml through a stand-in sendmail named in the config file.

load helpers

setup() { umpire_setup; }

@test "README: a fresh account follows 'Your first game' to an audited game" {
	root="$BATS_TEST_DIRNAME/../.."
	make -s -C "$root" install DESTDIR="$BATS_TEST_TMPDIR/inst" >/dev/null
	bin="$BATS_TEST_TMPDIR/inst/usr/local/bin"
	mkdir -p tools alice rita
	printf '#!/bin/sh\ncat >"$MAILBOX/message.eml"\n' >tools/sendmail
	chmod +x tools/sendmail
	printf 'alice pass phrase\n' >alice.pass
	printf 'rita pass phrase\n' >rita.pass
	# the section's command lines, continuation lines joined
	awk '/^## Your first game/ { on = 1; next } /^## / { on = 0 }
	     on && /^    (alice|rita)?\$ / { cmd = $0; while (cmd ~ /\\$/) {
		getline nxt; sub(/\\$/, "", cmd); cmd = cmd " " nxt }
		print cmd }' "$root/README.md" >commands.txt
	[ "$(wc -l <commands.txt)" -ge 14 ]
	# the config file as the README shows it, for each
	awk '/^    \[umpire\]$/ { on = 1 } on && /^$/ { exit }
	     on { sub(/^    /, ""); print }' "$root/README.md" >alice.ini
	grep -q '^secret_key = ~/.umpire/alice.key$' alice.ini
	sed 's/alice/rita/g; s/Rita <rita@example.org>/Alice <alice@example.org>/' \
		alice.ini >rita.ini
	for who in alice rita; do
		mkdir -p "$who/.config/umpire"
		# umpire mail --send delivers through the stand-in sendmail
		sed "/^\[umpire\]\$/a sendmail = $BATS_TEST_TMPDIR/tools/sendmail -t -i" \
			"$who.ini" >"$who/.config/umpire/config.ini"
		grep -q '^sendmail = ' "$who/.config/umpire/config.ini"
	done
	last=""
	while IFS= read -r line; do
		who=${line%%\$*}; who=${who// /}
		[ -n "$who" ] || who=rita   # "$ ..." lines: anyone
		cmd=${line#*\$ }
		other=alice; [ "$who" = alice ] && other=rita
		if [ -n "$last" ] && [ "$last" != "$who" ]; then
			cp "$last"/*.pub "$who"/ 2>/dev/null || true
			[ -f "$last/game.yaml" ] && cp "$last/game.yaml" "$who/"
		fi
		last=$who
		echo "$who\$ $cmd"
		(cd "$BATS_TEST_TMPDIR/$who" &&
		 env -u UMPIRE_SCENARIOS -u XDG_STATE_HOME -u XDG_CONFIG_HOME \
		     HOME="$BATS_TEST_TMPDIR/$who" EDITOR=true \
		     PATH="$bin:$BATS_TEST_TMPDIR/tools:$PATH" \
		     MAILBOX="$BATS_TEST_TMPDIR/$other" \
		     UMPIRE_PASSPHRASE_FILE="$BATS_TEST_TMPDIR/$who.pass" \
		     bash -c "set -eo pipefail; $cmd") ||
			{ echo "failed: $who\$ $cmd"; return 1; }
	done <commands.txt
	# the last commands were audit, dice and render on Rita's game
	[ -s rita/board.svg ]
	[ "$(stat -c %a alice/.umpire)" = 700 ]
	grep -q '^Subject: .*step 2' alice/message.eml
}
