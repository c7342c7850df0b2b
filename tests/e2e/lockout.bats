#!/usr/bin/env bats
# No lock-outs, in any mode: every path by which an order file is
# refused, or would have been, leaves the key able to sign the step's
# orders (umpire-orders(5), ANSWERS IN ADVANCE; umpire-protocol(7),
# REFUSED ORDERS). Answers past where a step ends are carried, never a
# reason to refuse; a file refused before it gets a signed refusal in
# referee mode; an order file with no answers is not signed at all.

load helpers

# Race to the Reichstag under a referee, both set-up draws played with
# the kept standing orders (place: auto...): the 1BF player's movement
# is asked (step 3); his view in m.view.
setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	local keys side st i
	new_reichstag_game game.yaml
	keys='place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance'
	for i in 1 2; do
		st=$("$UMPIRE" status --brief game.yaml)
		side=${st#pending }
		side=${side%% *}
		"$UMPIRE" view game.yaml --side "$side" -s referee.key -o v.view
		"$UMPIRE" orders v.view -s "$side.key" |
			sed -E "s/^#  ($keys): /  \\1: /" |
			"$UMPIRE" sign - -s "$side.key" -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s referee.key \
			-o next.yaml --report /dev/null
		mv next.yaml game.yaml
	done
	[ "$("$UMPIRE" status --brief game.yaml)" = "pending 1bf 3" ]
	"$UMPIRE" view game.yaml --side 1bf -s referee.key -o m.view
	"$UMPIRE" orders m.view -s 1bf.key | grep -v '^#' >t.yaml
	grep -qx -- '- move: "done"' t.yaml
}

