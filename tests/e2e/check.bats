#!/usr/bin/env bats
# Orders checked before they are mailed: umpire sign --game and
# umpire verify --game run the rules on the orders, as far as the actor
# can see (up to the step's first draw), so that a typo costs no mail.

load helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_arnswalde_game g.yaml
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/g.yaml .
	"$UMPIRE" orders g.yaml -s p.key -o o.yaml
}

@test "sign --game: legal orders are signed, and it says how far it checked" {
	run "$UMPIRE" sign o.yaml --game g.yaml -s p.key -o s.yaml
	[ "$status" -eq 0 ]
	assert_output_has "answers ok: all 1 are legal"
	assert_output_has "draw at rule 6.0"
	run "$UMPIRE" adjudicate g.yaml s.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
}

@test "sign --game: an illegal answer is refused with its rule and the legal ones" {
	sed -i 's/^- placement: .*/- placement: "north 9 south 0 center 0"/' \
		o.yaml
	run "$UMPIRE" sign o.yaml --game g.yaml -s p.key -o s.yaml
	[ "$status" -eq 1 ]
	assert_output_has "'north 9 south 0 center 0' is not a legal answer to rule 3.1"
	assert_output_has "legal answers: \"north 0 south 0 center 7\""
	[ ! -e s.yaml ]
	# without --game it is signed as before: the adjudicator refuses it
	"$UMPIRE" sign o.yaml -s p.key -o s.yaml
	run "$UMPIRE" verify s.yaml --game g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "not a legal answer to rule 3.1"
}

@test "sign --game: a standing order no question takes is refused" {
	sed -i 's/^standing:.*$/standing:\n  bogus: "yes"/' o.yaml
	grep -q '^  bogus: "yes"' o.yaml
	run "$UMPIRE" sign o.yaml --game g.yaml -s p.key -o s.yaml
	[ "$status" -eq 1 ]
	assert_output_has "no question takes the standing order 'bogus'"
	assert_output_has "standing orders: ca-continue"
	[ ! -e s.yaml ]
}

@test "sign --game: answers after the first draw wait for the adjudication" {
	sed -i 's/^\(- placement: .*\)$/\1\n- action: "pass"/' o.yaml
	run "$UMPIRE" sign o.yaml --game g.yaml -s p.key -o s.yaml
	[ "$status" -eq 0 ]
	assert_output_has "1 of 2 answers checked; the rest, after the draw at rule 6.0, are checked when the step is adjudicated"
}

@test "sign --game: orders for another game or step are refused" {
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub -o other0.yaml 2>/dev/null
	"$UMPIRE" join other0.yaml --side referee -s r.key -o other.yaml \
		2>/dev/null
	run "$UMPIRE" sign o.yaml --game other.yaml -s p.key -o s.yaml
	[ "$status" -eq 1 ]
	assert_output_has "not for this game"
	[ ! -e s.yaml ]
}

# The key's local record, every file of it (the checkpoints are a cache,
# not the record), as one text: name and hash of each.
record_text() {
	find "$XDG_STATE_HOME/umpire" -path '*/checkpoints' -prune -o \
		-type f ! -name '*.lock' -print | sort | xargs -r sha256sum
}

@test "sign --check: checks as sign -g does, signs nothing, records nothing; the step stays open" {
	before=$(record_text)
	run "$UMPIRE" sign o.yaml --check --game g.yaml
	[ "$status" -eq 0 ]
	assert_output_has "answers ok: all 1 are legal"
	assert_output_has "checked only: nothing signed, nothing recorded"
	[ "$(record_text)" = "$before" ]
	# an illegal answer: refused as sign -g refuses it
	sed 's/^- placement: .*/- placement: "north 9 south 0 center 0"/' \
		o.yaml >bad.yaml
	run "$UMPIRE" sign bad.yaml --check --game g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "'north 9 south 0 center 0' is not a legal answer to rule 3.1"
	[ "$(record_text)" = "$before" ]
	# a different file for the step can still be signed, and adjudicated
	sed 's/^- placement: .*/- placement: "north 7 south 0 center 0"/' \
		o.yaml >better.yaml
	run "$UMPIRE" sign better.yaml --game g.yaml -s p.key -o s.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" adjudicate g.yaml s.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
}

@test "sign --check takes no output and needs a game; a signed file is refused as sign refuses it" {
	run "$UMPIRE" sign o.yaml --check
	[ "$status" -eq 2 ]
	assert_output_has "give -g GAME"
	run "$UMPIRE" sign o.yaml --check --game g.yaml -o s.yaml
	[ "$status" -eq 2 ]
	[ ! -e s.yaml ]
	"$UMPIRE" sign o.yaml --game g.yaml -s p.key -o s.yaml
	run "$UMPIRE" sign s.yaml --check --game g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "already signed"
}

@test "sign -o /dev/null (an output that keeps nothing) is refused and points at --check; the step stays open" {
	before=$(record_text)
	run "$UMPIRE" sign o.yaml --game g.yaml -s p.key -o /dev/null
	[ "$status" -eq 2 ]
	assert_output_has "keeps nothing"
	assert_output_has "--check"
	run "$UMPIRE" sign o.yaml -s p.key -o /dev/null
	[ "$status" -eq 2 ]
	run env EDITOR=true "$UMPIRE" orders g.yaml --sign -s p.key -o /dev/null
	[ "$status" -eq 2 ]
	assert_output_has "--check"
	[ "$(record_text)" = "$before" ]
	sed 's/^- placement: .*/- placement: "north 7 south 0 center 0"/' \
		o.yaml >better.yaml
	run "$UMPIRE" sign better.yaml --game g.yaml -s p.key -o s.yaml
	[ "$status" -eq 0 ]
}
