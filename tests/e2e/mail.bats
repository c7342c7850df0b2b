#!/usr/bin/env bats
# Files received as whole mail messages (RFC 5322, MIME): a saved message
# with a quoted-printable or base64 body, the file as an attachment, a
# multipart/alternative message, a detached signature attached beside the
# file, and a raw message piped on stdin as mutt's pipe-message does.
# The messages are built by Python's email package (tools/mkmail.py), not
# by the library umpire reads them with.

load helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_arnswalde_orders start.yaml
}

setup() {
	umpire_setup
	copy_arnswalde_orders
	MKMAIL="$BATS_TEST_DIRNAME/tools/mkmail.py"
}

# adjudicate $1 (a message file, or - with $2 on stdin) and check that the
# outcome is the reference game's, input untouched.
adjudicates_as_reference() {
	local before
	before=$(sha256sum "$1" 2>/dev/null || true)
	if [ "$1" = - ]; then
		run "$UMPIRE" adjudicate start.yaml - -s r.key -o g1.yaml <"$2"
	else
		run "$UMPIRE" adjudicate start.yaml "$1" -s r.key -o g1.yaml
	fi
	[ "$status" -eq 0 ] || { echo "status $status: $output"; return 1; }
	cmp g1.yaml ref.yaml
	[ "$1" = - ] || [ "$(sha256sum "$1")" = "$before" ]
}

@test "mail: a saved message with a quoted-printable body" {
	python3 "$MKMAIL" qp signed.yaml >m.eml
	grep -q '^Content-Transfer-Encoding: quoted-printable' m.eml
	# the encoding really changed the text (= signs, soft breaks)
	if cmp -s m.eml signed.yaml; then echo "unexpectedly true: cmp -s m.eml signed.yaml"; return 1; fi
	grep -q '=3D\|=$' m.eml
	adjudicates_as_reference m.eml
}

@test "mail: a saved message with a base64 body" {
	python3 "$MKMAIL" base64-body signed.yaml >m.eml
	if grep -q '^umpire:' m.eml; then echo "unexpectedly true: grep -q '^umpire:' m.eml"; return 1; fi
	adjudicates_as_reference m.eml
}

@test "mail: the orders as an attachment, a greeting in the body" {
	python3 "$MKMAIL" attachment signed.yaml >m.eml
	adjudicates_as_reference m.eml
}

@test "mail: multipart/alternative with the orders attached" {
	python3 "$MKMAIL" alternative signed.yaml >m.eml
	grep -q 'multipart/alternative' m.eml
	adjudicates_as_reference m.eml
}

@test "mail: a raw message piped on stdin (mutt's pipe-message)" {
	python3 "$MKMAIL" mbox signed.yaml >m.eml
	head -1 m.eml | grep -q '^From '
	adjudicates_as_reference - m.eml
}

@test "mail: a detached minisign signature attached beside the orders" {
	"$UMPIRE" sign o.yaml -s p.key --detached
	python3 "$MKMAIL" detached o.yaml o.yaml.minisig >m.eml
	rm o.yaml.minisig
	# the same answers as the reference, signed detached: the same
	# position, though the stored orders keep the template's comments
	run "$UMPIRE" adjudicate start.yaml m.eml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit g1.yaml
	[ "$status" -eq 0 ]
	diff <("$UMPIRE" report g1.yaml 2>&1 | sed -n '/^Position/,$p') \
	     <("$UMPIRE" report ref.yaml 2>&1 | sed -n '/^Position/,$p')
	run "$UMPIRE" verify m.eml -p p.pub
	[ "$status" -eq 0 ]
	assert_output_has "signature ok"
}

@test "mail: verify and audit read messages too" {
	python3 "$MKMAIL" attachment signed.yaml >m.eml
	run "$UMPIRE" verify m.eml -p p.pub
	[ "$status" -eq 0 ]
	assert_output_has "signature ok"
	# a game file received as an attachment
	python3 "$MKMAIL" attachment ref.yaml >game.eml
	run "$UMPIRE" audit game.eml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
	run "$UMPIRE" status --brief game.eml
	[ "$status" -eq 0 ]
	[ "$output" = "pending player 2" ]
}

