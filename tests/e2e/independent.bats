#!/usr/bin/env bats
# An independent auditor, written from umpire-protocol(7) alone
# (tests/independent/rederive.py, Debian's python3 with python3-yaml and
# python3-nacl), agrees with umpire on a played game, re-derives the same
# draws as `umpire dice`, and names the step of any edit.

load helpers

PY=/usr/bin/python3
REDERIVE="$BATS_TEST_DIRNAME/../independent/rederive.py"
TAMPER="$BATS_TEST_DIRNAME/tamper.py"

need_python() {
	[ -x "$PY" ] || skip "no $PY"
	"$PY" -c 'import yaml, nacl.signing' 2>/dev/null ||
		skip "python3-yaml or python3-nacl missing"
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o g.yaml 2>/dev/null
	cp g.yaml start.yaml
	# Play until the game is over (or 60 steps, a short game either way).
	local i
	for ((i = 0; i < 60; i++)); do
		case "$("$UMPIRE" status --brief g.yaml)" in over*) break ;; esac
		"$UMPIRE" orders g.yaml -s p.key |
			"$UMPIRE" sign - -s p.key |
			"$UMPIRE" adjudicate g.yaml - -s r.key -o next.yaml \
				2>/dev/null || return 1
		mv next.yaml g.yaml
	done
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/{start,g}.yaml .
}

@test "rederive.py agrees with umpire audit on a played game" {
	need_python
	run "$UMPIRE" audit g.yaml
	[ "$status" -eq 0 ]
	run "$PY" "$REDERIVE" g.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "header ok"
	assert_output_has "step 1 ok"
	assert_output_has "rederive ok"
	# one line per step
	local steps
	steps=$(grep -c '^- step: ' g.yaml)
	[ "$(grep -c '^step [0-9]* ok' <<<"$output")" -eq "$steps" ]
}

@test "rederive.py re-derives exactly the draws of umpire dice" {
	need_python
	"$PY" "$REDERIVE" --draws g.yaml >mine.tsv
	"$UMPIRE" dice g.yaml | tail -n +2 | cut -f1,2,7,8,9 >theirs.tsv
	[ -s theirs.tsv ]
	diff mine.tsv theirs.tsv
}

@test "rederive.py accepts a game with no steps yet" {
	need_python
	run "$PY" "$REDERIVE" start.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "rederive ok: 0 steps"
}

@test "rederive.py names the step of an edited draw label" {
	need_python
	"$PY" "$TAMPER" draw g.yaml bad.yaml 2
	run "$PY" "$REDERIVE" bad.yaml
	[ "$status" -eq 1 ]
	# the first step at or after 2 that has a draw
	local want
	want=$(awk '/^- step: /{s=$3} /got: /{if (s >= 2) {print s; exit}}' \
		g.yaml)
	assert_output_has "FAILED at step $want:"
}

@test "rederive.py names the step of an edited pick" {
	need_python
	# Change the pick of the first draw of the last step that has one;
	# the script prints that step's number.
	local step
	step=$("$PY" - g.yaml bad.yaml <<-'EOF'
	import re, sys
	t = open(sys.argv[1]).read()
	m = list(re.finditer(r"(?m)^- step: (\d+)\n(?:  .*\n)*?"
	                     r"  - (?:\{i: 0, n: (\d+), pick: (\d+),|"
	                     r"i: 0\n    n: (\d+)\n    pick: (\d+)\n)", t))[-1]
	g = 2 if m.group(2) else 4
	n, pick = int(m.group(g)), int(m.group(g + 1))
	if n < 2:
	    sys.exit("no draw to edit")
	a, b = m.span(g + 1)
	open(sys.argv[2], "w").write(t[:a] + str((pick + 1) % n) + t[b:])
	print(m.group(1))
	EOF
	)
	[ -n "$step" ]
	run "$PY" "$REDERIVE" bad.yaml
	[ "$status" -eq 1 ]
	assert_output_has "FAILED at step $step: draw 0: recorded pick"
	run "$UMPIRE" audit bad.yaml
	[ "$status" -ne 0 ]
	assert_output_has "step $step"
}

@test "rederive.py names the step of edited reveals, orders, signatures" {
	need_python
	local kind
	for kind in reveal orders countersig state; do
		"$PY" "$TAMPER" "$kind" g.yaml bad.yaml 2
		run "$PY" "$REDERIVE" bad.yaml
		[ "$status" -eq 1 ] || { echo "$kind: $output"; return 1; }
		assert_output_has "FAILED at step 2:"
	done
}

@test "rederive.py names the step of removed or swapped steps" {
	need_python
	local kind
	for kind in remove swap; do
		"$PY" "$TAMPER" "$kind" g.yaml bad.yaml 2
		run "$PY" "$REDERIVE" bad.yaml
		[ "$status" -eq 1 ] || { echo "$kind: $output"; return 1; }
		assert_output_has "FAILED at step 2:"
	done
}

@test "rederive.py refuses an edited header" {
	need_python
	"$PY" "$TAMPER" options g.yaml bad.yaml
	run "$PY" "$REDERIVE" bad.yaml
	[ "$status" -eq 1 ]
	assert_output_has "FAILED at header: the join signature"
}
