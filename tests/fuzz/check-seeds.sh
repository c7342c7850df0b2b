#!/bin/sh
# check-seeds.sh BIN - the named seeds of tests/fuzz/corpus (played by
# tests/fuzz/seeds.py) must still read with this program: a format
# changed and its seeds not played again would leave every target's
# replay stopping at the version line, as the game/1 corpus did. Game
# files audit, files of new steps append to delta-base.yaml, views show
# their status. Exit 1 naming the first seed that does not read.
set -u
BIN=$1
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export UMPIRE_SCENARIOS="$HERE/../../scenarios" XDG_STATE_HOME="$T/state"
unset UMPIRE_CONFIG
stale() {
	echo "tests/fuzz: the seed $1 no longer reads ($2): play the seeds" \
		"again (python3 tests/fuzz/seeds.py)" >&2
	exit 1
}
n=0
for f in "$HERE"/corpus/game/*-0 "$HERE"/corpus/game/*-3; do
	"$BIN" audit "$f" >/dev/null 2>"$T/err" || stale "$f" "$(head -n 1 "$T/err")"
	n=$((n + 1))
done
for f in "$HERE"/corpus/delta/since-* "$HERE"/corpus/delta/one-step; do
	"$BIN" append "$HERE/delta-base.yaml" "$f" -o "$T/appended.yaml" \
		>/dev/null 2>"$T/err" || stale "$f" "$(head -n 1 "$T/err")"
	n=$((n + 1))
done
for f in "$HERE"/corpus/view/*-view-*; do
	case $f in *.yaml) continue ;; esac   # older seeds, not seeds.py's
	"$BIN" status "$f" >/dev/null 2>"$T/err" || stale "$f" "$(head -n 1 "$T/err")"
	n=$((n + 1))
done
[ "$n" -ge 15 ] || { echo "tests/fuzz: only $n named seeds" >&2; exit 1; }
echo "tests/fuzz: $n named seeds read"
