#!/usr/bin/env bats
# Real mail with the judge as referee: the private postfix of mta.bash
# delivers judge@example.org to a pipe transport running `umpire judge
# --games DIR` (as user nobody, as an MTA runs a mail robot), and the
# players' addresses to their Maildirs. The judge answers through the
# plain sendmail(1) of the same postfix; the players write every message
# with `umpire mail --send` and read what the judge sent them as postfix
# delivered it. Nobody steps in as referee: the judge's owner only makes
# the game and invites the players.
#
# Where postfix cannot run (not root, not installed, no mount namespace)
# every test skips and says why; `make check-mail` runs tests/mail.

load ../e2e/helpers
load mta
load parties
load robot
load rgw


# A whole game refereed by the judge: make check-mail-full runs it
# (MAIL_FULL=1); make check-mail skips it, as judge-players.bats plays
# a whole game of it through the same judge and postfix (each player's
# letters counted; every mistake answered, refusals among them; both
# audit at the end), and this file's other tests join, refuse and
# deliver its steps.
@test "real mail: a Russo-German War refereed by the judge through postfix: joins, every step, a refusal, each player audits" {
	[ -n "${MAIL_FULL:-}" ] ||
		skip "a whole game: make check-mail-full (judge-players.bats plays one)"
	rgw_joined
	declare -A views=([alice]=0 [bob]=0)
	n=0 steps=0 refused=0 final= final2=
	while [ -z "$final" ] || [ -z "$final2" ]; do
		next_letter
		names=$(attachment_names "$msg")
		if echo "$names" | grep -q '\.view$'; then
			# a sealed view: kept for the audit; answered when
			# the subject (all a relay reads) says it is this
			# player's move
			views[$who]=$((views[$who] + 1))
			n=$((n + 1))
			cp "$msg" "home/$who/view-$(printf %03d $n).eml"
			to_move "$msg" "$who" || continue
			steps=$((steps + 1))
			if [ "$who" = bob ] && [ "$refused" = 0 ] &&
			   [ "$steps" -ge 3 ]; then
				# Bob's first answer is illegal: the judge sends
				# its signed refusal back to him
				as bob "$UMPIRE" orders "$msg" >home/bob/o.txt
				sed '0,/^- \([a-z-]*\): ".*"$/s//- \1: "no such answer"/' \
					home/bob/o.txt >home/bob/bad.txt
				if cmp -s home/bob/o.txt home/bob/bad.txt; then false; fi
				as bob "$UMPIRE" sign bad.txt --seal judge.pub \
					-o bad.yaml
				as bob "$UMPIRE" mail bad.yaml --send
				view=$msg
				next_letter
				[ "$who" = bob ]
				unfolded "$msg" | grep -q '^Subject: .*refused'
				# nothing of the refusal in clear: the reason
				# and the signed refusal are sealed to Bob
				attachment_names "$msg" | grep -q '\.answer$'
				attachments_of "$msg" | head -n 1 |
					grep -qx 'umpire: sealed-answer/1'
				if grep -q 'no such answer' "$msg"; then false; fi
				cp "$msg" home/bob/answer.eml
				as bob "$UMPIRE" open answer.eml -s bob.key \
					--view "$view" -o refusal.yaml \
					2>home/bob/open.err
				grep -q 'signed by the referee of game' \
					home/bob/open.err
				grep -qx 'umpire: refusal/1' home/bob/refusal.yaml
				refused=1
				as bob sh -c "'$UMPIRE' orders '$view' |
					python3 '$EXAMPLES/russo-german-war/choose.py' |
					'$UMPIRE' sign - --view '$view' \
						--refused refusal.yaml \
						--seal judge.pub -o signed.yaml"
				as bob "$UMPIRE" mail signed.yaml --send
				continue
			fi
			answer "$who" "$msg"
		elif echo "$names" | grep -qx "$id.yaml.gz"; then
			# the game is over: the whole game file (gzip), to audit
			cp "$msg" "home/$who/final.eml"
			if [ -z "$final" ]; then final=$who; else final2=$who; fi
		fi
		[ "$n" -lt 300 ] || { judge_log; false; }
	done
	[ "$final" != "$final2" ]
	[ "$refused" = 1 ]
	[ "${views[alice]}" -ge 1 ]
	[ "${views[bob]}" -ge 1 ]
	grep -q ' done .*: orders of soviet refused: .*; answered to soviet at bob@example.org' \
		"$JUDGE_HOME/home/games/judge.log"
	rgw_ended
}

