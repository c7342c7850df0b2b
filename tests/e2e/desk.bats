#!/usr/bin/env bats
# umpire desk: the player's page, in headless Chromium. A Race to the
# Reichstag under a referee played six steps by views; the desk of the
# view of the side to order (step 7: 1BF places its counters, rule 3.8,
# a free-text question). Clicks answer it through the rules compiled to
# WebAssembly; the answers file the page writes is the one umpire
# orders VIEW --answers takes, with the same next question, and the
# orders made from it are signed and adjudicated; an answer
# the rules refuse is refused in the page with their message; the page
# asks the network for nothing. Run by make check-desk (not make check:
# the WebAssembly needs Debian's emscripten, make desk); an umpire
# built without it skips here, unless DESK_REQUIRED=1 (check-desk).
# A screenshot is kept in build/desk-shots (DESK_SHOTS) to look at.

load helpers
load desk

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR" || return 1
	desk_reichstag_six
}

setup() {
	F="$BATS_FILE_TMPDIR"
	desk_setup "$F/desk.html" "$F/desk.err"
}

# The page driven by clicks (cdp.py): its first question; a legal
# answer clicked; an answer the rules refuse typed and sent; Undo and
# the click again; then a second legal answer. Prints the page's
# states as JSON, one a line, then the answers file the page shows.
drive() {
	"$PY" "$BATS_TEST_DIRNAME/cdp.py" "$CHROME" "file://$F/desk.html" '(async () => {
	  const sleep = ms => new Promise(r => setTimeout(r, ms));
	  const $ = id => document.getElementById(id);
	  for (let i = 0; i < 300 && !document.body.dataset.ready; i++) {
	    if ($("status").className == "error") break;
	    await sleep(100);
	  }
	  $("skip").click();
	  const t = [];
	  const seen = () => ({ status: $("status").textContent,
	    rule: $("rule").textContent, text: $("text").textContent,
	    said: $("said").textContent,
	    options: [...document.querySelectorAll("#options button")]
	      .map(b => b.textContent),
	    answers: [...document.querySelectorAll("#answers li")]
	      .map(li => li.textContent) });
	  const click = (b) => { const t0 = performance.now(); b.click();
	    t.push(Math.round(performance.now() - t0)); };
	  const o = [seen()];
	  const first = document.querySelector("#options button").textContent;
	  click(document.querySelector("#options button"));
	  o.push(seen());
	  $("free-text").value = "XX 0328";
	  click($("free-answer"));
	  o.push(seen());
	  click($("undo"));
	  o.push(seen());
	  [...document.querySelectorAll("#options button")]
	    .find(b => b.textContent == first).click();
	  click([...document.querySelectorAll("#options button")].pop());
	  o.push(seen());
	  return { states: o, yaml: $("answers-yaml").textContent, ms: t,
	    ready: document.body.dataset.ready };
	})()'
}

# The side's orders made from answers.yaml, as a player makes them
# (umpire orders VIEW --answers FILE, with the side's key): o.yaml;
# $side is the side.
side_orders() {
	side=$(cat "$F/side")
	cp "$F/$side.key" "$F/v.view" .
	run "$UMPIRE" orders v.view -s "$side.key" --answers answers.yaml -o o.yaml
	[ "$status" -eq 0 ] || { echo "$output"; cat answers.yaml; return 1; }
}

@test "desk: clicks answer as orders --answers does, a refused one is refused" {
	run drive
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >drive.json
	"$PY" - drive.json <<EOF >checked || { cat checked; return 1; }
$NEED
d = json.load(open(sys.argv[1]))
s = d["states"]
need(s[0]["status"].startswith("Step 7, "), "the page opens on step 7: %r" % s[0]["status"])
need(s[0]["rule"] == "rule 3.8" and s[0]["options"], "rule 3.8 with options: %r" % s[0])
need(len(s[1]["answers"]) == 1 and not s[1]["said"], "one click taken: %r" % s[1])
need(s[1]["text"] != s[0]["text"], "the next question asked: %r" % s[1]["text"])
need(s[2]["said"].startswith("Refused: ") and "XX" in s[2]["said"] and
     len(s[2]["answers"]) == 1, "XX 0328 refused, not kept: %r" % s[2])
need(len(s[3]["answers"]) == 0 and s[3]["text"] == s[0]["text"],
     "Undo: back to the first question: %r" % s[3])
need(len(s[4]["answers"]) == 2, "two answers after Undo and two clicks: %r" % s[4])
print("first question at %s ms; clicks checked in %s ms" %
      (d["ready"], d["ms"]), file=sys.stderr)
open("answers.yaml", "w").write(d["yaml"])
q = s[4]
print("rule %s, %s" % (q["rule"][len("rule "):], q["text"]))
sys.exit(0 if ok else 1)
EOF
	# the same answers, as the side's orders: taken, and the question
	# the template asks after them is the page's
	side_orders || return 1
	"$PY" - o.yaml answers.yaml <<'EOF' >next || { cat next; return 1; }
import re, sys, yaml
tmpl = open(sys.argv[1]).read()
given = yaml.safe_load(open(sys.argv[2]))["answers"]
# each question's comment ("# rule R, KEY: TEXT" and its wrapped lines)
qs, cur = [], None
for line in tmpl[tmpl.index("\nanswers:\n"):].splitlines():
    if line.startswith("# rule "):
        cur = line[2:]
    elif line.startswith("#   ") and cur is not None:
        cur += " " + line[4:]
    elif line.startswith("# ") and cur is not None:
        qs.append(cur)
        cur = None
    elif line.startswith("standing:"):
        break
ans = yaml.safe_load(tmpl)["answers"]
if ans[:len(given)] != given:
    sys.exit("the orders' answers %r are not the page's %r" % (ans, given))
# "rule R, KEY: TEXT" -> "rule R, TEXT" as the page shows it
print(re.sub(r"^(rule [^,]*), [a-z-]+: ", r"\1, ", qs[len(given)]))
EOF
	[ -s next ]
	diff next checked
	# and those orders, signed, are adjudicated: the game moves on
	cp "$F/game.yaml" "$F/referee.key" .
	"$UMPIRE" sign o.yaml -s "$side.key" -o o.signed
	run "$UMPIRE" adjudicate game.yaml o.signed -s referee.key \
		-o next.yaml --report /dev/null
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" status --brief next.yaml
	[ "${output##* }" = 8 ] || { echo "$output"; return 1; }
}

