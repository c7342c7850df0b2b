#!/usr/bin/env bats
# The README's mail exchanges, run as written, on fresh accounts: umpire
# installed with `make install`, found on PATH, an empty home directory
# for each party with nothing set but what the README says. Each
# "alice$" or "bob$" line of the README's "Your first game" section
# (each "alice$" or "rita$" line of the solitaire under a referee in
# "Refereeing a hidden game") runs in that party's home, each "$ " line
# (anyone) in the home of the party before it. Only the public keys are
# copied between homes (the README says they swap them); every game
# file and every order file goes by `umpire mail --send`, which hands
# the message to a stand-in sendmail named in the config file: it
# delivers it as message.eml to the home its To: address names, and
# refuses a message to nobody, to a stranger or to its own sender.

load helpers

setup() { umpire_setup; }

root="$BATS_TEST_DIRNAME/../.."

# homes PARTY...: umpire installed, the stand-in sendmail, a home and a
# passphrase file for each party
homes() {
	make -s -C "$root" install DESTDIR="$BATS_TEST_TMPDIR/inst" >/dev/null
	bin="$BATS_TEST_TMPDIR/inst/usr/local/bin"
	mkdir -p tools "$@"
	cat >tools/sendmail <<-'EOF'
	#!/bin/sh
	msg=$(mktemp) && cat >"$msg" || exit 75
	to=$(sed -n '/^$/q; s/^To:.*[< ]\([a-z]*\)@example\.org.*/\1/p' "$msg")
	if [ -z "$to" ] || [ "$to" = "$ME" ] || [ ! -d "$HOMES/$to" ]; then
		echo "sendmail: To: '$to' is not the other party" >&2
		exit 1
	fi
	mv "$msg" "$HOMES/$to/message.eml"
	EOF
	chmod +x tools/sendmail
	for who in "$@"; do printf '%s pass phrase\n' "$who" >"$who.pass"; done
	last=""
}

# commands SECTION PARTIES: the section's command lines of PARTIES (a
# regex) and anyone, continuation lines joined, each with the number of
# its block (the blocks are split by prose), to commands.txt
commands() {
	awk -v sec="$1" -v who="$2" '
	     $0 == "## " sec { on = 1; next } /^## / { on = 0 }
	     on && /^[^ ]/ { prose = 1 }
	     on && $0 ~ "^    (" who ")?\\$ " { cmd = $0
		while (cmd ~ /\\$/) {
			getline nxt; sub(/\\$/, "", cmd); cmd = cmd " " nxt }
		if (prose) { block++; prose = 0 }
		print block "\t" cmd }' "$root/README.md" >commands.txt
	cat commands.txt
}

# config WHO INI: WHO's config file is INI, with the stand-in sendmail
config() {
	mkdir -p "$1/.config/umpire"
	sed "/^\[umpire\]\$/a sendmail = $BATS_TEST_TMPDIR/tools/sendmail -t -i" \
		"$2" >"$1/.config/umpire/config.ini"
	grep -q '^sendmail = ' "$1/.config/umpire/config.ini"
}

