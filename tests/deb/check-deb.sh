#!/bin/sh
# check-deb.sh DEB - the Debian package as a host meets it (make
# check-deb; not in make check: it installs the package on this
# machine, as root, and purges it at the end): its contents and
# Depends, lintian, apt-get install, the judge's set-up made as its
# user as README.Debian says, postfix in one command (a private
# instance) and a game played through it with mutt, the tick service's
# ExecStart run as that user (silent), a game made by README.Debian's
# commands as printed (umpire new --config as umpire-judge) and joined
# by mail, the LMTP judge started, fed one message and stopped by
# README.Debian's commands for a host with another init, then apt-get
# purge, and what is left.
#
# check-deb.sh --installed - the same on the package installed already,
# as autopkgtest runs it (debian/tests/control): its contents and
# lintian are the build's to check, the install is the testbed's; the
# rest, purge included, as above.
set -eu
deb=${1:-}
[ -n "$deb" ] || { echo "usage: check-deb.sh DEB | --installed" >&2; exit 2; }
case $deb in --installed) ;; /*) ;; *) deb=./$deb ;; esac
[ "$(id -u)" = 0 ] || { echo "check-deb: run as root (it installs and purges umpire)" >&2; exit 2; }

# a failure after the install purges the package too (this machine is
# left as it was found), and the temporary directory goes
installed=0
t=
lmtp_dir=
cleanup() {
	rc=$?
	[ -z "$t" ] || rm -rf "$t"
	if [ -n "$lmtp_dir" ]; then
		start-stop-daemon --stop --quiet --pidfile \
			/run/umpire-judge-lmtp.pid --retry TERM/30 \
			--remove-pidfile 2>/dev/null || true
		rm -rf "$lmtp_dir"
	fi
	if [ "$installed" = 1 ] && [ "$rc" != 0 ]; then
		echo "check-deb: purging umpire after the failure" >&2
		DEBIAN_FRONTEND=noninteractive apt-get purge -y -q umpire \
			>/dev/null 2>&1 || true
	fi
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }
fail() { echo "check-deb: FAIL: $*" >&2; exit 1; }

if [ "$deb" = --installed ]; then
	step "the package installed already (autopkgtest)"
	dpkg -s umpire | grep -q '^Status: install ok installed' ||
		fail "umpire is not installed"
	installed=1
else
	step "contents of $deb"
	sh "$(dirname "$0")/contents.sh" "$deb" || fail "contents of $deb"

	step "lintian"
	lintian --fail-on error,warning "$deb"
	echo "ok: lintian: no error, no warning"

	step "apt-get install -y $deb"
	installed=1
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb"
fi
pw=$(getent passwd umpire-judge) || fail "no user umpire-judge"
echo "$pw"
case $pw in *:/var/lib/umpire-judge:/usr/sbin/nologin) ;;
	*) fail "umpire-judge: home or shell not as README.Debian says" ;; esac
[ "$(stat -c '%a %U' /var/lib/umpire-judge/games)" = "700 umpire-judge" ] ||
	fail "/var/lib/umpire-judge/games: $(stat -c '%a %U' /var/lib/umpire-judge/games)"
umpire --version
# the directory compiled in (-DUMPIRE_SCENARIO_DIR from PREFIX=/usr)
grep -aq '/usr/share/umpire/scenarios' /usr/bin/umpire ||
	fail "/usr/bin/umpire was not built with PREFIX=/usr"
(cd / && env -u UMPIRE_SCENARIOS umpire scenarios) | grep -q arnswalde-1945 ||
	fail "umpire scenarios: none found"
echo "ok: built with PREFIX=/usr; the scenarios found in /usr/share/umpire/scenarios"
if command -v systemd-analyze >/dev/null 2>&1; then
	systemd-analyze verify /lib/systemd/system/umpire-judge-tick.service \
		/lib/systemd/system/umpire-judge-tick.timer \
		/lib/systemd/system/umpire-judge-lmtp.socket \
		/lib/systemd/system/umpire-judge-lmtp.service ||
		fail "systemd-analyze verify"
	echo "ok: systemd-analyze verify"
fi

step "the judge's set-up (README.Debian)"
# the host's one edit: the judge's address
sed -i 's/^;address = .*/address = judge@example.org/' /etc/umpire/judge.ini
runuser -u umpire-judge -- umpire judge --init judge@example.org \
	--config /etc/umpire/judge.ini
