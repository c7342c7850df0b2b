#!/usr/bin/env bats
# The judge mails the desk page (src/judge/desk.c) to a side that asked
# for it with a line "desk" in a message carrying a file it signed: in
# that side's letters only, once a game, again when the page's program
# changes (UMPIRE_TEST_DESK_BUILD fakes a new one), never to the other
# side, never for a stranger's "desk"; "desk off" stops it. The page
# holds no view: the page mailed opens the letter's sealed view with the
# side's key in headless Chromium (cdp.py, as desk-keys.bats); a letter
# with the page that sendmail refused goes from the spool later, the
# page noted sent only then. A Russo-German War made by the judge's owner, played a few steps by
# the example player (judge-helpers.bash). Run by make check-desk (the
# page needs the WebAssembly: make desk).

load helpers
load judge-helpers

PY=/usr/bin/python3

setup() {
	umpire_setup
	if ! "$UMPIRE" desk /dev/null 2>&1 | grep -qv 'without the desk'; then
		[ "${DESK_REQUIRED:-0}" = 1 ] && { echo "no desk"; return 1; }
		skip "umpire built without the desk's WebAssembly (make desk)"
	fi
}

# The message $1 with a line $2 ("desk", "desk off") at the start of
# its first text part, as a player types it above what umpire mail
# wrote.
note() {
	"$PY" - "$1" "$2" <<'EOF'
import sys
p, word = sys.argv[1:3]
m = open(p).read()
# the first part's text: after the first boundary's header block (a
# message of one part: after its own)
i = m.find("\n--")
i = m.index("\n\n", i if i >= 0 else 0) + 2
open(p, "w").write(m[:i] + word + "\n\n" + m[i:])
EOF
}

