#!/usr/bin/env bats
# The judge as a host installs it (debian/, debian/README.Debian): the
# package's files parse, umpire judge --init makes the judge's set-up
# by one command and never replaces a key, the tick the timer runs is
# silent unless something needs the host, --index makes its directory.
# make check-deb builds, installs and purges the package itself
# (tests/deb/check-deb.sh); these are the cheap parts.

load helpers
load judge-helpers

setup() {
	umpire_setup
	TOP="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
}

@test "package: debian/changelog parses and names the program's version; control lists the package" {
	command -v dpkg-parsechangelog >/dev/null ||
		skip "dpkg-parsechangelog not installed (dpkg-dev)"
	run dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version
	[ "$status" -eq 0 ]
	local v=$output
	run "$UMPIRE" --version
	[ "$output" = "umpire $v" ]
	command -v dh_listpackages >/dev/null ||
		skip "dh_listpackages not installed (debhelper)"
	run sh -c "cd '$TOP' && dh_listpackages"
	[ "$status" -eq 0 ]
	[ "$output" = umpire ]
	# GMime is dlopened: shlibs:Depends cannot see it
	grep -q '^ *libgmime-3.0-0,$' "$TOP/debian/control"
}

@test "package: built from the built tree it holds the command, scenarios, man pages and units, Depends names GMime; lintian: no error, no warning" {
	command -v dpkg-buildpackage >/dev/null && command -v dh >/dev/null ||
		skip "dpkg-buildpackage or debhelper not installed (make deb-deps)"
	# the tree as built (make all): dh's build finds nothing to compile
	# (-nc: no clean), so this takes seconds, not make deb's minutes
	[ -x "$TOP/build/umpire" ] || skip "no build/umpire: make all first"
	local src
	src=umpire-$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
	mkdir "$src"
	tar -C "$TOP" -cf - --exclude-vcs --exclude='./build-*' \
		--exclude=./debian/.debhelper --exclude=./debian/umpire . |
		tar -xf - -C "$src"
	# and make's own settings left out: the ASan pass's BUILD, CC and
	# CFLAGS (on make's command line, so in MAKEFLAGS) would build
	# another tree from nothing
	(cd "$src" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD \
		-u CC -u CFLAGS dpkg-buildpackage -us -uc -b -nc) \
		>build.log 2>&1 ||
		{ tail -n 30 build.log; false; }
	run sh "$TOP/tests/deb/contents.sh" umpire_*_*.deb
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "ok: ./usr/bin/umpire"
	command -v lintian >/dev/null || skip "lintian not installed (make deb-deps)"
	# debian/ as a source package of its own (dpkg-source -b), and the
	# binary package
	mkdir -p "dsc/$src"
	tar -C "$TOP" -cf - --exclude=./debian/.debhelper \
		--exclude=./debian/umpire ./debian | tar -xf - -C "dsc/$src"
	(cd dsc && dpkg-source -b "$src") >/dev/null
	run lintian --fail-on error,warning dsc/*.dsc umpire_*_*.deb
	echo "$output"
	[ "$status" -eq 0 ]
	! grep -q '^[EW]: ' <<<"$output"
}

# A judge's service: hardened, the judge's directory its own to write,
# and nothing that stops the letters' sendmail.
unit_hardened() {
	local k
	for k in ProtectSystem=strict ProtectHome=yes PrivateTmp=yes \
		ReadWritePaths=/var/lib/umpire-judge \
		ReadWritePaths=-/var/spool/postfix/maildrop; do
		grep -qx "$k" "$1" || { echo "no $k"; return 1; }
	done
	# the tick's letters go through postfix's set-group-id postdrop
	# (exim's set-user-id sendmail): no-new-privileges, set or implied
	# for a User= service (systemd.exec(5)), would make each one fail
	for k in NoNewPrivileges RestrictSUIDSGID SystemCallFilter \
		SystemCallArchitectures SystemCallLog ProtectKernelTunables \
		ProtectKernelModules ProtectKernelLogs ProtectClock \
		ProtectHostname RestrictAddressFamilies RestrictNamespaces \
		LockPersonality MemoryDenyWriteExecute RestrictRealtime \
		PrivateDevices DynamicUser; do
		! grep -q "^$k=" "$1" || { echo "$k= is set"; return 1; }
	done
}

@test "package: the tick's units verify; the service runs the tick as umpire-judge, hardened" {
	local u="$TOP/debian/umpire.umpire-judge-tick"
	grep -qx 'ExecStart=/usr/bin/umpire judge --tick --config /etc/umpire/judge.ini' "$u.service"
	grep -qx 'User=umpire-judge' "$u.service"
	unit_hardened "$u.service"
	command -v systemd-analyze >/dev/null ||
		skip "systemd-analyze not installed"
	# the units as installed, the command where this test finds it
	mkdir units
	sed "s|/usr/bin/umpire|$UMPIRE|" "$u.service" >units/umpire-judge-tick.service
	cp "$u.timer" units/umpire-judge-tick.timer
	run systemd-analyze verify --man=no units/umpire-judge-tick.service \
		units/umpire-judge-tick.timer
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "package: logrotate rotates the judge's judge.log as its user; the judge makes a new one" {
	local f="$TOP/debian/umpire.logrotate"
	grep -q '^/var/lib/umpire-judge/games/judge.log {$' "$f"
	grep -qx '	su umpire-judge umpire-judge' "$f"
	command -v logrotate >/dev/null || skip "logrotate not installed"
	# the file as installed, on this test's games and as this user
	mkdir games
	printf 'a line\n' >games/judge.log
	sed -e "s|/var/lib/umpire-judge/games|$PWD/games|" \
		-e "s|su umpire-judge umpire-judge|su $(id -un) $(id -gn)|" \
		"$f" >umpire.logrotate
	run logrotate -d -s state umpire.logrotate
	echo "$output"
	[ "$status" -eq 0 ]
	! grep -qi 'error' <<<"$output" || false
	run logrotate -f -s state umpire.logrotate
	echo "$output"
	[ "$status" -eq 0 ]
	[ -s games/judge.log.1 ]
	[ ! -e games/judge.log ]
	# the next line the judge logs makes judge.log again, mode 0600
	judge_setup
	run "$UMPIRE" judge --config judge.ini --games games </dev/null
	[ "$(stat -c %a games/judge.log)" = 600 ]
}

@test "package: judge --init makes the key 0600, the games 0700 and the config, then checks; a second --init is refused" {
	run "$UMPIRE" judge --init judge@example.org
	echo "$output"
	assert_output_has "key       ok: $HOME/.umpire/judge.key, mode 0600, no passphrase"
	assert_output_has "games     ok: $HOME/games, mode 700"
	assert_output_has "address   ok: letters are from judge@example.org"
	[ "$(stat -c %a "$HOME/.umpire/judge.key")" = 600 ]
	[ "$(stat -c %a "$HOME/games")" = 700 ]
	[ -s "$HOME/.umpire/judge.pub" ]
	local cfg="$XDG_CONFIG_HOME/umpire/config.ini"
	grep -qx "secret_key = $HOME/.umpire/judge.key" "$cfg"
	grep -qx 'address = judge@example.org' "$cfg"
	grep -qx "games = $HOME/games" "$cfg"
	# the judge runs from what it made: --check as the same user
	run "$UMPIRE" judge --check
	assert_output_has "key       ok:"
	local key
	key=$(cat "$HOME/.umpire/judge.key")
	run "$UMPIRE" judge --init judge@example.org
	[ "$status" -eq 2 ]
	assert_output_has "$HOME/.umpire/judge.key exists: --init never replaces the judge's key"
	[ "$(cat "$HOME/.umpire/judge.key")" = "$key" ]
	# nor an address that is no address
	rm -rf "$HOME/.umpire" "$cfg"
	run "$UMPIRE" judge --init 'not an address'
	[ "$status" -eq 2 ]
	[ ! -e "$HOME/.umpire/judge.key" ] && [ ! -e "$cfg" ]
}

@test "package: judge --init with the host's config reads it, never edits it, and is refused while its address is not set" {
	mkdir -p etc var
	chmod 700 var
	{
		printf '[umpire]\nsecret_key = %s/var/judge.key\n' "$PWD"
		printf ';address = judge@example.org\n[judge]\n'
		printf 'games = %s/var/games\n' "$PWD"
	} >etc/judge.ini
	cp etc/judge.ini before.ini
	run "$UMPIRE" judge --init judge@example.org --config etc/judge.ini
	[ "$status" -eq 2 ]
	assert_output_has "config file etc/judge.ini gives no address: --init never edits a config file: set address = judge@example.org under [umpire] in it"
	[ ! -e var/judge.key ]
	[ ! -e var/games ]
	sed -i 's/^;address/address/' etc/judge.ini
	cp etc/judge.ini before.ini
	run "$UMPIRE" judge --init judge@example.org --config etc/judge.ini
	echo "$output"
	[ "$status" -eq 0 ]
	cmp etc/judge.ini before.ini
	[ "$(stat -c %a var/judge.key)" = 600 ]
	[ "$(stat -c %a var/games)" = 700 ]
	[ -s var/judge.pub ]
	[ ! -e "$XDG_CONFIG_HOME/umpire/config.ini" ]
	run "$UMPIRE" judge --init other@example.org --config etc/judge.ini
	[ "$status" -eq 2 ]
	assert_output_has "gives the address judge@example.org"
}

@test "package: a tick that did its work prints nothing (judge.log has it); a letter it could not send it says" {
	T0=1800000000
	export UMPIRE_TEST_NOW=$T0
	judge_setup player
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low --set deadline=72h \
		-o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml 2>/dev/null
	confirm_all
	rm -f out/new/*
	# 49 hours on: the reminder is due, and sent by a sendmail that
	# takes it (as the system's does, exit 0)
	printf '#!/bin/sh\ncat >>"%s/sent.mbox"\n' "$PWD" >up-sendmail
	chmod 755 up-sendmail
	UMPIRE_TEST_NOW=$((T0 + 49 * 3600)) "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/up-sendmail" --tick >tick.out 2>tick.err
	grep -q '^Subject: .*a reminder: player' sent.mbox
	grep -q ' tick .*remind player.*1 letter(s) sent' games/judge.log
	[ ! -s tick.out ]
	[ ! -s tick.err ] || { cat tick.err; return 1; }
	# 73 hours on: the notice is due, and sendmail will not take it
	printf '#!/bin/sh\nexit 75\n' >down-sendmail
	chmod 755 down-sendmail
	UMPIRE_TEST_NOW=$((T0 + 73 * 3600)) "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/down-sendmail" --tick >tick.out 2>tick.err
	grep -q 'notice player.*a letter not sent' tick.err
	[ ! -s tick.out ]
}

@test "package: judge --index DIR makes DIR when it is missing" {
	judge_setup
	run "$UMPIRE" judge --config judge.ini --index www/games
	[ "$status" -eq 0 ]
	[ -s www/games/index.html ]
	[ "$(stat -c %a www/games)" = 755 ]
}

@test "package: judge --postfix prints the pipe with this program, the config read and the key's owner; changes nothing; refuses another address" {
	judge_setup
	local me home
	me=$(id -un)
	home=$(getent passwd "$me" | cut -d: -f6)
	[ "$(id -u)" != 0 ] || { chown nobody judge.key games; me=nobody; home=$(getent passwd nobody | cut -d: -f6); }
	MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix judge@example.org \
		--config judge.ini
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "postconf -c $PWD/pf -M 'umpire/unix=umpire unix - n n - 2 pipe flags=R user=$me argv=/usr/bin/env HOME=$home $(realpath "$UMPIRE") judge --config $(realpath judge.ini) --recipient \${original_recipient}'"
	assert_output_has "printf '%s\n' 'judge@example.org umpire:' >$PWD/pf/umpire-transport"
	assert_output_has "postmap -c $PWD/pf hash:$PWD/pf/umpire-transport"
	assert_output_has "'umpire_destination_recipient_limit = 1'"
	[ ! -e pf ]
	run "$UMPIRE" judge --postfix other@example.org --config judge.ini
	[ "$status" -eq 2 ]
	assert_output_has "gives the address judge@example.org, not other@example.org"
	run "$UMPIRE" judge --apply --config judge.ini
	[ "$status" -eq 2 ]
	assert_output_has "--apply is for --postfix ADDRESS"
}

@test "package: judge --postfix --apply refuses a key, config or games of another user, and a link or directory another user controls, naming it; root's links are followed" {
	[ "$(id -u)" = 0 ] || skip "needs root to give files to other users"
	judge_setup
	# the judge's user: nobody; another system user: daemon
	chown nobody judge.key judge.ini games
	local want="user=nobody argv="
	MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix judge@example.org \
		--config judge.ini
	[ "$status" -eq 0 ]
	assert_output_has "$want"
	# (refused: exit 2, nothing run, nothing written)
	refused() {
		MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix \
			judge@example.org --config "$1" --apply
		echo "$output"
		[ "$status" -eq 2 ]
		assert_output_has "$2"
		! grep -q 'user=' <<<"$output" || return 1
		[ ! -e pf ]
	}
	# the key a link nobody planted to daemon's file: the pipe would
	# run as daemon
	"$UMPIRE" keygen -s daemon.key -p daemon.pub -W >/dev/null
	chown daemon daemon.key
	ln -s "$PWD/daemon.key" link.key
	chown -h nobody link.key
	sed "s|^secret_key = .*|secret_key = $PWD/link.key|" judge.ini >a.ini
	chown nobody a.ini
	refused a.ini "the judge's key $PWD/link.key: $PWD/link.key is a symbolic link owned by nobody in a directory of root"
	# the config another user's (or a link to it)
	cp judge.ini b.ini
	chown daemon b.ini
	refused b.ini "the config b.ini ($PWD/b.ini) is owned by daemon: the pipe runs as nobody (the key's owner) with it, so it must be a file of nobody or root"
	ln -s "$PWD/judge.ini" c.ini
	chown -h daemon c.ini
	refused c.ini "the config c.ini: $PWD/c.ini is a symbolic link owned by daemon"
	# the games another user's
	mkdir g2
	chown daemon g2
	sed "s|^games = .*|games = $PWD/g2|" judge.ini >d.ini
	chown nobody d.ini
	refused d.ini "the games directory $PWD/g2 ($PWD/g2) is owned by daemon: the pipe runs as nobody (the key's owner), who must own it"
	# the key in a directory another user owns: he may swap it
	mkdir dk
	cp -p judge.key dk/judge.key
	chown daemon dk
	sed "s|^secret_key = .*|secret_key = $PWD/dk/judge.key|" judge.ini >e.ini
	chown nobody e.ini
	refused e.ini "the directory $PWD/dk is owned by daemon, who could put another file in its place"
	# a link of root's, in root's directory, is followed
	ln -s "$PWD/judge.key" root.key
	sed "s|^secret_key = .*|secret_key = $PWD/root.key|" judge.ini >f.ini
	chown nobody f.ini
	MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix judge@example.org \
		--config f.ini
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "$want"
}

@test "package: judge --postfix --lmtp SOCKET prints the LMTP route, the socket named from postfix's queue directory, 2 deliveries at once" {
	judge_setup
	[ "$(id -u)" != 0 ] || chown nobody judge.key
	mkdir -p pf q/private
	printf 'queue_directory = %s\n' "$PWD/q" >pf/main.cf
	MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix judge@example.org \
		--lmtp "$PWD/q/private/umpire-judge" --config judge.ini
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "printf '%s\n' 'judge@example.org umpire:unix:private/umpire-judge' >$PWD/pf/umpire-transport"
	assert_output_has "postmap -c $PWD/pf hash:$PWD/pf/umpire-transport"
	# postfix's lmtp(8) as the transport umpire, 2 deliveries at once,
	# no connection kept between them: within the 4 the server serves
	# a peer
	assert_output_has "postconf -c $PWD/pf -M 'umpire/unix=umpire unix - - n - - lmtp -o lmtp_connection_cache_on_demand=no'"
	assert_output_has "'umpire_destination_concurrency_limit = 2'"
	! grep -q -- 'pipe\|recipient_limit' <<<"$output" || false
	# a socket outside the queue directory is named whole
	MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix judge@example.org \
		--lmtp "$PWD/elsewhere.sock" --config judge.ini
	[ "$status" -eq 0 ]
	assert_output_has "'judge@example.org umpire:unix:$PWD/elsewhere.sock'"
	[ ! -e pf/umpire-transport ]
}

@test "package: the LMTP service is hardened as the tick's, and serves the socket its unit hands over" {
	local u="$TOP/debian/umpire.umpire-judge-lmtp"
	grep -q '^ExecStart=/usr/bin/umpire judge --config /etc/umpire/judge.ini --lmtp ' "$u.service"
	grep -qx 'User=umpire-judge' "$u.service"
	grep -qx 'Requires=umpire-judge-lmtp.socket' "$u.service"
	unit_hardened "$u.service"
}

@test "package: umpire new --config with the judge's config makes the game as the judge: its key, the referee joined at judge+ID8" {
	judge_setup player
	# the host's own config (a player's address) is not the one read
	mkdir -p "$XDG_CONFIG_HOME/umpire"
	cp player.ini "$XDG_CONFIG_HOME/umpire/config.ini"
	run "$UMPIRE" new arnswalde-1945 --config "$PWD/judge.ini" \
		--side player=player.pub --referee judge.pub \
		--address player=player@example.org -o new.yaml
	echo "$output"
	[ "$status" -eq 0 ]
	i8=$(sed -n 's/^game: //p' new.yaml | cut -c1-8)
	grep -q "address: judge+$i8@example.org" new.yaml
	run "$UMPIRE" status --brief new.yaml
	[ "$output" = "join player" ]
	# a config that cannot be read is named, nothing made
	run "$UMPIRE" new arnswalde-1945 --config "$PWD/nothing.ini" \
		--side player=player.pub --referee judge.pub -o other.yaml
	[ "$status" -eq 2 ]
	assert_output_has "nothing.ini"
	[ ! -e other.yaml ]
}

# The lines of README.Debian holding $1, unindented.
debian_line() {
	grep -F -- "$1" "$TOP/debian/README.Debian" | sed 's/^ *//'
}

