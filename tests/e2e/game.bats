#!/usr/bin/env bats
# A whole game of Arnswalde 1945 through files alone, with two keys
# (player and referee); audit; tampering; refused orders.

load helpers

# Play from default orders until the game is over; $1 game, $2 steps max.
play_out() {
	local g=$1 i
	for ((i = 0; i < ${2:-400}; i++)); do
		case "$("$UMPIRE" status --brief "$g")" in over*) return 0 ;; esac
		"$UMPIRE" orders "$g" -s p.key >o.yaml || return 1
		"$UMPIRE" sign o.yaml -s p.key -o o.signed.yaml || return 1
		"$UMPIRE" adjudicate "$g" o.signed.yaml -s r.key -o next.yaml \
			--report report.txt || return 1
		mv next.yaml "$g"
	done
	return 1
}

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_arnswalde_game start.yaml
	cp start.yaml done.yaml
	play_out done.yaml
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/start.yaml \
		"$BATS_FILE_TMPDIR"/done.yaml .
}

# Refused with exit 1, the message, no output file, the input unchanged.
refused() {
	local msg=$1; shift
	local before
	before=$(sha256sum start.yaml)
	run "$@" -o out.yaml
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	assert_output_has "$msg"
	[ ! -e out.yaml ]
	[ "$(sha256sum start.yaml)" = "$before" ]
	[ -z "$(ls out.yaml.tmp-* 2>/dev/null)" ]
}

@test "status before the referee joins, then the first question" {
	run "$UMPIRE" status --brief "$BATS_FILE_TMPDIR/g0.yaml"
	[ "$status" -eq 0 ]
	[ "$output" = "join referee" ]
	run "$UMPIRE" status --brief start.yaml
	[ "$output" = "pending player 1" ]
	run "$UMPIRE" status start.yaml
	assert_output_has "rule 3.1 (placement)"
}

@test "a whole game from default orders ends, and audit passes" {
	run "$UMPIRE" status --brief done.yaml
	[[ "$output" == over* ]]
	run "$UMPIRE" audit done.yaml
	[ "$status" -eq 0 ]
	assert_output_has "audit ok"
}

@test "the pipeline of the README works with - for stdin" {
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key |
		"$UMPIRE" adjudicate start.yaml - -s r.key -o g1.yaml 2>rep.txt
	run "$UMPIRE" status --brief g1.yaml
	[ "$output" = "pending player 2" ]
	grep -q "Step 1, ordered by player, adjudicated by referee" rep.txt
	run "$UMPIRE" audit g1.yaml
	[ "$status" -eq 0 ]
}

@test "a detached signature (FILE.minisig beside the orders) is accepted" {
	"$UMPIRE" orders start.yaml -s p.key -o o.yaml
	"$UMPIRE" sign o.yaml -s p.key --detached
	[ -e o.yaml.minisig ]
	run "$UMPIRE" adjudicate start.yaml o.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit g1.yaml
	[ "$status" -eq 0 ]
}

@test "orders that gained CRLF in the mail still verify" {
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key |
		sed 's/$/\r/' >crlf.yaml
	run "$UMPIRE" adjudicate start.yaml crlf.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit g1.yaml
	[ "$status" -eq 0 ]
}

@test "refused: a flipped byte in the signed orders" {
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key |
		sed 's/center 7/center 6/' >bad.yaml
	refused "altered" "$UMPIRE" adjudicate start.yaml bad.yaml -s r.key
}

@test "refused: orders signed with the wrong key" {
	"$UMPIRE" keygen -s x.key -p x.pub -W >/dev/null
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s x.key \
		>bad.yaml
	refused "another key" "$UMPIRE" adjudicate start.yaml bad.yaml -s r.key
}

@test "refused: adjudication with a key that is not the counter-party's" {
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>o.yaml
	refused "not referee's" "$UMPIRE" adjudicate start.yaml o.yaml -s p.key
}

@test "refused: another game's orders" {
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub -o other0.yaml 2>/dev/null
	"$UMPIRE" join other0.yaml --side referee -s r.key -o other.yaml \
		2>/dev/null
	"$UMPIRE" orders other.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>bad.yaml
	refused "for game" "$UMPIRE" adjudicate start.yaml bad.yaml -s r.key
}

