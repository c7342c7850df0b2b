#!/usr/bin/env bats
# Forfeits the game's clock does not allow (umpire-protocol(7), THE
# JUDGE'S CLOCK, Forfeits): a forfeit decides who wins, so a referee
# that signs one early, or one the side was never told of, takes the
# game from a side still within its time. A forfeit is read as the
# judge makes one: after the grace of an on_late forfeit clock; after
# the forfeit_after-th missed deadline of an on_late standing clock,
# with its 'late' entry and a notice for each deadline missed before;
# never under on_late wait. Each forgery is signed by the referee (the
# whole record signed again, as a cheating referee would) and made by
# lateforge.py from the page, with the independent auditor's
# primitives; each was accepted by audit before the check (which read
# only the forfeit's place in the record, its step and its role), and
# by the independent auditor before it read the page's new rule.

load ../e2e/helpers
load ../e2e/judge-helpers

LATEFORGE="$BATS_TEST_DIRNAME/lateforge.py"
REDERIVE="$BATS_TEST_DIRNAME/../independent/rederive.py"
T0=1800000000   # 2027-01-15T08:00:00Z
H=3600

setup() {
	umpire_setup
}

need_tools() {
	/usr/bin/python3 -c 'import yaml, nacl.signing' 2>/dev/null ||
		skip "python3-yaml or python3-nacl missing"
}

tick_at() {
	UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config judge.ini \
		--outbox out --tick 2>>judge.err
}

# A Russo-German War game the judge keeps, its clock deadline=72h and
# --set $@, joined at T0, waiting on the German's deal (step 1, whose
# clock starts at T0; the record's step 0): $G the file.
waiting_on_german() {
	export UMPIRE_TEST_NOW=$T0
	rgw_clocked deadline=72h "$@"
	[[ "$("$UMPIRE" status --brief "$G")" == "pending german 1" ]]
}

# $1 refused by audit and by the independent auditor, audit saying $2.
refused_by_both() {
	run "$UMPIRE" audit "$1"
	echo "audit: $output"
	[ "$status" -eq 1 ]
	assert_output_has "$2"
	run /usr/bin/python3 "$REDERIVE" "$1"
	echo "rederive: $output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"rederive FAILED at judge's record"* ]]
}

accepted_by_both() {
	run "$UMPIRE" audit "$1"
	echo "audit: $output"
	[ "$status" -eq 0 ]
	assert_output_has "Result: german forfeited"
	/usr/bin/python3 "$REDERIVE" "$1" >/dev/null
}

@test "forfeit attack: the referee ends an on_late forfeit game before the grace's end" {
	need_tools
	waiting_on_german on-late=forfeit
	tick_at 72                      # the deadline: a notice
	grep -q 'event: notice' "$G"
	# the grace ends at +96h (2027-01-19T08:00:00Z): an hour before it
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" early.yaml judge.key \
		2027-01-19T07:00:00Z
	refused_by_both early.yaml "the judge's record: a forfeit by german at step 0 at 2027-01-19T07:00:00Z, before 2027-01-19T08:00:00Z: the end of the clock's grace (the clock's on_late: forfeit)"
	# at the grace's end it is the judge's own forfeit
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" due.yaml judge.key \
		2027-01-19T08:00:00Z
	accepted_by_both due.yaml
	# and one the side was never told of: its notice taken out
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" untold.yaml judge.key \
		2027-01-19T08:00:00Z notice
	refused_by_both untold.yaml "the judge's record: a forfeit by german at step 0, but the record holds 0 'notice' entries of german for step 0, of the 1 the judge makes before it (one for each deadline missed)"
}

@test "forfeit attack: the referee ends an on_late standing game on the first missed deadline of a clock with forfeit_after 2" {
	need_tools
	waiting_on_german on-late=standing forfeit-after=2
	# the German's deal is a late step at +96h; his turn's clock starts
	# then: its deadline +168h, its grace's end +192h, where the late
	# answers answer nothing and the game waits on him
	tick_at 96
	[[ "$("$UMPIRE" status --brief "$G")" == "pending german 2" ]]
	tick_at 168
	tick_at 192
	grep -q 'event: late' "$G"
	! grep -q 'event: forfeit' "$G" || false
	cp "$G" waiting.yaml
	# a forfeit right after the late entry: one missed deadline of two
	/usr/bin/python3 "$LATEFORGE" --forfeit waiting.yaml first.yaml \
		judge.key 2027-01-23T09:00:00Z
	refused_by_both first.yaml "the judge's record: a forfeit by german at step 1 at 2027-01-23T09:00:00Z, before 2027-01-26T08:00:00Z: the end of the clock's grace and 1 deadline more (the clock's on_late: standing, forfeit_after: 2)"
	# the second deadline after the grace's end (+264h) is the forfeit
	tick_at 264
	grep -q 'event: forfeit' "$G"
	accepted_by_both "$G"
	# (its result names when it was due, not the grace's end)
	assert_output_has "Result: german forfeited: no orders for step 2 by 2027-01-26T08:00:00Z, the end of the clock's grace and 1 deadline more"
	/usr/bin/python3 "$LATEFORGE" --forfeit waiting.yaml due.yaml \
		judge.key 2027-01-26T08:00:00Z
	accepted_by_both due.yaml
}

@test "forfeit attack: the referee's forfeit of an on_late standing game whose late and notice entries were taken out" {
	need_tools
	waiting_on_german on-late=standing forfeit-after=2
	tick_at 96
	tick_at 168
	tick_at 192
	tick_at 264
	grep -q 'event: forfeit' "$G"
	accepted_by_both "$G"
	# the same forfeit at the same time, the record's late and notice
	# entries of the step taken out (the record signed again)
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" bare.yaml judge.key \
		2027-01-26T08:00:00Z late notice
	# (step 1's: step 0's late and notice stay, the game's first
	# deadline passed too)
	grep -A1 'event: late\|event: notice' "$G" | grep -q 'step: 1$'
	! grep -A1 'event: late\|event: notice' bare.yaml |
		grep -q 'step: 1$' || false
	refused_by_both bare.yaml "a forfeit by german at step 1, but the judge's record holds no 'late' entry of german for step 1: no deadline and grace passed for it"
	# its late entry alone taken out
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" nolate.yaml judge.key \
		2027-01-26T08:00:00Z late
	refused_by_both nolate.yaml "holds no 'late' entry of german for step 1"
	# its notice alone
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" nonotice.yaml judge.key \
		2027-01-26T08:00:00Z notice
	refused_by_both nonotice.yaml "the record holds 0 'notice' entries of german for step 1, of the 1 the judge makes before it"
}

@test "forfeit attack: a forfeit of a game whose clock says wait" {
	need_tools
	waiting_on_german on-late=wait
	tick_at 96
	grep -q 'event: late' "$G"
	/usr/bin/python3 "$LATEFORGE" --forfeit "$G" wait.yaml judge.key \
		2027-02-19T08:00:00Z
	refused_by_both wait.yaml "the judge's record: a forfeit by german at step 0, but the game's clock says on_late: wait: the judge ends a game only where its clock says on_late: forfeit or standing"
}
