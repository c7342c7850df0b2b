#!/bin/bash
# first-path-check.sh - that tests/first-path.sh tells a command path's
# first run from its repeats (make check-data): the ASan and valgrind
# passes check each path once on its strength.
set -u
. "$(dirname "$0")/first-path.sh"
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
printf 'umpire: game/2\nscenario: aachen\n' >"$dir/a.yaml"
printf 'umpire: game/2\nscenario: race-to-the-reichstag\n' >"$dir/r.yaml"
export BATS_RUN_TMPDIR=$dir BATS_TEST_FILENAME=/t/x.bats BATS_TEST_NAME=t1
fail=0
expect() {
	local want=$1 got
	shift
	first_path check "$@"
	got=$?
	[ "$got" = "$want" ] || { echo "first-path: $* gave $got, not $want" >&2; fail=1; }
}
expect 0 status "$dir/a.yaml"
expect 1 status "$dir/a.yaml"
expect 0 status --json "$dir/a.yaml"
expect 1 status "$dir/a.yaml" --json=yes
expect 0 status "$dir/r.yaml"
expect 0 new aachen -o g.yaml
expect 1 new aachen -o h.yaml
expect 0 judge --config j.ini
expect 1 judge --config k.ini
BATS_TEST_NAME=t2 expect 0 judge --config j.ini
BATS_TEST_NAME=t2 expect 1 status "$dir/a.yaml"
BATS_TEST_FILENAME=/t/y.bats expect 0 status "$dir/a.yaml"
unset BATS_RUN_TMPDIR
expect 0 status "$dir/a.yaml"
[ "$fail" = 0 ] && echo "first-path: 13 runs told first or repeat as they are"
exit "$fail"
