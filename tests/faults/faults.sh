#!/bin/sh
# faults.sh - umpire under faults (tests/faults/): a full disk, a process
# killed while writing, unreadable inputs. A game file is either the old
# one, or absent, or a whole new one that audits: never half written.
# Needs UMPIRE_BIN; uses tests/hostile/run.py's fixture (one played game).
set -u
BIN=${UMPIRE_BIN:?UMPIRE_BIN}
HERE=$(cd "$(dirname "$0")" && pwd)
export UMPIRE_SCENARIOS=${UMPIRE_SCENARIOS:-$HERE/../../scenarios}
W=$(mktemp -d /tmp/umpire-faults-XXXXXX)
trap 'rm -rf "$W"' EXIT
export HOME="$W" XDG_CONFIG_HOME="$W/.config" XDG_STATE_HOME="$W/.local/state"
unset UMPIRE_CONFIG UMPIRE_PASSPHRASE_FILE
fail=0
bad() { echo "FAIL faults: $*"; fail=1; }
ok() { [ -n "${VERBOSE:-}" ] && echo "ok   faults: $*"; :; }

# One fixture: the Arnswalde game of the hostile catalogue, played 3 steps.
python3 -c "
import sys; sys.path.insert(0, '$HERE/../hostile')
import run
run.make_fixture('arnswalde-1945', '$W/fx')
" || { echo "FAIL faults: cannot make the fixture"; exit 1; }
F="$W/fx/arnswalde-1945"
cd "$F" || exit 1
sum() { sha256sum game.yaml signed.yaml | sha256sum; }
before=$(sum)
"$BIN" adjudicate game.yaml signed.yaml -s counter.key -o "$W/good.yaml" \
	--report "$W/good.txt" || bad "the fixture does not adjudicate"

# 1. A full disk, without privileges: a file size limit (RLIMIT_FSIZE, as
# a full file system gives a short write: EFBIG instead of ENOSPC). Every
# limit from 0 to past the whole file.
size=$(wc -c <"$W/good.yaml")
for lim in 0 1 2 4 8 16 32 64 100; do   # in 512-byte blocks
	rm -rf "$W/out"; mkdir "$W/out"
	# stderr through a pipe: the limit must not stop the message itself
	msg=$( (trap '' XFSZ; ulimit -f "$lim"
	  exec "$BIN" adjudicate game.yaml signed.yaml -s counter.key \
		-o "$W/out/g.yaml" --report "$W/out/r.txt" 2>&1 >/dev/null) )
	rc=$?
	printf '%s\n' "$msg" >"$W/err"
	if [ $((lim * 512)) -ge "$size" ] && [ $rc -eq 0 ]; then
		cmp -s "$W/out/g.yaml" "$W/good.yaml" ||
			bad "limit $lim: written game differs"
		continue
	fi
	[ $rc -eq 2 ] || bad "limit $lim blocks: exit $rc (want 2)"
	grep -q "umpire adjudicate: cannot write $W/out/" "$W/err" ||
		bad "limit $lim: no clear message: $(cat "$W/err")"
	[ -z "$(ls -A "$W/out" | grep -v '^r.txt$')" ] ||
		bad "limit $lim: left behind: $(ls -A "$W/out")"
done
ok "file size limits"

# 2. A real small file system when we may mount one (root): tmpfs of 16k.
if mkdir "$W/tmpfs" && mount -t tmpfs -o size=16k tmpfs "$W/tmpfs" \
	2>/dev/null; then
	dd if=/dev/zero of="$W/tmpfs/fill" bs=1k count=12 2>/dev/null
	"$BIN" adjudicate game.yaml signed.yaml -s counter.key \
		-o "$W/tmpfs/g.yaml" 2>"$W/err" >/dev/null
	rc=$?
	[ $rc -eq 2 ] || bad "tmpfs full: exit $rc (want 2)"
	grep -q "No space left on device" "$W/err" ||
		bad "tmpfs full: message: $(cat "$W/err")"
	[ "$(ls -A "$W/tmpfs")" = fill ] ||
		bad "tmpfs full: left behind: $(ls -A "$W/tmpfs")"
	umount "$W/tmpfs"
	ok "full tmpfs"
