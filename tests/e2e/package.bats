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
	rm -f out/new/*
	# 49 hours on: the reminder is due, and sent
	UMPIRE_TEST_NOW=$((T0 + 49 * 3600)) "$UMPIRE" judge --config judge.ini \
		--outbox out --tick >tick.out 2>tick.err
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q ' tick .*remind player' games/judge.log
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
