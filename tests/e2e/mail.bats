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
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o start.yaml 2>/dev/null
	"$UMPIRE" orders start.yaml -s p.key -o o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o signed.yaml
	# The game after adjudicating the plain file: the reference outcome.
	"$UMPIRE" adjudicate start.yaml signed.yaml -s r.key -o ref.yaml \
		2>/dev/null
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/start.yaml \
		"$BATS_FILE_TMPDIR"/o.yaml "$BATS_FILE_TMPDIR"/signed.yaml \
		"$BATS_FILE_TMPDIR"/ref.yaml .
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
	! cmp -s m.eml signed.yaml
	grep -q '=3D\|=$' m.eml
	adjudicates_as_reference m.eml
}

@test "mail: a saved message with a base64 body" {
	python3 "$MKMAIL" base64-body signed.yaml >m.eml
	! grep -q '^umpire:' m.eml
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
	adjudicates_as_reference m.eml
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