[ "$(stat -c '%a %U' /var/lib/umpire-judge/judge.key)" = "600 umpire-judge" ] ||
	fail "the key: $(stat -c '%a %U' /var/lib/umpire-judge/judge.key)"
if runuser -u umpire-judge -- umpire judge --init judge@example.org \
	--config /etc/umpire/judge.ini 2>/dev/null; then
	fail "a second --init was not refused"
fi
echo "ok: key 0600, a second --init refused"

step "postfix in one command (printed: this machine's postfix is left alone)"
pf=$(cd / && umpire judge --postfix judge@example.org --config /etc/umpire/judge.ini) ||
	fail "judge --postfix"
printf '%s\n' "$pf"
printf '%s\n' "$pf" | grep -qF "user=umpire-judge argv=/usr/bin/env HOME=/var/lib/umpire-judge /usr/bin/umpire judge --config /etc/umpire/judge.ini --recipient \${original_recipient}'" ||
	fail "judge --postfix: not the package's user, program and config"
echo "ok: the pipe runs /usr/bin/umpire as umpire-judge with /etc/umpire/judge.ini"

step "postfix in one command, applied to a private postfix; a game through it with mutt"
# tests/deb/postfix-game.bash: this machine's postfix is left alone;
# the private instances of tests/mail take turns (flock)
rc=0
flock /tmp/umpire-mail.lock bash "$(dirname "$0")/postfix-game.bash" || rc=$?
case $rc in
0) ;;
3) echo "no private postfix here: skipped" ;;
*) fail "postfix in one command, or the game through it" ;;
esac

step "logrotate -d /etc/logrotate.d/umpire"
if command -v logrotate >/dev/null 2>&1; then
	logrotate -d /etc/logrotate.d/umpire 2>&1 | tail -n 4
	logrotate -d /etc/logrotate.d/umpire 2>&1 | grep -qi 'error' &&
		fail "logrotate -d reports an error"
	echo "ok: logrotate -d"
else
	echo "logrotate not installed: not checked"
fi

step "the tick service's ExecStart, as umpire-judge"
cmd=$(sed -n 's/^ExecStart=//p' /lib/systemd/system/umpire-judge-tick.service)
echo "$cmd"
out=$(cd / && runuser -u umpire-judge -- $cmd 2>&1) || fail "the tick: $out"
[ -z "$out" ] || fail "the tick printed: $out"
echo "ok: the tick exits 0 and prints nothing"

step "a game by mail to the installed judge, and its tick"
# the judge's letters into an mbox (sendmail set in judge.ini, as a host
# sets it); a player's game mailed to the judge's pipe command
# (README.Debian) as umpire-judge, on the test clock
t=$(mktemp -d /tmp/umpire-check-deb.XXXXXX)
chmod 755 "$t"
printf '#!/bin/sh\ncat >>%s/sent.mbox\n' "$t" >"$t/sendmail"
chmod 755 "$t/sendmail"
: >"$t/sent.mbox"
chown umpire-judge "$t/sent.mbox"
sed -i "s|^;sendmail = .*|sendmail = $t/sendmail|" /etc/umpire/judge.ini
(cd "$t" &&
 umpire keygen -s p.key -p p.pub -W >/dev/null &&
 printf '[umpire]\nsecret_key = %s/p.key\naddress = p@example.org\n' "$t" >p.ini &&
 printf '[addresses]\nreferee = judge@example.org\n' >>p.ini &&
 UMPIRE_CONFIG=p.ini UMPIRE_TEST_NOW=1800000000 umpire new arnswalde-1945 \
	--side player=p.pub --referee /var/lib/umpire-judge/judge.pub \
	--set difficulty=low --set deadline=72h -o g.yaml 2>/dev/null &&
 UMPIRE_CONFIG=p.ini umpire mail g.yaml --to referee -o first.eml) ||
	fail "the player's game"
(cd / && runuser -u umpire-judge -- env UMPIRE_TEST_NOW=1800000000 \
	/usr/bin/umpire judge --config /etc/umpire/judge.ini --accept-new) \
	<"$t/first.eml" 2>"$t/judge.err" || fail "the judge: $(cat "$t/judge.err")"
