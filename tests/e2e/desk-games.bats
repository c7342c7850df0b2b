#!/usr/bin/env bats
# umpire desk in every game, in headless Chromium (tests/e2e/cdp.py) and
# Firefox ESR (tests/e2e/marionette.py): the page of each of the five
# games lands on the question the order template asks first; a Russo-
# German War card play and an Aachen turn taken by clicking the page's
# answer buttons, saved, signed (umpire orders ... --answers FILE
# --sign), adjudicated: the game file byte for byte the one the same
# answers typed into the order template give; the standing orders of
# the draft survive a reload, one the rules refuse dropped with a word.
# Race to the Reichstag and the Russo-German War have views (a referee,
# hidden information); Arnswalde 1945, Kampfgruppe Peiper and Aachen
# have none (each side holds the whole game file), so their page is
# made from the game file (umpire desk GAME), for the side asked.
# Run by make check-desk, as tests/e2e/desk.bats; screenshots in
# build/desk-shots (DESK_SHOTS) to look at.

load helpers
load desk

# The page of $1/$2 (a view or a game file) as $1/page.html, umpire
# desk's words in $1/desk.err.
page() {
	"$UMPIRE" desk "$1/$2" -o "$1/page.html" 2>"$1/desk.err" || true
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR" || return 1
	# Race to the Reichstag: the view of step 1 (1BF draws)
	mkdir rt && (cd rt && new_reichstag_game game.yaml &&
		"$UMPIRE" view game.yaml --side 1bf -s referee.key -o v.view) ||
		return 1
	page rt v.view
	# the Russo-German War: the deal played, the German's card play of
	# step 2 (rule 4.0)
	mkdir rgw && (cd rgw && new_rgw_game game.yaml german soviet referee &&
		step_by_view game.yaml german referee.key >/dev/null &&
		"$UMPIRE" view game.yaml --side german -s referee.key \
			-o v.view) || return 1
	page rgw v.view
	# Arnswalde 1945 and Kampfgruppe Peiper: the player's first step
	local scn
	for scn in arnswalde-1945 kampfgruppe-peiper; do
		mkdir "$scn" && (cd "$scn" &&
			"$UMPIRE" keygen -s player.key -p player.pub -W &&
			"$UMPIRE" keygen -s referee.key -p referee.pub -W &&
			"$UMPIRE" new "$scn" -s player.key --side player=player.pub \
				--referee referee.pub -o g0.yaml &&
			"$UMPIRE" join g0.yaml --side referee -s referee.key \
				-o game.yaml) >/dev/null 2>&1 || return 1
		page "$scn" game.yaml
	done
	# Aachen: the Allied first step (its set-up, then its movement)
	mkdir aachen && (cd aachen &&
		"$UMPIRE" keygen -s allied.key -p allied.pub -W &&
		"$UMPIRE" keygen -s german.key -p german.pub -W &&
		"$UMPIRE" new aachen -s allied.key --side allied=allied.pub \
			--side german=german.pub -o g0.yaml &&
		"$UMPIRE" join g0.yaml --side german -s german.key \
			-o game.yaml) >/dev/null 2>&1 || return 1
	page aachen game.yaml
}

setup() {
	F="$BATS_FILE_TMPDIR"
	desk_setup "$F/rt/page.html" "$F/rt/desk.err"
	SHOTS="${DESK_SHOTS:-$BATS_TEST_DIRNAME/../../build/desk-shots}"
	mkdir -p "$SHOTS"
}

# The page of game $1 ($F/$1/page.html): umpire desk's refusal fails
# (of a game with no views it takes the game file itself).
need_page() {
	[ -s "$F/$1/page.html" ] && return 0
	cat "$F/$1/desk.err"
	return 1
}

