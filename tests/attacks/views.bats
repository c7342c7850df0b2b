#!/usr/bin/env bats
# Views that make a side reveal too much: steps listed that nobody
# ordered, or more of them than the rules allow, with a colluding
# opponent's links (umpire-protocol(7), VIEWS and SECURITY NOTES). Each
# test was written to fail on the code before its fix. The forgeries are
# computed by viewforge.py from the page, with the independent auditor's
# primitives.

load ../e2e/helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_rgw_game game.yaml german soviet referee
	# honest steps by views, until it is the German's turn after two
	# steps of his and a Soviet step since his latest
	local n=0 side german=0 soviet_since=""
	while [ $n -lt 60 ]; do
		n=$((n + 1))
		side=$("$UMPIRE" status --brief game.yaml)
		side=${side#pending }
		side=${side%% *}
		if [ "$side" = german ] && [ $german -ge 2 ] &&
			[ -n "$soviet_since" ]; then
			break
		fi
		if [ "$side" = german ]; then
			german=$((german + 1))
			soviet_since=""
		else
			soviet_since=1
		fi
		step_by_view game.yaml "$side" referee.key
	done
	[ "$side" = german ]
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
		[entry(k, "soviet", chain("soviet", k),
		       vouch("soviet", k) if VOUCH else None)
		 for k in range('"$step"' + 1, TO + 1)])'
	forge six.view "${change//TO/$((latest + 6))}"
	run "$UMPIRE" orders six.view -s german.key
	[ "$status" -eq 0 ] || { echo "status $status: $output"; return 1; }
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
	local change='put(v, "since", [entry('"$before"', "german",
		chain("german", '"$before"'),
		vouch("german", '"$before"') if VOUCH else None)] +
		[entry(k, "soviet", back(v.get("since")[-1].get("link"),
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
