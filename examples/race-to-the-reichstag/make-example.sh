#!/bin/sh
# make-example.sh BIN - play the example game of this folder again: Race
# to the Reichstag under a
# referee, the 1BF and the 1UF player and the referee each in a home of
# his own (HOME and XDG directories, his key), files copied between the
# homes as mail would carry them. Each player only ever receives views
# (views/NNN-SIDE.view, what the referee mails; a real game adds
# --seal) and answers each with one signed order file written by
# choose.py (orders/NNN-SIDE.yaml); he reads his view with umpire
# report (reports/NNN-SIDE.txt). At the end the referee publishes
# game.yaml, both players audit it with their views (audit.txt), and
# mails.txt counts the mails per player per game turn (mails.py).
# The secret keys are made in the homes and thrown away with them.
# A file the referee refuses stops the script: choose.py has no second
# choice to offer (a real referee mails back a signed refusal, umpire
# adjudicate --refusal, and the player signs other orders with it); with
# KEEP=DIR the referee's game file and the refused orders are copied
# there to reproduce it.
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export UMPIRE_SCENARIOS="$HERE/../../scenarios"
unset UMPIRE_CONFIG
cd "$HERE"
rm -rf views orders reports game.yaml board.svg audit.txt mails.txt replay.html \
	./*.pub
mkdir views orders reports

# as WHO, in his home: run a command
in_home() {
	h=$1
	shift
	(cd "$WORK/$h" && HOME="$WORK/$h" \
		XDG_STATE_HOME="$WORK/$h/.local/state" \
		XDG_CONFIG_HOME="$WORK/$h/.config" \
		XDG_CACHE_HOME="$WORK/$h/.cache" "$@")
}
mkdir "$WORK/1bf" "$WORK/1uf" "$WORK/referee"
for who in 1bf 1uf referee; do
	in_home $who "$BIN" keygen -s $who.key -p $who.pub -W -f >/dev/null
	cp "$WORK/$who/$who.pub" .
	# the public keys, mailed to the others
	for to in 1bf 1uf referee; do
		[ $to = $who ] || cp "$WORK/$who/$who.pub" "$WORK/$to/"
	done
done
R="$WORK/referee"
in_home referee "$BIN" new race-to-the-reichstag -s referee.key \
	--side 1bf=1bf.pub --side 1uf=1uf.pub --referee referee.pub \
	-o g0.yaml 2>/dev/null
# the new game to the 1BF player, who joins and mails it back; then the
# 1UF player
cp "$R/g0.yaml" "$WORK/1bf/"
in_home 1bf "$BIN" join g0.yaml --side 1bf -s 1bf.key -o g1.yaml 2>/dev/null
cp "$WORK/1bf/g1.yaml" "$WORK/1uf/"
in_home 1uf "$BIN" join g1.yaml --side 1uf -s 1uf.key -o g2.yaml 2>/dev/null
cp "$WORK/1uf/g2.yaml" "$R/game.yaml"
n=0
until in_home referee "$BIN" status --brief game.yaml | grep -q '^over'; do
	n=$((n + 1))
	nn=$(printf '%03d' "$n")
	side=$(in_home referee "$BIN" status --brief game.yaml | cut -d' ' -f2)
	in_home referee "$BIN" view game.yaml --side "$side" -s referee.key \
		-o "v.view"
	# mailed to the player
	cp "$R/v.view" "views/$nn-$side.view"
	cp "$R/v.view" "$WORK/$side/$nn.view"
	in_home "$side" "$BIN" report "$nn.view" --side "$side" \
		>"reports/$nn-$side.txt"
	in_home "$side" python3 "$HERE/choose.py" "$side" "$nn.view" \
		"$side.key" "$BIN" >"$WORK/$side/o.yaml"
	in_home "$side" "$BIN" sign o.yaml -s "$side.key" -o "$nn.yaml"
	cp "$WORK/$side/$nn.yaml" "$R/o.yaml"
	# a refused file stops the script (choose.py writes only orders it
	# is sure of, so a refusal is a bug to look at)
	if ! in_home referee "$BIN" adjudicate game.yaml o.yaml \
		-s referee.key -o next.yaml --report /dev/null 2>"$R/why.txt"
	then
		cp "$WORK/$side/$nn.yaml" "orders/$nn-$side-refused.yaml"
		# the referee's file, to reproduce the refusal
		[ -z "${KEEP:-}" ] || cp "$R/game.yaml" "$R/o.yaml" "$KEEP/"
		cat "$R/why.txt" >&2
		exit 1
	fi
	# mailed back to the referee, and adjudicated
	cp "$WORK/$side/$nn.yaml" "orders/$nn-$side.yaml"
	mv "$R/next.yaml" "$R/game.yaml"
done
# the final views, so each player sees the end
for side in 1bf 1uf; do
	in_home referee "$BIN" view game.yaml --side "$side" -s referee.key \
		-o v.view
	cp "$R/v.view" "views/final-$side.view"
	in_home referee "$BIN" report v.view --side "$side" \
		>"reports/final-$side.txt"
	# the board as that player sees it (his own counters, blank ones
	# for what he may not identify)
	in_home "$side" "$BIN" render "$R/v.view" -o "$HERE/board-$side.svg"
done
# the referee publishes the game file; each player audits it with the
# views he was sent
cp "$R/game.yaml" game.yaml
for side in 1bf 1uf; do
	cp game.yaml "$WORK/$side/"
	cp views/*-$side.view "$WORK/$side/"
	echo "$side: umpire audit game.yaml --view views/*-$side.view"
	(cd "$WORK/$side" && HOME="$WORK/$side" \
		XDG_STATE_HOME="$WORK/$side/.local/state" \
		"$BIN" audit game.yaml --view ./*-$side.view 2>&1)
done >audit.txt
# the whole game, step by step, in one page (umpire replay)
"$BIN" replay game.yaml -o replay.html
python3 "$HERE/mails.py" . >mails.txt
cat audit.txt mails.txt
