#!/usr/bin/env bats
# A newcomer's first hour (README.md): install, keys, help, messages that
# list what would be accepted, one command to sign a turn's orders.

load helpers

setup() { umpire_setup; }

commands() {
	"$UMPIRE" --help | sed -n 's/^  \([a-z]\{1,\}\) .*/\1/p'
}

@test "help: every command's --help describes every option it takes" {
	n=0
	for c in $(commands); do
		run "$UMPIRE" "$c" --help
		[ "$status" -eq 0 ]
		assert_output_has "usage: umpire $c"
		case "$output" in *"(no description)"*)
			echo "$c: an option without a description"
			echo "$output"; return 1 ;; esac
		# every option described is one the command takes (the
		# plain binary: the parser, not memory, is checked here)
		for o in $(printf '%s\n' "$output" |
			   grep -o '^  -[-a-zA-Z]*' | grep -v -- '-h$'); do
			run "$UMPIRE_PLAIN" "$c" "$o" x --help
			case "$output" in *"unknown option"*)
				echo "$c --help describes $o, refused"
				return 1 ;; esac
		done
		n=$((n + 1))
	done
	[ "$n" -ge 17 ]
}

@test "help: --version works and --help and umpire(1) say so" {
	run "$UMPIRE" --version
	[ "$status" -eq 0 ]
	[[ "$output" == "umpire "[0-9]* ]]
	run "$UMPIRE" --help
	assert_output_has "umpire --version"
	grep -q 'umpire \\-\\-version' "$BATS_TEST_DIRNAME/../../man/umpire.1"
}

@test "keygen: a missing key directory is made 0700, paths checked first" {
	run "$UMPIRE" keygen -s "$HOME/.umpire/a.key" -p a.pub -W
	[ "$status" -eq 0 ]
	[ "$(stat -c %a "$HOME/.umpire")" = 700 ]
	[ "$(stat -c %a "$HOME/.umpire/a.key")" = 600 ]
	# an encrypted key to a path that cannot be made: refused before
	# any passphrase is asked (none is given here)
	: >notadir
	run "$UMPIRE" keygen -s notadir/b.key -p b.pub </dev/null
	[ "$status" -eq 2 ]
	assert_output_has "notadir is not a directory"
	[ ! -e b.pub ]
}

@test "config: ~ and \$HOME in secret_key are the home directory" {
	mkdir -p .config/umpire keys
	"$UMPIRE" keygen -s keys/p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	printf '[umpire]\nsecret_key = ~/keys/p.key\n' >.config/umpire/config.ini
	run "$UMPIRE" new arnswalde-1945 --side player=p.pub --referee r.pub \
		-o g.yaml
	[ "$status" -eq 0 ]
	printf '[umpire]\nsecret_key = $HOME/keys/p.key\n' \
		>.config/umpire/config.ini
	run "$UMPIRE" new arnswalde-1945 --side player=p.pub --referee r.pub \
		-o g2.yaml
	[ "$status" -eq 0 ]
}

@test "new: an unknown scenario, side or option lists the valid ones" {
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	run "$UMPIRE" new arnswalde -s p.key --side player=p.pub
	[ "$status" -eq 2 ]
	assert_output_has "installed: aachen, arnswalde-1945,"
	run "$UMPIRE" new arnswalde-1945 -s p.key --side plyer=p.pub \
		--referee p.pub
	[ "$status" -eq 2 ]
	assert_output_has "no side 'plyer' (its sides: player)"
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee p.pub --set level=low
	[ "$status" -eq 2 ]
	assert_output_has "no option 'level' (its options: difficulty"
	run "$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee p.pub -o g0.yaml
	run "$UMPIRE" join g0.yaml --side refere -s p.key
	[ "$status" -eq 2 ]
	assert_output_has "its roles: player, referee"
}

@test "scenarios --options: values, default and meaning of each option" {
	run "$UMPIRE" scenarios --options arnswalde-1945
	[ "$status" -eq 0 ]
	assert_output_has "sides: player"
	assert_output_has "difficulty=low|medium|high  (default medium)"
	run "$UMPIRE" scenarios --options aachen
	[ "$status" -eq 0 ]
	assert_output_has "sides: allied, german"
	assert_output_has "options: none"
	run "$UMPIRE" scenarios --options nosuch
	[ "$status" -eq 2 ]
	assert_output_has "installed:"
}

@test "status, report and render on an order file say it is one" {
	new_arnswalde_game g.yaml
	"$UMPIRE" orders g.yaml -s p.key -o o.yaml
	for c in status report; do
		run "$UMPIRE" "$c" o.yaml
		[ "$status" -eq 1 ]
		assert_output_has "o.yaml is an order file"
		assert_output_has "umpire adjudicate GAME o.yaml"
	done
	run "$UMPIRE" render o.yaml -o b.svg
	assert_output_has "is an order file"
	[ ! -e b.svg ]
}

