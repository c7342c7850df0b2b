#!/usr/bin/env bats
# umpire judge under faults: killed (SIGKILL) at every point of a step,
# from reading the message to the end of sending its letters, and on a
# full disk. After each, one more delivery of the same message (what the
# mail system does when its command dies or exits 75): the step is stored
# once, the letters it owes reach their outbox, nothing stays in the spool
# or in failed/, and the game is the one a run without faults writes.
# The kill points: strace(1) -e inject=SYSCALL:signal=KILL:when=N, for
# each N up to the number of such calls in a run without faults.

load ../e2e/helpers
load ../e2e/judge-helpers

setup() {
	umpire_setup
	command -v strace >/dev/null || skip "strace is not installed"
	strace -qq -o /dev/null true 2>/dev/null ||
		skip "strace cannot trace here (ptrace refused)"
}

# The Arnswalde game after its join (hostile_setup), kept as clean/ with
# the judge's record; the message m1.eml; and what a run without faults
# makes of it: want.yaml, the letters' subjects want.subjects.
fixture() {
	hostile_setup
	rm -rf out/new/* mbox
	G=$(kept)
	mkdir clean
	cp -a games .local clean/
	"$UMPIRE" judge --config judge.ini --outbox out <m1.eml 2>/dev/null
	cp "$G" want.yaml
	subjects out/new >want.subjects
	[ -s want.subjects ]
	ls out/new | wc -l >want.count
	restore
}

restore() {
	rm -rf games .local out/new/* out/tmp/*
	cp -a clean/games clean/.local .
}

# The subjects of the letters in $1, unfolded, one a line, sorted.
subjects() {
	local f
	for f in "$1"/*; do
		[ -e "$f" ] || continue
		sed -n '/^Subject:/{N;s/\n / /;P;}' "$f"
	done | sort -u
}

# After a faulty run ($1: what it was) and the mail system's next
# delivery: all as a run without faults leaves it.
settled() {
	run "$UMPIRE" judge --config judge.ini --outbox out <m1.eml
	[ "$status" -eq 0 ] ||
		{ echo "$1: the next delivery: exit $status: $output"; return 1; }
	cmp -s "$G" want.yaml ||
		{ echo "$1: the game differs from a run without faults"; return 1; }
	subjects out/new | cmp -s - want.subjects ||
		{ echo "$1: letters: $(subjects out/new)"; return 1; }
	# a letter may come twice (killed after sendmail took it: the same
	# message, its Message-ID too), never as two different letters,
	# never not at all
	local ids
	ids=$(grep -hi '^Message-Id:' out/new/* | sort -u | wc -l)
	[ "$ids" -eq "$(cat want.count)" ] ||
		{ echo "$1: $ids different letters, want $(cat want.count)"; return 1; }
	[ "$(ls out/new | wc -l)" -le $((2 * $(cat want.count))) ] ||
		{ echo "$1: $(ls out/new | wc -l) letters"; return 1; }
	[ -z "$(ls games/spool)" ] ||
		{ echo "$1: left in the spool: $(ls games/spool)"; return 1; }
	[ -z "$(ls games/failed)" ] ||
		{ echo "$1: kept in failed/: $(ls games/failed)"; return 1; }
	[ -z "$(ls games/tmp)" ] ||
		{ echo "$1: left in tmp/: $(ls games/tmp)"; return 1; }
}

@test "judge faults: killed at every point of a step, the next delivery ends it" {
	fixture
	local s n k total=0
	for s in openat write fsync link rename unlink mkdir; do
		# how many such calls a run without faults makes
		strace -qq -o trace -e trace="$s" "$UMPIRE" judge \
			--config judge.ini --outbox out <m1.eml >/dev/null 2>&1
		n=$(grep -c "^$s(" trace)
		restore
		for k in $(seq 1 "$n"); do
			strace -qq -o /dev/null -e trace="$s" \
				-e inject="$s:signal=KILL:when=$k" \
				"$UMPIRE" judge --config judge.ini --outbox out \
				<m1.eml >/dev/null 2>&1 || true
			settled "killed at $s #$k of $n"
			restore
			total=$((total + 1))
		done
	done
	echo "# $total kill points" >&3
	[ "$total" -ge 60 ]
}

@test "judge faults: killed while sendmail runs or after it took a letter" {
	fixture
	# a sendmail that delivers into out/new (as the outbox would)
	{
		printf '#!/bin/sh\nf="%s/out/tmp/$$"\n' "$PWD"
		printf 'cat >"$f" && mv "$f" "%s/out/new/$$.eml"\n' "$PWD"
	} >fake-sendmail
	chmod 755 fake-sendmail
	local s n k total=0
	for s in clone wait4 unlink; do
		strace -qq -o trace -e trace="$s" "$UMPIRE" judge \
			--config judge.ini \
			--sendmail "$PWD/fake-sendmail" <m1.eml >/dev/null 2>&1
		n=$(grep -c "^$s(" trace)
		restore
		for k in $(seq 1 "$n"); do
			strace -qq -o /dev/null -e trace="$s" \
				-e inject="$s:signal=KILL:when=$k" \
				"$UMPIRE" judge --config judge.ini \
				--sendmail "$PWD/fake-sendmail" \
				<m1.eml >/dev/null 2>&1 || true
			settled "killed at $s #$k of $n (sendmail)"
			restore
			total=$((total + 1))
		done
	done
	[ "$total" -ge 3 ]
}

@test "judge faults: a full disk (file size limits): exit 75 or done, never half" {
	fixture
	local lim rc
	for lim in 0 1 2 4 8 16 32 64 128 256; do    # 512-byte blocks
		rc=0
		( trap '' XFSZ; ulimit -f "$lim"
		  exec "$UMPIRE" judge --config judge.ini --outbox out \
			<m1.eml >/dev/null 2>err ) || rc=$?
		if [ "$rc" -eq 75 ]; then
			# nothing stored: the game as it was, no letter out
			cmp -s "$G" clean/games/"$(basename "$G")" ||
				{ echo "limit $lim: exit 75 but the game changed"; return 1; }
			[ -z "$(ls out/new)" ] ||
				{ echo "limit $lim: exit 75 but a letter went"; return 1; }
		elif [ "$rc" -ne 0 ]; then
			echo "limit $lim: exit $rc: $(cat err)"
			return 1
		fi
		settled "file size limit $lim"
		restore
	done
}
