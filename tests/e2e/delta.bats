#!/usr/bin/env bats
# Only what is new goes by mail: umpire delta writes the steps the other
# side lacks, umpire append adds them to its own copy after checking that
# they extend the history it holds. Mailing the whole file still works.

load helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_arnswalde_game start.yaml
	cp start.yaml g.yaml
	for i in 1 2 3 4; do
		cp g.yaml "g$((i - 1)).yaml"
		"$UMPIRE" orders g.yaml -s p.key -o o.yaml
		"$UMPIRE" sign o.yaml -s p.key -o s.yaml
		"$UMPIRE" adjudicate g.yaml s.yaml -s r.key -o n.yaml \
			--report /dev/null 2>/dev/null
		mv n.yaml g.yaml
	done
	cp g.yaml g4.yaml
	# another history from step 2 on (a referee with no record)
	"$UMPIRE" orders g1.yaml -s p.key -o f.yaml
	sed -i "0,/^- \([a-z-]*\): \"\(.*\)\"\$/s//- \1: '\2'/" f.yaml
	XDG_STATE_HOME=$BATS_FILE_TMPDIR/.p2 "$UMPIRE" sign f.yaml -s p.key \
		-o fs.yaml
	XDG_STATE_HOME=$BATS_FILE_TMPDIR/.r2 "$UMPIRE" adjudicate g1.yaml \
		fs.yaml -s r.key -o fork2.yaml --report /dev/null 2>/dev/null
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/g[0-4].yaml "$BATS_FILE_TMPDIR"/fork2.yaml \
		"$BATS_FILE_TMPDIR"/start.yaml .
}

@test "delta: the last step alone, appended, gives the whole file" {
	run "$UMPIRE" delta g4.yaml -o d.yaml
	[ "$status" -eq 0 ]
	grep -q '^umpire: delta/1$' d.yaml
	grep -q '^since: 3$' d.yaml
	[ "$(wc -c <d.yaml)" -lt "$(wc -c <g4.yaml)" ]
	run "$UMPIRE" append g3.yaml d.yaml -o mine.yaml
	[ "$status" -eq 0 ]
	cmp mine.yaml g4.yaml
	run "$UMPIRE" audit mine.yaml
	[ "$status" -eq 0 ]
}

@test "delta --since: several steps, and steps already held are skipped" {
	"$UMPIRE" delta g4.yaml --since 1 -o d.yaml
	run "$UMPIRE" append g1.yaml d.yaml -o a.yaml
	[ "$status" -eq 0 ]
	cmp a.yaml g4.yaml
	run "$UMPIRE" append g2.yaml d.yaml -o b.yaml
	[ "$status" -eq 0 ]
	cmp b.yaml g4.yaml
	"$UMPIRE" delta g4.yaml --since 0 -o all.yaml
	run "$UMPIRE" append start.yaml all.yaml -o c.yaml
	cmp c.yaml g4.yaml
}

@test "append: steps that do not follow this file are refused" {
	"$UMPIRE" delta g4.yaml -o d.yaml
	run "$UMPIRE" append g1.yaml d.yaml -o x.yaml
	[ "$status" -eq 1 ]
	assert_output_has "follow step 3, but this game file has 1 steps"
	assert_output_has "--since 1"
	[ ! -e x.yaml ]
	# another history: the fork of step 2
	"$UMPIRE" delta fork2.yaml -o f.yaml
	run "$UMPIRE" append g2.yaml f.yaml -o x.yaml
	[ "$status" -eq 1 ]
	assert_output_has "step 2 differs from this game file's step 2"
	[ ! -e x.yaml ]
	"$UMPIRE" delta g4.yaml --since 1 -o d2.yaml
	run "$UMPIRE" append fork2.yaml d2.yaml -o x.yaml
	[ "$status" -eq 1 ]
	[ ! -e x.yaml ]
}

@test "append: an edited step is refused, naming it" {
	"$UMPIRE" delta g4.yaml --since 2 -o d.yaml
	python3 - <<'PY'
import re
t = open("d.yaml").read()
t2 = re.sub(r"(pick: )(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + 1), t, count=1)
assert t2 != t
open("d.yaml", "w").write(t2)
PY
	run "$UMPIRE" append g2.yaml d.yaml -o x.yaml
	[ "$status" -eq 1 ]
	assert_output_has "step 3"
	[ ! -e x.yaml ]
}

@test "append: another game's steps, and a file that is not steps" {
	"$UMPIRE" new arnswalde-1945 -s "$BATS_FILE_TMPDIR/p.key" \
		--side player="$BATS_FILE_TMPDIR/p.pub" \
		--referee "$BATS_FILE_TMPDIR/r.pub" -o other.yaml 2>/dev/null
	"$UMPIRE" delta g4.yaml -o d.yaml
	run "$UMPIRE" append other.yaml d.yaml -o x.yaml
	[ "$status" -eq 1 ]
	assert_output_has "not of this game"
	[ ! -e x.yaml ]
	run "$UMPIRE" append g3.yaml g4.yaml -o x.yaml
	[ "$status" -eq 1 ]
	assert_output_has "unknown field"
	[ ! -e x.yaml ]
}

@test "append: the steps may come inside the mail message" {
	"$UMPIRE" delta g4.yaml -o d.yaml
	python3 "$BATS_TEST_DIRNAME/tools/mkmail.py" attachment d.yaml >m.eml
	run "$UMPIRE" append g3.yaml m.eml -o mine.yaml
	[ "$status" -eq 0 ]
	cmp mine.yaml g4.yaml
}

@test "mail: a file of new steps says which steps in its subject" {
	"$UMPIRE" delta g4.yaml --since 1 -o d.yaml
	"$UMPIRE" mail d.yaml --to rita@example.org -o m.eml
	grep -q '^Subject: \[umpire [0-9a-f]\{8\}\] steps 2-4$' m.eml
	run "$UMPIRE" append g1.yaml m.eml -o mine.yaml
	[ "$status" -eq 0 ]
	cmp mine.yaml g4.yaml
}
