# umpire - play-by-email adjudicator for board wargames.
# `make demo` and `make check` install what is missing on Debian first.

# Where make install puts things: GNU's names (prefix, exec_prefix,
# bindir, datarootdir, datadir, mandir), each one given on the command
# line taken; PREFIX, the old name, is prefix's alias (prefix wins when
# both are given). DESTDIR: a staging root before all of them.
PREFIX    ?= /usr/local
prefix    ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir    ?= $(exec_prefix)/bin
datarootdir ?= $(prefix)/share
datadir   ?= $(datarootdir)
mandir    ?= $(datarootdir)/man
DESTDIR   ?=
BINDIR     = $(bindir)
SHAREDIR   = $(datadir)/umpire
MANDIR     = $(mandir)
COMPDIR    = $(datarootdir)/bash-completion/completions

CC        ?= cc
# GMime is compiled against but not linked: umpire dlopens it only when
# it reads or writes a mail message (see include/umpire/gmime_dl.h).
LINK_PKGS  = libsodium yaml-0.1 inih
PKGS       = $(LINK_PKGS) gmime-3.0
DEBS       = build-essential pkg-config libsodium-dev libyaml-dev libinih-dev \
             libgmime-3.0-dev keyutils \
             bats minisign python3 python3-yaml python3-nacl \
             clang libclang-rt-14-dev valgrind time chromium firefox-esr \
             mandoc jq strace nodejs eslint emscripten \
             postfix mutt s-nail procmail logrotate

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(LINK_PKGS) 2>/dev/null)

# a function given where a pointer of another type is expected is an
# error, not a warning (a hook of a declaration with a stale signature
# would be called with its arguments in the wrong places)
# (the compiler asked once a make, not once a compile: := )
WARN_TRUNC := $(shell $(CC) -Werror -Wno-format-truncation -E -x c /dev/null \
               >/dev/null 2>&1 && echo -Wno-format-truncation)
WARN       = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
             -Wformat=2 -Wno-unused-parameter \
             -Werror=incompatible-pointer-types $(WARN_TRUNC)
CFLAGS    ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CPPFLAGS) $(CFLAGS) -Iinclude \
             -DUMPIRE_SCENARIO_DIR='"$(SHAREDIR)/scenarios"' $(PKG_CFLAGS)
LDLIBS     = $(PKG_LIBS) -ldl -lm -pthread
# the program's relocations all made at start and its GOT then read-only
# (full RELRO): no entry is written later, and no call goes through the
# lazy resolver (which saves and restores the vector registers, 0.04 ms
# of a command's first calls, bench/results.txt)
BIN_LDFLAGS = -Wl,-z,relro,-z,now

BUILD     ?= build

# Debian's python3 first on PATH for every recipe: the tests', the
# benches' and emcc's (Debian's emcc runs the python3 PATH finds). make
# deps installs it with python3-yaml and python3-nacl, which the tests
# import. A python3 found before it, as pyenv's shims on a machine set
# up for other work, lacks them and costs some 0.6 CPU s a start
# against 0.06 (tests/attacks/mail.bats, 17 starts: 33 s against 12;
# an emcc compile 0.55 CPU s against 0.30). build/python/python3 is a
# link to it, made when make reads this file.
DEB_PYTHON = /usr/bin/python3
ifneq ($(wildcard $(DEB_PYTHON)),)
PY_DIR    := $(abspath build/python)
$(shell mkdir -p $(PY_DIR) && ln -sfn $(DEB_PYTHON) $(PY_DIR)/python3)
export PATH := $(PY_DIR):$(PATH)
endif
# umpire desk's page, in the binary: its script and style (src/web/,
# as every page's), and the rules' WebAssembly, which make all builds
# where Debian's emscripten is installed (emcc; make deps installs it)
# and leaves out, saying so in a line, where it is not (the command then
# says how to get it); see the desk's section below. DESK is build/desk
# whatever BUILD is: the WebAssembly is emcc's, not CC's, the same for
# the plain, ASan and fuzzing builds, which share it.
DESK      ?= build/desk
EMCC_FOUND := $(shell command -v emcc 2>/dev/null)
DESK_BUILT = $(if $(EMCC_FOUND),$(DESK)/umpire-desk.js \
               $(DESK)/umpire-desk.wasm.gz)
DESK_FILES_OBJ = $(BUILD)/gen/desk_files.o
LIB_SRC    = $(wildcard src/core/*.c) $(wildcard src/rules/*.c) \
             $(wildcard src/rules/lib/*.c) $(wildcard src/rules/*/*.c)
