#!/usr/bin/env bats
# No lock-outs, in any mode: every path by which an order file is
# refused, or would have been, leaves the key able to sign the step's
# orders (umpire-orders(5), ANSWERS IN ADVANCE; umpire-protocol(7),
# REFUSED ORDERS). Answers past where a step ends are carried, never a
# reason to refuse; a file refused before it gets a signed refusal in
# referee mode, and outside it (open and honour modes) is released by
# sign --refused OLD -g GAME where the game refuses it too; an order
# file with no answers is not signed at all.

load helpers

# t.yaml with its one answer replaced by the lines given
answers() {
	local a
	grep -v '^- ' t.yaml | sed '/^standing:/,$d'
	for a in "$@"; do
		printf -- '- %s\n' "$a"
	done
	echo "standing:"
}

# the attack the 1BF player must make after the moves of probe file $1
# (12.0: his units in an enemy zone of control). His view's check stops
# before it
# (16.8: the counters next to his units are consulted at the combat
# phase's start), so the probe is adjudicated on a copy, under a record
# of its own, and the attack read from the template of the next view.
attack_of() {
	(
	export XDG_STATE_HOME="$PWD/.probe-state"
	"$UMPIRE" sign "$1" -s 1bf.key -o probe.signed 2>/dev/null
	"$UMPIRE" adjudicate game.yaml probe.signed -s referee.key \
		-o probe-next.yaml --report /dev/null
	"$UMPIRE" view probe-next.yaml --side 1bf -s referee.key \
		-o probe.view
	"$UMPIRE" orders probe.view -s 1bf.key |
		grep -o '^- attack: "[^"]*"' | head -1 | cut -d'"' -f2
	)
}

# Race to the Reichstag under a referee, both set-up draws played with
# the kept standing orders (place: auto...): the 1BF player's movement
# is asked (step 3); his view in m.view.
setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	local keys side st i
	new_reichstag_game game.yaml
	keys='place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*'
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
	"$UMPIRE" orders m.view -s 1bf.key | tee full.yaml |
		grep -v '^#' >t.yaml
	grep -qx -- '- move: "done"' t.yaml
	# mv.txt: the first of the template's example moves after which
	# the 1BF player owes an attack (12.0: a unit in an enemy zone of
	# control), as his own view's check says; where the set-up put
	# the units is the placement policy's (umpire-orders(5))
	local mv
	grep -o '"[0-9A-Za-z]* to [0-9]*"' full.yaml | tr -d '"' |
		while read -r mv; do
			answers "move: \"$mv\"" 'move: "done"' 'move: "done"' \
				>probe.yaml
			if [ -n "$(attack_of probe.yaml)" ]; then
				echo "$mv" >mv.txt
				break
			fi
		done
	[ -s mv.txt ]
}