# strace_ok: strace can trace the judge as the pipe's user does it (a
# process tracing its own child), else the test skips.
strace_ok() {
	command -v strace >/dev/null || skip "strace is not installed"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		strace -qq -o /dev/null true 2>/dev/null ||
		skip "strace cannot trace here as user nobody (ptrace refused)"
}

# strace_next ARGS...: the judge's next run (and only that one) is
# under strace ARGS, its trace in home/strace.log.
strace_next() {
	rm -f "$JUDGE_HOME/home/strace.log"
	printf '%s\n' "$*" >"$JUDGE_HOME/home/strace-args"
	chown 65534:65534 "$JUDGE_HOME/home/strace-args"
}

@test "real mail: a killed judge and postfix's redelivery end with every letter delivered" {
	strace_ok
	rgw_joined
	# Where the judge is killed (SIGKILL, by strace at the Nth such
	# call of its run), one point a step. How many fsyncs a step makes
	# is the judge's business, not this test's (tests/faults/judge.bats
	# kills it at every call): a point past a step's last such call
	# kills nothing, and that step goes plainly; at least five must
	# kill. With today's judge: the step's files (the game's copy, its
	# letters in the spool, the local record's lines) are synced by one
	# syncfs before the game's rename, whose directory is then synced (a
	# local record made or written whole syncs itself first); wait4 is
	# sendmail done, clone sendmail started. A step owes one letter (to
	# the side asked next) unless it ends the game: the points of a
	# second letter kill only there
	local points=(
		"syncfs 1:the step's files written, before their one sync"
		"wait4 1:sendmail took the first letter, not yet removed from the spool"
		"link 1:the first letter committed to the spool, the second not"
		"link 2:one letter of two committed to the spool"
		"rename 1:the step's first rename (a checkpoint)"
		"clone 2:one letter of two sent"
		"fsync 1:the game renamed into place (or the record written whole)"
		"wait4 2:sendmail took the second letter"
	)
	local killed=0
	local kills=0 robot status point call
	declare -A asked
	# played until every point was tried and one more step went
	# plainly (or to the end of a short game): a Russo-German War
	# may last a hundred steps
	n=0 steps=0 final= final2= ids=" " stop=
	while [ -z "$stop" ] && { [ -z "$final" ] || [ -z "$final2" ]; }; do
		next_letter
		# a letter that comes twice (the judge killed after sendmail
		# took it) is read once
		mid=$(unfolded "$msg" | sed -n '/^$/q;s/^Message-I[Dd]: *//p')
		case $ids in *" $mid "*) continue ;; esac
		ids="$ids$mid "
		names=$(attachment_names "$msg")
		if echo "$names" | grep -q '\.view$'; then
			n=$((n + 1))
			cp "$msg" "home/$who/view-$(printf %03d $n).eml"
			to_move "$msg" "$who" || continue
			subj=$(unfolded "$msg" | sed -n '/^$/q;s/^Subject: //p')
			# asked twice by two messages (checked at the end):
			# answered once
			[ -z "${asked[$who $subj]:-}" ] || continue
			asked[$who $subj]=1
			if [ "$kills" = "${#points[@]}" ] &&
			   [ "$steps" -gt "$kills" ]; then
				stop=1
				break
			fi
			steps=$((steps + 1))
			point=
			if [ "$kills" -lt "${#points[@]}" ]; then
				point=${points[$kills]}
				call=${point%%:*}
				strace_next -e "trace=${call% *}" \
					-e "inject=${call% *}:signal=KILL:when=${call#* }"
			fi
			robot=$(robot_lines | wc -l)
			answer "$who" "$msg"
			robot=$((robot + 1))
			status=$(robot_wait "$robot")
			if [ -n "$point" ]; then
				kills=$((kills + 1))
			fi
			if [ -n "$point" ] && ! grep -q '^+++ killed by SIGKILL' \
				"$JUDGE_HOME/home/strace.log"; then
				echo "# step $steps: not killed at $call (fewer" \
					"such calls in this step)" >&3
			elif [ -n "$point" ]; then
				killed=$((killed + 1))
				echo "# step $steps: killed at $call (${point#*:}):" \
					"postfix: $(robot_lines | tail -n 1 |
					sed 's/.*status=//')" >&3
				# the mail system keeps the message, and gives
				# it again when asked to
				[ "$status" = deferred ] || { judge_log; false; }
				postqueue_of -f
				robot=$((robot + 1))
				status=$(robot_wait "$robot")
			fi
			[ "$status" = sent ] || { judge_log; false; }
		elif echo "$names" | grep -qx "$id.yaml.gz"; then
			cp "$msg" "home/$who/final.eml"
			if [ -z "$final" ]; then final=$who; else final2=$who; fi
		fi
		[ "$n" -lt 300 ] || { judge_log; false; }
	done
	echo "# $steps steps, $killed of them killed ($SECONDS s)" >&3
	[ "$killed" -ge 5 ]
	local log=$JUDGE_HOME/home/games/judge.log
	# the game advanced exactly once a step: each step adjudicated
	# once, by the run that logged it or by a killed run that stored
	# it (then the redelivery is a replay of it), and the game holds
	# as many steps as the players answered
	for k in $(seq 1 "$steps"); do
		a=$(grep -cE ": adjudicated step $k(;|\$)" "$log" || true)
		r=$(grep -c ": replay: these orders of [a-z]* are step $k of" \
			"$log" || true)
		[ "$a" -le 1 ] && [ $((a + r)) -ge 1 ] ||
			{ echo "step $k: adjudicated $a, replayed $r"; judge_log; false; }
	done
	"$UMPIRE" audit "$JUDGE_HOME/home/games/$id.yaml" >audit.out 2>&1
	grep -q " $steps steps" audit.out || { cat audit.out; false; }
	# every letter owed reached its player: after each step a view
	# for the side asked next (the actor of the step after it; the
	# last may still be on its way), at the end the game to each;
	# one that came twice came as the same message (one Message-ID)
	sed -n 's/^  actor: //p' "$JUDGE_HOME/home/games/$id.yaml" >actors
	for who in alice bob; do
		case $who in alice) side=german ;; bob) side=soviet ;; esac
		letters_of "$who" >"letters.$who"
		for k in $(seq "$steps" -1 1); do
			want=", step $((k + 1)): $side to move <"
			if [ -z "$stop" ] && [ "$k" = "$steps" ]; then
				want=", the game is over <"
			elif [ "$k" = "$steps" ]; then
				"$UMPIRE" status --brief \
					"$JUDGE_HOME/home/games/$id.yaml" |
					grep -q "^pending $side " || continue
			else
				[ "$(sed -n "$((k + 1))p" actors)" = "$side" ] ||
					continue
			fi
			for i in $(seq 1 300); do
				[ "$k" = "$steps" ] || break
				letters_of "$who" >"letters.$who"
				grep -q "$want" "letters.$who" && break
				sleep 0.1
			done
			grep -q "$want" "letters.$who" ||
				{ echo "$who: no letter of step $k"; cat "letters.$who"; false; }
		done
		sort -u "letters.$who" | sed 's/ <[^ ]*$//' | sort |
			uniq -d >"twice.$who"
		if [ -s "twice.$who" ]; then
			echo "$who got a letter twice, as two messages:"
			cat "twice.$who"
			twice=1
		fi
	done
	no_bounce
	[ -z "$(ls "$JUDGE_HOME/home/games/failed")" ]
	[ -z "$(ls "$JUDGE_HOME/home/games/spool")" ]
	# each player audits the game (the judge's file, where it stopped)
	# with every view he got
	for who in alice bob; do
		if [ -z "$stop" ]; then
			as "$who" sh -c "'$UMPIRE' audit final.eml --view view-*.eml"
		else
			as "$who" sh -c "'$UMPIRE' audit '$JUDGE_HOME/home/games/$id.yaml' --view view-*.eml"
		fi
	done
	[ -z "${twice:-}" ] || { judge_log; false; }
}