CMD_SRC    = src/main.c $(wildcard src/cmd/*.c) $(wildcard src/judge/*.c)
# the pages' scripts and style sheets, built in (umpire/web.h): each
# src/web/NAME.EXT made into $(BUILD)/gen/web_NAME_EXT.c
WEB_SRC    = $(wildcard src/web/*.js src/web/*.css)
WEB_JS     = $(filter %.js,$(WEB_SRC))
WEB_GEN    = $(foreach f,$(WEB_SRC),$(BUILD)/gen/web_$(subst .,_,$(notdir $f)).c)
LIB_OBJ    = $(LIB_SRC:%.c=$(BUILD)/%.o) $(WEB_GEN:.c=.o)
CMD_OBJ    = $(CMD_SRC:%.c=$(BUILD)/%.o)
LIB        = $(BUILD)/libumpire.a
BIN        = $(BUILD)/umpire
UNIT_SRC   = $(wildcard tests/unit/test_*.c)
UNIT_BIN   = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
CONFORM    = $(BUILD)/tests/conform
MAN_VIEWS  = $(BUILD)/tests/man-views

.PHONY: all deps check check-unit check-conformance check-e2e demo clean \
        install sanitize bench bench-judge bench-judge-clients bench-balance bench-replay-steps bench-desk bench-desk-letters bench-game-end bench-audit-memory fuzz fuzz-run check-hostile check-faults check-faults-full \
        check-tamper check-fuzz-corpus check-asan check-asan-full check-valgrind check-valgrind-full \
        check-attacks check-e2e-files check-data check-layers check-js \
        check-mail \
        check-judge-load check-stress check-views check-sweep man-views \
        uninstall deps-of deb deb-deps check-deb FORCE

all: $(BIN)
ifeq ($(EMCC_FOUND),)
	@echo "umpire built without the desk's page: emcc is missing (make deps installs Debian's emscripten)"
endif

# Install the Debian packages that are missing (no-op when all are there).
deps:
	@$(MAKE) --no-print-directory deps-of DEPS_OF='$(DEBS)'
	@pkg-config --exists $(PKGS) || { echo "missing pkg-config modules:" \
	  "$$(for p in $(PKGS); do pkg-config --exists $$p || echo $$p; done)" >&2; \
	  exit 1; }

# The packages DEPS_OF, those missing installed.
deps-of:
	@missing=""; for p in $(DEPS_OF); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  echo 'postfix postfix/main_mailer_type select No configuration' | \
	    $$SUDO debconf-set-selections; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# A file of src/web/ as C: its bytes in the array web_NAME_EXT, a NUL
# after them, and their number in web_NAME_EXT_len (src/web/embed.sh:
# od and sed, no tool the build does not have already). The page
# writes the bytes as they are.
.SECONDARY: $(WEB_GEN)
$(BUILD)/gen/web_%_js.c: src/web/%.js src/web/embed.sh
	@mkdir -p $(dir $@)
	sh src/web/embed.sh $@ web_$*_js=$<
$(BUILD)/gen/web_%_css.c: src/web/%.css src/web/embed.sh
	@mkdir -p $(dir $@)
	sh src/web/embed.sh $@ web_$*_css=$<
$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# The compiled-in scenario directory follows datadir (prefix): a build
# for another rebuilds main.o (the stamp changes only when it does). The
# binary looks beside itself first anyway (umpire(1), FILES).
$(BUILD)/prefix: FORCE
	@mkdir -p $(dir $@)
	@[ "$$(cat $@ 2>/dev/null)" = "$(SHAREDIR)" ] || echo "$(SHAREDIR)" >$@
$(BUILD)/src/main.o: $(BUILD)/prefix
FORCE:

$(LIB): $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(AR) rcs $@ $^

$(BIN): $(CMD_OBJ) $(DESK_FILES_OBJ) $(LIB)
	$(CC) $(ALL_CFLAGS) $(BIN_LDFLAGS) $(LDFLAGS) -o $@ $(CMD_OBJ) \
	  $(DESK_FILES_OBJ) $(LIB) $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB) tests/unit/unit.h tests/unit/random_game.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Itests/unit -o $@ $< $(LIB) $(LDLIBS)

# The end-to-end passes' choice of a command path's first run
# (tests/first-path.c), always the plain build's: it runs before each
# of thousands of runs of umpire. umpire-asan and umpire-vg, the passes'
# wrappers of umpire, are the same program.
FIRST_PATH = build/tests/first-path
UMPIRE_ASAN_WRAP = build/tests/umpire-asan
UMPIRE_VG_WRAP = build/tests/umpire-vg
$(FIRST_PATH): tests/first-path.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(WARN) -O2 -o $@ $<
$(UMPIRE_ASAN_WRAP) $(UMPIRE_VG_WRAP): $(FIRST_PATH)
	ln -f $< $@

$(MAN_VIEWS): tests/man-views.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# umpire-protocol(7) VIEWS: what each game's view holds and hides, made
# from the rules' state declarations (tests/man-views.c); check-data
# fails while the page says otherwise.
man-views: $(MAN_VIEWS)
	$(MAN_VIEWS) --write man/umpire-protocol.7

$(CONFORM): tests/conformance/conform.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# make check on CI's two cores, within its half hour: the builds run
# CHECK_JOBS compilers at once, and the stages that are one process each
# run CHECK_STAGE_JOBS at a time (make -O: each stage's output whole when
# it ends); the end-to-end files run two at a time on their own
# (tests/bats-files), each file once, in the ASan pass (check-asan: the
# first run of each command path instrumented, its repeats plain), but
# package, which builds the Debian package with the plain binary
# (check-e2e-files E2E_ONLY=package). What each stage runs at full size
# beyond what proves its point has a target of its own: check-stress,
# the full check-judge-load, check-sweep, check-asan-full,
# check-valgrind-full, check-mail-full.
CHECK_JOBS = 2
# check-mail first: the longest (real postfix, whole games by mail),
# the others beside it. check-desk: the desk's page in Chromium and
# Firefox (tests/e2e/desk.bats, 24 CPU s), its WebAssembly built by the
# first make all where emscripten (make deps) is found: 157 CPU s from
# clean, some 80 s of wall on two cores.
# CHECK_STAGE_JOBS: check-mail waits a part of its time (506 CPU s in
# 1,244 s of wall on a loaded machine). Measured on a machine others
# loaded (no core idle to fill), a third lane beside it gave
# nothing: 886 s for the stages against 876 with two, every stage
# slower for the contention (views 291 s against 140), and the mail
# tests' waits for a delivery nearer their bounds. Its wait is not
# postfix's: the mail log's delays= give some 0.3 s a step to the
# judge's pipe and 0.02 s to a Maildir; the rest is the tests' own
# commands (umpire, mutt, s-nail, python) on a loaded machine.
# Each stage's size, measured (the shared machine, load average 5 to
# 10, a stage alone beside one other; wall s, CPU s):
#   check-mail   1,130 / 317 before, 558 / 209 after one whole game by
#                mail, not two (judge-players.bats), and no 30 s wait
#                for a letter that must not come (judge.bats)
#   check-views    348 / 183 before, 223 / 153 after the defaults
#                played once where the option sets play both view modes
#   check-faults   the judge's file 573 / 168 before, 362 / 155 after
#                one kill a run of the loader's opens (96 and 104 kill
#                points, 75 and 84)
#   check-attacks 1,144 / 400 before: hidden.bats' Race to the
#                Reichstag test searched its probe again in every hidden
#                state, 429 / 180 alone; 88 / 50 with the answers found
#                in the first state given to the others; the whole
#                stage 344 / 271 after (a quieter hour, load 2 to 4)
#   check-desk     666 / 163 (desk-keys.bats' two key tests 98 and 83 s:
#                scrypt at umpire keygen's limits, their point)
# check-hostile is not among them: the ASan pass runs every case of its
# catalogue instrumented (the same inputs, the same answers checked),
# and the plain run was 53 CPU s more. sanitize, the ASan pass's build
# (186 CPU s), is the last of them: it takes the lane the first stage
# to end leaves, rather than a phase of its own after them all.
CHECK_STAGES = check-mail check-views check-desk check-faults \
  check-attacks check-tamper check-unit check-conformance \
  check-data check-layers check-js sanitize
# On a quiet machine (09:11 UTC, nothing else running) the stages took
# 756 s of wall time for 1,076 CPU s, two at a time: 71% of two cores,
# as though their files waited (check-mail 359 s for 192 CPU s,
# check-desk 278 for 155). Three at a time (09:46 UTC, quiet too) took
# 765 s for 1,130 CPU s: each file slower (check-mail 647 s for 255
# CPU s, check-desk 489 for 191). What looked like waiting is the two
# cores' contention: a third lane has nothing to fill. Nor did the
# valgrind pass beside the ASan pass: 1,047 s for both against 933 and
# 112 one after the other.
CHECK_STAGE_JOBS = 2
check: deps
	$(MAKE) -j$(CHECK_JOBS) all $(UNIT_BIN) $(CONFORM) $(MAN_VIEWS)
	$(MAKE) -j$(CHECK_STAGE_JOBS) -O $(CHECK_STAGES)
	$(MAKE) check-e2e-files E2E_ONLY='$(ASAN_E2E_SKIP)'
	$(MAKE) check-judge-load JUDGE_LOAD='$(JUDGE_LOAD_CHECK)' \
	  JUDGE_LOAD_LMTP='$(JUDGE_LOAD_LMTP_CHECK)' JUDGE_TURN_STEPS= \
	  JUDGE_MAILDIR_TURNS= \
	  JUDGE_LMTP_FLOOD= JUDGE_LMTP_KILLS=
	$(MAKE) check-asan
	$(MAKE) check-valgrind

check-unit: $(UNIT_BIN)
	@fail=0; for t in $(UNIT_BIN); do $$t || fail=1; done; exit $$fail

check-conformance: $(CONFORM)
	$(CONFORM) scenarios tests/conformance

# Data drafted for Race to the Reichstag: the generator still writes the
# committed map, the check of places, sectors, units and water passes,
# and the scenario is what reichstag-scenario.py assembles from them.
# And the code's layers: no module includes another that includes it
# back (tests/include-circles.py), and no file of the judge (src/judge/)
# includes the header of a layer above its own (tests/judge-layers.py;
# that it can fail, a copy whose store.c includes the front ends' header
# must). And umpire-protocol(7) VIEWS says what
# the rules' state declarations hide (make man-views rewrites it); that
# the comparison can fail, a copy of the page missing a line of it must.
# And the sanitizer passes' wrappers tell a command path's first run
# from its repeats (tests/first-path-check.sh on tests/first-path.c).
# And no bats test asserts with a bare "! cmd" or an "[ a ] && [ b ]"
# that errexit ignores (tests/bats-bangs.py; that it can fail, a test
# with each must).
check-data: $(MAN_VIEWS) $(FIRST_PATH)
	bash tests/first-path-check.sh $(abspath $(FIRST_PATH))
	python3 tests/bats-bangs.py
	mkdir -p $(BUILD)
	printf '@test "t" {\n\t! true\n\ttrue\n}\n' >$(BUILD)/bangs-bad.bats
	python3 tests/bats-bangs.py $(BUILD)/bangs-bad.bats \
	  2>$(BUILD)/bangs-bad.out; [ $$? = 1 ]
	grep -q 'bangs-bad.bats:2: a bare "! cmd"' $(BUILD)/bangs-bad.out
	printf '@test "t" {\n\t[ -n "" ] && [ -n x ]\n\ttrue\n}\n' \
	  >$(BUILD)/ands-bad.bats
	python3 tests/bats-bangs.py $(BUILD)/ands-bad.bats \
	  2>$(BUILD)/ands-bad.out; [ $$? = 1 ]
	grep -q 'ands-bad.bats:2: "a && b" of tests' $(BUILD)/ands-bad.out
	python3 tests/include-circles.py
	python3 tests/judge-layers.py
	rm -rf $(BUILD)/layers-upward && mkdir -p $(BUILD)/layers-upward/src
	cp -R src/judge $(BUILD)/layers-upward/src/
	sed -i '/^#include "store.h"/a #include "front.h"' \
	  $(BUILD)/layers-upward/src/judge/store.c
	! python3 tests/judge-layers.py $(BUILD)/layers-upward >/dev/null
	$(MAN_VIEWS) --check man/umpire-protocol.7
	sed '/^\.\\" BEGIN generated/{n;d;}' man/umpire-protocol.7 \
	  >$(BUILD)/stale-protocol.7
	! $(MAN_VIEWS) --check $(BUILD)/stale-protocol.7 2>/dev/null
	python3 scenarios/tools/reichstag-map.py --stdout | \
	  cmp - scenarios/tools/reichstag/map.yaml
	python3 scenarios/tools/reichstag-check.py
	python3 scenarios/tools/reichstag-scenario.py --stdout | \
	  cmp - scenarios/race-to-the-reichstag.yaml

# The judge's layers in its objects: no object of src/judge/ uses a
# symbol defined by a file above its own (a call that bypasses the
# headers too; tests/judge-layers.py). And every room's (src/core,
# src/judge, src/cmd, src/rules/lib, each src/rules/<game>): no circle
# of linked symbols, nothing below the commands using a symbol of
# src/cmd, each external name defined once and shadowed by no static
# (tests/symbol-layers.py; that it can fail, its --self-test compiles
# a circle, a crossing and a shadowed name and must see each).
check-layers: $(BIN)
	python3 tests/judge-layers.py --objects $(BUILD)/src/judge
	python3 tests/symbol-layers.py --self-test
	python3 tests/symbol-layers.py $(BUILD)

# The pages' scripts (src/web/*.js): each parses (node --check) and
# lints clean (eslint, src/web/.eslintrc.json: eslint:recommended, and
# 'use strict' in each script's function). That the lint can fail, a
# copy of a script without 'use strict' and with an undeclared name
# must. NODE_PATH: Debian's eslint finds its modules in
# /usr/share/nodejs, which a Node.js not Debian's does not search.
ESLINT = NODE_PATH=/usr/share/nodejs eslint
check-js:
	for f in $(WEB_JS); do node --check $$f || exit 1; done
	$(ESLINT) src/web
	rm -rf $(BUILD)/js-bad && mkdir -p $(BUILD)/js-bad
	cp src/web/.eslintrc.json $(BUILD)/js-bad/
	sed "/'use strict';/d; s/^var S = /S = /" src/web/replay.js \
	  >$(BUILD)/js-bad/replay.js
	$(ESLINT) $(BUILD)/js-bad >$(BUILD)/js-bad.out; [ $$? = 1 ]
	grep -q ' strict$$' $(BUILD)/js-bad.out
	grep -q ' no-undef$$' $(BUILD)/js-bad.out

check-e2e: $(BIN)
	UMPIRE_BIN=$(abspath $(BIN)) UMPIRE_SCENARIOS=$(abspath scenarios) \
	  bats tests/e2e

# E2E_SKIP: files left out (names without .bats; the ASan pass's).
# E2E_ONLY: only these files (make check's plain pass: the files the
# ASan pass leaves out, ASAN_E2E_SKIP).
E2E_SKIP =
E2E_ONLY =
# (desk.bats, desk-games.bats, desk-keys.bats, judge-desk.bats: make
# check-desk, which builds the WebAssembly first)
# The longest first (CPU s in the ASan pass, a run here: judge-letters
# 178, judge 116, checkpoints 104, newcomer 87, aachen-plans 86,
# judge-lmtp 80, judge-replay 78, readme-walk 76), then the others
# largest file first: a long file started last kept one core alone at
# the pass's end.
E2E_FIRST = judge-letters judge checkpoints newcomer aachen-plans \
  judge-lmtp judge-replay readme-walk replay every-game aachen minisign \
  judge-clock render
E2E_ORDER = $(if $(strip $(E2E_ONLY)),$(E2E_ONLY:%=tests/e2e/%.bats), \
  $(patsubst %,tests/e2e/%.bats,$(filter-out $(E2E_SKIP),$(E2E_FIRST))) \
  $$(ls -S tests/e2e/*.bats | grep -v -e /desk.bats \
     -e /desk-games.bats -e /desk-keys.bats -e /judge-desk.bats \
     $(E2E_FIRST:%=-e /%.bats) $(E2E_SKIP:%=-e /%.bats)))
# The same, one bats process per file, two at a time (make check's plain
# pass and the ASan pass: on two cores, about half check-e2e's time).
# E2E_BIN: the umpire the files run (the ASan pass's: its wrapper).
E2E_BIN = $(abspath $(BIN))
check-e2e-files: $(BIN)
	UMPIRE_BIN=$(E2E_BIN) UMPIRE_SCENARIOS=$(abspath scenarios) \
	  sh tests/bats-files $(E2E_ORDER)

demo: deps
	$(MAKE) all
	sh examples/demo.sh $(BIN)

sanitize:
	$(MAKE) BUILD=build-asan CC=clang \
	  CFLAGS='-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
	  all build-asan/tests/conform $(UNIT_SRC:tests/unit/%.c=build-asan/tests/%)

# ---- hostile input, faults, fuzzing (tests/fuzz, tests/hostile) ----
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
SAN_FLAGS  = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all
FUZZ_DEF   = -DFUZZ_SCENARIOS='"$(abspath scenarios)"' \
             -DFUZZ_BASE='"$(abspath tests/fuzz/delta-base.yaml)"'
FUZZ_TIME ?= 600

# libFuzzer targets (clang): build-fuzz/fuzz/fuzz_NAME.
fuzz:
	$(MAKE) BUILD=build-fuzz CC=clang \
	  CFLAGS='$(SAN_FLAGS) -fsanitize=fuzzer-no-link' \
	  $(FUZZ_NAMES:%=build-fuzz/fuzz/fuzz_%)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(FUZZ_DEF) -fsanitize=fuzzer -o $@ $< $(LIB) $(LDLIBS)

# The same targets with a plain main, to replay the kept corpus.
$(BUILD)/fuzz-replay/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h \
		tests/fuzz/standalone.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(FUZZ_DEF) -o $@ $< tests/fuzz/standalone.c \
	  $(LIB) $(LDLIBS)

# Fuzz every target for FUZZ_TIME seconds, two at a time (corpus grows
# in tests/fuzz/corpus/NAME; crashes land in tests/fuzz/crashes/).
fuzz-run: fuzz
	@mkdir -p tests/fuzz/crashes build-fuzz/logs
	printf '%s\n' $(FUZZ_NAMES) | xargs -P 2 -I{} sh -c \
	  'build-fuzz/fuzz/fuzz_{} -max_total_time=$(FUZZ_TIME) -rss_limit_mb=2048 \
	     -timeout=20 -artifact_prefix=tests/fuzz/crashes/{}- \
	     tests/fuzz/corpus/{} >build-fuzz/logs/{}.log 2>&1; \
	   tail -n 3 build-fuzz/logs/{}.log'

UMPIRE_ENV = UMPIRE_BIN=$(abspath $(BIN)) UMPIRE_SCENARIOS=$(abspath scenarios)

# The catalogue of bad inputs, one case a file (tests/hostile/cases).
check-hostile: $(BIN)
	$(UMPIRE_ENV) python3 tests/hostile/run.py

# The attack suite: one test per attack on the trust model, each one
# written to fail on the code before its fix (tests/attacks/README.md).
# tests/deb/postinst.bats: the package's postinst against a link the
# service user planted (a namespace of its own: nothing installed).
check-attacks: $(BIN)
	$(UMPIRE_ENV) JOBS=1 sh tests/bats-files tests/attacks/*.bats \
	  tests/deb/postinst.bats

# The concurrency attacks at their full count: 200 rounds of 16
# processes each (make check runs 20, which the lock serialises into
# seconds; a fork, where the lock is missing, shows within two rounds).
# Then a --maildir run killed at 200 random times, a run and a tick
# taking what it left at once (make check kills it 8 times, beside
# its every sync, rename, link and unlink: tests/faults/judge.bats).
MAILDIR_KILLS = 200
check-stress: $(BIN)
	$(UMPIRE_ENV) ROUNDS=200 bats tests/attacks/concurrent.bats
	$(UMPIRE_ENV) MAILDIR_KILLS=$(MAILDIR_KILLS) bats -f 'maildir run killed' \
	  tests/faults/judge.bats

# Real mail: a private postfix (no network listener, Maildirs of three
# test users) and mutt in batch mode carry every file (tests/mail), and
# umpire judge, run by that postfix's pipe transport, referees a game
# (tests/mail/judge.bats). The
# postfix package is installed unconfigured ("No configuration"), so the
# system's own mail service is left alone; where the private instance
# cannot start (not root), the tests say so and skip.
# (One file at a time through tests/bats-files, as check-attacks: the
# log gives each file's wall time and CPU seconds, and each test's.)
check-mail: $(BIN)
	$(UMPIRE_ENV) JOBS=1 sh tests/bats-files tests/mail/*.bats

# The same with the whole Russo-German Wars judge.bats and real-mta.bats
# play and judge-players.bats' game without mistakes (MAIL_FULL=1; some
# 250 s more, and that game 45 to 250 s as the draws fall), beside
# judge-players.bats' whole game, each mistake made and every letter
# counted, and real-mta.bats' refereed Arnswalde game.
check-mail-full: $(BIN)
	$(UMPIRE_ENV) MAIL_FULL=1 bats tests/mail

# The judge under load (tests/load/README.md): MESSAGES mail messages for
# GAMES Arnswalde games delivered to PROCS concurrent `umpire judge`
# processes; every message answered or dropped as it should be, none
# lost or taken twice, every game audited. `make check-judge-load` runs
# the full size, JUDGE_LOAD: on the shared 2-core machine (load average
# 2 to 4.5, mostly its own) it took 70 s with its flood of 10,000
# strangers' messages, 30 s without (tests/load/README.md). A smaller
# run: make check-judge-load JUDGE_LOAD='GAMES=20 MESSAGES=200 FLOOD=300
# PROCS=8'.
# Then a smaller run of judges sharing one Maildir (--maildir), where a
# message must be taken by exactly one of them. FLOOD strangers'
# messages are shuffled in with the honest ones (no umpire file, a YAML
# not umpire's, forged signatures, unknown games, deep MIME nesting, 10
# MB of tiny MIME parts, over the size limit): each dropped with a log
# line, nothing of theirs kept, no honest game disturbed.
JUDGE_LOAD = GAMES=200 MESSAGES=2000 FLOOD=10000 PROCS=8
# make check runs a tenth of it, JUDGE_LOAD_CHECK, sized to prove the
# point within CI's budget: eight judges at once on 400 messages take
# the same games from each other as often as the point needs (no message
# lost or taken twice, every refusal answered, every game audited), and
# a flood of 400 strangers' messages of every kind (two of the 10 MB
# ones, one over the limit) beside them.
JUDGE_LOAD_CHECK = GAMES=40 MESSAGES=400 FLOOD=400 PROCS=8
JUDGE_LOAD_MAILDIR = GAMES=20 MESSAGES=200 FLOOD=100 PROCS=8 DELIVERY=maildir
# Then one judge serving LMTP (--lmtp) a club's mix over 4 connections
# at once (the most it serves from one peer, as postfix's transport to
# it opens, JUDGE_LMTP_PEER in umpire/judge.h): the players' real
# orders of 450 games at once, ten messages a game, and strangers'
# messages as 10% of all (judge-load prints the share), its memory
# read after every round and asked to stay flat (tests/load/README.md).
# make check runs it at 222 messages, 10% strangers'
# (JUDGE_LOAD_LMTP_CHECK).
JUDGE_LOAD_LMTP = GAMES=450 MESSAGES=4500 FLOOD=500 PROCS=4 DELIVERY=lmtp
JUDGE_LOAD_LMTP_CHECK = GAMES=20 MESSAGES=200 FLOOD=22 PROCS=4 DELIVERY=lmtp
# And the letter that ends a long turn, at full size: a Race to the
# Reichstag game of JUDGE_TURN_STEPS steps a decision a mail, whose
# later turns take more checkpoints than a run keeps (make check plays
# its first 64, in tests/e2e, and leaves this out: JUDGE_TURN_STEPS=).
JUDGE_TURN_STEPS = 260
# And a judged Race to the Reichstag through a Maildir for
# JUDGE_MAILDIR_TURNS game turns (make check plays one, in tests/e2e,
# and leaves this out: JUDGE_MAILDIR_TURNS=).
JUDGE_MAILDIR_TURNS = 3
# And a flood of JUDGE_LMTP_FLOOD strangers' messages of 0.95 MB
# through a real postfix to the LMTP judge, a party's orders among
# them taken within 60 s, none deferred (tests/mail/judge-lmtp.bats;
# make check-mail runs 50, and make check leaves this out:
# JUDGE_LMTP_FLOOD=). It fails at 150 on the judge before postfix's
# transport to it was bounded: 46 deliveries told 421 and deferred.
JUDGE_LMTP_FLOOD = 150
# And four clients' messages arriving together at the LMTP judge, the
# server killed at each of their round's syncs, renames and links (make
# check kills it at the first syncfs alone: JUDGE_LMTP_KILLS=).
JUDGE_LMTP_KILLS = all
check-judge-load: $(BIN)
	$(UMPIRE_ENV) $(JUDGE_LOAD) python3 tests/load/judge-load
	$(UMPIRE_ENV) $(JUDGE_LOAD_MAILDIR) python3 tests/load/judge-load
	$(UMPIRE_ENV) $(JUDGE_LOAD_LMTP) python3 tests/load/judge-load
	if [ -n "$(JUDGE_TURN_STEPS)" ]; then \
	  $(UMPIRE_ENV) JUDGE_TURN_STEPS=$(JUDGE_TURN_STEPS) bats -f \
	    'reaches back past' tests/e2e/judge-letters.bats; fi
	if [ -n "$(JUDGE_MAILDIR_TURNS)" ]; then \
	  $(UMPIRE_ENV) JUDGE_MAILDIR_TURNS=$(JUDGE_MAILDIR_TURNS) bats -f \
	    'game turns of the Race' tests/e2e/judge.bats; fi
	if [ -n "$(JUDGE_LMTP_FLOOD)" ]; then \
	  $(UMPIRE_ENV) FLOOD_LMTP=$(JUDGE_LMTP_FLOOD) bats -f \
	    'mail lmtp flood' tests/mail/judge-lmtp.bats; fi
	if [ -n "$(JUDGE_LMTP_KILLS)" ]; then \
	  UMPIRE_BIN=$(abspath $(BIN)) UMPIRE_SCENARIOS=$(abspath scenarios) \
	    LMTP_KILLS=$(JUDGE_LMTP_KILLS) bats -f 'killed at every sync' \
	    tests/e2e/judge-lmtp.bats; fi

# 200 random single edits of a finished game of each scenario.
TAMPER_EDITS = 200
check-tamper: $(BIN)
	$(UMPIRE_ENV) python3 tests/tamper/prop.py $(TAMPER_EDITS)

# Full disk, kill -9 while writing, unreadable inputs.
check-faults: $(BIN)
	$(UMPIRE_ENV) sh tests/faults/faults.sh
	$(UMPIRE_ENV) bats tests/faults/judge.bats

# The same, a game's first journal (a new file, not the spare an
# earlier one left) killed at every point, not only where it makes and
# names its file.
check-faults-full: $(BIN)
	$(UMPIRE_ENV) sh tests/faults/faults.sh
	$(UMPIRE_ENV) FAULTS_FULL=1 bats tests/faults/judge.bats

# The whole suite once more under ASan+UBSan (clang, build-asan/); the
# tamper run with 40 edits a game, not 200: each edit is refused by the
# same reading code, which the plain pass checks 200 times over.
# intercept_tls_get_addr=0: LeakSanitizer's own tracking of dynamic TLS
# guesses the glibc version from an address's alignment and, when the
# guess is wrong, scans a range near zero and dies ("Tracer caught signal
# 11") after the program has run (google/sanitizers#1322). GLib, loaded
# with GMime, keeps its thread data there (signing orders on a mailed
# Kampfgruppe Peiper game died so). Without the interception those blocks
# are found as heap reachable from the thread's own TLS: no false leak.
# The end-to-end files run umpire through build/tests/umpire-asan: in a
# file, the first run of each command path is the instrumented build's
# (tests/first-path.c: its subcommand, its options' names, its game's
# scenario; judge and open, fed a stranger's message by each test, once
# a test), the repeats the plain build's (UMPIRE_FIXTURE_BIN), as the
# valgrind pass does with memcheck. An instrumented run costs some 100
# ms more than a plain one here (ASan's start and LeakSanitizer's check
# at exit), and a game played step by step was most of the pass
# (newcomer.bats: 56 CPU s with every run instrumented, 35 plain, 33 so).
# Measured on full runs: the files' end-to-end time, two at a time, was
# 381 s plain and 900 s under ASan before; 1,077 s for all of them so
# (most of what is left is waiting and other programs: judge-lmtp's
# kills, replay's Chromium, 220 s each). Since, replay.bats opens the
# pages a test looks at in fresh tabs of one Chromium (cdp.py "@open"),
# not a Chromium an address, and the judge's tests make their fixture
# games once a file and copy them (judge-helpers.bash once:
# hostile_setup, judge-lmtp's four_games, judge-clock's solo), and
# judge-lmtp's holders of connections end on cue. A file alone in this
# pass's setting, before and after on a loaded machine (wall s, CPU s
# where the loads differed): replay 266 -> 190 (98 -> 63 CPU s),
# judge-lmtp 379 -> 188 (130 -> 90 CPU s), judge's tests after its
# whole games 148 -> 81, judge-route 159 -> 75 (35 -> 28 CPU s),
# judge-clock 469 -> 453 (the whole pass not timed again here). What
# is left of the longest: judge's whole games (some 175 s of its
# file), checkpoints' long Aachen games played a decision a mail (its
# tests 13, 14 and 16: 296 s of its 645 in a run here at load 9 to
# 13), replay's Chromium. The hostile, tamper and fuzz-corpus runs,
# each input once, stay instrumented whole. So the pass runs every file but package (it builds the Debian
# package, whose binary is not the instrumented one; the plain pass
# runs it), and make check-asan-full every run of every file
# instrumented (UMPIRE_ASAN=all).
ASAN_E2E_SKIP = package
check-asan-full:
	UMPIRE_ASAN=all $(MAKE) check-asan ASAN_E2E_SKIP=
check-asan: $(UMPIRE_ASAN_WRAP)
	$(MAKE) -j$(CHECK_JOBS) sanitize
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	UMPIRE_FIXTURE_BIN=$(abspath build/umpire) \
	UMPIRE_ASAN_BIN=$(abspath build-asan/umpire) \
	$(MAKE) -j$(CHECK_JOBS) -O BUILD=build-asan CC=clang CFLAGS='$(SAN_FLAGS)' \
	  TAMPER_EDITS=40 E2E_SKIP='$(ASAN_E2E_SKIP)' \
	  E2E_BIN=$(abspath $(UMPIRE_ASAN_WRAP)) \
	  check-e2e-files check-hostile check-tamper check-fuzz-corpus \
	  check-unit check-conformance

# The end-to-end tests under valgrind (no error, no leak): each file's
# own umpire commands run under memcheck (build/tests/umpire-vg), the
# first run of each command path in the file (its subcommand, the names
# of its options, its game's scenario; judge and open, fed a stranger's
# message by each test, once a test), the repeats with the plain binary:
# a game played step by step has its first step checked and the audit
# that replays it all. make check-valgrind-full runs every command of
# the same files under memcheck (UMPIRE_VG=all), as make check did
# before: some six times the memcheck runs (about 1,660 against 270 on
# the logged plain pass), half an hour on two cores. The
# whole games a file plays before its tests (setup_file) are made with
# the plain binary (UMPIRE_REAL_BIN, see tests/e2e/helpers.bash); the
# tests then audit, report, render and adjudicate them under memcheck.
# One bats process per file, two at a time (tests/bats-files): memcheck
# runs on one core, so this halves the wall time on two cores. The
# longest first (by CPU time under memcheck: every-game), then the
# others, so that the last ones to
# start are short.
VALGRIND_ENV = UMPIRE_BIN=$(abspath $(UMPIRE_VG_WRAP)) \
  UMPIRE_REAL_BIN=$(abspath $(BIN)) UMPIRE_SCENARIOS=$(abspath scenarios)
# Memcheck runs on what it can find that the ASan+UBSan pass cannot
# (uninitialised reads), once per path, not on every repeat of it: the
# files below, which between them run every command on every game
# (every-game), the judge and the mail reading (judge, mail), the
# boards (render), the checkpoints and the local record (checkpoints),
# the views' whole turn and look-ahead templates (whole-turn, lookahead),
# the game/2 files (formats) and the small files of one command each.
# The others replay the same paths on more positions (aachen, game,
# reichstag, the examples' replays, mail-send, mail-messages, newcomer,
# width, lockout): the plain and ASan passes run them all. Measured
# under memcheck (CPU seconds, 2026-11-24): the files kept about 1,200;
# those left out over 800 more, besides the examples' replays.
# make check leaves out of it whole-turn and render (their memcheck
# runs replay long Race to the Reichstag games, some 75 s of the pass's
# wall time on two cores: the ASan pass runs both, and every-game renders
# and views every game under memcheck); check-valgrind-full runs them,
# every run of every file under memcheck. It leaves out too referee (a
# refereed game by sealed views, 100 s under memcheck against 10 plain
# in the last full run: every-game plays refereed games, judge seals
# and opens orders and letters, lookahead, checkpoints and formats make
# and read views, all under memcheck; the ASan pass runs referee),
# minisign (stock minisign's keys and signatures, 40 s) and readme-walk
# (README's walks, 31 s): the ASan pass runs both, and every-game their
# commands; check-valgrind-full runs all three. And checkpoints (its
# long games' every checkpoint read: 143 s of the pass's wall time in
# the last full run, the longest file but judge; judge, every-game and
# formats read and keep checkpoints under memcheck, and the ASan pass
# runs each of its command paths instrumented). And judge (243 s of the
# pass's wall time, the longest file: its 29 tests' judge runs under
# memcheck each, and its whole games played plain; the judge's paths
# are memcheck's in judge-lmtp.bats, whose server takes 71 messages,
# honest and strangers', under memcheck in the ASan pass, and each
# test's judge run is instrumented in the ASan pass).
# And the small files of one command each (refusal, check, json, delta,
# independent, audit-queue, luck, readme: 102 of the pass's 298 CPU s
# in a run here), whose commands every-game runs under memcheck on
# every game: make check's time (2,160 s in CI against its 1,800)
# keeps to the files whose paths no other file of the pass runs.
VALGRIND_FILES = every-game mail lookahead judge-bounce formats
VALGRIND_SMALL = refusal check json delta independent audit-queue luck \
  readme
VALGRIND_ORDER = $(VALGRIND_FILES:%=tests/e2e/%.bats)
VALGRIND_FULL_ORDER = tests/e2e/judge.bats $(VALGRIND_ORDER) \
  $(VALGRIND_SMALL:%=tests/e2e/%.bats) tests/e2e/checkpoints.bats \
  tests/e2e/whole-turn.bats \
  tests/e2e/render.bats tests/e2e/referee.bats tests/e2e/minisign.bats \
  tests/e2e/readme-walk.bats
check-valgrind: $(BIN) $(UMPIRE_VG_WRAP)
	$(VALGRIND_ENV) sh tests/bats-files $(VALGRIND_ORDER)

check-valgrind-full: $(BIN) $(UMPIRE_VG_WRAP)
	$(VALGRIND_ENV) UMPIRE_VG=all sh tests/bats-files $(VALGRIND_FULL_ORDER)

check-fuzz-corpus: $(FUZZ_NAMES:%=$(BUILD)/fuzz-replay/fuzz_%) $(BIN)
	@for n in $(FUZZ_NAMES); do \
	  $(BUILD)/fuzz-replay/fuzz_$$n tests/fuzz/corpus/$$n \
	    $$(ls -d tests/fuzz/crashes/$$n-* 2>/dev/null) || exit 1; done
	sh tests/fuzz/check-seeds.sh $(abspath $(BIN))

# Every scenario with every option, played to its end by script, every
# view of every step read as a player reads it (status, render, report;
# orders and sign -g by the side to act) and audited, in both view modes
# where the game has views (plain, and sealed as the judge mails them);
# a game without views is read from its file (tests/sweep/sweep.py).
# check-views, in make check: each option's values alone, one game each
# (the defaults of a game with views twice, one plain and one sealed,
# where no other option set's game plays its views sealed: the Russo-
# German War's; Race to the Reichstag's play them plain and sealed),
# the template's first legal answers as orders, two games at a time.
# check-sweep: every combination of options the rules accept, SWEEP_GAMES
# games each, with the template's answers and with the examples'
# scripted players (examples/*/choose.py); SWEEP=... adds options of
# sweep.py (--only SCENARIO, --keep DIR).
SWEEP_GAMES = 2
check-views: $(BIN)
	$(UMPIRE_ENV) python3 tests/sweep/sweep.py --games 1 --jobs 2