# Side $1 answers its letters in its mailbox (answer, judge-helpers),
# its message to the judge given the line $2 first when $2 is given.
answer_all() {
	local f
	for f in "mbox/$1"/*; do
		[ -f "$f" ] || continue
		answer "$1" "$f" || return 1
		mv "$f" "mbox/$1/done/"
		[ -f reply.eml ] || continue
		[ -z "${2:-}" ] || note reply.eml "$2"
		judge_gets reply.eml || return 1
	done
	post
}

# How many of the letters $@ carry the desk page.
pages() {
	local n=0 f
	for f; do
		[ -f "$f" ] || continue
		grep -q 'filename=desk.html' "$f" && n=$((n + 1))
	done
	echo "$n"
}

# Both sides joined, german asking for the desk with its join; the
# first letters posted.
desk_game() {
	judge_setup german soviet
	owner_game russo-german-war german soviet
	answer_all german "${1:-desk}"
	answer_all soviet
}

@test "judge desk: the side that asked gets the page once, the other never" {
	desk_game
	# a few steps: each side's letters answered as they come
	for _ in 1 2 3 4; do
		answer_all german
		answer_all soviet
	done
	[ "$(ls mbox/german/done | wc -l)" -ge 3 ]
	[ "$(ls mbox/soviet/done | wc -l)" -ge 3 ]
	[ "$(pages mbox/german/done/*)" -eq 1 ]
	[ "$(pages mbox/soviet/done/*)" -eq 0 ]
	# the first of german's letters of the game carries it
	first=$(grep -l 'filename=.*\.view' mbox/german/done/* | head -1)
	grep -q 'filename=desk.html' "$first"
	grep -q '^german on ' games/*.desk
	! grep -q '^soviet ' games/*.desk || false
	# the letters say how to use the page, or how to get it
	grep -q 'Open it in a browser' "$first"
	grep -q 'open your key in the desk page you kept' \
		"$(ls mbox/german/done/*.umpire* | tail -1)"
	grep -q 'No umpire installed' "$(ls mbox/soviet/done/*.umpire* | head -1)"
	# the page holds no view: its view block is empty
	"$PY" - "$first" <<'EOF'
import email, re, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
page = [p for p in m.walk() if p.get_filename() == "desk.html"][0]
html = page.get_content()
if isinstance(html, bytes):
    html = html.decode()
v = re.search(r'id="desk-view"[^>]*>([^<]*)<', html)
assert v and v.group(1) == "", "the page holds a view"
assert 'name="umpire-desk-program"' in html
EOF
}

@test "judge desk: the page again when its program changes; desk off stops it" {
	desk_game
	answer_all german
	answer_all soviet
	[ "$(pages mbox/german/done/* mbox/german/*)" -eq 1 ]
	before=$(ls mbox/german/done mbox/german | wc -l)
	# a new program: the next letter of german's carries the page
	# again, and only that one
	export UMPIRE_TEST_DESK_BUILD=another
	for _ in 1 2 3; do
		answer_all german
		answer_all soviet
	done
	[ "$(ls mbox/german/done mbox/german | wc -l)" -gt $((before + 1)) ]
	[ "$(pages mbox/german/done/* mbox/german/*)" -eq 2 ]
	[ "$(pages mbox/soviet/done/* mbox/soviet/*)" -eq 0 ]
	# desk off, with german's next orders: no page after a program
	# change
	export UMPIRE_TEST_DESK_BUILD=a-third
	answer_all german 'desk off'
	grep -q '^german off ' games/*.desk
	for _ in 1 2; do
		answer_all soviet
		answer_all german
	done
	[ "$(pages mbox/german/done/* mbox/german/*)" -eq 2 ]
}

@test "judge desk: a stranger's desk note sends nothing and leaves nothing" {
	desk_game none
	answer_all german
	answer_all soviet
	answer_all german
	post
	rm -f out/new/*
	[ ! -e games/*.desk ] || { cat games/*.desk; false; }
	g=$(basename "$(kept)" .yaml)
	# a note alone, from soviet's own address (anyone may write it in
	# From:), naming the game in its subject
	printf 'From: soviet@example.org\nTo: judge@example.org\nSubject: Re: [umpire %.8s] step\n\ndesk\n' \
		"$g" >note.eml
	judge_gets note.eml
	grep -q 'dropped.*no umpire file' games/judge.log
	# soviet's orders for the step it is asked, signed by a stranger's
	# key, with a desk line, from soviet's own address
	"$UMPIRE" keygen -s mallory.key -p mallory.pub -W >/dev/null
	letter=$(grep -ls "filename=.*\.view" mbox/soviet/* | tail -1)
	[ -n "$letter" ]
	as soviet orders "$letter" -o o.yaml
	"$UMPIRE" sign o.yaml -s mallory.key -o forged.yaml
	{
		printf 'From: soviet@example.org\nTo: judge@example.org\n'
		printf 'Subject: orders\n\ndesk\n\n'
		cat forged.yaml
	} >forged.eml
	judge_gets forged.eml
	tail -1 games/judge.log | grep -q 'signed by another key.*answered to soviet'
	[ ! -e games/*.desk ] || { cat games/*.desk; false; }
	# no letter carries the page (an answer in the judge's words may go
	# to the party's own address: never the page)
	[ "$(pages out/new/*)" -eq 0 ]
	post
	# while the same line with orders german signed does: its next
	# letter carries the page
	answer_all soviet
	answer_all german desk
	answer_all soviet
	grep -q '^german on ' games/*.desk
	[ "$(pages mbox/german/*)" -eq 1 ]
}

@test "judge desk: the page mailed opens the letter's sealed view with the side's key" {
	CHROME=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	desk_game
	answer_all german
	answer_all soviet
	# the page of german's first letter, the view of its latest (a
	# later step's: the page opens views it was not made with)
	first=$(grep -ls 'filename=desk.html' mbox/german/done/* | head -1)
	latest=$(grep -ls 'filename=.*\.view' mbox/german/* | tail -1)
	[ -n "$first" ]
	[ -n "$latest" ]
	! grep -q 'filename=desk.html' "$latest" || false
	[ "$(grep -o 'filename=.*\.view' "$first")" != \
		"$(grep -o 'filename=.*\.view' "$latest")" ]
	"$PY" - "$first" "$latest" <<'EOF'
import email, sys
from email import policy
for path, want in ((sys.argv[1], "desk.html"), (sys.argv[2], ".view")):
    m = email.message_from_binary_file(open(path, "rb"),
                                       policy=policy.default)
    for p in m.walk():
        n = p.get_filename()
        if n and n.endswith(want):
            out = "desk.html" if want == "desk.html" else "letter.view"
            open(out, "wb").write(p.get_payload(decode=True))
EOF
	[ -s desk.html ]
	[ -s letter.view ]
	WAIT='const sleep = ms => new Promise(r => setTimeout(r, ms));
	  const $ = id => document.getElementById(id);
	  for (let i = 0; i < 300 && document.body.dataset.keys != "ready";
	    i++) await sleep(100);
	  const said = async () => { for (let i = 0; i < 600 &&
	    !$("key-said").className; i++) await sleep(100);
	    const s = $("key-said").textContent; $("key-said").className = "";
	    return s; };'
	mkdir -p dl
	run env CDP_DOWNLOADS="$PWD/dl" CDP_NET="$PWD/net" \
		CDP_PROFILE="$PWD/prof" "$PY" "$BATS_TEST_DIRNAME/cdp.py" \
		"$CHROME" "file://$PWD/desk.html" \
		"(async () => { $WAIT return \$('status').textContent; })()" \
		'@file #key-file '"$PWD/german.key" \
		"(async () => { $WAIT \$('key-open').click();
		  return await said(); })()" \
		'@file #view-file '"$PWD/letter.view" \
		"(async () => { $WAIT const s = await said();
		  return [s, \$('status').textContent,
		    document.querySelectorAll('#options button').length]; })()"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output"
	assert_output_has "This page holds no view"
	assert_output_has "now pick the view attached"
	assert_output_has "View opened: step"
	# a later step than the page's letter told
	echo "$output" | grep -q "View opened: step \([2-9]\|[1-9][0-9]\)"
	assert_output_has "german to order"
	[ ! -s net ] || { cat net; return 1; }
}

@test "judge desk: a letter with the page that could not be sent goes later, the page noted then" {
	judge_setup german soviet
	owner_game russo-german-war german soviet
	answer_all german desk
	# soviet's join completes the game: german's first letter, with
	# the page, is made, but sendmail refuses it
	for f in mbox/soviet/*; do
		[ -f "$f" ] || continue
		answer soviet "$f"
		mv "$f" mbox/soviet/done/
	done
	"$UMPIRE" judge --config judge.ini --sendmail /bin/false \
		<reply.eml 2>>judge.err || true
	ls games/spool | grep -q '\.desk-german-'
	# not noted as sent: the page is still owed
	grep -q '^german on -$' games/*.desk
	# the next run (a tick) sends it from the spool, and notes it
	"$UMPIRE" judge --config judge.ini --outbox out --tick 2>>judge.err
	[ -z "$(ls games/spool)" ]
	post
	[ "$(pages mbox/german/*)" -eq 1 ]
	! grep -q '^german on -$' games/*.desk || false
	# the next letter of german's goes without it
	answer_all german
	answer_all soviet
	[ "$(pages mbox/german/* mbox/german/done/*)" -eq 1 ]
}
