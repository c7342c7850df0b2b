#!/usr/bin/env bats
# Hidden hands under a referee (the Russo-German War): three keys, the
# players only ever receive sealed views; audit with the kept views; a
# swapped commitment and a referee's equivocation are caught. Honour mode
# with two keys.

load helpers

# Play a referee-mode game through views; views kept in views/.
play_views() {
	local g=$1 n=0 st side nn
	mkdir -p views
	while :; do
		st=$("$UMPIRE" status --brief "$g") || return 1
		case $st in over*) return 0 ;; esac
		n=$((n + 1))
		side=${st#pending }
		side=${side%% *}
		nn=$(printf '%03d' "$n")
		"$UMPIRE" view "$g" --side "$side" -s referee.key --seal \
			-o "views/$nn-$side.view" || return 1
		"$UMPIRE" orders "views/$nn-$side.view" -s "$side.key" |
			"$UMPIRE" sign - -s "$side.key" -o o.yaml || return 1
		"$UMPIRE" adjudicate "$g" o.yaml -s referee.key -o next.yaml \
			--report /dev/null || return 1
		mv next.yaml "$g"
		[ "$n" -lt 400 ] || return 1
	done
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	for k in german soviet referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s referee.key --side german=german.pub \
		--side soviet=soviet.pub --referee referee.pub -o g0.yaml \
		2>/dev/null
	"$UMPIRE" join g0.yaml --side german -s german.key -o g1.yaml \
		2>/dev/null
	"$UMPIRE" join g1.yaml --side soviet -s soviet.key -o start.yaml \
		2>/dev/null
	cp start.yaml game.yaml
	play_views game.yaml
}

