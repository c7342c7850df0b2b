#!/usr/bin/env bats
# Late steps where the clock or the judge's record do not allow one
# (umpire-protocol(7), THE JUDGE'S CLOCK, Late steps): a late step takes
# the public value late[n] in its actor's place, so nobody's chain link
# is spent on it, and its draws hang on the referee's link alone; made
# where the game's clock does not say standing, before the grace ended
# by the judge's record, signed by the late side itself, or carrying an
# answer the rules do not derive, it would let a referee (or a side)
# skip the other side's move or choose what it does. Each is refused,
# naming the step and the reason; each test was written to fail on the
# code before its fix (which took no late step at all: the marker was
# an unknown field). The forgeries are made by lateforge.py from the
# page, with the independent auditor's primitives.

load ../e2e/helpers
load ../e2e/judge-helpers

LATEFORGE="$BATS_TEST_DIRNAME/lateforge.py"
REDERIVE="$BATS_TEST_DIRNAME/../independent/rederive.py"
T0=1800000000
H=3600

setup() {
	umpire_setup
}

need_tools() {
	command -v minisign >/dev/null || skip "minisign not installed"
	/usr/bin/python3 -c 'import yaml, nacl.signing' 2>/dev/null ||
		skip "python3-yaml or python3-nacl missing"
}

# A Russo-German War game the judge keeps, its clock --set on-late=$1,
# played by the German alone until it waits on the Soviet; $G the file.
waiting_on_soviet() {
	export UMPIRE_TEST_NOW=$T0
	rgw_clocked deadline=72h "on-late=$1"
	SIDES=german play 4
	[[ "$("$UMPIRE" status --brief "$G")" == "pending soviet "* ]]
}

# A game of on-late=standing waiting on the Soviet past its deadline,
# with the 'late' entry the judge signs at the grace's end: $G, due.yaml.
late_is_due() {
	waiting_on_soviet standing
	tick_at 72
	/usr/bin/python3 "$LATEFORGE" "$G" late.yaml --record due.yaml \
		judge.key 2027-01-19T08:00:00Z
	G=due.yaml
}

tick_at() {
	UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config judge.ini \
		--outbox out --tick 2>>judge.err
}

# The late step's body for $G into late.yaml (lateforge.py $@), signed
# with key $KEY (detached: late.yaml.minisig), adjudicated with the
# judge's key.
forge_and_adjudicate() {
	local key=$1 n
	shift
	/usr/bin/python3 "$LATEFORGE" "$G" late.yaml "$@"
	n=$(sed -n 's/^step: //p' late.yaml)
	rm -f late.yaml.minisig
	minisign -S -s "$key" -m late.yaml -t "umpire/1 game=$(sed -n \
		's/^game: //p' late.yaml) step=$n side=soviet" </dev/null >/dev/null
	run "$UMPIRE" adjudicate "$G" late.yaml -s judge.key -o after.yaml
}

@test "late step attack: the referee plays a side whose game's clock says wait" {
	need_tools
	waiting_on_soviet wait
	tick_at 200                     # late past the grace: the game waits
	grep -q 'event: late' "$G"
	forge_and_adjudicate judge.key --vouch judge.key
	[ "$status" -eq 1 ]
	assert_output_has "is a late step (played by the judge for soviet), but the game's clock says on_late: wait"
	[ ! -e after.yaml ]
}

