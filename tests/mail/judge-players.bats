#!/usr/bin/env bats
# The judge's players over real mail: the private postfix of mta.bash
# pipes judge@example.org to `umpire judge` (as user nobody, as
# judge.bats runs it) and delivers the players' mail to their Maildirs;
# the players write with the clients they use, mutt and s-nail, as well
# as `umpire mail --send`. The judge's configuration has no [addresses]:
# every role is mailed at the address its game gives it (the invitation
# the judge's owner made with `umpire new --address`, then the join).
# What is tested is what a player meets: the invitation, orders pasted,
# quoted and flowed, each mistake answered once at the player's own
# address (a forged From never), a letter to a mistyped address coming
# back as a bounce, a key the judge may not use, and a whole game with
# mistakes along the way.
#
# Where postfix cannot run (not root, not installed, no mount namespace)
# every test skips and says why; `make check-mail` runs tests/mail.

load ../e2e/helpers
load mta
load parties
load robot

setup_file() {
	umpire_setup_file
	export MTA_HOME JUDGE_HOME
	MTA_HOME=$(mta_dir)
	JUDGE_HOME=$MTA_HOME/judge
	mkdir -p "$JUDGE_HOME"
	judge_world
	# what the pipe runs: the judge, in its home, on its games; mail
	# to judge2@example.org, a second judge on the same postfix, in
	# home2
	cat >"$JUDGE_HOME/deliver" <<EOF
#!/bin/sh
h="$JUDGE_HOME/home"
[ "\${1:-}" = judge2 ] && h="$JUDGE_HOME/home2"
cd "\$h" || exit 75
exec env HOME="\$h" XDG_STATE_HOME="\$h/state" \
	XDG_CONFIG_HOME="\$h/.config" \
	UMPIRE_SCENARIOS="$JUDGE_SCENARIOS" \
	"$JUDGE_UMPIRE" judge --games "\$h/games" \
	--config "\$h/config.ini"
EOF
	chmod 755 "$JUDGE_HOME/deliver"
	if MTA_PIPE_ALSO=judge2 mta_start "$MTA_HOME" judge "$JUDGE_HOME/deliver" \
		2>"$BATS_FILE_TMPDIR/mta-why"; then
		export MTA_DIR MTA_CONF MTA_SENDMAIL
		# (the judge sends with sendmail -f its own address, so a
		# bounce of its letters comes back to judge@example.org,
		# the pipe, not to the mailbox of its Unix user)
	else
		export MTA_SKIP
		MTA_SKIP="no private MTA here: $(cat "$BATS_FILE_TMPDIR/mta-why")"
	fi
}

