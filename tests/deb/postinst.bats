#!/usr/bin/env bats
# The package's postinst (debian/umpire.postinst) as dpkg runs it on
# install and on every upgrade ("configure"), in a mount namespace of
# its own (unshare -m): /etc a copy, /var/lib an empty tmpfs, so that
# adduser and the directories it makes touch nothing of this machine.
# The attack: code running as umpire-judge owns /var/lib/umpire-judge,
# so it can put a link in place of games/; a postinst that makes and
# chowns games/ by name (install -d -o) then hands the link's target
# (here /etc/cron.d) to umpire-judge at the next upgrade.
# POSTINST names another script to try (the one before the fix).

setup() {
	[ "$(id -u)" = 0 ] || skip "the namespace and adduser need root"
	command -v unshare >/dev/null || skip "no unshare(1)"
	command -v adduser >/dev/null || skip "no adduser"
	POSTINST=${POSTINST:-$BATS_TEST_DIRNAME/../../debian/umpire.postinst}
	T=$BATS_TEST_TMPDIR
	cp -a /etc "$T/etc"
}

# in_ns SCRIPT: SCRIPT run by sh in the namespace (its /etc the copy,
# its /var/lib empty), POSTINST given as $P.
in_ns() {
	P=$POSTINST unshare -m --propagation private sh -euc "
		mount --bind '$T/etc' /etc
		mount -t tmpfs tmpfs /var/lib
		$1"
}

@test "postinst: on install, the judge's directories, owner and mode" {
	run in_ns 'sh "$P" configure
		stat -c "%a %U %F" /var/lib/umpire-judge \
			/var/lib/umpire-judge/games'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "750 umpire-judge directory" ]
	[ "${lines[1]}" = "700 umpire-judge directory" ]
}

@test "postinst: an upgrade sets the mode of a games/ made too open" {
	run in_ns 'sh "$P" configure
		chmod 0755 /var/lib/umpire-judge/games
		chown root /var/lib/umpire-judge/games
		sh "$P" configure
		stat -c "%a %U" /var/lib/umpire-judge/games'
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[${#lines[@]}-1]}" = "700 umpire-judge" ]
}

@test "postinst: a link the service user put in place of games/ is not followed" {
	run in_ns 'sh "$P" configure
		stat -c "%a %U" /etc/cron.d
		rmdir /var/lib/umpire-judge/games
		runuser -u umpire-judge -- \
			ln -s /etc/cron.d /var/lib/umpire-judge/games
		sh "$P" configure
		echo "after: $(stat -c "%a %U" /etc/cron.d)"
		echo "link: $(stat -c "%F %U" /var/lib/umpire-judge/games)"'
	echo "$output"
	[ "$status" -eq 0 ]
	before=${lines[0]}
	[ -n "$before" ]
	[[ "$output" == *"after: $before"* ]]
	[[ "$output" == *"link: symbolic link umpire-judge"* ]]
	[[ "$output" == *"/var/lib/umpire-judge/games is a link (to /etc/cron.d): not followed"* ]]
}

@test "postinst: a link in place of the judge's home is not followed either" {
	run in_ns 'mkdir -p /var/lib/elsewhere && chmod 0755 /var/lib/elsewhere
		ln -s /var/lib/elsewhere /var/lib/umpire-judge
		sh "$P" configure
		echo "after: $(stat -c "%a %U" /var/lib/elsewhere)"'
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"after: 755 root"* ]]
	[[ "$output" == *"/var/lib/umpire-judge is a link"* ]]
}