# run_line WHO CMD: one command line in WHO's home, as WHO
run_line() {
	local who=$1 cmd=$2
	if [ -n "$last" ] && [ "$last" != "$who" ]; then
		cp "$last"/*.pub "$who"/ 2>/dev/null || true
	fi
	last=$who
	echo "$who\$ $cmd"
	(cd "$BATS_TEST_TMPDIR/$who" &&
	 env -u UMPIRE_SCENARIOS -u XDG_STATE_HOME -u XDG_CONFIG_HOME \
	     HOME="$BATS_TEST_TMPDIR/$who" EDITOR=true \
	     PATH="$bin:$BATS_TEST_TMPDIR/tools:$PATH" \
	     HOMES="$BATS_TEST_TMPDIR" ME="$who" \
	     UMPIRE_PASSPHRASE_FILE="$BATS_TEST_TMPDIR/$who.pass" \
	     bash -c "set -eo pipefail; $cmd" </dev/null) ||
		{ echo "failed: $who\$ $cmd"; return 1; }
}

# run_block N SWAP [MAX]: block N's lines of commands.txt (at most MAX),
# alice and bob swapped when SWAP is 1
run_block() {
	local n=0 b line who
	while IFS=$'\t' read -r b line; do
		[ "$b" = "$1" ] || continue
		n=$((n + 1))
		[ -z "${3:-}" ] || [ "$n" -le "$3" ] || break
		who=${line%%\$*}; who=${who// /}
		[ -n "$who" ] || who=$last
		if [ "$2" = 1 ]; then
			case $who in alice) who=bob ;; bob) who=alice ;; esac
		fi
		run_line "$who" "${line#*\$ }" || return 1
	done <commands.txt
}

# alice_ends BRIEF SUBJECT: Alice's game.yaml is at BRIEF (umpire status
# --brief), and the last mail she got says SUBJECT
alice_ends() {
	run env HOME="$BATS_TEST_TMPDIR/alice" "$bin/umpire" status --brief \
		alice/game.yaml
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == "$1"* ]]
	grep -q "^Subject: .*$2" alice/message.eml
}

@test "README: two fresh accounts follow 'Your first game' to an audited game" {
	homes alice bob
	commands "Your first game" "alice|bob"
	[ "$(wc -l <commands.txt)" -ge 20 ]
	# the config file as the README shows it, for each: Bob's names
	# his own key and address
	awk '/^    \[umpire\]$/ { on = 1 } on && /^$/ { exit }
	     on { sub(/^    /, ""); print }' "$root/README.md" >alice.ini
	grep -q '^secret_key = ~/.umpire/alice.key$' alice.ini
	sed '/^\[addresses\]$/,$!{s/alice/bob/g; s/Alice/Bob/g}' \
		alice.ini >bob.ini
	grep -q '^secret_key = ~/.umpire/bob.key$' bob.ini
	grep -q '^address = Bob <bob@example.org>$' bob.ini
	config alice alice.ini
	config bob bob.ini
	# the block that starts with an adjudication is the turn everyone
	# plays from then on ("and so on"): played as written, then by the
	# other party, and again, until each side has adjudicated two steps
	# of the other's; then the check of the last block
	loop=$(awk -F'\t' '$2 ~ /\$ umpire adjudicate / { print $1; exit }' \
		commands.txt)
	final=$(tail -1 commands.txt | cut -f1)
	[ -n "$loop" ]
	[ "$loop" -lt "$final" ]
	for b in $(seq 1 "$final"); do
		[ "$b" = "$final" ] && break
		run_block "$b" 0
		if [ "$b" = "$loop" ]; then
			run_block "$loop" 1
			run_block "$loop" 0
			run_block "$loop" 1
			run_block "$loop" 0 1    # the adjudication alone
		fi
	done
	run_block "$final" 0
	# the last commands were audit, dice and render on Alice's game
	[ "$last" = alice ]
	[ -s alice/board.svg ]
	for who in alice bob; do
		[ "$(stat -c %a "$who/.umpire")" = 700 ]
	done
	# five steps played, the Allies' three adjudicated by Alice, the
	# Germans' two by Bob; the last mail was Bob's orders for step 5
	alice_ends "pending german 6" "step 5, allied"
}

# save_game WHO: WHO's mail client saves the game.yaml the message
# carries as WHO's game.yaml, as the README says she does
save_game() {
	python3 - "$1/message.eml" "$1/game.yaml" <<-'PY'
	import email, sys
	msg = email.message_from_binary_file(open(sys.argv[1], "rb"))
	parts = [p for p in msg.walk() if p.get_filename() == "game.yaml"]
	assert len(parts) == 1, "no game.yaml attached"
	open(sys.argv[2], "wb").write(parts[0].get_payload(decode=True))
	PY
}

@test "README: Alice and her referee Rita follow the solitaire to an audited game" {
	homes alice rita
	commands "Refereeing a hidden game" "alice|rita"
	[ "$(wc -l <commands.txt)" -ge 7 ]
	# their config files: "Your first game"'s, with the addresses the
	# solitaire's paragraph names; Rita's names her own key
	awk '/^    \[umpire\]$/ { on = 1 } on && /^    \[addresses\]$/ { exit }
	     on { sub(/^    /, ""); print }' "$root/README.md" >alice.ini
	grep -q '^secret_key = ~/.umpire/alice.key$' alice.ini
	section=$(sed -n '/^## Refereeing a hidden game/,/^## /p' "$root/README.md" |
		tr '\n' ' ')
	[[ "$section" == *'`player = alice@example.org` and `referee = Rita <rita@example.org>` under `[addresses]`'* ]]
	printf '[addresses]\nplayer = alice@example.org\nreferee = Rita <rita@example.org>\n' >>alice.ini
	sed '/^\[addresses\]$/,$!{s/alice/rita/g; s/Alice/Rita/g}' \
		alice.ini >rita.ini
	grep -q '^secret_key = ~/.umpire/rita.key$' rita.ini
	config alice alice.ini
	config rita rita.ini
	# their keys, as "Your first game" makes Alice's
	run_line alice 'umpire keygen -s ~/.umpire/alice.key -p alice.pub'
	run_line rita 'umpire keygen -s ~/.umpire/rita.key -p rita.pub'
	run_block 1 0          # the game made, joined and mailed back
	# two turns: Alice's, her signed orders mailed alone, as the
	# paragraph says; then Rita's block as written
	[[ "$section" == *'(`umpire mail signed.yaml --send` goes to the referee)'* ]]
	for turn in 1 2; do
		save_game alice
		run_line alice 'umpire orders game.yaml -o orders.yaml'
		run_line alice 'umpire sign orders.yaml --game game.yaml -o signed.yaml'
		run_line alice 'umpire mail signed.yaml --send'
		run_block 2 0
	done
	save_game alice
	run_line alice 'umpire audit game.yaml'
	alice_ends "pending player 3" "step 3"
}