check-sweep: $(BIN)
	$(UMPIRE_ENV) python3 tests/sweep/sweep.py --all --games $(SWEEP_GAMES) \
	  --policy both --jobs 2 $(SWEEP)

# A benchmark, not a test: ratios against minisign and the bare crypto.
# Aachen's balance is not played here (an hour and a half of the run at
# 50 games a pairing): its section in bench/results.txt is carried over
# from make bench-balance's last run (BENCH_BALANCE_GAMES=N plays it in
# make bench too).
$(BUILD)/bench/bare: bench/bare.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LDLIBS)

bench: $(BIN) $(BUILD)/bench/bare
	python3 bench/bench.py $(BIN) $(BUILD)/bench/bare bench/results.txt

# The judge's cost against adjudicate's (a message on stdin, and one
# over LMTP to a running judge, with its throughput), and umpire mail,
# sign -g and adjudicate by the game's length, in instructions
# (callgrind): that section of make bench alone; then the judge's letters per player and
# game turn in a whole Race to the Reichstag and a whole Russo-German
# War (bench/letters.py, one line); both written into bench/results.txt.
bench-judge: $(BIN) $(BUILD)/bench/bare
	python3 bench/bench.py $(BIN) $(BUILD)/bench/bare bench/results.txt \
	  --judge-cost
	python3 bench/letters.py $(BIN) --write bench/results.txt

