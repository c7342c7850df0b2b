#!/bin/bash
# postfix-game.bash - for check-deb.sh, with the package installed and
# the judge set up: postfix in one command (umpire judge --postfix
# judge@example.org --config /etc/umpire/judge.ini --apply) applied to a
# private postfix instance (tests/mail/mta.bash: this machine's postfix
# is neither read nor changed), then a game played through it with
# mutt: the host's game in the judge's games, Alice's join and her
# orders each mailed by mutt to judge@example.org, each taken by the
# installed judge, run by postfix's pipe as umpire-judge, which mails
# her its letters back through the same postfix. Exit 0, or 1 saying
# what failed; 3 when no private postfix can run here (then skipped).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../mail/mta.bash
. "$here/../mail/mta.bash"

fail() { echo "postfix-game: FAIL: $*" >&2; [ -z "${MTA_DIR:-}" ] ||
	tail -n 15 "$MTA_DIR/maillog" >&2; exit 1; }

dir=$(mta_dir)
trap 'mta_stop; rm -rf "$dir"' EXIT
# a pipe to a robot nobody writes to: mta_start's namespace, in which
# the judge's plain sendmail reaches this instance
mta_start "$dir" robot /bin/true || exit 3

echo "# umpire judge --postfix judge@example.org --config /etc/umpire/judge.ini --apply"
(cd / && MAIL_CONFIG=$MTA_CONF umpire judge --postfix judge@example.org \
	--config /etc/umpire/judge.ini --apply) || fail "judge --postfix --apply"
postconf -c "$MTA_CONF" -M umpire/unix
out=$(cd / && runuser -u umpire-judge -- env MAIL_CONFIG="$MTA_CONF" \
	umpire judge --check --config /etc/umpire/judge.ini 2>&1) ||
	fail "judge --check: $out"
printf '%s\n' "$out" | grep '^postfix '
echo "ok: postfix pipes judge@example.org to /usr/bin/umpire as umpire-judge"

# Alice: her key, her config (this instance's sendmail), mutt's
a=$dir/alice
mkdir -p "$a"
printf '[umpire]\nsecret_key = %s/alice.key\naddress = alice@example.org\n' \
	"$a" >"$a/config.ini"
printf 'sendmail = %s -t -i\n[addresses]\nreferee = judge@example.org\n' \
	"$MTA_SENDMAIL" >>"$a/config.ini"
mta_muttrc alice "$a/.muttrc"
alice() { (cd "$a" && HOME=$a UMPIRE_CONFIG=$a/config.ini \
	XDG_STATE_HOME=$a/state "$@"); }
alice umpire keygen -s alice.key -p alice.pub -W >/dev/null

# the host's game, the judge its referee, in the judge's games
(cd "$a" && umpire new arnswalde-1945 -s /var/lib/umpire-judge/judge.key \
	--side player=alice.pub --referee /var/lib/umpire-judge/judge.pub \
	--address player=alice@example.org --set difficulty=low \
	-o host.yaml 2>/dev/null) || fail "the host's umpire new"
id=$(sed -n 's/^game: //p' "$a/host.yaml")
install -o umpire-judge -g umpire-judge -m 600 "$a/host.yaml" \
	"/var/lib/umpire-judge/games/$id.yaml"

# her join, by mutt; the judge's letter back
alice umpire join host.yaml --side player -o joined.yaml 2>/dev/null
alice mutt -F .muttrc -s "join" -a joined.yaml -- judge@example.org \
	</dev/null || fail "mutt"
letter=$(mta_wait alice 1) || fail "no letter after the join"
grep -q "^[^ ]* <[^>]*> $id join done" /var/lib/umpire-judge/games/judge.log ||
	fail "the join was not taken"
grep '^Subject:' "$letter"
echo "ok: the join mailed by mutt taken; the judge's letter came back"

# her orders on the game the judge mailed her, signed, by mutt
alice umpire orders "$letter" -o o.yaml 2>/dev/null || fail "umpire orders"
alice umpire sign o.yaml -o signed.yaml 2>/dev/null || fail "umpire sign"
alice mutt -F .muttrc -s "orders" -a signed.yaml -- judge@example.org \
	</dev/null || fail "mutt"
letter=$(mta_wait alice 2) || fail "no letter after the orders"
grep -q "^[^ ]* <[^>]*> $id 1 done" /var/lib/umpire-judge/games/judge.log ||
	fail "the orders were not adjudicated"
grep '^Subject:' "$letter"
grep -q 'status=bounced' "$MTA_DIR/maillog" && fail "a bounce"
echo "ok: the orders mailed by mutt adjudicated (step 1); the letter came back"
