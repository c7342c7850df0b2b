#!/usr/bin/env bats
# umpire replay: one HTML page that steps through a game. Made here from
# the Race to the Reichstag example (a whole game under a referee, its
# game file and every view the referee mailed): the whole game from the
# game file, and each side's replay from its views alone. Looked at in
# headless Chromium: no console message, no request for anything but the
# page, #step=N shows step N, and its board is the one `umpire render`
# draws for that step (the page's data rebuilds its SVG text byte for
# byte; the DOM shows the same texts). Screenshots of a few steps are
# kept in build/replay-shots (REPLAY_SHOTS) to be looked at. A test
# starts one Chromium and opens each address it looks at in a fresh tab
# of it (cdp.py "@open"): a browser started per address was most of the
# file's time (220 s of the ASan pass's, two files at a time).

load helpers

EX="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"
PY=/usr/bin/python3
RP="$BATS_TEST_DIRNAME/replay.py"

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR" || return 1
	"$UMPIRE" replay "$EX/game.yaml" -o whole.html
	"$UMPIRE" replay --view "$EX"/views/*-1bf.view -o 1bf.html
	"$UMPIRE" replay --view "$EX"/views/*-1uf.view -o 1uf.html
}

setup() {
	umpire_setup
	F="$BATS_FILE_TMPDIR"
}

# browse STEP...: one headless Chromium driven through cdp.py by the
# STEPs, each "@open file://PAGE#FRAGMENT" a fresh tab on that address
# (its document loaded anew, as a person opening it), "@dom FILE" the
# DOM after the script ran, "@shot FILE" a screenshot; every console
# message of each page, "URL: KIND: TEXT" a line, in console.log, and
# every request the pages made, their own documents too, in net.log.
browse() {
	local bin
	bin=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	CDP_CONSOLE="$PWD/console.log" CDP_NET="$PWD/net.log" \
		timeout 300 "$PY" "$BATS_TEST_DIRNAME/cdp.py" "$bin" about:blank \
		"$@" >browse.out 2>&1 || { cat browse.out; return 1; }
}

# shown_step DOMFILE: the step the page shows (the text of the element
# with id "step")
shown_step() {
	sed -n 's/.*<output id="step"[^>]*>\([0-9]*\)<\/output>.*/\1/p' "$1"
}

# asked PAGE...: the requests in net.log but the PAGEs' own documents
asked() {
	local a=()
	for p in "$@"; do a+=(-e "file://$p"); done
	grep -vxF "${a[@]}" net.log || true
}

@test "replay: the page opens with no console message and asks for nothing" {
	browse "@open file://$F/whole.html#step=12" \
		"@open file://$F/1bf.html#step=12" "@open file://$F/1uf.html#step=12"
	[ ! -s console.log ] || { cat console.log; return 1; }
	# the three documents were read (the watch saw them), nothing else
	[ "$(grep -c "^file://$F/" net.log)" -eq 3 ]
	out=$(asked "$F/whole.html" "$F/1bf.html" "$F/1uf.html")
	[ -z "$out" ] || { echo "asked for: $out"; return 1; }
	# the same watch sees a page that errs and fetches
	printf '<p>x</p><script>nosuch();</script><img src="http://192.0.2.1/x.png">' \
		>bad.html
	browse "@open file://$PWD/bad.html"
	grep -q "^file://$PWD/bad.html: exception: .*nosuch" console.log
	[ "$(asked "$PWD/bad.html")" = "http://192.0.2.1/x.png" ]
}

# What in page $1 would point outside it: an address, a style or script
# import, a request made by script (the SVG name spaces are names).
outside() {
	grep -Eio '(src|href|action)="[^#"][^"]*"|url\([^#]|@import|fetch\(|XMLHttpRequest|https?://[[:alnum:]./_-]*' \
		"$1" | grep -v '^http://www.w3.org/' || true
}

@test "replay: nothing in the page points outside it" {
	for page in whole 1bf 1uf; do
		hits=$(outside "$F/$page.html")
		[ -z "$hits" ] || { echo "$page: $hits"; return 1; }
	done
	# the same search finds an image fetched
	sed 's#</body>#<img src="x.png"></body>#' "$F/1bf.html" >bad.html
	[ "$(outside bad.html)" = 'src="x.png"' ]
}

@test "replay: #step=N shows step N, and every step of the game is there" {
	run "$PY" "$RP" steps "$F/whole.html"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 45 ]
	[ "${lines[0]}" = 0 ]
	[ "${lines[44]}" = 44 ]
	local open=()
	for n in 0 1 12 30 44; do
		open+=("@open file://$F/whole.html#step=$n" "@dom dom-$n.html")
	done
	browse "${open[@]}" "@open file://$F/whole.html" "@dom dom-last.html" \
		"@open file://$F/1bf.html#step=13" "@dom dom-1bf.html"
	for n in 0 1 12 30 44; do
		[ "$(shown_step dom-$n.html)" = "$n" ] ||
			{ echo "#step=$n: $(shown_step dom-$n.html)"; return 1; }
	done
	# no fragment: the last step
	[ "$(shown_step dom-last.html)" = 44 ]
	# a side's replay holds the steps of its views; a step between them
	# shows the latest view before it
	[ "$(shown_step dom-1bf.html)" = 12 ]
}

