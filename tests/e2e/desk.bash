# desk.bash - what the tests of umpire desk's page share (desk.bats,
# desk-games.bats, desk-keys.bats), loaded after helpers.bash.

PY=/usr/bin/python3

# In the current directory, a Race to the Reichstag under a referee
# played six steps by views: game.yaml, the keys, side (the side to
# order now), v.view (its view) and desk.html (its page; desk.err: why
# not, for desk_setup).
desk_reichstag_six() {
	new_reichstag_game game.yaml
	local i side
	for i in 1 2 3 4 5 6; do
		side=$("$UMPIRE" status --brief game.yaml | cut -d' ' -f2)
		step_by_view game.yaml "$side" referee.key >/dev/null
	done
	side=$("$UMPIRE" status --brief game.yaml | cut -d' ' -f2)
	echo "$side" >side
	"$UMPIRE" view game.yaml --side "$side" -s referee.key -o v.view
	"$UMPIRE" desk v.view -o desk.html 2>desk.err || true
}

# setup: umpire_setup, then the page $1 that setup_file made (umpire
# desk's words in $2) and Chromium ($CHROME). An umpire built without
# the desk's WebAssembly skips, unless DESK_REQUIRED=1 (make
# check-desk); any other refusal fails.
desk_setup() {
	umpire_setup
	if [ ! -s "$1" ]; then
		grep -q 'without the desk' "$2" || { cat "$2"; return 1; }
		[ "${DESK_REQUIRED:-0}" = 1 ] && { cat "$2"; return 1; }
		skip "umpire built without the desk's WebAssembly (make desk)"
	fi
	CHROME=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
}

# What the pages' expressions start with: started() waits for the
# page's rules (or its status an error, at most 60 s), ready() then
# skips the steps since the side's last step to the question; $ draws
# the board the page has yet to draw after an answer (boardNow: the
# page draws it in a task of its own, after the question) before it
# reads the page.
DESK_START='const sleep = ms => new Promise(r => setTimeout(r, ms));
const boardNow = () => document.dispatchEvent(new Event("umpire-desk-board"));
const $ = id => (boardNow(), document.getElementById(id));
const started = async () => {
  for (let i = 0; i < 600 && !document.body.dataset.ready; i++) {
    if ($("status").className == "error") break;
    await sleep(100);
  }
};
const ready = async () => { await started(); $("skip").click(); };
'

# need(condition, what): the checks of the tests, in Python (ok: all
# passed)
NEED='import json, re, sys
ok = True
def need(c, what):
    global ok
    if not c:
        print("FAILED:", what)
        ok = False
'

# The last run's output (it must have succeeded) saved as $1, then
# checked by the Python on stdin after NEED, with the arguments $1...
# (it ends sys.exit(0 if ok else 1)).
need_output() {
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >"$1"
	{ echo "$NEED"; cat; } | "$PY" - "$@"
}

# downloaded NAME: the file the page downloaded as NAME (in
# $DOWNLOADS, default dl), waited for.
downloaded() {
	local i dir=${DOWNLOADS:-dl}
	for i in $(seq 50); do
		[ -s "$dir/$1" ] && return 0
		sleep 0.2
	done
	echo "no download $1"; ls "$dir"; return 1
}
