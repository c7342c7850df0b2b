#!/usr/bin/env bats
# Whom the judge writes to after a step: the side the rules ask next,
# and the side that acted only when it must know now (some of its
# answers not used, its step played for it late, the game over). A side
# that waits gets nothing until it is asked, and then its view tells
# every event of the letters it was not sent. The first test's whole
# Russo-German War, messages on stdin, is also judge.bats' game of it:
# every view audits.

load helpers
load judge-helpers

setup() {
	umpire_setup
}

# The judge's game file after each step, as snaps/N.yaml (N: its steps).
snap() {
	local g n
	g=$(ls games/*.yaml)
	n=$(grep -c '^- step: ' "$g" || true)
	mkdir -p snaps
	cp "$g" "snaps/$n.yaml"
}
eval "$(declare -f judge_gets | sed '1s/judge_gets/judge_gets_plain/')"
judge_gets() {
	judge_gets_plain "$@" && snap
}

# The letter $1's Subject, unfolded.
subject_of() {
	sed -n '/^Subject:/{:a;N;/\n[ \t]/{s/\n[ \t]*/ /;ba};P;q}' "$1"
}

# The letter $1's state: the steps of the game it tells ("step N: X to
# move" tells N-1), "over" at the end.
state_of() {
	local s
	s=$(subject_of "$1")
	case $s in
	*"the game is over"*) echo over ;;
	*", step "*) s=${s##*, step }; echo $((${s%%:*} - 1)) ;;
	esac
}

# The events a report of side $1's view $2 tells, a line each: "STEP
# TEXT" for each event line under "Step STEP, ..." (the position and
# the question after them left out).
events_of() {
	as "$1" report "$2" --side "$1" -s "$1.key" 2>/dev/null | awk '
		/^Step [0-9]+, / { step = $2; sub(",", "", step); next }
		/^Position/ || /^Next:/ { step = "" }
		step != "" && /^  / { print step " " $0 }'
}

