#!/bin/bash
# first-path-check.sh FIRST-PATH - that tests/first-path.c (its program
# given) tells a command path's first run from its repeats (make
# check-data): the ASan and valgrind passes check each path once on its
# strength.
set -u
fp=${1:?usage: first-path-check.sh FIRST-PATH}
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
printf 'umpire: game/2\nscenario: aachen\n' >"$dir/a.yaml"
printf 'umpire: game/2\nscenario: race-to-the-reichstag\n' >"$dir/r.yaml"
export BATS_RUN_TMPDIR=$dir BATS_TEST_FILENAME=/t/x.bats BATS_TEST_NAME=t1
fail=0
n=0
expect() {
	local want=$1 got
	shift
	"$fp" check "$@"
	got=$?
	n=$((n + 1))
	[ "$got" = "$want" ] || { echo "first-path: $* gave $got, not $want" >&2; fail=1; }
}
expect 0 status "$dir/a.yaml"
expect 1 status "$dir/a.yaml"
expect 0 status --json "$dir/a.yaml"
expect 1 status "$dir/a.yaml" --json=yes
expect 0 status "$dir/r.yaml"
expect 0 status -s k --json "$dir/r.yaml"
expect 1 status --json "$dir/r.yaml" -s j
expect 0 new aachen -o g.yaml
expect 1 new aachen -o h.yaml
expect 0 new race-to-the-reichstag -o g.yaml
expect 0 status /dev/null
expect 1 status /dev/stdin
expect 0 judge --config j.ini
expect 1 judge --config k.ini
BATS_TEST_NAME=t2 expect 0 judge --config j.ini
BATS_TEST_NAME=t2 expect 1 status "$dir/a.yaml"
BATS_TEST_FILENAME=/t/y.bats expect 0 status "$dir/a.yaml"
# a long path's key is cut to its two ends, still one slot a path
long=$(printf -- '--option-%03d ' $(seq 1 40))
# shellcheck disable=SC2086
expect 0 adjudicate $long
# shellcheck disable=SC2086
expect 1 adjudicate $long
unset BATS_RUN_TMPDIR
expect 0 status "$dir/a.yaml"
expect 0 status "$dir/a.yaml"
[ "$fail" = 0 ] && echo "first-path: $n runs told first or repeat as they are"
exit "$fail"
