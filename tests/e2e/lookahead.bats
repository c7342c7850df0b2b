#!/usr/bin/env bats
# Look-ahead templates (umpire-orders(5), TEMPLATES): umpire orders lists,
# in order, every question the rules will ask its side before the step
# ends for it, run on the side's own view (the stand-ins sign --game
# VIEW checks on), and says where the step ends. Each test failed on the
# code before, whose template from a view held the pending question
# alone and never said where the step ends.

load helpers

KEYS='place|flip|depot|sniper|enter|max-effort|replace|barrage|recon|engineer|lose|retreat|stay|advance[a-z-]*'

# the side to order game $1
side_of() {
	local st
	st=$("$UMPIRE" status --brief "$1") || return 1
	st=${st#pending }
	echo "${st%% *}"
}

# one step of the pending side of game $1 through its view: its template
# (views/NNN-SIDE.tmpl) signed with the kept standing orders given
kept_step() {
	local g=$1 side v
	side=$(side_of "$g") || return 1
	v=views/$(printf '%03d' "$n")-$side
	"$UMPIRE" view "$g" --side "$side" -s referee.key -o "$v.view" ||
		return 1
	"$UMPIRE" orders "$v.view" -s "$side.key" >"$v.tmpl" || return 1
	sed -E "s/^#  ($KEYS): /  \\1: /" "$v.tmpl" |
		"$UMPIRE" sign - -s "$side.key" -o o.yaml || return 1
	"$UMPIRE" adjudicate "$g" o.yaml -s referee.key -o next.yaml \
		--report /dev/null || return 1
	mv next.yaml "$g"
	n=$((n + 1))
}

# the rule and key of each question of template $1, one a line
asked() {
	sed -n 's/^# rule \([0-9.]*\), \([a-z0-9-]*\):.*/\1 \2/p' "$1"
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR" || return 1
	new_reichstag_game game.yaml
	mkdir views
	n=1
	# set-up and GT 1, to the 1BF player's turn of GT 2 and on
	while [ "$n" -le 12 ]; do
		kept_step game.yaml || return 1
	done
	# whether a front is asked to replace a lost unit (8.2) hangs on the
	# draws: for the replacement test, further games (repK/, keys and
	# views of their own) until one is: at most eight, of 60 steps each
	# (four of 40 were once seen to bring none)
	local k=0
	while ! grep -q '^# rule 8.2, replace' views/*.tmpl \
		rep*/views/*.tmpl 2>/dev/null && [ "$k" -lt 8 ]; do
		k=$((k + 1))
		(
		mkdir "rep$k" && cd "rep$k" && mkdir views || exit 1
		new_reichstag_game game.yaml
		n=1
		while [ "$n" -le 60 ] && [ "$(side_of game.yaml)" != over ] &&
			! grep -q '^# rule 8.2, replace' views/*.tmpl \
			2>/dev/null; do
			kept_step game.yaml || exit 1
		done
		) || return 1
	done
}

setup() {
	umpire_setup
	cp -r "$BATS_FILE_TMPDIR"/* .
}

@test "a Race to the Reichstag template lists every question of the 1BF player turn in the rules' order, then where the step ends" {
	local t
	t=$(grep -l '^# rule 6.7, max-effort' views/*-1bf.tmpl | head -1)
	[ -n "$t" ]
	asked "$t" >q.txt
	cat q.txt
	# 4.0 I: Maximum Effort at the PT's start (6.7), reinforcement
	# phase (8.2, 7.1), barrage (15.0), movement (19.2, 9.0)
	line() { grep -n "^$1\$" q.txt | head -1 | cut -d: -f1; }
	me=$(line '6.7 max-effort') ba=$(line '15.0 barrage')
	en=$(line '19.2 engineer') mv=$(grep -n '^9.0 move$' q.txt |
		tail -1 | cut -d: -f1)
	[ -n "$me" ]
	[ -n "$ba" ]
	[ -n "$en" ]
	[ -n "$mv" ]
	[ "$me" -lt "$ba" ]
	[ "$ba" -lt "$en" ]
	[ "$en" -lt "$mv" ]
	# each question with its answer, then where the step ends: the
	# draw after movement, or the combat phase's start where a German
	# counter next to a Soviet unit is hidden from him (16.8 consulted)
	[ "$(grep -c '^- ' "$t")" -eq "$(wc -l <q.txt)" ]
	end='(the draw for [0-9.]* [a-z]*( at [0-9]{4} \(hexside [0-9]{4}-[0-9]{4}\))?|what is hidden from you, consulted at rule [0-9.]*)'
	tr '\n' ' ' <"$t" | tr -d '#' | tr -s ' ' |
		grep -Eq "Then the step ends for you at $end: answers after this are kept for later"
	# status says the same of the view
	"$UMPIRE" status "${t%.tmpl}.view" -s 1bf.key | tr '\n' ' ' |
		tr -s ' ' >st.txt
	grep -Eq "The questions the rules ask you before the step ends for you, in order: rules .*6.7 \(max-effort\), .*15.0 \(barrage\), 19.2 \(engineer\), 9.0 \(move\).* Then the step ends for you at $end" st.txt
}

@test "a template lists no attack when none is owed: the step ends at the exhaustion roll" {
	local t found=""
	for t in views/*.tmpl; do
		if [ "$(asked "$t" | tail -1)" = "9.0 move" ] &&
		   tr '\n' ' ' <"$t" | tr -d '#' | tr -s ' ' |
		   grep -q "Then the step ends for you at the draw for 20.2 exhaustion"; then
			found=$t
			break
		fi
	done
	[ -n "$found" ]
	if asked "$found" | grep -q '^12.0 attack'; then return 1; fi
}

@test "a template that ends at a bridge's die (18.1, 18.2) names the bridge: the hex entered and its hexside" {
	local t side found=""
	local scn=${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}
	scn=$scn/race-to-the-reichstag.yaml
	# a Soviet front's movement template of the game (each under a
	# record of its own: the key has signed later steps since), and a
	# move of one of its units to a bridge hex near it (the scenario's
	# map: a hexside of kind bridge), until the rules roll for a
	# bridge: the step ends there for the mover
	for t in views/*-1bf.tmpl views/*-1uf.tmpl; do
		side=${t##*-}
		side=${side%.tmpl}
		grep -q "^# rule 9.0, move: $side movement" "$t" || continue
		if XDG_STATE_HOME=$PWD/.b-${t##*/} python3 - "$t" "$side" \
			"$UMPIRE" "$scn" >bridge.txt <<'PY'
import re, subprocess, sys, yaml
t, side, umpire, scn = sys.argv[1:5]
v = t[:-len(".tmpl")] + ".view"
sides = yaml.safe_load(open(scn))["data"]["map"]["sides"]
bridges = set()
for line in sides.split("\n"):
    w = line.split()
    if len(w) > 2 and "bridge" in w[2:]:
        bridges.update(w[:2])
def cube(h):
    c, r = int(h[:2]), int(h[2:])
    z = r - (c + 1) // 2
    return c, z, -c - z
def dist(a, b):
    a, b = cube(a), cube(b)
    return max(abs(a[i] - b[i]) for i in range(3))
text = open(t).read()
q = text.index("# rule 9.0, move: %s movement" % side)
end = text.index("\n- move:", q)
head = "\n".join(l for l in text[:q].split("\n")
                 if l and not l.startswith("#"))
units = yaml.load(open(v), Loader=yaml.BaseLoader)["state"]["units"]
for u in dict.fromkeys(re.findall(r'"(\S+) to \d{4}"', text[q:end])):
    h = units.get(u, "")
    if not re.match(r"^\d{4}$", h):
        continue
    for b in sorted(bridges, key=lambda b: (dist(h, b), b)):
        if not 0 < dist(h, b) <= 3:
            continue
        open("try.yaml", "w").write(
            head + '\n- move: "%s to %s"\nstanding:\n' % (u, b))
        p = subprocess.run([umpire, "orders", v, "-s", side + ".key",
                            "--answers", "try.yaml"],
                           capture_output=True, text=True)
        flat = " ".join(p.stdout.replace("#", " ").split())
        m = re.search(r"Then the step ends for you at (the draw for "
                      r"18\.2 [^:]*):", flat)
        if m:
            print(u, h, b, m.group(1))
            sys.exit(0)
sys.exit(1)
PY
		then
			found=$t
			break
		fi
	done
	[ -n "$found" ]
	cat bridge.txt
	read -r u from to what <bridge.txt
	# "the draw for 18.2 bridge at HEX (hexside A-B)": HEX is one of
	# A and B, which the map joins by a bridge
	[[ "$what" =~ ^the\ draw\ for\ 18\.2\ bridge\ at\ ([0-9]{4})\ \(hexside\ ([0-9]{4})-([0-9]{4})\)$ ]]
	at=${BASH_REMATCH[1]} a=${BASH_REMATCH[2]} b=${BASH_REMATCH[3]}
	[ "$at" = "$a" ] || [ "$at" = "$b" ]
	grep -Eq "^ *$a $b .*\bbridge\b" "$scn"
}

