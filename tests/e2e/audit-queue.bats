#!/usr/bin/env bats
# An audit checks a game's signatures on a second thread while it replays
# the rules (sigq.h, game_check). Whatever that thread finds, the audit
# says what a check of one thing after another says: the first failure
# in the game's order, with its message. The game is the Race to the
# Reichstag example (44 steps, 135 signatures: enough for the thread).

load helpers

EX="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"

setup() {
	umpire_setup
	cp "$EX/game.yaml" g.yaml
}

@test "the example audits with its signatures checked on the second thread" {
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "44 steps"
}

@test "a forged countersignature is reported, not a later error" {
	edit g.yaml 5 signature
	edit g.yaml 30 seed
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 5: the countersignature of referee does not match"
	case $output in *"step 30"*) echo "$output"; return 1 ;; esac
}

@test "the later error alone is reported as it is" {
	edit g.yaml 30 seed
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 30: the seed is not the one the reveals give"
}

@test "a forged signature of the last step is found after the replay" {
	edit g.yaml 44 signature
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 44: the countersignature of referee does not match"
}

@test "a forged join signature is reported before every step" {
	python3 - <<'PY'
lines = open("g.yaml").read().split("\n")
r = lines.index("- name: 1uf")
i = next(i for i in range(r, len(lines))
         if lines[i].startswith("  signature:"))
l = lines[i + 1]
k = len(l) - len(l.lstrip())
lines[i + 1] = l[:k] + ("B" if l[k] == "A" else "A") + l[k + 1:]
open("g.yaml", "w").write("\n".join(lines))
PY
	edit g.yaml 30 seed
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "the signature of role 1uf does not match the header"
}

@test "on one CPU the same checks are made without a thread" {
	command -v taskset >/dev/null || skip "no taskset"
	edit g.yaml 5 signature
	run taskset -c 0 "$UMPIRE" audit g.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 5: the countersignature of referee does not match"
	cp "$EX/game.yaml" g.yaml
	run taskset -c 0 "$UMPIRE" audit g.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}
