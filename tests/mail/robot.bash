# robot.bash - the judge as postfix's pipe runs it, for the judge's
# tests of tests/mail/ (judge.bats, judge-players.bats,
# judge-flood.bats): its home is $JUDGE_HOME/home, owned by nobody.

# judge_world: what the judge's user (nobody) runs, put where it can run
# it: a copy of the binary under test and of the scenarios under
# $JUDGE_HOME (mode 755, in the instance's directory, which postfix's
# users reach), as $JUDGE_UMPIRE and $JUDGE_SCENARIOS. The tree under
# test may lie in a directory only its owner may enter (a clone in
# mktemp -d, a 0700 home): run from there, nobody could not execute the
# binary (status 126) nor read the scenarios.
judge_world() {
	mkdir -p "$JUDGE_HOME/bin"
	cp "$UMPIRE" "$JUDGE_HOME/bin/umpire"
	rm -rf "$JUDGE_HOME/scenarios"
	cp -R "${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}" \
		"$JUDGE_HOME/scenarios"
	chmod 755 "$JUDGE_HOME" "$JUDGE_HOME/bin" "$JUDGE_HOME/bin/umpire"
	chmod -R a+rX "$JUDGE_HOME/scenarios"
	export JUDGE_UMPIRE=$JUDGE_HOME/bin/umpire
	export JUDGE_SCENARIOS=$JUDGE_HOME/scenarios
}

# as_judge CMD...: run CMD as the judge's user (nobody) in its home
# (JUDGE_DIR under JUDGE_HOME, default home),
# with its configuration and local records, as the pipe runs it (umpire
# as $JUDGE_UMPIRE, judge_world).
as_judge() {
	local h=$JUDGE_HOME/${JUDGE_DIR:-home}
	(cd "$h" &&
	 setpriv --reuid=65534 --regid=65534 --clear-groups \
		env HOME="$h" XDG_STATE_HOME="$h/state" \
		XDG_CONFIG_HOME="$h/.config" \
		UMPIRE_SCENARIOS="$JUDGE_SCENARIOS" \
		UMPIRE_CONFIG="$h/config.ini" "$@")
}

# The judge's log, shown when a test fails (and its peak memory, when
# the pipe measured it, in home/rss).
judge_log() {
	echo "--- judge.log"
	cat "$JUDGE_HOME/home/games/judge.log" 2>/dev/null
	echo "--- failed/"
	ls "$JUDGE_HOME/home/games/failed" 2>/dev/null
	if [ -e "$JUDGE_HOME/home/rss" ]; then
		echo "--- peak memory of each judge (KiB)"
		cat "$JUDGE_HOME/home/rss"
	fi
	echo "--- mail log"
	tail -n 25 "$MTA_DIR/maillog"
}

# The names of the attachments of the delivered message $1.
attachment_names() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
for p in m.iter_attachments():
    print(p.get_filename())' "$1"
}
