#!/usr/bin/env bats
# Aachen: the plans that won the game early when it was played by hand on
# scenario version 3 (an Allied victory on turns 3 to 8 in every game),
# played again by the players of examples/aachen/trying.py on the
# scenario as it stands, through turn 7: none of them wins before turn 8.
#   the turn-3 dash (hand-played game 1: every city hex filled on turn 2,
#     the 3rd Armored racing for the free road hexes, 2730 > 2416 > 2612
#     the sixth on turn 3): fill, against wall (a German who holds the
#     West Wall; on version 3 this won on turn 2);
#   the city fill against a German road screen and counter-attacks
#     (game 2, won on turn 4): fill against screen (on version 3, turn 6);
#   the drive to an empty entry hex (the branches: an armoured unit into
#     2204, the German entry hex that is also a road hex, 11.4): dash,
#     the armour first for the entry and road hexes, against garrison
#     (on version 3, turn 5 in one fixture game of four).
# The game starts from fixtures/aachen-plans/start.yaml between that
# folder's fixed keys: a game's dice come from its id and its steps'
# signatures, so each plan rolls the same dice on every run
# (make-start.sh makes start.yaml again when the scenario changes).

load helpers

FIX="$BATS_TEST_DIRNAME/fixtures/aachen-plans"
CHOOSE="$BATS_TEST_DIRNAME/../../examples/aachen/choose.py"

# $1 game, $2 Allied policy, $3 German policy: steps until turn 8 begins
# or the game is over
play_plan() {
	local g=$1 st side k o turn
	local -x XDG_STATE_HOME="$BATS_FILE_TMPDIR/.state-${g%.yaml}"
	while :; do
		st=$("$UMPIRE" status --brief "$g") || return 1
		case $st in pending*) ;; *) return 0 ;; esac
		turn=$(sed -n 's/^  turn: \([0-9]*\)$/\1/p' "$g" | head -1)
		[ "${turn:-0}" -ge 8 ] && return 0
		side=$(echo "$st" | awk '{print $2}')
		if [ "$side" = allied ]; then k=allied.key o=german.key p=$2
		else k=german.key o=allied.key p=$3; fi
		CHOOSE_POLICY=$p python3 "$CHOOSE" "$side" "$g" $k "$UMPIRE" \
			>o.yaml || return 1
		"$UMPIRE" sign o.yaml -s $k -o s.yaml || return 1
		"$UMPIRE" adjudicate "$g" s.yaml -s $o -o next.yaml \
			2>/dev/null || return 1
		mv next.yaml "$g"
	done
}

setup_file() {
	umpire_setup_file
	export UMPIRE_SCENARIOS="${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}"
	cd "$BATS_FILE_TMPDIR"
	cp "$FIX"/allied.key "$FIX"/german.key "$FIX"/*.pub .
	cp "$FIX"/start.yaml dash.yaml
	play_plan dash.yaml fill wall
	cp "$FIX"/start.yaml fill.yaml
	play_plan fill.yaml fill screen
	cp "$FIX"/start.yaml entry.yaml
	play_plan entry.yaml dash garrison
}

setup() {
	umpire_setup
	export UMPIRE_SCENARIOS="${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}"
	cp "$BATS_FILE_TMPDIR"/*.yaml .
}

# the game $1 reached turn 8 with no Allied victory (16.0)
no_early_win() {
	run "$UMPIRE" status "$1"
	[ "$status" -eq 0 ]
	case $output in *"Allied victory"*) echo "$output"; return 1 ;; esac
	case $output in
	*"German victory"*) ;;
	*) [ "$(sed -n 's/^  turn: \([0-9]*\)$/\1/p' "$1" | head -1)" -ge 8 ] ||
		{ echo "$output"; return 1; } ;;
	esac
}

@test "the fixture's start is a game of the scenario as it stands" {
	run "$UMPIRE" audit "$FIX/start.yaml"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "the turn-3 dash (city fill, road race) wins nothing before turn 8 (16.0)" {
	no_early_win dash.yaml
}

@test "the city fill against a road screen wins nothing before turn 8 (16.0)" {
	no_early_win fill.yaml
}

@test "the drive to an empty entry hex wins nothing before turn 8 (16.0, 11.4)" {
	no_early_win entry.yaml
}

# The balance table of examples/aachen/README.md is the bench's: the
# README names the command, and that command (here one game of one
# pairing, BENCH_BALANCE_PAIRS) prints the table's header as the README
# shows it and ends with the line a script reads.
@test "the balance table: the README's command prints it and ends with the balance line" {
	local root="$BATS_TEST_DIRNAME/../.." readme
	readme="$root/examples/aachen/README.md"
	grep -qF 'python3 bench/bench.py build/umpire build/bench/bare --balance' \
		"$readme"
	BENCH_BALANCE_PAIRS="careful:counter" BENCH_BALANCE_JOBS=1 \
		run python3 "$root/bench/bench.py" "$UMPIRE" /bin/true --balance 1
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	local header last
	header=$(printf '%s\n' "$output" | grep '^ *Allied  *German  *games' |
		sed 's/^ *//')
	[ -n "$header" ] || { echo "$output"; return 1; }
	grep -qF -- "$header" "$readme" || { echo "not in README: $header"; return 1; }
	printf '%s\n' "$output" | grep -q '^ *careful  *counter  *1 '
	last=$(printf '%s\n' "$output" | tail -1)
	[[ $last =~ ^balance:\ strongest\ Allied\ vs\ strongest\ German:\ Allied\ [0-9]+%,\ German\ [0-9]+%,\ draw\ [0-9]+%,\ median\ turn\ [0-9]+\;\ Allied\ wins\ before\ turn\ 8:\ [0-9]+%\ of\ all\ games$ ]] ||
		{ echo "last line: $last"; return 1; }
	grep -q '^    balance: strongest Allied vs strongest German: Allied' "$readme"
}