# The LMTP server beside the tree before (bench.py --lmtp-clients;
# BENCH_BEFORE: that tree's umpire binary), written into
# bench/results.txt: "lmtp on ext4", 4 clients at once to a warm server
# (each worker warm with a message of orders), each delivering its own
# game's orders and strangers' mail (read before the clock starts), the
# two builds in turn, and the syncs a message (strace); "judge message vs
# adjudicate ... (lmtp)" of both at steps 4 and 256 (callgrind). About
# 10 minutes on 2 cores.
bench-judge-clients: $(BIN) $(BUILD)/bench/bare
	@test -x "$(BENCH_BEFORE)" || { echo "give BENCH_BEFORE=the umpire \
	  binary of the tree before"; exit 2; }
	python3 bench/bench.py $(BIN) $(BUILD)/bench/bare bench/results.txt \
	  --lmtp-clients $(BENCH_BEFORE)

# The message that ends a long game (bench/game-end.py): a Race to the
# Reichstag played once to its end or to 1,100 steps (kept in
# build/bench/game-end/), every message to one LMTP judge; the last
# message's instructions against adjudicate's, its letters, the server's
# memory. One line and its notes, written into bench/results.txt (make
# bench carries them over). Not in make check.
bench-game-end: $(BIN)
	$(UMPIRE_ENV) python3 bench/game-end.py $(BIN) --write bench/results.txt