@test "desk: the page asks for nothing, says nothing on the console, is 0600" {
	[ "$(stat -c %a "$F/desk.html")" = 600 ]
	grep -q "Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'unsafe-inline'; img-src data:;" "$F/desk.html"
	# the page's script starts its rules asynchronously, which the
	# headless browser's virtual time need not wait for: a load whose
	# DOM does not show the question yet is made again (at most five)
	local i
	for i in 1 2 3 4 5; do
		rm -rf "$BATS_TEST_TMPDIR/chrome"
		timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
			--disable-quic --no-first-run \
			--disable-background-networking \
			--disable-component-update --disable-sync \
			--user-data-dir="$BATS_TEST_TMPDIR/chrome" \
			--enable-logging=stderr --v=0 \
			--log-net-log="$PWD/net.json" \
			--virtual-time-budget=10000 --dump-dom \
			"file://$F/desk.html" >dom.html 2>chrome.log ||
			{ cat chrome.log; return 1; }
		grep -q '<p id="status"[^>]*>Step 7, ' dom.html && break
	done
	if grep CONSOLE chrome.log; then
		echo "a console message"
		return 1
	fi
	grep -q '<p id="status"[^>]*>Step 7, ' dom.html ||
		{ grep -o '<p id="status".\{0,300\}' dom.html; return 1; }
	run "$PY" "$BATS_TEST_DIRNAME/replay.py" net net.json
	[ "$status" -eq 0 ]
	[ -z "$output" ] || { echo "the page asked for: $output"; return 1; }
	local dir="${DESK_SHOTS:-$BATS_TEST_DIRNAME/../../build/desk-shots}"
	mkdir -p "$dir"
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$BATS_TEST_TMPDIR/chrome2" \
		--virtual-time-budget=5000 --screenshot="$dir/step7.png" \
		--window-size=1100,800 "file://$F/desk.html" >shot.log 2>&1 ||
		{ cat shot.log; return 1; }
	[ -s "$dir/step7.png" ]
}

