#!/usr/bin/env bats
# Sending what umpire mail writes, as a real mail system showed it must
# be: the recipients are the roles of the file's own game that receive
# it (never every address of a config file shared by several games),
# orders of a game with a referee go to the referee alone and sealed,
# --send runs the configured sendmail, a saved message is not attached
# raw; sealed views open with the config's key; a referee's script asks
# status --brief which game a message is for; an unlocked key is kept in
# the kernel keyring for a while (one passphrase a sitting), where no
# other user can read it, and umpire lock, from any session, drops it.

load helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	for k in 1bf 1uf referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new race-to-the-reichstag -s referee.key --side 1bf=1bf.pub \
		--side 1uf=1uf.pub --referee referee.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side 1bf -s 1bf.key -o g1.yaml 2>/dev/null
	"$UMPIRE" join g1.yaml --side 1uf -s 1uf.key -o start.yaml \
		2>/dev/null
	[ "$("$UMPIRE" status --brief start.yaml)" = "pending 1bf 1" ]
	"$UMPIRE" view start.yaml --side 1bf -s referee.key --seal -o v.view
	"$UMPIRE" orders v.view -s 1bf.key -o o.yaml
	"$UMPIRE" sign o.yaml -s 1bf.key -o signed.yaml
	# a second game, for orders that are not this game's
	"$UMPIRE" new race-to-the-reichstag -s referee.key --side 1bf=1bf.pub \
		--side 1uf=1uf.pub --referee referee.pub -o other.yaml \
		2>/dev/null
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/*.key "$BATS_FILE_TMPDIR"/*.pub \
		"$BATS_FILE_TMPDIR"/*.yaml "$BATS_FILE_TMPDIR"/v.view .
	TOOLS="$BATS_TEST_DIRNAME/tools"
}

# Alice's config for all her games, as REAL-MAIL.md shows it: one file,
# the roles of Arnswalde and of Race to the Reichstag together.
alice_config() {
	mkdir -p "$XDG_CONFIG_HOME/umpire"
	printf '%s\n' '[umpire]' 'address = Alice <alice@example.org>' \
		"secret_key = $PWD/1bf.key" "$@" \
		'[addresses]' 'player = alice@example.org' \
		'referee = Rita <rita@example.org>' '1bf = alice@example.org' \
		'1uf = Bob <bob@example.org>' 'allied = alice@example.org' \
		'german = Bob <bob@example.org>' \
		>"$XDG_CONFIG_HOME/umpire/config.ini"
}

field() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
if sys.argv[2] == "attachment":
    for p in m.iter_attachments():
        sys.stdout.buffer.write(p.get_payload(decode=True))
else:
    print(m[sys.argv[2]] or "")' "$1" "$2"
}

@test "mail: orders --sign on a view are sealed and go to the referee alone" {
	alice_config
	EDITOR=true "$UMPIRE" orders v.view --sign -o sealed.yaml
	head -1 sealed.yaml | grep -qx 'umpire: sealed-orders/1'
	run "$UMPIRE" mail sealed.yaml -o out.eml
	[ "$status" -eq 0 ]
	[ "$(field out.eml To)" = "Rita <rita@example.org>" ]
	field out.eml attachment | head -1 | grep -qx 'umpire: sealed-orders/1'
	# the referee adjudicates them as they came
	"$UMPIRE" adjudicate start.yaml out.eml -s referee.key -o next.yaml \
		--report /dev/null
}

@test "sign -g VIEW seals the checked orders to the view's referee; --no-seal keeps them open" {
	alice_config
	"$UMPIRE" sign o.yaml -g v.view -o s1.yaml
	head -1 s1.yaml | grep -qx 'umpire: sealed-orders/1'
	run "$UMPIRE" mail s1.yaml -o out.eml
	[ "$status" -eq 0 ]
	[ "$(field out.eml To)" = "Rita <rita@example.org>" ]
	"$UMPIRE" adjudicate start.yaml out.eml -s referee.key -o next.yaml \
		--report /dev/null
	# open, on request, and a second file for the step is refused as
	# any would be: another record
	XDG_STATE_HOME="$PWD/other" "$UMPIRE" sign o.yaml -g v.view \
		--no-seal -o s2.yaml
	head -1 s2.yaml | grep -qx 'umpire: orders/1'
	run "$UMPIRE" sign o.yaml -g v.view --seal referee.pub --no-seal \
		-o s3.yaml
	[ "$status" -eq 2 ]
}

@test "mail: unsealed orders of a referee game reach the referee, never the other side" {
	alice_config
	run "$UMPIRE" mail signed.yaml --game v.view -o out.eml
	[ "$status" -eq 0 ]
	[ "$(field out.eml To)" = "Rita <rita@example.org>" ]
	# without --game: the orders' vouch says the game has views, so a
	# referee (umpire-orders(5)); the referee configured, once
	grep -q '^vouch:' signed.yaml
	run "$UMPIRE" mail signed.yaml -o out2.eml
	[ "$status" -eq 0 ]
	[ "$(field out2.eml To)" = "Rita <rita@example.org>" ]
	# the opponent is refused, by role and by address, with --game or
	# without
	for to in 1uf bob@example.org german; do
		for game in "--game start.yaml" ""; do
			run "$UMPIRE" mail signed.yaml $game --to $to -o out3.eml
			[ "$status" -eq 2 ]
			assert_output_has "not sealed and go to the referee alone"
			[ ! -e out3.eml ]
		done
	done
	run "$UMPIRE" mail signed.yaml --game other.yaml -o out3.eml
	[ "$status" -eq 1 ]
	assert_output_has "the orders are for game"
}

@test "mail: a view goes to its side, a game file to its own roles once each" {
	alice_config
	"$UMPIRE" view start.yaml --side 1uf -s referee.key --seal -o u.view
	run "$UMPIRE" mail u.view -o out.eml
	[ "$status" -eq 0 ]
	[ "$(field out.eml To)" = "Bob <bob@example.org>" ]
	# the join that completed a referee's game: to the referee, who
	# gathers the joins (nothing is drawn before the first step)
	run "$UMPIRE" mail start.yaml -o out2.eml
	[ "$status" -eq 0 ]
	[ "$(field out2.eml To)" = "Rita <rita@example.org>" ]
	# once a step is taken it holds both hands: no default recipients
	EDITOR=true "$UMPIRE" orders v.view --sign -o sealed.yaml
	"$UMPIRE" mail sealed.yaml -o o.eml
	"$UMPIRE" adjudicate start.yaml o.eml -s referee.key -o next.yaml \
		--report /dev/null
	run "$UMPIRE" mail next.yaml -o out3.eml
	[ "$status" -eq 2 ]
	assert_output_has "hidden information"
	[ ! -e out3.eml ]
	# an Arnswalde game file: its roles only (not Bob, of another game)
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee referee.pub -o arn.yaml 2>/dev/null
	run "$UMPIRE" mail arn.yaml -o out3.eml
	[ "$status" -eq 0 ]
	[ "$(field out3.eml To)" = "Rita <rita@example.org>" ]
}

@test "mail: a saved message is not attached raw: its umpire file is" {
	alice_config
	"$UMPIRE" mail signed.yaml --to referee -o saved.eml
	run "$UMPIRE" mail saved.eml --to referee -o out.eml
	[ "$status" -eq 0 ]
	assert_output_has "saved.eml is a mail message"
	[[ "$(field out.eml Subject)" == "[umpire "????????"] orders of 1bf for step 1" ]]
	field out.eml attachment >back.yaml
	cmp back.yaml signed.yaml
}

@test "mail --send: the configured sendmail gets the message, its status is told" {
	printf '#!/bin/sh\necho "$@" >"%s/args"\ncat >"%s/sent.eml"\nexit ${FAKE_STATUS:-0}\n' \
		"$PWD" "$PWD" >fake-sendmail
	chmod +x fake-sendmail
	alice_config "sendmail = $PWD/fake-sendmail -t -i"
	run "$UMPIRE" mail signed.yaml --game v.view --send
	[ "$status" -eq 0 ]
	assert_output_has "exit status 0"
	[ "$(cat args)" = "-t -i" ]
	[ "$(field sent.eml To)" = "Rita <rita@example.org>" ]
	rm sent.eml
	FAKE_STATUS=75 run "$UMPIRE" mail signed.yaml --game v.view --send
	[ "$status" -eq 2 ]
	assert_output_has "exited with status 75"
	run "$UMPIRE" mail signed.yaml --send -o x.eml
	[ "$status" -eq 2 ]
	[ ! -e x.eml ]
	"$UMPIRE" mail --help | grep -q -- '--send'
}

@test "status and report open a sealed view with the config's key; umpire open" {
	alice_config
	run "$UMPIRE" status --brief v.view
	[ "$status" -eq 0 ]
	[ "$output" = "pending 1bf 1" ]
	run "$UMPIRE" report v.view
	[ "$status" -eq 0 ]
	assert_output_has "Race to the Reichstag"
	run "$UMPIRE" open v.view -o plain.view
	[ "$status" -eq 0 ]
	head -1 plain.view | grep -qx 'umpire: view/[0-9]*'
	# the opened view is one umpire reads, with no key at all
	rm "$XDG_CONFIG_HOME/umpire/config.ini"
	[ "$("$UMPIRE" status --brief plain.view)" = "pending 1bf 1" ]
	run "$UMPIRE" open v.view -s 1uf.key
	[ "$status" -eq 1 ]
	assert_output_has "sealed to another key"
}

@test "status --brief: which game, step and side a message of orders is for" {
	id=$(sed -n 's/^game: //p' start.yaml)
	# unsealed orders of a referee game go to an address only where the
	# config says it is the referee's
	alice_config
	"$UMPIRE" mail signed.yaml --to rita@example.org -o m.eml
	run "$UMPIRE" status --brief m.eml
	[ "$status" -eq 0 ]
	[ "$output" = "game $id step 1 side 1bf" ]
	# sealed orders: opened with the referee's key
	"$UMPIRE" sign o.yaml -s 1bf.key --seal referee.pub -o sealed.yaml
	run "$UMPIRE" status --brief sealed.yaml -s referee.key
	[ "$output" = "game $id step 1 side 1bf" ]
}

@test "adjudicate: orders of another game are refused before the key is unlocked" {
	python3 "$TOOLS/weak-key.py" referee.key locked.key 'rita pass'
	# no terminal and no passphrase file: asking would fail, so the
	# refusal must come first
	run setsid -w "$UMPIRE" adjudicate other.yaml signed.yaml \
		-s locked.key -o next.yaml
	[ "$status" -eq 1 ]
	assert_output_has "these orders are for game"
	[ ! -e next.yaml ]
}

@test "config: unlock_minutes takes whole minutes, refused otherwise" {
	alice_config 'unlock_minutes = soon'
	run "$UMPIRE" mail signed.yaml --to referee -o out.eml
	[ "$status" -eq 2 ]
	assert_output_has "config.ini:4: [umpire] unlock_minutes = soon"
	assert_output_has "from 0"
}

# ---- one passphrase a sitting: the kernel keyring ----

# Run the script $1 in a new session keyring (keyctl session), or skip
# the test where the kernel or the sandbox refuses keyrings.
sitting() {
	command -v keyctl >/dev/null ||
		skip "keyctl (Debian keyutils) is not installed"
	keyctl session - true >/dev/null 2>&1 ||
		skip "the kernel refuses a session keyring here"
	run keyctl session - bash -c "$1"
}

# The description umpire gives the key it keeps for the key file $1:
# umpire: and the BLAKE2b-128 of the encrypted key's 158 bytes.
kept_desc() {
	python3 -c '
import base64, hashlib, sys
blob = base64.b64decode(open(sys.argv[1]).read().splitlines()[1])
print("umpire:" + hashlib.blake2b(blob, digest_size=16).hexdigest())' "$1"
}

# Invalidate the key kept for the key file $1, if any: the user keyring
# outlives the test's session keyring, and is the user's running the
# tests.
forget_kept() {
	local id
	id=$(keyctl search @u user "$(kept_desc "$1")" 2>/dev/null) &&
		keyctl invalidate "$id"
	true
}

@test "keyring: the passphrase is asked once a sitting, umpire lock forgets it" {
	python3 "$TOOLS/weak-key.py" 1bf.key locked.key 'alice pass'
	alice_config
	sitting "
		asks() { python3 '$TOOLS/asks.py' 'alice pass' '$UMPIRE' \"\$@\"; }
		asks sign o.yaml -s locked.key -o a.yaml
		asks sign o.yaml -s locked.key -o b.yaml
		asks status --brief v.view -s locked.key
		'$UMPIRE' lock
		asks sign o.yaml -s locked.key -o c.yaml"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "asked 1 exit 0" ]
	[ "${lines[2]}" = "asked 0 exit 0" ]
	[ "${lines[3]}" = "asked 0 exit 0" ]
	assert_output_has "unlocked key"
	assert_output_has "kept in the kernel keyring"
	[[ "$output" != *"no unlocked key was kept"* ]]
	[ "${lines[-1]}" = "asked 1 exit 0" ]
	cmp a.yaml b.yaml
	forget_kept locked.key
}

# Skip unless this test can run a process as another user (nobody) that
# keeps the session keyring, as su without a new session or sudo -u do.
another_user() {
	command -v setpriv >/dev/null ||
		skip "setpriv (util-linux) is not installed"
	setpriv --reuid=nobody --regid=nogroup --clear-groups true \
		2>/dev/null || skip "cannot run a process as nobody here"
}

@test "keyring: another user in the same session cannot find or read the kept key" {
	another_user
	python3 "$TOOLS/weak-key.py" 1bf.key locked.key 'alice pass'
	printf 'alice pass\n' >good
	alice_config
	desc=$(kept_desc locked.key)
	# in a bare session keyring, and in one that links the user keyring
	# as pam_keyinit makes at every login
	for link in true 'keyctl link @u @s'; do
		sitting "
			$link
			UMPIRE_PASSPHRASE_FILE=good '$UMPIRE' sign o.yaml -s locked.key -o a.yaml || exit 1
			id=\$(keyctl search @u user $desc 2>/dev/null ||
				keyctl search @s user $desc) || exit 1
			echo owner reads \$(keyctl pipe \$id | wc -c)
			nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups \"\$@\" >/dev/null 2>&1; }
			nobody keyctl pipe \$id && echo nobody reads the key
			nobody keyctl search @s user $desc && echo nobody finds the key
			nobody keyctl request user $desc && echo nobody requests the key
			nobody keyctl search @s keyring umpire && echo nobody finds the ring
			nobody keyctl describe \$id && echo nobody sees the key
			keyctl invalidate \$id
			echo done"
		[ "$status" -eq 0 ]
		assert_output_has "owner reads 104"
		[[ "$output" != *nobody* ]]
		[ "${lines[-1]}" = done ]
	done
}

@test "keyring: umpire lock in another session of the user drops the kept key" {
	python3 "$TOOLS/weak-key.py" 1bf.key locked.key 'alice pass'
	alice_config
	sitting "
		asks() { python3 '$TOOLS/asks.py' 'alice pass' '$UMPIRE' \"\$@\"; }
		asks sign o.yaml -s locked.key -o a.yaml
		keyctl session - sh -c '\"$UMPIRE\" lock 2>&1' 2>/dev/null
		asks sign o.yaml -s locked.key -o b.yaml"
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = "asked 1 exit 0" ]
	[[ "${lines[2]}" =~ ^umpire:\ [1-9][0-9]*\ unlocked\ keys?\ kept ]]
	[ "${lines[-1]}" = "asked 1 exit 0" ]
	forget_kept locked.key
}

@test "keyring: a passphrase file must hold the passphrase that unlocked the key" {
	python3 "$TOOLS/weak-key.py" 1bf.key locked.key 'alice pass'
	printf 'alice pass\n' >good
	printf 'wrong\n' >bad
	alice_config
	sitting "
		UMPIRE_PASSPHRASE_FILE=good '$UMPIRE' sign o.yaml -s locked.key -o a.yaml || exit 1
		keyctl search @u user $(kept_desc locked.key) | grep -c .
		UMPIRE_PASSPHRASE_FILE=bad '$UMPIRE' sign o.yaml -s locked.key -o b.yaml
		echo status \$?"
	[ "${lines[1]}" = "1" ]
	assert_output_has "wrong passphrase for secret key locked.key"
	[ "${lines[-1]}" = "status 1" ]
	[ ! -e b.yaml ]
	forget_kept locked.key
}

@test "keyring: unlock_minutes = 0 keeps nothing" {
	python3 "$TOOLS/weak-key.py" 1bf.key locked.key 'alice pass'
	printf 'alice pass\n' >good
	alice_config 'unlock_minutes = 0'
	sitting "
		UMPIRE_PASSPHRASE_FILE=good '$UMPIRE' sign o.yaml -s locked.key -o a.yaml || exit 1
		keyctl search @u user $(kept_desc locked.key) 2>/dev/null | grep -c .; true"
	[ "${lines[-1]}" = "0" ]
}

@test "bash completion: lock, open, mail --send and --to's roles" {
	mkdir bin
	ln -s "$UMPIRE_PLAIN" bin/umpire
	PATH="$PWD/bin:$PATH"
	source "$BATS_TEST_DIRNAME/../../src/shell/umpire.bash"
	COMP_WORDS=(umpire lo); COMP_CWORD=1; _umpire
	[ "${COMPREPLY[*]}" = lock ]
	COMP_WORDS=(umpire op); COMP_CWORD=1; _umpire
	[ "${COMPREPLY[*]}" = open ]
	COMP_WORDS=(umpire mail f --se); COMP_CWORD=3; _umpire
	[ "${COMPREPLY[*]}" = --send ]
	alice_config
	COMP_WORDS=(umpire mail f --to r); COMP_CWORD=4; _umpire
	[ "${COMPREPLY[*]}" = referee ]
}

@test "mail: a new game's invitation says in its body what to run; a side that joined is not invited" {
	"$UMPIRE" new race-to-the-reichstag -s referee.key --side 1bf=1bf.pub \
		--side 1uf=1uf.pub --referee referee.pub \
		--address 1bf=alice@example.org --address 1uf=bob@example.org \
		-o new.yaml 2>/dev/null
	run "$UMPIRE" mail new.yaml --from 'Judge <judge@example.org>' \
		-o inv.eml
	[ "$status" -eq 0 ]
	[ "$(field inv.eml To)" = "alice@example.org, bob@example.org" ]
	[[ "$(field inv.eml Subject)" == *": 1bf, 1uf invited to join" ]]
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m.get_body(("plain",)).get_content())' inv.eml >body.txt
	grep -q 'as 1bf or 1uf' body.txt
	grep -q '^  umpire join new.yaml --side SIDE -o joined.yaml$' body.txt
	grep -q "^  umpire mail joined.yaml --to judge@example.org --send$" body.txt
	# and how a player with a browser only gets the desk page
	grep -q '^No umpire installed? Ask for this game.s desk page (umpire desk new.yaml$' body.txt
	# a game its maker joined (as player) invites the referee alone
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee referee.pub --address referee=rita@example.org \
		--address player=alice@example.org -o arn.yaml 2>/dev/null
	run "$UMPIRE" mail arn.yaml --from alice@example.org -o arn.eml
	[ "$status" -eq 0 ]
	[ "$(field arn.eml To)" = "rita@example.org" ]
	grep -q 'as referee' <(python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m.get_body(("plain",)).get_content())' arn.eml)
	grep -q 'umpire join arn.yaml --side referee -o joined.yaml' arn.eml
}

@test "mail: orders and requests go to their game's own judge, never to the config's referee of another club" {
	# a judge (referee.key) hosts a game with its own config: the
	# referee's join names its address
	printf '[umpire]\naddress = Judge One <judge1@example.org>\n' >j1.ini
	UMPIRE_CONFIG=$PWD/j1.ini "$UMPIRE" new race-to-the-reichstag \
		-s referee.key --side 1bf=1bf.pub --side 1uf=1uf.pub \
		--referee referee.pub -o c0.yaml 2>/dev/null
	grep -q '^  address: judge1@example.org$' c0.yaml
	"$UMPIRE" join c0.yaml --side 1bf -s 1bf.key --address alice@example.org \
		-o c1.yaml 2>/dev/null
	"$UMPIRE" join c1.yaml --side 1uf -s 1uf.key --address bob@example.org \
		-o c2.yaml 2>/dev/null
	"$UMPIRE" view c2.yaml --side 1bf -s referee.key --seal -o c.view
	# Alice's config maps the referee of her other club (Rita)
	alice_config
	"$UMPIRE" orders c.view -o co.yaml
	"$UMPIRE" sign co.yaml -g c.view -o csigned.yaml 2>/dev/null
	head -1 csigned.yaml | grep -qx 'umpire: sealed-orders/1'
	run "$UMPIRE" mail csigned.yaml -o c.eml
	[ "$status" -eq 0 ]
	[ "$(field c.eml To)" = "judge1@example.org" ]
	"$UMPIRE" ask c.view -o ask.yaml
	run "$UMPIRE" mail ask.yaml -o a.eml
	[ "$status" -eq 0 ]
	[ "$(field a.eml To)" = "judge1@example.org" ]
	# orders of a game that names no referee address: the config's
	run "$UMPIRE" mail signed.yaml -o r.eml
	[ "$(field r.eml To)" = "Rita <rita@example.org>" ]
}
