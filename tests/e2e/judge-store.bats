#!/usr/bin/env bats
# The judge's stored game and this machine's checkpoints grow by
# appending (umpire(1), JUDGE, FILES): a step writes what it adds, not
# the game again. GAMEID.yaml is the game file with room after its
# state; a step is a journal (GAMEID.yaml.append) renamed into place,
# then applied in place. Kill points of a step: tests/faults/judge.bats.

load helpers
load judge-helpers

setup() {
	umpire_setup
}

# The game file a letter of the judge ($1) carries, into $2.
letter_game() {
	python3 - "$1" "$2" <<'EOF'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    b = p.get_payload(decode=True)
    if b and b.startswith(b"umpire: game/"):
        open(sys.argv[2], "wb").write(b)
        sys.exit(0)
sys.exit(1)
EOF
}

# The stored game file $1 without its room: the comment lines and the
# blank ones between the state and the steps, and the spaces its lines
# are padded with.
roomless() {
	awk '/^state:$/ { s = 1 } /^steps:$/ { s = 0 }
		s && (/^#/ || /^ *$/) { next } s { sub(/ +$/, "") } { print }' \
		"$1"
}

# The inode of $1.
ino() {
	stat -c %i "$1"
}

# Bytes written (write, pwrite) by the judge on message $1 to the files
# whose path holds $2, summed (strace -y names each descriptor's file).
# The plain binary: what it writes is the code's, not the sanitizer's,
# and LeakSanitizer cannot run under ptrace (the ASan pass).
written_to() {
	strace -f -y -qq -e trace=write,pwrite64 -o trace \
		"$UMPIRE_PLAIN" judge --config judge.ini --outbox out <"$1" \
		2>>judge.err || return 1
	grep -E "^[0-9]+ +(write|pwrite64)\([0-9]+<[^>]*$2" trace |
		sed 's/.*= \([0-9]*\)$/\1/' | awk '{ s += $1 } END { print s + 0 }'
}

# hostile_setup in a directory of its own ($1 names it), this machine's
# records there too: for a test that needs a game of some length, as a
# game the player loses in its first steps is over before it (the
# first policy's orders, new seeds each game) and is played again.
fresh_setup() {
	mkdir "$BATS_TEST_TMPDIR/game$1" && cd "$BATS_TEST_TMPDIR/game$1" ||
		return 1
	export XDG_STATE_HOME="$PWD/.local/state"
	hostile_setup
}

# One step of the Arnswalde game of hostile_setup: the player answers
# the judge's latest letter, mailed to the judge as reply.eml (not yet
# sent); 1 when the game is over.
next_reply() {
	post
	local f
	rm -f next.eml
	for f in mbox/player/*; do
		[ -f "$f" ] || continue
		answer player "$f"
		mv "$f" mbox/player/done/
		[ ! -f reply.eml ] || mv reply.eml next.eml
	done
	[ -f next.eml ] || { tail -3 games/judge.log; return 1; }
	mv next.eml reply.eml
}

@test "judge store: a step appends to the stored game, in place, and the letter's game file is the stored one without its room" {
	local ino0 size0 head0 k played=
	for k in 1 2 3 4 5; do
		fresh_setup "$k"
		G=$(kept)
		judge_gets m1.eml
		# a file the judge stored whole has room after its state
		grep -q '^#  ' "$G"
		# three steps, unless the game is over before
		next_reply && judge_gets reply.eml && next_reply &&
			{ played=1; break; }
		echo "# game $k over before its third step: another" >&3
	done
	[ -n "$played" ]
	ino0=$(ino "$G")
	size0=$(stat -c %s "$G")
	head0=$(sed '/^state:$/q' "$G" | cksum)
	judge_gets reply.eml
	# the same file (no rename: not written whole), grown, its header
	# the same, no journal left
	[ "$(ino "$G")" = "$ino0" ]
	[ "$(stat -c %s "$G")" -gt "$size0" ]
	[ "$(sed '/^state:$/q' "$G" | cksum)" = "$head0" ]
	[ ! -e "$G.append" ]
	# what the player gets is the game file as umpire writes it
	post
	letter=$(ls -t mbox/player/*.umpire | head -1)
	letter_game "$letter" mailed.yaml
	roomless "$G" >stored.yaml
	cmp mailed.yaml stored.yaml
	run "$UMPIRE" audit "$G"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "judge store: a journal applied is kept as GAMEID.yaml.spare, and the next step's journal is written over it" {
	local k n played= spare
	for k in 1 2 3 4 5; do
		fresh_setup "$k"
		G=$(kept)
		judge_gets m1.eml
		next_reply && judge_gets reply.eml && next_reply &&
			{ played=1; break; }
		echo "# game $k over before its third step: another" >&3
	done
	[ -n "$played" ]
	# step 2's journal, applied, renamed the spare
	[ -f "$G.spare" ]
	[ ! -e "$G.append" ]
	spare=$(ino "$G.spare")
	n=$(grep -c '^- step: ' "$G")
	judge_gets reply.eml
	[ "$(grep -c '^- step: ' "$G")" -gt "$n" ]
	# step 3's journal was that file, written over: no file made or
	# removed for it
	[ "$(ino "$G.spare")" = "$spare" ]
	[ ! -e "$G.append" ]
	[ -z "$(ls games | grep -F .tmp-)" ]
	run "$UMPIRE" audit "$G"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "judge store: the checkpoints' steps and text grow by appending, and the bytes a step writes do not grow with the game" {
	command -v strace >/dev/null || skip "strace is not installed"
	strace -qq -o /dev/null true 2>/dev/null ||
		skip "strace cannot trace here (ptrace refused)"
	local k n=0 early= late=
	# (a game the player loses early ends in a few steps: the file
	# written whole would have grown by half at the fourth)
	for k in 1 2 3 4 5; do
		fresh_setup "$k"
		store_steps
		[ "$n" -lt 4 ] || break
		echo "# game $k over after $n steps: another" >&3
	done
	[ "$n" -ge 4 ]
	echo "# the stored game: $early bytes written at the first step, $late at step $n" >&3
	# the state and the new step, twice (journal, then in place):
	# about the same at every step, whatever the game's length
	[ "$late" -le $((early * 3 / 2 + 2048)) ] ||
		{ echo "written: $early at first, $late at step $n"; return 1; }
}

# The game of fresh_setup played to its end or STORE_STEPS (24) steps,
# each step's checkpoint files checked kept (appended to, not
# replaced): n the steps played, early and late the bytes the first and
# the last wrote to the stored game and its journal. 1 on a fault.
store_steps() {
	local i s t w id cp
	G=$(kept)
	id=$(basename "$G" .yaml)
	cp="$XDG_STATE_HOME/umpire/checkpoints/$id"
	n=0 early= late=
	judge_gets m1.eml
	next_reply || return 0
	for i in $(seq 1 "${STORE_STEPS:-24}"); do
		s=$(ino "$cp-steps" 2>/dev/null || echo none)
		t=$(ino "$cp-text" 2>/dev/null || echo none)
		# the stored game and its journal (the letters apart: their
		# size is the state's, not the game's)
		w=$(written_to reply.eml "/games/$id.yaml") || return 1
		[ -z "$early" ] && early=$w
		late=$w
		# a checkpoint file kept is appended to, never replaced
		[ "$s" = none ] || [ "$(ino "$cp-steps")" = "$s" ] ||
			{ echo "step $i: $cp-steps replaced"; return 1; }
		[ "$t" = none ] || [ ! -e "$cp-text" ] ||
			[ "$(ino "$cp-text")" = "$t" ] ||
			{ echo "step $i: $cp-text replaced"; return 1; }
		n=$((n + 1))
		next_reply || break
	done
}

@test "judge store: a game file without room (kept before the store grew by appending) is read, and written whole once with room" {
	hostile_setup
	G=$(kept)
	roomless "$G" >old.yaml
	cp old.yaml "$G"
	! grep -q '^#' "$G" || false
	judge_gets m1.eml
	grep -q 'adjudicated step 1' games/judge.log
	grep -q '^#  ' "$G"
	run "$UMPIRE" audit "$G"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "judge store: a journal a killed judge left is applied by the next judge to take the game's lock" {
	hostile_setup
	G=$(kept)
	judge_gets m1.eml
	next_reply
	cp -a games games.before
	judge_gets reply.eml
	cp "$G" want.yaml
	[ "$(grep -c 'adjudicated step 2' games/judge.log)" = 1 ]
	# the same step, its journal committed and the judge killed before
	# it touched the game file: the old file and the journal
	jfile=$(mktemp)
	python3 - games.before/"$(basename "$G")" want.yaml "$jfile" <<'EOF'
import hashlib, re, sys
old = open(sys.argv[1], "rb").read()
new = open(sys.argv[2], "rb").read()
os_ = old.index(b"\nstate:\n") + 1
oe = old.index(b"\nsteps:\n") + 1
slot = new[os_:oe]
# the new file: the same header and room; the steps appended
assert new[:os_] == old[:os_]
steps_old = old[oe:]
ne = new.index(b"\nsteps:\n") + 1
assert ne == oe and new[ne:ne + len(steps_old)] == steps_old
tail = new[ne + len(steps_old):]
run = b"%d %d\n" % (os_, len(slot))
h = hashlib.blake2b(run + slot + tail, digest_size=32).hexdigest()
with open(sys.argv[3], "wb") as f:
    f.write(b"umpire-game-append/1 1 %d %d %s\n" % (
        len(old), len(tail), h.encode()))
    f.write(run + slot + tail)
EOF
	rm -rf games
	cp -a games.before games
	cp "$jfile" "$G.append"
	# --status takes the game's lock, applies the journal, and reads
	# the step it committed
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ ! -e "$G.append" ]
	cmp "$G" want.yaml
	# once more: the mail system delivers the message again; the judge
	# finds the step taken
	rm -rf games
	cp -a games.before games
	cp "$jfile" "$G.append"
	judge_gets reply.eml
	[ ! -e "$G.append" ]
	cmp "$G" want.yaml
	! grep -q 'adjudicated step 2' games/judge.log
}
