#!/usr/bin/env bats
# Race to the Reichstag under a referee: a player checks his answer to a
# 13.0 retreat or a 14.0 advance on his own view before he signs it
# (umpire sign -g VIEW). Both are asked in the middle of a combat, after
# its die, where the rules cannot start the phase again from the view's
# state; the ruleset asks them again from that state and the question's
# words (fight.c, rt_resume), with the checks play() makes. So: no "not
# checked"; the example the template gives is accepted, and a retreat
# back into its own hex or an advance that goes on into the hex it came
# from is refused, naming the rule, before anything is signed.
#
# The game is played from the joined game with every question but the
# retreats and the advances answered by the template and the kept
# standing orders, until one retreat and one advance were asked of the
# player whose step it is (the first combats of GT 1 give both).

load helpers

KEYS='place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|stay|attack|move[a-z-]*'

setup() {
	umpire_setup
	new_reichstag_game game.yaml
}

# The checks on view $1 of side $2, whose template is o.txt, pending at
# rule $3 (13.0 or 14.0): an illegal answer refused, the template's
# example accepted and signed into o.yaml. Prints what failed.
check_pending() {
	local v=$1 side=$2 rule=$3 key good bad
	# the template lists the question, and nothing says "not checked"
	if grep -q 'not checked' o.txt; then
		echo "the template says: not checked"; return 1
	fi
	key=$(sed -n 's/^- \([a-z-]*\): .*/\1/p' o.txt | head -1)
	good=$(sed -n 's/^# for example: "[^"]*", \("auto", \)\{0,1\}"\([^"]*\)".*/\2/p' o.txt | head -1)
	[ "$rule" = 13.0 ] && good=$(sed -n 's/^# for example: "\([^"]*\)".*/\1/p' o.txt | head -1)
	if [ "$rule" = 13.0 ]; then
		# back into the hex it retreats from (13.0: each hex
		# farther from it)
		bad=$(sed -n 's/.* retreats [0-9]* hexe\{0,1\}s\{0,1\} from \([0-9]\{4\}\).*/\1/p' o.txt | head -1)
	else
		# the example's unit goes on from the vacated hex into it
		# again (14.0: farther, a hex normal movement allows)
		bad="$good ${good##* }"
	fi
	[ -n "$good" ] && [ -n "$bad" ] || { echo "no example in o.txt"; return 1; }
	sed "s/^- $key: .*/- $key: \"$bad\"/" o.txt > bad.txt
	run "$UMPIRE" sign bad.txt -s "$side.key" -g "$v" -o bad.yaml
	echo "$output"
	[ "$status" -ne 0 ] || { echo "illegal '$bad' signed"; return 1; }
	assert_output_has "is not a legal answer to rule $rule" || return 1
	[ ! -e bad.yaml ] || { echo "bad.yaml written"; return 1; }
	sed "s/^- $key: .*/- $key: \"$good\"/" o.txt > good.txt
	run "$UMPIRE" sign good.txt -s "$side.key" -g "$v" -o o.yaml
	echo "$output"
	[ "$status" -eq 0 ] || { echo "legal '$good' refused"; return 1; }
	assert_output_has "answers ok" || return 1
	case "$output" in *"not checked"*) return 1 ;; esac
}

@test "a 13.0 retreat and a 14.0 advance are checked on the player's view before he signs" {
	local n side st v q retreat=0 advance=0
	for n in $(seq 1 300); do
		st=$("$UMPIRE" status --brief game.yaml)
		# a game over early (4.0 V.A) before both: another one
		case "$st" in pending*) ;; *)
			mkdir "again$n" && cd "again$n"
			new_reichstag_game game.yaml
			continue ;;
		esac
		side=${st#pending }
		side=${side%% *}
		v=v$n-$side.view
		"$UMPIRE" view game.yaml --side "$side" -s referee.key -o "$v"
		"$UMPIRE" orders "$v" -s "$side.key" > o.txt
		q=$(sed -n 's/^# rule \([0-9.]*\), \([a-z0-9-]*\):.*/\1 \2/p' \
			o.txt | head -1)
		case "$q" in
		"13.0 retreat"|"14.0 advance")
			echo "step $n, $side: $q"
			check_pending "$v" "$side" "${q%% *}"
			[ "${q%% *}" = 13.0 ] && retreat=1
			[ "${q%% *}" = 14.0 ] && advance=1
			;;
		*)
			sed -E "s/^#  ($KEYS): /  \\1: /" o.txt |
				"$UMPIRE" sign - -s "$side.key" -o o.yaml
			;;
		esac
		"$UMPIRE" adjudicate game.yaml o.yaml -s referee.key \
			-o next.yaml --report /dev/null
		mv next.yaml game.yaml
		[ "$retreat$advance" != 11 ] || break
	done
	[ "$retreat$advance" = 11 ]
	# the game so played audits (the referee adjudicated the answers
	# the checks accepted)
	"$UMPIRE" audit game.yaml
}