setup() {
	umpire_setup
	cp -r "$BATS_FILE_TMPDIR"/* .
}

@test "a whole game by views: every kept view audits as honest" {
	run "$UMPIRE" status --brief game.yaml
	[[ "$output" == over* ]]
	run "$UMPIRE" audit game.yaml --view views/*-german.view -s german.key
	[ "$status" -eq 0 ]
	assert_output_has "every view given is an honest redaction"
	run "$UMPIRE" audit game.yaml --view views/*-soviet.view -s soviet.key
	[ "$status" -eq 0 ]
}

@test "a sealed view opens only with its side's key" {
	v=$(ls views/*-soviet.view | head -1)
	run "$UMPIRE" status "$v" -s german.key
	[ "$status" -eq 1 ]
	assert_output_has "sealed to another key"
	run "$UMPIRE" status "$v"
	[ "$status" -eq 2 ]
	assert_output_has "secret key"
}

@test "a view never shows the other hand in clear" {
	"$UMPIRE" view start.yaml --side german -s referee.key -o v.yaml
	# after the deal: the German's view of the Soviet hand is hidden
	"$UMPIRE" orders v.yaml -s german.key | "$UMPIRE" sign - -s german.key \
		-o o.yaml
	"$UMPIRE" adjudicate start.yaml o.yaml -s referee.key -o g1.yaml \
		--report /dev/null
	"$UMPIRE" view g1.yaml --side german -s referee.key -o vg.yaml
	"$UMPIRE" view g1.yaml --side soviet -s referee.key -o vs.yaml
	grep -q 'soviet-hand: hidden:' vg.yaml
	grep -q 'german-hand: hidden:' vs.yaml
	if grep -q "Soviet hand n" vg.yaml; then echo "unexpectedly true: grep -q \"Soviet hand n\" vg.yaml"; return 1; fi
	run "$UMPIRE" report g1.yaml --side german
	[ "$status" -eq 0 ]
	assert_output_has "Soviet hand 1 card (hidden)"
	run "$UMPIRE" dice g1.yaml --side german
	assert_output_has "(hidden)"
}

@test "a view altered (a commitment swapped) fails the audit, naming the step" {
	"$UMPIRE" view start.yaml --side german -s referee.key -o v0.yaml
	"$UMPIRE" orders v0.yaml -s german.key | "$UMPIRE" sign - -s german.key \
		-o o.yaml
	"$UMPIRE" adjudicate start.yaml o.yaml -s referee.key -o g1.yaml \
		--report /dev/null
	"$UMPIRE" view g1.yaml --side german -s referee.key -o v1.yaml
	"$UMPIRE" view g1.yaml --side soviet -s referee.key -o v1s.yaml
	# the German's view shows the Soviet hand as a commitment: put the
	# Soviet's commitment to the German hand in its place
	other=$(sed -n 's/^  german-hand: \(hidden:[^ ]*\)$/\1/p' v1s.yaml)
	[ -n "$other" ]
	sed "s|^  soviet-hand: hidden:.*|  soviet-hand: $other|" v1.yaml \
		>bad.yaml
	if cmp -s bad.yaml v1.yaml; then echo "unexpectedly true: cmp -s bad.yaml v1.yaml"; return 1; fi
	run "$UMPIRE" audit g1.yaml --view bad.yaml
	[ "$status" -eq 1 ]
	assert_output_has "step 1"
}

@test "a referee who equivocates (two adjudications of one step) is caught" {
	"$UMPIRE" view start.yaml --side german -s referee.key -o v0.yaml
	"$UMPIRE" orders v0.yaml -s german.key | "$UMPIRE" sign - -s german.key \
		-o o.yaml
	# the same orders adjudicated twice give the same step (the view
	# salt is derived, not drawn)
	"$UMPIRE" adjudicate start.yaml o.yaml -s referee.key -o fork1.yaml \
		--report /dev/null
	"$UMPIRE" adjudicate start.yaml o.yaml -s referee.key -o again.yaml \
		--report /dev/null
	cmp fork1.yaml again.yaml
	# a second order file for the step (a German and a referee who keep
	# no local records): same cards, another view salt. Signed detached,
	# the file keeps its comments, so its bytes differ from the first.
	"$UMPIRE" orders v0.yaml -s german.key >o2.yaml
	echo "# the other version" >>o2.yaml
	local cheat="$BATS_TEST_TMPDIR/.cheat"
	XDG_STATE_HOME=$cheat "$UMPIRE" sign o2.yaml -s german.key --detached
	XDG_STATE_HOME=$cheat "$UMPIRE" adjudicate start.yaml o2.yaml \
		-s referee.key -o fork2.yaml --report /dev/null
	run "$UMPIRE" audit fork1.yaml --against fork2.yaml
	[ "$status" -eq 1 ]
	assert_output_has "referee countersigned both versions"
	"$UMPIRE" view fork1.yaml --side soviet -s referee.key -o v.yaml
	run "$UMPIRE" audit fork1.yaml --view v.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit fork2.yaml --view v.yaml
	[ "$status" -eq 1 ]
	assert_output_has "step 1: the view v.yaml of soviet is not an honest"
}

@test "a player cannot make orders from the referee's full game file" {
	run "$UMPIRE" orders start.yaml -s german.key
	[ "$status" -eq 1 ]
	assert_output_has "from their view"
}

@test "a view is signed by the referee only" {
	run "$UMPIRE" view start.yaml --side german -s german.key -o v.yaml
	[ "$status" -eq 1 ]
	assert_output_has "not the referee's"
	[ ! -e v.yaml ]
}

@test "honour mode: two keys, no referee, plays to the end, labelled" {
	"$UMPIRE" new russo-german-war -s german.key --side german=german.pub \
		--side soviet=soviet.pub --set hidden=honour -o h0.yaml 2>/dev/null
	"$UMPIRE" join h0.yaml --side soviet -s soviet.key -o h.yaml 2>/dev/null
	for ((i = 0; i < 400; i++)); do
		st=$("$UMPIRE" status --brief h.yaml)
		case $st in over*) break ;; esac
		side=${st#pending }
		side=${side%% *}
		other=german
		[ "$side" = german ] && other=soviet
		"$UMPIRE" orders h.yaml -s "$side.key" |
			"$UMPIRE" sign - -s "$side.key" |
			"$UMPIRE" adjudicate h.yaml - -s "$other.key" -o n.yaml \
				--report /dev/null
		mv n.yaml h.yaml
	done
	run "$UMPIRE" audit h.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" report h.yaml --side soviet
	assert_output_has "HONOUR MODE"
	assert_output_has "As seen by soviet."
	run "$UMPIRE" new russo-german-war -s german.key \
		--side german=german.pub --side soviet=soviet.pub \
		--referee referee.pub --set hidden=honour
	[ "$status" -eq 1 ]
	assert_output_has "takes no referee"
}

# ---- sealed files in the text of a mail ----

@test "sealed orders pasted in a mail, quoted, flowed: adjudicated as if attached" {
	MKCLIENT="$BATS_TEST_DIRNAME/tools/mkclient.py"
	"$UMPIRE" view start.yaml --side german -s referee.key --seal -o v.view
	VISUAL=true EDITOR=true "$UMPIRE" orders v.view -s german.key --sign \
		-o sealed.yaml </dev/null
	[ "$(head -1 sealed.yaml)" = "umpire: sealed-orders/1" ]
	"$UMPIRE" adjudicate start.yaml sealed.yaml -s referee.key \
		-o ref.yaml --report /dev/null
	# a reply as mutt writes it, the orders '> ' quoted, text around
	{ printf 'From: German <german@example.org>\n'
	  printf 'To: Rita <referee@example.org>\nSubject: Re: orders\n'
	  printf 'MIME-Version: 1.0\n'
	  printf 'Content-Type: text/plain; charset=us-ascii\n\n'
	  printf 'On Monday, German wrote:\n'
	  sed 's/^/> /' sealed.yaml
	  printf '>\n> Cheers\n\nRita, please adjudicate.\n-- \nBob\n'; } \
		>reply.eml
	run "$UMPIRE" adjudicate start.yaml reply.eml -s referee.key \
		-o out.yaml --report /dev/null
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp out.yaml ref.yaml
	assert_output_has "1 level of '> ' quoting"
	rm out.yaml
	# pasted below a greeting, quoted once and twice, by each client
	{ printf 'Hi Rita,\n\nhere are my orders for the first step, as we agreed on the phone yesterday evening:\n\n'
	  cat sealed.yaml; printf '\nCheers\n-- \nBob\n'; } >pasted.txt
	{ echo "Bob wrote:"; sed 's/^/> /' sealed.yaml; echo; echo ok; } \
		>q1.txt
	{ echo "Rita wrote:"; echo "> Bob wrote:"; sed 's/^/>> /' sealed.yaml
	  echo "> thanks"; echo ok; } >q2.txt
	sed 's/^/> > /' sealed.yaml >q3.txt
	for c in mutt mutt-flowed thunderbird tb-delsp; do
		for b in pasted q1 q2 q3; do
			python3 "$MKCLIENT" $c body $b.txt >$c-$b.eml
			run "$UMPIRE" adjudicate start.yaml $c-$b.eml \
				-s referee.key -o out.yaml --report /dev/null
			[ "$status" -eq 0 ] ||
				{ echo "$c $b: $output"; return 1; }
			cmp out.yaml ref.yaml
			rm out.yaml
		done
	done
	# the flowed client space-stuffed the box's lines
	grep -q '^   [A-Za-z0-9+/]\{64\}$' mutt-flowed-pasted.eml
}

@test "a sealed file broken in a mail is refused, naming the line, not dropped as 'no umpire file'" {
	"$UMPIRE" view start.yaml --side german -s referee.key --seal -o v.view
	VISUAL=true EDITOR=true "$UMPIRE" orders v.view -s german.key --sign \
		-o sealed.yaml </dev/null
	# a line of the box changed by hand, in a quoted reply
	{ printf 'From: German <german@example.org>\nSubject: Re: orders\n'
	  printf 'MIME-Version: 1.0\nContent-Type: text/plain\n\n'
	  printf 'Bob wrote:\n'
	  sed 's/^/> /; 8s/^>   ..../>   !!!!/' sealed.yaml; } >broken.eml
	grep -q '^>   !!!!' broken.eml
	run "$UMPIRE" adjudicate start.yaml broken.eml -s referee.key \
		-o out.yaml --report /dev/null
	[ "$status" -eq 1 ]
	assert_output_has "part 1 (text/plain) holds a line 'umpire:' but no whole umpire file"
	assert_output_has "its line 9"
	assert_output_has "not base64"
	[ ! -e out.yaml ]
	# only the first line of a file, then prose
	{ printf 'From: German <german@example.org>\nSubject: orders\n\n'
	  printf 'Rita,\n\numpire: sealed-orders/1\nI will send them tomorrow.\n'; } \
		>cut.eml
	run "$UMPIRE" adjudicate start.yaml cut.eml -s referee.key \
		-o out.yaml --report /dev/null
	[ "$status" -eq 1 ]
	assert_output_has "no 'game:' line"
	case "$output" in
	*"none of its parts"*) echo "$output"; return 1 ;;
	esac
}

@test "audit given a sealed view says what it is and how to read it" {
	v=$(ls views/*-german.view | head -1)
	run "$UMPIRE" audit "$v"
	[ "$status" -eq 1 ]
	assert_output_has "is a view sealed to german ('umpire: sealed/2'), not a game file"
	assert_output_has "umpire audit GAME --view $v -s KEY"
	assert_output_has "umpire open $v -s KEY"
	case "$output" in
	*"unknown field"*) echo "$output"; return 1 ;;
	esac
	"$UMPIRE" open "$v" -s german.key -o plain.view
	run "$UMPIRE" audit plain.view
	[ "$status" -eq 1 ]
	assert_output_has "plain.view is a view of german ('umpire: view/"
	assert_output_has "umpire audit GAME --view plain.view"
}
