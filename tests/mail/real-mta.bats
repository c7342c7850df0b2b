#!/usr/bin/env bats
# Real mail: every file goes through a real MTA (a private postfix,
# tests/mail/mta.bash) and a real client (mutt in batch mode, with the
# settings of ../shared/design/REAL-MAIL.md), and umpire reads each
# message as postfix delivered it into the receiver's Maildir. Alice (a
# player) and Rita (her referee) have separate home directories, keys
# and configuration files, as in the README's refereed solitaire.
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

# A game under a referee with hidden hands, through postfix: the players
# only ever receive sealed views, and send orders checked against them
# and sealed to the referee; every message goes by `umpire mail --send`
# (the config's sendmail) to the address umpire picks from the roles
# (no --to anywhere). Bob, the Soviet player, has a home of his own.
# A whole game: make check-mail-full runs it (MAIL_FULL=1); make
# check-mail skips it, as this file's Arnswalde game goes through
# postfix under a referee to its end, tests/e2e/referee.bats seals a
# Russo-German War's views and orders for a referee, and
# tests/e2e/mail-send.bats sends by umpire mail --send to the address
# it picks.
@test "real mail: a Russo-German War under a referee, sealed views and sealed orders, umpire mail --send" {
	[ -n "${MAIL_FULL:-}" ] ||
		skip "a whole game: make check-mail-full (the Arnswalde game above goes under a referee)"
	mkdir -p home/bob/.config/umpire
	as bob "$UMPIRE" keygen -s bob.key -p bob.pub -W >/dev/null
	cp home/bob/bob.pub home/rita/
	cp home/alice/alice.pub home/rita/
	cp home/rita/rita.pub home/bob/
	for who in alice bob rita; do
		party_config "$who" 'german = Alice <alice@example.org>' \
			'soviet = Bob <bob@example.org>' \
			'referee = Rita <rita@example.org>'
	done
	as rita "$UMPIRE" new russo-german-war --side german=alice.pub \
		--side soviet=bob.pub --referee rita.pub -o g0.yaml 2>/dev/null
	# joins one after the other: Alice, then Bob on the file she wrote
	as rita "$UMPIRE" mail g0.yaml --to german --send
	as alice "$UMPIRE" join "$(mta_wait alice 1)" --side german -o g1.yaml
	as alice "$UMPIRE" mail g1.yaml --to soviet --send
	as bob "$UMPIRE" join "$(mta_wait bob 1)" --side soviet -o g2.yaml
	as bob "$UMPIRE" mail g2.yaml --to referee --send
	# the referee plays on from the game file as it came
	game=$(mta_wait rita 1)
	declare -A got=([alice]=1 [bob]=1)
	n=1 steps=0
	while :; do
		brief=$(as rita "$UMPIRE" status --brief "$game")
		case "$brief" in over*) break ;; esac
		side=$(echo "$brief" | cut -d' ' -f2)
		who=alice; [ "$side" = soviet ] && who=bob
		steps=$((steps + 1))
		as rita "$UMPIRE" view "$game" --side "$side" --seal -o v.view
		as rita "$UMPIRE" mail v.view --send
		got[$who]=$((got[$who] + 1))
		view=$(mta_wait "$who" "${got[$who]}")
		# the player checks his answers against his view, signs them
		# sealed to the referee, and mails them: to Rita alone
		as "$who" sh -c "'$UMPIRE' orders '$view' |
			python3 '$EXAMPLES/russo-german-war/choose.py' |
			'$UMPIRE' sign - --game '$view' --seal rita.pub \
				-o signed.yaml"
		cp "$view" "home/$who/view-$steps.eml"
		as "$who" "$UMPIRE" mail signed.yaml --send
		n=$((n + 1))
		msg=$(mta_wait rita "$n")
		attachments_of "$msg" | head -n 1 |
			grep -qx 'umpire: sealed-orders/1'
		as rita "$UMPIRE" adjudicate "$game" "$msg" -o next.yaml \
			--report /dev/null
		as rita mv next.yaml game.yaml
		game=game.yaml
		[ "$steps" -lt 150 ]
	done
	# a whole game, however short the draws made it
	[ "$steps" -ge 1 ]
	# no order file ever reached the other player: each received views
	# only (and the join files)
	for m in "$MTA_DIR"/mail/{alice,bob}/Maildir/new/*; do
		if attachments_of "$m" | grep -q '^umpire: \(sealed-\)\?orders/'; then false; fi
	done
	# the referee publishes the game; each player audits it with every
	# view he received, as delivered
	as rita "$UMPIRE" mail game.yaml --to german --to soviet --send
	for who in alice bob; do
		got[$who]=$((got[$who] + 1))
		final=$(mta_wait "$who" "${got[$who]}")
		as "$who" sh -c "'$UMPIRE' audit '$final' --view view-*.eml"
	done
}
