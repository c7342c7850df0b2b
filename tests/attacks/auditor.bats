#!/usr/bin/env bats
# What an outside auditor, writing from the man pages alone, found umpire
# doing against them: append taking a held step with another
# countersignature, lines of views and reports wider than the mail's 72
# columns, a refusal whose reason depends on the local name of the
# refused file, and the trusted-comment rule told two ways (umpire and
# the independent auditor now follow the one both pages state). Each
# test was written to fail on the code before its fix (the last on the
# independent auditor before it).

load ../e2e/helpers

# Print the lines of the files given that pass 72 columns.
too_wide() {
	awk 'length($0) > 72 { print FILENAME ":" FNR ":" length($0) }' "$@"
}

# An Arnswalde 1945 game of $1 steps as game.yaml, the joined game as
# start.yaml.
arnswalde() {
	local i
	new_arnswalde_game start.yaml
	cp start.yaml game.yaml
	for ((i = 1; i <= $1; i++)); do
		"$UMPIRE" orders game.yaml -s p.key |
			"$UMPIRE" sign - -s p.key -o o$i.yaml
		"$UMPIRE" adjudicate game.yaml o$i.yaml -s r.key -o n.yaml \
			--report /dev/null && mv n.yaml game.yaml
	done
}

setup() {
	umpire_setup
}

# umpire-game(5): a step that differs from the one held is refused. The
# step hash leaves the countersignature out, and append compared only
# the hash: a relay could hand a player a copy of his history whose
# countersignatures no longer verify, and he would keep it.
@test "append refuses a held step whose countersignature differs" {
	arnswalde 2
	cp game.yaml full.yaml
	"$UMPIRE" delta full.yaml --since 0 -o all.delta
	# the copy holding step 1: the game cut after it, by hand from the
	# player's own files (adjudicated again: the same bytes)
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.other" "$UMPIRE" adjudicate \
		start.yaml o1.yaml -s r.key -o one.yaml --report /dev/null
	# the honest delta appends
	"$UMPIRE" append one.yaml all.delta -o two.yaml
	"$UMPIRE" audit two.yaml >/dev/null
	# step 1's countersignature with one base64 digit changed
	python3 - all.delta bad.delta <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = lines.index("- step: 1")
j = next(k for k in range(i + 1, len(lines))
         if lines[k].startswith("  signature:"))
j = j + 1 if lines[j].endswith("|-") else j
l = lines[j]
k = len(l) - len(l.lstrip()) if not l.lstrip().startswith("signature:") \
    else l.index(": ") + 2
lines[j] = l[:k] + ("B" if l[k] == "A" else "A") + l[k + 1:]
open(sys.argv[2], "w").write("\n".join(lines))
PY
	if cmp -s all.delta bad.delta; then false; fi
	run "$UMPIRE" append one.yaml bad.delta -o bad.yaml
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "step 1 differs from this game file's step 1 in its countersignature"
	[ ! -e bad.yaml ]
}

