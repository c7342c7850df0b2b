#!/usr/bin/env bats
# A keyless mail relay against the counter-party (umpire-protocol(7),
# SECURITY NOTES, "Reading untrusted files"): it cannot sign, but it can
# rewrite what no signature covers (the untrusted comment of a
# .minisig) or pass on a detached signature over a body that the game
# file cannot keep. Either must be refused before the adjudicator's
# local record notes the step, so that the honest original still
# adjudicates; and a comment changed in transit must give the very same
# step, so that `audit --against` sees one history. Written to fail on
# the code before the fix, which noted the step first and then refused
# to write the game file, and stored the comment as received.

load ../e2e/helpers

setup() {
	umpire_setup
	new_arnswalde_game start.yaml
	"$UMPIRE" orders start.yaml -s p.key >o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o o.signed
	unembed o.signed body.txt sig.minisig
}

# The .minisig $1 with its untrusted comment replaced by $3, as $2.
recomment() {
	{ printf 'untrusted comment: %s\n' "$3"; tail -n +2 "$1"; } >"$2"
}

# body.txt with the .minisig $1 embedded again (independently of umpire),
# as $2.
rearmor() {
	{ cat body.txt
	  echo "# -----BEGIN UMPIRE SIGNATURE-----"
	  base64 -w 64 "$1" | sed 's/^/# /'
	  echo "# -----END UMPIRE SIGNATURE-----"; } >"$2"
}

# The honest original, adjudicated after the attack: $1 the output.
honest_adjudicates() {
	run "$UMPIRE" adjudicate start.yaml o.signed -s r.key -o "$1" \
		--report /dev/null
	[ "$status" -eq 0 ] || { echo "honest original: $output"; return 1; }
	"$UMPIRE" audit "$1" >/dev/null
}

# Adjudicating start.yaml with the orders "$@" is refused, saying $1,
# with no file written; then the honest original still adjudicates.
refused_then_honest() {
	local msg=$1 said
	shift
	run "$UMPIRE" adjudicate start.yaml "$@" -s r.key -o n1.yaml \
		--report /dev/null
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	[ ! -e n1.yaml ]
	said=$output
	honest_adjudicates n2.yaml
	output=$said assert_output_has "$msg"
}

@test "an untrusted comment padded to 60 KB (detached) stalls nothing" {
	# a detached signature file is read up to 64 KiB
	recomment sig.minisig padded.minisig "$(head -c 61440 /dev/zero |
		tr '\0' x)"
	refused_then_honest "longer than minisign reads" body.txt \
		-x padded.minisig
}

@test "an untrusted comment padded to 700 KB (embedded) stalls nothing" {
	recomment sig.minisig padded.minisig "$(head -c 716800 /dev/zero |
		tr '\0' x)"
	rearmor padded.minisig padded.signed
	refused_then_honest "longer than minisign reads" padded.signed
}

@test "a comment as long as minisign reads is kept as umpire writes it" {
	# minisign reads the line into 1024 bytes: 1022 characters and LF
	recomment sig.minisig long.minisig "$(head -c 1003 /dev/zero |
		tr '\0' y)"
	[ "$(head -1 long.minisig | wc -c)" -eq 1023 ]
	rearmor long.minisig long.signed
	run "$UMPIRE" adjudicate start.yaml long.signed -s r.key -o n1.yaml \
		--report /dev/null
	[ "$status" -eq 0 ]
	honest_adjudicates n2.yaml
	cmp n1.yaml n2.yaml
	recomment sig.minisig over.minisig "$(head -c 1004 /dev/zero |
		tr '\0' y)"
	rearmor over.minisig over.signed
	run "$UMPIRE" adjudicate start.yaml over.signed -s r.key -o n3.yaml \
		--report /dev/null
	[ "$status" -eq 1 ]
	assert_output_has "minisign"
}

@test "a comment changed in transit gives the same step, not a second" {
	recomment sig.minisig relayed.minisig "forwarded by a mail relay"
	rearmor relayed.minisig relayed.signed
	run "$UMPIRE" adjudicate start.yaml relayed.signed -s r.key \
		-o n1.yaml --report /dev/null
	[ "$status" -eq 0 ]
	# the same machine: a re-send, not other orders
	honest_adjudicates n2.yaml
	cmp n1.yaml n2.yaml
	# another machine of the referee's: one history all the same
	XDG_STATE_HOME=$PWD/elsewhere honest_adjudicates n3.yaml
	run "$UMPIRE" audit n1.yaml --against n3.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# and what is stored does not depend on the comment received
	run "$UMPIRE" adjudicate start.yaml body.txt -x relayed.minisig \
		-s r.key -o n4.yaml --report /dev/null
	[ "$status" -eq 0 ]
	cmp n1.yaml n4.yaml
}

@test "a detached signature over a body holding a BEGIN line stalls nothing" {
	# a BEGIN line in the signed text: the game file keeps the text
	# with the signature block after it, and would read the wrong one
	awk '{ print } /^answers:$/ {
		print "# -----BEGIN UMPIRE SIGNATURE-----" }' o.yaml >evil.yaml
	grep -q '^# -----BEGIN' evil.yaml
	# signed elsewhere: this key's own record refuses a second version
	XDG_STATE_HOME=$PWD/elsewhere "$UMPIRE" sign evil.yaml --detached \
		-s p.key
	refused_then_honest "BEGIN line" evil.yaml -x evil.yaml.minisig
}
