#!/usr/bin/env bats
# Files that always read back (issue 9, items 12, 13, 15): outputs that
# clobber inputs, the game file and its report committed together, the
# modes of what umpire writes. Each test was written to fail on the code
# before its fix.

load ../e2e/helpers

setup_file() {
	umpire_setup_file
	export XDG_STATE_HOME="$BATS_FILE_TMPDIR/.state-setup"
	cd "$BATS_FILE_TMPDIR"
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o g.yaml 2>/dev/null
	"$UMPIRE" orders g.yaml -s p.key >t.yaml
	"$UMPIRE" sign t.yaml -s p.key -o o.yaml
}

setup() {
	umpire_setup
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/g.yaml \
		"$BATS_FILE_TMPDIR"/o.yaml .
	sha256sum g.yaml o.yaml r.key p.key >sums
}

# the inputs are as they were
unchanged() {
	sha256sum -c --quiet sums
}

@test "13: adjudicate -o GAME is refused and the game is kept" {
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o g.yaml \
		--report rep.txt
	[ "$status" -eq 2 ]
	assert_output_has "-o g.yaml is also the game file (g.yaml)"
	unchanged
	[ ! -e rep.txt ]
}

@test "13: the same file by another name (a hard or symbolic link)" {
	ln g.yaml hard.yaml
	ln -s g.yaml soft.yaml
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o hard.yaml
	[ "$status" -eq 2 ]
	assert_output_has "is also the game file"
	run "$UMPIRE" adjudicate soft.yaml o.yaml -s r.key -o g.yaml
	[ "$status" -eq 2 ]
	unchanged
}

@test "13: --report equal to -o, or -o the secret key or the orders" {
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o n.yaml \
		--report n.yaml
	[ "$status" -eq 2 ]
	assert_output_has "-o n.yaml and --report n.yaml are the same file"
	[ ! -e n.yaml ]
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o r.key
	[ "$status" -eq 2 ]
	assert_output_has "is also the secret key"
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o o.yaml
	[ "$status" -eq 2 ]
	assert_output_has "is also the order file"
	unchanged
}

@test "13: render g.yaml -o g.yaml does not replace the game with a picture" {
	run "$UMPIRE" render g.yaml -o g.yaml
	[ "$status" -eq 2 ]
	assert_output_has "is also the input"
	unchanged
}

@test "13: sign, join, orders, view, delta and keygen refuse the same" {
	run "$UMPIRE" sign o.yaml -s p.key -o p.key
	[ "$status" -eq 2 ]
	run "$UMPIRE" orders g.yaml -s p.key -o g.yaml
	[ "$status" -eq 2 ]
	run "$UMPIRE" view g.yaml --side player -s r.key -o r.key
	[ "$status" -eq 2 ]
	run "$UMPIRE" delta g.yaml -o g.yaml
	[ "$status" -eq 2 ]
	unchanged
	run "$UMPIRE" keygen -s k.key -p k.key -W -f
	[ "$status" -eq 2 ]
	assert_output_has "are the same file"
	[ ! -e k.key ]
}

@test "13: the game file and the report are written together or not at all" {
	# the report cannot be written (no such directory): before, the
	# game file was written all the same and the report lost
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o new.yaml \
		--report nodir/rep.txt
	[ "$status" -eq 2 ]
	assert_output_has "nodir/rep.txt"
	[ ! -e new.yaml ]
	[ -z "$(ls -A . | grep tmp-)" ]
	unchanged
}

@test "13: an output keeps the mode of the file it replaces; new ones follow the umask" {
	cp g.yaml full.yaml
	chmod 600 full.yaml
	"$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o full.yaml \
		--report /dev/null
	[ "$(stat -c %a full.yaml)" = 600 ]
	rm -rf "$XDG_STATE_HOME"
	(umask 077 && "$UMPIRE" adjudicate g.yaml o.yaml -s r.key \
		-o private.yaml --report private.txt)
	[ "$(stat -c %a private.yaml)" = 600 ]
	[ "$(stat -c %a private.txt)" = 600 ]
	rm -rf "$XDG_STATE_HOME"
	(umask 022 && "$UMPIRE" adjudicate g.yaml o.yaml -s r.key \
		-o public.yaml --report /dev/null)
	[ "$(stat -c %a public.yaml)" = 644 ]
}
