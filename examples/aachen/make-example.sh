#!/bin/sh
# make-example.sh BIN - play the example game of this folder again: the
# Allied and the German player (choose.py: a whole turn an order file,
# standing orders for the rest; the players who try of trying.py,
# ALLIED_POLICY, GERMAN_POLICY: breach and screen unless set, the
# example's game, the strongest pair of the balance run) exchange
# files until the game ends; each side adjudicates the other's orders
# (no referee). Writes allied.pub, german.pub, game.yaml,
# orders/step-NNN.yaml (as mailed), reports/step-NNN.txt (as mailed
# back), board-turn-NN.svg (the board after the first step of turns 1,
# 5 and 10, those the game reaches) and board.svg (the last step).
# The secret keys are made in a temporary directory and thrown away.
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
KEYS=$(mktemp -d)
trap 'rm -rf "$KEYS"' EXIT
# the keys' local records (umpire(1), FILES) go with them
export XDG_STATE_HOME="$KEYS/state"
export UMPIRE_SCENARIOS="$HERE/../../scenarios"
cd "$HERE"
ALLIED_POLICY=${ALLIED_POLICY:-breach}
GERMAN_POLICY=${GERMAN_POLICY:-screen}
rm -rf orders reports game.yaml board.svg board-turn-*.svg replay.html
mkdir orders reports
"$BIN" keygen -s "$KEYS/allied.key" -p allied.pub -W -f >/dev/null
"$BIN" keygen -s "$KEYS/german.key" -p german.pub -W -f >/dev/null
"$BIN" new aachen -s "$KEYS/allied.key" --side allied=allied.pub \
	--side german=german.pub -o "$KEYS/g0.yaml" 2>/dev/null
"$BIN" join "$KEYS/g0.yaml" --side german -s "$KEYS/german.key" \
	-o game.yaml 2>/dev/null
n=0
until "$BIN" status --brief game.yaml | grep -q '^over'; do
	n=$((n + 1))
	nn=$(printf '%03d' "$n")
	side=$("$BIN" status --brief game.yaml | awk '{print $2}')
	other=german
	[ "$side" = german ] && other=allied
	policy=$ALLIED_POLICY
	[ "$side" = german ] && policy=$GERMAN_POLICY
	CHOOSE_POLICY=$policy python3 "$HERE/choose.py" "$side" game.yaml \
		"$KEYS/$side.key" "$BIN" >"$KEYS/o.yaml"
	"$BIN" sign "$KEYS/o.yaml" -s "$KEYS/$side.key" -o "orders/step-$nn.yaml"
	"$BIN" adjudicate game.yaml "orders/step-$nn.yaml" \
		-s "$KEYS/$other.key" -o "$KEYS/g.yaml" \
		--report "reports/step-$nn.txt" 2>/dev/null
	mv "$KEYS/g.yaml" game.yaml
	turn=$(sed -n 's/^  turn: \([0-9]*\)$/\1/p' game.yaml | head -1)
	for t in 1 5 10; do
		b=$(printf 'board-turn-%02d.svg' $t)
		if [ "$turn" = $t ] && [ ! -f "$b" ]; then
			"$BIN" render game.yaml -o "$b"
		fi
	done
done
"$BIN" render game.yaml -o board.svg
"$BIN" audit game.yaml
# the whole game, step by step, in one page (umpire replay)
"$BIN" replay game.yaml -o replay.html