@test "orders --sign: edit, check and sign in one command, one key load" {
	new_arnswalde_game g.yaml
	printf '#!/bin/sh\nsed -i "s/^- placement: .*/- placement: \\"north 2 south 2 center 3\\"/" "$1"\n' >ed
	chmod +x ed
	EDITOR=./ed run "$UMPIRE" orders g.yaml -s p.key --sign -o signed.yaml
	[ "$status" -eq 0 ]
	grep -q 'placement: "north 2 south 2 center 3"' signed.yaml
	run "$UMPIRE" verify signed.yaml --game g.yaml
	[ "$status" -eq 0 ]
	ls orders-draft-* 2>/dev/null && return 1
	run "$UMPIRE" adjudicate g.yaml signed.yaml -s r.key -o g2.yaml
	[ "$status" -eq 0 ]
}

@test "orders --sign: a refused answer keeps the draft and signs nothing" {
	new_arnswalde_game g.yaml
	printf '#!/bin/sh\nsed -i "s/^- placement: .*/- placement: \\"zzz\\"/" "$1"\n' >ed
	chmod +x ed
	VISUAL=./ed run "$UMPIRE" orders g.yaml -s p.key --sign -o signed.yaml
	[ "$status" -eq 1 ]
	assert_output_has "your answers are kept in ./orders-draft-"
	assert_output_has "'zzz' is not a legal answer"
	[ ! -e signed.yaml ]
	draft=$(ls orders-draft-*.yaml)
	[ "$(stat -c %a "$draft")" = 600 ]
	EDITOR=false run "$UMPIRE" orders g.yaml -s p.key --sign -o s2.yaml
	[ "$status" -eq 2 ]
	assert_output_has "the editor 'false' failed"
	[ ! -e s2.yaml ]
}

@test "make install: the binary finds its scenarios beside itself; uninstall" {
	# DESTDIR: the binary lives where it was not built for (its
	# compiled-in /usr/local/share/umpire is not there), as after
	# 'make install PREFIX=...' with a stale build
	root="$BATS_TEST_DIRNAME/../.."
	dest="$BATS_TEST_TMPDIR/dest"
	make -s -C "$root" install DESTDIR="$dest" >/dev/null
	bin="$dest/usr/local/bin/umpire"
	[ -x "$bin" ]
	[ -f "$dest/usr/local/share/bash-completion/completions/umpire" ]
	[ -f "$dest/usr/local/share/man/man5/umpire-scenario.5" ]
	run env -u UMPIRE_SCENARIOS "$bin" scenarios
	[ "$status" -eq 0 ]
	assert_output_has "arnswalde-1945"
	make -s -C "$root" uninstall DESTDIR="$dest" >/dev/null
	[ -z "$(find "$dest" -type f)" ]
}

@test "make install: prefix, exec_prefix, bindir, datadir, mandir; PREFIX prefix's alias" {
	# make -n: the paths install and uninstall would write, nothing run
	# (a real install for another prefix rebuilds the shared binary,
	# whose compiled-in scenario directory follows datadir)
	root="$BATS_TEST_DIRNAME/../.."
	paths() {
		make -s -n -C "$root" "$@" DESTDIR=/D |
			awk '$1 == "install" && $2 == "-m" { print $NF }
			     $1 == "rm" { for (i = 3; i <= NF; i++) print $i }' |
			sed 's,/[^/]*$,,' | sort -u | tr '\n' ' '
	}
	[ "$(paths install)" = "/D/usr/local/bin /D/usr/local/share/bash-completion/completions /D/usr/local/share/man/man1 /D/usr/local/share/man/man5 /D/usr/local/share/man/man7 /D/usr/local/share/man/man8 /D/usr/local/share/umpire/scenarios " ]
	want="/D/opt/u/bin /D/opt/u/share/bash-completion/completions /D/opt/u/share/man/man1 /D/opt/u/share/man/man5 /D/opt/u/share/man/man7 /D/opt/u/share/man/man8 /D/opt/u/share/umpire/scenarios "
	[ "$(paths install prefix=/opt/u)" = "$want" ]
	[ "$(paths install PREFIX=/opt/u)" = "$want" ]
	[ "$(paths install PREFIX=/usr prefix=/opt/u)" = "$want" ]
	[ "$(paths uninstall prefix=/opt/u)" = "$want" ]
	[ "$(paths install prefix=/p exec_prefix=/e)" = "/D/e/bin /D/p/share/bash-completion/completions /D/p/share/man/man1 /D/p/share/man/man5 /D/p/share/man/man7 /D/p/share/man/man8 /D/p/share/umpire/scenarios " ]
	[ "$(paths install bindir=/b datadir=/d mandir=/m)" = "/D/b /D/d/umpire/scenarios /D/m/man1 /D/m/man5 /D/m/man7 /D/m/man8 /D/usr/local/share/bash-completion/completions " ]
	[ "$(paths uninstall bindir=/b datadir=/d mandir=/m)" = "/D/b /D/d/umpire/scenarios /D/m/man1 /D/m/man5 /D/m/man7 /D/m/man8 /D/usr/local/share/bash-completion/completions " ]
	# the binary is built to look for its scenarios under datadir
	run make -s -n -C "$root" install datadir=/d
	assert_output_has "UMPIRE_SCENARIO_DIR='\"/d/umpire/scenarios\"'"
}

