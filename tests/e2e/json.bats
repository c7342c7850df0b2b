#!/usr/bin/env bats
# --json on status, dice, audit and scenarios (umpire(1), JSON OUTPUT):
# each output is one JSON document that jq reads, with the documented
# fields, and says what the text output says.

load helpers
bats_require_minimum_version 1.5.0

setup() { umpire_setup; }

EX="$BATS_TEST_DIRNAME/../../examples"

@test "scenarios --json: every installed scenario, and one's options" {
	run "$UMPIRE" scenarios --json
	[ "$status" -eq 0 ]
	n_text=$("$UMPIRE" scenarios | wc -l)
	[ "$(printf '%s' "$output" | jq length)" -eq "$n_text" ]
	printf '%s' "$output" | jq -e '.[] | select(.id == "aachen") |
		.version >= 1 and (.title | test("Aachen"))'
	run "$UMPIRE" scenarios --options arnswalde-1945 --json
	[ "$status" -eq 0 ]
	printf '%s' "$output" | jq -e '.sides == ["player"] and
		.options[0].name == "difficulty" and
		.options[0].values == ["low", "medium", "high"] and
		.options[0].default == "medium"'
}

@test "status --json: join, then pending with the question, then over" {
	new_arnswalde_game g.yaml
	run "$UMPIRE" status --json g0.yaml
	printf '%s' "$output" | jq -e '.status == "join" and
		.role == "referee"'
	run "$UMPIRE" status --json g.yaml
	[ "$status" -eq 0 ]
	printf '%s' "$output" | jq -e '.status == "pending" and
		.role == "player" and .step == 1 and
		.question.key == "placement" and
		(.question.answers | index("north 2 south 2 center 3")) != null'
	# the same as --brief says
	[ "$("$UMPIRE" status --brief g.yaml)" = "$(printf '%s' "$output" |
		jq -r '"\(.status) \(.role) \(.step)"')" ]
	run "$UMPIRE" status --json "$EX/aachen/game.yaml"
	printf '%s' "$output" | jq -e '.status == "over" and
		(.result | test("victory|draw"; "i")) and .question == null'
}

@test "dice --json: the listing's draws, the luck report's numbers" {
	run "$UMPIRE" dice --json --summary "$EX/aachen/game.yaml"
	[ "$status" -eq 0 ]
	doc=$output
	n_text=$("$UMPIRE" dice "$EX/aachen/game.yaml" | grep -c '^[0-9]')
	[ "$(printf '%s' "$doc" | jq '.draws | length')" -eq "$n_text" ]
	# every combat die is the attacker's, as the phase says
	printf '%s' "$doc" | jq -e '[.draws[] |
		select(.phase | test("^Allied")) | .for] | all(. == "allied")'
	# the luck totals follow from the draws
	printf '%s' "$doc" | jq -e '
		[.draws[] | select(.for == "allied") | (.result | tonumber)]
		  as $v |
		(.luck[] | select(.role == "allied" and .rule == null)) as $l |
		$l.draws == ($v | length) and $l.sum == ($v | add) and
		$l.expected == 3.5 * ($v | length)'
}

@test "audit --json: ok with the counts; a failure is ok: false, exit 1" {
	run "$UMPIRE" audit --json "$EX/arnswalde-1945/game.yaml"
	[ "$status" -eq 0 ]
	printf '%s' "$output" | jq -e '.ok == true and .steps > 0 and
		.draws > 0 and .over == true'
	# one reveal changed: the audit must fail
	sed '0,/^    player: [A-Za-z0-9+\/=]*$/s//    player: UIZY0DmeiAjNfUPlglVagwYMnclR6kmkeNZoi5vW5gA=/' \
		"$EX/arnswalde-1945/game.yaml" >t.yaml
	run cmp -s t.yaml "$EX/arnswalde-1945/game.yaml"
	[ "$status" -eq 1 ]
	run --separate-stderr "$UMPIRE" audit --json t.yaml
	[ "$status" -eq 1 ]
	printf '%s' "$output" | jq -e '.ok == false and
		(.error | startswith("audit failed"))'
}