@test "desk: a sealed view's page holds the view it seals; another key is refused" {
	side=$(cat "$F/side")
	other=1uf
	[ "$side" = 1uf ] && other=1bf
	cp "$F"/*.key "$F/game.yaml" "$F/v.view" .
	"$UMPIRE" view game.yaml --side "$side" -s referee.key --seal -o s.view
	run "$UMPIRE" desk s.view -s "$side.key" -o sealed.html
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(stat -c %a sealed.html)" = 600 ]
	# the same view text in both pages
	grep -o 'id="desk-view"[^<]*' sealed.html >a
	grep -o 'id="desk-view"[^<]*' "$F/desk.html" >b
	[ -s a ]
	cmp a b
	run "$UMPIRE" desk s.view -s "$other.key" -o other.html
	[ "$status" -eq 1 ]
	assert_output_has "sealed to another key"
	[ ! -e other.html ]
	run "$UMPIRE" desk v.view -s "$other.key" -o other.html
	[ "$status" -eq 1 ]
	assert_output_has "this secret key is not $side's"
	[ ! -e other.html ]
}

# What the expressions below start with: DESK_START (desk.bash), and
# seen(): what the page shows.
DESK_JS="$DESK_START"'const seen = () => ({ status: $("status").textContent,
  draft: $("draft") ? $("draft").textContent : null,
  said: $("said").textContent,
  options: [...document.querySelectorAll("#options button")]
    .map(b => b.textContent),
  answers: [...document.querySelectorAll("#answers li code")]
    .map(c => c.textContent),
  notes: $("notes") ? $("notes").value : null,
  yaml: $("answers-yaml").textContent });'

# cdp.py on the page: each argument an expression run after DESK_JS
# (its value a JSON line; ready() waits for the rules, then skips the
# steps since the side's last step to the question; with
# DESK_WAIT=started it only waits), @reload or @keys. The page:
# $DESK_PAGE, else the view's of setup_file; $DESK_MORE_JS after DESK_JS.
desk_cdp() {
	local a args=()
	for a in "$@"; do
		case $a in
		@*) args+=("$a") ;;
		*) args+=("(async () => { $DESK_JS ${DESK_MORE_JS:-} await ${DESK_WAIT:-ready}(); $a })()") ;;
		esac
	done
	"$PY" "$BATS_TEST_DIRNAME/cdp.py" "$CHROME" \
		"file://${DESK_PAGE:-$F/desk.html}" "${args[@]}"
}

@test "desk: a reload keeps the step's draft; Discard draft drops it" {
	run desk_cdp \
		'document.querySelector("#options button").click();
		 [...document.querySelectorAll("#options button")].pop().click();
		 return seen();' \
		@reload 'return seen();' \
		'$("discard").click(); return seen();' \
		@reload 'return seen();'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED
s = [json.loads(l) for l in open(sys.argv[1])]
need(len(s[0]["answers"]) == 2, "two answers clicked: %r" % s[0])
need(s[1]["answers"] == s[0]["answers"] and s[1]["yaml"] == s[0]["yaml"],
     "the answers after the reload: %r" % s[1])
need(s[1]["draft"].startswith("Draft restored: 2 answers"),
     "the page says the draft is restored: %r" % s[1]["draft"])
need(not s[2]["answers"] and s[2]["draft"] == "Draft discarded.",
     "Discard draft: no answer left: %r" % s[2])
need(not s[3]["answers"] and not s[3]["draft"],
     "no draft after a reload: %r" % s[3])
sys.exit(0 if ok else 1)
EOF
}

@test "desk: the notepad survives a reload and is in no answers file" {
	local note='Hold the bridge; 3 units north'
	run desk_cdp \
		'document.querySelector("#options button").click();
		 $("notes").value = "'"$note"'";
		 $("notes").dispatchEvent(new Event("input"));
		 return seen();' \
		@reload \
		'return Object.assign(seen(), { storage: Object.keys(localStorage)
		   .map(k => [k, localStorage.getItem(k)]) });'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states "$note" <<EOF || return 1
$NEED
s = [json.loads(l) for l in open(sys.argv[1])]
note = sys.argv[2]
need(s[1]["notes"] == note, "the notes after a reload: %r" % s[1]["notes"])
need(len(s[1]["answers"]) == 1, "the answer kept too: %r" % s[1]["answers"])
need(note not in s[1]["yaml"] and "bridge" not in s[1]["yaml"],
     "the notes are not in the answers file: %r" % s[1]["yaml"])
drafts = [v for k, v in s[1]["storage"] if "/draft/" in k]
need(drafts and not any("bridge" in v for v in drafts),
     "the notes are not in the draft: %r" % s[1]["storage"])
sys.exit(0 if ok else 1)
EOF
}

@test "desk: every action by keys (digits, u, Backspace, Tab, Enter, Space, s)" {
	run desk_cdp 'return seen();' \
		'@keys 2' 'return seen();' \
		'@keys u' 'return seen();' \
		'@keys 1 1' 'return seen();' \
		'@keys Backspace' 'return seen();' \
		'@keys Tab Enter' 'return seen();' \
		'@keys Space' 'return seen();' \
		'@keys s' 'return seen();' \
		'$("notes").focus(); return seen();' \
		'@keys n 1 u s Backspace' 'return seen();' \
		'return $("keys").textContent;'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED
s = [json.loads(l) for l in open(sys.argv[1])]
n = lambda i: len(s[i]["answers"])
need(s[1]["answers"] == [s[0]["options"][1]], "2: the second answer: %r" % s[1])
need(n(2) == 0, "u: undone: %r" % s[2])
need(n(3) == 2, "1 1: two answers: %r" % s[3])
need(s[4]["answers"] == s[3]["answers"][:1], "Backspace: undone: %r" % s[4])
need(s[5]["answers"] == s[4]["answers"] + [s[4]["options"][0]],
     "Tab Enter: the first answer pressed: %r" % s[5])
need(s[6]["answers"] == s[5]["answers"] + [s[5]["options"][0]],
     "Space: the focus kept on the answers, the first pressed: %r" % s[6])
need(s[7]["said"].startswith("Saved as answers-"), "s: saved: %r" % s[7])
need(s[9]["notes"] == "n1u" and s[9]["answers"] == s[6]["answers"],
     "keys typed in the notepad are text, not actions: %r" % s[9])
need("Backspace" in s[10] and "Tab" in s[10], "the key legend: %r" % s[10])
sys.exit(0 if ok else 1)
EOF
}

@test "desk: standing orders as toggles with their rule's words, in the answers file" {
	run desk_cdp \
		'const rows = [...document.querySelectorAll("#standing .standing")]
		   .map(r => r.textContent);
		 $("standing-retreat").click();
		 const on = seen();
		 $("standing-retreat").click();
		 const off = seen();
		 $("standing-retreat").click();
		 return { rows, on, off, last: seen(),
		   checked: $("standing-retreat").checked };'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED
d = json.load(open(sys.argv[1]))
rows = d["rows"]
need(any(r.startswith("retreat rule 13.0: a retreat's hexes") for r in rows),
     "the retreat toggle with its rule's words: %r" % rows[:3])
need("move-front" in rows and "move-german" in rows,
     "a scoped standing order too, a row of its own: %r" % rows)
need('standing:\n  retreat: "auto"\n' in d["on"]["yaml"] and
     not d["on"]["said"], "on: in the answers file: %r" % d["on"])
need("standing:" not in d["off"]["yaml"], "off: gone: %r" % d["off"]["yaml"])
need(d["checked"], "on again")
open("answers.yaml", "w").write(d["last"]["yaml"])
sys.exit(0 if ok else 1)
EOF
	# umpire orders takes the file, the standing order in force
	side_orders || return 1
	grep -qx '  retreat: "auto"' o.yaml || { cat o.yaml; return 1; }
}

@test "desk: opens on the steps since the side's last step, then the question" {
	# the report's step headings, as the view holds them
	sed -n 's/^  \(Step [0-9]*, .*\)$/\1/p' "$F/v.view" >headings
	[ "$(wc -l <headings)" -ge 2 ] || { cat headings; return 1; }
	local look='({ since: !$("since").hidden,
	  question: !$("question").hidden, at: $("since-at").textContent,
	  heading: $("since-heading").textContent,
	  text: $("since-text").textContent, next: $("next").textContent,
	  prev: $("prev").disabled, answers: seen().answers })'
	local DESK_WAIT=started
	run desk_cdp \
		"return $look;" \
		"const o = [];
		 for (let i = 0; i < 50 && !\$(\"since\").hidden; i++) {
		   o.push($look); \$(\"next\").click(); }
		 o.push($look); return o;" \
		'@keys ArrowLeft' "return $look;" \
		'@keys ArrowLeft 1' "return $look;" \
		'@keys ArrowRight ArrowRight' "return $look;" \
		@reload "return $look;" \
		"\$(\"skip\").click(); return $look;"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states headings <<EOF || return 1
$NEED
s = [json.loads(l) for l in open(sys.argv[1])]
h = open(sys.argv[2]).read().splitlines()
n = len(h)
need(s[0]["since"] and not s[0]["question"] and s[0]["at"] == "1 of %d" % n
     and s[0]["heading"] == h[0] and s[0]["prev"],
     "opens on the first step since the last: %r" % s[0])
walk = s[1]
need([w["heading"] for w in walk[:-1]] == h,
     "Next steps through every step's heading in order: %r" % walk)
need(all(w["text"] and "Step " not in w["text"] and "Position" not in w["text"]
         for w in walk[:-1]), "each step's own text: %r" % walk)
need(walk[-2]["next"] == "To the question" and walk[-1]["question"] and
     not walk[-1]["since"], "Next past the last, the question: %r" % walk[-1])
need(s[2]["since"] and s[2]["heading"] == h[-1], "ArrowLeft: the last step: %r" % s[2])
need(s[3]["heading"] == h[-2] and not s[3]["answers"],
     "ArrowLeft again, and 1 answers nothing while stepping: %r" % s[3])
need(s[4]["question"], "ArrowRight twice: the question: %r" % s[4])
need(s[5]["since"] and s[5]["at"] == "1 of %d" % n,
     "a reload opens on the steps: %r" % s[5])
need(s[6]["question"] and not s[6]["since"], "Skip to the question: %r" % s[6])
sys.exit(0 if ok else 1)
EOF
}

# a PNG's rows, filtered as stored: how many differ (a blank page's are
# one or two)
PNG_ROWS='import sys, zlib
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
i, idat, w = 8, b"", 0
while i < len(b):
    n = int.from_bytes(b[i:i + 4], "big")
    t, d = b[i + 4:i + 8], b[i + 8:i + 8 + n]
    if t == b"IHDR":
        w = int.from_bytes(d[:4], "big")
        px = {2: 3, 6: 4}[d[9]] * (d[8] // 8)
    elif t == b"IDAT":
        idat += d
    i += 12 + n
raw = zlib.decompress(idat)
row = w * px + 1
print(len({raw[k:k + row] for k in range(0, len(raw), row)}))'

@test "desk: Firefox ESR opens the page and shows the question" {
	local FF
	FF=$(command -v firefox-esr) || skip "firefox-esr is not installed"
	local dir="${DESK_SHOTS:-$BATS_TEST_DIRNAME/../../build/desk-shots}"
	mkdir -p "$dir" prof
	# Firefox's own screenshot, taken at the load event: the page drawn
	# (the steps since the side's last step), not a blank one
	timeout 120 "$FF" --headless --no-remote --profile "$PWD/prof" \
		--window-size=1100,800 --screenshot "$dir/firefox-load.png" \
		"file://$F/desk.html" >ff.log 2>&1 || { cat ff.log; return 1; }
	rows=$("$PY" -c "$PNG_ROWS" "$dir/firefox-load.png")
	[ "$rows" -gt 50 ] || { echo "a blank screenshot: $rows rows differ"; return 1; }
	# the rules started in Firefox (WebAssembly, DecompressionStream,
	# from file://): the question shown after Skip to the question
	run timeout 180 "$PY" "$BATS_TEST_DIRNAME/marionette.py" "$FF" \
		"file://$F/desk.html" \
		'const $ = id => document.getElementById(id);
		 for (let i = 0; i < 600 && !document.body.dataset.ready; i++) {
		   if ($("status").className == "error") break;
		   await new Promise(r => setTimeout(r, 100)); }
		 $("skip").click();
		 return { status: $("status").textContent,
		   rule: $("rule").textContent, question: !$("question").hidden,
		   options: document.querySelectorAll("#options button").length };' \
		"$dir/firefox.png"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >seen.json
	"$PY" - seen.json <<EOF || return 1
$NEED
s = json.load(open(sys.argv[1]))
need(s["status"].startswith("Step 7, ") and s["rule"] == "rule 3.8" and
     s["question"] and s["options"] > 0, "the question in Firefox: %r" % s)
sys.exit(0 if ok else 1)
EOF
	rows=$("$PY" -c "$PNG_ROWS" "$dir/firefox.png")
	[ "$rows" -gt 50 ] || { echo "a blank screenshot: $rows rows differ"; return 1; }
}

@test "desk: a view of no step yet opens on the question" {
	new_reichstag_game g.yaml
	side=$("$UMPIRE" status --brief g.yaml | cut -d' ' -f2)
	"$UMPIRE" view g.yaml --side "$side" -s referee.key -o first.view
	"$UMPIRE" desk first.view -o first.html
	run "$PY" "$BATS_TEST_DIRNAME/cdp.py" "$CHROME" "file://$PWD/first.html" \
		"(async () => { $DESK_JS await started();
		  return { since: !\$(\"since\").hidden,
		    question: !\$(\"question\").hidden,
		    back: !\$(\"back\").hidden, rule: \$(\"rule\").textContent }; })()"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >seen.json
	"$PY" - seen.json <<EOF || return 1
$NEED
s = json.load(open(sys.argv[1]))
need(not s["since"] and s["question"] and not s["back"] and
     s["rule"].startswith("rule "), "on the question at once: %r" % s)
sys.exit(0 if ok else 1)
EOF
}

# The board's helpers for the expressions below (after DESK_JS): its
# spots of a kind, the lit ones (elements) or all of them (the board's
# data: only the lit ones are elements), each with its dataset; a click
# on one, on its element or at its place on the board (an SVG element
# has no click(): the event a mouse sends); a hover; an option button;
# a counter to enter chosen (enter).
BOARD_JS='const board = () => (boardNow(), document.querySelector("#board svg"));
const lit = () => (boardNow(), [...document.querySelectorAll("#board .spot.lit")]);
const spots = (kind, sel) => sel == ".lit" ?
  lit().filter(s => !kind || s.dataset.kind == kind) :
  board().spots.filter(s => (!kind || s.kind == kind) && (sel != ":not(.lit)" ||
    !lit().some(e => e.dataset.kind == s.kind && e.dataset.id == s.id)))
  .map(s => ({ dataset: { kind: s.kind, id: s.id }, at: s }));
const tap = s => {
  if (!s.at) return s.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const r = board().getBoundingClientRect();
  board().dispatchEvent(new MouseEvent("click", { bubbles: true,
    clientX: r.left + s.at.x + s.at.w / 2, clientY: r.top + s.at.y + s.at.h / 2 }));
};
const hover = s => s.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
const option = t => [...document.querySelectorAll("#options button")]
  .find(b => b.textContent == t && !b.hidden);
const said = () => $("board-said").textContent;
const rule = () => $("rule").textContent;
const enter = () => {
  const b = $("build").querySelector("button.off-board");
  if (b) return b.click();
  const u = spots("unit", ".lit")[0];
  if (!u) throw new Error("no counter to enter lit, on the board or off it");
  tap(u);
};'

# NEED, then d: the first line of the states file (sys.argv[1]), which
# must not be a board without spots (its "error")
NEED_BOARD="$NEED"'
d = json.loads(open(sys.argv[1]).readline())
need("error" not in d, "the board: %r" % d.get("error"))
if "error" in d:
    sys.exit(1)
'

# A Race to the Reichstag played to step $1 (by views, under a
# referee), in the current directory: game.yaml, the keys; the side to
# order is 1bf (the movement step and the combat step after it). The
# game at each step is kept in $F for the file's next tests
# (game-at-N.yaml): five of them start at step 11 or 12.
reichstag_at() {
	cp "$F"/*.key .
	local side at
	if [ -f "$F/game-at-$1.yaml" ]; then
		cp "$F/game-at-$1.yaml" game.yaml
	else
		cp "$F/game.yaml" .
	fi
	while at=$("$UMPIRE" status --brief game.yaml | cut -d' ' -f3) &&
		[ "$at" -lt "$1" ]; do
		side=$("$UMPIRE" status --brief game.yaml | cut -d' ' -f2)
		step_by_view game.yaml "$side" referee.key >/dev/null
		cp game.yaml "$F/game-at-$((at + 1)).tmp" &&
			mv "$F/game-at-$((at + 1)).tmp" "$F/game-at-$((at + 1)).yaml"
	done
	run "$UMPIRE" status --brief game.yaml
	[ "$output" = "pending 1bf $1" ] || { echo "not 1bf's step $1: $output"; return 1; }
}

# The page of 1bf's view of game.yaml, t.html; cdp.py on it with
# DESK_JS and BOARD_JS (each argument an expression, or @shot FILE).
board_cdp() {
	"$UMPIRE" view game.yaml --side 1bf -s referee.key -o t.view
	"$UMPIRE" desk t.view -o t.html
	DESK_PAGE=$PWD/t.html DESK_MORE_JS=$BOARD_JS desk_cdp "$@"
}

# The answers file the page made (page.yaml) and the one typed with the
# same answers (typed.yaml): each made into 1bf's orders by umpire
# orders VIEW --answers FILE (byte-equal), then signed with --sign, and
# adjudicated: the games byte-equal; page.next.yaml the game after.
same_as_typed() {
	"$UMPIRE" orders t.view -s 1bf.key --answers page.yaml -o page.orders
	"$UMPIRE" orders t.view -s 1bf.key --answers typed.yaml -o typed.orders
	cmp page.orders typed.orders || { diff page.orders typed.orders; return 1; }
	local k
	for k in page typed; do
		VISUAL=true EDITOR=true "$UMPIRE" orders t.view -s 1bf.key \
			--answers $k.yaml --sign -o $k.signed </dev/null >/dev/null 2>&1 ||
			{ cat $k.yaml; return 1; }
		"$UMPIRE" adjudicate game.yaml $k.signed -s referee.key \
			-o $k.next.yaml --report /dev/null
	done
	cmp page.next.yaml typed.next.yaml
}

# The header of an answers file for the view t.view (its game, step,
# side and history), as a player types it.
typed_header() {
	grep -E '^(umpire|game|step|side|prev|reveal):' page.yaml
	echo "answers:"
}

@test "desk: a movement step by clicks on the board, signed and adjudicated as typed" {
	reichstag_at 11 || return 1
	local dir="${DESK_SHOTS:-$BATS_TEST_DIRNAME/../../build/desk-shots}"
	mkdir -p "$dir"
	run board_cdp '
	  const o = { rules: [rule()] };
	  if (!spots().length) return { error: "no board spots: the rules draw no svg_spot" };
	  option("no").click();                           // 6.7
	  // the next question shown, the board drawn after it
	  o.board = document.body.dataset.board;
	  // 7.1: each counter to enter (enter(): its spot in the strip of
	  // pieces off the map, or its button where it has none), then the
	  // first hex the rules light for it
	  o.placed = [];
	  for (let i = 0; i < 5 && rule() == "rule 7.1"; i++) {
	    enter();
	    tap(spots("hex", ".lit")[0]);
	    o.placed.push(seen().answers.pop());
	  }
	  o.rules.push(rule());
	  o.form = $("build").textContent;
	  o.litUnits = spots("unit", ".lit").map(s => s.dataset.id);
	  o.litHexes = spots("hex", ".lit").length;
	  // a hex clicked where a unit is asked: nothing, and why
	  tap(spots("hex")[0]);
	  o.hexFirst = said();
	  o.answersBefore = seen().answers.length;
	  o.moves = [];
	  for (const u of o.litUnits.slice(0, 2)) {
	    tap(spots("unit", ".lit").find(s => s.dataset.id == u));
	    const lit = spots("hex", ".lit");
	    const m = { unit: u, lit: lit.length, built: $("free-text").value };
	    // a hex this unit cannot reach: refused, in the rules words
	    const far = spots("hex", ":not(.lit)").pop();
	    tap(far);
	    m.far = far.dataset.id;
	    m.farSaid = said();
	    // the path shown before the hex is chosen
	    const before = $("board").innerHTML;
	    hover(lit[0]);
	    m.preview = said();
	    m.previewDrawn = $("board").innerHTML != before;
	    m.hex = lit[0].dataset.id;
	    tap(spots("hex", ".lit").find(s => s.dataset.id == m.hex));
	    // whole, with only optional words left (forced, in the form):
	    // sent by its button
	    m.send = $("build-send") ? $("build-send").textContent : null;
	    if ($("build-send")) $("build-send").click();
	    m.answers = seen().answers;
	    o.moves.push(m);
	  }
	  o.afterMoves = rule();
	  option("done").click();
	  $("standing-retreat").click();
	  o.end = seen();
	  return o;' "@shot $dir/board-move.png"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED_BOARD
need(d["rules"] == ["rule 6.7", "rule 9.0"], "6.7, then the moves: %r" % d["rules"])
need(d.get("board") == "pending", "the board drawn after the question: %r" % d.get("board"))
need("unit to hex" in d["form"], "the move's form shown: %r" % d["form"])
need(len(d["litUnits"]) >= 2 and d["litHexes"] == 0,
     "units lit (the rules' targets, q_target), no hex: %r" % d)
need("is not an answer to" in d["hexFirst"] and "click a lit unit" in d["hexFirst"],
     "a hex first says why not: %r" % d["hexFirst"])
for i, m in enumerate(d["moves"]):
    need(m["lit"] > 0 and m["built"] == m["unit"] + " to", "the unit's hexes lit: %r" % m)
    need(m["farSaid"].startswith("%s cannot be chosen now: %s " % (m["far"], m["unit"])),
         "an unreachable hex refused in the rules' words: %r" % m["farSaid"])
    need(m["preview"].startswith("If %s to %s: " % (m["unit"], m["hex"])) and
         m["previewDrawn"], "the move previewed: %r" % m["preview"])
    need(m["send"] in (None, "Send %s to %s" % (m["unit"], m["hex"])),
         "the move built, to send: %r" % m)
    need(m["answers"][-1] == "%s to %s" % (m["unit"], m["hex"]) and
         len(m["answers"]) == d["answersBefore"] + i + 1, "the move taken: %r" % m)
need(d["afterMoves"] == "rule 9.0", "still moving: %r" % d["afterMoves"])
need('standing:\n  retreat: "auto"\n' in d["end"]["yaml"], "the standing order: %r" % d["end"]["yaml"])
need(len(d["placed"]) >= 1 and all(len(p.split()) == 2 for p in d["placed"]),
     "counters placed by clicks: %r" % d["placed"])
open("page.yaml", "w").write(d["end"]["yaml"])
open("places", "w").write("".join('- place: "%s"\n' % p for p in d["placed"]))
open("moves", "w").write("".join("%s to %s\n%s\n%s\n" % (m["unit"], m["hex"],
    m["unit"] + " to " + m["far"], m["farSaid"][len(m["far"] + " cannot be chosen now: "):])
    for m in d["moves"]))
sys.exit(0 if ok else 1)
EOF
	# the same answers, typed
	{
		typed_header
		echo '- max-effort: "no"'
		cat places
		sed -n '1~3s/.*/- move: "&"/p' moves
		echo '- move: "done"'
		printf 'standing:\n  retreat: "auto"\n'
	} >typed.yaml
	same_as_typed || return 1
	# an unreachable hex: the page's words are sign --check's
	local bad why
	bad=$(sed -n 2p moves)
	why=$(sed -n 3p moves)
	{
		typed_header
		echo '- max-effort: "no"'
		cat places
		echo "- move: \"$bad\""
	} >bad.yaml
	run "$UMPIRE" sign bad.yaml --check -g t.view -s 1bf.key
	[ "$status" -ne 0 ] || { echo "$output"; return 1; }
	[[ "$output" == *"$why"* ]] || { echo "sign --check: $output"; echo "page: $why"; return 1; }
}