# umpire audit's peak memory at 1,024 steps and 4,096 (bench/audit-
# memory.py): a long Aachen game (data.turns 60) played once (kept in
# build/bench/audit-memory/); AUDIT_MEMORY_BEFORE=BIN measures the
# tree before a change in the same run. One line, written into
# bench/results.txt (make bench carries it over). Not in make check.
bench-audit-memory: $(BIN)
	$(UMPIRE_ENV) python3 bench/audit-memory.py $(BIN) \
	  $(if $(AUDIT_MEMORY_BEFORE),--before $(AUDIT_MEMORY_BEFORE)) \
	  --write bench/results.txt

# Aachen's balance alone (bench.py --balance), printed and written into
# bench/results.txt in place of that section: every Allied policy of
# examples/aachen/trying.py against every German one,
# BENCH_BALANCE_GAMES games a pairing (50 unless set, about an hour and
# a half on two cores), BENCH_BALANCE_JOBS at a time (2);
# BENCH_BALANCE_PAIRS ("careful:counter ...") those pairings alone.
bench-balance: $(BIN) $(BUILD)/bench/bare
	python3 bench/bench.py $(BIN) $(BUILD)/bench/bare bench/results.txt \
	  --balance $(or $(BENCH_BALANCE_GAMES),50)

# A step of a replay page in headless Chromium (bench/replay-steps.py,
# printed, not written; the goal, under 100 ms, is read off it): the
# pages REPLAY_PAGES, else the Race to the Reichstag and Aachen examples,
# measured in turn, REPEATS times.
bench-replay-steps:
	python3 bench/replay-steps.py $(or $(REPLAY_PAGES),\
	  examples/race-to-the-reichstag/replay.html examples/aachen/replay.html)

