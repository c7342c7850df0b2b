#!/usr/bin/env bats
# An address of a game taken by mail (umpire(1), JUDGE, --accept-new) is
# proven as a mailing list proves one (double opt-in). Before the fix a
# join's From: proved it, which anyone may write: a stranger's games
# mailed their letters to addresses he chose. Now the judge mails an
# unproven address one letter, asking it to confirm, with a token made
# with the judge's key from the game, the role, the address and the
# time; a reply from that address carrying the token (in its subject,
# or quoted in its body) proves it, once, within [judge] confirm_hours;
# at most one confirmation stands unanswered to an address at a time.
# Nothing else goes to an unproven address. Each test was written to
# fail on the code before the fix.

load ../e2e/helpers
load ../e2e/judge-helpers

T0=1800000000
H=3600

setup() {
	umpire_setup
	export UMPIRE_TEST_NOW=$T0
	judge_setup player
}

judge_at() {
	UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config judge.ini \
		--outbox out --accept-new <"$2" 2>>judge.err
}

# The player's game of Arnswalde 1945 ($1: its file's name), mailed
# from her address: $1.eml.
player_game() {
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low -o "$1.yaml" \
		2>/dev/null
	as player mail "$1.yaml" --to referee -o "$1.eml"
}

# The confirmation letters in out/new, and the others.
asks() {
	grep -l '^  umpire-confirm-' out/new/* 2>/dev/null | wc -l
}
letters() {
	grep -L '^  umpire-confirm-' out/new/* 2>/dev/null | wc -l
}

@test "a join from an address gets it only a confirmation until it is answered; a second game asks it nothing more meanwhile" {
	player_game g1
	judge_at 0 g1.eml
	[ "$(asks)" -eq 1 ]
	[ "$(letters)" -eq 0 ]
	grep -q '^To: player@example.org' out/new/*
	ask=$(ls out/new/*)
	# her second game, and her first join mailed again: no second
	# confirmation to her address while the first stands, no letter
	player_game g2
	judge_at 1 g2.eml
	judge_at 2 g1.eml
	[ "$(asks)" -eq 1 ]
	[ "$(letters)" -eq 0 ]
	[ "$(grep -c 'a confirmation asked of that address is unanswered' games/judge.log)" -eq 2 ]
	# she answers: her letter of the first game comes
	confirm_reply player "$ask"
	judge_at 3 reply.eml
	grep -q "player's address player@example.org confirmed" games/judge.log
	[ "$(letters)" -eq 1 ]
	grep -q '^To: player@example.org' $(grep -L '^  umpire-confirm-' out/new/*)
	g1=$(sed -n 's/^game: //p' g1.yaml)
	grep -q "filename=.*$g1" $(grep -L '^  umpire-confirm-' out/new/*)
	# the second game asks her now, when its join comes again
	judge_at 4 g2.eml
	[ "$(asks)" -eq 2 ]
}

@test "a token quoted in the body of a reply confirms, as a mail client quotes it" {
	player_game g1
	judge_at 0 g1.eml
	ask=$(ls out/new/*)
	{
		printf 'From: Player <player@example.org>\nTo: judge@example.org\n'
		printf 'Subject: yes\n\nOn Monday the judge wrote:\n'
		sed -n 's/^  umpire-confirm-/>   umpire-confirm-/p' "$ask"
	} >quoted.eml
	judge_at 1 quoted.eml
	grep -q "player's address player@example.org confirmed" games/judge.log
	[ "$(letters)" -eq 1 ]
}

@test "a wrong, forged, used or expired token does nothing" {
	player_game g1
	judge_at 0 g1.eml
	ask=$(ls out/new/*)
	confirm_reply player "$ask"
	mv reply.eml right.eml
	g1=$(sed -n 's/^game: //p' g1.yaml)
	# a digit changed
	sed '/^Subject:/s/\(umpire-confirm-[0-9a-f]*-[0-9a-f]*\)[0-9a-f]$/\1x/' \
		right.eml | sed '/^Subject:/s/x$/0/' >forged.eml
	if cmp -s forged.eml right.eml; then
		sed -i '/^Subject:/s/0$/1/' forged.eml
	fi
	# a token made of the judge's form and a guess
	sed "/^Subject:/s/umpire-confirm-.*/umpire-confirm-${g1:0:8}-00000000000000000000000000000000/" \
		right.eml >guess.eml
	# the right token from another address, and in an automatic reply
	sed 's/^From: .*/From: stranger@example.org/' right.eml >elsewhere.eml
	{ printf 'Auto-Submitted: auto-replied\n'; cat right.eml; } >vacation.eml
	for m in forged guess elsewhere vacation; do
		run judge_at 1 "$m.eml"
		[ "$status" -eq 0 ]
	done
	[ "$(grep -c 'confirms nothing' games/judge.log)" -eq 4 ]
	grep -q 'it came from another address than the one asked' games/judge.log
	grep -q 'token in an automatic message or a bounce' games/judge.log
	! grep -q confirmed games/judge.log || false
	[ "$(letters)" -eq 0 ]
	grep -q 'asked:' "games/$g1.mail"
	# after confirm_hours (72 by default): expired
	judge_at 72 right.eml
	grep -q 'confirms nothing: its confirmation has expired' games/judge.log
	[ "$(letters)" -eq 0 ]
	# the join mailed again: a new confirmation, whose token works once
	judge_at 73 g1.eml
	[ "$(asks)" -eq 2 ]
	confirm_reply player "$(ls -t out/new/* | head -1)"
	judge_at 74 reply.eml
	grep -q "player's address player@example.org confirmed" games/judge.log
	[ "$(letters)" -eq 1 ]
	judge_at 75 reply.eml
	[ "$(letters)" -eq 1 ]
	tail -1 games/judge.log | grep -q 'confirms nothing'
}
