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