@test "bash completion: commands, options, scenario ids and sides" {
	# the completion runs "umpire" from PATH (the plain binary: what is
	# checked here is the script, not memory, in the valgrind pass)
	mkdir bin
	ln -s "$UMPIRE_PLAIN" bin/umpire
	PATH="$PWD/bin:$PATH"
	source "$BATS_TEST_DIRNAME/../../src/shell/umpire.bash"
	COMP_WORDS=(umpire adj); COMP_CWORD=1; _umpire
	[ "${COMPREPLY[*]}" = adjudicate ]
	COMP_WORDS=(umpire new arn); COMP_CWORD=2; _umpire
	[ "${COMPREPLY[*]}" = arnswalde-1945 ]
	COMP_WORDS=(umpire new aachen --side ""); COMP_CWORD=4; _umpire
	[ "${COMPREPLY[*]}" = "allied= german=" ]
	COMP_WORDS=(umpire sign f --ga); COMP_CWORD=3; _umpire
	[ "${COMPREPLY[*]}" = --game ]
	new_arnswalde_game g.yaml
	COMP_WORDS=(umpire view g.yaml --side ""); COMP_CWORD=4; _umpire
	[ "${COMPREPLY[*]}" = "player referee" ]
}

@test "man pages: mandoc -Tlint clean; each SEE ALSO names every other page" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	man="$BATS_TEST_DIRNAME/../../man"
	run sh -c "mandoc -Tlint '$man'/* 2>&1"
	[ -z "$output" ] || { echo "$output"; return 1; }
	for f in "$man"/*.[1578]; do
		self=$(basename "$f"); self=${self%.*}
		for g in "$man"/*.[1578]; do
			other=$(basename "$g"); other=${other%.*}
			[ "$other" = "$self" ] && continue
			sed -n '/^\.SH SEE ALSO/,$p' "$f" | grep -q "^\.BR $other " ||
				{ echo "$self: SEE ALSO lacks $other"; return 1; }
		done
	done
	grep -q 'umpire-scenario(5)\|umpire-scenario.5' \
		"$BATS_TEST_DIRNAME/../../README.md"
	# no page names a file of the source tree (they are not installed)
	run grep -n 'tests/\|examples/\|src/' "$man"/umpire*
	[ "$status" -eq 1 ] || { echo "$output"; return 1; }
}

@test "make honours CPPFLAGS, CFLAGS and LDFLAGS (Debian's hardening)" {
	root="$BATS_TEST_DIRNAME/../.."
	# a make of its own: not the BUILD of a sanitizer pass around it
	b="$BATS_TEST_TMPDIR/b"
	run env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -B -C "$root" \
		BUILD="$b" "$b/umpire" CPPFLAGS=-D_FORTIFY_SOURCE=2 \
		CFLAGS="-O2 -fstack-protector-strong" LDFLAGS=-Wl,-z,relro
	[ "$status" -eq 0 ]
	# every compile line has CPPFLAGS and CFLAGS, the link line LDFLAGS
	# (but emcc's, which build the desk's WebAssembly, and the gzip of
	# it: no host code, no host hardening)
	lines=$(printf '%s\n' "$output" | grep -- ' -c ' |
		grep -v -e emcc -e /desk/obj/ -e '^gzip ' -c || true)
	[ "$lines" -gt 10 ]
	[ "$(printf '%s\n' "$output" | grep -- ' -c ' | grep -v -e emcc -e /desk/obj/ -e '^gzip ' |
	    grep -c -- '-D_FORTIFY_SOURCE=2.*-fstack-protector-strong')" \
	  -eq "$lines" ]
	printf '%s\n' "$output" | grep -- "-o $b/umpire " |
		grep -q -- '-Wl,-z,relro'
}