setup() {
	umpire_setup
	[ -z "${MTA_SKIP:-}" ] || skip "$MTA_SKIP"
	EXAMPLES="$BATS_TEST_DIRNAME/../../examples"
	rm -rf "$MTA_DIR"/mail/*/Maildir
	postsuper -c "$MTA_CONF" -d ALL >/dev/null 2>&1 || true
	# the players: Alice (german) and Bob (soviet), and Carol, who
	# plays no part; each writes to the judge as the referee, and
	# knows no other address
	for who in alice bob carol; do
		mkdir -p "home/$who/.config/umpire"
		mta_muttrc "$who" "home/$who/.muttrc"
		party_config "$who" 'referee = Judge <judge@example.org>'
		as "$who" "$UMPIRE" keygen -s "$who.key" -p "$who.pub" -W \
			>/dev/null
	done
	seen=
}

# With PLAYERS_DEBUG=DIR, each test's games directory (its judge.log,
# failed/) is kept there.
teardown() {
	[ -z "${PLAYERS_DEBUG:-}" ] || [ -z "${JUDGE_HOME:-}" ] ||
		cp -r "$JUDGE_HOME/home/games" \
			"$PLAYERS_DEBUG/$BATS_TEST_NUMBER" 2>/dev/null || true
}

# judge_home [JUDGE-LINE...]: the judge's home (JUDGE_DIR, default
# home; its address JUDGE_ADDR, default judge@example.org), owned by
# nobody (the pipe's user): its key (0600, unencrypted), its
# configuration (the plain sendmail, its address, no [addresses]: the
# roles' come from the game), [judge] with the lines given, and its
# games directory (0700).
# The key's public half goes to every player's home, the players' keys
# to the judge's home.
judge_home() {
	local h=$JUDGE_HOME/${JUDGE_DIR:-home} who
	# its public key in the players' homes as judge.pub (judge2.pub)
	local pub=${JUDGE_ADDR:-judge@example.org}
	pub=${pub%%@*}
	rm -rf "$h"
	mkdir -p "$h/games" "$h/state" "$h/.config"
	"$UMPIRE" keygen -s "$h/judge.key" -p "$h/judge.pub" -W >/dev/null
	{
		printf '[umpire]\nsecret_key = %s/judge.key\n' "$h"
		printf 'address = %s\n' "${JUDGE_ADDR:-judge@example.org}"
		printf 'sendmail = /usr/sbin/sendmail -t -i\n[judge]\n'
		printf '%s\n' "$@"
	} >"$h/config.ini"
	for who in alice bob carol; do
		cp "$h/judge.pub" "home/$who/$pub.pub"
		cp "home/$who/$who.pub" "$h/"
	done
	chown -R 65534:65534 "$h"
	chmod 600 "$h/judge.key"
	chmod 700 "$h/games"
}

# The text body of the delivered message $1 (its first text/plain part,
# decoded).
body_of() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m.get_body(preferencelist=("plain",)).get_content())' "$1"
}

# all_mail: every message delivered to any Maildir of the instance.
all_mail() {
	find "$MTA_DIR/mail" -path '*/Maildir/new/*' -type f \
		-o -path '*/Maildir/cur/*' -type f
}

# next_letter [WHO...]: wait (at most 30 s) for a message to one of WHO
# (default alice and bob) that the test has not seen yet (in $seen),
# and set who and msg to it.
next_letter() {
	local i m w users=${*:-alice bob}
	for i in $(seq 1 300); do
		for w in $users; do
			for m in $(ls -tr "$MTA_DIR/mail/$w/Maildir/new" \
				2>/dev/null); do
				case " $seen " in *" $m "*) continue ;; esac
				seen="$seen $m"
				who=$w
				msg=$MTA_DIR/mail/$w/Maildir/new/$m
				return 0
			done
		done
		sleep 0.1
	done
	echo "no new message for $users after 30 s" >&2
	judge_log >&2
	return 1
}

# no_new_mail: after the judge has dealt with every message sent (the
# queue empty, then a pause), nobody got a message the test has not
# seen.
no_new_mail() {
	quiet
	local m
	for m in $(all_mail); do
		case " $seen " in *" $(basename "$m") "*) continue ;; esac
		echo "unexpected message: $m" >&2
		cat "$m" >&2
		return 1
	done
}

# no_new_mail_yet: nobody got a message the test has not seen (without
# waiting for postfix's queue to empty).
no_new_mail_yet() {
	local m
	for m in $(all_mail); do
		case " $seen " in *" $(basename "$m") "*) continue ;; esac
		echo "unexpected message: $m" >&2
		cat "$m" >&2
		return 1
	done
}

# quiet: wait (at most 30 s) until postfix's queue is empty, then a
# second for the judge's last letters to be delivered.
quiet() {
	local i
	for i in $(seq 1 300); do
		if postqueue -c "$MTA_CONF" -p 2>/dev/null |
			grep -q 'Mail queue is empty'; then
			sleep 1
			postqueue -c "$MTA_CONF" -p 2>/dev/null |
				grep -q 'Mail queue is empty' && return 0
		fi
		sleep 0.1
	done
	echo "postfix's queue is not empty after 30 s" >&2
	postqueue -c "$MTA_CONF" -p >&2
	return 1
}

# new_game GERMAN-ADDRESS SOVIET-ADDRESS: the judge's owner makes a
# Russo-German War in the games directory with the judge's key, Alice
# german and Bob soviet, each invited at the address given, and mails
# the invitations (`umpire mail` of the new game: to the roles still to
# join, at their invitations). Sets id.
new_game() {
	as_judge "$JUDGE_UMPIRE" new russo-german-war -s judge.key \
		--side german=alice.pub --side soviet=bob.pub \
		--referee judge.pub --address "german=$1" \
		--address "soviet=$2" -o games/new.yaml 2>/dev/null
	id=$(sed -n 's/^game: //p' "$JUDGE_HOME/${JUDGE_DIR:-home}/games/new.yaml")
	as_judge mv games/new.yaml "games/$id.yaml"
	as_judge "$JUDGE_UMPIRE" mail "games/$id.yaml" >"$BATS_TEST_TMPDIR/invite.eml"
	grep -q "^To: .*$1" invite.eml
	grep -q "$2" invite.eml
	"$MTA_SENDMAIL" -t -i -f judge@example.org <invite.eml
}

# join WHO SIDE INVITATION: WHO joins from the invitation as delivered
# and mails the join with `umpire mail --send`, no --to: to the game's
# referee.
join() {
	as "$1" "$UMPIRE" join "$3" --side "$2" -o joined.yaml 2>/dev/null
	as "$1" "$UMPIRE" mail joined.yaml --send
}

# A game both players have joined through the judge; seen holds the
# invitations. Leaves the first view in who and msg.
joined_game() {
	new_game alice@example.org bob@example.org
	next_letter alice
	join alice german "$msg"
	next_letter bob
	join bob soviet "$msg"
	to_move 1
	# the other letters of the joins, if any, are read
	quiet
	see_all
}

# see_all: every message delivered so far is seen.
see_all() {
	local m
	for m in $(all_mail); do
		case " $seen " in *" $(basename "$m") "*) ;;
		*) seen="$seen $(basename "$m")" ;; esac
	done
}

# orders WHO VIEW [JUDGE]: WHO's sealed orders answering the view in the
# delivered letter VIEW, chosen by the example player, sealed to JUDGE's
# key (default judge), in WHO's home as signed.yaml.
orders() {
	as "$1" sh -c "'$UMPIRE' orders '$2' |
		python3 '$EXAMPLES/russo-german-war/choose.py' |
		'$UMPIRE' sign - --game '$2' --seal ${3:-judge}.pub -o signed.yaml"
}

# steps: how many steps the judge has adjudicated (its log).
steps() {
	grep -c " $id [0-9]* done .*adjudicated step" \
		"$JUDGE_HOME/home/games/judge.log" || true
}

# adjudicated N: the judge's game has N steps (wait at most 30 s).
adjudicated() {
	local i
	for i in $(seq 1 300); do
		[ "$(steps)" -ge "$1" ] && return 0
		sleep 0.1
	done
	echo "the game has $(steps) steps, not $1" >&2
	judge_log >&2
	return 1
}

# to_move N: wait for the letter asking step N of the side to move (a
# view for it, "step N: SIDE to move"), and set who and msg to it.
to_move() {
	local side
	while :; do
		if attachment_names "$msg" | grep -q '\.view$'; then
			side=$(subject_of "$msg" |
				sed -n "s/.*, step $1: \([a-z]*\) to move$/\1/p")
			case $side:$who in german:alice | soviet:bob) return 0 ;;
			esac
		fi
		next_letter || return 1
	done
}

# subject_of MSG: its Subject, unfolded.
subject_of() {
	sed -n '/^Subject:/{:a;N;/\n[ \t]/{s/\n[ \t]*/ /;ba};P;q}' "$1" |
		sed 's/^Subject: //;s/\n.*//'
}