@test "desk: an attack built by clicks, its hex then its units, as typed" {
	reichstag_at 12 || return 1
	run board_cdp '
	  if (!spots().length) return { error: "no board spots: the rules draw no svg_spot" };
	  const o = { rule: rule(), form: $("build").textContent };
	  o.litHexes = spots("hex", ".lit").map(s => s.dataset.id);
	  if (!o.litHexes.length) return o;
	  tap(spots("hex", ".lit")[0]);
	  o.hex = $("free-text").value;
	  o.litUnits = spots("unit", ".lit").map(s => s.dataset.id);
	  // a unit that cannot join this attack: refused, and why
	  const far = spots("unit", ":not(.lit)").pop();
	  tap(far);
	  o.farSaid = said();
	  if (o.litUnits.length) tap(spots("unit", ".lit")[0]);
	  o.built = $("free-text").value;
	  o.send = $("build-send") ? $("build-send").textContent : null;
	  if ($("build-send")) $("build-send").click();
	  o.end = seen();
	  o.rule2 = rule();
	  return o;'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED_BOARD
need(d["rule"] == "rule 12.0" and "hex unit..." in d["form"], "the attack asked, its form: %r" % d)
need(d.get("litHexes"), "enemy hexes lit (the rules' targets, q_target): %r" % d)
if not d.get("litHexes"):
    sys.exit(1)
need(d["hex"] == d["litHexes"][0], "the hex built first: %r" % d["hex"])
need(d["litUnits"], "attackers lit: %r" % d)
need(" cannot be chosen now: " in d["farSaid"] or "is not an answer" in d["farSaid"],
     "a unit that cannot attack it says why: %r" % d["farSaid"])
need(d["built"] == "%s %s" % (d["hex"], d["litUnits"][0]) and
     d["send"] == "Send " + d["built"], "the attack built, to send: %r" % d)
need(d["end"]["answers"][:1] == [d["built"]], "the attack taken: %r" % d["end"])
open("page.yaml", "w").write(d["end"]["yaml"])
open("attack", "w").write(d["built"] + "\n")
sys.exit(0 if ok else 1)
EOF
	{ typed_header; echo "- attack: \"$(cat attack)\""; } >typed.yaml
	same_as_typed
}