@test "replay: the board of step N is the one umpire render draws" {
	browse "@open file://$F/whole.html#step=0" "@dom dom-0.html" \
		"@open file://$F/whole.html#step=12" "@dom dom-12.html" \
		"@open file://$F/whole.html#step=44" "@dom dom-44.html"
	for n in 0 12 44; do
		"$UMPIRE" render "$EX/game.yaml" --step $n -o want.svg
		"$PY" "$RP" board "$F/whole.html" $n >got.svg
		cmp want.svg got.svg
		# and what the browser shows is that drawing
		"$PY" "$RP" text want.svg >want.txt
		"$PY" "$RP" text dom-$n.html >got.txt
		[ "$(wc -l <want.txt)" -gt 100 ]
		diff want.txt got.txt
	done
	# a side's: the board of its view, as render draws the view, but
	# for the steps it counts: the replay's (its last view's), not
	# the view's own
	v=$(grep -l '^step: 12$' "$EX"/views/*-1bf.view)
	last=$(sed -n 's/^step: //p' "$EX"/views/*-1bf.view | sort -n | tail -n 1)
	"$UMPIRE" render "$v" -o - | sed "s/step 12 of 12/step 12 of $last/g" >want.svg
	"$PY" "$RP" board "$F/1bf.html" 12 >got.svg
	cmp want.svg got.svg
	grep -q 'as 1bf sees it' got.svg
}

@test "replay: a side's replay holds none of the other side's hidden units" {
	# every unit of the game (the final state's units), and those the
	# 1BF views never name: hidden from 1BF throughout
	awk '/^state:/ { s = 1 } s && /^  units:/ { u = 1; next }
	     u && /^    [A-Za-z0-9]+:/ { sub(/:.*/, ""); print $1; next }
	     u && !/^    / { exit }' "$EX/game.yaml" | sort -u >all.txt
	[ "$(wc -l <all.txt)" -gt 50 ]
	: >never.txt
	while read -r id; do
		grep -qw -- "$id" "$EX"/views/*-1bf.view || echo "$id" >>never.txt
	done <all.txt
	[ "$(wc -l <never.txt)" -gt 0 ]
	# the whole game's page names them (so the search can find them)
	grep -qwFf never.txt "$F/whole.html"
	# the 1BF page, markup, data and script, names none
	hits=$(grep -owFf never.txt "$F/1bf.html" | sort -u || true)
	[ -z "$hits" ] || { echo "hidden from 1BF: $hits"; return 1; }
}

@test "replay: a game with views that is not over is the referee's (--full)" {
	new_reichstag_game g.yaml
	run "$UMPIRE" replay g.yaml -o x.html
	[ "$status" -eq 2 ]
	assert_output_has "this game has views and is not over"
	[ ! -e x.html ]
	run "$UMPIRE" replay g.yaml --full -o x.html
	[ "$status" -eq 0 ]
	grep -q 'the whole game' x.html
	# a game without views (no referee) is everyone's all along
	new_arnswalde_game a.yaml
	run "$UMPIRE" replay a.yaml -o a.html
	[ "$status" -eq 0 ]
	# read from the standard input (once: not sniffed for a view first)
	"$UMPIRE" replay - -o b.html <a.yaml
	sed 's/umpire audit a.yaml/umpire audit GAME.yaml/' a.html | cmp - b.html
}

@test "replay: bad command lines say what is accepted" {
	run "$UMPIRE" replay
	[ "$status" -eq 2 ]
	assert_output_has "give a GAME file, or a side's views"
	run "$UMPIRE" replay --view "$EX/views/013-1bf.view" \
		--view "$EX/views/014-1uf.view" -o x.html
	[ "$status" -eq 2 ]
	assert_output_has "a replay from views is of one side"
	run "$UMPIRE" replay --view "$EX/views/013-1bf.view" \
		--view "$EX/views/013-1bf.view" -o x.html
	[ "$status" -eq 2 ]
	assert_output_has "both views of step 12"
	run "$UMPIRE" replay "$EX/game.yaml" --full --view \
		"$EX/views/013-1bf.view" -o x.html
	[ "$status" -eq 2 ]
	[ ! -e x.html ]
}

@test "replay: the views checked against the game file given with them" {
	run "$UMPIRE" replay "$EX/game.yaml" --view "$EX"/views/*-1uf.view \
		-o x.html
	[ "$status" -eq 0 ]
	grep -q 'umpire audit game.yaml --view' x.html
	# one view altered after the referee signed it: refused
	sed 's/^step: 12$/step: 13/' "$EX/views/013-1bf.view" >bad.view
	run "$UMPIRE" replay "$EX/game.yaml" --view bad.view -o y.html
	[ "$status" -ne 0 ]
	[ ! -e y.html ]
}

@test "replay: a side's replay counts one way: the board's step of N is the navigation's, and it says which view of how many" {
	cd "$F"
	# step 12 is one of the 1BF's views (step 13 is not)
	cd "$BATS_TEST_TMPDIR"
	browse "@open file://$F/1bf.html#step=12" "@dom dom.html" \
		"@open file://$F/whole.html#step=12" "@dom dom-whole.html"
	total=$(sed -n 's/.*<\/output> of \([0-9]*\)<\/span>.*/\1/p' dom.html)
	[ "$total" -gt 12 ]
	[ "$(shown_step dom.html)" = 12 ]
	grep -q "<title>.*, step 12 of $total (as 1bf sees it)</title>" dom.html
	! grep -q "step 12 of 12[^0-9]" dom.html || false
	grep -q '<span id="frame">(view [0-9]* of [0-9]*)</span>' dom.html
	# the whole game's page has a frame a step: no view counted
	grep -q '<span id="frame"></span>' dom-whole.html
}