setup() {
	umpire_setup
	cp -r "$BATS_FILE_TMPDIR"/* .
}

# t.yaml with its one answer replaced by the lines given
answers() {
	local a
	grep -v '^- ' t.yaml | sed '/^standing:/,$d'
	for a in "$@"; do
		printf -- '- %s\n' "$a"
	done
	echo "standing:"
}

# the attack the 1BF player must make after moving 1M (12.0: his
# units in an enemy zone of control), from his own view's check
attack_of() {
	"$UMPIRE" sign "$1" -s 1bf.key -g m.view -o /dev/null 2>&1 |
		grep -o 'for example: "[^"]*"' | head -1 | cut -d'"' -f2
}

@test "referee mode: a trailing move: done past the combat draw is carried, not refused" {
	answers 'move: "1M to 0901"' 'move: "done"' 'move: "done"' \
		>probe.yaml
	att=$(attack_of probe.yaml)
	[ -n "$att" ]
	answers 'move: "1M to 0901"' 'move: "done"' "attack: \"$att\"" \
		'move: "done"' >o.yaml
	# checked on his view up to the draw, and it says how far
	run "$UMPIRE" sign o.yaml -s 1bf.key -g m.view --no-seal -o o.signed
	[ "$status" -eq 0 ]
	assert_output_has "3 of 4 answers checked; the rest, after the draw at rule"
	run "$UMPIRE" verify o.signed --game m.view -s 1bf.key
	[ "$status" -eq 0 ]
	assert_output_has "3 of 4 answers checked"
	run "$UMPIRE" adjudicate game.yaml o.signed -s referee.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 0 ]
	[ ! -e refusal.txt ]
	# his next view says what was not used, and why
	"$UMPIRE" view next.yaml --side 1bf -s referee.key -o m2.view
	run "$UMPIRE" report m2.view -s 1bf.key
	assert_output_has "Not used: answer 'move: done'"
}

@test "referee mode: a file refused before the step's end gets a signed refusal, and the key signs again" {
	answers 'move: "1M to 0901"' 'move: "zzz"' >bad.yaml
	"$UMPIRE" sign bad.yaml -s 1bf.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s referee.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	[ -e refusal.txt ]
	[ ! -e next.yaml ]
	tr -d "\n'-" <refusal.txt | tr -s ' ' |
		grep -q "zzz is not a legal answer to rule 9.0"
	answers 'move: "1M to 0901"' 'move: "done"' >good.yaml
	# without the refusal the record refuses a second file for the step
	run "$UMPIRE" sign good.yaml -s 1bf.key -o good.signed
	[ "$status" -eq 1 ]
	"$UMPIRE" sign good.yaml -s 1bf.key -g m.view --refused refusal.txt \
		--view m.view -o good.signed
	"$UMPIRE" adjudicate game.yaml good.signed -s referee.key \
		-o next.yaml --report /dev/null
}

@test "orders --sign on a view checks the answers on the view" {
	EDITOR=true run "$UMPIRE" orders m.view -s 1bf.key --sign -o s.yaml
	[ "$status" -eq 0 ]
	assert_output_has "answers ok: all 1 are legal"
	"$UMPIRE" adjudicate game.yaml s.yaml -s referee.key -o next.yaml \
		--report /dev/null
}

@test "an order file with no answers is not signed, and the key signs the real one" {
	answers >empty.yaml
	run "$UMPIRE" sign empty.yaml -s 1bf.key -o empty.signed
	[ "$status" -eq 1 ]
	assert_output_has "the orders answer nothing"
	[ ! -e empty.signed ]
	"$UMPIRE" sign t.yaml -s 1bf.key -g m.view -o o.signed
	"$UMPIRE" adjudicate game.yaml o.signed -s referee.key -o next.yaml \
		--report /dev/null
}

@test "open mode: answers past a draw are carried, and the key signs the next step" {
	new_arnswalde_game a.yaml
	"$UMPIRE" orders a.yaml -s p.key -o o.yaml
	# an answer past the step's first draw (the template pre-fills
	# what follows an edited answer)
	sed -i 's/^\(- placement: .*\)$/\1\n- action: "pass"/' o.yaml
	run "$UMPIRE" sign o.yaml --game a.yaml -s p.key -o s.yaml
	[ "$status" -eq 0 ]
	assert_output_has "1 of 2 answers checked"
	run "$UMPIRE" adjudicate a.yaml s.yaml -s r.key -o a1.yaml \
		--report r1.txt
	[ "$status" -eq 0 ]
	# used if legal when asked, else said and asked again
	grep -q "Answer in advance used: action: pass\|Not used: answer 'action: pass'" r1.txt
	# the key signs the orders of the next step it is asked
	st=$("$UMPIRE" status --brief a1.yaml)
	case $st in
	"pending player"*)
		"$UMPIRE" orders a1.yaml -s p.key |
			"$UMPIRE" sign - --game a1.yaml -s p.key -o s2.yaml
		"$UMPIRE" adjudicate a1.yaml s2.yaml -s r.key -o a2.yaml
		;;
	esac
}

@test "open mode: a file the adjudication refuses releases the step when the game refuses it too" {
	new_arnswalde_game a.yaml
	"$UMPIRE" orders a.yaml -s p.key -o o.yaml
	sed 's/^- placement: .*/- placement: "north 9 south 0 center 0"/' \
		o.yaml >bad.yaml
	# signed without the check: the adjudication refuses it
	"$UMPIRE" sign bad.yaml -s p.key -o bad.signed
	run "$UMPIRE" adjudicate a.yaml bad.signed -s r.key -o a1.yaml
	[ "$status" -eq 1 ]
	# the record holds it for step 1: no other file without more
	run "$UMPIRE" sign o.yaml --game a.yaml -s p.key -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "already signed other orders"
	# the game file shows the refused file can never become step 1
	run "$UMPIRE" sign o.yaml --game a.yaml -s p.key \
		--refused bad.signed -o good.signed
	[ "$status" -eq 0 ]
	assert_output_has "the game refuses these orders"
	"$UMPIRE" adjudicate a.yaml good.signed -s r.key -o a1.yaml
	# a file the game does not refuse releases nothing
	"$UMPIRE" orders a1.yaml -s p.key -o o2.yaml
	"$UMPIRE" sign o2.yaml -s p.key -o s2.signed
	sed 's/^standing:.*/standing:\n  ca-continue: "yes"/' o2.yaml >o3.yaml
	! cmp -s o2.yaml o3.yaml
	run "$UMPIRE" sign o3.yaml --game a1.yaml -s p.key \
		--refused s2.signed -o x.signed
	[ "$status" -eq 1 ]
	assert_output_has "the game does not refuse these orders"
	[ ! -e x.signed ]
}