@test "desk: the board by keys: a lit unit and a lit hex focused, Enter and Space" {
	reichstag_at 11 || return 1
	run board_cdp '
	  option("no").click();
	  for (let i = 0; i < 5 && rule() == "rule 7.1"; i++) {
	    enter();
	    tap(spots("hex", ".lit")[0]);
	  }
	  const u = spots("unit", ".lit")[0];
	  u.focus();
	  return { rule: rule(), unit: u.dataset.id, focused: document.activeElement == u };' \
		'@keys Enter' \
		'const h = spots("hex", ".lit")[0];
		 h.focus();
		 return { built: $("free-text").value, hex: h.dataset.id, said: said() };' \
		'@keys Space' \
		'const b = $("build-send");
		 if (b) b.focus();
		 return { send: b ? b.textContent : null };' \
		'@keys Enter' \
		'return { answers: seen().answers };'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED
s = [json.loads(l) for l in open(sys.argv[1])]
need(s[0]["rule"] == "rule 9.0" and s[0]["focused"], "a lit unit focused: %r" % s[0])
need(s[1]["built"] == s[0]["unit"] + " to", "Enter: the unit chosen: %r" % s[1])
need(s[1]["said"].startswith("If %s to %s: " % (s[0]["unit"], s[1]["hex"])),
     "a lit hex focused: its move shown: %r" % s[1])
need(s[2]["send"] in (None, "Send %s to %s" % (s[0]["unit"], s[1]["hex"])),
     "Space: the hex chosen, the move built to send: %r" % s[2])
need(s[3]["answers"][-1] == "%s to %s" % (s[0]["unit"], s[1]["hex"]),
     "Enter on Send: the move taken: %r" % s[3])
sys.exit(0 if ok else 1)
EOF
}

