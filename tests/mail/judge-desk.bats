#!/usr/bin/env bats
# A whole Russo-German War through the judge on the private postfix
# (judge.bats' set-up, rgw.bash), one player with only a browser and a
# mail client. Bob plays with the command line as judge.bats' players
# do. Alice has the desk page (headless Chromium driven by
# ../e2e/cdp.py, the page open in one tab while the mail comes) and
# mutt, which saves each file she is mailed (its attachment menu) and
# sends her replies: she makes her key in the page (a download) and
# mails its public half to the game's host; she joins in the
# invitation's own page (umpire desk of the invitation, mailed with it)
# from its game file, asking the judge for the desk (a line "desk");
# the judge's first letter to her brings desk.html, the page she plays
# every turn in: she opens the letter's sealed view in it, answers by
# clicks on the lit answers, has the page sign and seal them, and mutt
# attaches the downloaded file to her reply to the letter. Bob, who did
# not ask, never gets the page. The game ends; each player audits it with the views he
# got, and the independent auditor (tests/independent/rederive.py)
# agrees; every letter each got is counted (one a move asked of him,
# and the end's); the page made no request and left no key in the
# browser's profile.
#
# A whole game of the page's scrypt and clicks: make check-desk-mail
# runs it (DESK_MAIL=1); make check-mail skips it, as what a short game
# would prove here desk-keys.bats (the page's join and signed orders,
# byte for byte the command line's) and judge-players.bats (mutt's
# attachments and replies to the judge) prove already.

load ../e2e/helpers
load ../e2e/desk
load mta
load parties
load robot
load rgw

CDP=$BATS_TEST_DIRNAME/../e2e/cdp.py
# Alice's passphrase, typed in the page (and given to umpire audit at
# the end, which stands for nobody's play: the test's check)
ALICE_PASS='correct horse battery staple'

# the page's expressions: KEYS waits for the key panel, then said()
# waits for what the panel says next (and reads it)
KEYS='const sleep = ms => new Promise(r => setTimeout(r, ms));
const $ = id => document.getElementById(id);
while (document.body.dataset.keys != "ready") await sleep(100);
const said = async () => {
  while (!$("key-said").className) await sleep(100);
  const s = $("key-said").textContent;
  $("key-said").className = "";
  return s;
};'

# Alice's turn in the page, the letter's view picked already: the view
# opened, the lit answers clicked for as long as the page asks, signed
# and sealed, the file downloaded. Which answer she clicks is the
# example player's preference (examples/russo-german-war/choose.py)
# among the buttons lit: war with her strongest card while she holds
# two or more, else supply; draw whenever she may; answer and take back
# with her strongest card; discard her weakest.
TURN="(async () => { $KEYS
  const ORDER = ['a1945', 'a1944', 'a1943', 'a1942', 'a1941', 'n7g', 'n7',
    'n6', 'n5', 'n4', 'n3', 'n2', 'n1'];
  const strength = b => ORDER.length -
    ORDER.indexOf(b.textContent.replace(/^war /, ''));
  const best = (bs, sign) => bs.sort((x, y) =>
    sign * (strength(y) - strength(x)))[0];
  const pick = () => {
    const bs = [...document.querySelectorAll('#options button')];
    const named = t => bs.find(b => b.textContent == t);
    const wars = bs.filter(b => b.textContent.startsWith('war '));
    const cards = bs.filter(b => ORDER.includes(b.textContent));
    if (wars.length)
      return wars.length >= 2 || !named('supply') ? best(wars, 1)
        : named('supply');
    if (named('draw')) return named('draw');
    if (named('pass') || named('none'))
      return best(cards, 1) || named('pass') || named('none');
    return best(cards, -1) || bs[0];
  };
  const opened = await said();
  if (!opened.startsWith('View opened')) return { opened };
  \$('skip').click();
  const clicked = [];
  for (let b; clicked.length < 12 && (b = pick()); b.click())
    clicked.push(b.textContent);
  \$('sign').click();
  const signed = await said();
  \$('signed-link').click();
  return { opened, clicked, signed, file: \$('signed-link').download };
})()"