# What the expressions below start with: DESK_START (desk.bash); seen()
# is what the page shows; pick(policy) clicks, question by question,
# the answer button policy(texts, n) names (n: the clicks so far; -1:
# stop), until the step ends for the side or 60 clicks.
DESK_JS="$DESK_START"'const buttons = () => [...document.querySelectorAll("#options button")];
const seen = () => ({ status: $("status").textContent,
  rule: $("rule").textContent, text: $("text").textContent,
  question: !$("question").hidden, draft: $("draft").textContent,
  said: $("said").textContent, options: buttons().map(b => b.textContent),
  label: $("options-label").hidden ? null : $("options-label").textContent,
  answers: [...document.querySelectorAll("#answers li code")]
    .map(c => c.textContent),
  standing: [...document.querySelectorAll("#standing input[type=checkbox]")]
    .filter(c => c.checked).map(c => c.id),
  yaml: $("answers-yaml").textContent });
const pick = async (policy) => {
  for (let n = 0; n < 60 && buttons().length; n++) {
    const i = policy(buttons().map(b => b.textContent), n);
    if (i < 0) break;
    buttons()[i].click();
    if ($("said").className == "refused") break;
    await sleep(10);
  }
  return seen();
};'

# cdp.py on page $1: each further argument an expression run after
# DESK_JS and ready() (its value a JSON line), or @reload, @shot FILE.
desk_cdp() {
	local a url="file://$F/$1/page.html" args=()
	shift
	for a in "$@"; do
		case $a in
		@*) args+=("$a") ;;
		*) args+=("(async () => { $DESK_JS await ready(); $a })()") ;;
		esac
	done
	"$PY" "$BATS_TEST_DIRNAME/cdp.py" "$CHROME" "$url" "${args[@]}"
}

# Game $1's page lands on the question the order template of $2 (its
# view or game file) with key $3 asks first: that rule, the question's
# text, legal answers to click; a screenshot of it in $SHOTS/$1.png.
lands_on_question() {
	need_page "$1" || return 1
	"$UMPIRE" orders "$F/$1/$2" -s "$F/$1/$3" >template.yaml ||
		{ cat template.yaml; return 1; }
	run desk_cdp "$1" 'return seen();' "@shot $SHOTS/$1.png"
	need_output seen.json template.yaml <<'EOF' || return 1
s = json.load(open(sys.argv[1]))
tmpl = open(sys.argv[2]).read()
m = re.search(r"^# rule ([^,]*), [a-z-]+: (.*)$", tmpl, re.M)
need(m, "the template asks a question: %r" % tmpl[-800:])
need(s["question"] and s["status"].startswith("Step "), "on the question: %r" % s)
need(m and s["rule"] == "rule " + m.group(1), "the template's rule: %r" % s)
need(m and s["text"].startswith(m.group(2)[:40]), "its words: %r" % s["text"])
need(s["options"], "answers to click: %r" % s)
sys.exit(0 if ok else 1)
EOF
	[ -s "$SHOTS/$1.png" ]
}

@test "desk-games: Race to the Reichstag lands on the question" {
	lands_on_question rt v.view 1bf.key
}

@test "desk-games: the Russo-German War lands on the question" {
	lands_on_question rgw v.view german.key
}

@test "desk-games: Arnswalde 1945 lands on the question" {
	lands_on_question arnswalde-1945 game.yaml player.key
}

@test "desk-games: Kampfgruppe Peiper lands on the question" {
	lands_on_question kampfgruppe-peiper game.yaml player.key
}

@test "desk-games: Aachen lands on the question" {
	lands_on_question aachen game.yaml allied.key
}

