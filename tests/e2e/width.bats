#!/usr/bin/env bats
# Every line umpire writes is at most 72 columns (PROTOCOL.md: files go
# through mail): game files, order templates, signed orders and reports
# of a played Arnswalde 1945 game (which hides nothing: no views), and
# the game file, views, sealed views, templates made from them and
# reports of a played Russo-German War game under a referee. And the history an order file
# names (prev) is checked: orders for another history are refused.

load helpers

# Print the lines of the files given that pass 72 columns, as FILE:N:LEN.
too_wide() {
	awk 'length($0) > 72 { print FILENAME ":" FNR ":" length($0) }' "$@"
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	mkdir arn rgw
	# Arnswalde 1945: a player and a referee, from the game file.
	(
	cd arn
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=low -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o game.yaml 2>/dev/null
	cp game.yaml start.yaml
	n=0
	until "$UMPIRE" status --brief game.yaml | grep -q '^over'; do
		n=$((n + 1))
		"$UMPIRE" orders game.yaml -s p.key -o "t$n.yaml"
		"$UMPIRE" sign "t$n.yaml" -s p.key -o "o$n.yaml"
		"$UMPIRE" adjudicate game.yaml "o$n.yaml" -s r.key -o next.yaml \
			--report "r$n.txt"
		mv next.yaml game.yaml
		[ "$n" -lt 400 ]
	done
	"$UMPIRE" report game.yaml --step 1 >report1.txt
	"$UMPIRE" status game.yaml >status.txt
	) || return 1
	# The Russo-German War: two players' sealed views and a referee.
	(
	cd rgw
	for k in german soviet referee; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new russo-german-war -s referee.key \
		--side german=german.pub --side soviet=soviet.pub \
		--referee referee.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side german -s german.key -o g1.yaml \
		2>/dev/null
	"$UMPIRE" join g1.yaml --side soviet -s soviet.key -o game.yaml \
		2>/dev/null
	cp game.yaml start.yaml
	n=0
	while :; do
		st=$("$UMPIRE" status --brief game.yaml)
		case $st in over*) break ;; esac
		n=$((n + 1))
		side=${st#pending }
		side=${side%% *}
		"$UMPIRE" view game.yaml --side "$side" -s referee.key \
			-o "v$n.yaml"
		"$UMPIRE" view game.yaml --side "$side" -s referee.key --seal \
			-o "s$n.view"
		"$UMPIRE" orders "s$n.view" -s "$side.key" -o "t$n.yaml"
		"$UMPIRE" sign "t$n.yaml" -s "$side.key" -o "o$n.yaml"
		"$UMPIRE" adjudicate game.yaml "o$n.yaml" -s referee.key \
			-o next.yaml --report "r$n.txt"
		mv next.yaml game.yaml
		"$UMPIRE" report "s$n.view" -s "$side.key" >"vr$n.txt"
		[ "$n" -lt 400 ]
	done
	"$UMPIRE" report game.yaml --step 1 >report1.txt
	) || return 1
}

setup() {
	umpire_setup
	cp -r "$BATS_FILE_TMPDIR"/arn "$BATS_FILE_TMPDIR"/rgw .
}