# The lit hex id's element, and the first way of the form's other than
# the one followed (its "Build as" button).
PATH_JS='const litHex = id => lit().find(s => s.dataset.kind == "hex" && s.dataset.id == id);
const litIds = () => spots("hex", ".lit").map(s => s.dataset.id);
const alt = () => $("build").querySelector("button.build-alt");
const img = () => $("board").querySelector("img").src;'

@test "desk: a move's path clicked hex by hex, drawn as it grows, as typed" {
	reichstag_at 11 || return 1
	BOARD_JS="$BOARD_JS $PATH_JS" run board_cdp '
	  if (!spots().length) return { error: "no board spots: the rules draw no svg_spot" };
	  option("no").click();                           // 6.7
	  const o = { placed: [] };
	  for (let i = 0; i < 5 && rule() == "rule 7.1"; i++) {
	    enter();
	    tap(spots("hex", ".lit")[0]);
	    o.placed.push(seen().answers.pop());
	  }
	  o.rule = rule();
	  const start = u => {
	    if (!$("build-clear").disabled) $("build-clear").click();
	    tap(spots("unit", ".lit").find(s => s.dataset.id == u));
	  };
	  // a unit, a first hex next to it, a second next to both: a path
	  // the rules would not take to the second (their path by its
	  // destination, previewed, is drawn otherwise)
	  for (const u of spots("unit", ".lit").map(s => s.dataset.id)) {
	    start(u);
	    o.alt = alt() ? alt().textContent : null;
	    if (!alt()) break;
	    alt().click();
	    const first = litIds();
	    for (const h1 of first) {
	      start(u); alt().click(); tap(litHex(h1));
	      for (const h2 of litIds().filter(h => first.includes(h))) {
	        const p = { unit: u, h1, h2, first };
	        tap(litHex(h2));
	        p.built = $("free-text").value;
	        p.said = said();
	        p.img = img();
	        start(u);
	        if (!litHex(h2)) continue;
	        hover(litHex(h2));
	        p.destSaid = said();
	        p.destImg = img();
	        if (p.destImg != p.img) { o.path = p; break; }
	        start(u); alt().click(); tap(litHex(h1));
	      }
	      if (o.path) break;
	    }
	    if (o.path) break;
	  }
	  const p = o.path;
	  if (!p) return o;
	  start(p.unit); alt().click(); tap(litHex(p.h1));
	  // a hex that breaks the path: refused, in the rules words
	  const far = spots("hex", ":not(.lit)").pop();
	  p.farAfter = $("free-text").value;
	  tap(far);
	  p.far = far.dataset.id;
	  p.farSaid = said();
	  tap(litHex(p.h2));
	  p.send = $("build-send") ? $("build-send").textContent : null;
	  if ($("build-send")) $("build-send").click();
	  p.answers = seen().answers;
	  option("done").click();
	  o.end = seen();
	  return o;'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states <<EOF || return 1
$NEED_BOARD
need(d["rule"] == "rule 9.0" and d.get("alt") == "Build as unit hex... [forced]",
     "the move's other way offered: %r" % d)
p = d.get("path")
need(p, "a path of two hexes the rules route otherwise: %r" % d)
if not p:
    sys.exit(1)
need(0 < len(p["first"]) <= 6, "only the hexes next to the unit lit first: %r" % p["first"])
path = "%s %s %s" % (p["unit"], p["h1"], p["h2"])
need(p["built"] == path and p["said"].startswith("Path so far, %s: " % path),
     "the path built and drawn as it grows: %r" % p)
need(p["destSaid"].startswith("If %s to %s: " % (p["unit"], p["h2"])),
     "the rules' path by destination previewed: %r" % p["destSaid"])
need(p["farSaid"].startswith("%s cannot be chosen now: " % p["far"]),
     "a hex breaking the path refused in the rules' words: %r" % p["farSaid"])
need(p["send"] == "Send " + path and p["answers"][-1] == path,
     "the path sent and taken: %r" % p)
open("page.yaml", "w").write(d["end"]["yaml"])
open("places", "w").write("".join('- place: "%s"\n' % x for x in d["placed"]))
need(p["farAfter"] == "%s %s" % (p["unit"], p["h1"]), "the path so far: %r" % p)
open("path", "w").write("%s\n%s %s\n%s\n" % (path, p["farAfter"], p["far"],
    p["farSaid"][len(p["far"] + " cannot be chosen now: "):]))
sys.exit(0 if ok else 1)
EOF
	{
		typed_header
		echo '- max-effort: "no"'
		cat places
		echo "- move: \"$(sed -n 1p path)\""
		echo '- move: "done"'
	} >typed.yaml
	same_as_typed || return 1
	# the hex that breaks the path: the page's words are sign --check's
	{
		typed_header
		echo '- max-effort: "no"'
		cat places
		echo "- move: \"$(sed -n 2p path)\""
	} >bad.yaml
	run "$UMPIRE" sign bad.yaml --check -g t.view -s 1bf.key
	[ "$status" -ne 0 ] || { echo "$output"; return 1; }
	local why
	why=$(sed -n 3p path)
	[[ "$output" == *"$why"* ]] || { echo "sign --check: $output"; echo "page: $why"; return 1; }
}

