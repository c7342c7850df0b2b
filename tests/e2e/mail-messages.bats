#!/usr/bin/env bats
# Whole mail messages as mutt and Thunderbird write them
# (tools/mkclient.py: their header fields, MIME structure and transfer
# encodings, format=flowed written on the sending side as RFC 3676 says):
# flowed bodies, '> ' quoted replies, and every damage that mail.bats
# does to a bare file, done to the body of a real message. The orders
# with indented lines are the Aachen example's (a flowed client
# space-stuffs "  support:"); the game is a fresh Arnswalde 1945 one.

load helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_arnswalde_orders start.yaml
}

setup() {
	umpire_setup
	copy_arnswalde_orders
	MKCLIENT="$BATS_TEST_DIRNAME/tools/mkclient.py"
	AACHEN="$BATS_TEST_DIRNAME/../../examples/aachen"
	cp "$AACHEN/orders/step-001.yaml" aachen.yaml
	cp "$AACHEN/allied.pub" allied.pub
	# the orders have indented lines, which flowed clients space-stuff
	grep -q '^  support:' aachen.yaml
}

# adjudicate message $1 and check that the outcome is the reference
# game's, the message untouched.
adjudicates_as_reference() {
	local before
	before=$(sha256sum "$1")
	run "$UMPIRE" adjudicate start.yaml "$1" -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$1: status $status: $output"; return 1; }
	cmp g1.yaml ref.yaml
	[ "$(sha256sum "$1")" = "$before" ]
	rm g1.yaml
}

# verify message $1 as the Aachen orders of the allied side.
verifies() {
	run "$UMPIRE" verify "$1" -p allied.pub
	[ "$status" -eq 0 ] || { echo "$1: status $status: $output"; return 1; }
	assert_output_has "signature ok: umpire/1 game=$(sed -n 's/^game: //p' \
		aachen.yaml)"
}

# A greeting with a line long enough for a flowed client to break it.
greeting() {
	printf 'Hi Rita,\n\nhere are my orders for the first step, as we agreed on the phone yesterday evening:\n\n'
}

@test "mail message: orders pasted in a format=flowed body verify" {
	{ greeting; cat aachen.yaml; printf '\nCheers\n-- \nAlice\n'; } >body.txt
	for c in mutt-flowed thunderbird tb-delsp; do
		python3 "$MKCLIENT" $c body body.txt >$c.eml
		grep -q 'format=flowed' $c.eml
		# space-stuffed, and the long greeting line broken softly
		grep -q '^   support: "best"$' $c.eml
		grep -q '^here are my orders for the first step.* $' $c.eml
		verifies $c.eml
	done
	grep -q 'delsp=yes' tb-delsp.eml
	# Thunderbird's multipart/alternative: the flowed text part is read,
	# the HTML part never
	grep -q 'multipart/alternative' thunderbird.eml
	grep -q '^Content-Type: text/html' thunderbird.eml
}

@test "mail message: orders as the whole flowed body, quoted-printable too" {
	python3 "$MKCLIENT" mutt-flowed body aachen.yaml >m.eml
	verifies m.eml
	python3 "$MKCLIENT" thunderbird body --qp aachen.yaml >q.eml
	grep -q '^Content-Transfer-Encoding: quoted-printable' q.eml
	verifies q.eml
}

@test "mail message: a game file pasted as a flowed body plays on" {
	python3 "$MKCLIENT" thunderbird body ref.yaml >g.eml
	grep -q '^   key: ' g.eml
	run "$UMPIRE" status --brief g.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$output" = "pending player 2" ]
	run "$UMPIRE" audit g.eml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
	# and as the GAME of adjudicate
	python3 "$MKCLIENT" mutt-flowed body start.yaml >s.eml
	run "$UMPIRE" adjudicate s.eml signed.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp g1.yaml ref.yaml
}

@test "mail message: a saved reply quoting the orders is read (mutt, Thunderbird)" {
	{ echo "On Sat, Nov 21, 2026 at 06:00:00PM +0100, Alice wrote:"
	  sed 's/^/> /' signed.yaml; echo; echo "Forwarding to you, Rita."; } \
		>reply.txt
	for c in mutt mutt-flowed thunderbird; do
		python3 "$MKCLIENT" $c body --reply reply.txt >$c.eml
		grep -q '^In-Reply-To: ' $c.eml
		grep -q '^> umpire: orders/1' $c.eml
		adjudicates_as_reference $c.eml
	done
	run "$UMPIRE" verify mutt.eml -p p.pub
	[ "$status" -eq 0 ]
	assert_output_has "1 level of '> ' quoting"
}

