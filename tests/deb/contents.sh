#!/bin/sh
# contents.sh DEB - what the Debian package must hold (make check-deb;
# tests/e2e/package.bats in make check): the command, the scenarios,
# the man pages, completion, the judge's units, config and logrotate
# file, README.Debian, README.md and HACKING.md (compressed:
# dh_compress takes a document over 4 KiB) (dpkg-deb -c), and Depends
# naming every library umpire loads,
# GMime among them, which it opens at run time (dlopen) where the
# shlibs tools cannot see it; the desk's page inside the command, and
# Built-Using naming the sources compiled into that page. An "ok:" line
# a file; exit 1 at the first missing.
set -eu
deb=$1
fail() { echo "contents: FAIL: $*" >&2; exit 1; }
list=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
for f in ./usr/bin/umpire ./usr/share/umpire/scenarios/arnswalde-1945.yaml \
	./usr/share/umpire/scenarios/race-to-the-reichstag.yaml \
	./usr/share/man/man1/umpire.1.gz ./usr/share/man/man5/umpire-game.5.gz \
	./usr/share/man/man7/umpire-protocol.7.gz \
	./usr/share/man/man8/umpire-judge.8.gz \
	./usr/share/bash-completion/completions/umpire \
	./lib/systemd/system/umpire-judge-tick.service \
	./lib/systemd/system/umpire-judge-tick.timer \
	./lib/systemd/system/umpire-judge-lmtp.socket \
	./lib/systemd/system/umpire-judge-lmtp.service \
	./etc/umpire/judge.ini ./usr/share/doc/umpire/README.Debian.gz \
	./usr/share/doc/umpire/README.md.gz \
	./usr/share/doc/umpire/HACKING.md.gz ./usr/share/doc/umpire/copyright \
	./etc/logrotate.d/umpire; do
	printf '%s\n' "$list" | grep -qx "$f" || fail "$f is not in $deb"
	echo "ok: $f"
done
dpkg-deb -f "$deb" Conffiles 2>/dev/null || true
deps=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $deps"
for d in libgmime-3.0-0 libsodium23 libyaml-0-2 libinih1 libc6 adduser; do
	printf '%s\n' "$deps" | tr ',' '\n' | grep -q "^ *$d\b" ||
		fail "Depends does not name $d"
done
echo "ok: Depends names libgmime-3.0-0, libsodium23, libyaml-0-2, libinih1"
# The desk's page inside umpire (debian/rules builds with make desk):
# asked for the page of a file that is no view or game, the packaged
# umpire refuses the file, naming it, not that it was built without the
# page's WebAssembly (src/cmd/desk.c checks that first); and
# Built-Using names the Debian sources the page's libyaml and libsodium
# were compiled from (debian/README.source).
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
dpkg-deb --fsys-tarfile "$deb" | tar -xf - -C "$t" ./usr/bin/umpire
msg=$("$t/usr/bin/umpire" desk /dev/null 2>&1) && fail "umpire desk /dev/null: exit 0"
case $msg in
*"built without"*) fail "the packaged umpire has no desk page: $msg" ;;
*"/dev/null: "*) ;;
*) fail "umpire desk /dev/null: not a refusal of the file: $msg" ;;
esac
echo "ok: ./usr/bin/umpire holds the desk's page"
bu=$(dpkg-deb -f "$deb" Built-Using)
echo "Built-Using: $bu"
for d in libyaml libsodium; do
	printf '%s\n' "$bu" | tr ',' '\n' | grep -q "^ *$d (= [^)]*)$" ||
		fail "Built-Using does not name $d"
done
echo "ok: Built-Using names libyaml and libsodium"