@test "late step attack: the referee plays a side before the grace ended, by the judge's record" {
	need_tools
	waiting_on_soviet standing
	tick_at 72                      # the deadline: a notice, no late step
	grep -q 'event: notice' "$G"
	# no 'late' entry at all
	forge_and_adjudicate judge.key --vouch judge.key
	[ "$status" -eq 1 ]
	assert_output_has "holds no 'late' entry of soviet for step"
	# one the referee signed, an hour before the grace's end
	/usr/bin/python3 "$LATEFORGE" "$G" late.yaml --record early.yaml \
		judge.key 2027-01-19T07:00:00Z
	G=early.yaml
	forge_and_adjudicate judge.key --vouch judge.key
	[ "$status" -eq 1 ]
	assert_output_has "but the judge's record says it was late at 2027-01-19T07:00:00Z, before the end of the grace, 2027-01-19T08:00:00Z"
	# (and the same entry an hour later makes it a late step: the judge
	# signs it so at the grace's end)
	/usr/bin/python3 "$LATEFORGE" games/*.yaml late.yaml --record \
		due.yaml judge.key 2027-01-19T08:00:00Z
	G=due.yaml
	forge_and_adjudicate judge.key --vouch judge.key
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit after.yaml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
}

@test "late step attack: a side signs a late step of its own, skipping its link" {
	need_tools
	late_is_due
	forge_and_adjudicate soviet.key --vouch soviet.key
	[ "$status" -eq 1 ]
	assert_output_has "orders of soviet with the marker 'late: standing', signed by soviet: only the judge (the referee) takes a late step"
	# nor may the referee sign the side's own kind of orders for it
	/usr/bin/python3 "$LATEFORGE" "$G" late.yaml --vouch judge.key
	sed -i '/^late: standing$/d' late.yaml
	rm -f late.yaml.minisig
	minisign -S -s judge.key -m late.yaml -t "umpire/1 game=$(sed -n \
		's/^game: //p' late.yaml) step=$(sed -n 's/^step: //p' \
		late.yaml) side=soviet" </dev/null >/dev/null
	run "$UMPIRE" adjudicate "$G" late.yaml -s judge.key -o after.yaml
	[ "$status" -eq 1 ]
	assert_output_has "are signed by referee for soviet, without the marker 'late: standing' of a late step"
}

@test "late step attack: the referee's late step carries an answer the rules do not derive" {
	need_tools
	late_is_due
	forge_and_adjudicate judge.key --vouch judge.key \
		--extra $'answers:\n- answer: pass'
	[ "$status" -eq 1 ]
	assert_output_has "a late step's orders hold no answers and no standing orders"
	forge_and_adjudicate judge.key --vouch judge.key \
		--extra $'standing:\n  answer: pass'
	[ "$status" -eq 1 ]
	assert_output_has "a late step's orders hold no answers and no standing orders"
	[ ! -e after.yaml ]
}

# Every reader of a game file reads a late step one way (umpire-
# protocol(7), THE JUDGE'S CLOCK, Late steps: what its orders carry):
# audit, the referee's view of the game and the independent auditor
# refuse each field of a late step forged after umpire took it, the
# step's hash and countersignature (or the record's entry) signed again
# by the cheating referee: orders without the vouch (audit read those
# before, while view refused them), orders signed by the late side, a
# reveal other than late[n], a record that had the side late before
# the grace ended.
@test "late step attack: a forged field of a late step is refused by every reader alike" {
	need_tools
	late_is_due
	forge_and_adjudicate judge.key --vouch judge.key
	[ "$status" -eq 0 ]
	local f
	# the step as umpire took it reads everywhere
	"$UMPIRE" audit after.yaml >/dev/null
	"$UMPIRE" view after.yaml --side soviet -s judge.key -o v.view
	/usr/bin/python3 "$REDERIVE" after.yaml >/dev/null
	for f in no-vouch signer reveal early; do
		/usr/bin/python3 "$LATEFORGE" --step after.yaml forged.yaml "$f" \
			judge.key soviet.key
		run "$UMPIRE" audit forged.yaml
		[ "$status" -eq 1 ] || { echo "audit took $f: $output"; return 1; }
		echo "$f: audit: $output"
		# (a state of its own: the local record of the judge's key,
		# which took the step as it was, would refuse it first)
		XDG_STATE_HOME=$PWD/fresh-$f run "$UMPIRE" view forged.yaml \
			--side soviet -s judge.key -o forged.view
		[ "$status" -eq 1 ] || { echo "view took $f: $output"; return 1; }
		echo "$f: view: $output"
		run /usr/bin/python3 "$REDERIVE" forged.yaml
		[ "$status" -ne 0 ] || { echo "rederive took $f: $output"; return 1; }
	done
	# what each says of the vouch, the one field audit did not read
	/usr/bin/python3 "$LATEFORGE" --step after.yaml forged.yaml no-vouch \
		judge.key
	run "$UMPIRE" audit forged.yaml
	assert_output_has "step 3 is a late step (played by the judge for soviet), but its orders carry no 'vouch'"
	XDG_STATE_HOME=$PWD/fresh run "$UMPIRE" view forged.yaml --side soviet \
		-s judge.key -o forged.view
	assert_output_has "step 3 is a late step (played by the judge for soviet), but its orders carry no 'vouch'"
	run /usr/bin/python3 "$REDERIVE" forged.yaml
	assert_output_has "a late step's orders carry no vouch"
}