@test "refused: a replayed step" {
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>o1.yaml
	"$UMPIRE" adjudicate start.yaml o1.yaml -s r.key -o g1.yaml 2>/dev/null
	cp g1.yaml start.yaml
	refused "replayed" "$UMPIRE" adjudicate start.yaml o1.yaml -s r.key
}

@test "refused: orders for the wrong side" {
	"$UMPIRE" orders start.yaml -s p.key |
		sed 's/^side: player/side: referee/' |
		"$UMPIRE" sign - -s r.key >bad.yaml
	refused "from side referee" "$UMPIRE" adjudicate start.yaml bad.yaml \
		-s r.key
}

@test "refused: an illegal answer names the rule and the legal answers" {
	"$UMPIRE" orders start.yaml -s p.key |
		sed 's/^- placement: .*/- placement: "north 9 south 0 center 0"/' |
		"$UMPIRE" sign - -s p.key >bad.yaml
	refused "rule 3.1" "$UMPIRE" adjudicate start.yaml bad.yaml -s r.key
	assert_output_has '"north 0 south 0 center 7"'
}

@test "refused: a reveal that is not the committed chain" {
	"$UMPIRE" orders start.yaml -s p.key |
		sed 's/^reveal: A/reveal: #/;s/^reveal: [^#]/reveal: A/' |
		sed 's/^reveal: #/reveal: B/' |
		"$UMPIRE" sign - -s p.key >bad.yaml
	refused "committed chain" "$UMPIRE" adjudicate start.yaml bad.yaml \
		-s r.key
}

@test "refused: adjudicating a finished game" {
	cp done.yaml start.yaml
	echo "umpire: orders/1" >o.yaml
	refused "over" "$UMPIRE" adjudicate start.yaml o.yaml -s r.key
}

# --- tampering: every single edit of a finished game fails audit ---

tampered() {
	python3 "$BATS_TEST_DIRNAME/tamper.py" "$1" done.yaml t.yaml ${3:-2}
	run "$UMPIRE" audit t.yaml
	[ "$status" -eq 1 ] || { echo "audit passed after: $1"; return 1; }
	assert_output_has "$2"
}

@test "tamper: a draw's result" {
	tampered draw "step"
}

@test "tamper: a reveal" {
	tampered reveal "step 2"
}

@test "tamper: a step's state hash" {
	tampered state "step 2"
}

@test "tamper: the stored current state" {
	sed 's/^  turn: \([0-9]*\)/  turn: 9\1/' done.yaml >t.yaml
	if cmp -s t.yaml done.yaml; then echo "unexpectedly true: cmp -s t.yaml done.yaml"; return 1; fi
	run "$UMPIRE" audit t.yaml
	[ "$status" -eq 1 ]
	assert_output_has "stored state differs"
}

@test "tamper: the orders of a step" {
	tampered orders "step 2"
}

@test "tamper: a countersignature" {
	tampered countersig "step 2"
}

@test "tamper: two steps swapped" {
	tampered swap "step 2"
}

@test "tamper: a step removed" {
	tampered remove "step 2"
}

@test "tamper: the last step removed still fails (stored state)" {
	n=$(grep -c '^- step: ' done.yaml)
	python3 "$BATS_TEST_DIRNAME/tamper.py" remove done.yaml t.yaml "$n"
	run "$UMPIRE" audit t.yaml
	[ "$status" -eq 1 ]
}

@test "tamper: the header's options" {
	tampered options "header"
}

@test "dice lists every draw with its purpose" {
	run "$UMPIRE" dice --summary done.yaml
	[ "$status" -eq 0 ]
	assert_output_has "Soviet deck"
	assert_output_has "player:"
}

@test "report of the latest step" {
	run "$UMPIRE" report done.yaml
	[ "$status" -eq 0 ]
	assert_output_has "The game is over"
	assert_output_has "PROVISIONAL"
	# every line fits a mail body
	if printf '%s\n' "$output" | awk 'length($0) > 72 {bad=1} END {exit !bad}'; then false; fi
}

@test "output to a FIFO is written in place, not renamed over" {
	mkfifo pipe
	cat pipe >got.yaml &
	run "$UMPIRE" orders start.yaml -s p.key -o pipe
	wait
	[ "$status" -eq 0 ]
	[ -p pipe ]
	grep -q '^umpire: orders/1$' got.yaml
}