# The player's desk of a Race to the Reichstag played to step 256 (or
# its last), one decision a mail (bench/one-answer; the game kept in
# build/bench-desk for the next run), in headless Chromium against the
# native command for the same answers (bench/desk.py): one line, printed
# and written into bench/results.txt in place of its last. Then the
# player's key in that page (bench/deskkey.py): a key opened (scrypt as
# keygen) and the answers signed, against umpire keygen; with
# DESK_BEFORE=UMPIRE (one built from the tree before a change) its page
# too, in turn with this one. Not in make check.
bench-desk: desk
	$(UMPIRE_ENV) python3 bench/desk.py $(BIN) bench/results.txt
	$(UMPIRE_ENV) python3 bench/deskkey.py $(BIN) bench/results.txt \
	  $(DESK_BEFORE)

# The bytes a player of the desk receives from the judge per game turn
# (the page with its first letter, then letters as before), against a
# player without it: two whole Russo-German Wars through the judge
# (bench/desk-letters.py; BENCH_BEFORE: the umpire binary of the tree
# before, which plays the game without the desk), one line into
# bench/results.txt. Not in make check.
bench-desk-letters: desk
	$(UMPIRE_ENV) python3 bench/desk-letters.py $(BIN) --write \
	  bench/results.txt $(if $(BENCH_BEFORE),--before $(BENCH_BEFORE))

# The desk's C natively (bench/desknative.c on src/desk/api.c), its
# scenarios in build/desk-scenarios; make bench-desk-native VIEW=FILE
# ANSWERS=FILE [SCENARIO=ID] runs it under callgrind ($(BUILD)/callgrind.out.desk).
DESK_NATIVE = $(BUILD)/bench/desknative
$(DESK_NATIVE): bench/desknative.c src/desk/api.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) \
	  -DDESK_SCENARIOS='"$(abspath $(BUILD))/desk-scenarios"' -o $@ \
	  bench/desknative.c src/desk/api.c $(LIB) $(LDLIBS)
bench-desk-native: $(DESK_NATIVE)
	valgrind --tool=callgrind --callgrind-out-file=$(BUILD)/callgrind.out.desk \
	  $(DESK_NATIVE) $(VIEW) scenarios/$(or $(SCENARIO),race-to-the-reichstag).yaml \
	  $(ANSWERS)