@test "real mail: a host's mistake leaves the orders queued, not bounced" {
	rgw_joined
	next_letter
	[ "$who" = alice ]
	to_move "$msg" alice
	# the judge's owner leaves its key readable by all: the judge
	# cannot start, and says so; the orders wait in postfix's queue
	chmod 644 "$JUDGE_HOME/home/judge.key"
	robot=$(robot_lines | wc -l)
	answer alice "$msg"
	robot=$((robot + 1))
	status=$(robot_wait "$robot")
	robot_lines | tail -n 1 | sed 's/.*relay=robot, /# /' >&3
	[ "$status" = deferred ] || { judge_log; false; }
	robot_lines | tail -n 1 | grep -q ' dsn=4\.'
	postqueue_of -p | grep -q 'judge@example.org'
	grep ' retry .*chmod 600' "$JUDGE_HOME/home/games/judge.log" |
		sed 's/^/# judge.log: /' >&3
	grep -q ' retry .*chmod 600' "$JUDGE_HOME/home/games/judge.log"
	# mended, and the queue run: the orders are adjudicated, the
	# letters delivered, and nothing ever bounced
	chmod 600 "$JUDGE_HOME/home/judge.key"
	postqueue_of -f
	status=$(robot_wait $((robot + 1)))
	[ "$status" = sent ] || { judge_log; false; }
	grep -qE ': adjudicated step 1(;|$)' "$JUDGE_HOME/home/games/judge.log"
	# the letter of step 1: a view for the side asked next, alone
	next_letter
	to_move "$msg" "$who"
	unfolded "$msg" | grep -q "^Subject: \[umpire ${id:0:8}\] .*, step 2: [a-z]* to move\$"
	# (the pipe's delivery was sent with the judge's letters handed
	# to postfix: once its queue is empty, every letter of the step is
	# in its Maildir, and nothing more comes: no second one is there.
	# Waiting 30 s more for one, as this did, proved nothing more and
	# took 30 to 55 s of check-mail)
	for i in $(seq 1 300); do
		postqueue_of -p | grep -q 'Mail queue is empty' && break
		sleep 0.1
	done
	no_bounce
	for m in "$MTA_DIR"/mail/{alice,bob}/Maildir/new/*; do
		[ -e "$m" ] || continue   # an empty Maildir: the glob itself
		case " $seen " in *" $(basename "$m") "*) ;;
		*) echo "a second letter: $m"; false ;; esac
	done
	[ -z "$(ls "$JUDGE_HOME/home/games/failed")" ]
	[ -z "$(ls "$JUDGE_HOME/home/games/spool")" ]
}

@test "real mail: the judge's tick through postfix: the reminder, the notice and the wait letter arrive, each once" {
	RGW_CLOCK="--set deadline=72h" rgw_joined
	next_letter
	[ "$who" = alice ]
	to_move "$msg" alice
	# the join that completed the game was taken now (the real clock);
	# the ticks run on the test clock from there (after them the game
	# holds times of the test clock: no delivery to the judge follows)
	now=$(date +%s)
	# as cron would run it for the judge's user, but as root: only
	# the pipe's children get this private postfix's MAIL_CONFIG, and
	# its postdrop takes it from root alone (mta.bash); the judge's
	# files given back to its user after
	tick() {
		(cd "$JUDGE_HOME/home" &&
		 env HOME="$JUDGE_HOME/home" \
			XDG_STATE_HOME="$JUDGE_HOME/home/state" \
			UMPIRE_CONFIG="$JUDGE_HOME/home/config.ini" \
			UMPIRE_TEST_NOW=$((now + $1 * 3600)) "$UMPIRE" judge \
			--games games --sendmail "$MTA_SENDMAIL -t -i" --tick \
			2>/dev/null)
		chown -R 65534:65534 "$JUDGE_HOME/home"
	}
	tick 49
	tick 50
	next_letter
	[ "$who" = alice ]
	unfolded "$msg" | grep -q "^Subject: \[umpire ${id:0:8}\] .*, step 1: a reminder: german's orders due by [0-9T:-]*Z\$"
	tick 100
	tick 101
	: >got.txt
	for k in 1 2 3; do
		next_letter
		printf '%s:%s\n' "$who" "$(unfolded "$msg" | sed -n \
			"s/^Subject: \[umpire ${id:0:8}\] .*, step 1: //p")" \
			>>got.txt
	done
	sort got.txt >got.sorted
	printf '%s\n' "alice:german's orders are late" \
		"bob:german's orders are late" \
		"bob:german's orders are late past the grace" | sort >want.txt
	diff want.txt got.sorted
	# nothing more, however often it ticks
	n=$(ls "$MTA_DIR"/mail/{alice,bob}/Maildir/new | wc -l)
	tick 102
	sleep 3
	[ "$(ls "$MTA_DIR"/mail/{alice,bob}/Maildir/new | wc -l)" -eq "$n" ]
	no_bounce
	grep -q ' tick .*: tick; notice german' "$JUDGE_HOME/home/games/judge.log"
}