@test "a full disk is an error (exit 2), not success" {
	[ -w /dev/full ] || skip "no /dev/full"
	run "$UMPIRE" orders start.yaml -s p.key -o /dev/full
	[ "$status" -eq 2 ]
	assert_output_has "cannot write /dev/full"
	run sh -c "'$UMPIRE' report start.yaml >/dev/full"
	[ "$status" -eq 2 ]
}

@test "a game with stock minisign keys: orders signed by minisign -S" {
	command -v minisign >/dev/null || skip "minisign not installed"
	minisign -G -W -s m.key -p m.pub >/dev/null
	"$UMPIRE" new arnswalde-1945 -s m.key --side player=m.pub \
		--referee r.pub -o g0.yaml 2>/dev/null
	"$UMPIRE" join g0.yaml --side referee -s r.key -o g.yaml 2>/dev/null
	"$UMPIRE" orders g.yaml -s m.key -o o.yaml
	id=$(sed -n 's/^game: //p' o.yaml)
	minisign -S -s m.key -m o.yaml \
		-t "umpire/1 game=$id step=1 side=player" >/dev/null
	run "$UMPIRE" verify o.yaml --game g.yaml
	[ "$status" -eq 0 ]
	assert_output_has "signature ok"
	run "$UMPIRE" adjudicate g.yaml o.yaml -s r.key -o g1.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" audit g1.yaml
	[ "$status" -eq 0 ]
}

@test "minisign -S with the wrong trusted comment is refused" {
	command -v minisign >/dev/null || skip "minisign not installed"
	"$UMPIRE" orders start.yaml -s p.key -o o.yaml
	"$UMPIRE" sign o.yaml -s p.key --detached -t "umpire/1 game=x step=1"
	refused "trusted comment" "$UMPIRE" adjudicate start.yaml o.yaml \
		-s r.key
}

@test "the config file gives the default secret key" {
	mkdir -p .config/umpire
	printf '[umpire]\nsecret_key = %s/p.key\n' "$PWD" \
		>.config/umpire/config.ini
	run "$UMPIRE" orders start.yaml -o o.yaml
	[ "$status" -eq 0 ]
	printf '[umpire]\nsecret_key = x\nsecret_key = y\n' \
		>.config/umpire/config.ini
	run "$UMPIRE" orders start.yaml
	[ "$status" -eq 2 ]
	assert_output_has "config.ini:3"
	UMPIRE_CONFIG=/nonexistent run "$UMPIRE" orders start.yaml -s p.key
	[ "$status" -eq 2 ]
}

@test "verify --game checks the pending side, step and reveal" {
	"$UMPIRE" orders start.yaml -s p.key | "$UMPIRE" sign - -s p.key \
		>o.yaml
	run "$UMPIRE" verify o.yaml --game start.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" verify o.yaml --game done.yaml
	[ "$status" -eq 1 ]
}

@test "the game file is canonical: what is read is written again as is" {
	step() {
		"$UMPIRE" orders "$1" -s p.key | "$UMPIRE" sign - -s p.key |
			"$UMPIRE" adjudicate "$1" - -s r.key -o "$2" 2>/dev/null
	}
	step start.yaml g1.yaml
	step g1.yaml g2.yaml
	# the header, and step 1, come out of the second run byte for byte
	diff <(sed '/^state:/,$d' g1.yaml) <(sed '/^state:/,$d' g2.yaml)
	diff <(sed -n '/^steps:/,$p' g1.yaml) \
		<(sed -n '/^steps:/,$p' g2.yaml | sed '/^- step: 2$/,$d')
}

