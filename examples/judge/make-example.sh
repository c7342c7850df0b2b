#!/bin/sh
# make-example.sh BIN - play the example game of this folder again: an
# Arnswalde 1945 solitaire whose referee is `umpire judge`. The player
# (../arnswalde-1945/choose.py) writes every message with `umpire mail`
# (in/NN-WHAT.eml), and the judge reads each one on standard input, as
# a mail system's pipe would hand it over, and puts its answers in an
# outbox Maildir (out/NN.eml: the answer to in/NN-*.eml). His second
# message confirms his address (the judge asks it first). The player's
# third orders are illegal: the judge refuses them and says why, and the
# player signs other orders for that step (umpire sign --refused).
# Writes player.pub, judge.pub, in/, out/, game.yaml (the judge's game
# file at the end) and judge.log (the judge's log). The secret keys,
# configuration files and the judge's games directory are made in a
# temporary directory and thrown away.
set -eu
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export UMPIRE_SCENARIOS="$HERE/../../scenarios"
CHOOSE=$HERE/../arnswalde-1945/choose.py
cd "$HERE"
rm -rf in out game.yaml judge.log ./*.pub
mkdir in out "$T/games" "$T/outbox" "$T/outbox/new" "$T/outbox/cur" \
	"$T/outbox/tmp"
"$BIN" keygen -s "$T/player.key" -p player.pub -W -f >/dev/null
"$BIN" keygen -s "$T/judge.key" -p judge.pub -W -f >/dev/null
chmod 600 "$T/judge.key"
# party_ini WHO ADDRESS ROLE ROLE-ADDRESS: WHO's configuration file
party_ini() {
	printf '[umpire]\nsecret_key = %s\naddress = %s\n[addresses]\n%s = %s\n' \
		"$T/$1.key" "$2" "$3" "$4" >"$T/$1.ini"
}
party_ini player 'Alice <alice@example.org>' referee \
	'Judge <judge@example.org>'
party_ini judge 'Judge <judge@example.org>' player \
	'Alice <alice@example.org>'

# player CMD...: the player's umpire (his key, his records)
player() {
	UMPIRE_CONFIG="$T/player.ini" XDG_STATE_HOME="$T/player-state" \
		"$BIN" "$@"
}

# judge NN: the judge reads in/NN-*.eml; its answers become out/NN.eml
# (out/NN-K.eml when there are several)
judge() {
	set -- "$1" in/"$1"-*.eml
	UMPIRE_CONFIG="$T/judge.ini" XDG_STATE_HOME="$T/judge-state" \
		"$BIN" judge --games "$T/games" --outbox "$T/outbox" \
		--accept-new <"$2" >/dev/null 2>&1
	k=0
	for m in $(ls "$T/outbox/new"); do
		k=$((k + 1))
		mv "$T/outbox/new/$m" "out/$1-$k.eml"
	done
	if [ "$k" = 1 ]; then mv "out/$1-1.eml" "out/$1.eml"; fi
}

# The player makes the game with the judge as its referee and mails it
# to the judge, which takes it (--accept-new), joins it and mails back
# the game file.
player new arnswalde-1945 --side player=player.pub --referee judge.pub \
	--set difficulty=high -o "$T/new.yaml" 2>/dev/null
player mail "$T/new.yaml" --to referee \
	>in/01-new-game.eml
judge 01
# a game taken by mail: the judge's first letter asks the player's
# address to confirm; he replies to it as a mail client does (to its
# Reply-To, "Re: " and its subject, the letter quoted), and the game
# file comes
python3 - out/01.eml >in/02-confirm.eml <<'EOF'
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print("From: Alice <alice@example.org>")
print("To: %s" % (m["reply-to"] or m["from"]))
print("Subject: Re: %s" % m["subject"])
print("Message-ID: <confirm.%s@example.org>" % m["message-id"].strip(
    "<>").split("@")[0])
print()
print("Yes, it is mine.")
print()
for line in m.get_body(("plain",)).get_content().splitlines():
    print(("> " + line).rstrip())
EOF
judge 02
n=2 last=out/02.eml
until player status --brief "$last" | grep -q '^over'; do
	n=$((n + 1))
	nn=$(printf '%02d' "$n")
	if [ "$n" = 5 ]; then
		# illegal orders (signed without the check): refused
		player orders "$last" | python3 "$CHOOSE" |
			sed '0,/^- \([a-z-]*\): ".*"$/s//- \1: "surrender"/' |
			player sign - -o "$T/bad.yaml" 2>/dev/null
		player mail "$T/bad.yaml" --to referee \
			>"in/$nn-illegal-orders.eml"
		judge "$nn"
		n=$((n + 1))
		nn=$(printf '%02d' "$n")
		player orders "$last" | python3 "$CHOOSE" |
			player sign - --game "$last" --refused "$T/bad.yaml" \
				-o "$T/orders.yaml" 2>/dev/null
	else
		player orders "$last" | python3 "$CHOOSE" |
			player sign - --game "$last" -o "$T/orders.yaml" \
				2>/dev/null
	fi
	player mail "$T/orders.yaml" --to referee >"in/$nn-orders.eml"
	judge "$nn"
	last=out/$nn.eml
done
cp "$T/games/$(sed -n 's/^game: //p' "$T/new.yaml").yaml" game.yaml
sed "s|$T/||g" "$T/games/judge.log" >judge.log
# the player audits the game file the judge mailed him last, and it is
# the judge's own
player audit "$last"
player audit "$last" --against game.yaml