# ---- the Debian package (debian/, debian/README.Debian) ----
# make deb: the package built from a copy of the tree in DEB_DIR with
# the standard tools (dpkg-buildpackage -us -uc -b, debhelper 13), so
# that neither build/ nor the tree's parent directory is touched:
# DEB_DIR/umpire_VERSION_ARCH.deb. make check-deb (not in make check:
# it installs the package on this machine, as root) installs it, makes
# the judge's set-up as its user, runs its tick, runs lintian and
# purges it (tests/deb/check-deb.sh). Its build is make desk (the
# desk's page inside umpire, or a failure), which fetches libyaml's and
# libsodium's Debian sources for the page (debian/README.source).
DEB_DEPS   = dpkg-dev debhelper fakeroot lintian build-essential pkg-config \
             libsodium-dev libyaml-dev libinih-dev libgmime-3.0-dev emscripten
DEB_DIR    = build-deb
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version \
               2>/dev/null)
DEB_FILE   = $(DEB_DIR)/umpire_$(DEB_VERSION)_$(shell dpkg \
               --print-architecture 2>/dev/null).deb

deb-deps:
	@$(MAKE) --no-print-directory deps-of DEPS_OF='$(DEB_DEPS)'

deb: deb-deps
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)/umpire-$(DEB_VERSION)
	tar -cf - --exclude-vcs --exclude=./build --exclude='./build-*' \
	  --exclude='./debian/.debhelper' --exclude=./debian/umpire . | \
	  tar -xf - -C $(DEB_DIR)/umpire-$(DEB_VERSION)
	cd $(DEB_DIR)/umpire-$(DEB_VERSION) && dpkg-buildpackage -us -uc -b
	@ls -l $(DEB_FILE)

