#!/bin/sh
# make-example.sh BIN - play the example game of this folder again: the
# Russo-German War under a referee. Each player only ever receives views
# (views/NNN-SIDE.view, what the referee mails; real games add --seal)
# and sends signed orders (orders/NNN-SIDE.yaml). At the end the referee
# publishes game.yaml (and board.svg, its final board drawn by umpire
# render) and both players audit it with their views.
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
KEYS=$(mktemp -d)
trap 'rm -rf "$KEYS"' EXIT
export UMPIRE_SCENARIOS="$HERE/../../scenarios"
cd "$HERE"
rm -rf views orders game.yaml board.svg replay.html ./*.pub
mkdir views orders
for k in german soviet referee; do
	"$BIN" keygen -s "$KEYS/$k.key" -p $k.pub -W -f >/dev/null
done
"$BIN" new russo-german-war -s "$KEYS/referee.key" --side german=german.pub \
	--side soviet=soviet.pub --referee referee.pub -o "$KEYS/g0.yaml" \
	2>/dev/null
"$BIN" join "$KEYS/g0.yaml" --side german -s "$KEYS/german.key" \
	-o "$KEYS/g1.yaml" 2>/dev/null
"$BIN" join "$KEYS/g1.yaml" --side soviet -s "$KEYS/soviet.key" \
	-o "$KEYS/game.yaml" 2>/dev/null
n=0
until "$BIN" status --brief "$KEYS/game.yaml" | grep -q '^over'; do
	n=$((n + 1))
	nn=$(printf '%03d' "$n")
	side=$("$BIN" status --brief "$KEYS/game.yaml" | cut -d' ' -f2)
	"$BIN" view "$KEYS/game.yaml" --side "$side" -s "$KEYS/referee.key" \
		-o "views/$nn-$side.view"
	"$BIN" orders "views/$nn-$side.view" -s "$KEYS/$side.key" |
		python3 "$HERE/choose.py" |
		"$BIN" sign - -s "$KEYS/$side.key" -o "orders/$nn-$side.yaml"
	"$BIN" adjudicate "$KEYS/game.yaml" "orders/$nn-$side.yaml" \
		-s "$KEYS/referee.key" -o "$KEYS/next.yaml" --report /dev/null
	mv "$KEYS/next.yaml" "$KEYS/game.yaml"
done
# the final views, so each player sees the end
for side in german soviet; do
	"$BIN" view "$KEYS/game.yaml" --side "$side" -s "$KEYS/referee.key" \
		-o "views/final-$side.view"
done
cp "$KEYS/game.yaml" game.yaml
# the final board as a picture (everything: the referee's game file)
"$BIN" render game.yaml -o board.svg
"$BIN" audit game.yaml --view views/*-german.view
# the whole game, step by step, in one page (umpire replay)
"$BIN" replay game.yaml -o replay.html
"$BIN" audit game.yaml --view views/*-soviet.view