# letters_a_turn_bounded: the caller's count[PLAYER:TURN] of letters
# and its last game turn $turn: every game turn, each player at most 3
# letters, 2 at the median, and at least two game turns played.
letters_a_turn_bounded() {
	local all= t w n median
	for t in $(seq 1 "$turn"); do
		for w in alice bob; do
			n=${count[$w:$t]:-0}
			echo "game turn $t: $w $n"
			[ "$n" -le 3 ] || return 1
			all="$all $n"
		done
	done
	median=$(printf '%s\n' $all | sort -n | awk '{ v[NR] = $1 }
		END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      print m }')
	echo "median $median"
	awk -v m="$median" 'BEGIN { exit !(m <= 2) }' || return 1
	[ "$turn" -ge 2 ]
}

@test "judge players: a game made with --address invites both sides; each joins by umpire mail --send to the judge" {
	judge_home
	new_game alice@example.org bob@example.org
	# each side's invitation, from the owner's mail, holds the game
	next_letter alice
	attachment_names "$msg" | grep -qx "$id.yaml"
	join alice german "$msg"
	next_letter bob
	attachment_names "$msg" | grep -qx "$id.yaml"
	join bob soviet "$msg"
	# the judge took both joins and mails the first view, at the
	# invitations' addresses: its configuration has none
	until attachment_names "$msg" | grep -q '\.view$'; do
		next_letter || { judge_log; false; }
	done
	# (from the game's own address, which routes by its short id)
	grep -q "^From: .*judge+${id:0:8}@example.org" "$msg"
	grep -q "^To: .*$who@example.org" "$msg"
	[ "$(grep -c ' join done' "$JUDGE_HOME/home/games/judge.log")" -ge 2 ] ||
		{ judge_log; false; }
	grep -q '^german german@\|alice@example.org' \
		"$JUDGE_HOME/home/games/$id.yaml"
}

@test "judge players: two judges on one postfix, Alice and Bob in a game at each: joins and orders reach each game's own judge" {
	judge_home
	JUDGE_DIR=home2 JUDGE_ADDR=judge2@example.org judge_home
	# the first judge's game, joined; its first view kept
	joined_game
	ida=$id whoa=$who viewa=$msg
	# the second judge's: the players' configs name only the first
	# judge; each join goes where the game names its referee
	JUDGE_DIR=home2 new_game alice@example.org bob@example.org
	idb=$id
	next_letter alice
	join alice german "$msg"
	next_letter bob
	join bob soviet "$msg"
	to_move 1
	grep -q "^From: .*judge2+${idb:0:8}@example.org" "$msg"
	whob=$who viewb=$msg
	# orders in each game, umpire mail --send without --game or --to
	orders "$whob" "$viewb" judge2
	as "$whob" "$UMPIRE" mail signed.yaml --send
	orders "$whoa" "$viewa"
	as "$whoa" "$UMPIRE" mail signed.yaml --send
	quiet
	grep -q " $ida 1 done .*adjudicated step 1" \
		"$JUDGE_HOME/home/games/judge.log" || { judge_log; false; }
	grep -q " $idb 1 done .*adjudicated step 1" \
		"$JUDGE_HOME/home2/games/judge.log" ||
		{ cat "$JUDGE_HOME/home2/games/judge.log"; false; }
	# neither judge saw a file of the other's game
	if grep -q 'unknown game' "$JUDGE_HOME/home/games/judge.log" \
		"$JUDGE_HOME/home2/games/judge.log"; then false; fi
}