@test "mail: a message with no umpire file is refused, naming its parts" {
	python3 "$MKMAIL" none signed.yaml >m.eml
	run "$UMPIRE" adjudicate start.yaml m.eml -s r.key -o g1.yaml
	[ "$status" -eq 1 ]
	assert_output_has "m.eml: a mail message, but none of its parts"
	assert_output_has "text/plain"
	[ ! -e g1.yaml ]
}

@test "mail: orders edited inside the message are still refused" {
	python3 "$MKMAIL" qp signed.yaml >m.eml
	sed -i 's/^step: 1/step: 2/' m.eml
	grep -q '^step: 2' m.eml
	run "$UMPIRE" adjudicate start.yaml m.eml -s r.key -o g1.yaml
	[ "$status" -eq 1 ]
	[ ! -e g1.yaml ]
}

# ---- umpire mail: writing the message ----

# A config file mapping roles to addresses, this player being the player.
mail_config() {
	mkdir -p "$XDG_CONFIG_HOME/umpire"
	printf '%s\n' '[umpire]' 'address = Alice <alice@example.org>' \
		'[addresses]' 'player = alice@example.org' \
		'referee = Rita <rita@example.org>' \
		>"$XDG_CONFIG_HOME/umpire/config.ini"
}

# Print header $2 of message $1, and the attachments' names and bytes, as
# Python's email package reads them.
mail_field() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m[sys.argv[2]] or "")' "$1" "$2"
}

mail_part() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
for p in m.walk():
    if p.get_filename() == sys.argv[2]:
        sys.stdout.buffer.write(p.get_payload(decode=True))' "$1" "$2"
}

@test "mail: signed orders go to the counter-party, subject names the step" {
	mail_config
	run "$UMPIRE" mail signed.yaml -o out.eml
	[ "$status" -eq 0 ]
	[ "$(mail_field out.eml To)" = "Rita <rita@example.org>" ]
	[ "$(mail_field out.eml From)" = "Alice <alice@example.org>" ]
	subj=$(mail_field out.eml Subject)
	[[ "$subj" == "[umpire "????????"] orders of player for step 1" ]]
	mail_part out.eml signed.yaml >back.yaml
	cmp back.yaml signed.yaml
	# the counter-party adjudicates the message itself
	adjudicates_as_reference out.eml
}

@test "mail: a game file with its report, whoever is to act in the subject" {
	mail_config
	"$UMPIRE" adjudicate start.yaml signed.yaml -s r.key -o g1.yaml \
		--report rep.txt
	run "$UMPIRE" mail g1.yaml --report rep.txt --to player -o out.eml
	[ "$status" -eq 0 ]
	[ "$(mail_field out.eml To)" = "alice@example.org" ]
	[[ "$(mail_field out.eml Subject)" == *": step 2, player to act" ]]
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open("out.eml", "rb"),
                                   policy=policy.default)
body = m.get_body(preferencelist=("plain",)).get_content()
rep = open("rep.txt", encoding="utf-8").read()
assert rep in body, "the report is not the body"'
	run "$UMPIRE" status --brief out.eml
	[ "$output" = "pending player 2" ]
}

@test "mail: --inline, and a role with no address is refused" {
	"$UMPIRE" mail signed.yaml --inline --to rita@example.org -o out.eml
	grep -q '^Content-Disposition: inline; filename=signed.yaml' out.eml
	adjudicates_as_reference out.eml
	run "$UMPIRE" mail signed.yaml --to referee -o out2.eml
	[ "$status" -eq 2 ]
	assert_output_has "no address for role referee"
	assert_output_has "[addresses]"
	[ ! -e out2.eml ]
}

@test "mail: piped to a sendmail -t, the message is complete" {
	mail_config
	# a stand-in for sendmail -t: keep what it is given
	printf '#!/bin/sh\ncat >"%s/sent.eml"\n' "$PWD" >sendmail
	chmod +x sendmail
	"$UMPIRE" mail signed.yaml | ./sendmail -t
	[ "$(mail_field sent.eml To)" = "Rita <rita@example.org>" ]
	adjudicates_as_reference sent.eml
}