# ---- every damage of mail.bats, inside a whole message ----

# Wrap body $1 as each client writes it (with options $2...) and verify
# each message as the Aachen orders.
every_client_verifies() {
	local body=$1 c
	shift
	for c in mutt mutt-flowed thunderbird tb-delsp; do
		python3 "$MKCLIENT" $c body "$@" "$body" >$c.eml
		verifies $c.eml
	done
	python3 "$MKCLIENT" mutt body --qp "$@" "$body" >mutt-qp.eml
	verifies mutt-qp.eml
}

@test "mail message damage: trailing spaces and tabs" {
	# a flowed client trims them (RFC 3676 4.2); mutt keeps them
	sed 's/$/  \t /' aachen.yaml >d.txt
	every_client_verifies d.txt
	grep -q $'support: "best"  \t $' mutt.eml
}

@test "mail message damage: a '> ' quoted reply, one and two levels" {
	{ echo "Rita wrote:"; sed 's/^/> /' aachen.yaml; } >d1.txt
	every_client_verifies d1.txt --reply
	{ echo "Alice wrote:"; echo "> Rita wrote:"; sed 's/^/>> /' aachen.yaml
	  echo "> thanks"; echo "ok"; } >d2.txt
	every_client_verifies d2.txt --reply
	sed 's/^/> > /; s/^> > $/>>/' aachen.yaml >d3.txt
	every_client_verifies d3.txt --reply
	grep -q '^>>   support: "best"$' thunderbird.eml
}

@test "mail message damage: a greeting above and a '-- ' signature below" {
	{ greeting; cat aachen.yaml; printf '\nCheers\n-- \nAlice\n'; } >d.txt
	every_client_verifies d.txt
}

@test "mail message damage: a UTF-8 byte-order mark" {
	{ printf '\xef\xbb\xbf'; cat aachen.yaml; } >d.txt
	every_client_verifies d.txt
	grep -q '^Content-Transfer-Encoding: 8bit' mutt.eml
}

@test "mail message damage: no-break spaces for spaces" {
	sed 's/^- /-\xc2\xa0/; s/^step: /step:\xc2\xa0/' aachen.yaml >d.txt
	grep -q $'\xc2\xa0' d.txt
	every_client_verifies d.txt
	grep -q '=C2=A0' mutt-qp.eml
}

@test "mail message damage: CRLF, quoting and trailing blanks together" {
	{ echo "On Sunday Alice wrote:"; sed 's/^/> /; s/$/ /' aachen.yaml; } \
		>d.txt
	every_client_verifies d.txt --reply --crlf
	grep -q $'^> umpire: orders/1 \r$' mutt.eml
}

@test "mail message damage: a re-wrapped signature block still reads" {
	awk '/BEGIN UMPIRE SIGNATURE/ {inb=1; print; next}
	     /END UMPIRE SIGNATURE/ {inb=0}
	     inb && length($0) > 40 {print substr($0, 1, 40);
				     print substr($0, 41); next}
	     {print}' aachen.yaml >d.txt
	if cmp -s d.txt aachen.yaml; then echo "d.txt unchanged"; return 1; fi
	every_client_verifies d.txt
}

@test "mail message damage: an edit is still refused, in every client's message" {
	{ echo "Rita wrote:"; sed 's/^/> /' aachen.yaml |
		sed 's/^>   retreat-attacker: "rear"$/>   retreat-attacker: "none"/'; } >d.txt
	grep -q 'retreat-attacker: "none"' d.txt
	for c in mutt mutt-flowed thunderbird; do
		python3 "$MKCLIENT" $c body --reply d.txt >$c.eml
		run "$UMPIRE" verify $c.eml -p allied.pub
		[ "$status" -eq 1 ]
		assert_output_has "1 level of '> ' quoting"
		assert_output_has "signature does not match"
	done
}

# ---- a game file and orders in one message ----

