#!/usr/bin/env bats
# Sealed answers the judge did not write (umpire-protocol(7), VIEWS,
# Sealed answers). A sealed box names no sender: anyone who knows a
# side's public key (every party of the game, anyone who saw its file)
# can seal "your orders were refused, mail them to X" to it. The text
# inside is the referee's only when the referee's key signed it, for
# that game and that side; umpire open checks that against the game's
# keys (a view of the game, or its file) and says who signed. Each test
# was written to fail on the code before its fix, where umpire open
# wrote whatever the box held and exited 0. The forgeries are made by
# answerforge.py from the page, without umpire.

load ../e2e/helpers
load ../e2e/judge-helpers

ANSWERFORGE="$BATS_TEST_DIRNAME/answerforge.py"

setup() {
	umpire_setup
	/usr/bin/python3 -c 'import nacl.public' 2>/dev/null ||
		skip "python3-nacl missing"
	# a Russo-German War the judge keeps, both sides joined: the side
	# to move ($s, the other $o) has its first view ($f); $id the game,
	# $game its file with every join (each side's own among them),
	# $inv the file as each side was invited to it
	judge_setup german soviet
	owner_game russo-german-war german soviet
	SIDES="german soviet" play 1
	post
	f=$(grep -l 'filename=.*\.view' mbox/*/*.umpire | head -1)
	s=$(basename "$(dirname "$f")")
	if [ "$s" = german ]; then o=soviet; else o=german; fi
	id=$(basename "$(kept)" .yaml)
	game=$(kept)
	inv=$(ls mbox/"$o"/done/invite-*.yaml)
}

# The judge's one letter in out/new, taken away: its attachment (the
# sealed answer) into $1.
answer_of_judge() {
	[ "$(ls out/new | wc -l)" -eq 1 ] || { ls out/new; return 1; }
	local a
	a=$(ls out/new/*)
	grep -q "filename=.*\.answer" "$a"
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
for p in m.iter_attachments():
    sys.stdout.write(p.get_content() if p.get_content_maintype() == "text"
                     else p.get_content().decode())' "$a" >"$1"
	rm "$a"
	head -1 "$1" | grep -qx 'umpire: sealed-answer/1'
}

# The opened answer $1 with the sed command $2 applied, sealed again to
# $s: umpire open refuses it as altered, and writes none of it.
altered_refused() {
	sed "$2" "$1" >altered.txt
	if cmp -s "$1" altered.txt; then false; fi
	/usr/bin/python3 "$ANSWERFORGE" "$s.pub" "$id" "$s" altered.txt \
		altered.answer
	run as "$s" open altered.answer --view "$f" -o out.txt
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "altered.answer: it is not an answer of game $id's referee: the text inside: signature does not match the file (file altered after signing)"
	[ ! -e out.txt ]
}

@test "answers: a sealed answer forged with only the side's public key is refused, saying nobody signed it" {
	printf 'Your orders for step 1 were refused: the judge moved.\nMail them to mallory@evil.example instead.\n' >lie.txt
	/usr/bin/python3 "$ANSWERFORGE" "$s.pub" "$id" "$s" lie.txt forged.answer
	# what a player typed before: the forger's text, exit 0
	run as "$s" open forged.answer
	[ "$status" -ne 0 ]
	if [[ "$output" == *mallory* ]]; then false; fi
	# with the game's keys at hand (the view, or the game file)
	for keys in "--view $f" "-g $game"; do
		run as "$s" open forged.answer $keys -o out.txt
		echo "$output"
		[ "$status" -eq 1 ]
		assert_output_has "forged.answer: what it holds is signed by nobody: it is not an answer of game $id's referee"
		[ ! -e out.txt ]
	done
}

@test "answers: the judge's sealed refusal opens, naming the referee of the game; re-sealed altered, it is refused" {
	as "$s" orders "$f" -o o.yaml
	sed -i '0,/^- \([a-z-]*\): ".*"$/s//- \1: "surrender"/' o.yaml
	as "$s" sign o.yaml --seal judge.pub -o signed.yaml 2>/dev/null
	as "$s" mail signed.yaml --to referee -o bad.eml
	"$UMPIRE" judge --config judge.ini --outbox out <bad.eml
	answer_of_judge refusal.answer
	run as "$s" open refusal.answer --view "$f" -o refusal.yaml
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "refusal.answer: signed by the referee of game $id: its refusal of the orders to $s for step 1"
	head -1 refusal.yaml | grep -qx 'umpire: refusal/1'
	grep -q 'surrender' refusal.yaml
	# the same with the game file the side joined
	run as "$s" open refusal.answer -g "$game" -o refusal2.yaml
	[ "$status" -eq 0 ]
	cmp refusal.yaml refusal2.yaml
	# the referee's text altered (another reason), sealed again
	altered_refused refusal.yaml 's/surrender/retreat/'
}

@test "answers: the judge's sealed reason opens, naming the referee; altered, or one for the other side sealed to it, it is refused" {
	# its orders signed for a step the game is not at: refused with
	# no refusal to give, the reason (the judge's check of what the
	# side signed) sealed; a mistake the judge answers in its own
	# words goes in clear
	as "$s" orders "$f" -o o.yaml
	sed -i 's/^step: 1$/step: 2/' o.yaml
	as "$s" sign o.yaml --no-seal -o signed.yaml 2>/dev/null
	as "$s" mail signed.yaml --to referee -o stale.eml 2>/dev/null
	"$UMPIRE" judge --config judge.ini --outbox out <stale.eml
	answer_of_judge reason.answer
	run as "$s" open reason.answer --view "$f" -o reason.txt
	echo "$output"
	[ "$status" -eq 0 ]
	assert_output_has "reason.answer: signed by the referee of game $id: its answer to $s for step 1"
	grep -q 'step 2' reason.txt
	grep -qx -- '# -----BEGIN UMPIRE SIGNATURE-----' reason.txt
	# a word of it changed, sealed again
	altered_refused reason.txt 's/step 2/step 3/'
	# the referee's real answer to $s, sealed by $s to the other side:
	# signed by the referee, but for $s
	/usr/bin/python3 "$ANSWERFORGE" "$o.pub" "$id" "$o" reason.txt \
		moved.answer
	run as "$o" open moved.answer -g "$game"
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "moved.answer: signed by the referee, but for another use than an answer to $o in game $id: its trusted comment is 'umpire/1 game=$id step=1 side=$s answer'"
}

@test "answers: an answer is checked against the keys of its own game, and opened only with them" {
	/usr/bin/python3 "$ANSWERFORGE" "$s.pub" "$id" "$s" /dev/null \
		empty.answer
	run as "$s" open empty.answer
	[ "$status" -eq 2 ]
	assert_output_has "give --view VIEW"
	run as "$s" open empty.answer --view "$f" -g "$game"
	[ "$status" -eq 2 ]
	# a game file is taken for its keys only with the opener's join in
	# it (which signs them): not the invitation
	run as "$s" open empty.answer -g "$inv"
	[ "$status" -eq 1 ]
	assert_output_has "this key has not joined game $id in this file"
	# a side's own signed text (its orders), sealed to itself: a party
	# signed it, but not the referee
	as "$s" orders "$f" -o o.yaml
	as "$s" sign o.yaml --no-seal -o mine.yaml 2>/dev/null
	/usr/bin/python3 "$ANSWERFORGE" "$s.pub" "$id" "$s" mine.yaml \
		mine.answer
	run as "$s" open mine.answer --view "$f"
	echo "$output"
	[ "$status" -eq 1 ]
	assert_output_has "mine.answer: signed by $s of game $id, not by its referee"
	# --view is for answers only
	run as "$s" open "$f" --view "$f"
	[ "$status" -eq 2 ]
	assert_output_has "for a judge's sealed answer"
}
