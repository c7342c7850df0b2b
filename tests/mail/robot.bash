# robot.bash - the judge as postfix's pipe runs it, for the judge's
# tests of tests/mail/ (judge.bats, judge-players.bats,
# judge-flood.bats): its home is $JUDGE_HOME/home, owned by nobody.

# as_judge CMD...: run CMD as the judge's user (nobody) in its home,
# with its configuration and local records, as the pipe runs it.
as_judge() {
	(cd "$JUDGE_HOME/home" &&
	 setpriv --reuid=65534 --regid=65534 --clear-groups \
		env HOME="$JUDGE_HOME/home" \
		XDG_STATE_HOME="$JUDGE_HOME/home/state" \
		XDG_CONFIG_HOME="$JUDGE_HOME/home/.config" \
		UMPIRE_CONFIG="$JUDGE_HOME/home/config.ini" "$@")
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
