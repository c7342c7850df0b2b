#!/usr/bin/env bats
# This machine's checkpoints (umpire(1), FILES; checkpoint.h): status and
# adjudicate trust the steps verified here before and replay from the
# latest checkpoint in them. Whatever the checkpoints hold, the outputs
# are those of a replay from the start, and a step changed since it was
# verified is checked in full.

load helpers

CHOOSE="$BATS_TEST_DIRNAME/../../examples/aachen/choose.py"

# One Aachen step by choose.py; keeps the game before it (before.yaml)
# and the signed orders (last.signed.yaml).
one_step() {
	local st side k o
	st=$("$UMPIRE" status --brief g.yaml)
	side=$(echo "$st" | awk '{print $2}')
	if [ "$side" = allied ]; then k=a.key; o=g.key; else k=g.key; o=a.key; fi
	python3 "$CHOOSE" "$side" g.yaml $k "$UMPIRE" >o.yaml || return 1
	"$UMPIRE" sign o.yaml -s $k -o last.signed.yaml || return 1
	echo $o >last.counter
	cp g.yaml before.yaml
	"$UMPIRE" adjudicate g.yaml last.signed.yaml -s $o -o next.yaml \
		2>/dev/null || return 1
	mv next.yaml g.yaml
}

setup_file() {
	umpire_setup_file
	export UMPIRE_SCENARIOS="${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}"
	cd "$BATS_FILE_TMPDIR"
	"$UMPIRE" keygen -s a.key -p a.pub -W >/dev/null
	"$UMPIRE" keygen -s g.key -p g.pub -W >/dev/null
	"$UMPIRE" new aachen -s a.key --side allied=a.pub --side german=g.pub \
		-o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side german -s g.key -o g.yaml 2>/dev/null
	local i
	for ((i = 0; i < 9; i++)); do one_step || return 1; done
	# on to a pending move (a free-text question with examples)
	for ((i = 0; i < 12; i++)); do
		"$UMPIRE" status --json g.yaml | grep -q '"key": *"move"' &&
			break
		one_step || return 1
	done
	# the state of this machine after the game so far
	cp -r "$XDG_STATE_HOME" warm-state
}

setup() {
	umpire_setup
	export UMPIRE_SCENARIOS="${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}"
	cp "$BATS_FILE_TMPDIR"/{a,g}.{key,pub} "$BATS_FILE_TMPDIR"/*.yaml \
		"$BATS_FILE_TMPDIR"/last.counter .
	rm -rf "$XDG_STATE_HOME"
	mkdir -p "$(dirname "$XDG_STATE_HOME")"
	cp -r "$BATS_FILE_TMPDIR/warm-state" "$XDG_STATE_HOME"
	CP="$XDG_STATE_HOME/umpire/checkpoints"
	ID=$(awk '/^game:/ {print $2; exit}' g.yaml)
}

# $@ run with this machine's local records but no checkpoint: a replay
# from the start
cold() {
	local d="$BATS_TEST_TMPDIR/cold-$RANDOM"
	cp -r "$XDG_STATE_HOME" "$d"
	rm -rf "$d/umpire/checkpoints"
	XDG_STATE_HOME="$d" "$@"
}

@test "the checkpoints of a game: an index and the last steps' points, private" {
	[ -f "$CP/$ID" ]
	grep -q '^umpire: checkpoints/1$' "$CP/$ID"
	# one line a verified step, hash and countersignature hash
	[ "$(grep -c '^- "\?[A-Za-z0-9+/=]\{44\} [A-Za-z0-9+/=]\{44\}' "$CP/$ID")" -ge 8 ]
	ls "$CP/$ID".* >/dev/null
	[ "$(stat -c %a "$CP")" = 700 ]
	[ "$(stat -c %a "$CP/$ID")" = 600 ]
}

@test "status from a checkpoint says what a replay from the start says" {
	run "$UMPIRE" status g.yaml
	[ "$status" -eq 0 ]
	warm=$output
	run cold "$UMPIRE" status g.yaml
	[ "$status" -eq 0 ]
	[ "$output" = "$warm" ]
	run "$UMPIRE" status before.yaml
	warm=$output
	run cold "$UMPIRE" status before.yaml
	[ "$output" = "$warm" ]
	run "$UMPIRE" status --json g.yaml
	warm=$output
	run cold "$UMPIRE" status --json g.yaml
	[ "$output" = "$warm" ]
}

@test "adjudicate from a checkpoint writes the file and report of a replay from the start" {
	o=$(cat last.counter)
	"$UMPIRE" adjudicate before.yaml last.signed.yaml -s $o -o warm.yaml \
		--report warm.txt
	cold "$UMPIRE" adjudicate before.yaml last.signed.yaml -s $o \
		-o cold.yaml --report cold.txt
	cmp warm.yaml cold.yaml
	cmp warm.txt cold.txt
	cmp warm.yaml g.yaml
}

@test "a checkpoint that would play otherwise is not used, and is rewritten" {
	# every point's state: the Allied units' turn-start places moved
	for f in "$CP/$ID".*; do
		sed -i 's/^turn: [0-9]*/turn: 1/; s/^phase: .*/phase: set-up/' "$f"
		python3 - "$f" <<'EOF'
import sys, yaml
p = sys.argv[1]
d = yaml.safe_load(open(p))
d["state"]["turn"] = 1 if d["state"]["turn"] != 1 else 2
open(p, "w").write(yaml.safe_dump(d, sort_keys=False))
EOF
		cp "$f" "$f.bad"
	done
	run "$UMPIRE" status g.yaml
	[ "$status" -eq 0 ]
	warm=$output
	run cold "$UMPIRE" status g.yaml
	[ "$output" = "$warm" ]
	# played again from the start, the points written anew
	for f in "$CP/$ID".*[0-9]; do ! cmp -s "$f" "$f.bad"; done
}

