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

# The set-up template signed as it comes: each of the 1BF player's 15
# counters placed by the placement policy (auto), not the first legal
# hexes (three to a hex along the map's edge: 0114, 0115, ...); and the
# check says, before anything is signed, what each default does: where
# each counter goes, and that a movement answered "done" moves nothing.
@test "a template signed as it comes: auto placements, and the check says what each default does" {
	"$UMPIRE" view game.yaml --side 1bf -s referee.key -o v1.view
	"$UMPIRE" orders v1.view -s 1bf.key | "$UMPIRE" sign - -s 1bf.key \
		-o o1.yaml 2>/dev/null
	"$UMPIRE" adjudicate game.yaml o1.yaml -s referee.key -o g2.yaml \
		--report /dev/null
	"$UMPIRE" view g2.yaml --side 1bf -s referee.key -o v2.view
	"$UMPIRE" orders v2.view -s 1bf.key -o t2.yaml
	# the 15 placements' default: auto, the policy
	[ "$(grep -c '^- place: ' t2.yaml)" -eq 15 ]
	[ "$(grep -c '^- place: "auto"$' t2.yaml)" -eq 15 ]
	grep -q "^# Each answer is a default (the rules' choice, else the first legal" t2.yaml
	run "$UMPIRE" sign --check t2.yaml -g v2.view
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output"
	assert_output_has 'what the answers do, as the check plays them:'
	assert_output_has 'place: "auto" (15 answers): You place '
	# where each goes: 15 counters, spread (never three to a hex, not
	# along the edge column 01)
	hexes=$(printf '%s\n' "$output" | tr '\n' ' ' | tr -s ' ' |
		grep -o 'face down at [0-9]\{4\}' | awk '{ print $4 }')
	[ "$(printf '%s\n' "$hexes" | wc -l)" -eq 15 ]
	[ "$(printf '%s\n' "$hexes" | sort -u | wc -l)" -ge 10 ]
	! printf '%s\n' "$hexes" | grep -q '^01' || false
	# signing says the same before it signs
	run "$UMPIRE" sign t2.yaml -s 1bf.key -g v2.view -o o2.yaml
	[ "$status" -eq 0 ]
	assert_output_has 'place: "auto" (15 answers): You place '
	# a movement answered "done": the check says nothing happens
	"$UMPIRE" adjudicate g2.yaml o2.yaml -s referee.key -o g.yaml \
		--report /dev/null
	n=0
	while :; do
		st=$("$UMPIRE" status --brief g.yaml)
		side=${st#pending }
		side=${side%% *}
		"$UMPIRE" view g.yaml --side "$side" -s referee.key -o v.view
		"$UMPIRE" orders v.view -s "$side.key" -o t.yaml
		grep -q '^- move[a-z-]*: "done"$' t.yaml && break
		"$UMPIRE" sign t.yaml -s "$side.key" -o o.yaml 2>/dev/null
		"$UMPIRE" adjudicate g.yaml o.yaml -s referee.key -o n.yaml \
			--report /dev/null
		mv n.yaml g.yaml
		n=$((n + 1))
		[ "$n" -lt 40 ] || { echo "no movement asked"; return 1; }
	done
	run "$UMPIRE" sign --check t.yaml -g v.view
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output"
	[[ "$output" =~ move[a-z-]*:\ \"done\":\ nothing\ happens ]]
}