@test "mail message: game file and orders in one message, given as GAME and ORDERS" {
	printf 'Hi Rita,\n\nthe game and my orders.\n' >greet.txt
	python3 "$MKCLIENT" thunderbird attach2 greet.txt signed.yaml \
		start.yaml >both.eml
	run "$UMPIRE" adjudicate both.eml both.eml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp g1.yaml ref.yaml
	assert_output_has "both.eml: the game file was read from part 4 (application/x-yaml 'start.yaml')"
	assert_output_has "both.eml: the orders were read from part 3 (application/x-yaml 'signed.yaml')"
	run "$UMPIRE" status --brief both.eml
	[ "$status" -eq 0 ]
	[ "${lines[${#lines[@]}-1]}" = "pending player 1" ]
}

# ---- GMime, once a process ----

@test "mail message: two messages in one command print no GLib warning" {
	python3 "$MKCLIENT" mutt attach o.yaml start.yaml >g.eml
	python3 "$MKCLIENT" mutt attach o.yaml signed.yaml >m.eml
	run "$UMPIRE" adjudicate g.eml m.eml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp g1.yaml ref.yaml
	case "$output" in
	*CRITICAL*|*GLib*) echo "$output"; return 1 ;;
	esac
}

@test "mail message: an HTML-only message names its one part once" {
	printf '<p>Hi Rita</p>\n' >h.html
	{ printf 'From: Alice <alice@example.org>\nSubject: orders\n'
	  printf 'MIME-Version: 1.0\nContent-Type: text/html; charset=UTF-8\n\n'
	  cat h.html; } >h.eml
	run "$UMPIRE" adjudicate start.yaml h.eml -s r.key -o g1.yaml
	[ "$status" -eq 1 ]
	assert_output_has "parts seen: text/html"
	case "$output" in
	*"text/html, text/html"*) echo "$output"; return 1 ;;
	esac
}

@test "mail message: a game file pasted below a greeting, or quoted, plays on" {
	{ printf 'Alice, the game:\n\n'; cat ref.yaml
	  printf '\n-- \nRita\n'; } >pasted.txt
	{ printf 'Rita wrote:\n'; sed 's/^/> /' ref.yaml; printf '\nthanks\n'; } \
		>quoted.txt
	for c in mutt mutt-flowed thunderbird; do
		for b in pasted quoted; do
			python3 "$MKCLIENT" $c body $b.txt >$c-$b.eml
			run "$UMPIRE" status --brief $c-$b.eml
			[ "$status" -eq 0 ] || { echo "$c $b: $output"; return 1; }
			[ "$output" = "pending player 2" ]
		done
	done
	run "$UMPIRE" audit thunderbird-quoted.eml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
	# an edit inside the quoted game is still found (the id's first
	# digit changed: to 1 if it is 0, else to 0)
	sed 's/^> game: 0/> game: 1/;t;s/^> game: ./> game: 0/' quoted.txt \
		>edited.txt
	if cmp -s quoted.txt edited.txt; then false; fi
	python3 "$MKCLIENT" mutt body edited.txt >edited.eml
	run "$UMPIRE" audit edited.eml
	[ "$status" -eq 1 ]
}

@test "mail message: a body re-flowed by an editor is refused, saying lines were joined" {
	fmt -w 72 signed.yaml >orders.txt
	fmt -w 72 ref.yaml >game.txt
	python3 "$MKCLIENT" mutt body orders.txt >o.eml
	run "$UMPIRE" adjudicate start.yaml o.eml -s r.key -o g1.yaml
	[ "$status" -eq 1 ]
	assert_output_has "o.eml: the lines of the umpire file in it were joined"
	[ ! -e g1.yaml ]
	python3 "$MKCLIENT" thunderbird body game.txt >g.eml
	run "$UMPIRE" status g.eml
	[ "$status" -eq 1 ]
	assert_output_has "g.eml: the lines of the umpire file in it were joined"
}

@test "mail message: a turn report alone is refused as a report, not an umpire file" {
	"$UMPIRE" report ref.yaml --side player >report.txt
	python3 "$MKCLIENT" mutt body report.txt >r.eml
	python3 "$MKCLIENT" thunderbird body --reply report.txt >t.eml
	for m in r.eml t.eml; do
		run "$UMPIRE" adjudicate start.yaml $m -s r.key -o g1.yaml
		[ "$status" -eq 1 ]
		assert_output_has "$m: a mail message whose part 1 (text/plain) holds a turn report as seen by player"
		assert_output_has "not an umpire file"
		run "$UMPIRE" status $m
		[ "$status" -eq 1 ]
		assert_output_has "holds a turn report"
		run "$UMPIRE" verify $m -p p.pub
		[ "$status" -eq 1 ]
		assert_output_has "holds a turn report"
	done
	# the report saved alone, not a mail message
	run "$UMPIRE" status report.txt
	[ "$status" -eq 1 ]
	assert_output_has "report.txt is a turn report as seen by player"
	[ ! -e g1.yaml ]
}

