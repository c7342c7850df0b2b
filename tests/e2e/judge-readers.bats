#!/usr/bin/env bats
# The readers of a player's letters (umpire status, open, audit --view)
# take every letter a judge sends: its views, its game files, its
# answers (sealed to the side, or in clear), its notes and its requests
# to confirm an address. What holds no view is said in a word and
# skipped, never a failure: a player may give them her whole mailbox.

load helpers
load judge-helpers

setup_file() {
	umpire_setup_file
	mkdir "$BATS_FILE_TMPDIR/game"
	cd "$BATS_FILE_TMPDIR/game" && judged_game
}

setup() {
	umpire_setup
}

# In the game judged_game played: pending is the side the unsigned
# orders were from.
in_game() {
	cd "$BATS_FILE_TMPDIR/game"
	pending=$(cat pending)
}

# A Race to the Reichstag through the judge for a few steps, then a
# mistake of each side: the pending side's orders mailed unsigned, a
# note with no file from the other; every letter of side $s in
# letters/$s/.
judged_game() {
	judge_setup 1bf 1uf
	printf 'answers_a_day = 10\n' >>judge.ini
	owner_game race-to-the-reichstag 1bf 1uf
	SIDES="1bf 1uf" POLICY=choose play 4
	post
	pending=$(as 1bf status --brief "$(kept)" | cut -d' ' -f2)
	other=1bf; [ "$pending" = 1bf ] && other=1uf
	f=$(grep -l 'filename=.*\.view' mbox/$pending/*.umpire | tail -1)
	as "$pending" orders "$f" -o o.yaml
	as "$pending" mail o.yaml --to referee -o unsigned.eml 2>/dev/null
	judge_gets unsigned.eml
	printf 'From: %s@example.org\nTo: judge@example.org\n' "$other" \
		>note.eml
	printf 'Subject: is it my move?\n\nwhat now?\n' >>note.eml
	judge_gets note.eml
	POST_UNCHECKED=1 post
	echo "$pending" >pending
	for s in 1bf 1uf; do
		mkdir -p "letters/$s"
		find "mbox/$s" -type f -exec cp {} "letters/$s/" \;
	done
}

@test "readers: status takes every letter of a judged game; an answer or a letter in words is said, not refused" {
	in_game
	n=0
	for s in 1bf 1uf; do
		for f in letters/$s/*; do
			run as "$s" status "$f"
			echo "$f: $output"
			[ "$status" -eq 0 ]
			run as "$s" status --brief "$f"
			[ "$status" -eq 0 ]
			case $output in
			join*|pending*|adjudication*|over*) ;;
			letter) n=$((n + 1)) ;;
			*) echo "$f: $output"; false ;;
			esac
		done
	done
	# the answers (the unsigned orders', the note's): each a letter
	# with no view, or one holding a view (said as any view)
	echo "letters with no view: $n"
	# a sealed answer is named as one, with what reads it
	a=$(grep -l '^umpire: sealed-answer/1' letters/$pending/* | head -1)
	[ -n "$a" ] || return 0
	run as "$pending" status "$a"
	[ "$status" -eq 0 ]
	assert_output_has "answer to $pending in game $(basename "$(kept)" .yaml)"
	assert_output_has "umpire open"
	run as "$pending" status --json "$a"
	[ "$status" -eq 0 ]
	assert_output_has '"status":"letter"'
	assert_output_has "\"role\":\"$pending\""
}

@test "readers: open takes every letter: a view opened, an answer with the view, the rest said and nothing written" {
	in_game
	for s in 1bf 1uf; do
		view=$(grep -l 'filename=.*\.view' letters/$s/* | tail -1)
		for f in letters/$s/*; do
			rm -f out.txt
			if grep -q '^umpire: sealed-answer/1' "$f"; then
				run as "$s" open "$f" --view "$view" -o out.txt
				echo "$f: $output"
				[ "$status" -eq 0 ]
				assert_output_has "signed by the referee"
				[ -s out.txt ]
			elif grep -q 'filename=.*\.view' "$f"; then
				run as "$s" open "$f" -o out.txt
				[ "$status" -eq 0 ] || { echo "$output"; false; }
				head -1 out.txt | grep -q '^umpire: view/'
			else
				run as "$s" open "$f" -o out.txt
				echo "$f: $output"
				[ "$status" -eq 0 ]
				assert_output_has "nothing written"
				[ ! -e out.txt ]
			fi
		done
	done
}

@test "readers: audit --view over every letter of each side: the views checked, the others skipped with a word" {
	in_game
	for s in 1bf 1uf; do
		run as "$s" audit "$(kept)" --view letters/$s/* -s "$s.key"
		echo "$output"
		[ "$status" -eq 0 ]
		assert_output_has "every view given is an honest redaction"
		assert_output_has "the letters with no view skipped"
		assert_output_has "not a view, skipped"
	done
	# a sealed answer named as one in the word
	if grep -q '^umpire: sealed-answer/1' letters/$pending/*; then
		run as "$pending" audit "$(kept)" --view letters/$pending/* \
			-s "$pending.key"
		assert_output_has "holds the judge's answer to $pending"
	fi
	# a view whose first line was altered is no letter of the judge's:
	# still refused among them
	v=$(grep -l 'filename=.*\.view' letters/$pending/* | tail -1)
	as "$pending" open "$v" -o plain.view
	sed -i '1s/view/vue/' plain.view
	run as "$pending" audit "$(kept)" --view letters/$pending/* \
		plain.view -s "$pending.key"
	echo "$output"
	[ "$status" -ne 0 ]
	assert_output_has "plain.view"
}

@test "readers: the judge's request to confirm an address: status, open and audit --view say it holds no umpire file" {
	player_game_mailed
	f=$(grep -l '^  umpire-confirm-' out/new/* | head -1)
	[ -n "$f" ]
	run as player status "$f"
	[ "$status" -eq 0 ]
	assert_output_has "holds no umpire file"
	run as player status --brief "$f"
	[ "$output" = letter ]
	run as player open "$f" -o out.txt
	[ "$status" -eq 0 ]
	assert_output_has "nothing written"
	[ ! -e out.txt ]
	run as player audit "$(kept)" --view "$f"
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "the letters with no view skipped"
	# a file that is no letter at all is still refused
	printf 'hello\n' >junk.txt
	run as player status junk.txt
	[ "$status" -ne 0 ]
}
