#!/usr/bin/env bats
# The judge keeps time (umpire(1), judge --tick; umpire-protocol(7), THE
# JUDGE'S CLOCK): a game's clock agreed at creation and signed at join,
# the judge's signed record of when it took each step and what it did
# about a late move, a reminder, a notice and the on_late outcome each
# exactly once, under the game's lock; all on the test clock
# (UMPIRE_TEST_NOW, the test hook).

load helpers
load judge-helpers

setup() {
	umpire_setup
	T0=1800000000
	export UMPIRE_TEST_NOW=$T0
}

H=3600

# The judge's tick at T0 + $1 hours.
tick_at() {
	UMPIRE_TEST_NOW=$((T0 + $1 * H)) "$UMPIRE" judge --config judge.ini \
		--outbox out --tick 2>>judge.err
}

# How many letters in out/new have a subject holding $1.
letters() {
	local n=0 f
	for f in out/new/*; do
		[ -f "$f" ] || continue
		# the Subject unfolded (RFC 5322: a long one takes lines)
		awk '/^Subject:/ { s = $0; while ((getline l) > 0 &&
			l ~ /^[ \t]/) s = s l; print s; exit }' "$f" |
			grep -q "^Subject: .*$1" && n=$((n + 1))
	done
	echo "$n"
}

# The text of letter $1, its lines joined by single blanks.
body_of() {
	python3 - "$1" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
body = "".join(p.get_payload(decode=True).decode() for p in m.walk()
               if p.get_content_type() == "text/plain")
print(" ".join(body.split()))
PY
}

# The letters in out/new whose (unfolded) subject holds $1, to $2@
# (any, if not given).
letter_file() {
	local f
	for f in out/new/*; do
		[ -f "$f" ] || continue
		awk '/^Subject:/ { s = $0; while ((getline l) > 0 &&
			l ~ /^[ \t]/) s = s l; print s; exit }' "$f" |
			grep -q "^Subject: .*$1" || continue
		if grep -q "^To: ${2:-}" "$f"; then echo "$f"; fi
	done
}

# A Russo-German War the judge's owner made with the clock deadline=72h
# on-late=standing, joined by both sides at T0 ($g its id), the first
# letter posted.
rgw_standing() {
	export UMPIRE_TEST_NOW=$T0
	rgw_clocked deadline=72h on-late=standing
	post
}

# An Arnswalde 1945 game against the judge with the clock --set $@,
# mailed to it at T0 and taken (--accept-new); the player's letter
# kept as letter.eml, out/new emptied. Made once a file for each setting
# (once, judge-helpers.bash).
solo() {
	once solo solo_made "$@"
}

solo_made() {
	judge_setup player
	local sets=()
	for s; do sets+=(--set "$s"); done
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low "${sets[@]}" \
		-o g.yaml 2>/dev/null
	as player mail g.yaml --to referee -o first.eml
	"$UMPIRE" judge --config judge.ini --outbox out --accept-new \
		<first.eml 2>>judge.err
	confirm_all
	cp out/new/* letter.eml
	rm -f out/new/*
}

# The player's orders for step 1 on letter.eml, mailed: m1.eml.
orders_mail() {
	as player orders letter.eml -o o.yaml
	as player sign o.yaml --game letter.eml -o signed.yaml 2>/dev/null
	as player mail signed.yaml --game letter.eml -o m1.eml
}

# Why a late step (on-late=standing) is played by the rules' late answers,
# not by the late side's own standing orders: the step a game waits on
# ends at the first question of the late side its standing orders do not
# answer (umpire-protocol(7), Where a step ends), so the same orders
# played for it again answer nothing.
@test "judge clock: the standing orders of a late side answer nothing of the question its game waits on" {
	command -v minisign >/dev/null || skip "minisign not installed"
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new kampfgruppe-peiper -s p.key --side player=p.pub \
		--referee r.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o g.yaml 2>/dev/null
	"$UMPIRE" orders g.yaml -s p.key -o o.yaml 2>/dev/null
	# step 1: its answers, and every standing order of the template
	# (the optional rule's aside)
	sed -e 's/^#  \([a-z-]*\): /  \1: /' -e '/^  fight-order:/d' \
		o.yaml >o1.yaml
	"$UMPIRE" sign o1.yaml -s p.key --game g.yaml -o s1.yaml 2>/dev/null
	"$UMPIRE" adjudicate g.yaml s1.yaml -s r.key -o g1.yaml 2>/dev/null
	run "$UMPIRE" status g1.yaml
	[ "$status" -eq 0 ]
	local key legal g
	key=$(printf '%s\n' "$output" |
		sed -n 's/.*step 2, player to answer rule [0-9.]* (\([a-z-]*\)).*/\1/p')
	legal=$(printf '%s\n' "$output" |
		sed -n 's/.*Legal answers: "\([^"]*\)".*/\1/p' | head -1)
	[ -n "$key" ]
	[ -n "$legal" ]
	grep -q "^  $key: " o1.yaml     # a standing key, given in step 1
	# step 2 ordered by the same standing orders alone, as a standing
	# step would play them (umpire sign refuses a file without
	# answers: minisign signs it as umpire-protocol(7) says)
	"$UMPIRE" orders g1.yaml -s p.key -o o.yaml 2>/dev/null
	g=$(sed -n 's/^game: //p' o.yaml)
	{ sed -n '1,/^answers:/p' o.yaml | sed 's/^answers:/standing:/'
	  sed -n '/^standing:/,$p' o1.yaml | grep '^  '; } >o2.yaml
	minisign -S -s p.key -m o2.yaml \
		-t "umpire/1 game=$g step=2 side=player" </dev/null >/dev/null
	run "$UMPIRE" adjudicate g1.yaml o2.yaml -s r.key -o g2.yaml
	[ "$status" -eq 1 ]
	assert_output_has "the orders of step 2 answer nothing; rule"
	assert_output_has "asks player: $key"
	# the file is sound: a standing order legal here answers
	sed "s/^  $key: .*/  $key: \"$legal\"/" o2.yaml >o3.yaml
	minisign -S -s p.key -m o3.yaml \
		-t "umpire/1 game=$g step=2 side=player" </dev/null >/dev/null
	"$UMPIRE" adjudicate g1.yaml o3.yaml -s r.key -o g3.yaml 2>/dev/null
	run "$UMPIRE" report g3.yaml
	assert_output_has "Standing order: $key: $legal."
}