# A move of 1bf's step 11 that brings a unit next to two German hexes
# (from umpire report's position: flat-top columns, the even ones half
# a hex lower): "UNIT HEX A B" a line, the nearest first.
two_hex_moves() {
	"$UMPIRE" report game.yaml | "$PY" -c '
import re, sys
pos = sys.stdin.read().split("\nPosition", 1)[1]
def block(name):
    m = re.search(r"^%s(.*?)(?=^\S)" % re.escape(name), pos, re.S | re.M)
    return m.group(1) if m else ""
ids = lambda t: re.findall(r"(\w+) (\d{4})", t)
sov = dict(ids(block("1BF: ")))
ger = set()
for name in ("Germans, 1BF sector", "Germans, 1UF sector"):
    ger |= set(re.findall(r"(\d{4}) \w", block(name).split(":", 1)[1]))
busy = set(sov.values()) | set(h for _, h in ids(block("1UF: "))) | ger
def nb(h):
    c, r = int(h[:2]), int(h[2:])
    out = [(c, r - 1), (c, r + 1)]
    for dc in (-1, 1):
        out += [(c + dc, r), (c + dc, r + 1)] if c % 2 == 0 else \
            [(c + dc, r - 1), (c + dc, r)]
    return ["%02d%02d" % x for x in out if x[0] > 0 and x[1] > 0]
found = set()
for u, uh in sov.items():
    ring = {uh}
    for d in (1, 2):
        ring |= set(n for h in ring for n in nb(h))
        for h in ring - busy:
            en = sorted(set(nb(h)) & ger)
            if len(en) >= 2:
                found.add((d, u, h, en[0], en[1]))
for f in sorted(found):
    print(*f[1:])'
}

