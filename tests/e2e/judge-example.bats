#!/usr/bin/env bats
# The judge example (examples/judge: an Arnswalde 1945 solitaire whose
# referee is `umpire judge`, every message in and out, and the judge's
# log, made by its make-example.sh) still holds: its game file audits
# under today's rules and is over with the result its README gives,
# every game file the judge mailed is a prefix of it, the log has a
# line for every message the player sent, and make-example.sh still
# plays a game with the judge to its end.
# When the rules, the scenario or the judge's mail change,
# make-example.sh plays it again.

load helpers

EX="$BATS_TEST_DIRNAME/../../examples/judge"

setup() {
	umpire_setup
}

@test "the judge example's game file audits, and is over with the README's result" {
	assert_example_over "$EX/game.yaml" "$EX/README.md"
}

@test "every game file the judge mailed audits as a prefix of its own, the last one the README names" {
	n=0
	for m in "$EX"/out/*.eml; do
		grep -q 'refused' "$m" && continue
		# (the letter asking the player's address to confirm)
		grep -q 'umpire-confirm-' "$m" && continue
		run "$UMPIRE" audit "$m" --against "$EX/game.yaml"
		echo "$m: $output"
		[ "$status" -eq 0 ]
		n=$((n + 1))
		last=$m
	done
	[ "$n" -ge 3 ]
	run "$UMPIRE" status --brief "$last"
	case $output in over*) ;; *) echo "not over: $output"; return 1 ;; esac
	grep -qF "out/$(basename "$last")" "$EX/README.md"
}

@test "the judge's log has one line for each message the player sent, and the illegal orders were refused" {
	[ "$(wc -l <"$EX/judge.log")" -eq "$(ls "$EX"/in/*.eml | wc -l)" ]
	for m in "$EX"/in/*.eml; do
		id=$(sed -n 's/^Message-I[dD]: *<\(.*\)>.*/\1/p' "$m" | head -n 1)
		[ -n "$id" ]
		[ "$(grep -c -F "<$id>" "$EX/judge.log")" -eq 1 ]
	done
	grep -q ' orders of player refused: .*answered to player at ' \
		"$EX/judge.log"
	sed -n '/^Subject:/{N;p;}' "$EX/out/05.eml" | tr -d '\n' |
		grep -q 'refused'
	[ -z "$(grep -v ' done ' "$EX/judge.log")" ]
}

@test "make-example.sh plays a new game with the judge as referee to its end" {
	# a copy, so that the example itself is left as it is
	mkdir -p ex/examples/arnswalde-1945 ex/examples/judge
	ln -s "$(cd "$BATS_TEST_DIRNAME/../../scenarios" && pwd)" ex/scenarios
	cp "$EX/../arnswalde-1945/choose.py" ex/examples/arnswalde-1945/
	cp "$EX/make-example.sh" ex/examples/judge/
	run sh ex/examples/judge/make-example.sh "$UMPIRE"
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "same history"
	[ -f ex/examples/judge/game.yaml ]
	run "$UMPIRE" status --brief ex/examples/judge/game.yaml
	case $output in over*) ;; *) echo "not over: $output"; return 1 ;; esac
	grep -q ' orders of player refused: ' ex/examples/judge/judge.log
}
