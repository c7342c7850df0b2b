# helpers.bash - shared setup for the e2e tests.
# Each test runs in its own empty directory ($BATS_TEST_TMPDIR, removed by
# bats) with HOME and XDG_CONFIG_HOME pointing there, so that no user
# configuration is read. $UMPIRE is the binary under test.

# abs_bin PATH: PATH made absolute, without a process where it already
# is (make's UMPIRE_BIN is): every test's setup runs this, and a fork
# here costs some milliseconds, thousands of times a pass.
abs_bin() {
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;;
	esac
}

umpire_setup() {
	UMPIRE="${UMPIRE_BIN:-$BATS_TEST_DIRNAME/../../build/umpire}"
	[[ $UMPIRE == /* ]] || UMPIRE=$(abs_bin "$UMPIRE")
	# The plain binary, for a test's fixtures (whole games played to
	# set up what the test looks at): under the valgrind pass
	# (UMPIRE_REAL_BIN) memcheck runs the commands a test is about, not
	# every repeat of the steps that bring it there.
	# The ASan pass's UMPIRE_FIXTURE_BIN likewise (umpire_setup_file).
	UMPIRE_PLAIN=$UMPIRE
	if [ -n "${UMPIRE_REAL_BIN:-}" ]; then
		UMPIRE_PLAIN=$UMPIRE_REAL_BIN
		[[ $UMPIRE_PLAIN == /* ]] || UMPIRE_PLAIN=$(abs_bin "$UMPIRE_PLAIN")
	elif [ -x "${UMPIRE_FIXTURE_BIN:-}" ]; then
		UMPIRE_PLAIN=$UMPIRE_FIXTURE_BIN
		[[ $UMPIRE_PLAIN == /* ]] || UMPIRE_PLAIN=$(abs_bin "$UMPIRE_PLAIN")
	fi
	export HOME="$BATS_TEST_TMPDIR"
	# every test its own local records (umpire(1), FILES)
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.local/state"
	export XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/.config"
	unset UMPIRE_CONFIG UMPIRE_PASSPHRASE_FILE
	cd "$BATS_TEST_TMPDIR" || return 1
}

# setup_file's umpire_setup: the same, but when the valgrind pass gives
# UMPIRE_REAL_BIN (build/tests/umpire-vg), the fixtures that a file
# plays before its tests (whole games, hundreds of steps) are made with
# the plain binary. The tests' own commands, audits of those whole games
# among them, still run under memcheck. The ASan+UBSan pass likewise
# gives UMPIRE_FIXTURE_BIN, the plain binary, when it is built: the
# fixtures' steps are the paths its tests run instrumented (and the
# plain pass plays them whole).
umpire_setup_file() {
	umpire_setup || return 1
	# setup_file has no test directory: the file's own
	export HOME="$BATS_FILE_TMPDIR"
	export XDG_STATE_HOME="$BATS_FILE_TMPDIR/.local/state"
	export XDG_CONFIG_HOME="$BATS_FILE_TMPDIR/.config"
	if [ -n "${UMPIRE_REAL_BIN:-}" ]; then
		UMPIRE=$(abs_bin "$UMPIRE_REAL_BIN")
	elif [ -x "${UMPIRE_FIXTURE_BIN:-}" ]; then
		UMPIRE=$(abs_bin "$UMPIRE_FIXTURE_BIN")
	fi
}

# An example's game file $1 audits and is over, with the result that
# its README $2 gives.
assert_example_over() {
	run "$UMPIRE" audit "$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" status --brief "$1"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	case $output in over*) ;; *) echo "not over: $output"; return 1 ;; esac
	grep -qF -- "${output#over }" "$2"
}

# Fail the test with a message unless $output contains $1.
assert_output_has() {
	case "$output" in
	*"$1"*) ;;
	*) echo "expected output to contain: $1"; echo "got: $output"
	   return 1 ;;
	esac
}

# Take the embedded signature block out of $1: the body to $2, the
# .minisig text to $3 (independently of umpire: sed and base64).
unembed() {
	sed '/^# -----BEGIN UMPIRE SIGNATURE-----$/,$d' "$1" >"$2"
	sed -n '/^# -----BEGIN UMPIRE SIGNATURE-----$/,/^# -----END/p' "$1" |
		sed '1d;$d;s/^# //' | base64 -d >"$3"
}

# In the current directory: keys p.key/p.pub (the player) and r.key/r.pub
# (the referee), and an Arnswalde 1945 game (difficulty low) that both
# have joined, as $1 (g0.yaml: the game before the referee joined).
# A Race to the Reichstag under a referee, both fronts joined, as $1
# (g1.yaml: joined by the 1BF player only): keys 1bf, 1uf, referee.
new_reichstag_game() {
	local k
	for k in 1bf 1uf referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new race-to-the-reichstag -s referee.key \
		--side 1bf=1bf.pub --side 1uf=1uf.pub --referee referee.pub \
		-o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side 1bf -s 1bf.key -o g1.yaml 2>/dev/null
	"$UMPIRE" join g1.yaml --side 1uf -s 1uf.key -o "$1" 2>/dev/null
}

new_arnswalde_game() {
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o "$1" 2>/dev/null
}

# In the current directory: keys $2.key, $3.key, $4.key (the German, the
# Soviet and the referee, made here) and a Russo-German War game under
# that referee that both sides have joined, as $1.
new_rgw_game() {
	local k
	for k in "$2" "$3" "$4"; do
		"$UMPIRE" keygen -s "$k.key" -p "$k.pub" -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s "$4.key" --side "german=$2.pub" \
		--side "soviet=$3.pub" --referee "$4.pub" -o rgw0.yaml \
		2>/dev/null
	"$UMPIRE" join rgw0.yaml --side german -s "$2.key" -o rgw1.yaml \
		2>/dev/null
	"$UMPIRE" join rgw1.yaml --side soviet -s "$3.key" -o "$1" 2>/dev/null
}

# The text a player reads in each FILE, for a word search (grep -w) of
# what he must not see: a file umpire writes as YAML ("umpire: ..." on
# its first line) as its keys and values, one a line, without those that
# are base64 (commitments, stand-ins "hidden:...", links, signatures);
# any other file whole. In base64 a short unit id stands as a word by
# chance ("+AN/" holds the word AN): a view holds some twenty words of
# two characters so, and the Race to the Reichstag's ids AN or FG came
# up in about one game of a hundred.
readable() {
	python3 - "$@" <<'EOF'
import re, sys, yaml
B64 = re.compile(r'(hidden:)?[A-Za-z0-9+/]{20,}={0,2}')
def walk(n):
    if isinstance(n, dict):
        for k, v in n.items():
            walk(k)
            walk(v)
    elif isinstance(n, list):
        for v in n:
            walk(v)
    elif n is not None and not B64.fullmatch(re.sub(r'\s', '', n)):
        print(n)
for f in sys.argv[1:]:
    text = open(f).read()
    if text.startswith("umpire: "):
        walk(yaml.load(text, Loader=yaml.BaseLoader))
    else:
        sys.stdout.write(text)
EOF
}

# One step of game file $1 played from a view, as the side whose turn it
# is ($2, whose key is $2.key) would: the referee (key $3) sends the
# view, the side signs the order template as it comes, the referee
# adjudicates and the game file moves on.
step_by_view() {
	"$UMPIRE" view "$1" --side "$2" -s "$3" -o step.view
	"$UMPIRE" orders step.view -s "$2.key" | grep -v '^#' >step.yaml
	"$UMPIRE" sign step.yaml -s "$2.key" -o step.signed
	"$UMPIRE" adjudicate "$1" step.signed -s "$3" -o step.next \
		--report /dev/null
	mv step.next "$1"
}

# Screenshot file://$PWD/$1 with headless Chromium ($chrome) into
# shot.png, in a window of $2 (1000,800 unless given).
screenshot() {
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$BATS_TEST_TMPDIR/chrome" \
		--screenshot="$PWD/shot.png" --window-size="${2:-1000,800}" \
		"file://$PWD/$1" >chrome.log 2>&1 || { cat chrome.log; return 1; }
}

# new_arnswalde_game $1, and the player's orders for step 1: o.yaml (the
# template answered with the first choices), signed.yaml (signed) and
# ref.yaml (the game after adjudicating them: the reference outcome).
new_arnswalde_orders() {
	new_arnswalde_game "$1"
	"$UMPIRE" orders "$1" -s p.key -o o.yaml
	"$UMPIRE" sign o.yaml -s p.key -o signed.yaml
	"$UMPIRE" adjudicate "$1" signed.yaml -s r.key -o ref.yaml \
		2>/dev/null
}

# In a test: the keys and files new_arnswalde_orders made in setup_file.
copy_arnswalde_orders() {
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/start.yaml \
		"$BATS_FILE_TMPDIR"/o.yaml "$BATS_FILE_TMPDIR"/signed.yaml \
		"$BATS_FILE_TMPDIR"/ref.yaml .
}

# edit FILE STEP FIELD (audit-queue.bats, audit-stream.bats): change one base64 character of FIELD of STEP
# (the first of its value, or of its block's first line)
edit() {
	python3 - "$@" <<'PY'
import sys
path, step, field = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(path).read().split("\n")
s = lines.index("- step: %d" % step)
i = next(i for i in range(s + 1, len(lines))
         if lines[i].startswith("  " + field + ":"))
j = i + 1 if lines[i].endswith("|-") else i
l = lines[j]
k = len(l) - len(l.lstrip()) if j > i else l.index(": ") + 2
lines[j] = l[:k] + ("B" if l[k] == "A" else "A") + l[k + 1:]
open(path, "w").write("\n".join(lines))
PY
}