@test "judge letters: a waiting side gets no letter; its next view tells every event of the letters it was not sent" {
	judge_setup german soviet
	owner_game russo-german-war german soviet
	# every letter kept, by side, with the state it tells
	mkdir -p kept
	SIDES="german soviet" play 400
	run "$UMPIRE" status --brief "$(kept)"
	[[ "$output" == over* ]]
	last=$(grep -c '^- step: ' "$(kept)")
	[ "$last" -ge 6 ]
	sed -n 's/^  actor: //p' "$(kept)" >actors
	[ "$(wc -l <actors)" -eq "$last" ]
	: >got
	for s in german soviet; do
		for f in mbox/$s/done/*; do
			st=$(state_of "$f")
			[ -n "$st" ] || continue
			echo "$st $s $f" >>got
		done
	done
	# after each step but the last, one letter: to the side asked
	# (the Russo-German War's example player never leaves an answer
	# unused); the end's to both
	for n in $(seq 1 $((last - 1))); do
		[ "$(grep -c "^$n " got)" -eq 1 ] || { grep "^$n " got; false; }
		# (the side asked after step n acted in step n + 1)
		asked=$(sed -n "$((n + 1))p" actors)
		grep -q "^$n $asked " got || { cat got; false; }
	done
	[ "$(grep -c '^over ' got)" -eq 2 ]
	# each state a side was not written in: the view it would have got
	# then tells nothing its next letter does not
	checked=0
	for s in german soviet; do
		for n in $(seq 1 $((last - 1))); do
			grep -q "^$n $s " got && continue
			next=$(awk -v s="$s" -v n="$n" '$2 == s && $1 != "over" &&
				$1 > n { print $1, $3 }' got | sort -n | head -1)
			[ -n "$next" ] || continue
			"$UMPIRE" view "snaps/$n.yaml" --side "$s" -s judge.key \
				-o "w-$s-$n.view"
			events_of "$s" "w-$s-$n.view" >would.txt
			events_of "$s" "${next#* }" >sent.txt
			[ -s would.txt ]
			missing=$(grep -vxFf sent.txt would.txt || true)
			[ -z "$missing" ] || {
				echo "$s after step $n: not in its letter of step ${next%% *}:"
				echo "$missing"; false; }
			checked=$((checked + 1))
		done
	done
	[ "$checked" -ge 3 ]
	# and every view a side got audits, with the game file the judge
	# mailed it at the end
	for s in german soviet; do
		run as "$s" audit "final-$s.eml" --view views/*-"$s".eml \
			-s "$s.key"
		[ "$status" -eq 0 ] || { echo "$output"; false; }
		assert_output_has "every view given is an honest redaction"
	done
	[ "$(ls views/*-german.eml | wc -l)" -ge 5 ]
	# one log line a message, nothing failed
	[ "$(grep -c ' failed ' games/judge.log)" -eq 0 ]
	[ -z "$(ls games/failed)" ]
}

@test "judge letters: the side that acted is written to when some of its answers were not used, though the other side is asked" {
	judge_setup german soviet
	owner_game russo-german-war german soviet
	SIDES="german soviet" play 1
	post
	# the German's letter asking a normal war (4.1): the answers it
	# leaves when the Soviet is asked to answer the war are not used
	for i in $(seq 1 20); do
		s=german
		f=$(ls mbox/german/*.umpire 2>/dev/null | head -1)
		if [ -z "$f" ]; then
			s=soviet
			f=$(ls mbox/soviet/*.umpire | head -1)
		fi
		as "$s" orders "$f" -o o.yaml
		if [ "$s" = german ] && grep -q '^- action: "war ' o.yaml; then
			break
		fi
		answer "$s" "$f"
		mv "$f" "mbox/$s/done/"
		judge_gets reply.eml
		post
	done
	grep -q '^- action: "war ' o.yaml
	sed -i 's/^\(- action: "war .*"\)$/\1\n- action: "supply"/' o.yaml
	as german sign o.yaml --game "$f" -o signed.yaml 2>/dev/null
	as german mail signed.yaml -o reply.eml
	mv "$f" mbox/german/done/
	judge_gets reply.eml
	# the Soviet is asked; the German is told now what became of its
	# orders, in its sealed view
	run "$UMPIRE" status --brief "$(kept)"
	[[ "$output" == "pending soviet "* ]]
	[ "$(ls out/new | wc -l)" -eq 2 ]
	post
	g=$(ls mbox/german/*.umpire)
	subject_of "$g" | grep -q ", step [0-9]*: soviet to move$"
	grep -q "It is not your move" "$g"
	run as german report "$g" --side german -s german.key
	assert_output_has "Not used: answer 'action: supply'"
	# a step that leaves nothing unused is written to the side asked
	# alone
	f=$(ls mbox/soviet/*.umpire)
	answer soviet "$f"
	judge_gets reply.eml
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q '^To: german@example.org' out/new/*
	rm out/new/*
	# the side that waits asks for its letter (umpire ask): its view
	# of the game as it stands, saying it is not its move
	as soviet ask "$f" -o ask.yaml
	as soviet mail ask.yaml -o ask.eml
	judge_gets ask.eml
	[ "$(ls out/new | wc -l)" -eq 1 ]
	a=$(ls out/new/*)
	grep -q '^To: soviet@example.org' "$a"
	grep -q 'filename=.*\.view' "$a"
	grep -q "It is not your move" "$a"
	run as soviet status --brief "$a" -s soviet.key
	[[ "$output" == "pending german "* ]]
}

@test "judge letters: a side's letter after the other's long turn reaches back past the judge's newest checkpoint, and is the letter of a judge that reads the game whole" {
	judge_setup 1bf 1uf
	# Race to the Reichstag a decision a mail (the bench's player): a
	# front moves unit by unit, so the side that waits last acted
	# before several of the checkpoints its opponent's phases take.
	# Played by the referee's own adjudicate, each step's message kept
	"$UMPIRE_PLAIN" new race-to-the-reichstag -s judge.key \
		--referee judge.pub --side 1bf=1bf.pub --side 1uf=1uf.pub \
		--address 1bf=1bf@example.org --address 1uf=1uf@example.org \
		-o game.yaml 2>/dev/null
	for s in 1bf 1uf; do
		as "$s" join game.yaml --side "$s" -o next.yaml 2>/dev/null
		mv next.yaml game.yaml
	done
	pick="$BATS_TEST_DIRNAME/../../bench/one-answer"
	# (64 steps; make check-judge-load plays 260, whose later turns
	# take more checkpoints than a run keeps: JUDGE_TURN_STEPS)
	last=${JUDGE_TURN_STEPS:-64}
	for n in $(seq 1 "$last"); do
		[ "$n" -ne 3 ] || cp game.yaml game-2.yaml
		st=$("$UMPIRE_PLAIN" status --brief game.yaml)
		[[ "$st" == "pending "* ]]
		s=$(echo "$st" | cut -d' ' -f2)
		echo "$n $s" >>actors
		XDG_STATE_HOME="$PWD/ref" "$UMPIRE_PLAIN" view game.yaml \
			--side "$s" -s judge.key -o v.view
		UMPIRE_CONFIG="$PWD/$s.ini" "$UMPIRE_PLAIN" orders v.view \
			-s "$s.key" | "$pick" >o.yaml
		UMPIRE_CONFIG="$PWD/$s.ini" "$UMPIRE_PLAIN" sign o.yaml \
			-s "$s.key" -o signed.yaml 2>/dev/null
		UMPIRE_CONFIG="$PWD/$s.ini" "$UMPIRE_PLAIN" mail signed.yaml \
			--to judge@example.org -o "msg-$n.eml"
		XDG_STATE_HOME="$PWD/ref" "$UMPIRE_PLAIN" adjudicate game.yaml \
			signed.yaml -s judge.key -o next.yaml
		mv next.yaml game.yaml
	done
	# the judge keeps the game from step 2 and takes the rest: one
	# with its checkpoints, reading from the newest; the other on a
	# machine new to the game at each message, reading it whole
	g=$(sed -n 's/^game: //p' game.yaml)
	cp game-2.yaml "games/$g.yaml"
	mkdir -p whole/games whole/out/tmp whole/out/new whole/out/cur
	chmod 700 whole/games
	cp game-2.yaml "whole/games/$g.yaml"
	sed "s|^games = .*|games = $PWD/whole/games|" judge.ini >whole/judge.ini
	for n in $(seq 3 "$last"); do
		XDG_STATE_HOME="$PWD/judge-state" "$UMPIRE" judge --config \
			judge.ini --outbox out <"msg-$n.eml" 2>>judge.err
		echo "$n $(sed -n 's/^points: \[\(.*\)\]$/\1/p' \
			"judge-state/umpire/checkpoints/$g" | tr -d ,)" >>points.txt
		rm -rf fresh
		XDG_STATE_HOME="$PWD/fresh" "$UMPIRE_PLAIN" judge --config \
			whole/judge.ini --outbox whole/out <"msg-$n.eml" \
			2>>whole.err
	done
	grep -q "adjudicated step $last;" games/judge.log
	grep -q "adjudicated step $last;" whole/games/judge.log
	# a letter a step, the same in both: every view the same
	[ "$(ls out/new | wc -l)" -eq $((last - 2)) ]
	python3 "$BATS_TEST_DIRNAME/tools/same-letters.py" "$UMPIRE_PLAIN" \
		"$PWD" out/new games whole/out/new whole/games
	# among them a side's letter after a turn of the other's of ten
	# steps or more, late enough in the game for the judge to have
	# taken checkpoints in that turn (a letter's name: GAME-STEP-...)
	for f in out/new/*; do
		printf '%d %s\n' "$(basename "$f" | cut -d- -f2 | sed 's/^0*//')" \
			"$(sed -n 's/^To: //p' "$f" | head -1)"
	done | sort -n >letters.txt
	awk '{ if (seen[$2] && $1 - seen[$2] >= 10 && $1 >= 40) n++;
	       seen[$2] = $1 } END { exit !(n >= 1) }' letters.txt ||
		{ cat letters.txt; false; }
	# after every step, the judge's checkpoints kept, for each side,
	# one taken before its own latest step (the letter that ends the
	# other's turn replays from there, not from the start)
	[ "$(grep -c . points.txt)" -eq $((last - 2)) ]
	while read -r n pts; do
		for s in 1bf 1uf; do
			l=$(awk -v s="$s" -v n="$n" '$2 == s && $1 <= n { l = $1 }
				END { print l + 0 }' actors)
			[ "$l" -gt 1 ] || continue
			ok=0
			for p in $pts; do [ "$p" -lt "$l" ] && ok=1; done
			[ "$ok" = 1 ] || {
				echo "after step $n, $s's latest step $l: points $pts"
				false; }
		done
	done <points.txt
}