setup_file() {
	if [ "${DESK_MAIL:-0}" != 1 ]; then
		# (parties.bash's setup skips each test saying so)
		export MTA_SKIP="a whole game played in the page: make check-desk-mail"
		return 0
	fi
	rgw_setup_file
}

# desk_page: the page Alice makes her key in, before any game of hers
# exists (a game names its sides' keys when it is made): any desk page
# does, a club's on its web site, or as here one Rita makes with
# `umpire desk` from the example game's first view (public, in
# examples/russo-german-war) and mails her, saved by her mutt as
# page/desk.html. She joins in the invitation's page, and plays in the
# judge's.
desk_page() {
	if ! "$UMPIRE" desk "$EXAMPLES/russo-german-war/views/001-german.view" \
		-o home/rita/desk.html 2>desk.err; then
		grep -q 'without the desk' desk.err || { cat desk.err; return 1; }
		[ "${DESK_REQUIRED:-0}" = 1 ] && { cat desk.err; return 1; }
		skip "umpire built without the desk's WebAssembly (make desk)"
	fi
	printf 'Alice,\n\nplay in this page: make your key in it, %s\n\nRita\n' \
		'and send me its public half.' \
		>home/rita/page.txt
	mutt_send rita alice "a page to play in" page.txt -a desk.html
	mutt_save alice "$(mta_wait alice 1)" 'desk[.]html' "$A/page" >/dev/null
}

# tab_open PAGE: Alice's browser with PAGE open in a tab, driven step
# by step by tab (cdp.py's steps on its standard input); her downloads
# go to Downloads, the page's requests to net, the profile is kept in
# browser.
tab_open() {
	mkdir -p "$A/Downloads"
	coproc TAB { CDP_DOWNLOADS="$A/Downloads" CDP_NET="$A/net" \
		CDP_PROFILE="$A/browser" exec "$PY" "$CDP" "$CHROME" \
		"file://$1" - 2>>"$A/cdp.err" 3>&-; }
}

# tab STEP: a step in Alice's tab (an expression, or @file SELECTOR
# PATH), and what it gave (JSON), at most 5 minutes later (a key's
# scrypt on a loaded machine).
tab() {
	local line
	"$PY" -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$1" \
		>&"${TAB[1]}"
	IFS= read -r -t 300 line <&"${TAB[0]}" ||
		{ echo "the page did not answer: $1"; cat "$A/cdp.err"
		  return 1; }
	printf '%s\n' "$line"
}

# tab_close: Alice closes her browser.
tab_close() {
	local pid=$TAB_PID
	eval "exec ${TAB[1]}>&-"
	wait "$pid"
}

# field JSON KEY: the field KEY of the JSON object.
field() {
	"$PY" -c 'import json, sys
print(json.loads(sys.argv[1]).get(sys.argv[2]) or "")' "$1" "$2"
}

# open_key: Alice opens her key in the tab, from her key file with her
# passphrase.
open_key() {
	tab "@file #key-file $A/Downloads/umpire.key" >/dev/null
	out=$(tab "(async () => { $KEYS
	  \$('key-pass').value = '$ALICE_PASS';
	  \$('key-open').click(); return await said(); })()")
	echo "# key opened: $out" >&3
	[[ $out == '"Key '*' open'* ]] || { echo "$out"; return 1; }
}

