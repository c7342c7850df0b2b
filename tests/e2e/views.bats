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
	# the scenario file the game was made with (its notes changed since)
	export UMPIRE_SCENARIOS="$BATS_TEST_DIRNAME"/fixtures/rttr-stand-in/scenarios
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
	run grep -c 'FKAH\|SSLat\|SSLAH\|NorNo\|32SS' board.svg
	[ "$output" = 0 ]
}

# A view is read in its canonical form (umpire-protocol(7), VIEWS): what
# a mail client adds at line ends (blanks, CRs) changes nothing, since
# the referee's signature covers the decoded values and umpire writes
# no blank at a line's end; any other change still breaks it.
@test "a view that gained trailing blanks or CRs in the mail is read; an altered one is not" {
	export UMPIRE_SCENARIOS="$BATS_TEST_DIRNAME"/fixtures/rttr-stand-in/scenarios
	cp "$BATS_TEST_DIRNAME"/fixtures/rttr-stand-in/view-17-1bf.yaml v.yaml
	# every line umpire wrote is canonical: the test below adds to it
	run grep -c '[[:blank:]]$' v.yaml
	[ "$output" = 0 ]
	sed 's/$/  /' v.yaml >blanks.yaml
	run "$UMPIRE" status blanks.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "waiting for 1uf"
	sed 's/$/\r/' v.yaml >crlf.yaml
	run "$UMPIRE" render crlf.yaml -o board.svg
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	{ printf '\357\273\277'; cat v.yaml; } >bom.yaml
	run "$UMPIRE" report bom.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "As seen by 1bf."
	# the report's line with a word more: the signature fails
	sed 's/^\(  As seen by 1bf\)\.$/\1 too./' v.yaml >altered.yaml
	if cmp -s altered.yaml v.yaml; then echo "not altered"; return 1; fi
	run "$UMPIRE" status altered.yaml
	[ "$status" -eq 1 ]
	assert_output_has "signature does not match"
}

# A sealed view's outer game and for say whose box it is; the seal covers
# neither, so a reader holds them to the view inside.
@test "a sealed view whose outer game or for differs from the view inside is refused" {
	new_reichstag_game game.yaml
	"$UMPIRE" view game.yaml --side 1bf -s referee.key --seal -o v.sealed
	run "$UMPIRE" status v.sealed -s 1bf.key
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	sed 's/$/ \r/' v.sealed >blanks.sealed
	run "$UMPIRE" status blanks.sealed -s 1bf.key
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	id=$(sed -n 's/^game: //p' v.sealed)
	other=$(printf '%s' "$id" | tr '0-9a-f' '1-9a-f0')
	sed "s/^game: .*/game: $other/" v.sealed >game.sealed
	if cmp -s game.sealed v.sealed; then echo "not altered"; return 1; fi
	for cmd in status report; do
		run "$UMPIRE" $cmd game.sealed -s 1bf.key
		[ "$status" -eq 1 ] || { echo "$cmd: $output"; return 1; }
		assert_output_has "'game: $other' and 'for: 1bf' outside its box"
		assert_output_has "game $id for side 1bf"
	done
	run "$UMPIRE" open game.sealed -s 1bf.key
	[ "$status" -eq 1 ]
	sed 's/^for: .*/for: 1uf/' v.sealed >for.sealed
	run "$UMPIRE" render for.sealed -s 1bf.key -o board.svg
	[ "$status" -eq 1 ]
	assert_output_has "'for: 1uf' outside its box"
}
