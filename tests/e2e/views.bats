#!/usr/bin/env bats
# Every honest view is readable: what audit --view calls an honest
# redaction, every command that reads a view reads (render, status,
# report; orders and sign -g on the side's own question: sweep.bats).

load helpers

setup() {
	umpire_setup
}

# The stand-in for a hidden counter on top of a stack must be hidden as
# the counter is (face down, placed by the other player), even when no
# pool counter is left for it (fixtures/rttr-stand-in/README.md).
@test "Race to the Reichstag: a view whose pool counters run short is read" {
	cp "$BATS_TEST_DIRNAME"/fixtures/rttr-stand-in/*.yaml .
	run "$UMPIRE" audit game.yaml --view view-17-1bf.yaml
	[ "$status" -eq 0 ]
	assert_output_has "every view given is an honest redaction"
	run "$UMPIRE" render view-17-1bf.yaml -o board.svg
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" status view-17-1bf.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "waiting for 1uf"
	run "$UMPIRE" report view-17-1bf.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# the stand-ins say nothing: the board names no counter the view
	# hides (the German units of the 1BF sector under the top)
	run grep -c 'SSNed\|NorNo\|HJR' board.svg
	[ "$output" = 0 ]
}