else
	echo "faults: note: cannot mount a tmpfs here; the file size" \
		"limit and /dev/full cases stand in for a full disk"
fi

# 3. /dev/full as the output.
"$BIN" adjudicate game.yaml signed.yaml -s counter.key -o /dev/full \
	2>"$W/err" >/dev/null
[ $? -eq 2 ] && grep -q "No space left on device" "$W/err" ||
	bad "/dev/full: $(cat "$W/err")"

# 4. Killed while writing: SIGKILL at random moments, 40 times, onto an
# existing game file. The target is always the old game or the new one.
cp game.yaml "$W/target.yaml"
old=$(sha256sum <"$W/target.yaml")
new=$(sha256sum <"$W/good.yaml")
i=0; killed=0
while [ $i -lt 60 ]; do
	i=$((i + 1))
	cp game.yaml "$W/target.yaml"
	"$BIN" adjudicate game.yaml signed.yaml -s counter.key \
		-o "$W/target.yaml" >/dev/null 2>&1 &
	pid=$!
	sleep "0.00$(( i % 10 ))"   # 0 to 9 ms
	kill -9 "$pid" 2>/dev/null && killed=$((killed + 1))
	wait "$pid" 2>/dev/null
	got=$(sha256sum <"$W/target.yaml")
	[ "$got" = "$old" ] || [ "$got" = "$new" ] ||
		bad "kill $i: the game file is neither the old nor the new one"
done
ok "killed $killed of 60 runs mid-way"
stray=$(ls -A "$W" | grep -v -e '^fx$' -e '^good' -e '^target.yaml$' \
	-e '^err$' -e '^out$' -e '^tmpfs$' -e '^.config$' -e '^.local$' || true)
[ -z "$stray" ] || echo "faults: note: temporary files left by killed" \
	"runs (never at the target path):" $stray
# what kill -9 leaves is never readable by others (a
# referee's game file holds every hidden hand)
open=$(find "$W" -name 'target.yaml.tmp-*' -perm /077 | head -n 3)
[ -z "$open" ] || bad "temporary copies readable by others: $open"

# 5. Unreadable input (when not root: mode 000), a missing key, a wrong
# passphrase: a clear error and exit 2 / 1.
cp game.yaml "$W/locked.yaml"; chmod 000 "$W/locked.yaml"
if ! cat "$W/locked.yaml" >/dev/null 2>&1; then
	"$BIN" audit "$W/locked.yaml" 2>"$W/err"
	[ $? -eq 2 ] && grep -q "Permission denied" "$W/err" ||
		bad "unreadable: $(cat "$W/err")"
fi
"$BIN" adjudicate game.yaml signed.yaml -s "$W/none.key" -o "$W/x.yaml" \
	2>"$W/err"
[ $? -eq 2 ] && grep -q "cannot read $W/none.key" "$W/err" ||
	bad "missing key: $(cat "$W/err")"
printf 'not it\n' >"$W/wrong"
UMPIRE_PASSPHRASE_FILE="$W/wrong" "$BIN" sign orders.yaml -s locked.key \
	-o "$W/x.yaml" 2>"$W/err"
[ $? -eq 1 ] && grep -q "wrong passphrase for secret key locked.key" \
	"$W/err" || bad "wrong passphrase: $(cat "$W/err")"
[ ! -e "$W/x.yaml" ] || bad "output left after a refusal"

[ "$(sum)" = "$before" ] || bad "inputs modified"
[ $fail -eq 0 ] && echo "faults: all held (full disk, kill -9 x60, unreadable, missing key, passphrase)"
exit $fail