@test "mail: a role's address given twice in the config is refused" {
	mail_config
	echo 'player = other@example.org' >>"$XDG_CONFIG_HOME/umpire/config.ini"
	run "$UMPIRE" mail signed.yaml -o out.eml
	[ "$status" -eq 2 ]
	assert_output_has "config.ini:6: [addresses] player is set twice"
	[ ! -e out.eml ]
}

# ---- what mail clients do to a signed file pasted into a body ----
# Each damage below made the file unreadable before the canonical text
# and the search for the file inside its mail.

@test "mail damage: trailing spaces and tabs" {
	sed 's/$/  \t /' signed.yaml >d.yaml
	adjudicates_as_reference d.yaml
}

@test "mail damage: a '> ' quoted reply, one and two levels" {
	{ echo "Rita wrote:"; sed 's/^/> /' signed.yaml; } >d.yaml
	adjudicates_as_reference d.yaml
	run "$UMPIRE" verify d.yaml -p p.pub
	[ "$status" -eq 0 ]
	assert_output_has "1 level of '> ' quoting"
	{ echo "Alice wrote:"; echo "> Rita wrote:"; sed 's/^/>> /' signed.yaml
	  echo "> thanks"; echo "ok"; } >d2.yaml
	adjudicates_as_reference d2.yaml
	# quoting with empty quoted lines as '>' alone, and '> > ' markers
	sed 's/^/> > /; s/^> > $/>>/' signed.yaml >d3.yaml
	adjudicates_as_reference d3.yaml
}

@test "mail damage: a greeting above and a '-- ' signature below" {
	{ printf 'Hi Rita,\n\nhere are my orders:\n\n'; cat signed.yaml
	  printf '\nCheers\n-- \nAlice\n'; } >d.yaml
	adjudicates_as_reference d.yaml
}

@test "mail damage: a UTF-8 byte-order mark" {
	{ printf '\xef\xbb\xbf'; cat signed.yaml; } >d.yaml
	adjudicates_as_reference d.yaml
}

@test "mail damage: no-break spaces for spaces" {
	sed 's/^- /-\xc2\xa0/; s/^step: /step:\xc2\xa0/' signed.yaml >d.yaml
	grep -q $'\xc2\xa0' d.yaml
	adjudicates_as_reference d.yaml
}

@test "mail damage: CRLF, quoting and trailing blanks together" {
	{ echo "On Sunday Alice wrote:"; sed 's/^/> /; s/$/ \r/' signed.yaml; } \
		>d.yaml
	adjudicates_as_reference d.yaml
}

@test "mail damage: a re-wrapped signature block still reads" {
	# a client wraps the base64 lines at 40 columns, without the '#'
	awk '/BEGIN UMPIRE SIGNATURE/ {inb=1; print; next}
	     /END UMPIRE SIGNATURE/ {inb=0}
	     inb && length($0) > 40 {print substr($0, 1, 40);
				     print substr($0, 41); next}
	     {print}' signed.yaml >d.yaml
	if cmp -s d.yaml signed.yaml; then echo "unexpectedly true: cmp -s d.yaml signed.yaml"; return 1; fi
	adjudicates_as_reference d.yaml
}

@test "mail damage: quoted-printable left undecoded in a saved body" {
	python3 -c '
import quopri, sys
sys.stdout.buffer.write(quopri.encodestring(open("signed.yaml", "rb").read()))
' >qp.txt
	grep -q '=3D' qp.txt
	{ printf 'Subject: orders\nMIME-Version: 1.0\n'
	  printf 'Content-Type: text/plain; charset=utf-8\n'
	  printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	  cat qp.txt; } >d.eml
	adjudicates_as_reference d.eml
}

@test "mail damage: an edit is still refused, saying what was taken away" {
	{ echo "Rita wrote:"; sed 's/^/> /; s/$/ /' signed.yaml |
		sed 's/^> side: player *$/> side: player # mine/'; } >d.yaml
	grep -q 'side: player # mine' d.yaml
	run "$UMPIRE" adjudicate start.yaml d.yaml -s r.key -o g1.yaml
	[ "$status" -eq 1 ]
	assert_output_has "1 level of '> ' quoting"
	assert_output_has "trailing whitespace removed"
	assert_output_has "the text was edited after signing"
	[ ! -e g1.yaml ]
}