@test "replay: size and steps of the example's pages" {
	for page in whole 1bf 1uf; do
		size=$(wc -c <"$F/$page.html")
		echo "$page: $size bytes"
		[ "$size" -le 2000000 ]
	done
	run "$PY" "$RP" steps "$F/1bf.html"
	[ "${#lines[@]}" -ge 20 ]
}

# (each the whole page, 1600 pixels wide)
@test "replay: screenshots of a few steps (build/replay-shots)" {
	local dir="${REPLAY_SHOTS:-$BATS_TEST_DIRNAME/../../build/replay-shots}"
	mkdir -p "$dir"
	rm -f "$dir"/whole-0.png "$dir"/whole-12.png "$dir"/1bf-44.png \
		"$dir"/1uf-20.png
	browse "@open file://$F/whole.html#step=0" "@shot $dir/whole-0.png" \
		"@open file://$F/whole.html#step=12" "@shot $dir/whole-12.png" \
		"@open file://$F/1bf.html#step=44" "@shot $dir/1bf-44.png" \
		"@open file://$F/1uf.html#step=20" "@shot $dir/1uf-20.png"
	for f in whole-0 whole-12 1bf-44 1uf-20; do
		[ -s "$dir/$f.png" ] || { echo "no $f.png"; return 1; }
	done
}