# carries_game_file MSG: the delivered letter MSG carries the game's
# file ($id.yaml.gz, the letter that ends it): a part's MIME name or
# file name. grep, not attachment_names: a Python start with its email
# parser is some 100 ms of CPU, once a letter of a whole game; the end
# letter's parts are read whole (audit, attachments_of) after.
carries_game_file() {
	grep -Eq "name=\"?$id\.yaml\.gz(\"|;|[[:space:]]|\$)" "$1"
}

# turn_of WHO MSG: the game turn of the view in the delivered letter
# MSG, as WHO opens it (the scenario's turn counter: the state's "turn",
# a plain number as umpire writes it). awk, not a YAML parser: a Python
# start with its yaml module is some 130 ms of CPU, once a letter of a
# whole game.
turn_of() {
	as "$1" "$UMPIRE" open "$2" -o plain.view 2>/dev/null &&
		awk '/^[^ #]/ {s = /^state:/} s && /^  turn: [0-9]+$/ {
			print $2; exit}' "home/$1/plain.view"
}

# A whole game with no mistake, each player's letters counted: make
# check-mail-full runs it (MAIL_FULL=1); make check-mail skips it, as the
# whole game below counts the same letters and makes each mistake too.
@test "judge players: a whole Russo-German War through postfix: each player gets at most 3 letters a game turn, 2 at the median" {
	[ -n "${MAIL_FULL:-}" ] ||
		skip "a second whole game: make check-mail-full (the game with each mistake counts the letters too)"
	judge_home
	joined_game
	declare -A count
	final= final2= turn=1 moves=0
	while [ -z "$final" ] || [ -z "$final2" ]; do
		if carries_game_file "$msg"; then
			# the end: the whole game file, counted in the last turn
			count[$who:$turn]=$((${count[$who:$turn]:-0} + 1))
			if [ -z "$final" ]; then final=$who; else final2=$who; fi
			[ -n "$final2" ] || next_letter
			continue
		fi
		t=$(turn_of "$who" "$msg")
		[ -n "$t" ] || { cat "$msg"; false; }
		turn=$t
		count[$who:$turn]=$((${count[$who:$turn]:-0} + 1))
		# a letter goes to the side asked: every one asks its reader
		side=$(subject_of "$msg" |
			sed -n 's/.*, step [0-9]*: \([a-z]*\) to move$/\1/p')
		case $side:$who in
		german:alice | soviet:bob) ;;
		*) echo "a letter to $who, $side to move"; false ;;
		esac
		moves=$((moves + 1))
		orders "$who" "$msg"
		if [ "$who" = alice ]; then
			{ printf 'Judge,\n\n'; cat home/alice/signed.yaml; } \
				>home/alice/body.txt
			mutt_send alice judge "orders" body.txt
		else
			printf 'attached.\n' >home/bob/body.txt
			snail_send bob judge "orders" body.txt -a signed.yaml
		fi
		adjudicated "$moves"
		next_letter
		[ "$moves" -lt 150 ] || { judge_log; false; }
	done
	[ "$final" != "$final2" ]
	no_new_mail
	letters_a_turn_bounded
}

@test "judge players: sealed orders pasted by mutt, in mutt's reply, '> ' quoted, flowed by mutt, attached by s-nail: each adjudicated" {
	judge_home
	joined_game
	n=0
	for how in pasted reply attached quoted flowed snail; do
		# the next letter: a view for the side asked next (after the
		# last way, none is waited for: a game of random seeds may
		# end at its sixth step, both sides sent its end)
		[ "$n" -eq 0 ] || to_move "$((n + 1))"
		orders "$who" "$msg"
		case $how in
		pasted)
			{ printf 'Judge,\n\nmy orders:\n\n'
			  cat "home/$who/signed.yaml"; printf '\n-- \n%s\n' "$who"
			} >"home/$who/body.txt"
			mutt_send "$who" judge "orders" body.txt ;;
		reply)
			# mutt's reply quotes the judge's letter as mutt
			# does by default, the sealed view attached to it
			# too; the orders below
			{ printf 'My orders:\n\n'; cat "home/$who/signed.yaml"
			} >"home/$who/reply.txt"
			mutt_reply "$who" "$msg" reply.txt
			# what mutt sent: a reply, the letter quoted
			sent=$(find "home/$who/reply.sent" -type f | head -1)
			grep -q '^Subject: Re: \[umpire ' "$sent"
			grep -q '^In-Reply-To: <' "$sent"
			grep -q '^> This letter is for ' "$sent"
			grep -q '^umpire: sealed-orders/' "$sent"
			# (the view too, quoted: the orders are what the
			# judge takes)
			grep -q '^> umpire: sealed/' "$sent" ;;
		attached)
			# mutt's default reply, the letter and its view
			# quoted, the orders attached
			printf 'My orders are attached.\n' >"home/$who/note.txt"
			MUTT_ATTACH=$BATS_TEST_TMPDIR/home/$who/signed.yaml \
				mutt_reply "$who" "$msg" note.txt
			sent=$(find "home/$who/reply.sent" -type f | head -1)
			grep -q '^> umpire: sealed/' "$sent"
			grep -q 'filename="\?signed.yaml' "$sent" ;;
		quoted)
			# a reply to her own mail of the orders, pasted:
			# the orders '> ' quoted
			{ printf 'On Monday, %s wrote:\n' "$who"
			  sed 's/^/> /' "home/$who/signed.yaml"
			  printf '\nThese, please.\n'; } >"home/$who/body.txt"
			mutt_send "$who" judge "Re: orders" body.txt ;;
		flowed)
			{ printf 'Judge, my orders:\n\n'
			  cat "home/$who/signed.yaml"; } >"home/$who/body.txt"
			mutt_send "$who" judge "orders" body.txt \
				-e 'set text_flowed=yes' \
				-e "set record=\"$BATS_TEST_TMPDIR/flowed\""
			grep -rqi '^Content-Type: text/plain.*format=flowed' \
				flowed ;;
		snail)
			printf 'attached.\n' >"home/$who/body.txt"
			snail_send "$who" judge "orders" body.txt -a signed.yaml ;;
		esac
		n=$((n + 1))
		adjudicated "$n"
	done
	grep -c 'adjudicated step' "$JUDGE_HOME/home/games/judge.log"
	[ -z "$(ls "$JUDGE_HOME/home/games/failed" 2>/dev/null)" ]
}