# alice_turn MSG: Alice answers the letter MSG in the page, and mutt
# replies to it with the signed orders attached.
alice_turn() {
	local v
	v=$(mutt_save alice "$1" '[.]view' "$A/letters/$n")
	tab "@file #view-file $v" >/dev/null
	out=$(tab "$TURN")
	file=$(field "$out" file)
	[ -n "$file" ] || { echo "the page's turn: $out"; return 1; }
	# at least one answer clicked: the page asked, and lit answers
	"$PY" -c 'import json, sys
c = json.loads(sys.argv[1])["clicked"]
sys.stdout.write("".join(a + "\n" for a in c))
sys.exit(0 if c else "no answer clicked: %s" % sys.argv[1])' "$out" \
		>>"$A/clicked"
	downloaded "$file"
	printf 'My orders are attached.\n' >"$A/note.txt"
	MUTT_ATTACH=$A/Downloads/$file mutt_reply alice "$1" note.txt
	grep -q "filename=\"\?$file" "$A/reply.sent"/*/* ||
		{ cat "$A/reply.out"; return 1; }
}

@test "judge desk: a whole Russo-German War, Alice in the page and mutt, Bob on the command line: the game ends, both audit, every letter counted" {
	CHROME=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	# Alice has no umpire: no key of the command line's
	A=$BATS_TEST_TMPDIR/home/alice
	DOWNLOADS=$A/Downloads
	rm -f "$A/alice.key" "$A/alice.pub"
	desk_page
	seen=" $(basename "$(mta_wait alice 1)")"
	# her key, made in the page and downloaded; its public half
	# mailed to the host
	tab_open "$A/page/desk.html"
	out=$(tab "(async () => { $KEYS
	  \$('key-new-pass').value = '$ALICE_PASS';
	  \$('key-new-pass2').value = '$ALICE_PASS';
	  \$('key-make').click();
	  const s = await said();
	  \$('key-sec-link').click(); \$('key-pub-link').click();
	  return s; })()")
	echo "# key made: $out" >&3
	[[ $out == *' made: save both files'* ]]
	downloaded umpire.key
	downloaded umpire.pub
	tab_close
	printf 'Rita,\n\nmy key.\n\nAlice\n' >"$A/key.txt"
	mutt_send alice rita "my key" key.txt -a Downloads/umpire.pub
	pub=$(mutt_save rita "$(mta_wait rita 1)" 'umpire[.]pub' \
		"$BATS_TEST_TMPDIR/home/rita/keys")
	cmp "$pub" "$A/Downloads/umpire.pub"
	RGW_INVITE_DESK=1 rgw_invited "$pub"
	# her join, made in the invitation's page from its game file
	mta_wait alice 2 >/dev/null
	invite=$(for m in "$MTA_DIR"/mail/alice/Maildir/new/*; do
		case $seen in *" $(basename "$m")"*) ;; *) echo "$m" ;; esac
	done)
	seen="$seen $(basename "$invite")"
	invitation=$(mutt_save alice "$invite" 'g0[.]yaml' "$A/invitation")
	invpage=$(mutt_save alice "$invite" 'desk[.]html' "$A/invitation-page")
	tab_open "$invpage"
	open_key
	tab "@file #join-file $invitation" >/dev/null
	out=$(tab "(async () => { $KEYS
	  \$('join-side').value = 'german';
	  \$('join').click(); const s = await said();
	  \$('join-link').click();
	  return { said: s, file: \$('join-link').download }; })()")
	echo "# joined: $out" >&3
	file=$(field "$out" file)
	[[ $(field "$out" said) == 'Joined game '* ]] || { echo "$out"; false; }
	downloaded "$file"
	# (the line "desk" asks the judge for the page)
	printf 'Judge,\n\nmy join.\n\ndesk\n\nAlice\n' >"$A/join.txt"
	mutt_send alice judge "join" join.txt -a "Downloads/$file"
	tab_close
	bob_joins
	# the game: every letter read as it comes; Alice keeps the judge's
	# page open in her browser, her key open in it
	declare -A letters=([alice]=0 [bob]=0) moves=([alice]=0 [bob]=0)
	declare -A pages=([alice]=0 [bob]=0)
	n=0 final= final2=
	while [ -z "$final" ] || [ -z "$final2" ]; do
		next_letter
		letters[$who]=$((letters[$who] + 1))
		names=$(attachment_names "$msg")
		if echo "$names" | grep -qx 'desk[.]html'; then
			pages[$who]=$((pages[$who] + 1))
			# the judge's page: the one Alice plays in from now
			[ "$who" = alice ] && [ "${pages[alice]}" -eq 1 ] || {
				echo "a page $who did not ask for: $msg"; false; }
			tab_open "$(mutt_save alice "$msg" 'desk[.]html' \
				"$A/judge")"
			open_key
		fi
		if echo "$names" | grep -q '\.view$'; then
			n=$((n + 1))
			cp "$msg" "home/$who/view-$(printf %03d $n).eml"
			# every view the judge sends asks its reader to move
			to_move "$msg" "$who" ||
				{ unfolded "$msg" | head -20; false; }
			moves[$who]=$((moves[$who] + 1))
			if [ "$who" = alice ]; then
				alice_turn "$msg"
			else
				answer bob "$msg"
			fi
		elif echo "$names" | grep -qx "$id.yaml.gz"; then
			# the game is over: the whole game file, to audit
			cp "$msg" "home/$who/final.eml"
			if [ -z "$final" ]; then final=$who; else final2=$who; fi
		else
			echo "a letter neither a view nor the game: $msg"
			unfolded "$msg" | head -30
			false
		fi
		[ "$n" -lt 300 ] || { judge_log; false; }
	done
	tab_close
	[ "$final" != "$final2" ]
	# the page came once, to the side that asked
	[ "${pages[alice]}" -eq 1 ]
	[ "${pages[bob]}" -eq 0 ]
	# the page made no request, and left no key nor passphrase in the
	# browser's profile
	[ ! -s "$A/net" ] || { cat "$A/net"; false; }
	key=$(sed -n 2p "$A/Downloads/umpire.key")
	# (not "! grep": errexit ignores a negated command)
	if grep -rlF "${key:0:40}" "$A/browser"; then false; fi
	if grep -rlF "$ALICE_PASS" "$A/browser"; then false; fi
	# every letter counted: nothing more comes; each player got one
	# letter a move asked of him and the end's, each once (its
	# Message-ID), and Alice the host's two (the page, the invitation)
	sleep 3
	for who in alice bob; do
		letters_of "$who" >"letters.$who"
		got=$(wc -l <"letters.$who")
		echo "# $who: ${moves[$who]} moves, $got letters of the judge" >&3
		[ "$got" -eq "${letters[$who]}" ]
		[ "$got" -eq $((moves[$who] + 1)) ]
		[ -z "$(sed 's/.* <//' "letters.$who" | sort | uniq -d)" ]
	done
	[ "$(mta_count alice)" -eq $((letters[alice] + 2)) ]
	[ "$(mta_count bob)" -eq $((letters[bob] + 1)) ]
	# the judge took every order file the page made, as any other
	grep -c ': adjudicated step' "$JUDGE_HOME/home/games/judge.log" \
		>adjudicated
	[ "$(cat adjudicated)" -eq $((moves[alice] + moves[bob])) ]
	# the audits (Alice's views are sealed to the key she made in the
	# page: umpire opens it with her passphrase), and the independent
	# auditor on the game the judge mailed
	cp "$A/Downloads/umpire.key" "$A/alice.key"
	printf '%s\n' "$ALICE_PASS" >"$BATS_TEST_TMPDIR/alice.pass"
	UMPIRE_PASSPHRASE_FILE=$BATS_TEST_TMPDIR/alice.pass rgw_ended
	game=$(mutt_save alice home/alice/final.eml "$id[.]yaml[.]gz" \
		"$BATS_TEST_TMPDIR/final")
	gunzip -c "$game" >final.yaml
	"$PY" "$BATS_TEST_DIRNAME/../independent/rederive.py" final.yaml \
		>rederive.out || { tail rederive.out; false; }
	echo "# game over: $n views, ${moves[alice]} moves in the page" \
		"($(wc -l <"$A/clicked") clicks: $(sed -E 's/^war .*/war/
		s/^(a19[0-9]*|n[0-9]g?)$/card/' "$A/clicked" | sort |
		uniq -c | xargs)), ${moves[bob]} on the command line;" \
		"letters: alice ${letters[alice]}, bob ${letters[bob]};" \
		"$SECONDS s" >&3
}