check-deb: deb
	sh tests/deb/check-deb.sh $(DEB_FILE)

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SHAREDIR)/scenarios \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
	  $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(COMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/umpire
	install -m 644 scenarios/*.yaml $(DESTDIR)$(SHAREDIR)/scenarios/
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 man/*.7 $(DESTDIR)$(MANDIR)/man7/
	install -m 644 man/*.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 src/shell/umpire.bash $(DESTDIR)$(COMPDIR)/umpire

# Removes exactly what install wrote (and the directories it made, when
# they are left empty).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/umpire $(DESTDIR)$(COMPDIR)/umpire
	rm -f $(addprefix $(DESTDIR)$(SHAREDIR)/scenarios/,$(notdir $(wildcard scenarios/*.yaml)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(wildcard man/*.1)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man5/,$(notdir $(wildcard man/*.5)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man7/,$(notdir $(wildcard man/*.7)))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man8/,$(notdir $(wildcard man/*.8)))
	-rmdir $(DESTDIR)$(SHAREDIR)/scenarios $(DESTDIR)$(SHAREDIR) 2>/dev/null

# What the builds made: build/, the sanitizers' and the fuzzers' trees,
# and make deb's (the copy of the tree it built the package in, and the
# package beside it).
clean:
	rm -rf build build-asan build-fuzz $(DEB_DIR)

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)

# ---- the player's desk (src/desk/, DESK.md) ----
# Debian's emscripten (in DEBS; make deps-desk installs it alone); make
# desk-libs builds libyaml and libsodium from Debian's source packages
# with emcc into build/desk/lib (apt-get source through the build's own
# deb-src list, build/desk/apt: the system's apt configuration is
# untouched; debian/README.source says what this asks of a machine);
# make all builds the rules as WebAssembly from them, and the binary
# with it inside, wherever emcc is found (make desk: the same, an error
# where it is not); make check-desk, in make check, runs the page in
# headless Chromium.
DESK_APT   = $(abspath $(DESK)/apt)
DESK_DEBS  = emscripten
# Debian's emcc runs its optimizer with the machine's node: one that is
# not Debian's finds Debian's acorn only through NODE_PATH.
EMCC_ENV   = NODE_PATH=/usr/share/nodejs
EMCC       = $(EMCC_ENV) emcc
# the first line of each recipe that runs emcc: a clear word when it is
# missing
EMCC_HERE  = @command -v emcc >/dev/null || { echo "emcc is missing: make \
  deps-desk installs Debian's emscripten" >&2; exit 1; }
APT_DESK   = apt-get -o Dir::Etc::SourceList=$(DESK_APT)/sources.list \
  -o Dir::Etc::SourceParts=$(DESK_APT)/sources.list.d \
  -o Dir::State::Lists=$(DESK_APT)/lists \
  -o Dir::Cache=$(DESK_APT)/cache -o Debug::NoLocking=1
DESK_SUITE ?= bookworm
DESK_MIRROR ?= http://deb.debian.org/debian

.PHONY: deps-desk desk-libs desk check-desk check-desk-mail bench-desk-native

$(BUILD)/gen/desk_files.c: src/web/embed.sh $(DESK_BUILT)
	@mkdir -p $(dir $@)
	sh src/web/embed.sh $@ desk_glue=$(BUILD)/desk/umpire-desk.js \
	  desk_wasm_gz=$(BUILD)/desk/umpire-desk.wasm.gz

$(BUILD)/gen/desk_files.o: $(BUILD)/gen/desk_files.c
	$(CC) $(ALL_CFLAGS) -c $< -o $@

deps-desk:
	@$(MAKE) --no-print-directory deps-of DEPS_OF='$(DESK_DEBS)'

# The sources, as Debian ships them (dpkg-source unpacks and patches
# them; dpkg-dev is a dependency of build-essential). No apt lock is
# taken (Debug::NoLocking): every directory apt writes is the build's
# own, and an apt-get install running meanwhile is not waited for.
$(DESK_APT)/updated:
	@mkdir -p $(DESK_APT)/sources.list.d $(DESK_APT)/lists/partial \
	  $(DESK_APT)/cache/archives/partial
	echo 'deb-src $(DESK_MIRROR) $(DESK_SUITE) main' \
	  >$(DESK_APT)/sources.list
	$(APT_DESK) update -qq
	touch $@

$(DESK)/src/%/.unpacked: $(DESK_APT)/updated
	rm -rf $(DESK)/src/$* && mkdir -p $(DESK)/src/$*
	cd $(DESK)/src/$* && $(APT_DESK) source -qq $* >../$*.log 2>&1 \
	  || { cat ../$*.log >&2; exit 1; }
	touch $@

# Each library compiled with emcc (no configure run: the page's C is one
# target, and these sources build without one), into a static archive
# in build/desk/lib: 30 files an emcc, two at once, each object named as
# its source in one directory (a library with two sources of one name
# is refused). emcc's own start is some 0.17 CPU s of the 0.3 of a
# libsodium file compiled alone (20 files: 6.4 s one an emcc, 3.0 s in
# one, the same objects byte for byte). The include paths made absolute
# (the objects are written where emcc runs).
DESK_LIB   = $(DESK)/lib
DESK_EMCC_LIB = $(EMCC) -Os -w
define desk_cc_all
cd $(1) && \
  dup=$$(find $(2) -name '*.c' $(3) -printf '%f\n' | sort | uniq -d) && \
  { [ -z "$$dup" ] || { echo "$(4): two sources named" $$dup >&2; \
    exit 1; }; } && \
  FLAGS=$$(printf '%s\n' "$$FLAGS" | sed "s@-I\([^/ ][^ ]*\)@-I$$PWD/\1@g") && \
  export FLAGS && o="$(abspath $(DESK))/obj/$(4)" && mkdir -p "$$o" && \
  find "$$PWD/$(2)" -name '*.c' $(3) | sort | \
  (cd "$$o" && xargs -P 2 -n 30 sh -c '$(DESK_EMCC_LIB) $$FLAGS -c "$$@"' sh)
endef

$(DESK_LIB)/libyaml.a: $(DESK)/src/libyaml/.unpacked
	$(EMCC_HERE)
	rm -rf $(DESK)/obj/yaml && mkdir -p $(DESK_LIB)
	d=$$(ls -d $(DESK)/src/libyaml/libyaml-*/) && \
	v=$${d%/}; v=$${v##*-}; \
	FLAGS="-Iinclude -DYAML_DECLARE_STATIC -DYAML_VERSION_MAJOR=$${v%%.*} \
	  -DYAML_VERSION_MINOR=$$(echo $$v | cut -d. -f2) \
	  -DYAML_VERSION_PATCH=$${v##*.} -DYAML_VERSION_STRING=\"$$v\"" && \
	$(call desk_cc_all,$$d,src,,yaml)
	rm -f $@ && $(EMCC_ENV) emar rcs $@ $$(find $(DESK)/obj/yaml -name '*.o')
	mkdir -p $(DESK)/include && cp $(DESK)/src/libyaml/libyaml-*/include/yaml.h \
	  $(DESK)/include/

# libsodium's portable C (no assembly, no SSE: neither is WebAssembly),
# its version header made as its configure makes it.
DESK_SODIUM_FLAGS = -DCONFIGURED=1 -DNATIVE_LITTLE_ENDIAN=1 \
  -DHAVE_WEAK_SYMBOLS=1 -Iinclude/sodium -Iinclude
$(DESK_LIB)/libsodium.a: $(DESK)/src/libsodium/.unpacked
	$(EMCC_HERE)
	rm -rf $(DESK)/obj/sodium && mkdir -p $(DESK_LIB)
	d=$$(ls -d $(DESK)/src/libsodium/libsodium-*/) && \
	v=$${d%/}; v=$${v##*-}; \
	maj=$$(sed -n 's/^SODIUM_LIBRARY_VERSION_MAJOR=//p' $$d/configure.ac); \
	min=$$(sed -n 's/^SODIUM_LIBRARY_VERSION_MINOR=//p' $$d/configure.ac); \
	sed -e "s/@VERSION@/$$v/" -e "s/@SODIUM_LIBRARY_VERSION_MAJOR@/$$maj/" \
	  -e "s/@SODIUM_LIBRARY_VERSION_MINOR@/$$min/" \
	  -e "s/@SODIUM_LIBRARY_MINIMAL_DEF@//" \
	  $$d/src/libsodium/include/sodium/version.h.in \
	  >$$d/src/libsodium/include/sodium/version.h && \
	FLAGS="$(DESK_SODIUM_FLAGS)" && \
	$(call desk_cc_all,$$d/src/libsodium,.,,sodium)
	rm -f $@ && $(EMCC_ENV) emar rcs $@ $$(find $(DESK)/obj/sodium -name '*.o')
	mkdir -p $(DESK)/include && cp -R \
	  $(DESK)/src/libsodium/libsodium-*/src/libsodium/include/sodium.h \
	  $(DESK)/src/libsodium/libsodium-*/src/libsodium/include/sodium \
	  $(DESK)/include/

# scrypt (a key's passphrase: 1 GiB, as umpire keygen) as libsodium's
# SSE2 code, which emcc makes WebAssembly SIMD (-msse2: its intrinsics;
# the page then needs SIMD, as Chromium 91+ and Firefox 89+ have): the
# portable code took twice the CPU (6.6 s against 3.0 s in node, the
# same bytes; in the page, make bench-desk). In place of the portable
# one: named as it is, so that libsodium's choice, made by CPUID and so
# never SSE2 in the page, takes it, and the archive's portable member
# is never linked.
DESK_SCRYPT = $(DESK)/obj/scrypt-simd.o
$(DESK_SCRYPT): $(DESK_LIB)/libsodium.a
	cd $$(ls -d $(DESK)/src/libsodium/libsodium-*/src/libsodium) && \
	$(EMCC) -O3 -w $(DESK_SODIUM_FLAGS) -msimd128 -msse2 -DHAVE_EMMINTRIN_H \
	  -Descrypt_kdf_sse=escrypt_kdf_nosse -c -o $(abspath $@) \
	  crypto_pwhash/scryptsalsa208sha256/sse/pwhash_scryptsalsa208sha256_sse.c

# No inih: the page reads no configuration file (config.c, the one
# file that calls inih, is left out of it below, DESK_NOT), so nothing
# of the page links it; building it was a download and a compile for
# nothing (and its bookworm source, libinih 55-1 in
# pool/main/libi/libinih/, was missing from the mirror that served the
# others: a 404 for its orig tarball that stopped make desk-libs).
desk-libs: $(DESK_LIB)/libyaml.a $(DESK_LIB)/libsodium.a

# The rules as WebAssembly: src/core and src/rules without what reads
# or writes mail (GMime), the kernel keyring and the signal queue, which
# the page has no use for, nor the configuration file (config.c, inih)
# nor the page's HTML (deskhtml.c), and the page's own C (src/desk/api.c);
# emcc's JavaScript beside it (umpire-desk.js: the module's loader, the
# engine's setjmp and longjmp, the in-memory files the scenarios go in).
DESK_NOT   = src/core/compose.c src/core/gmime_dl.c src/core/mail.c \
             src/core/mailgzip.c \
             src/core/memo.c src/core/keys.c src/core/sigq.c src/core/config.c \
             src/core/deskhtml.c
DESK_C     = $(sort $(filter-out $(DESK_NOT),$(LIB_SRC)) $(wildcard src/desk/*.c))
DESK_OBJ   = $(DESK_C:%.c=$(DESK)/obj/umpire/%.o)
DESK_FNS   = malloc free desk_open desk_open_unsigned desk_close desk_put_scenario desk_question \
             desk_answer desk_undo desk_answers_yaml desk_standing \
             desk_set_standing desk_board desk_preview desk_probe
# the player's key (src/desk/keys.c), and the wipe of a passphrase
DESK_FNS  += desk_key_new desk_key_free desk_key_lock desk_key_make \
             desk_key_read desk_key_view desk_key_sign desk_key_join \
             sodium_memzero
desk_none  :=
desk_space := $(desk_none) $(desk_none)
desk_comma := ,
DESK_EXPORTS = $(subst $(desk_space),$(desk_comma),$(strip $(DESK_FNS:%=_%)))
DESK_LDFLAGS = -sMODULARIZE=1 -sEXPORT_NAME=UmpireDesk -sENVIRONMENT=web \
  -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_FUNCTIONS=$(DESK_EXPORTS) \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8

$(DESK)/obj/umpire/%.o: %.c $(DESK_LIB)/libyaml.a $(DESK_LIB)/libsodium.a
	$(EMCC_HERE)
	@mkdir -p $(dir $@)
	$(EMCC) -std=c11 -D_POSIX_C_SOURCE=200809L \
	  $(filter-out -Wno-format-truncation,$(WARN)) -Os -Iinclude \
	  -I$(DESK)/include -MMD -MP -c $< -o $@

# core and rules as an archive: the link takes what the page's C reaches
$(DESK)/libumpire.a: $(filter-out $(DESK)/obj/umpire/src/desk/%,$(DESK_OBJ))
	rm -f $@ && $(EMCC_ENV) emar rcs $@ $^

$(DESK)/umpire-desk.js: $(filter $(DESK)/obj/umpire/src/desk/%,$(DESK_OBJ)) \
		$(DESK)/libumpire.a $(DESK_LIB)/libyaml.a $(DESK_SCRYPT) \
		$(DESK_LIB)/libsodium.a
	$(EMCC) -Os $(DESK_LDFLAGS) -o $@ $^

$(DESK)/umpire-desk.wasm.gz: $(DESK)/umpire-desk.js
	gzip -9n -c $(DESK)/umpire-desk.wasm >$@.tmp && mv $@.tmp $@

# make desk: make all, where emcc must be found (make all without it
# builds umpire without the page)
desk:
	$(EMCC_HERE)
	$(MAKE) all

# The page in headless Chromium (tests/e2e/desk.bats), in every game
# (tests/e2e/desk-games.bats, Firefox ESR too) and with the player's key
# (tests/e2e/desk-keys.bats), with the WebAssembly built: it may not
# skip for want of it.
check-desk: desk
	$(UMPIRE_ENV) DESK_REQUIRED=1 bats tests/e2e/desk.bats \
	  tests/e2e/desk-games.bats tests/e2e/desk-keys.bats \
	  tests/e2e/judge-desk.bats

# A whole Russo-German War through the judge on the private postfix of
# tests/mail, one player in the desk page (headless Chromium) and mutt
# only, the other on the command line (tests/mail/judge-desk.bats; 10 to
# 80 steps as the draws fall, 2 to 7 minutes on two loaded cores; root
# for postfix): not in make check, whose check-mail skips it.
check-desk-mail: desk
	$(UMPIRE_ENV) DESK_MAIL=1 DESK_REQUIRED=1 bats tests/mail/judge-desk.bats

-include $(DESK_OBJ:.o=.d)