@test "mail message: umpire new --side and --referee read a public key from a saved message, as mutt attaches a .pub" {
	printf 'my key for the game\n' >note.txt
	# mutt types .pub by /etc/mime.types: application/vnd.exstream-package,
	# quoted-printable, its line ends =0A
	python3 "$MKCLIENT" mutt attach note.txt p.pub >p-key.eml
	grep -q '^Content-Type: application/vnd.exstream-package' p-key.eml
	grep -q '^Content-Transfer-Encoding: quoted-printable' p-key.eml
	python3 "$MKCLIENT" thunderbird attach note.txt r.pub >r-key.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=p-key.eml \
		--referee r-key.eml --set difficulty=low -o g.yaml
	echo "$output"
	[ "$status" -eq 0 ]
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub --referee r.pub \
		--set difficulty=low -o want.yaml 2>/dev/null
	# the same keys in the game file as from the .pub files
	grep '^ *[a-z]*: RW' g.yaml >got-keys
	grep '^ *[a-z]*: RW' want.yaml >want-keys
	[ -s want-keys ]
	cmp got-keys want-keys
	# pasted in the body
	{ printf 'here it is:\n\n'; cat p.pub; } >pasted.txt
	python3 "$MKCLIENT" mutt body pasted.txt >pasted.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=pasted.eml \
		--referee r.pub --set difficulty=low -o g2.yaml
	[ "$status" -eq 0 ]
	grep -A1 "name: player" g2.yaml | grep -qF "key: $(sed -n 2p p.pub)"
	# a message with no key, or two different ones, is refused
	python3 "$MKCLIENT" mutt body note.txt >none.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=none.eml \
		--referee r.pub --set difficulty=low -o g3.yaml
	[ "$status" -eq 1 ]
	assert_output_has "none.eml: a mail message, but none of its parts holds a public key"
	python3 "$MKCLIENT" mutt attach2 note.txt p.pub r.pub >two.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=two.eml \
		--referee r.pub --set difficulty=low -o g4.yaml
	[ "$status" -eq 1 ]
	assert_output_has "two different public keys"
	[ ! -e g3.yaml ] && [ ! -e g4.yaml ]
}

@test "mail message: a key quoted in a reply is never taken as the sender's" {
	# the reply quotes the letter it answers, someone else's key in it
	# (r.pub), above the sender's own (p.pub): the sender's is taken;
	# before, the first key seen was, quoted or not
	{ printf 'Rita wrote:\n> my key:\n> '; sed -n 1p r.pub
	  printf '> '; sed -n 2p r.pub; printf '\nand mine:\n\n'; cat p.pub
	} >reply.txt
	python3 "$MKCLIENT" mutt body reply.txt >reply.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=reply.eml \
		--referee r.pub --set difficulty=low -o g.yaml
	echo "$output"
	[ "$status" -eq 0 ]
	grep -A1 "name: player" g.yaml | grep -qF "key: $(sed -n 2p p.pub)"
	# a quoted key alone: refused, and said why
	{ printf 'Rita wrote:\n> '; sed -n 1p r.pub; printf '> '
	  sed -n 2p r.pub; } >quoted.txt
	python3 "$MKCLIENT" mutt body quoted.txt >quoted.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=quoted.eml \
		--referee r.pub --set difficulty=low -o g2.yaml
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "quoted.eml: a mail message whose only public key is quoted"
	# two different keys pasted in one body: refused, the part named
	{ cat r.pub; printf '\n'; cat p.pub; } >two.txt
	python3 "$MKCLIENT" mutt body two.txt >two-body.eml
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=two-body.eml \
		--referee r.pub --set difficulty=low -o g3.yaml
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "two different public keys, both in part 1"
	[ ! -e g2.yaml ] && [ ! -e g3.yaml ]
}
