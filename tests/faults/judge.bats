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
# delivery (of $MSG, m1.eml unless said): all as a run without faults
# leaves it.
settled() {
	run "$UMPIRE" judge --config judge.ini --outbox out <"${MSG:-m1.eml}"
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
	[ -z "$(ls games/*.append 2>/dev/null)" ] ||
		{ echo "$1: a journal left: $(ls games/*.append)"; return 1; }
}

# fixture's game after step 1 as clean/, the player's orders for step 2
# as mailed (m2.eml), and what a run without faults makes of them (want.yaml,
# want.subjects, want.count): a step the judge stores by appending (its
# journal, then the game file written in place: gamestore.h).
fixture2() {
	fixture
	local letter
	"$UMPIRE" judge --config judge.ini --outbox out <m1.eml 2>/dev/null
	letter=$(ls out/new/* | head -1)
	as player orders "$letter" -o o2.yaml
	as player sign o2.yaml --game "$letter" -o s2.yaml 2>/dev/null
	as player mail s2.yaml --game "$letter" -o m2.eml
	rm -rf clean out/new/*
	mkdir clean
	cp -a games .local clean/
	"$UMPIRE" judge --config judge.ini --outbox out <m2.eml 2>/dev/null
	cmp -s "$G" clean/games/"${G##*/}" && { echo "step 2 not taken"; return 1; }
	cp "$G" want.yaml
	subjects out/new >want.subjects
	[ -s want.subjects ]
	ls out/new | wc -l >want.count
	restore
}

# kill_points CALL TRACE: the numbers N of the calls CALL in strace's
# TRACE (a run without faults) at which to kill: every one, but where
# the dynamic loader opens a run of files one after another (its cache
# and the shared libraries, at the start and when GMime is loaded), the
# first of the run alone: the loader writes nothing between them, so a
# kill at its next open leaves what a kill at its first left (21 of a
# step's 62 openat calls here, each a whole run and settled() run more).
kill_points() {
	awk -v call="$1" '
	index($0, call "(") != 1 { next }
	{ n++; lib = $0 ~ /"[^"]*(ld\.so\.cache|\.so(\.[0-9]+)*)"/ }
	!(lib && prev) { print n }
	{ prev = lib }' "$2"
}

