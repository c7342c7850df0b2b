#!/bin/sh
# demo.sh BIN - play a game of Arnswalde 1945 end to end from the default
# orders, exactly as two people would by mail: a player and a referee,
# each with a key; every step signed, adjudicated and countersigned.
# Prints every step's report and the final audit. Works in a temporary
# directory; nothing outside it is touched.
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")/.." && pwd)
DIR=$(mktemp -d "${TMPDIR:-/tmp}/umpire-demo.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
cd "$DIR"
export UMPIRE_SCENARIOS="$HERE/scenarios" HOME="$DIR"
unset UMPIRE_CONFIG UMPIRE_PASSPHRASE_FILE XDG_CONFIG_HOME XDG_STATE_HOME

say() { printf '\n==> %s\n' "$*"; }
say "umpire keygen: the player's and the referee's keys"
"$BIN" keygen -s player.key -p player.pub -W
"$BIN" keygen -s referee.key -p referee.pub -W
say "umpire new: the player creates the game and commits"
"$BIN" new arnswalde-1945 -s player.key --side player=player.pub \
	--referee referee.pub --set difficulty=low -o game.yaml
say "umpire join: the referee commits"
"$BIN" join game.yaml --side referee -s referee.key -o joined.yaml
mv joined.yaml game.yaml
n=0
while :; do
	state=$("$BIN" status --brief game.yaml)
	case $state in over*) break ;; esac
	n=$((n + 1))
	# The player: orders for the pending decision, signed, mailed.
	"$BIN" orders game.yaml -s player.key -o orders.yaml
	"$BIN" sign orders.yaml -s player.key -o orders.signed.yaml
	# The referee: adjudicates, countersigns, mails back game and report.
	"$BIN" adjudicate game.yaml orders.signed.yaml -s referee.key \
		-o next.yaml --report report.txt
	mv next.yaml game.yaml
	say "step $n: the report mailed back to the player"
	cat report.txt
done
say "umpire audit: anyone can check the whole game"
"$BIN" audit game.yaml
say "umpire dice --summary: the luck report, re-derivable by anyone"
"$BIN" dice --summary game.yaml | sed -n "/^Luck report/,\$p"