# answered_once WHAT HINT: the one answer to a mistake (the next
# message): to Alice's join address from the judge, its subject saying
# her message could not be used (a note: where the game stands), its
# body what was wrong (WHAT), what to send instead (HINT) and where the
# game stands: her move; then nothing more, for anyone.
answered_once() {
	next_letter alice bob carol || return 1
	echo "answer: $msg"
	[ "$who" = alice ] || { cat "$msg"; return 1; }
	grep -q '^To: .*alice@example.org' "$msg"
	if grep -q '^To: .*\(carol\|mallory\)' "$msg"; then false; fi
	grep -q "^From: .*judge+${id:0:8}@example.org" "$msg"
	subject_of "$msg" | grep -q "^\[umpire ${id:0:8}\] The Russo-German War.*, \(your message could not be used\|where the game stands\)$" ||
		{ subject_of "$msg"; return 1; }
	body_of "$msg" >answer.txt
	grep -q 'could not be used\|where game' answer.txt
	grep -q 'Where the game stands: step 1, german to move' answer.txt ||
		{ cat answer.txt; return 1; }
	grep -q 'It is your move' answer.txt
	# in a game with views the reason may be sealed to her: opened
	if attachment_names "$msg" | grep -q '\.answer$'; then
		grep -q 'umpire open FILE' answer.txt
		attachments_of "$msg" >home/alice/answer.sealed
		grep -qx 'umpire: sealed-answer/1' home/alice/answer.sealed
		as alice "$UMPIRE" open answer.sealed --view "$view" \
			-o answer.yaml
		cat home/alice/answer.yaml >>answer.txt
	fi
	grep -qF -- "$1" answer.txt || { cat answer.txt; return 1; }
	grep -qF -- "$2" answer.txt || { cat answer.txt; return 1; }
	no_new_mail
}

# forged N: the message Alice's mutt sent (its copy in sent-N) sent
# again with Carol's From and envelope sender: a stranger's, answered
# nowhere.
forged() {
	local copy
	copy=$(find "home/alice/sent-$1" -type f | head -1)
	[ -n "$copy" ]
	sed '1,/^$/s/^From: .*/From: Carol <carol@example.org>/' "$copy" |
		"$MTA_SENDMAIL" -t -i -f carol@example.org
	no_new_mail
}

# alice_mutt N SUBJECT BODY [mutt arguments...]: Alice sends with mutt,
# a copy kept in sent-N.
alice_mutt() {
	local k=$1
	shift
	mutt_send alice judge "$1" "$2" -e "set record=\"$BATS_TEST_TMPDIR/home/alice/sent-$k\"" "${@:3}"
}