@test "a replacement template lists place after replace" {
	local t v u side
	# either front's, of the main game or a further one (setup_file)
	t=$(grep -l '^# rule 8.2, replace' views/*.tmpl rep*/views/*.tmpl \
		2>/dev/null | head -1)
	[ -n "$t" ]
	cd "${t%%views/*}."
	t=views/${t##*/}
	v=${t%.tmpl}.view
	side=${t##*-}
	side=${side%.tmpl}
	# in the plain template: the placements (7.1) after the replacements
	asked "$t" | grep -A1 '^8.2 replace$' | tail -1 | grep -qx '7.1 place'
	# a replacement named: its placement comes in the same template
	u=$(sed -n '/^# rule 8.2, replace/,/^- replace/p' "$t" |
		grep -o 'Eliminated: [A-Za-z0-9]*' | head -1 | cut -d' ' -f2)
	[ -n "$u" ]
	awk -v u="$u" '/^#/ { next } /^- replace:/ {
		print "- replace: \"" u "\""; exit } { print }' "$t" >part.yaml
	"$UMPIRE" orders "$v" -s "$side.key" --answers part.yaml >t2.yaml
	sed -n '/^# rule 7.1, place/,/^- place/p' t2.yaml | tr -d '#\n' |
		tr -s ' ' | grep -q "counter: .*\\b$u\\b"
	XDG_STATE_HOME=$PWD/.s2 "$UMPIRE" sign t2.yaml -g "$v" \
		-s "$side.key" --check
}

