#!/usr/bin/env bats
# Views that make a side reveal too much: steps listed that nobody
# ordered, or more of them than the rules allow, with a colluding
# opponent's links (umpire-protocol(7), VIEWS and SECURITY NOTES). Each
# test was written to fail on the code before its fix. The forgeries are
# computed by viewforge.py from the page, with the independent auditor's
# primitives.

load ../e2e/helpers

# Honest steps of a new game (game.yaml) by views, until it is the
# German's turn after four steps of his (so that the Soviet has links
# enough to relabel the German's in the second test) and a Soviet step
# since his latest; 1 when the game ended before that (the dice of these
# keys: each run makes new ones).
play_to_german_turn() {
	local n=0 side german=0 soviet_since=""
	new_rgw_game game.yaml german soviet referee
	while [ $n -lt 60 ]; do
		n=$((n + 1))
		side=$("$UMPIRE" status --brief game.yaml)
		case "$side" in pending\ *) ;; *) return 1 ;; esac
		side=${side#pending }
		side=${side%% *}
		if [ "$side" = german ] && [ $german -ge 4 ] &&
			[ -n "$soviet_since" ]; then
			return 0
		fi
		if [ "$side" = german ]; then
			german=$((german + 1))
			soviet_since=""
		else
			soviet_since=1
		fi
		step_by_view game.yaml "$side" referee.key || return 2
	done
	return 1
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	# a game the dice ended too soon is played again with new keys
	local try rc=1
	for try in 1 2 3 4 5; do
		play_to_german_turn && rc=0 && break
		rc=$?
		[ $rc -eq 1 ] || break
		echo "# the game ended before the German's fifth turn; again" >&3
	done
	[ $rc -eq 0 ]
	"$UMPIRE" view game.yaml --side german -s referee.key -o german.view
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/{german,soviet,referee}.{key,pub} \
		"$BATS_FILE_TMPDIR"/game.yaml "$BATS_FILE_TMPDIR"/german.view .
	FORGE="$BATS_TEST_DIRNAME/viewforge.py"
}

# $1 out, $2 the change (viewforge.py): the referee's forgery of the
# German's honest view, the Soviet's key at hand for chain() and vouch().
forge() {
	/usr/bin/python3 "$FORGE" german.view referee.key "$1" "$2" \
		soviet=soviet.key german=german.key
}

# The colluding Soviet gives the referee its real links and vouches for
# steps it never played: with the German's latest step L, the view of
# step L + 6 (the most the Russo-German War allows: a Soviet turn that
# ends the year, then a whole Soviet turn) still gets the German's link
# for step L + 7, which honest play could ask for; one step more is
# refused, so the German never reveals a link further ahead.
@test "a referee and an opponent list more steps than the rules allow" {
	local latest step
	latest=$(sed -n '/^since:/,/^header:/s/^- step: //p' german.view |
		head -1)
	step=$(sed -n 's/^step: //p' german.view)
	# the forger's own copy of the honest view is accepted
	forge same.view 'v'
	"$UMPIRE" status same.view -s german.key >/dev/null
	local change='put(put(v, "step", str(TO)), "since", v.get("since") +
		[entry(k, "soviet", idx("soviet") + k - '"$step"',
		       chain("soviet", idx("soviet") + k - '"$step"'),
		       vouch("soviet", k) if VOUCH else None)
		 for k in range('"$step"' + 1, TO + 1)])'
	forge six.view "${change//TO/$((latest + 6))}"
	run "$UMPIRE" orders six.view -s german.key
	[ "$status" -eq 0 ] || { echo "status $status: $output"; return 1; }
	# the German's link is numbered by his own steps: the view of step
	# L + 6 gets the link his honest next step gets, however many
	# steps of others it lists (game/3 of umpire-game(5))
	local honest forged
	honest=$("$UMPIRE" orders german.view -s german.key |
		sed -n 's/^reveal: //p')
	forged=$(echo "$output" | sed -n 's/^reveal: //p')
	[ -n "$honest" ] && [ "$honest" = "$forged" ] ||
		{ echo "honest $honest, forged $forged"; return 1; }
	forge seven.view "${change//TO/$((latest + 7))}"
	run "$UMPIRE" orders seven.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "allow at most 6 in a row"
	# and nothing of the German's chain past step L + 7 came out
	[[ "$output" != *reveal:* ]]
	# step 500, as the attack first tried it
	forge far.view "${change//TO/500}"
	run "$UMPIRE" orders far.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "allow at most 6 in a row"
}

# The referee alone: a link c[k] gives every earlier link of the chain,
# so it could relabel the German's own steps before the Soviet's latest
# as the Soviet's, for a German who lost his local record (a new
# machine), and have him order the step again. The Soviet's vouch for
# those steps does not exist; the referee has its own key and the
# Soviet's real vouches of other steps, and neither passes.
@test "the referee alone lists a step nobody ordered" {
	local latest last
	latest=$(sed -n '/^since:/,/^header:/s/^- step: //p' german.view |
		head -1)
	last=$(sed -n 's/^step: //p' german.view)
	# the German's step before his latest: from the game file
	local before
	before=$(sed -n 's/^  actor: //p' game.yaml | head -$((latest - 1)) |
		grep -n german | tail -1 | cut -d: -f1)
	[ -n "$before" ]
	# [German's step before, Soviet's (relabelled) up to the latest]
	local gi si
	gi=$(sed -n 's/^  actor: //p' game.yaml | head -"$before" |
		grep -c german)
	local change='put(v, "since", [entry('"$before"', "german", '"$gi"',
		chain("german", '"$gi"'),
		vouch("german", '"$before"') if VOUCH else None)] +
		[entry(k, "soviet", idx("soviet") - ('"$last"' - k),
		       back(v.get("since")[-1].get("link"),
		       '"$last"' - k), WHO(k) if VOUCH else None)
		 for k in range('"$before"' + 1, '"$last"' + 1)])'
	# its own signature
	forge own.view "${change//WHO(k)/sign(\"referee.key\", k, \"soviet\")}"
	run "$UMPIRE" orders own.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "is not soviet's signature of that step"
	# the Soviet's real vouch of its latest step, for every step
	forge copy.view "${change//WHO(k)/vouch(\"soviet\", $last)}"
	run "$UMPIRE" orders copy.view -s german.key
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "is not soviet's signature of that step"
	# with the real vouches (which only the Soviet can make) the same
	# view would pass the links: the vouches are what refuses it
	forge real.view "${change//WHO(k)/vouch(\"soviet\", k)}"
	run "$UMPIRE" orders real.view -s german.key
	[ "$status" -eq 0 ] || { echo "status $status: $output"; return 1; }
}