# Views are signed, and a mail client re-wraps a line past 72 columns:
# every line of every view the examples hold (what their referee sent),
# and every report of the Race to the Reichstag example as the binary
# writes it now (its position heading ran to 74), fit.
@test "no line of a view or a report of the examples passes 72 columns" {
	local ex="$BATS_TEST_DIRNAME/../../examples" out
	out=$(too_wide "$ex"/*/views/*)
	[ -z "$out" ] || { echo "$out"; return 1; }
	local g="$ex/race-to-the-reichstag/game.yaml" n st side
	n=$(grep -c '^- step: ' "$g")
	for ((st = 1; st <= n; st += 5)); do
		for side in 1bf 1uf; do
			"$UMPIRE" report "$g" --step $st --side $side
		done
	done >reports.txt
	[ -s reports.txt ]
	out=$(too_wide reports.txt)
	[ -z "$out" ] || { echo "$out"; return 1; }
}

# The views the binary makes: a Race to the Reichstag game under a
# referee, played from views by the example's scripted players through
# the first German movement (its heading is the widest line), every view
# and report checked.
@test "no line of a Race to the Reichstag view passes 72 columns" {
	local ex="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"
	for k in 1bf 1uf referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new race-to-the-reichstag -s referee.key --side 1bf=1bf.pub \
		--side 1uf=1uf.pub --referee referee.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side 1bf -s 1bf.key -o g1.yaml 2>/dev/null
	"$UMPIRE" join g1.yaml --side 1uf -s 1uf.key -o game.yaml 2>/dev/null
	local n side
	for ((n = 1; n <= 8; n++)); do
		side=$("$UMPIRE" status --brief game.yaml | cut -d' ' -f2)
		"$UMPIRE" view game.yaml --side "$side" -s referee.key \
			-o "$n.view"
		python3 "$ex/choose.py" "$side" "$n.view" "$side.key" \
			"$UMPIRE" >o.yaml
		"$UMPIRE" sign o.yaml -s "$side.key" -o s.yaml
		"$UMPIRE" adjudicate game.yaml s.yaml -s referee.key -o nx.yaml \
			--report "$n.txt"
		mv nx.yaml game.yaml
	done
	grep -q "German movement, 1BF sector" ./*.view
	local out
	out=$(too_wide ./*.view ./*.txt)
	[ -z "$out" ] || { echo "$out"; return 1; }
}

# umpire-protocol(7), REFUSED ORDERS: running the check again gives the
# same refusal. The reason named the orders by the referee's local file
# (a Maildir name), so it held only under that name.
@test "a refusal's reason does not depend on the local name of the orders" {
	new_rgw_game game.yaml g s r
	"$UMPIRE" view game.yaml --side german -s r.key -o v1.view
	"$UMPIRE" orders v1.view -s g.key >t.yaml
	sed '0,/^- [a-z-]*: "/s/: ".*"$/: "nonsense"/' t.yaml >bad.yaml
	if cmp -s t.yaml bad.yaml; then false; fi
	"$UMPIRE" sign bad.yaml -s g.key -o bad.signed
	local maildir='1700000000.M1P2.host:2,S'
	cp bad.signed "$maildir"
	# two referees' machines (two records), two local names
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.a" run "$UMPIRE" adjudicate \
		game.yaml bad.signed -s r.key -o n.yaml --report /dev/null \
		--refusal a.txt
	[ "$status" -eq 1 ]
	XDG_STATE_HOME="$BATS_TEST_TMPDIR/.b" run "$UMPIRE" adjudicate \
		game.yaml "$maildir" -s r.key -o n.yaml --report /dev/null \
		--refusal b.txt
	[ "$status" -eq 1 ]
	[ -s a.txt ]
	[ -s b.txt ]
	if grep -q "bad.signed\|M1P2" a.txt b.txt; then false; fi
	cmp a.txt b.txt
	# and the check run again, under yet another name, words it the same
	cp bad.signed again.yaml
	run "$UMPIRE" verify again.yaml --game game.yaml
	[ "$status" -eq 1 ]
	local reason
	reason=$(sed -n "s/^- '\(.*\)'$/\1/p; s/^- \(.*\)$/\1/p" a.txt |
		sed "s/''/'/g" | tr '\n' ' ' | sed 's/ $//')
	[[ "$output" == *"again.yaml: "*"$reason"* ]] ||
		{ echo "$output / $reason"; return 1; }
	assert_output_has "orders:"
}

# The trusted comment: umpire-protocol(7) required the exact comment,
# umpire-orders(5) and umpire accepted any not starting with "umpire";
# both pages now state the latter, with why, and the independent
# auditor written from them agrees with umpire on both sides of it.
@test "the trusted-comment rule: umpire and the independent auditor agree" {
	new_arnswalde_game start.yaml
	local id
	"$UMPIRE" orders start.yaml -s p.key >t.yaml
	id=$(sed -n 's/^game: //p' t.yaml)
	"$UMPIRE" sign t.yaml -s p.key -t "hello world" -o hello.yaml
	"$UMPIRE" adjudicate start.yaml hello.yaml -s r.key -o g1.yaml \
		--report /dev/null
	"$UMPIRE" audit g1.yaml >/dev/null
	/usr/bin/python3 "$BATS_TEST_DIRNAME/../independent/rederive.py" \
		g1.yaml >/dev/null
	# a comment speaking for umpire must be exact: both refuse it
	"$UMPIRE" sign t.yaml -s p.key -t "umpire/1 game=$id step=2 side=player" \
		-o lie.yaml
	run "$UMPIRE" adjudicate start.yaml lie.yaml -s r.key -o g2.yaml \
		--report /dev/null
	[ "$status" -eq 1 ]
	assert_output_has "does not match the file"
}