@test "Arnswalde 1945: no line of a game, template, order, report or view passes 72 columns" {
	[ -e arn/o3.yaml ]
	[ -e arn/r3.txt ]
	run too_wide arn/*.yaml arn/*.txt
	[ -z "$output" ] || { echo "$output"; return 1; }
}

@test "Russo-German War: no line of a game, view, sealed view, template or report passes 72 columns" {
	[ -e rgw/s3.view ]
	[ -e rgw/v3.yaml ]
	[ -e rgw/t3.yaml ]
	run too_wide rgw/*.yaml rgw/*.view rgw/*.txt
	[ -z "$output" ] || { echo "$output"; return 1; }
}

@test "32-byte values are 44 characters of base64; the game id is hex" {
	grep -Eq '^scenario_hash: [A-Za-z0-9+/]{43}=$' arn/game.yaml
	grep -Eq '^  anchor: [A-Za-z0-9+/]{43}=$' arn/game.yaml
	grep -Eq '^  prev: [A-Za-z0-9+/]{43}=$' arn/game.yaml
	grep -Eq '^game: [0-9a-f]{32}$' arn/game.yaml
	grep -Eq '^prev: [A-Za-z0-9+/]{43}=$' arn/t1.yaml
	grep -Eq '^reveal: [A-Za-z0-9+/]{43}=$' arn/t1.yaml
	grep -Eq '^prev: [A-Za-z0-9+/]{43}=$' rgw/v1.yaml
	grep -Eq 'hidden:[A-Za-z0-9+/]{43}=' rgw/v1.yaml
}

# --- finding 1: orders name the history they were written for ---

@test "orders with the wrong prev are refused (exit 1, no output)" {
	cd arn
	"$UMPIRE" orders start.yaml -s p.key |
		sed 's|^prev: A|prev: #|;s|^prev: [^#]|prev: A|' |
		sed 's|^prev: #|prev: B|' |
		XDG_STATE_HOME="$PWD/.no-record" \
		"$UMPIRE" sign - -s p.key >bad.yaml
	run "$UMPIRE" adjudicate start.yaml bad.yaml -s r.key -o out.yaml
	[ "$status" -eq 1 ]
	assert_output_has "another history of this game: prev"
	[ ! -e out.yaml ]
	# the field is required
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>o1.yaml
	"$UMPIRE" adjudicate start.yaml o1.yaml -s r.key -o g1.yaml \
		2>/dev/null
	"$UMPIRE" orders g1.yaml -s p.key | grep -v '^prev: ' >noprev.yaml
	"$UMPIRE" sign noprev.yaml -s p.key -o noprev.s.yaml
	run "$UMPIRE" adjudicate g1.yaml noprev.s.yaml -s r.key -o out.yaml
	[ "$status" -eq 1 ]
	assert_output_has "field 'prev' is missing"
	[ ! -e out.yaml ]
}

# The grinding of finding 1: after seeing the actor's orders for step 1,
# the counter-party re-encodes the header (upper-case hex, other base64,
# whitespace) to get another genesis hash, so another seed. Each such
# header is refused now, and the orders pin the genesis in any case.
@test "a re-encoded header does not pass adjudication or audit" {
	cd arn
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>o1.yaml
	"$UMPIRE" adjudicate start.yaml o1.yaml -s r.key -o g1.yaml \
		2>/dev/null
	python3 - start.yaml g1.yaml <<-'EOF'
	import base64, re, sys
	for src in sys.argv[1:]:
	    t = open(src).read()
	    # the anchor of the referee as hex, upper-case hex, and base64
	    # without padding: the same 32 bytes in other texts
	    m = re.search(r"(?m)^(  anchor: )(\S+)$", t)
	    raw = base64.b64decode(m.group(2))
	    for k, text in (("hex", raw.hex()), ("HEX", raw.hex().upper()),
	                    ("nopad", m.group(2).rstrip("="))):
	        out = t[:m.start(2)] + text + t[m.end(2):]
	        open(src.replace(".yaml", "-%s.yaml" % k), "w").write(out)
	    # the game id upper-case
	    out = re.sub(r"(?m)^game: (\w+)$",
	                 lambda g: "game: " + g.group(1).upper(), t, count=1)
	    open(src.replace(".yaml", "-ID.yaml"), "w").write(out)
	EOF
	for k in hex HEX nopad ID; do
		run "$UMPIRE" adjudicate "start-$k.yaml" o1.yaml -s r.key \
			-o out.yaml
		[ "$status" -eq 1 ] || { echo "$k: $output"; return 1; }
		[ ! -e out.yaml ]
		run "$UMPIRE" audit "g1-$k.yaml"
		[ "$status" -eq 1 ] || { echo "$k: $output"; return 1; }
	done
}

# A header whose join signature is written again with other line breaks
# (the same bytes) has the same genesis hash: hashes cover the decoded
# bytes (umpire-protocol(7)), so the orders signed on one text are
# adjudicated on the other, and no one can choose among re-encodings.
@test "a re-wrapped join signature keeps the genesis of the orders" {
	cd arn
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>o1.yaml
	python3 - start.yaml regen.yaml <<-'EOF'
	import re, sys
	t = open(sys.argv[1]).read()
	# the referee's join signature: two lines joined into one long one
	m = list(re.finditer(r"(?m)^  signature: \|-\n    (\S+)\n    (\S+)\n",
	                     t))[-1]
	t = t[:m.start()] + "  signature: |-\n    %s\n    %s\n" % (
	    m.group(1)[:30], m.group(1)[30:] + m.group(2)) + t[m.end():]
	open(sys.argv[2], "w").write(t)
	EOF
	run "$UMPIRE" status --brief regen.yaml
	[ "$status" -eq 0 ] # the header still reads, its signatures hold
	if cmp -s start.yaml regen.yaml; then echo "unexpectedly true: cmp -s start.yaml regen.yaml"; return 1; fi
	run "$UMPIRE" adjudicate regen.yaml o1.yaml -s r.key -o out.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	run "$UMPIRE" audit out.yaml
	[ "$status" -eq 0 ]
}