@test "a countersignature changed after its step was verified is refused" {
	# the second step's countersignature, one base64 character changed
	python3 - g.yaml <<'EOF'
import sys, re
p = sys.argv[1]
t = open(p).read()
i = t.index("\n- step: 2\n")
j = t.index("  signature: |-\n", i) + len("  signature: |-\n    ")
c = "A" if t[j] != "A" else "B"
open(p, "w").write(t[:j] + c + t[j + 1:])
EOF
	run "$UMPIRE" status g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "step 2: the countersignature"
}

@test "a seed or prev changed after its step was verified is refused" {
	# status does not decode the seed and prev of a step it verified
	# before: the index vouches for the step's node, so a change of
	# either must show as a step no longer vouched for, and be checked
	for field in seed prev; do
		cp g.yaml t.yaml
		python3 - t.yaml $field <<'EOF'
import sys
p, field = sys.argv[1], sys.argv[2]
t = open(p).read()
i = t.index("\n- step: 2\n")
j = t.index("  %s: " % field, i) + len("  %s: " % field)
c = "A" if t[j] != "A" else "B"
open(p, "w").write(t[:j] + c + t[j + 1:])
EOF
		run "$UMPIRE" status t.yaml
		[ "$status" -eq 1 ] || { echo "$field: $output"; return 1; }
		assert_output_has "step 2"
	done
}

@test "orders changed after their step was verified are refused" {
	python3 - g.yaml <<'EOF'
import sys, base64
p = sys.argv[1]
t = open(p).read()
i = t.index("\n- step: 3\n")
a = t.index("  orders: |-\n", i) + len("  orders: |-\n")
b = t.index("\n  reveals:", a)
body = base64.b64decode("".join(t[a:b].split()))
body = body.replace(b"answers:", b"answers: ", 1)
enc = base64.b64encode(body).decode()
lines = "\n".join("    " + enc[k:k + 64] for k in range(0, len(enc), 64))
open(p, "w").write(t[:a] + lines + t[b:])
EOF
	run "$UMPIRE" status g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "step 3"
}

@test "status shows a few example answers; --json and the order template, all" {
	run "$UMPIRE" status g.yaml
	[ "$status" -eq 0 ]
	grep -q "(move)" <<<"$output"
	flat=$(tr -s ' \n' '  ' <<<"$output")
	[[ "$flat" == *"and more (umpire orders lists them)."* ]]
	run "$UMPIRE" status --json g.yaml
	n=$(python3 -c 'import json,sys; print(len(json.load(sys.stdin)["question"]["answers"]))' <<<"$output")
	[ "$n" -gt 6 ]
}

@test "a join signature changed after the header was verified is refused" {
	python3 - g.yaml <<'PY'
import sys
p = sys.argv[1]
t = open(p).read()
i = t.index("\n- name: german\n")
j = t.index("  signature: |-\n", i) + len("  signature: |-\n    ")
c = "A" if t[j] != "A" else "B"
open(p, "w").write(t[:j] + c + t[j + 1:])
PY
	run "$UMPIRE" status g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "the signature of role german does not match"
}