@test "judge players: each mistake from a player's mutt answered once at her join address; the same with a forged From answered nowhere" {
	judge_home 'answers_a_day = 20'
	joined_game
	[ "$who" = alice ]
	view=$msg
	as alice "$UMPIRE" orders "$view" >home/alice/o.txt
	python3 "$EXAMPLES/russo-german-war/choose.py" <home/alice/o.txt \
		>home/alice/o.yaml
	printf 'Judge,\n\nattached.\n' >home/alice/body.txt
	# orders signed with another key (Carol's), sealed to the judge
	as alice "$UMPIRE" sign o.yaml -s ../carol/carol.key \
		--seal judge.pub -o other.yaml
	alice_mutt 1 "orders" body.txt -a other.yaml
	answered_once 'not signed with the key' 'Sign your orders with your own key'
	forged 1
	# orders not signed at all
	alice_mutt 2 "orders" body.txt -a o.yaml
	answered_once 'orders not signed' 'umpire sign orders.yaml'
	forged 2
	# the view sent back, as saved from the judge's letter
	attachments_of "$view" >home/alice/back.view
	alice_mutt 3 "my view" body.txt -a back.view
	answered_once 'a view' 'A view is for reading'
	forged 3
	# two files in one message: her join and her orders
	orders alice "$view"
	alice_mutt 4 "orders" body.txt -a signed.yaml -a joined.yaml
	answered_once 'more than one umpire file' 'Mail one umpire file a message'
	forged 4
	# a note with no file, mutt's reply to the judge's letter (not
	# quoting it)
	printf 'What am I to do now?\n\nAlice\n' >home/alice/note.txt
	mutt_reply alice "$view" note.txt -e "'set include=no'" \
		-e "'set record=\"$BATS_TEST_TMPDIR/home/alice/sent-5\"'"
	answered_once 'no umpire file' 'umpire sign orders.yaml --game VIEW'
	forged 5
	# a fresh note, no reply (no game in its subject): where her game
	# stands
	printf 'Is it my move?\n\nAlice\n' >home/alice/fresh.txt
	alice_mutt 6 "is it my move?" fresh.txt
	answered_once 'no umpire file' 'umpire mail signed.yaml --game VIEW'
	forged 6
	# after all of them, her request (umpire ask) gets her letter
	as alice "$UMPIRE" ask "$view" -o ask.yaml
	as alice "$UMPIRE" mail ask.yaml --send
	next_letter alice bob carol
	[ "$who" = alice ]
	attachment_names "$msg" | grep -q '\.view$'
	no_new_mail
	# strangers are logged, never answered; the game did not move
	[ "$(grep -c 'not answered (the sender is no party of the game)' \
		"$JUDGE_HOME/home/games/judge.log")" -eq 5 ] || { judge_log; false; }
	[ "$(steps)" -eq 0 ]
}

@test "judge players: a letter to a mistyped address bounces back to the judge: logged undeliverable, the other side told, --status lists it" {
	judge_home
	new_game alice@example.org bob@example.org
	next_letter alice
	join alice german "$msg"
	# Bob joins giving a mistyped address of his own, unknown to
	# postfix (his join's address is the one the judge mails)
	next_letter bob
	as bob "$UMPIRE" join "$msg" --side soviet \
		--address bobb@example.org -o joined.yaml 2>/dev/null
	as bob "$UMPIRE" mail joined.yaml --send
	to_move 1
	# Alice moves until soviet is asked: the judge's letter to soviet,
	# his view, bounces (postfix's DSN to the judge's envelope sender),
	# is read, and Alice is told
	local n=0
	while attachment_names "$msg" | grep -q '\.view$'; do
		[ "$n" -lt 6 ] || { judge_log; false; }
		orders alice "$msg"
		as alice "$UMPIRE" mail signed.yaml --send
		n=$((n + 1))
		adjudicated "$n"
		next_letter alice || { judge_log; false; }
	done
	grep -q "^From: .*judge+${id:0:8}@example.org" "$msg"
	grep -q '^To: .*alice@example.org' "$msg"
	body_of "$msg" >notice.txt
	grep -q "could not be delivered to bobb@example.org" notice.txt ||
		{ cat notice.txt; false; }
	grep -q 'soviet' notice.txt
	grep -q 'status 5\.1\.1' notice.txt
	[ -z "$(attachment_names "$msg")" ]
	no_new_mail
	log=$JUDGE_HOME/home/games/judge.log
	grep -q "letter to soviet at bobb@example.org undeliverable: 5\.1\.1" \
		"$log" || { judge_log; false; }
	grep -q '^soviet bobb@example.org ' \
		"$JUDGE_HOME/home/games/$id.bounces"
	# postfix's report came through the pipe: never answered, never
	# kept, nothing for the mistyped address's owner either
	grep -q 'status=bounced' "$MTA_DIR/maillog"
	[ -z "$(ls "$JUDGE_HOME/home/games/failed" 2>/dev/null)" ]
	# Bob has the owner's invitation alone
	[ "$(mta_count bob)" -eq 1 ]
	run as_judge "$JUDGE_UMPIRE" judge --status --games games
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "${id:0:8} russo-german-war"
	assert_output_has "letters undeliverable: soviet at bobb@example.org since"
}