@test "desk: an attack on two hexes built by clicks, as typed" {
	reichstag_at 11 || return 1
	# step 11: a unit moved next to two German hexes (the first such
	# move the rules take)
	"$UMPIRE" view game.yaml --side 1bf -s referee.key -o s11.view
	"$UMPIRE" orders s11.view -s 1bf.key | grep -v '^#' >s11.yaml
	local u h a b found=
	while read -r u h a b; do
		sed "s/^- move: \"done\"/- move: \"$u to $h\"\n&/" s11.yaml >m.yaml
		"$UMPIRE" sign m.yaml --check -g s11.view -s 1bf.key >/dev/null 2>&1 &&
			{ found=1; break; }
	done < <(two_hex_moves)
	[ -n "$found" ] || { echo "no move brings a unit next to two German hexes"; return 1; }
	"$UMPIRE" sign m.yaml -s 1bf.key -o m.signed
	"$UMPIRE" adjudicate game.yaml m.signed -s referee.key -o g.next --report /dev/null
	mv g.next game.yaml
	BOARD_JS="$BOARD_JS $PATH_JS" run board_cdp '
	  if (!spots().length) return { error: "no board spots: the rules draw no svg_spot" };
	  const o = { rule: rule(), lit: litIds() };
	  tap(litHex("'"$a"'"));
	  o.alt = alt() ? alt().textContent : null;
	  // a second hex before "Build as": refused, the way named (the
	  // hex itself clicked, not a counter on it)
	  const x = document.createElementNS("http://www.w3.org/2000/svg", "rect");
	  x.setAttribute("class", "spot");
	  x.dataset.kind = "hex";
	  x.dataset.id = "'"$b"'";
	  board().append(x);
	  x.dispatchEvent(new MouseEvent("click", { bubbles: true }));
	  x.remove();
	  o.before = said();
	  if (alt()) alt().click();
	  o.second = litIds();
	  if (litHex("'"$b"'")) tap(litHex("'"$b"'"));
	  o.hexes = $("free-text").value;
	  o.units = spots("unit", ".lit").map(s => s.dataset.id);
	  const u = spots("unit", ".lit").find(s => s.dataset.id == "'"$u"'");
	  if (u) tap(u);
	  o.built = $("free-text").value;
	  o.send = $("build-send") ? $("build-send").textContent : null;
	  if ($("build-send")) $("build-send").click();
	  o.end = seen();
	  return o;'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" >states
	"$PY" - states "$u" "$a" "$b" <<EOF || return 1
$NEED_BOARD
u, a, b = sys.argv[2:5]
need(d["rule"] == "rule 12.0" and a in d["lit"] and b in d["lit"], "both hexes lit: %r" % d)
need(d["alt"] == "Build as hex,hex unit... [mobile|assault]", "the two-hex way offered: %r" % d)
need("Build as hex,hex" in d["before"], "a second hex first says how: %r" % d["before"])
need(b in d["second"] and a not in d["second"], "the second hex lit: %r" % d["second"])
need(d["hexes"] == "%s,%s" % (a, b) and u in d["units"], "the hexes built, %s lit: %r" % (u, d))
need(d["built"] == "%s,%s %s" % (a, b, u) and d["send"] == "Send " + d["built"],
     "the attack built, to send: %r" % d)
need(d["end"]["answers"][:1] == [d["built"]], "the attack taken: %r" % d["end"])
open("page.yaml", "w").write(d["end"]["yaml"])
open("attack", "w").write(d["built"] + "\n")
sys.exit(0 if ok else 1)
EOF
	{ typed_header; echo "- attack: \"$(cat attack)\""; } >typed.yaml
	same_as_typed
}