@test "replay: each example's replay.html holds every step of its game and opens clean" {
	local ex d steps n size open=()
	local all="aachen arnswalde-1945 kampfgruppe-peiper race-to-the-reichstag russo-german-war"
	for ex in $all; do
		d="$BATS_TEST_DIRNAME/../../examples/$ex"
		[ -s "$d/replay.html" ] || { echo "$ex: no replay.html"; return 1; }
		grep -q 'replay game.yaml -o replay.html' "$d/make-example.sh"
		steps=$("$UMPIRE" audit --json "$d/game.yaml" |
			"$PY" -c 'import json,sys; print(json.load(sys.stdin)["steps"])')
		n=$("$PY" "$RP" steps "$d/replay.html" | wc -l)
		# the start and each step of the game file
		[ "$steps" -ge 1 ]
		[ "$n" -eq $((steps + 1)) ] ||
			{ echo "$ex: $n steps in the page, $steps in the game"; return 1; }
		size=$(wc -c <"$d/replay.html")
		echo "$ex: $n steps, $size bytes"
		[ "$size" -le 2000000 ]
		open+=("@open file://$d/replay.html#step=1" "@dom dom-$ex.html")
	done
	browse "${open[@]}"
	[ ! -s console.log ] || { cat console.log; return 1; }
	for ex in $all; do
		[ "$(shown_step dom-$ex.html)" = 1 ] ||
			{ echo "$ex: step $(shown_step dom-$ex.html)"; return 1; }
	done
}

# The page driven as a reader drives it (keys, buttons, a link, the play
# button), through the DevTools protocol on a pipe (cdp.py): what each
# does to the step shown, and how long a step takes to appear (the key
# handled and the page laid out again, in ms; printed, for the record).
@test "replay: keys, buttons, links and play step through the game" {
	local bin
	bin=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	run "$PY" "$BATS_TEST_DIRNAME/cdp.py" "$bin" "file://$F/whole.html#step=5" '(async () => {
	  const sleep = ms => new Promise(r => setTimeout(r, ms));
	  const step = () => document.getElementById("step").textContent;
	  const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
	  const click = id => document.getElementById(id).click();
	  const o = [step()];
	  key("ArrowRight"); o.push(step(), location.hash);
	  key("ArrowLeft"); o.push(step());
	  key("End"); o.push(step(), document.getElementById("next").disabled);
	  key("Home"); o.push(step(), document.getElementById("prev").disabled);
	  click("next"); o.push(step());
	  click("last"); o.push(step());
	  click("prev"); o.push(step());
	  click("first"); o.push(step());
	  location.hash = "#step=7"; await sleep(300); o.push(step());
	  click("play"); await sleep(3400); click("play"); o.push(step());
	  const here = document.querySelector("#turns a.here");
	  o.push(here ? here.textContent : "");
	  const t = [];
	  for (let i = 0; i < 5; i++) {
	    const t0 = performance.now();
	    key("ArrowRight");
	    void document.body.offsetHeight;
	    t.push(Math.round(performance.now() - t0));
	    await sleep(300);
	  }
	  return o.join(" ") + " | ms " + t.join(" ");
	})()'
	echo "$output"
	[ "$status" -eq 0 ]
	case $output in
	'"5 6 #step=6 5 44 true 0 true 1 44 43 0 7 9 Turn 2 | ms '*) ;;
	*) return 1 ;;
	esac
}