# invitations WHO: the messages delivered to WHO inviting it to join.
invitations() {
	local m
	for m in "$MTA_DIR/mail/$1/Maildir/new"/*; do
		[ -f "$m" ] || continue
		subject_of "$m" | grep -q 'invited to join$' && echo "$m"
	done
	return 0
}

@test "judge players: both sides join from the owner's mail at once: each has one invitation, the owner's, and the game starts" {
	judge_home
	new_game alice@example.org bob@example.org
	next_letter alice
	ainv=$msg
	next_letter bob
	binv=$msg
	# both joins mailed at once, s-nail's and umpire mail's
	as alice "$UMPIRE" join "$ainv" --side german -o joined.yaml 2>/dev/null
	as bob "$UMPIRE" join "$binv" --side soviet -o joined.yaml 2>/dev/null
	printf 'my join.\n' >home/bob/body.txt
	snail_send bob judge "join" body.txt -a joined.yaml &
	as alice "$UMPIRE" mail joined.yaml --send
	wait
	to_move 1
	quiet
	# one invitation each: the owner's
	local w n
	for w in alice bob; do
		n=$(invitations "$w" | wc -l)
		[ "$n" -eq 1 ] || { judge_log; false; }
	done
	# Bob has the invitation alone: his first letter of the judge's
	# comes when it is his move
	[ "$(mta_count bob)" -eq 1 ]
	[ "$(grep -c ' join done' "$JUDGE_HOME/home/games/judge.log")" -eq 2 ]
}

@test "judge players: a join mailed again by mutt, then a note: each answered once at the join address, in clear" {
	judge_home
	joined_game
	view=$msg
	# Bob joins again from the owner's invitation, on another machine
	inv=$(invitations bob | head -1)
	[ -n "$inv" ]
	as bob env XDG_STATE_HOME="$BATS_TEST_TMPDIR/home/bob/other" \
		"$UMPIRE" join "$inv" --side soviet -o again.yaml 2>/dev/null
	printf 'again.\n' >home/bob/body.txt
	mutt_send bob judge "join" body.txt -a again.yaml
	next_letter alice bob carol || { judge_log; false; }
	[ "$who" = bob ]
	grep -q '^To: .*bob@example.org' "$msg"
	subject_of "$msg" | grep -q "^\[umpire ${id:0:8}\] .*, you are in$"
	body_of "$msg" >in.txt
	grep -q 'your join is taken' in.txt
	grep -q 'Where the game stands: step 1, german to move' in.txt
	[ -z "$(attachment_names "$msg")" ]
	no_new_mail
	# then Bob's note, s-nail's: where his game stands, in clear
	printf 'Is it my move?\n' >home/bob/note.txt
	snail_send bob judge "is it my move?" note.txt
	next_letter alice bob carol || { judge_log; false; }
	[ "$who" = bob ]
	body_of "$msg" >note-answer.txt
	grep -q 'Where the game stands: step 1, german to move' note-answer.txt
	grep -q 'Nothing is asked of you now' note-answer.txt
	[ -z "$(attachment_names "$msg")" ]
	if grep -q 'Why is' note-answer.txt; then false; fi
	no_new_mail
}

@test "judge players: the judge's key at 0644: a player's orders wait in postfix's queue, --check names chmod 600; mended, they are adjudicated" {
	judge_home
	joined_game
	chmod 644 "$JUDGE_HOME/home/judge.key"
	orders "$who" "$msg"
	printf 'attached.\n' >"home/$who/body.txt"
	mutt_send "$who" judge "orders" body.txt -a signed.yaml
	# deferred: the message stays queued for the judge, no bounce
	for i in $(seq 1 300); do
		grep -q 'to=<judge@example.org>.*status=deferred' \
			"$MTA_DIR/maillog" && break
		sleep 0.1
	done
	grep -q 'to=<judge@example.org>.*status=deferred' "$MTA_DIR/maillog"
	postqueue -c "$MTA_CONF" -p | grep -q 'judge@example.org'
	sleep 1
	no_new_mail_yet
	grep -q ' retry .*mode 644.*chmod 600' \
		"$JUDGE_HOME/home/games/judge.log" || { judge_log; false; }
	run as_judge "$JUDGE_UMPIRE" judge --check --games games
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "FIX:"
	assert_output_has "chmod 600"
	chmod 600 "$JUDGE_HOME/home/judge.key"
	run as_judge "$JUDGE_UMPIRE" judge --check --games games
	echo "$output"
	[ "$status" -eq 0 ]
	postqueue -c "$MTA_CONF" -f
	adjudicated 1
	to_move 2
	[ "$(steps)" -eq 1 ]
}

# counted WHO TURN: WHO got one letter more in game turn TURN (in the
# caller's count, an associative array).
counted() {
	count[$1:$2]=$((${count[$1:$2]:-0} + 1))
}

@test "judge players: a whole Russo-German War through postfix, Alice making each mistake once along the way; it ends, both audit; each player gets at most 3 letters a game turn, 2 at the median" {
	judge_home 'answers_a_day = 10'
	joined_game
	log=$JUDGE_HOME/home/games/judge.log
	as alice "$UMPIRE" keygen -s other.key -p other.pub -W >/dev/null
	declare -A count
	moves=0 alice_moves=0 made=0 final= final2= turn=1
	while [ -z "$final" ] || [ -z "$final2" ]; do
		if carries_game_file "$msg"; then
			# the game is over: the whole game file (gzip), to
			# audit, counted in the last turn
			cp "$msg" "home/$who/final.eml"
			counted "$who" "$turn"
			if [ -z "$final" ]; then final=$who; else final2=$who; fi
			[ -n "$final2" ] || next_letter
			continue
		fi
		t=$(turn_of "$who" "$msg")
		[ -n "$t" ] || { cat "$msg"; false; }
		turn=$t
		counted "$who" "$turn"
		# a letter goes to the side asked: every one asks its reader
		# (but the answers to Alice's mistakes, each the next letter
		# after the mistake, read by mistake)
		side=$(subject_of "$msg" |
			sed -n 's/.*, step [0-9]*: \([a-z]*\) to move$/\1/p')
		case $side:$who in
		german:alice | soviet:bob) ;;
		*) echo "a letter to $who, $side to move"; false ;;
		esac
		view=$msg
		moves=$((moves + 1))
		cp "$view" "home/$who/view-$(printf %03d "$moves").eml"
		if [ "$who" = alice ]; then
			alice_moves=$((alice_moves + 1))
			# the five mistakes on her first two letters: the game's
			# dice come from new keys, and a short game gave her
			# fewer than five letters to make one on each
			case $alice_moves in
			1) ks="1 2 3" ;; 2) ks="4 5" ;; *) ks= ;;
			esac
			for k in $ks; do
				mistake "$k"
				made=$((made + 1))
			done
		fi
		orders "$who" "$view"
		if [ "$who" = alice ]; then
			{ printf 'Judge,\n\n'; cat home/alice/signed.yaml; } \
				>home/alice/body.txt
			mutt_send alice judge "orders" body.txt
		else
			printf 'attached.\n' >home/bob/body.txt
			snail_send bob judge "orders" body.txt -a signed.yaml
		fi
		adjudicated "$moves"
		next_letter
		[ "$moves" -lt 150 ] || { judge_log; false; }
	done
	[ "$final" != "$final2" ]
	[ "$made" -eq 5 ]
	no_new_mail
	letters_a_turn_bounded
	# each player audits the game he was sent with every view he answered
	for who in alice bob; do
		as "$who" sh -c "'$UMPIRE' audit final.eml --view view-*.eml"
	done
	as alice "$UMPIRE" audit final.eml \
		--against "$JUDGE_HOME/home/games/$id.yaml"
	# none of the five was signed by a party: each is a log line with
	# its reason, answered at her address, and nothing is kept
	failed=$JUDGE_HOME/home/games/failed
	[ -z "$(ls "$failed" 2>/dev/null)" ] || { judge_log; false; }
	grep -q 'dropped .*signed by another key' "$log"
	grep -q 'dropped .*no signature found' "$log"
	grep -q 'dropped .*a view' "$log"
	grep -q 'dropped .*more than one umpire file' "$log"
	[ "$(grep -c 'answered to german at alice@example.org' "$log")" -eq 5 ]
	grep -q 'dropped .*no umpire file in it; .*answered to german' "$log"
}

# mistake K: Alice's K-th mistake (1 to 5, none after), made from her
# mail client on the view she must answer ($view), and its answer, at
# her address, waited for: the next letter to anyone (it is her move:
# nothing else is owed).
mistake() {
	printf 'Judge,\n\nattached.\n' >home/alice/body.txt
	case $1 in
	1)	as alice sh -c "'$UMPIRE' orders '$view' |
			python3 '$EXAMPLES/russo-german-war/choose.py' |
			'$UMPIRE' sign - -s other.key --seal judge.pub \
				-o other.yaml" 2>/dev/null
		mutt_send alice judge "orders" body.txt -a other.yaml ;;
	2)	as alice sh -c "'$UMPIRE' orders '$view' |
			python3 '$EXAMPLES/russo-german-war/choose.py' >o.yaml"
		snail_send alice judge "orders" body.txt -a o.yaml ;;
	3)	attachments_of "$view" >home/alice/back.view
		mutt_send alice judge "my view" body.txt -a back.view ;;
	4)	orders alice "$view"
		mutt_send alice judge "orders" body.txt -a signed.yaml \
			-a joined.yaml ;;
	5)	printf 'Is it my move?\n' >home/alice/note.txt
		mutt_reply alice "$view" note.txt -e "'set include=no'" ;;
	*)	return 0 ;;
	esac
	next_letter alice bob carol || return 1
	[ "$who" = alice ] || { cat "$msg"; return 1; }
	subject_of "$msg" |
		grep -q '\(your message could not be used\|where the game stands\)$' ||
		{ subject_of "$msg"; return 1; }
	grep -q '^To: .*alice@example.org' "$msg"
	# a note (the fifth: no file) is answered with where the game
	# stands; the others could not be used
	if [ "$1" = 5 ]; then
		subject_of "$msg" | grep -q 'where the game stands$'
		grep -q 'Where the game stands: ' <(body_of "$msg")
	else
		grep -q 'could not be used' <(body_of "$msg")
	fi
}
