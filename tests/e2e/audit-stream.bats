#!/usr/bin/env bats
# umpire audit with no view reads a game's steps one at a time, each
# step's nodes freed once read (GAME_PARSE_STREAM, src/core/gamestream.c),
# and a game file on disk a piece at a time; with a view it reads the
# whole tree, whose steps a view is compared with. Both must say the
# same of any game: the same refusal, file, line and step, with the same
# exit status, whichever fault comes first in the whole-tree reader's
# order (the YAML, then the header, then each step as read, then each
# step as checked). The game is the Race to the Reichstag example (44
# steps). A view is given as a file that does not exist: the game is
# refused before any view is read.

load helpers

EX="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"

setup() {
	umpire_setup
	cp "$EX/game.yaml" g.yaml
}

# replace FILE OLD NEW: the first line OLD of FILE made NEW
replace() {
	python3 - "$@" <<'PY'
import sys
path, old, new = sys.argv[1:4]
lines = open(path).read().split("\n")
lines[lines.index(old)] = new
open(path, "w").write("\n".join(lines))
PY
}

# same_refusal FILE MESSAGE: audit of FILE streamed and read whole
# refuses it alike, with MESSAGE
same_refusal() {
	run "$UMPIRE" audit "$1"
	local streamed=$output status1=$status
	run "$UMPIRE" audit "$1" --view no-such-view
	[ "$status1" -eq 1 ] && [ "$status" -eq 1 ] ||
		{ echo "status $status1 and $status"; return 1; }
	[ "$streamed" = "$output" ] ||
		{ echo "streamed: $streamed"; echo "whole: $output"; return 1; }
	assert_output_has "$2"
}

@test "a file, stdin, its gzip copy and a copy with CR line ends audit alike" {
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	local want=$output
	assert_output_has "44 steps"
	run "$UMPIRE" audit - <g.yaml
	[ "$status" -eq 0 ] && [ "$output" = "$want" ] || { echo "$output"; return 1; }
	gzip -c g.yaml >g.yaml.gz
	run "$UMPIRE" audit g.yaml.gz
	[ "$status" -eq 0 ] && [ "$output" = "$want" ] || { echo "$output"; return 1; }
	sed 's/$/\r/' g.yaml >crlf.yaml
	run "$UMPIRE" audit crlf.yaml
	[ "$status" -eq 0 ] && [ "$output" = "$want" ] || { echo "$output"; return 1; }
}

@test "a tampered last step is refused alike, streamed or read whole" {
	edit g.yaml 44 seed
	same_refusal g.yaml "step 44: the seed is not the one the reveals give"
	cp "$EX/game.yaml" g.yaml
	edit g.yaml 44 state
	same_refusal g.yaml "step 44: the countersignature of referee does not match"
	cp "$EX/game.yaml" g.yaml
	edit g.yaml 43 orders
	same_refusal g.yaml "step 43"
}

@test "a step read wrong is named with its file and line alike" {
	replace g.yaml "  next: over" "  next: [over"
	same_refusal g.yaml "g.yaml:"
	cp "$EX/game.yaml" g.yaml
	replace g.yaml "- step: 40" "- step: 40
  step: 41"
	same_refusal g.yaml "g.yaml:"
	cp "$EX/game.yaml" g.yaml
	replace g.yaml "  draws: []" "  draws: nothing"
	same_refusal g.yaml "field 'draws'"
}

@test "the YAML and the header come before a bad step, as read whole" {
	edit g.yaml 3 seed
	printf 'extra: [\n' >>g.yaml
	same_refusal g.yaml "g.yaml:"
	cp "$EX/game.yaml" g.yaml
	edit g.yaml 3 seed
	replace g.yaml "  draws: []" "  draws: nothing"
	sed -i 's/^scenario_version: /scenario_version: 9/' g.yaml
	same_refusal g.yaml "version"
}
