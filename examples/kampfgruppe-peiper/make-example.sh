#!/bin/sh
# make-example.sh BIN - play the example game of this folder again: a
# player (choose.py) and a referee exchange files until the game ends.
# Writes player.pub, referee.pub, game.yaml, orders/step-NN.yaml (as
# mailed), reports/step-NN.txt (as mailed back) and board.svg (the final
# board, umpire render). The secret keys are
# made in a temporary directory and thrown away.
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
KEYS=$(mktemp -d)
trap 'rm -rf "$KEYS"' EXIT
# the keys' local records (umpire(1), FILES) go with them
export XDG_STATE_HOME="$KEYS/state"
export UMPIRE_SCENARIOS="$HERE/../../scenarios"
cd "$HERE"
rm -rf orders reports game.yaml board.svg replay.html
mkdir orders reports
"$BIN" keygen -s "$KEYS/player.key" -p player.pub -W -f >/dev/null
"$BIN" keygen -s "$KEYS/referee.key" -p referee.pub -W -f >/dev/null
"$BIN" new kampfgruppe-peiper -s "$KEYS/player.key" --side player=player.pub \
	--referee referee.pub -o game.yaml 2>/dev/null
"$BIN" join game.yaml --side referee -s "$KEYS/referee.key" \
	-o "$KEYS/g.yaml" 2>/dev/null
mv "$KEYS/g.yaml" game.yaml
n=0
until "$BIN" status --brief game.yaml | grep -q '^over'; do
	n=$((n + 1))
	nn=$(printf '%02d' "$n")
	"$BIN" orders game.yaml -s "$KEYS/player.key" |
		python3 "$HERE/choose.py" |
		"$BIN" sign - -s "$KEYS/player.key" -o "orders/step-$nn.yaml"
	"$BIN" adjudicate game.yaml "orders/step-$nn.yaml" \
		-s "$KEYS/referee.key" -o "$KEYS/g.yaml" \
		--report "reports/step-$nn.txt"
	mv "$KEYS/g.yaml" game.yaml
done
"$BIN" audit game.yaml
"$BIN" render game.yaml -o board.svg
# the whole game, step by step, in one page (umpire replay)
"$BIN" replay game.yaml -o replay.html