# umpire-protocol(7), VIEWS: a view's report tells every step since the
# side's own latest and its marks are theirs, both signed by the
# referee, who could write anything there; the audit of the game file
# finds a line added or left out in an earlier step of the view, and a
# mark added or left out, naming the field. (Before views told the
# whole turn the earlier steps were not there to forge, nor any marks.)
@test "a referee's view with a report line or a mark added or left out fails the audit" {
	local first step
	first=$(sed -n '/^since:/,/^header:/s/^- step: //p' german.view |
		head -1)
	step=$(sed -n 's/^step: //p' german.view)
	[ "$first" -lt "$step" ]
	forge same.view 'v'
	run "$UMPIRE" audit game.yaml --view same.view
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# in report, after (or in place of) the heading of the German's own
	# step: a heading that is not there fails the forgery itself
	local h="Step $first, ordered by german, adjudicated by referee\\n"
	local line="  [4.2] The Soviet draws a card.\\n"
	forge extra.view 'put(v, "report", (lambda r: r.replace("'"$h"'",
		"'"$h$line"'", 1) if "'"$h"'" in r else None.x)(v.get("report")))'
	forge fewer.view 'put(v, "report", (lambda r: r.replace("'"$h"'",
		"", 1) if "'"$h"'" in r else None.x)(v.get("report")))'
	# a combat mark of the view's step, and the marks left out
	forge mark.view 'put(v, "marks", v.get("marks") + [Map([("step",
		"'"$step"'"), ("kind", "combat"), ("from", "R"), ("to", ""),
		("label", "6 beats 5")])])'
	forge nomarks.view 'put(v, "marks", [])'
	local f
	for f in extra fewer mark; do
		run "$UMPIRE" audit game.yaml --view $f.view
		[ "$status" -eq 1 ] || { echo "$f: $status: $output"; return 1; }
		assert_output_has "not an honest redaction"
	done
	run "$UMPIRE" audit game.yaml --view extra.view
	assert_output_has "its 'report' differs"
	run "$UMPIRE" audit game.yaml --view mark.view
	assert_output_has "its 'marks' differs"
	# the view marks something in those steps, so that leaving the
	# marks out is a change
	if ! cmp -s same.view nomarks.view; then
		run "$UMPIRE" audit game.yaml --view nomarks.view
		[ "$status" -eq 1 ] || { echo "$output"; return 1; }
		assert_output_has "its 'marks' differs"
	fi
}

# Race to the Reichstag sets no bound on the steps a view may list
# (rules.h, STEPS_UNBOUNDED: the other front orders a whole player turn
# of steps, one a draw, and then the Germans of his sector). The
# colluding front gives the referee its real links and vouches for
# steps 500 steps ahead; the view is taken, and what the honest side
# reveals is still only the link of its own next step (game/3: a role's
# k-th step reveals c[k]), the link its honest next view gets.
@test "a referee and an opponent list 500 steps of a game with no bound" {
	mkdir rt && cd rt
	new_reichstag_game rt.yaml
	declare -A moved
	local n side prev="" me=""
	for ((n = 1; n <= 200; n++)); do
		side=$("$UMPIRE" status --brief rt.yaml | cut -d' ' -f2)
		if [ -n "${moved[$side]:-}" ] && [ "$prev" != "$side" ]; then
			me=$side
			break
		fi
		step_by_view rt.yaml "$side" referee.key
		moved[$side]=1
		prev=$side
	done
	[ -n "$me" ] || { echo "no step of a side after the other's"; return 1; }
	local opp=1bf
	[ "$me" = 1bf ] && opp=1uf
	"$UMPIRE" view rt.yaml --side "$me" -s referee.key -o me.view
	local step honest
	step=$(sed -n 's/^step: //p' me.view)
	honest=$("$UMPIRE" orders me.view -s "$me.key" |
		sed -n 's/^reveal: //p')
	[ -n "$honest" ]
	local change='put(put(v, "step", "500"), "since", v.get("since") +
		[entry(k, "OPP", idx("OPP") + k - '"$step"',
		       chain("OPP", idx("OPP") + k - '"$step"'),
		       vouch("OPP", k))
		 for k in range('"$step"' + 1, 501)])'
	/usr/bin/python3 "$FORGE" me.view referee.key far.view \
		"${change//OPP/$opp}" "$opp=$opp.key" "$me=$me.key"
	run "$UMPIRE" orders far.view -s "$me.key"
	[ "$status" -eq 0 ] || { echo "status $status: $output"; return 1; }
	local forged
	forged=$(echo "$output" | sed -n 's/^reveal: //p')
	[ "$honest" = "$forged" ] ||
		{ echo "honest $honest, forged $forged"; return 1; }
}