@test "package: the LMTP judge without systemd, as README.Debian runs it: its own directory, one message delivered, SIGTERM" {
	judge_setup
	# README.Debian's directory: the judge's, set-group-id postfix (here
	# this user's and group's), in postfix's queue directory (here q/)
	mk=$(debian_line 'install -d -o umpire-judge -g postfix -m 2750 /var/spool/postfix/umpire-judge')
	[ -n "$mk" ]
	install -d -m 2750 q/umpire-judge
	# the command an init runs, as printed, with this test's paths
	cmd=$(debian_line '/usr/bin/env HOME=/var/lib/umpire-judge /usr/bin/umpire judge --config /etc/umpire/judge.ini --lmtp /var/spool/postfix/umpire-judge/lmtp')
	[ "$(printf '%s\n' "$cmd" | wc -l)" -eq 1 ]
	cmd=${cmd//\/usr\/bin\/umpire/$UMPIRE}
	cmd=${cmd//\/etc\/umpire\/judge.ini/$PWD/judge.ini}
	cmd=${cmd//\/var\/spool\/postfix/$PWD/q}
	cmd=${cmd//\/var\/lib\/umpire-judge/$PWD}
	$cmd 2>judge.err &
	server=$!
	for i in $(seq 1 100); do
		[ -S q/umpire-judge/lmtp ] && break
		kill -0 "$server" || { cat judge.err; false; }
		sleep 0.1
	done
	# made there: the socket open to the directory's group, the lock
	# beside it
	[ "$(stat -c '%a %G' q/umpire-judge/lmtp)" = "660 $(stat -c %G q/umpire-judge)" ]
	[ -f q/umpire-judge/lmtp.lock ]
	printf 'From: someone@example.org\nTo: judge@example.org\nSubject: hi\n\nhello\n' >m.eml
	run python3 "$BATS_TEST_DIRNAME/tools/lmtp-client.py" q/umpire-judge/lmtp m.eml
	echo "$output"
	assert_output_has "m.eml 250"
	grep -q ' dropped ' games/judge.log
	kill -TERM "$server"
	rc=0
	wait "$server" || rc=$?
	[ "$rc" -eq 0 ] || { cat judge.err; false; }
	[ ! -e q/umpire-judge/lmtp ]
	# start-stop-daemon runs that command as umpire-judge and stops it
	# by SIGTERM
	debian_line 'start-stop-daemon --start' | grep -qF -- \
		'--chuid umpire-judge --startas /usr/bin/env -- HOME=/var/lib/umpire-judge /usr/bin/umpire judge --config /etc/umpire/judge.ini --lmtp /var/spool/postfix/umpire-judge/lmtp'
	debian_line 'start-stop-daemon --stop' | grep -q -- '--retry TERM/'
	# the route to that socket, as README.Debian says it is written
	[ "$(id -u)" != 0 ] || chown nobody judge.key
	mkdir pf
	printf 'queue_directory = %s\n' "$PWD/q" >pf/main.cf
	MAIL_CONFIG="$PWD/pf" run "$UMPIRE" judge --postfix judge@example.org \
		--lmtp "$PWD/q/umpire-judge/lmtp" --config judge.ini
	[ "$status" -eq 0 ]
	assert_output_has "'judge@example.org umpire:unix:umpire-judge/lmtp'"
	debian_line '(the map'"'"'s line: judge@example.org umpire:unix:umpire-judge/lmtp)' | grep -q .
}