@test "judge clock: new --set writes the clock into the header every join signs; bad settings refused; old games have none" {
	judge_setup player
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set difficulty=low --set deadline=96h \
		--set remind=1d --set on-late=forfeit -o g.yaml
	[ "$status" -eq 0 ]
	grep -q '^clock: {deadline: 96h, remind: 24h, grace: 24h, on_late: forfeit}$' g.yaml
	"$UMPIRE" join g.yaml --side referee -s judge.key -o j.yaml 2>/dev/null
	run "$UMPIRE" audit j.yaml
	[ "$status" -eq 0 ]
	assert_output_has "Clock: 96h a move; a reminder 24h before the deadline; then a grace of 24h, and the late side forfeits."
	# the clock is signed at join: edited, the join no longer holds
	sed 's/deadline: 96h/deadline: 960h/' j.yaml >edited.yaml
	run "$UMPIRE" audit edited.yaml
	[ "$status" -ne 0 ]
	assert_output_has "signature of role player does not match the header"
	# standing: only where the rules give late answers, with a referee
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set on-late=standing -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "on-late=standing: the rules of arnswalde-1945 give no late answers (a game of one side, where no opponent waits on a late move)"
	assert_output_has "choose wait or forfeit"
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set deadline=3x -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "--set deadline=3x: a duration is a whole number"
	run as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set deadline=12h -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "remind=24h is not before its deadline=12h"
	# without a setting: no clock, the header as before
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub -o plain.yaml 2>/dev/null
	! grep -q '^clock:' plain.yaml || false
	# the club's defaults under [judge]: the clock they give
	printf 'deadline = 7d\non_late = forfeit\n' >>judge.ini
	UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new arnswalde-1945 \
		--side player=player.pub --referee judge.pub \
		-s judge.key -o club.yaml 2>/dev/null
	grep -q '^clock: {deadline: 168h, remind: 24h, grace: 24h, on_late: forfeit}$' club.yaml
	printf 'grace = soon\n' >>judge.ini
	run env UMPIRE_CONFIG=$PWD/judge.ini "$UMPIRE" new arnswalde-1945 \
		--side player=player.pub --referee judge.pub -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "judge.ini:"
	assert_output_has "[judge] grace=soon"
}