[ "$(grep -c '^Subject:' "$t/sent.mbox")" -eq 1 ] ||
	fail "the judge sent no letter to the player"
# a game taken by mail: the player's address confirmed by her reply
# carrying the token of the judge's letter asking it
tok=$(grep -o 'umpire-confirm-[0-9a-f]*-[0-9a-f]*' "$t/sent.mbox" | head -1)
[ -n "$tok" ] || fail "the judge's first letter asks no confirmation"
printf 'From: p@example.org\nTo: judge@example.org\nSubject: Re: %s\n\nyes\n' \
	"$tok" >"$t/confirm.eml"
(cd / && runuser -u umpire-judge -- env UMPIRE_TEST_NOW=1800000000 \
	/usr/bin/umpire judge --config /etc/umpire/judge.ini --accept-new) \
	<"$t/confirm.eml" 2>"$t/judge.err" || fail "the judge: $(cat "$t/judge.err")"
[ "$(grep -c '^Subject:' "$t/sent.mbox")" -eq 2 ] ||
	fail "the judge sent the confirmed player no letter"
out=$(cd / && runuser -u umpire-judge -- \
	env UMPIRE_TEST_NOW=$((1800000000 + 49 * 3600)) $cmd 2>&1) ||
	fail "the tick: $out"
[ -z "$out" ] || fail "the tick printed: $out"
grep -q '^Subject: .*a reminder: player' "$t/sent.mbox" ||
	fail "the tick sent no reminder"
grep ' tick ' /var/lib/umpire-judge/games/judge.log
echo "ok: the game taken, the tick's reminder sent, and the tick printed nothing"

step "a game made as README.Debian prints it, joined by mail: in play"
# its "Making a game" commands, as printed (the sides' keys in $t/keys
# for /tmp/keys), with the judge.ini above (letters into sent.mbox)
readme=/usr/share/doc/umpire/README.Debian.gz
[ -f "$readme" ] || fail "no $readme"
mkdir -m 755 "$t/keys"
for s in gerd sonja; do
	(cd "$t/keys" && umpire keygen -s "$s.key" -p "$s.pub" -W >/dev/null &&
	 printf '[umpire]\nsecret_key = %s/%s.key\naddress = %s@example.org\n' \
		"$t/keys" "$s" "$s" >"$s.ini")