setup() {
	umpire_setup
	cp -r "$BATS_FILE_TMPDIR"/* .
}

@test "referee mode: a trailing move: done past the combat draw is carried, not refused" {
	mv=$(cat mv.txt)
	answers "move: \"$mv\"" 'move: "done"' 'move: "done"' >probe.yaml
	att=$(attack_of probe.yaml)
	[ -n "$att" ]
	answers "move: \"$mv\"" 'move: "done"' "attack: \"$att\"" \
		'move: "done"' >o.yaml
	# checked on his view up to the combat phase's 16.8 consult, and
	# it says how far
	run "$UMPIRE" sign o.yaml -s 1bf.key -g m.view --no-seal -o o.signed
	[ "$status" -eq 0 ]
	assert_output_has "2 of 4 answers checked; the rest, after what is hidden from you, consulted at rule 16.8"
	run "$UMPIRE" verify o.signed --game m.view -s 1bf.key
	[ "$status" -eq 0 ]
	assert_output_has "2 of 4 answers checked"
	run "$UMPIRE" adjudicate game.yaml o.signed -s referee.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 0 ]
	[ ! -e refusal.txt ]
	# the attack was used in advance; his next view says what was not
	# used, and why
	"$UMPIRE" view next.yaml --side 1bf -s referee.key -o m2.view
	run "$UMPIRE" report m2.view -s 1bf.key
	assert_output_has "Not used: answer 'move: done'"
}

@test "referee mode: a file refused before the step's end gets a signed refusal, and the key signs again" {
	mv=$(cat mv.txt)
	answers "move: \"$mv\"" 'move: "zzz"' >bad.yaml
	"$UMPIRE" sign bad.yaml -s 1bf.key -o bad.signed
	run "$UMPIRE" adjudicate game.yaml bad.signed -s referee.key \
		-o next.yaml --report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	[ -e refusal.txt ]
	[ ! -e next.yaml ]
	tr -d "\n'-" <refusal.txt | tr -s ' ' |
		grep -q "zzz is not a legal answer to rule 9.0"
	answers "move: \"$mv\"" 'move: "done"' >good.yaml
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
	# the template's answers: the movement and what follows it
	# before the step ends (umpire-orders(5), THE TEMPLATE)
	[[ "$output" == *"answers ok: all "[0-9]*" are legal"* ]]
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
	if cmp -s o2.yaml o3.yaml; then false; fi
	run "$UMPIRE" sign o3.yaml --game a1.yaml -s p.key \
		--refused s2.signed -o x.signed
	[ "$status" -eq 1 ]
	assert_output_has "the game does not refuse these orders"
	[ ! -e x.signed ]
}

@test "honour mode (no referee): a file the game refuses is released by sign --refused OLD -g GAME, and the key's new file is adjudicated" {
	local k
	for k in german soviet; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s german.key --side german=german.pub \
		--side soviet=soviet.pub --set hidden=honour -o h0.yaml \
		2>/dev/null
	"$UMPIRE" join h0.yaml --side soviet -s soviet.key -o h.yaml \
		2>/dev/null
	# the deal (3.0), so that the German's step 2 is played with the
	# hands hidden (the file holds them; each side reads its own)
	"$UMPIRE" orders h.yaml -s german.key |
		"$UMPIRE" sign - -s german.key -o o1.yaml
	"$UMPIRE" adjudicate h.yaml o1.yaml -s soviet.key -o h1.yaml \
		--report /dev/null
	[ "$("$UMPIRE" status --brief h1.yaml)" = "pending german 2" ]
	"$UMPIRE" orders h1.yaml -s german.key | grep -v '^#' >t.yaml
	grep -q '^- ' t.yaml
	# the first answer made illegal, signed without the check
	awk '/^- / && !done { sub(/: .*/, ": \"zzz\""); done = 1 } { print }' \
		t.yaml >bad.yaml
	if cmp -s t.yaml bad.yaml; then return 1; fi
	"$UMPIRE" sign bad.yaml -s german.key -o bad.signed
	# the Soviet, adjudicating, refuses it; no referee signs a refusal
	run "$UMPIRE" adjudicate h1.yaml bad.signed -s soviet.key -o h2.yaml \
		--report /dev/null --refusal refusal.txt
	[ "$status" -eq 1 ]
	assert_output_has "zzz"
	[ ! -e h2.yaml ]
	[ ! -e refusal.txt ]
	# the record holds the refused file for step 2: no other file
	# without more
	run "$UMPIRE" sign t.yaml -s german.key -g h1.yaml -o good.signed
	[ "$status" -eq 1 ]
	assert_output_has "already signed other orders"
	[ ! -e good.signed ]
	# the game file shows that the refused file can never become step 2
	run "$UMPIRE" sign t.yaml -s german.key -g h1.yaml \
		--refused bad.signed -o good.signed
	[ "$status" -eq 0 ]
	assert_output_has "the game refuses these orders"
	"$UMPIRE" adjudicate h1.yaml good.signed -s soviet.key -o h2.yaml \
		--report /dev/null
	# step 2 is played: the game asks step 3
	"$UMPIRE" status --brief h2.yaml | grep -Eq '^pending [a-z]+ 3$'
	run "$UMPIRE" audit h2.yaml
	[ "$status" -eq 0 ]
}