@test "desk-games: a game file's page is its asked side's; another side, a game with views refused" {
	local a="$F/aachen"
	need_page aachen || return 1
	# the page names the side asked, and is made from no signed view
	grep -q '<title>umpire desk: Aachen[^<]*, allied</title>' "$a/page.html"
	grep -q 'id="desk-view" data-game="[0-9a-f]*" data-unsigned="1"' \
		"$a/page.html"
	# the side asked named, by --side or by its key: the same page
	"$UMPIRE" desk "$a/game.yaml" --side allied -o side.html
	"$UMPIRE" desk "$a/game.yaml" -s "$a/allied.key" -o key.html
	cmp side.html "$a/page.html"
	cmp key.html "$a/page.html"
	# another side, by --side or by its key: refused, naming the side asked
	run "$UMPIRE" desk "$a/game.yaml" --side german -o german.html
	[ "$status" -eq 1 ] && [[ $output == *"asks allied, not german"* ]] &&
		[[ $output == *"--side allied"* ]] || { echo "$output"; return 1; }
	run "$UMPIRE" desk "$a/game.yaml" -s "$a/german.key" -o german.html
	[ "$status" -eq 1 ] && [[ $output == *"asks allied, not german"* ]] ||
		{ echo "$output"; return 1; }
	[ ! -e german.html ]
	run "$UMPIRE" desk "$a/game.yaml" --side soviet
	[ "$status" -eq 2 ] && [[ $output == *"no side 'soviet'"* ]] ||
		{ echo "$output"; return 1; }
	# after the Allied step (its template signed, adjudicated), the
	# German's page: the side asked, with no --side; its steps carry no
	# vouch (honour mode)
	cp "$a"/*.key "$a/game.yaml" .
	XDG_STATE_HOME="$PWD/st" "$UMPIRE" orders game.yaml -s allied.key |
		grep -v '^#' >o.yaml
	XDG_STATE_HOME="$PWD/st" "$UMPIRE" sign o.yaml -s allied.key -o o.signed
	XDG_STATE_HOME="$PWD/st" "$UMPIRE" adjudicate game.yaml o.signed \
		-s german.key -o g2.yaml --report /dev/null
	"$UMPIRE" desk g2.yaml -o german.html ||
		{ echo "the German's page refused"; return 1; }
	grep -q '<title>umpire desk: Aachen[^<]*, step 2, german</title>' \
		german.html || { grep -o '<title>[^<]*' german.html; return 1; }
	# a game with views (a referee hides what a side may not see)
	run "$UMPIRE" desk "$F/rgw/game.yaml" -o rgw.html
	[ "$status" -eq 2 ] && [[ $output == *"this game has views"* ]] ||
		{ echo "$output"; return 1; }
	# --side is a game file's: a view is its own side's
	run "$UMPIRE" desk "$F/rgw/v.view" --side german
	[ "$status" -eq 2 ] && [[ $output == *"--side goes with a game file"* ]] ||
		{ echo "$output"; return 1; }
}

# Game $1's step by clicks (the pick() policy $5), and the same answers
# typed: $2 the view or game file the side orders from, $3 the side's
# key, $4 the key that adjudicates. The page's answers file, signed by
# umpire orders --answers --sign, adjudicated: clicked.yaml; the order
# template of $2 with the same answers typed in its answers list, signed
# by umpire sign, adjudicated: typed.yaml; each from local records of
# its own. Prints the answers.
clicked_equals_typed() {
	local d="$F/$1"
	cp "$d"/*.key "$d/$2" .
	[ -e "$d/game.yaml" ] && cp "$d/game.yaml" .
	run desk_cdp "$1" "const s = await pick($5);
		 \$(\"save\").click(); return Object.assign(s,
		   { saved: \$(\"said\").textContent });" "@shot $SHOTS/$1-clicked.png"
	need_output clicked.json <<'EOF' || return 1
s = json.load(open(sys.argv[1]))
need(s["answers"] and not s["said"].startswith("Refused"), "clicks taken: %r" % s)
need(s["saved"].startswith("Saved as answers-"), "saved: %r" % s["saved"])
need(s["options"] or s["label"] is None,
     "no answers, no label over them: %r" % s["label"])
open("answers.yaml", "w").write(s["yaml"])
for a in s["answers"]:
    print(a)
sys.exit(0 if ok else 1)
EOF
	# clicked: the page's file, signed as the page tells (the editor
	# it opens on the orders saves them as they are; from a view they
	# are sealed to the referee, so the files signed differ, the game
	# they make does not)
	VISUAL=true XDG_STATE_HOME="$PWD/clicked-state" "$UMPIRE" orders \
		"$2" -s "$3" --answers answers.yaml --sign -o clicked.signed ||
		{ cat answers.yaml; return 1; }
	"$UMPIRE" adjudicate game.yaml clicked.signed -s "$4" -o clicked.yaml \
		--report /dev/null || return 1
	# typed: the same answers written into the order template by hand
	XDG_STATE_HOME="$PWD/typed-state" "$UMPIRE" orders "$2" -s "$3" \
		-o template.yaml || return 1
	"$PY" - template.yaml answers.yaml <<'EOF' >typed.orders || return 1
import sys, yaml
tmpl = open(sys.argv[1]).read()
given = yaml.safe_load(open(sys.argv[2]))["answers"]
head, rest = tmpl.split("\nanswers:\n", 1)
standing = rest[rest.index("\nstanding:"):] if "\nstanding:" in rest else ""
print(head + "\nanswers:")
for a in given:
    (k, v), = a.items()
    print('- %s: "%s"' % (k, v))
sys.stdout.write(standing.lstrip("\n"))
EOF
	XDG_STATE_HOME="$PWD/typed-state" "$UMPIRE" sign typed.orders -s "$3" \
		-o typed.signed || return 1
	"$UMPIRE" adjudicate game.yaml typed.signed -s "$4" -o typed.yaml \
		--report /dev/null || return 1
	cmp clicked.yaml typed.yaml >&2 || return 1
	local before after
	before=$("$UMPIRE" status --brief game.yaml) || return 1
	after=$("$UMPIRE" status --brief clicked.yaml) || return 1
	[ "${after##* }" -gt "${before##* }" ] ||
		{ echo "the game did not move on: $after" >&2; return 1; }
}

@test "desk-games: a Russo-German War card play by clicks, equal to it typed" {
	need_page rgw || return 1
	# the German's card play (rule 4.0): the last card offered, not
	# the template's first
	clicked_equals_typed rgw v.view german.key referee.key \
		'(texts) => texts.length - 1' >played
	grep -qx 'war n[0-9a-z]*' played || { cat played; return 1; }
}

@test "desk-games: an Aachen turn by clicks, equal to it typed" {
	need_page aachen || return 1
	# the Allied set-up (the first hex each time), then three moves
	# (the first offered that is not done), then done
	clicked_equals_typed aachen game.yaml allied.key german.key \
		'(texts, n) => { const m = texts.findIndex(t => / to /.test(t));
		   if (m < 0) return 0;
		   pick.moves = (pick.moves || 0) + 1;
		   return pick.moves <= 3 ? m : texts.indexOf("done"); }' >played
	[ "$(grep -c ' to ' played)" -eq 3 ] || { cat played; return 1; }
}

@test "desk-games: standing orders survive a reload; a refused one is dropped with a word" {
	run desk_cdp rt \
		'$("standing-retreat").click();
		 $("standing-advance-front-attacker").click();
		 return seen();' \
		@reload 'return seen();' \
		'const k = Object.keys(localStorage).find(k => k.includes("/draft/"));
		 const d = JSON.parse(localStorage.getItem(k));
		 d.standing["stay"] = "retreat\\\\";
		 d.standing["no-such-order"] = "auto";
		 localStorage.setItem(k, JSON.stringify(d));
		 return seen();' \
		@reload 'return seen();' \
		'$("discard").click(); return seen();' \
		@reload 'return Object.assign(seen(), { keys:
		   Object.keys(localStorage).filter(k => k.includes("/draft/")) });'
	need_output states <<'EOF' || return 1
s = [json.loads(l) for l in open(sys.argv[1])]
on = ["standing-retreat", "standing-advance-front-attacker"]
need(sorted(s[0]["standing"]) == sorted(on) and
     'retreat: "auto"' in s[0]["yaml"], "two standing orders set: %r" % s[0])
need(sorted(s[1]["standing"]) == sorted(on) and s[1]["yaml"] == s[0]["yaml"],
     "both after a reload, in the answers file: %r" % s[1])
need(s[1]["draft"].startswith("Draft restored: 0 answers and 2 standing orders"),
     "the page says so: %r" % s[1]["draft"])
need(sorted(s[3]["standing"]) == sorted(on) and "stay" not in s[3]["yaml"]
     and "no-such-order" not in s[3]["yaml"],
     "the refused ones not set: %r" % s[3])
need(s[3]["draft"].startswith("Draft restored: 0 answers and 2 standing orders")
     and "dropped: stay (an answer is printable ASCII without quotes or "
         "backslashes); no-such-order (no standing order of that name in "
         "this game)" in s[3]["draft"], "and said: %r" % s[3]["draft"])
need(not s[4]["standing"] and "standing:" not in s[4]["yaml"] and
     s[4]["draft"] == "Draft discarded.", "Discard draft: none left: %r" % s[4])
need(not s[5]["standing"] and not s[5]["keys"] and not s[5]["draft"],
     "none after a reload: %r" % s[5])
sys.exit(0 if ok else 1)
EOF
}

@test "desk-games: the standing list is one entry a key, its words once" {
	run desk_cdp rt \
		'return [...document.querySelectorAll("#standing .standing-key")]
		   .map(e => ({ id: e.id, text: e.textContent,
		     toggles: [...e.querySelectorAll("input[type=checkbox]")]
		       .map(c => c.id) }));' "@shot $SHOTS/standing.png"
	need_output entries.json <<'EOF' || return 1
e = {x["id"]: x for x in json.load(open(sys.argv[1]))}
adv = e.get("standing-key-advance")
need(adv and adv["toggles"] == ["standing-advance"] + ["standing-advance-" + s
     for s in ("front-attacker", "front-defender", "german-attacker",
               "german-defender")], "advance: a toggle a scope: %r" % adv)
need(adv and adv["text"].count("advance after combat") == 1,
     "its words once: %r" % adv)
need(all(re.search(r"rule [0-9]", x["text"]) for x in e.values()),
     "each entry says its rule: %r" % e)
need(e.get("standing-key-retreat", {}).get("toggles") == ["standing-retreat"],
     "a key of no scope one toggle: %r" % e.get("standing-key-retreat"))
sys.exit(0 if ok else 1)
EOF
}

@test "desk-games: Firefox ESR opens a view's page; its first paint says what comes" {
	local FF
	FF=$(command -v firefox-esr) || skip "firefox-esr is not installed"
	mkdir prof
	# the first paint, before the page's rules start, already says the
	# view's question in the rules' words (rule 4.0, the card play)
	grep -q '<span id="rule" class="rule">rule 4.0</span> <span id="text">[^<]*normal war' \
		"$F/rgw/page.html" ||
		{ grep -o '<span id="rule".\{0,200\}' "$F/rgw/page.html"; return 1; }
	# Firefox's own screenshot, taken at the load event (before the
	# rules start), to look at
	timeout 120 "$FF" --headless --no-remote --profile "$PWD/prof" \
		--window-size=1100,800 --screenshot "$SHOTS/firefox-rgw-load.png" \
		"file://$F/rgw/page.html" >ff.log 2>&1 || { cat ff.log; return 1; }
	[ -s "$SHOTS/firefox-rgw-load.png" ]
	run timeout 180 "$PY" "$BATS_TEST_DIRNAME/marionette.py" "$FF" \
		"file://$F/rgw/page.html" \
		"$DESK_START"'await ready();
		 return { status: $("status").textContent,
		   rule: $("rule").textContent, text: $("text").textContent,
		   question: !$("question").hidden,
		   options: [...document.querySelectorAll("#options button")]
		     .map(b => b.textContent) };' \
		"$SHOTS/firefox-rgw.png"
	need_output seen.json <<'EOF' || return 1
s = json.load(open(sys.argv[1]))
need(s["status"].startswith("Step 2, german") and s["rule"] == "rule 4.0" and
     s["question"] and any(o.startswith("war ") for o in s["options"]),
     "the card play in Firefox: %r" % s)
sys.exit(0 if ok else 1)
EOF
}