@test "judge faults: killed at every point of a step, the next delivery ends it" {
	fixture
	local s n k total=0
	for s in openat write fsync syncfs link rename unlink mkdir; do
		# how many such calls a run without faults makes
		strace -qq -o trace -e trace="$s" "$UMPIRE" judge \
			--config judge.ini --outbox out <m1.eml >/dev/null 2>&1
		n=$(grep -c "^$s(" trace)
		restore
		for k in $(kill_points "$s" trace); do
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

# Each kill point of the step of fixture2 (m2.eml, stored by appending)
# at the calls named (all its kinds when none are): the next delivery
# ends it.
append_kills() {
	local s n k total=0 pw=0
	MSG=m2.eml
	for s in ${*:-openat write pwrite64 ftruncate fsync syncfs rename \
	    renameat2 unlink}; do
		strace -qq -o trace -e trace="$s" "$UMPIRE" judge \
			--config judge.ini --outbox out <m2.eml >/dev/null 2>&1
		n=$(grep -c "^$s(" trace)
		# a call named is made, so killed at least once
		[ $# -eq 0 ] || [ "$n" -ge 1 ] ||
			{ echo "the step makes no $s call"; return 1; }
		[ "$s" != pwrite64 ] || pw=$n
		restore
		for k in $(kill_points "$s" trace); do
			strace -qq -o /dev/null -e trace="$s" \
				-e inject="$s:signal=KILL:when=$k" \
				"$UMPIRE" judge --config judge.ini --outbox out \
				<m2.eml >/dev/null 2>&1 || true
			settled "killed at $s #$k of $n" || return 1
			restore
			total=$((total + 1))
		done
	done
	echo "# $total kill points" >&3
	[ $# -eq 0 ] || return 0
	# the game file written in place: the state's room and the end
	[ "$pw" -ge 2 ]
	[ "$total" -ge 60 ]
}

# A game's first journal is a new file; each later one is written over
# the spare the one before left (the next test, at every point). What
# the first does otherwise is the same calls: make check kills it where
# it writes and names its new file (write, rename: 7 points against
# 56 at every call of the three that differ, 78 at all), make
# check-faults-full (FAULTS_FULL=1) at every point. A kill at the new
# file's open leaves what a kill at the whole file's does (the test
# before: every point).
@test "judge faults: a step stored by appending, killed at every point of it, the next delivery ends it" {
	fixture2
	if [ -n "${FAULTS_FULL:-}" ]; then
		append_kills
	else
		append_kills write rename
	fi
}

@test "judge faults: a step's journal written over the spare an earlier step left, killed at every point of it, the next delivery ends it" {
	fixture2
	# an earlier journal, applied and kept (GAMEID.yaml.spare): the
	# step's journal is written over it, then renamed into place
	printf 'umpire-game-append/1 an old journal\n%.0s' $(seq 300) \
		>"clean/games/${G##*/}.spare"
	chmod 600 "clean/games/${G##*/}.spare"
	restore
	strace -qq -o trace -e trace=rename "$UMPIRE" judge \
		--config judge.ini --outbox out <m2.eml >/dev/null 2>&1
	grep -q "rename(\".*\\.yaml\\.spare\", \".*\\.yaml\\.append\")" trace
	restore
	append_kills
}

# What each sync protects, in the order that keeps "no letter lost, none
# of a step not stored": the step's files (the game file's copy, its
# letters in spool/ and the local record's lines) made durable together
# by one syncfs before the game file takes its name; that name made
# durable (the games directory's sync) before a letter reaches the
# outbox; and the outbox's new/ synced before the spool's copies go.
@test "judge faults: one sync for the step's files, before the game file is named" {
	fixture
	G=$(kept)
	local id=${G##*/}
	strace -qq -f -y -o trace -e trace=fsync,syncfs,link,rename,unlink \
		"$UMPIRE" judge --config judge.ini --outbox out <m1.eml \
		>/dev/null 2>&1
	# line numbers of the events, in the order they happened
	local spool sync named dirsync outbox gone
	spool=$(grep -n 'link(".*spool/.*\.tmp-.*", ".*spool/' trace | tail -1 | cut -d: -f1)
	sync=$(grep -n '^[0-9 ]*syncfs(' trace | head -1 | cut -d: -f1)
	named=$(grep -n "rename(\".*$id\.tmp-[^\"]*\", \".*$id\")" trace | cut -d: -f1)
	outbox=$(grep -n 'link(".*spool/.*", ".*out/new/' trace | head -1 | cut -d: -f1)
	gone=$(grep -n 'unlink(".*spool/[^"]*\.eml")' trace | head -1 | cut -d: -f1)
	echo "spool=$spool sync=$sync named=$named outbox=$outbox gone=$gone"
	[ -n "$spool" ]
	[ -n "$sync" ]
	[ -n "$named" ]
	[ -n "$outbox" ]
	[ "$spool" -lt "$sync" ]
	[ "$sync" -lt "$named" ]
	# the games directory synced between the rename and the outbox
	dirsync=$(awk -v a="$named" -v b="$outbox" 'NR > a && NR < b && /fsync\(/ { print NR; exit }' trace)
	[ -n "$dirsync" ]
	# and new/ synced before the spool's copies go
	awk -v a="$outbox" -v b="$gone" 'NR > a && NR < b && /fsync\(/ { f = 1 } END { exit !f }' trace
	# nothing of games/ synced on its own before: the one syncfs did it
	# (the local record's lines too, but when the record is made or
	# written again whole: then atomically, synced before its rename)
	! awk -v a="$sync" 'NR < a && /fsync\([0-9]+<[^>]*\/games[\/>]/' trace |
		grep -q .
}

# Two messages in a Maildir, the player's orders for steps 1 and 2
# (maildir/new/m1, m2), and what a --maildir run without faults makes
# of them: md-want.yaml, md-want.subjects, md-want.count.
md_fixture() {
	fixture
	local letter
	"$UMPIRE" judge --config judge.ini --outbox out <m1.eml 2>/dev/null
	letter=$(ls out/new/* | head -1)
	as player orders "$letter" -o o2.yaml
	as player sign o2.yaml --game "$letter" -o s2.yaml 2>/dev/null
	as player mail s2.yaml --game "$letter" -o m2.eml
	md_reset
	"$UMPIRE" judge --config judge.ini --outbox out --maildir maildir \
		2>/dev/null
	cp "$G" md-want.yaml
	cmp -s md-want.yaml want.yaml && { echo "step 2 not taken"; return 1; }
	subjects out/new >md-want.subjects
	ls out/new | wc -l >md-want.count
	md_reset
}

md_reset() {
	restore
	rm -rf maildir
	mkdir -p maildir/new maildir/cur maildir/tmp
	cp m1.eml maildir/new/m1
	[ ! -f m2.eml ] || cp m2.eml maildir/new/m2
}

# After a --maildir run killed ($1: where) and the next run(s) (no hand
# from the owner): each message taken once and flagged S (cur/ holds
# $CUR), in order (m1's step before m2's): the game is the one a run
# without faults writes ($WANT.yaml), every letter sent, none as two
# different letters.
md_settled() {
	[ -z "$(ls maildir/new)" ] ||
		{ echo "$1: left in new/: $(ls maildir/new)"; return 1; }
	[ "$(ls maildir/cur)" = "$CUR" ] ||
		{ echo "$1: cur/ holds: $(ls maildir/cur)"; return 1; }
	cmp -s "$G" "$WANT.yaml" ||
		{ echo "$1: the game differs from a run without faults"; cat games/judge.log; return 1; }
	subjects out/new | cmp -s - "$WANT.subjects" ||
		{ echo "$1: letters: $(subjects out/new)"; return 1; }
	local ids
	ids=$(grep -hi '^Message-Id:' out/new/* | sort -u | wc -l)
	[ "$ids" -eq "$(cat "$WANT.count")" ] ||
		{ echo "$1: $ids different letters, want $(cat "$WANT.count")"; return 1; }
	[ "$(ls out/new | wc -l)" -le $((2 * $(cat "$WANT.count"))) ] ||
		{ echo "$1: $(ls out/new | wc -l) letters"; return 1; }
	[ -z "$(ls games/spool)" ] ||
		{ echo "$1: left in the spool: $(ls games/spool)"; return 1; }
	[ -z "$(ls games/failed)" ] ||
		{ echo "$1: kept in failed/: $(ls games/failed)"; return 1; }
	! grep -q ' \(failed\|retry\) ' games/judge.log ||
		{ echo "$1: $(grep ' \(failed\|retry\) ' games/judge.log)"; return 1; }
}

# A --maildir run killed anywhere: the next run takes again what it left
# (umpire(1): a message in cur/ without the S flag that no live run
# holds) before new/, with no hand from the owner: both steps stored
# once and in order, every letter sent, none twice as two letters. Every
# sync, rename, link and unlink of a run is a kill point.
@test "judge faults: a --maildir run killed at every point, the next run takes again what it left" {
	md_fixture
	local s n k total=0 WANT=md-want CUR=$(printf 'm1:2,S\nm2:2,S')
	for s in fsync syncfs link rename unlink; do
		md_reset
		strace -f -qq -o trace -e trace="$s" "$UMPIRE" judge \
			--config judge.ini --outbox out --maildir maildir >/dev/null 2>&1
		n=$(grep -cE "^([0-9]+ +)?$s\(" trace)
		for k in $(seq 1 "$n"); do
			md_reset
			strace -f -qq -o /dev/null -e trace="$s" \
				-e inject="$s:signal=KILL:when=$k" \
				"$UMPIRE" judge --config judge.ini --outbox out \
				--maildir maildir >/dev/null 2>&1 || true
			"$UMPIRE" judge --config judge.ini --outbox out \
				--maildir maildir >/dev/null 2>&1 ||
				{ echo "killed at $s #$k: the next run failed"; return 1; }
			md_settled "killed at $s #$k of $n" || return 1
			total=$((total + 1))
		done
	done
	echo "# $total kill points" >&3
	[ "$total" -ge 20 ]
}

# Killed at a random time (MAILDIR_KILLS times: make check-stress runs
# more), then a --maildir run and a tick at once take what it left:
# each message by exactly one of them. One message (m1): two judges at
# once may take a game's messages in either order, and a game's next
# message (orders on the letter of m1's step) cannot be in the Maildir
# before m1's step is stored.
@test "judge faults: a --maildir run killed at random times; a run and a tick at once take what it left, once" {
	md_fixture
	# the tick's Maildir
	printf 'maildir = %s/maildir\n' "$PWD" >>judge.ini
	rm m2.eml
	local i t0 ms delay pid rc1 rc2 left=0 kills=${MAILDIR_KILLS:-8}
	local WANT=want CUR=m1:2,S
	md_reset
	t0=$(date +%s%N)
	"$UMPIRE" judge --config judge.ini --outbox out --maildir maildir \
		>/dev/null 2>&1
	ms=$(( ($(date +%s%N) - t0) / 1000000 + 1 ))
	for i in $(seq 1 "$kills"); do
		md_reset
		delay=$((RANDOM % ms))
		"$UMPIRE" judge --config judge.ini --outbox out \
			--maildir maildir >/dev/null 2>&1 &
		pid=$!
		sleep "$((delay / 1000)).$(printf %03d $((delay % 1000)))"
		kill -KILL "$pid" 2>/dev/null || true
		wait "$pid" || true
		case $(ls maildir/cur) in *[0-9],|*[0-9],$'\n'*) left=$((left + 1)) ;; esac
		"$UMPIRE" judge --config judge.ini --outbox out \
			--maildir maildir >/dev/null 2>&1 &
		pid=$!
		rc2=0
		"$UMPIRE" judge --config judge.ini --outbox out --tick \
			>/dev/null 2>&1 || rc2=$?
		rc1=0
		wait "$pid" || rc1=$?
		[ "$rc1" -eq 0 ] && [ "$rc2" -eq 0 ] ||
			{ echo "killed at ${delay}ms: exit $rc1 (run), $rc2 (tick)"; return 1; }
		md_settled "killed at ${delay}ms of ${ms}ms" || return 1
	done
	echo "# $kills kills at random times (a run: ${ms}ms), $left left a message taken in cur/" >&3
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

# GMime, which the judge loads at run time (gmime_dl.h), taken away for
# one run without uninstalling it: "missing", strace failing every
# openat(2) of it where ld.so looks (its cache's path, then the default
# directories) with ENOENT, as when the package is not installed;
# "broken", a file of its soname that is no ELF object first on
# LD_LIBRARY_PATH (a library there that will not load). The rest of the
# arguments is the command.
without_gmime() {
	local how=$1 so=libgmime-3.0.so.0 found d
	local paths=()
	shift
	if [ "$how" = broken ]; then
		mkdir -p badlib
		head -c 4096 /dev/zero >"badlib/$so"
		LD_LIBRARY_PATH=$PWD/badlib "$@"
		return
	fi
	# where ld.so finds it: its cache's path, then the default dirs
	found=$({ ldconfig -p 2>/dev/null || /sbin/ldconfig -p; } |
		sed -n "s/^[[:space:]]*$so (.*) => //p" | head -1)
	[ -n "$found" ] || { echo "ldconfig -p lists no $so"; return 1; }
	for d in "$(dirname "$found")" /lib /usr/lib /lib64 /usr/lib64 \
		/usr/local/lib /lib/*-linux-gnu* /usr/lib/*-linux-gnu*; do
		[ -e "$d/$so" ] && paths+=(-P "$d/$so")
	done
	strace -qq -f -o /dev/null "${paths[@]}" -e trace=openat \
		-e inject=openat:error=ENOENT "$@" 2>&1 |
		grep -v '^strace: Requested path'
	return "${PIPESTATUS[0]}"
}

@test "judge faults: GMime missing or broken is the host's: exit 75, a retry line naming it, the message kept; GMime back, the same message adjudicated" {
	fixture
	local how
	for how in missing broken; do
		run without_gmime "$how" "$UMPIRE" judge --config judge.ini \
			--outbox out <m1.eml
		[ "$status" -eq 75 ] || { echo "$how: exit $status: $output"; return 1; }
		# the log names the library and what to install
		grep -q ' retry .*libgmime-3\.0\.so\.0.*install the Debian package libgmime-3\.0-0.*left to the mail system' \
			games/judge.log || { cat games/judge.log; return 1; }
		[ "$(grep -c " retry " games/judge.log)" -eq 1 ]
		# nothing stored, sent or kept: the player's orders are not
		# dropped, they wait with the mail system
		cmp -s "$G" clean/games/"$(basename "$G")"
		[ -z "$(ls out/new)" ]
		[ -z "$(ls games/failed)" ]
		settled "GMime $how"
		restore
	done
	# a Maildir's message stays in new/ for the next run
	cp m1.eml maildir/new/1.m1
	run without_gmime broken "$UMPIRE" judge --config judge.ini \
		--outbox out --maildir maildir
	[ "$status" -eq 75 ] || { echo "exit $status: $output"; return 1; }
	[ -f maildir/new/1.m1 ]
	[ -z "$(ls maildir/cur)" ]
	cmp -s "$G" clean/games/"$(basename "$G")"
	run "$UMPIRE" judge --config judge.ini --outbox out --maildir maildir
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ -f maildir/cur/1.m1:2,S ]
	[ -z "$(ls maildir/new)" ]
	cmp -s "$G" want.yaml
	subjects out/new | cmp -s - want.subjects
}

@test "judge faults: GMime missing or broken: a party's note with no file waits too, to be answered" {
	fixture
	# a note about the game from the player's address, no file in it
	{
		printf 'From: player@example.org\nTo: judge@example.org\n'
		printf 'Subject: Re: [umpire %s] my orders?\n' "${G:6:8}"
		printf 'Message-ID: <note-1@example.org>\n\nWhere do I sign?\n'
	} >note.eml
	run without_gmime broken "$UMPIRE" judge --config judge.ini \
		--outbox out <note.eml
	[ "$status" -eq 75 ] || { echo "exit $status: $output"; return 1; }
	grep -q ' retry .*libgmime-3\.0\.so\.0' games/judge.log
	[ -z "$(ls out/new)" ]
	run "$UMPIRE" judge --config judge.ini --outbox out <note.eml
	[ "$status" -eq 0 ]
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q '^To: player@example.org' out/new/*
}

@test "judge faults: --check loads GMime, and names it and what to install when it will not load" {
	fixture
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "gmime     ok: libgmime-3.0.so.0 loads"
	local how
	for how in missing broken; do
		run without_gmime "$how" "$UMPIRE" judge --config judge.ini \
			--outbox out --check
		[ "$status" -eq 1 ] || { echo "$how: exit $status: $output"; return 1; }
		assert_output_has "gmime     FIX: cannot load GMime"
		assert_output_has "libgmime-3.0.so.0"
		assert_output_has "install the Debian package libgmime-3.0-0"
		[ "$(grep -c ' ok: ' <<<"$output")" -eq 6 ]
	done
}