@test "usage errors exit 2 with the usage line" {
	run "$UMPIRE" adjudicate start.yaml
	[ "$status" -eq 2 ]
	assert_output_has "usage: umpire adjudicate"
	run "$UMPIRE" status start.yaml --brief --brief
	[ "$status" -eq 2 ]
	assert_output_has "twice"
	run "$UMPIRE" frobnicate
	[ "$status" -eq 2 ]
	run "$UMPIRE" audit --help
	[ "$status" -eq 0 ]
	assert_output_has "usage: umpire audit"
	run "$UMPIRE" orders start.yaml -s
	[ "$status" -eq 2 ]
	assert_output_has "needs a value"
	run "$UMPIRE" status --brief=yes start.yaml
	[ "$status" -eq 2 ]
	assert_output_has "takes no value"
	run "$UMPIRE" status start.yaml extra.yaml
	[ "$status" -eq 2 ]
	assert_output_has "unexpected argument 'extra.yaml'"
	# values glued to short options, flags bundled, -- ends options
	run "$UMPIRE" orders start.yaml -sp.key -o o.yaml
	[ "$status" -eq 0 ]
	run "$UMPIRE" keygen -Wf -s k.key -p k.pub
	[ "$status" -eq 0 ]
	run "$UMPIRE" status -- start.yaml
	[ "$status" -eq 0 ]
}

@test "a scenario version mismatch is refused, naming both versions" {
	mkdir scn
	local v
	v=$(sed -n 's/^version: \([0-9]*\)$/\1/p' \
		"$UMPIRE_SCENARIOS/arnswalde-1945.yaml")
	[ -n "$v" ]
	sed "s/^version: $v\$/version: $((v + 1))/" \
		"$UMPIRE_SCENARIOS/arnswalde-1945.yaml" >scn/arnswalde-1945.yaml
	UMPIRE_SCENARIOS=$PWD/scn run "$UMPIRE" status start.yaml
	[ "$status" -eq 1 ]
	assert_output_has "version $v"
	assert_output_has "version $((v + 1))"
}

@test "report: a draw reads '1 of N' (N the pool before the draw)" {
	run "$UMPIRE" report done.yaml --step 1
	[ "$status" -eq 0 ]
	# the first draw of the game: the Soviet deck's 13 hearts
	assert_output_has "(1 of 13 in soviet-unseen)"
	[[ "$output" != *"soviet-unseen, 13 left"* ]]
}

@test "report: the provisional data in full at step 1, one line after" {
	run "$UMPIRE" report done.yaml --step 1
	assert_output_has "PROVISIONAL DATA (not from the rulebook): the suits"
	run "$UMPIRE" report done.yaml --step 2
	[ "$(grep -c . <<<"$output")" -gt 5 ]
	[ "$(grep -c '^PROVISIONAL DATA (not from the rulebook): see umpire report --step 1\.$' <<<"$output")" -eq 1 ]
	[[ "$output" != *"the suits"* ]]
}

@test "a draft scenario is marked, and new refuses it without --draft" {
	mkdir scn
	{ sed -n '1,/^provenance:/p' "${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}/arnswalde-1945.yaml"
	  echo 'draft: "Rules 9 to 12 are not implemented yet."'
	  sed -n '/^provenance:/,$p' "${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}/arnswalde-1945.yaml" | sed 1d
	} >scn/arnswalde-1945.yaml
	run env UMPIRE_SCENARIOS="$PWD/scn" "$UMPIRE" scenarios
	[ "$status" -eq 0 ]
	assert_output_has "(draft)"
	run env UMPIRE_SCENARIOS="$PWD/scn" "$UMPIRE" scenarios --json
	assert_output_has '"draft":"Rules 9 to 12 are not implemented yet."'
	run env UMPIRE_SCENARIOS="$PWD/scn" "$UMPIRE" new arnswalde-1945 \
		-s p.key --side player=p.pub --referee r.pub -o g.yaml
	[ "$status" -eq 1 ]
	assert_output_has "scenario arnswalde-1945 is a draft: Rules 9 to 12 are not implemented yet. Pass --draft"
	[ ! -e g.yaml ]
	run env UMPIRE_SCENARIOS="$PWD/scn" "$UMPIRE" new arnswalde-1945 \
		-s p.key --side player=p.pub --referee r.pub --draft -o g.yaml
	[ "$status" -eq 0 ]
	[ -s g.yaml ]
	# the scenarios that ship are not drafts, but Race to the Reichstag
	run "$UMPIRE" scenarios
	if printf '%s\n' "$output" | grep '(draft)' |
		grep -qv '^race-to-the-reichstag '; then
		echo "a draft other than Race to the Reichstag ships"; return 1
	fi
}
