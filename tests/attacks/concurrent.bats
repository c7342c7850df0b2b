#!/usr/bin/env bats
# Two mails at once (umpire-protocol(7), SECURITY NOTES, "Concurrent
# commands"): a referee's mail filter runs one adjudicate per message,
# so two versions of one step may be adjudicated at the same moment.
# Each command reads, checks and writes the local record under one
# exclusive lock, so exactly one version is countersigned, and a
# refusal consumed by one `sign --refused` cannot serve a second.
# Written to fail on the code before the lock, where both versions of a
# step were countersigned (and both refused-and-replaced files signed)
# in most rounds.

load ../e2e/helpers

# Start $1 processes at one moment: each runs "$2 I" (I = 1..$1). They
# wait for a shared flock(1) on a file this shell holds exclusively,
# and all start when it lets go (once they have had time to queue).
at_once() {
	local n=$1 cmd=$2 i
	: >barrier
	exec 9<barrier
	flock -x 9
	for ((i = 1; i <= n; i++)); do
		( exec 9<&-; flock -s barrier true; $cmd "$i" ) &
	done
	sleep 0.2
	flock -u 9
	exec 9<&-
	wait
}

# Adjudication number $1 of the round: version A or B by its parity,
# output out.$1 on success.
adjudicate_one() {
	local v=A
	((($1 % 2) == 0)) && v=B
	"$UMPIRE" adjudicate game.yaml o$v.yaml -x o$v.yaml.minisig -s r.key \
		-o out.$1 --report /dev/null 2>/dev/null
}

# How many different game files the round's winners wrote.
versions() {
	ls out.* 2>/dev/null | xargs -r sha256sum | cut -d' ' -f1 |
		sort -u | wc -l
}

# A new Arnswalde 1945 game between p and r as game.yaml.
new_game() {
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o game.yaml 2>/dev/null
}

# Each round is 16 whole adjudications, one after the other under the
# lock (about 50 ms each), so 200 rounds take three minutes: the suite
# runs ROUNDS=20 (the code before the lock lost the first round in
# every run tried); ROUNDS=200 (make check-stress) runs the full count.
@test "16 adjudications of two versions of one step: one version wins" {
	umpire_setup
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	new_game
	local rounds=${ROUNDS:-20} r won
	for ((r = 1; r <= rounds; r++)); do
		case "$("$UMPIRE" status --brief game.yaml)" in
		over*) new_game ;;
		esac
		"$UMPIRE" orders game.yaml -s p.key >oA.yaml
		{ cat oA.yaml; echo "# version B"; } >oB.yaml
		# a player with two machines: each signs one version
		XDG_STATE_HOME=$PWD/a "$UMPIRE" sign oA.yaml --detached -s p.key
		XDG_STATE_HOME=$PWD/b "$UMPIRE" sign oB.yaml --detached -s p.key
		rm -f out.*
		at_once 16 adjudicate_one
		won=$(versions)
		[ "$won" -eq 1 ] || {
			echo "round $r: $won versions of one step countersigned"
			return 1
		}
		mv "$(ls out.* | head -1)" game.yaml
	done
}

# Signing number $1 of the round: replacement A or B by its parity.
sign_one() {
	local v=A
	((($1 % 2) == 0)) && v=B
	"$UMPIRE" sign t$v.yaml --detached --refused refusal.txt \
		--view v1.view -s g.key -o out.$1 2>/dev/null
}

@test "16 signings of two replacements with one refusal: one is signed" {
	umpire_setup
	new_rgw_game game.yaml g s r
	"$UMPIRE" view game.yaml --side german -s r.key -o v1.view
	"$UMPIRE" orders v1.view -s g.key >tA.yaml
	# the first answer made illegal: the referee refuses it, signed
	awk '!done && /^- [a-z-]*: "/ { sub(/: ".*"$/, ": \"nonsense\"");
		done = 1 } { print }' tA.yaml >bad.yaml
	"$UMPIRE" sign bad.yaml -s g.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s r.key -o next.yaml \
		--report /dev/null --refusal refusal.txt
	[ -e refusal.txt ]
	{ cat tA.yaml; echo "# version B"; } >tB.yaml
	cp -a "$XDG_STATE_HOME" before
	local rounds=${ROUNDS:-20} r won
	for ((r = 1; r <= rounds; r++)); do
		rm -rf "$XDG_STATE_HOME" out.*
		cp -a before "$XDG_STATE_HOME"
		at_once 16 sign_one
		won=$(versions)
		[ "$won" -eq 1 ] || {
			echo "round $r: the refusal let $won files be signed"
			return 1
		}
	done
}
