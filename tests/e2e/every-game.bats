#!/usr/bin/env bats
# Every shipped game plays from the default orders (the first legal answer
# to every question) to its end through files, and the result audits.

load helpers

# play SCENARIO SIDES [--referee] [--set ...]: keys for each side (and a
# referee), a game, then default orders until it is over.
play() {
	local scn=$1 sides=$2 ref=$3
	shift 3
	local args=() s g=game.yaml i st side counter
	for s in $sides referee; do
		"$UMPIRE" keygen -s "$s.key" -p "$s.pub" -W >/dev/null
	done
	for s in $sides; do args+=(--side "$s=$s.pub"); done
	[ "$ref" = yes ] && args+=(--referee referee.pub)
	"$UMPIRE" new "$scn" -s "${sides%% *}.key" "${args[@]}" "$@" \
		-o "$g" 2>/dev/null
	for s in $sides referee; do
		[ "$s" = referee ] && [ "$ref" != yes ] && continue
		[ "$s" = "${sides%% *}" ] && continue
		"$UMPIRE" join "$g" --side "$s" -s "$s.key" -o j.yaml 2>/dev/null
		mv j.yaml "$g"
	done
	local u
	for ((i = 0; i < 2000; i++)); do
		# the valgrind pass (UMPIRE_REAL_BIN): every 8th step through
		# umpire-vg (memcheck on each command path's first runs), the
		# rest with the plain binary; the audit of the whole game
		# after it runs under memcheck
		u="$UMPIRE"
		if [ -n "${UMPIRE_REAL_BIN:-}" ] && ((i % 8 != 0)); then
			u=$UMPIRE_REAL_BIN
		fi
		st=$("$u" status --brief "$g")
		case $st in over*) echo "$st"; return 0 ;; esac
		side=${st#pending }
		side=${side%% *}
		counter=referee
		if [ "$ref" != yes ]; then
			for s in $sides; do
				[ "$s" != "$side" ] && counter=$s
			done
		fi
		"$u" orders "$g" -s "$side.key" |
			"$u" sign - -s "$side.key" |
			"$u" adjudicate "$g" - -s "$counter.key" -o n.yaml \
				--report /dev/null || return 1
		mv n.yaml "$g"
	done
	echo "not over after $i steps"
	return 1
}

setup() {
	umpire_setup
}

@test "Arnswalde 1945 from default orders, every difficulty" {
	for d in low medium high; do
		rm -f ./*.yaml
		run play arnswalde-1945 player yes --set difficulty=$d
		[ "$status" -eq 0 ]
		run "$UMPIRE" audit game.yaml
		[ "$status" -eq 0 ]
	done
}

@test "Kampfgruppe Peiper from default orders, with the optional rules" {
	run play kampfgruppe-peiper player yes
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit game.yaml
	[ "$status" -eq 0 ]
	rm -f ./*.yaml
	run play kampfgruppe-peiper player yes --set points=12 --set draw=on \
		--set combat=highest
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit game.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" report game.yaml
	assert_output_has "PROVISIONAL"
}

@test "Aachen: First to Fall from default orders (reinforcements enter, nothing attacks)" {
	run play aachen "allied german" no
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit game.yaml
	[ "$status" -eq 0 ]
}

@test "the Russo-German War from default orders (honour mode)" {
	run play russo-german-war "german soviet" no --set hidden=honour
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit game.yaml
	[ "$status" -eq 0 ]
}

@test "Race to the Reichstag from default orders (set-up, movement, combat, victory; honour mode)" {
	run play race-to-the-reichstag "1bf 1uf" no --set hidden=honour
	[ "$status" -eq 0 ]
	assert_output_has "over"
	run "$UMPIRE" audit game.yaml
	[ "$status" -eq 0 ]
}

@test "every installed scenario is covered by a test above" {
	run "$UMPIRE" scenarios
	[ "$status" -eq 0 ]
	for id in $(printf '%s\n' "$output" | awk '{print $1}'); do
		grep -q "play $id " "$BATS_TEST_FILENAME" ||
			{ echo "no default-orders game for $id"; return 1; }
	done
}

@test "--chain-length bounds a game's steps, with a clear message" {
	run "$UMPIRE" new aachen -s a.key --side allied=a.pub \
		--side german=b.pub --chain-length 15
	[ "$status" -eq 2 ]
	assert_output_has "from 16 to"
	run play aachen "allied german" no --chain-length 16
	[ "$status" -ne 0 ]
	grep -q '^chain_length: 16$' game.yaml
	run "$UMPIRE" status --brief game.yaml
	[[ "$output" == "pending "*" 17" ]]
	side=${output#pending }
	side=${side%% *}
	run "$UMPIRE" orders game.yaml -s "$side.key"
	[ "$status" -eq 1 ]
	assert_output_has "beyond the game's chain length 16"
	run "$UMPIRE" audit game.yaml
	[ "$status" -eq 0 ]
}