@test "judge clock: a player who does not answer gets one reminder, one notice, and the game waits; each once across ticks" {
	judge_setup german soviet
	export UMPIRE_TEST_NOW=$T0
	"$UMPIRE" new russo-german-war -s judge.key --side german=german.pub \
		--side soviet=soviet.pub --referee judge.pub \
		--set deadline=72h -o new.yaml 2>/dev/null
	g=$(sed -n 's/^game: //p' new.yaml)
	mv new.yaml "games/$g.yaml"
	for s in german soviet; do cp "games/$g.yaml" "mbox/$s/invite.yaml"; done
	SIDES="german soviet" play 1
	# the first view, to the side asked, kept in its mailbox
	post
	who=$("$UMPIRE" status --brief "games/$g.yaml" | awk '{print $2}')
	other=german
	[ "$who" != german ] || other=soviet
	# the record times the join that completed the game
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "2027-01-15T08:00:00Z step 0: taken (test clock)"
	# before the reminder is due: nothing, however often
	tick_at 1
	tick_at 47
	[ "$(ls out/new | wc -l)" -eq 0 ]
	# 24h before the deadline: one reminder, to the side asked
	tick_at 48
	tick_at 49
	tick_at 50
	[ "$(ls out/new | wc -l)" -eq 1 ]
	[ "$(letters "a reminder: $who's orders due by 2027-01-18T08:00:00Z")" -eq 1 ]
	grep -q "^To: $who@example.org" out/new/*
	# the deadline: one notice to every party
	tick_at 72
	tick_at 80
	[ "$(letters "$who's orders are late\$")" -eq 2 ]
	[ "$(ls out/new | wc -l)" -eq 3 ]
	# past the grace (24h): the other side told it may abandon, once
	tick_at 96
	tick_at 97
	tick_at 500
	[ "$(letters "late past the grace")" -eq 1 ]
	grep -l "late past the grace" out/new/* | xargs grep -q "^To: $other@example.org"
	[ "$(ls out/new | wc -l)" -eq 4 ]
	# nothing hidden in a letter of the clock: what a relay reads
	post
	# each step of it is in the judge's signed record, and in the log
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "2027-01-17T08:00:00Z step 0: remind $who (test clock)"
	assert_output_has "2027-01-18T08:00:00Z step 0: notice $who (test clock)"
	assert_output_has "2027-01-19T08:00:00Z step 0: late $who (test clock)"
	assert_output_has "The game goes on."
	[ "$(grep -c ' tick .*: tick; remind' games/judge.log)" -eq 1 ]
	[ "$(grep -c ' tick .*: tick; notice' games/judge.log)" -eq 1 ]
	[ "$(grep -c ' tick .*: tick; late' games/judge.log)" -eq 1 ]
	# the owner's view
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ]
	assert_output_has "${g:0:8} russo-german-war: 0 steps, $who to move since 2027-01-15T08:00:00Z, deadline 2027-01-18T08:00:00Z (late)"
	run "$UMPIRE" judge --config judge.ini --status --json
	[ "$status" -eq 0 ]
	echo "$output" | python3 -c '
import json, sys
[g] = json.load(sys.stdin)
assert g["waiting_on"] == sys.argv[1], g
assert g["since"] == "2027-01-15T08:00:00Z" and g["late"] and not g["over"], g
assert g["deadline"] == "2027-01-18T08:00:00Z", g' "$who"
	# and the games page says the same (the clock's since, not the
	# file's time)
	mkdir -p idx
	"$UMPIRE" judge --config judge.ini --index idx
	grep -q "$who to move, since 2027-01-15T08:00:00Z, deadline 2027-01-18T08:00:00Z (late)" idx/index.html
	# the orders come after all (signed on the sealed views): the
	# game goes on, each step timed
	export UMPIRE_TEST_NOW=$((T0 + 600 * H))
	SIDES="german soviet" play 3
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "2027-02-09T08:00:00Z step 1: taken (test clock)"
	assert_output_has "2027-02-09T08:00:00Z step 2: taken (test clock)"
	for s in german soviet; do
		run as "$s" audit "games/$g.yaml" --view views/*-"$s".eml \
			-s "$s.key"
		[ "$status" -eq 0 ]
	done
}

# on_late standing (umpire-protocol(7), THE JUDGE'S CLOCK, Late steps):
# past the grace the judge plays the late side by the rules' late
# answers, a step of its own signed with its key, once; the game audits
# (umpire and the independent auditor), and the late side, back, orders
# its next step with its own next chain link.
@test "judge clock: on_late standing: one late step by the rules' late answers, once across ticks; it audits; the late side plays on" {
	judge_setup german soviet
	export UMPIRE_TEST_NOW=$T0
	"$UMPIRE" new russo-german-war -s judge.key --side german=german.pub \
		--side soviet=soviet.pub --referee judge.pub \
		--set deadline=72h --set on-late=standing -o new.yaml 2>/dev/null
	grep -q '^clock: {deadline: 72h, remind: 24h, grace: 24h, on_late: standing}$' new.yaml
	g=$(sed -n 's/^game: //p' new.yaml)
	mv new.yaml "games/$g.yaml"
	for s in german soviet; do cp "games/$g.yaml" "mbox/$s/invite.yaml"; done
	SIDES="german soviet" play 1
	# the German plays; the Soviet, asked to answer his normal war
	# (4.1), does not
	SIDES=german play 4
	run "$UMPIRE" status --brief "games/$g.yaml"
	[[ "$output" == "pending soviet "* ]]
	n=$(( ${output#pending soviet } ))
	post
	rm -f mbox/*/*.umpire
	tick_at 48
	tick_at 72
	[ "$(letters "a reminder: soviet's orders due")" -eq 1 ]
	[ "$(letters "soviet's orders are late\$")" -eq 2 ]
	grep -l "orders are late" out/new/* | xargs grep -q "the judge plays"
	rm -f out/new/*
	# past the grace: one late step, however many ticks
	tick_at 96
	tick_at 97
	tick_at 98
	[ "$(grep -c ' tick .*late step .* played for soviet' games/judge.log)" -eq 1 ]
	run "$UMPIRE" status --brief "games/$g.yaml"
	[[ "$output" != "pending soviet $n" ]]
	# its letters: to the side asked and to the late side, whose step
	# the judge played (both here), nothing hidden in them
	grep -q "^To: german@example.org" out/new/*
	grep -q "^To: soviet@example.org" out/new/*
	post
	# what the rules' late answer gives: the Soviet passes and loses
	# (4.1), the answer echoed to him alone; shown as the judge's step
	run "$UMPIRE" report --step "$n" "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "Step $n, played by the judge for soviet, late past the grace"
	assert_output_has "(to soviet) Late answer (rule 4.1): answer: pass."
	assert_output_has "The Soviet does not answer and loses automatically"
	"$UMPIRE" replay "games/$g.yaml" --full -o replay.html 2>/dev/null
	grep -q '"actor":"the judge for soviet"' replay.html
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "and the judge plays the late side by the rules' late answers."
	assert_output_has "2027-01-19T08:00:00Z step $((n - 1)): late soviet (test clock)"
	assert_output_has "2027-01-19T08:00:00Z step $n: taken (test clock)"
	if /usr/bin/python3 -c 'import yaml, nacl.signing' 2>/dev/null; then
		run /usr/bin/python3 "$BATS_TEST_DIRNAME/../independent/rederive.py" \
			"games/$g.yaml"
		[ "$status" -eq 0 ]
		assert_output_has "step $n ok: soviet (a late step: the judge's), countersigned by referee"
	fi
	# both sides play on: the Soviet with its own orders and its next
	# link (a late step spent none of its chain), on views that list the
	# late step
	export UMPIRE_TEST_NOW=$((T0 + 100 * H))
	SIDES="german soviet" play 4
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	awk -v n="$n" '/^- step: /{s=$3} /^  actor: soviet/ && s > n {f=1} END{exit !f}' "games/$g.yaml"
	for s in german soviet; do
		run as "$s" audit "games/$g.yaml" --view views/*-"$s".eml \
			-s "$s.key"
		[ "$status" -eq 0 ]
	done
}

# Where the rules' late answers answer nothing (the German's turn with a
# full hand: supply is not legal, and which card makes war is his
# choice, 4.0), no late step is taken: the game waits, and the letters
# say why; once, however many ticks.
@test "judge clock: on_late standing where the late answers answer nothing: the game waits, and the letters say why" {
	rgw_standing
	rm -f out/new/*
	# the German never answers: his deal (3.0) is a late step, the
	# late answer deal
	tick_at 96
	[ "$(grep -c ' tick .*late step 1 played for german' games/judge.log)" -eq 1 ]
	run "$UMPIRE" status --brief "games/$g.yaml"
	[[ "$output" == "pending german 2" ]]
	rm -f out/new/*
	# his first turn, with 3 cards (4.0): no late answer; the game waits
	tick_at 200
	tick_at 300
	[ "$(grep -c ' tick .*late german' games/judge.log)" -eq 1 ]
	run "$UMPIRE" status --brief "games/$g.yaml"
	[[ "$output" == "pending german 2" ]]
	[ "$(letters "german's orders are late past the grace")" -eq 1 ]
	f=$(grep -l "late past the grace" out/new/*)
	grep -q "^To: soviet@example.org" "$f"
	python3 - "$f" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
body = "".join(p.get_payload(decode=True).decode() for p in m.walk()
               if p.get_content_type() == "text/plain")
flat = " ".join(body.split())
assert "by the rules' late answers, but they answer nothing now" in flat, flat
assert "rule 4.0 asks german 'action'" in flat, flat
assert "So the game waits" in flat, flat
PY
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "step 1: late german (test clock)"
}

@test "judge clock: an answer after the reminder clears it; the next step's clock starts when it was taken" {
	solo deadline=72h
	tick_at 49
	[ "$(letters "a reminder")" -eq 1 ]
	rm -f out/new/*
	orders_mail
	UMPIRE_TEST_NOW=$((T0 + 50 * H)) judge_gets m1.eml
	rm -f out/new/*
	# step 1 taken at +50h: no notice at +72h, the next reminder at +98h
	tick_at 72
	tick_at 97
	[ "$(ls out/new | wc -l)" -eq 0 ]
	tick_at 98
	[ "$(letters "step 2: a reminder: player's orders due by 2027-01-20T10:00:00Z")" -eq 1 ]
	run "$UMPIRE" audit "$(kept)"
	[ "$status" -eq 0 ]
	assert_output_has "2027-01-17T10:00:00Z step 1: taken (test clock)"
}

@test "judge clock: on_late forfeit ends the game; the whole file to every party; it audits; orders after it refused" {
	solo deadline=72h on-late=forfeit
	tick_at 72
	[ "$(letters "player's orders are late")" -eq 1 ]
	tick_at 95
	[ "$(letters "forfeited")" -eq 0 ]
	# (no tick at the grace's end: the next one, a day later, acts)
	tick_at 120
	tick_at 200
	[ "$(letters "the game is over: player forfeited")" -eq 1 ]
	f=$(grep -l "forfeited" out/new/*)
	grep -q "filename=.*\.yaml" "$f"
	# the file mailed audits, the forfeit its result
	as player open "$f" -o final.yaml 2>/dev/null || cp "$f" final.eml
	run as player audit "$f"
	[ "$status" -eq 0 ]
	assert_output_has "Result: player forfeited: no orders for step 1 by 2027-01-19T08:00:00Z, the end of the clock's grace"
	assert_output_has "2027-01-20T08:00:00Z step 0: forfeit player (test clock)"
	run "$UMPIRE" status --brief "$(kept)"
	[[ "$output" == "over player forfeited"* ]]
	run "$UMPIRE" judge --config judge.ini --status
	assert_output_has "0 steps, over: player forfeited"
	# orders sent after it: the game is over
	rm -f out/new/*
	orders_mail
	UMPIRE_TEST_NOW=$((T0 + 201 * H)) judge_gets m1.eml
	grep -q "the game is over: player forfeited" games/judge.log
	run "$UMPIRE" audit "$(kept)"
	[ "$status" -eq 0 ]
	assert_output_has "0 steps"
}

# The attachment of letter $1 named *$2 (.html, .yaml.gz): its
# Content-Type, then its bytes.
attachment() {
	python3 - "$1" "$2" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if (p.get_filename() or "").endswith(sys.argv[2]):
        print(p.get_content_type(), flush=True)
        sys.stdout.buffer.write(p.get_payload(decode=True))
PY
}

@test "judge clock: a forfeited game ends right on its pages: the letter's file and its replay, the index, the board" {
	solo deadline=72h on-late=forfeit
	tick_at 72
	tick_at 120
	f=$(letter_file "the game is over: player forfeited")
	[ -n "$f" ]
	id=$(basename "$(kept)" .yaml)
	# the game file, no page drawn by the judge, and how to draw it
	# (gzip-compressed, as every game's last letters carry it)
	body_of "$f" | grep -q "umpire replay $id.yaml.gz -o replay.html"
	[ -z "$(attachment "$f" .html)" ]
	attachment "$f" .yaml.gz >file.txt
	[ "$(head -n 1 file.txt)" = application/gzip ]
	tail -n +2 file.txt >"$id.yaml.gz"
	"$UMPIRE" replay "$id.yaml.gz" -o replay.txt
	result='player forfeited: no orders for step 1 by 2027-01-19T08:00:00Z, the end of the clock'
	grep -q "<dt>result</dt><dd>$result" replay.txt
	! grep -q 'not over' replay.txt || false
	# the judge's index: over by forfeit, the forfeit its result
	"$UMPIRE" judge --config judge.ini --index idx
	grep -q '<td>over by forfeit, since ' idx/index.html
	grep -q "<td>$result" idx/index.html
	! grep -q 'not over' idx/index.html "idx/$(basename "$(kept)" .yaml).html" || false
	# the last board says so too, not whose move it was
	"$UMPIRE" render "$(kept)" -o last.svg
	grep -q ">Over: $result" last.svg
	! grep -q '>Next: ' last.svg
}

@test "judge clock: the record is the judge's word: an entry edited, dropped or of the test clock outside tests is refused" {
	solo deadline=72h
	tick_at 49
	g=$(kept)
	"$UMPIRE" audit "$g" >/dev/null
	# a player moving the reminder's time
	sed 's/at: 2027-01-17T09:00:00Z/at: 2027-01-17T10:00:00Z/' "$g" >moved.yaml
	! cmp -s "$g" moved.yaml || false
	run "$UMPIRE" audit moved.yaml
	[ "$status" -eq 1 ]
	assert_output_has "the judge's record, entry 2 (remind at step 0): the referee's signature does not match"
	# a forfeit forged from it: refused by every command, not only audit
	sed 's/event: remind/event: forfeit/' "$g" >forged.yaml
	run "$UMPIRE" status --brief forged.yaml
	[ "$status" -eq 1 ]
	assert_output_has "entry 2 (forfeit at step 0): the referee's signature does not match"
	# the first entry dropped: the next one's link breaks
	python3 - "$g" >dropped.yaml <<'EOF'
import sys
lines = open(sys.argv[1]).read().split("\n")
i = lines.index("judge:")
j = i + 2
while not lines[j].startswith("- "):
    j += 1
print("\n".join(lines[:i + 1] + lines[j:]), end="")
EOF
	run "$UMPIRE" audit dropped.yaml
	[ "$status" -eq 1 ]
	assert_output_has "the judge's record, entry 1 (remind at step 0)"
	# the test clock's times in a game read outside tests
	run env -u UMPIRE_TEST_NOW "$UMPIRE" audit "$g"
	[ "$status" -eq 1 ]
	assert_output_has "a time of the test clock (UMPIRE_TEST_NOW), which no real game holds"
}

@test "judge clock: two ticks and a delivery at once: one outcome, no letter twice" {
	top=$PWD
	for i in 1 2 3; do
		mkdir "$top/round$i" && cd "$top/round$i"
		solo deadline=72h on-late=forfeit
		orders_mail
		(tick_at 100) &
		(tick_at 100) &
		(UMPIRE_TEST_NOW=$((T0 + 100 * H)) judge_gets m1.eml) &
		wait
		g=$(kept)
		run "$UMPIRE" audit "$g"
		[ "$status" -eq 0 ]
		forfeits=$(grep -c 'event: forfeit' "$g" || true)
		steps=$(grep -c '^- step: ' "$g" || true)
		# the orders taken, or the forfeit: never both, never twice
		[ $((forfeits + steps)) -eq 1 ]
		[ "$(letters "forfeited")" -eq "$forfeits" ]
		[ "$(letters "orders are late")" -eq "$forfeits" ]
		# no letter twice
		[ -z "$(grep -h '^Message-I[Dd]:' out/new/* | sort | uniq -d)" ]
	done
}

# The same with on_late standing: the late side's own orders, or the
# judge's late step for it, never both, never twice.
@test "judge clock: two ticks and the late side's orders at once, on_late standing: one step, no letter twice" {
	top=$PWD
	for i in 1 2; do
		mkdir "$top/round$i" && cd "$top/round$i"
		export UMPIRE_TEST_NOW=$T0
		rgw_clocked deadline=72h on-late=standing
		SIDES=german play 4
		post
		run "$UMPIRE" status --brief "games/$g.yaml"
		[[ "$output" == "pending soviet "* ]]
		n=${output#pending soviet }
		# the Soviet's orders, late, mailed as the ticks run
		f=$(ls mbox/soviet/*.umpire | tail -1)
		answer soviet "$f"
		[ -f reply.eml ]
		rm -f out/new/*
		(tick_at 100) &
		(tick_at 100) &
		(UMPIRE_TEST_NOW=$((T0 + 100 * H)) judge_gets reply.eml) &
		wait
		run "$UMPIRE" audit "games/$g.yaml"
		[ "$status" -eq 0 ]
		lates=$(grep -c 'event: late' "games/$g.yaml" || true)
		[ "$lates" -le 1 ]
		# step n is the Soviet's own, or the judge's: the late step
		# exactly when the record says late
		run "$UMPIRE" report --step "$n" "games/$g.yaml"
		[ "$status" -eq 0 ]
		if [ "$lates" -eq 1 ]; then
			assert_output_has "Step $n, played by the judge for soviet"
		else
			assert_output_has "Step $n, ordered by soviet"
		fi
		[ -z "$(grep -h '^Message-I[Dd]:' out/new/* | sort | uniq -d)" ]
		cd "$top"
	done
}

@test "judge clock: a game without a clock is not timed; one joined before the judge kept it starts its clock at the first tick" {
	solo
	run "$UMPIRE" audit "$(kept)"
	[ "$status" -eq 0 ]
	[[ "$output" != *Clock:* ]]
	! grep -q '^judge:' "$(kept)" || false
	tick_at 1000
	[ "$(ls out/new | wc -l)" -eq 0 ]
	! grep -q '^judge:' "$(kept)" || false
	# a game with a clock, every join made before the judge kept it
	as player new arnswalde-1945 --side player=player.pub \
		--referee judge.pub --set deadline=72h -o h.yaml 2>/dev/null
	"$UMPIRE" join h.yaml --side referee -s judge.key -o hj.yaml \
		2>/dev/null
	h=$(sed -n 's/^game: //p' hj.yaml)
	cp hj.yaml "games/$h.yaml"
	tick_at 10
	[ "$(ls out/new | wc -l)" -eq 0 ]
	grep -q "${h} 1 done tick .*the clock of step 1 starts" games/judge.log
	tick_at 57
	[ "$(ls out/new | wc -l)" -eq 0 ]
	tick_at 58
	[ "$(letters "${h:0:8}.*a reminder: player's orders due by 2027-01-18T18:00:00Z")" -eq 1 ]
	run "$UMPIRE" audit "games/$h.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "2027-01-15T18:00:00Z step 0: seen (test clock)"
}

@test "judge clock: a letter the tick could not send stays in the spool; the next tick sends it, once" {
	solo deadline=72h
	printf '#!/bin/sh\nexit 75\n' >down-sendmail
	chmod 755 down-sendmail
	UMPIRE_TEST_NOW=$((T0 + 49 * H)) "$UMPIRE" judge --config judge.ini \
		--sendmail "$PWD/down-sendmail" --tick 2>>judge.err
	[ "$(ls games/spool | wc -l)" -eq 1 ]
	grep -q 'remind player.*a letter not sent' games/judge.log
	# the next tick: nothing new is due, the spooled reminder goes
	tick_at 50
	[ -z "$(ls games/spool)" ]
	[ "$(letters "a reminder")" -eq 1 ]
	tick_at 51
	[ "$(ls out/new | wc -l)" -eq 1 ]
	grep -q ' spool .*letters of the spool' games/judge.log
}

# Orders mailed in time to a Maildir whose --maildir run died after it
# took them (in cur/ without the S flag: killed at the step's sync, where
# strace(1) can kill it; else left there as such a run leaves them): the
# tick takes them first, before it judges the clock, so the side is not
# forfeited. The tick knows the Maildir from [judge] maildir, or from
# --maildir.
@test "judge clock: a tick takes first what a dead --maildir run left in cur/; orders in time are not forfeited" {
	local how
	for how in config option; do
		rm -rf ./* .local
		solo deadline=72h on-late=forfeit
		orders_mail
		[ "$how" = option ] ||
			printf 'maildir = %s/maildir\n' "$PWD" >>judge.ini
		cp m1.eml maildir/new/m1
		if command -v strace >/dev/null &&
			strace -qq -o /dev/null true 2>/dev/null; then
			UMPIRE_TEST_NOW=$((T0 + 50 * H)) strace -f -qq -o /dev/null \
				-e trace=syncfs -e inject=syncfs:signal=KILL:when=1 \
				"$UMPIRE" judge --config judge.ini --outbox out \
				--maildir maildir >/dev/null 2>&1 || true
		else
			mv maildir/new/m1 "maildir/cur/m1:2,"
		fi
		[ "$(ls maildir/cur)" = "m1:2," ]
		[ -z "$(ls out/new)" ]
		# past the deadline and the grace
		local opt=()
		[ "$how" = config ] || opt=(--maildir maildir)
		UMPIRE_TEST_NOW=$((T0 + 200 * H)) "$UMPIRE" judge \
			--config judge.ini --outbox out --tick "${opt[@]}"
		[ "$(ls maildir/cur)" = "m1:2,S" ]
		[ "$(letters "forfeited")" -eq 0 ] || { echo "$how: forfeited"; return 1; }
		[ "$(letters "step 2: player to move")" -eq 1 ]
		run "$UMPIRE" audit "$(kept)"
		[ "$status" -eq 0 ]
		assert_output_has "step 1: taken (test clock)"
		[[ "$output" != *": forfeit player"* ]]
		grep -q ' done m1 .*adjudicated step 1;.*taken again' games/judge.log
	done
}

# No side escapes the clock: where the rules' late answers answer nothing
# (the German's first turn, 4.0), the standing game waits on the late
# side, each deadline after the grace's end one more missed, and the
# clock's forfeit_after-th (3 by default) is a forfeit, signed and
# audited as on_late forfeit's; every letter before it says how many
# missed deadlines are left. Before the fix the game waited for ever
# after one letter.
@test "judge clock: on_late standing where the late answers answer nothing: the late side forfeits after the clock's missed deadlines, warned in advance" {
	rgw_standing
	# the German's deal, a late step at +96h: his turn's clock starts
	tick_at 96
	[[ "$("$UMPIRE" status --brief "games/$g.yaml")" == "pending german 2" ]]
	rm -f out/new/*
	# the reminder warns him
	tick_at 144
	f=$(letter_file "a reminder: german's orders")
	[ -n "$f" ]
	body_of "$f" | grep -q "after 3 more missed deadlines you forfeit"
	# the deadline (+168h): missed 1; the grace's end (+192h): no late
	# answer, the game waits
	tick_at 168
	f=$(letter_file "german's orders are late\$" german)
	[ -n "$f" ]
	body_of "$f" | grep -q "after 2 more missed deadlines you forfeit"
	tick_at 192
	f=$(letter_file "late past the grace")
	[ -n "$f" ]
	body_of "$f" | grep -q "after 2 more missed deadlines german forfeits"
	body_of "$f" | grep -q "The next deadline passes at 2027-01-26T08:00:00Z"
	# the next deadline, a deadline later (+264h): missed 2, once
	tick_at 263
	[ "$(letters "deadlines missed")" -eq 0 ]
	tick_at 264
	tick_at 265
	[ "$(letters "german's orders are late: 2 deadlines missed")" -eq 2 ]
	f=$(letter_file "2 deadlines missed" german)
	[ -n "$f" ]
	body_of "$f" | grep -q "after 1 more missed deadline you forfeit"
	[ "$(letters "forfeited")" -eq 0 ]
	# the third (+336h): the forfeit, the whole file to every party
	tick_at 336
	tick_at 400
	[ "$(letters "the game is over: german forfeited")" -eq 2 ]
	# each letter its own Message-ID (a notice again is no repeat)
	[ -z "$(grep -h '^Message-I[Dd]:' out/new/* | sort | uniq -d)" ]
	f=$(letter_file "forfeited" soviet)
	[ -n "$f" ]
	body_of "$f" | grep -q "through 3 missed deadlines"
	grep -q "filename=.*\.yaml" "$f"
	run "$UMPIRE" audit "games/$g.yaml"
	[ "$status" -eq 0 ]
	assert_output_has "Result: german forfeited: no orders for step 2 by 2027-01-29T08:00:00Z, the end of the clock's grace and 2 deadlines more"
	assert_output_has "2027-01-29T08:00:00Z step 1: forfeit german (test clock)"
	assert_output_has "the late side forfeits after 3 missed deadlines"
	[[ "$("$UMPIRE" status --brief "games/$g.yaml")" == "over german forfeited"* ]]
	# the clock's own bound: forfeit_after=1 ends it at the grace's end
	run "$UMPIRE" new russo-german-war -s judge.key \
		--side german=german.pub --side soviet=soviet.pub \
		--referee judge.pub --set on-late=standing \
		--set forfeit-after=1 -o one.yaml
	[ "$status" -eq 0 ]
	sed -n '/^clock:/,/^roles:/p' one.yaml | grep -q '^  forfeit_after: 1$'
	run "$UMPIRE" status one.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" new russo-german-war -s judge.key \
		--side german=german.pub --side soviet=soviet.pub \
		--referee judge.pub --set forfeit-after=0 -o x.yaml
	[ "$status" -eq 2 ]
	assert_output_has "forfeit-after=0: the deadlines a late side may miss before it forfeits, a whole number from 1 to 100"
}

# The letter that asked the late side bounced: the late notice says so
# (its letters may never have come), and judge --status.
@test "judge clock: a bounce of the letter asking the late side is shown in the late notice and in judge --status" {
	solo deadline=72h
	dsn letter.eml player@example.org 5.1.1 >bounce.eml
	UMPIRE_TEST_NOW=$((T0 + 1 * H)) judge_gets bounce.eml
	grep -q "letter to player at player@example.org undeliverable: 5.1.1" \
		games/judge.log
	rm -f out/new/*
	tick_at 72
	f=$(letter_file "player's orders are late")
	[ -n "$f" ]
	body_of "$f" | grep -q "The judge's letters bounce: player at player@example.org since .* (5.1.1)"
	body_of "$f" | grep -q "may never have come"
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ]
	assert_output_has "letters undeliverable: player at player@example.org since"
}