@test "every example a template gives is accepted by sign --game VIEW when used" {
	local t v side i=0 e k
	# the first template with an attack (the examples after hidden
	# counters were flipped, 16.8) and the first with a movement: the
	# combat phase's start ends a movement step where it consults what
	# is hidden from the mover (16.8), so one template may not hold both
	for t in $(grep -l '^# rule 12.0, attack' views/*.tmpl | head -1) \
		 $(grep -l '^# rule 9.0, move' views/*.tmpl | head -1); do
		v=${t%.tmpl}.view
		side=${t##*-}
		side=${side%.tmpl}
		# the template as it is
		XDG_STATE_HOME=$PWD/.s$i "$UMPIRE" sign "$t" -g "$v" \
			-s "$side.key" --check
		# each example of each question in its answer's place, the
		# answers before it as given, none after it
		python3 - "$t" >variants.txt <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
head, body, seen, ex = [], [], False, []
for l in lines:
    if l == "answers:":
        seen = True
        head.append(l)
        continue
    if not seen:
        if not l.startswith("#"):
            head.append(l)
        continue
    if l.startswith("standing:"):
        break
    if l.startswith("# for example:") or l.startswith("# legal:"):
        ex = []
        cur = l
    if l.startswith("#"):
        ex.append(l[1:])
        continue
    m = re.match(r'^- ([a-z0-9-]+): "(.*)"$', l)
    if m:
        opts = re.findall(r'"([^"]*)"', " ".join(ex))
        for o in opts:
            print("\t".join(head + body + ['- %s: "%s"' % (m.group(1), o)]))
        body.append(l)
        ex = []
PY
		while IFS= read -r e; do
			i=$((i + 1))
			printf '%s\n' "$e" | tr '\t' '\n' >x.yaml
			XDG_STATE_HOME=$PWD/.s$i "$UMPIRE" sign x.yaml -g "$v" \
				-s "$side.key" --check 2>err.txt ||
				{ cat x.yaml err.txt; return 1; }
		done <variants.txt
	done
	[ "$i" -gt 10 ]
}

@test "an Arnswalde template says where the step ends at a draw" {
	new_arnswalde_game game.yaml
	"$UMPIRE" orders game.yaml -s p.key >t.yaml
	tr '\n' ' ' <t.yaml | tr -d '#' | tr -s ' ' |
		grep -q "Then the step ends for you at the draw for [0-9]"
	"$UMPIRE" sign t.yaml --check -g game.yaml -s p.key
}

@test "a Russo-German War template says where the step ends: another side's question, or a draw" {
	local n=0 side seen_q="" seen_d=""
	mkdir rgw && cd rgw
	new_rgw_game game.yaml german soviet referee
	while [ $n -lt 30 ] && { [ -z "$seen_q" ] || [ -z "$seen_d" ]; }; do
		n=$((n + 1))
		side=$(side_of game.yaml)
		[ "$side" != over ] || break
		"$UMPIRE" view game.yaml --side "$side" -s referee.key -o v.view
		"$UMPIRE" orders v.view -s "$side.key" >t.yaml
		tr '\n' ' ' <t.yaml | tr -d '#' | tr -s ' ' >flat.txt
		grep -q "Then the step ends for you at a question of another side, at rule 4" flat.txt && seen_q=1
		grep -q "Then the step ends for you at the draw for 4.2" flat.txt && seen_d=1
		"$UMPIRE" sign t.yaml -s "$side.key" -o o.yaml
		"$UMPIRE" adjudicate game.yaml o.yaml -s referee.key -o n.yaml \
			--report /dev/null
		mv n.yaml game.yaml
	done
	[ -n "$seen_q" ]
	[ -n "$seen_d" ]
}

@test "a step that begins at the question pending after a consult point offers that question first" {
	local t first prev="" n=0 att=0
	# a step of 1BF's begins at his attack, at the combat phase's
	# start, where 16.8 consults the counters next to his units: that
	# consult ended his step before, and the pending question is always
	# the side's to answer, so no template is without an answer
	for t in views/*.tmpl; do
		first=$(sed -n '/^answers:$/,/^standing:$/p' "$t" |
			grep -m1 '^- ' | cut -d: -f1)
		[ -n "$first" ] || { cat "$t"; return 1; }
		n=$((n + 1))
		if [ "$first" = "- attack" ] && [ -n "$prev" ] &&
		   tr '\n' ' ' <"$prev" | tr -d '#' | tr -s ' ' | grep -q \
		   "step ends for you at what is hidden from you, consulted at rule 16.8"
		then
			att=$((att + 1))
		fi
		prev=$t
	done
	[ "$n" -ge 12 ]
	[ "$att" -ge 1 ]
}

@test "a template from a view in mid-phase goes on from the moves made: no 19.2 asked again, no moved unit offered, its answers adjudicated" {
	local side k=0 eng mover n=100
	# a template of the side's that puts an engineer in place (19.2)
	# before its movement (kept steps until one comes)
	while :; do
		side=$(side_of game.yaml)
		"$UMPIRE" view game.yaml --side "$side" -s referee.key -o a.view
		"$UMPIRE" orders a.view -s "$side.key" >a.tmpl
		eng=$(sed -n '/^# rule 19.2, engineer/,/^- engineer/p' a.tmpl |
			grep -o '"[A-Za-z0-9]*"' | tr -d '"' | grep -vx none |
			head -1)
		[ -z "$eng" ] || break
		k=$((k + 1))
		[ "$k" -lt 20 ] || return 1
		kept_step game.yaml
	done
	# its answers up to the engineer put in place and one move made
	# (a unit's first example), then none: the step ends in mid-phase
	python3 - "$eng" a.tmpl >b.yaml <<'PY'
import re, sys
eng, out, ex, state = sys.argv[1], [], [], 0
for l in open(sys.argv[2]).read().split("\n"):
    if l.startswith("standing:"):
        state = 3
    if state < 3 and l.startswith("#"):
        ex.append(l)
        continue
    if state == 0 and l == '- engineer: "none"':
        l, state = '- engineer: "%s"' % eng, 1
    elif state == 1 and l.startswith("- move:"):
        mv = [o for o in re.findall(r'"([^"]*)"', " ".join(ex))
              if " to " in o]
        l, state = '- move: "%s"' % mv[0], 2
    elif state == 2 and l.startswith("- "):
        continue
    if not l.startswith("#"):
        ex = []
    out.append(l)
print("\n".join(out))
PY
	mover=$(python3 -c 'import re,sys
for l in open(sys.argv[1]):
    m = re.match(r"^- move: \"(\S+) to ", l)
    if m: print(m.group(1))' b.yaml | tail -1)
	[ -n "$mover" ]
	sed -E "s/^#  ($KEYS): /  \\1: /" b.yaml |
		"$UMPIRE" sign - -s "$side.key" -o o.yaml
	"$UMPIRE" adjudicate game.yaml o.yaml -s referee.key -o mid.yaml \
		--report rep.txt
	[ "$(side_of mid.yaml)" = "$side" ]
	# (a move a destroyed bridge cut short may go on, 18.2)
	if tr '\n' ' ' <rep.txt | tr -s ' ' |
		grep -q "$mover stops in [0-9]*: the bridge ahead is destroyed"
	then
		mover=$eng
	fi
	# the view in mid-phase: its template goes on from the move made
	"$UMPIRE" view mid.yaml --side "$side" -s referee.key -o m.view
	"$UMPIRE" orders m.view -s "$side.key" >m.tmpl
	asked m.tmpl >q.txt
	cat q.txt
	[ "$(head -1 q.txt)" = "9.0 move" ]
	# 19.2 is asked at the phase's start, not again on the way
	if grep -q '^19.2 engineer$' q.txt; then return 1; fi
	# the unit that moved and the engineer in place move no more (19.2)
	if sed -n '/^# rule 9.0, move/,/^- move/p' m.tmpl | tr '\n' ' ' |
		tr -d '#' | grep -Eq "\"($mover|$eng) "; then
		echo "$mover or $eng offered:"
		grep '^- ' b.yaml
		sed -n '/^# rule 9.0, move/,/^- move/p' m.tmpl
		return 1
	fi
	# it looks ahead to where the step ends (not the pending question
	# alone, as when the rules could not go on from the view)
	tr '\n' ' ' <m.tmpl | tr -d '#' | tr -s ' ' |
		grep -q "Then the step ends for you at"
	# and its answers, and each of the first move's examples, are those
	# adjudication takes (each signed under a record of its own: one
	# key signs one version of a step)
	sed -E "s/^#  ($KEYS): /  \\1: /" m.tmpl |
		"$UMPIRE" sign - -s "$side.key" -o o2.yaml
	"$UMPIRE" adjudicate mid.yaml o2.yaml -s referee.key -o n.yaml \
		--report /dev/null
	sed -n '/^# rule 9.0, move/,/^- move/p' m.tmpl | tr '\n' ' ' |
		tr -d '#' | grep -o '"[^"]* to [0-9]*"' | head -4 | tr -d '"' \
		>ex.txt
	[ "$(wc -l <ex.txt)" -ge 2 ]
	while read -r e; do
		k=$((k + 1))
		sed -E -e "0,/^- move: .*/s//- move: \"$e\"/" \
			-e "s/^#  ($KEYS): /  \\1: /" m.tmpl |
			awk '/^- / && seen { next } /^- move/ { seen = 1 }
			     { print }' >x.yaml
		XDG_STATE_HOME=$PWD/.x$k "$UMPIRE" sign x.yaml \
			-s "$side.key" -o o3.yaml
		XDG_STATE_HOME=$PWD/.x$k "$UMPIRE" adjudicate mid.yaml \
			o3.yaml -s referee.key -o n.yaml --report /dev/null ||
			{ cat x.yaml; return 1; }
	done <ex.txt
}