@test "a signed order file holds only what was answered" {
	grep -q '^# legal:\|^# rule' o.yaml
	if grep -q '^# legal:\|^# rule' signed.yaml; then echo "unexpectedly true: grep -q '^# legal:\|^# rule' signed.yaml"; return 1; fi
	[ "$(grep -c '^#' signed.yaml)" -eq "$(sed -n '/BEGIN UMPIRE/,/END UMPIRE/p' signed.yaml | wc -l)" ]
	[ "$(wc -c <signed.yaml)" -lt "$(wc -c <o.yaml)" ]
	"$UMPIRE" verify signed.yaml -p p.pub
}

@test "signing writes the canonical text: minisign -V verifies it as it is" {
	sed 's/$/  /' o.yaml >ws.yaml
	"$UMPIRE" sign ws.yaml -s p.key -o s.yaml
	if grep -q ' $' s.yaml; then echo "unexpectedly true: grep -q ' \$' s.yaml"; return 1; fi
	unembed s.yaml body.yaml body.yaml.minisig
	run minisign -V -p p.pub -m body.yaml
	[ "$status" -eq 0 ]
	adjudicates_as_reference s.yaml
}

@test "stock minisign -S, with its default trusted comment, is accepted" {
	cp o.yaml m.yaml
	minisign -S -s p.key -m m.yaml </dev/null
	if grep -q '^trusted comment: umpire' m.yaml.minisig; then echo "unexpectedly true: grep -q '^trusted comment: umpire' m.yaml.minisig"; return 1; fi
	run "$UMPIRE" adjudicate start.yaml m.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" audit g1.yaml
	[ "$status" -eq 0 ]
	# a trusted comment that speaks for umpire must match the file
	minisign -S -s p.key -m m.yaml -x bad.minisig \
		-t "umpire/1 game=00 step=1 side=player" </dev/null
	run "$UMPIRE" adjudicate start.yaml m.yaml -x bad.minisig -s r.key \
		-o g2.yaml
	[ "$status" -eq 1 ]
	assert_output_has "trusted comment"
	assert_output_has "does not match the file"
	[ ! -e g2.yaml ]
}

@test "mail damage: a game file with trailing blanks, CRs and a BOM plays on" {
	# before any step: the orders made from it fit the real history
	sed 's/$/  /' start.yaml >ws.yaml
	"$UMPIRE" orders ws.yaml -s p.key -o o2.yaml
	"$UMPIRE" sign o2.yaml -s p.key -o s2.yaml
	run "$UMPIRE" adjudicate ws.yaml s2.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
	# after a step: audit and status read it as the file it was
	{ printf '\xef\xbb\xbf'; sed 's/$/ \t\r/' ref.yaml; } >ws1.yaml
	run "$UMPIRE" audit ws1.yaml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
	run "$UMPIRE" status --brief ws1.yaml
	[ "$output" = "pending player 2" ]
}

@test "a NUL byte in a game file, among its lines or in its last bytes, is refused naming its line" {
	# no mail text holds one: the file goes to the parser as it is
	python3 - ref.yaml <<'EOF'
import sys
b = open(sys.argv[1], 'rb').read()
i = b.index(b'\nsteps:\n') + 3
open('mid.yaml', 'wb').write(b[:i] + b'\0' + b[i + 1:])
open('end.yaml', 'wb').write(b[:-3] + b'\0' + b[-2:])
EOF
	for f in mid end; do
		run "$UMPIRE" status $f.yaml
		[ "$status" -eq 1 ]
		[[ "$output" == *"$f.yaml:"[0-9]*": NUL byte in the file"* ]]
	done
	run "$UMPIRE" status ref.yaml
	[ "$status" -eq 0 ]
}

@test "mail damage: a client re-wrapping at 72 columns changes nothing" {
	# every line umpire writes for mail fits 72 columns: the template,
	# the signed orders, the game file
	fold -s -w 72 o.yaml >ot.yaml
	cmp o.yaml ot.yaml
	fold -s -w 72 signed.yaml >d.yaml
	cmp d.yaml signed.yaml
	fold -s -w 72 ref.yaml >gw.yaml
	cmp gw.yaml ref.yaml
	adjudicates_as_reference d.yaml
}
