#!/usr/bin/env bats
# One history per party (issue 9, items 5, 7, 8, 9, 10, 11): forks,
# forged pasts, rematches, canonical hashing, views that certify
# themselves. Each test was written to fail on the code before its fix.

load ../e2e/helpers

setup_file() {
	umpire_setup_file
	export XDG_STATE_HOME="$BATS_FILE_TMPDIR/.state-setup"
	cd "$BATS_FILE_TMPDIR"
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o start.yaml \
		2>/dev/null
	cp start.yaml g2.yaml
	for i in 1 2; do
		"$UMPIRE" orders g2.yaml -s p.key >o.yaml
		"$UMPIRE" sign o.yaml -s p.key -o o$i.yaml
		"$UMPIRE" adjudicate g2.yaml o$i.yaml -s r.key -o n.yaml \
			--report /dev/null
		mv n.yaml g2.yaml
	done
}

setup() {
	umpire_setup
	# each test its own local records (see umpire(1), FILES)
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/g0.yaml \
		"$BATS_FILE_TMPDIR"/start.yaml "$BATS_FILE_TMPDIR"/g2.yaml .
}

# $1 game file: change one base64 digit of the field $3 of step $2 (or
# of the header's role $2 when $2 is a role name), in place.
forge() {
	python3 - "$@" <<'PY'
import sys
path, where, field = sys.argv[1:4]
lines = open(path).read().split("\n")
start = None
for i, l in enumerate(lines):
    if l in ("- step: " + where, "- name: " + where):
        start = i
        break
assert start is not None, "no " + where
for i in range(start + 1, len(lines)):
    if lines[i].startswith("  " + field + ":"):
        j = i + 1 if lines[i].endswith("|-") else i
        l = lines[j]
        k = len(l) - len(l.lstrip()) if j > i else l.index(": ") + 2
        c = "B" if l[k] == "A" else "A"
        lines[j] = l[:k] + c + l[k + 1:]
        break
else:
    raise SystemExit("no field " + field)
open(path, "w").write("\n".join(lines))
PY
}

# $1 game file: split the first base64 line of the field $3 of step $2
# (or of role $2) in two lines: the same bytes, written differently.
rewrap() {
	python3 - "$@" <<'PY'
import sys
path, where, field = sys.argv[1:4]
lines = open(path).read().split("\n")
start = [i for i, l in enumerate(lines)
         if l in ("- step: " + where, "- name: " + where)][0]
i = [i for i in range(start + 1, len(lines))
     if lines[i].startswith("  " + field + ": |-")][0]
l = lines[i + 1]
k = len(l) - len(l.lstrip())
lines[i + 1:i + 2] = [l[:k + 20], l[:k] + l[k + 20:]]
open(path, "w").write("\n".join(lines))
PY
}

# Item 8: a player must not sign orders that commit to a forged past.
@test "8: orders refuses a history whose old countersignature is forged" {
	forge g2.yaml 1 signature
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 1 ]
	run "$UMPIRE" orders g2.yaml -s p.key
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 1: the countersignature of referee"
}

@test "8: adjudicate refuses a history whose old countersignature is forged" {
	"$UMPIRE" orders g2.yaml -s p.key >o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o o3.yaml
	forge g2.yaml 1 signature
	run "$UMPIRE" adjudicate g2.yaml o3.yaml -s r.key -o out.yaml
	[ "$status" -eq 1 ] || { echo "status $status"; return 1; }
	assert_output_has "step 1: the countersignature of referee"
	[ ! -e out.yaml ]
}

# Item 9: a rematch (the same header joined again) must not repeat the
# chains, and with them every seed of the first game.
@test "9: joining the same header twice gives different chains" {
	"$UMPIRE" join g0.yaml --side referee -s r.key -o a.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o b.yaml 2>/dev/null
	run cmp -s a.yaml b.yaml
	[ "$status" -ne 0 ]
	a=$(grep -A3 "name: referee" a.yaml | grep anchor)
	b=$(grep -A3 "name: referee" b.yaml | grep anchor)
	[ -n "$a" ] && [ "$a" != "$b" ]
	# and the first step's seeds differ
	for x in a b; do
		"$UMPIRE" orders $x.yaml -s p.key >o$x.yaml
		"$UMPIRE" sign o$x.yaml -s p.key -o s$x.yaml
		"$UMPIRE" adjudicate $x.yaml s$x.yaml -s r.key -o $x.1.yaml \
			--report /dev/null
	done
	[ "$(grep "seed:" a.1.yaml)" != "$(grep "seed:" b.1.yaml)" ]
}

# Item 10: whoever holds the file before step 1 could re-wrap a join
# signature to choose among many genesis hashes (hence seeds); a relay
# could break a game by re-wrapping recorded orders. The hashes cover the
# decoded bytes, so neither changes anything.
@test "10: re-wrapping a join signature changes no hash" {
	rewrap g2.yaml player signature
	! cmp -s g2.yaml "$BATS_FILE_TMPDIR/g2.yaml"
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" orders g2.yaml -s p.key
	[ "$status" -eq 0 ]
}

@test "10: re-wrapping recorded orders or a countersignature changes no hash" {
	rewrap g2.yaml 1 orders
	rewrap g2.yaml 1 signature
	rewrap g2.yaml 2 signature
	! cmp -s g2.yaml "$BATS_FILE_TMPDIR/g2.yaml"
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "10: a forged bit in a re-wrapped join signature is still found" {
	rewrap g2.yaml player signature
	forge g2.yaml player signature
	run "$UMPIRE" audit g2.yaml
	[ "$status" -eq 1 ]
	assert_output_has "signature of role player"
}