@test "replay: a side's replay of a card game shows at each step no card its view hid" {
	local ex="$BATS_TEST_DIRNAME/../../examples/russo-german-war" v k
	"$UMPIRE" replay --view "$ex"/views/*-german.view -o g.html
	"$UMPIRE" replay "$ex/game.yaml" -o w.html
	cards='[an][0-9][0-9]*g\?'
	leaks=0 hidden=0
	for v in "$ex"/views/*-german.view; do
		k=$(sed -n 's/^step: //p' "$v")
		grep -ohw "$cards" "$v" | sort -u >seen.txt
		# the German page at that step: no card its view does not name
		"$PY" "$RP" frame g.html "$k" | grep -ohw "$cards" | sort -u >shown.txt
		if comm -13 seen.txt shown.txt | grep .; then
			echo "step $k: shown to the German, not in his view"
			leaks=$((leaks + 1))
		fi
		# the whole game's page names cards that view hid (the search
		# can find a leak)
		"$PY" "$RP" frame w.html "$k" | grep -ohw "$cards" | sort -u >all.txt
		comm -13 seen.txt all.txt | grep -q . && hidden=$((hidden + 1))
	done
	echo "views hiding a card: $hidden"
	[ "$hidden" -gt 0 ]
	[ "$leaks" -eq 0 ]
}

@test "replay: a step drawn over the one before is the board drawn afresh, every step both ways" {
	local bin
	bin=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	# The page shows the board in layers stacked in its order (the map,
	# which no step changes, a layer the steps never touch, painted once
	# into a canvas; the rest changed element by element from the step
	# shown before). At every step, both ways:
	# - each layer's <svg> in the page is its lines parsed anew;
	# - the layers together are the board: every drawn element (all but
	#   groups, <defs> and titles), in order, the same element (its
	#   markup) under the same groups (their attributes) as in the
	#   board's SVG text, which is render's (tested above);
	# - each fixed layer's canvas is painted.
	run "$PY" "$BATS_TEST_DIRNAME/cdp.py" "$bin" "file://$F/whole.html#step=0" '(async () => {
	  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	  const sleep = ms => new Promise(r => setTimeout(r, ms));
	  const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
	  const norm = s => s.replace(/>\s+</g, "><").trim();
	  const step = () => document.getElementById("step").textContent;
	  const parse = s => {
	    const d = document.createElement("div");
	    d.innerHTML = s.replace(/^<\?xml[^>]*>\s*/, "");
	    return d;
	  };
	  const attrs = e => e.tagName + [...e.attributes].map(a => " " + a.name + "=" + a.value).join("");
	  const drawn = root => [...root.querySelectorAll("svg *")].filter(e =>
	      !/^(g|svg|defs|title)$/.test(e.tagName) && !e.closest("defs, title"))
	    .map(e => {
	      const up = [];
	      for (let a = e.parentElement; a && a.tagName !== "svg"; a = a.parentElement)
	        up.push(attrs(a));
	      return up.reverse().join(" > ") + " > " + norm(e.outerHTML);
	    }).join("\n");
	  const t = [], bad = [];
	  let n = 0, layers = 0, fixed = 0;
	  await sleep(500);
	  for (const dir of ["ArrowRight", "ArrowLeft"]) {
	    for (let i = 0; i < 100; i++) {
	      const before = step(), t0 = performance.now();
	      key(dir);
	      await frame();
	      if (step() === before) break;
	      t.push(Math.round(performance.now() - t0));
	      n++;
	      const ls = window.umpireLayers(+step());
	      const divs = document.querySelectorAll("#board > div");
	      layers = Math.max(layers, ls.length);
	      if (divs.length !== ls.length) { bad.push(step() + ":layers"); continue; }
	      ls.forEach((text, k) => {
	        const want = parse(text).querySelector("svg"), got = divs[k].querySelector("svg");
	        if (!want || !got || norm(want.outerHTML) !== norm(got.outerHTML))
	          bad.push(step() + ":" + k);
	        if (/fixed/.test(divs[k].className)) {
	          fixed++;
	          if (!divs[k].querySelector("canvas")) bad.push(step() + ":canvas" + k);
	        }
	      });
	      if (drawn(parse(window.umpireBoard(+step()))) !== drawn(document.getElementById("board")))
	        bad.push(step() + ":drawn");
	    }
	  }
	  t.sort((a, b) => a - b);
	  return "steps " + n + " differ [" + bad.join(",") + "] layers " + layers +
	    (fixed ? " fixed" : "") + " | ms median " + t[t.length >> 1] + " max " + t[t.length - 1];
	})()'
	echo "$output"
	[ "$status" -eq 0 ]
	case $output in
	'"steps 88 differ [] layers 3 fixed | ms '*) ;;
	*) return 1 ;;
	esac
}