done
chmod 644 "$t/keys"/*.pub
make_game=$(zcat "$readme" | sed -n '/^Making a game$/,/^umpire mail --send/p' |
	sed -n 's/^    //p')
printf '%s\n' "$make_game"
printf '%s\n' "$make_game" | grep -q 'umpire new .*' || fail "README.Debian makes no game"
before=$(grep -c '^Subject:' "$t/sent.mbox")
printf '%s\n' "$make_game" | sed "s|/tmp/keys|$t/keys|g" |
	(cd / && UMPIRE_TEST_NOW=1800000000 sh -e) || fail "README.Debian's game"
g=$(grep -l '^scenario: russo-german-war' /var/lib/umpire-judge/games/*.yaml)
id=$(basename "$g" .yaml)
grep -q "address: judge+$(printf %.8s "$id")@example.org" "$g" ||
	fail "the referee did not join at the game's own address"
[ "$(grep -c '^Subject:' "$t/sent.mbox")" -eq $((before + 1)) ] &&
	grep -q '^To: gerd@example.org, sonja@example.org' "$t/sent.mbox" ||
	fail "umpire mail --send sent the sides no invitation"
for s in gerd sonja; do
	side=german; [ "$s" = sonja ] && side=soviet
	(cd "$t/keys" && UMPIRE_CONFIG=$s.ini umpire join "$g" --side "$side" \
		-o "$s-joined.yaml" 2>/dev/null &&
	 UMPIRE_CONFIG=$s.ini umpire mail "$s-joined.yaml" --to referee \
		-o "$s-join.eml") || fail "$s's join"
	grep -q "^To: judge+$(printf %.8s "$id")@example.org" "$t/keys/$s-join.eml" ||
		fail "$s's join is not mailed to the game's address"
	(cd / && runuser -u umpire-judge -- env UMPIRE_TEST_NOW=1800000000 \
		/usr/bin/umpire judge --config /etc/umpire/judge.ini \
		--recipient "judge+$(printf %.8s "$id")@example.org") \
		<"$t/keys/$s-join.eml" 2>"$t/judge.err" ||
		fail "the judge: $(cat "$t/judge.err")"
done
grep -q " $id join done .*all roles joined" /var/lib/umpire-judge/games/judge.log ||
	fail "the joins were not taken"
[ "$(umpire status --brief "$g" | cut -d' ' -f1)" = pending ] ||
	fail "the game is not in play: $(umpire status --brief "$g")"
echo "ok: game $id made as umpire-judge with --config, both joins taken: in play"

step "the LMTP judge on a host with another init, as README.Debian prints it"
if [ -d /var/spool/postfix ] && getent group postfix >/dev/null &&
	command -v start-stop-daemon >/dev/null; then
	mk=$(zcat "$readme" | sed -n 's/^ *\(install -d .*umpire-judge\)$/\1/p')
	start=$(zcat "$readme" | sed -n 's/^ *\(start-stop-daemon --start .*\)$/\1/p')
	stop=$(zcat "$readme" | sed -n 's/^ *\(start-stop-daemon --stop .*\)$/\1/p')
	[ -n "$mk" ] && [ -n "$start" ] && [ -n "$stop" ] ||
		fail "README.Debian gives no command for another init"
	printf '%s\n%s\n%s\n' "$mk" "$start" "$stop"
	lmtp_dir=/var/spool/postfix/umpire-judge
	[ ! -e "$lmtp_dir" ] || fail "$lmtp_dir is there already"
	sh -ec "$mk"
	sh -ec "$start"
	sock=$lmtp_dir/lmtp
	for i in $(seq 1 100); do [ -S "$sock" ] && break; sleep 0.1; done
	[ -S "$sock" ] || fail "no socket $sock"
	[ "$(stat -c '%a %U %G' "$sock")" = "660 umpire-judge postfix" ] ||
		fail "$sock: $(stat -c '%a %U %G' "$sock")"
	printf 'From: someone@example.org\nTo: judge@example.org\nSubject: hi\n\nhello\n' \
		>"$t/hi.eml"
	# delivered as postfix's lmtp(8) would: as its user
	cp "$(dirname "$0")/../e2e/tools/lmtp-client.py" "$t/"
	chmod 644 "$t/lmtp-client.py" "$t/hi.eml"
	out=$(runuser -u postfix -- python3 "$t/lmtp-client.py" "$sock" \
		"$t/hi.eml") || fail "delivery: $out"
	echo "$out"
	case $out in *" 250"*) ;; *) fail "not delivered: $out" ;; esac
	sh -ec "$stop"
	[ ! -e "$sock" ] || fail "the socket stayed after the stop"
	rm -rf "$lmtp_dir"
	lmtp_dir=
	echo "ok: started as umpire-judge, one message delivered by postfix's user, stopped"
else
	echo "no postfix or start-stop-daemon here: not checked"
fi

step "an upgrade with a link planted in place of games/ (as umpire-judge)"
# tests/deb/postinst.bats tries the script alone; here dpkg runs it
cron=$(stat -c '%a %U' /etc/cron.d)
mv /var/lib/umpire-judge/games /var/lib/umpire-judge/games.kept
runuser -u umpire-judge -- ln -s /etc/cron.d /var/lib/umpire-judge/games
dpkg-reconfigure umpire 2>&1 | grep -F 'games is a link' ||
	fail "the postinst said nothing of the link"
[ "$(stat -c '%a %U' /etc/cron.d)" = "$cron" ] ||
	fail "/etc/cron.d after the upgrade: $(stat -c '%a %U' /etc/cron.d)"
rm /var/lib/umpire-judge/games
mv /var/lib/umpire-judge/games.kept /var/lib/umpire-judge/games
echo "ok: the link not followed, /etc/cron.d still $cron"

step "apt-get purge -y umpire"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -q umpire
installed=0
echo "left:"
ls -ld /var/lib/umpire-judge /etc/umpire /usr/bin/umpire \
	/etc/logrotate.d/umpire 2>&1 || true
getent passwd umpire-judge || true
dpkg -l umpire 2>&1 | tail -1 || true
[ ! -e /var/lib/umpire-judge ] || fail "/var/lib/umpire-judge left after purge"
[ ! -e /etc/umpire/judge.ini ] || fail "/etc/umpire/judge.ini left after purge"
echo "ok: purged; the user umpire-judge stays (README.Debian)"
