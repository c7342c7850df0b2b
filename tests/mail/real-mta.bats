#!/usr/bin/env bats
# Real mail: every file goes through a real MTA (a private postfix,
# tests/mail/mta.bash) and a real client (mutt in batch mode, with the
# settings of ../shared/design/REAL-MAIL.md), and umpire reads each
# message as postfix delivered it into the receiver's Maildir. Alice (a
# player) and Rita (her referee) have separate home directories, keys
# and configuration files, as in the README's "A game by mail".
#
# Where postfix cannot run (not root, not installed) every test skips and
# says why; `make check-mail` runs tests/mail alone.

load ../e2e/helpers
load mta
load parties

@test "real mail: the README's Arnswalde game, every file through postfix and mutt, to an audited end" {
	as alice "$UMPIRE" new arnswalde-1945 --side player=alice.pub \
		--referee rita.pub --set difficulty=low -o game.yaml 2>/dev/null
	as alice sh -c "'$UMPIRE' mail game.yaml --to referee | sendmail -t"
	msg=$(mta_wait rita 1)
	as rita "$UMPIRE" join "$msg" --side referee -o game.yaml
	as rita sh -c "'$UMPIRE' mail game.yaml --to player | sendmail -t"
	n=1 steps=0
	while :; do
		msg=$(mta_wait alice "$n")
		brief=$(as alice "$UMPIRE" status --brief "$msg")
		case "$brief" in over*) break ;; esac
		steps=$((steps + 1))
		as alice sh -c "'$UMPIRE' orders '$msg' |
			python3 '$EXAMPLES/arnswalde-1945/choose.py' |
			'$UMPIRE' sign - --game '$msg' -o signed.yaml"
		# Alice's ways of sending, in turn: umpire mail, a mutt
		# attachment, the orders pasted in a mutt body
		case $((steps % 3)) in
		0) as alice sh -c "'$UMPIRE' mail signed.yaml --to referee |
			sendmail -t" ;;
		1) printf 'Rita,\n\nmy orders are attached.\n\nAlice\n' \
			>home/alice/body.txt
		   mutt_send alice rita "orders" body.txt -a signed.yaml ;;
		2) { printf 'Rita, here they are:\n\n'
		     cat home/alice/signed.yaml
		     printf '\n-- \nAlice\n'; } >home/alice/body.txt
		   mutt_send alice rita "orders" body.txt ;;
		esac
		msg=$(mta_wait rita "$((steps + 1))")
		as rita "$UMPIRE" adjudicate game.yaml "$msg" -o next.yaml \
			--report report.txt
		as rita mv next.yaml game.yaml
		as rita sh -c "'$UMPIRE' mail game.yaml --report report.txt \
			--to player | sendmail -t"
		n=$((n + 1))
		[ "$steps" -lt 60 ]
	done
	[ "$steps" -ge 5 ]
	# Alice audits the last game file as it reached her: the same
	# history as the referee's own file
	as alice "$UMPIRE" audit "$msg"
	cp home/rita/game.yaml home/alice/referee-game.yaml
	as alice "$UMPIRE" audit "$msg" --against referee-game.yaml
	as alice sh -c "'$UMPIRE' status --brief '$msg'" | grep -q '^over'
	[ "$(mta_count rita)" -eq "$((steps + 1))" ]
}
