#!/usr/bin/env bats
# The Race to the Reichstag example (examples/race-to-the-reichstag, a
# whole game under a referee, made by its make-example.sh) still
# replays: its game file audits under today's rules and scenario, every
# view the referee mailed to each player is an honest redaction of it
# (and one altered after he signed it is not), it ran the scenario's
# whole ten game turns with no order file refused and no answer left
# unused, its mail count is the one its files give, and each player
# mails at most twice a game turn (the example's README: one mail of
# orders, one of answers). What is checked is read from the example's
# files, so that a replay (make-example.sh) is checked the same way.
# When the rules or the scenario change, make-example.sh plays it again.

load helpers

EX="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"

setup() {
	umpire_setup
}

@test "the example's game file audits, and is over" {
	# the README gives the same result
	assert_example_over "$EX/game.yaml" "$EX/README.md"
}

@test "every view the referee sent each player is an honest redaction" {
	for side in 1bf 1uf; do
		n=$(ls "$EX"/views/*-$side.view | wc -l)
		[ "$n" -ge 10 ]
		run "$UMPIRE" audit "$EX/game.yaml" --view "$EX"/views/*-$side.view
		[ "$status" -eq 0 ]
		assert_output_has "every view given is an honest redaction"
	done
}

@test "a view altered after the referee signed it (one unit moved) fails the audit" {
	v=$(ls "$EX"/views/*-1uf.view | sed -n 20p)
	[ -n "$v" ]
	# the first unit standing on a hex, one row further south
	python3 - "$v" >forged.view <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"(?m)^(    \w+: )(\d\d)(\d\d)$", text[text.index("\nstate:"):])
i = text.index("\nstate:") + m.start()
row = int(m.group(3)) % 30 + 1
sys.stdout.write(text[:i] + m.group(1) + m.group(2) + "%02d" % row +
                 text[i + len(m.group(0)):])
EOF
	if cmp -s "$v" forged.view; then false; fi
	run "$UMPIRE" audit "$EX/game.yaml" --view forged.view
	[ "$status" -ne 0 ]
}

@test "the example ran the scenario's whole ten game turns, and no order file was refused" {
	local scn=${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}
	# the scenario's game turns (its data: turns; the README: "ten
	# game turns of a day")
	last=$(python3 -c 'import sys, yaml
print(yaml.safe_load(open(sys.argv[1]))["data"]["turns"])' \
		"$scn/race-to-the-reichstag.yaml")
	[ "$last" -eq 10 ]
	# the game turn and phase of each view the referee mailed, in the
	# order mailed (NNN), then each player's final view
	python3 - "$EX/views" >turns.txt <<'PY'
import os, re, sys
import yaml
d = sys.argv[1]
names = sorted(f for f in os.listdir(d) if re.match(r"^\d+-\w+\.view$", f))
names += sorted(f for f in os.listdir(d) if f.startswith("final-"))
for f in names:
    st = yaml.load(open(os.path.join(d, f)), Loader=yaml.BaseLoader)["state"]
    print(f, st["turn"], st["phase"])
PY
	cat turns.txt
	# the last view mailed before the end asks for orders in the last
	# game turn, and each player's final view is of the game over then
	[ "$(grep -v '^final-' turns.txt | tail -1 | cut -d' ' -f2)" -eq "$last" ]
	for side in 1bf 1uf; do
		grep -qx "final-$side.view $last over" turns.txt
		# he was mailed a view in every game turn from the first
		for ((gt = 1; gt <= last; gt++)); do
			grep -Eq "^[0-9]+-$side\.view $gt [a-z0-9-]+$" turns.txt ||
				{ echo "no view of GT $gt for $side"; return 1; }
		done
	done
	# no order file refused: make-example.sh keeps one as
	# orders/NNN-SIDE-refused.yaml (and stops); every view mailed was
	# answered by the order file of its number and side
	[ -z "$(find "$EX/orders" -name '*refused*')" ]
	for v in "$EX"/views/[0-9]*.view; do
		b=$(basename "$v" .view)
		[ -f "$EX/orders/$b.yaml" ] || { echo "no orders for $b"; return 1; }
	done
	# and no answer of a file was left unused by the adjudication
	# (umpire-orders(5): "Not used: answer ..." in the player's report)
	[ "$(ls "$EX"/reports/*.txt | wc -l)" -ge "$(ls "$EX"/views/*.view | wc -l)" ]
	if grep -l "Not used" "$EX"/reports/*.txt; then return 1; fi
}

@test "mails.txt is the mail count the example's files give" {
	run python3 "$EX/mails.py" "$EX"
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$EX/mails.txt")" ]
	# one view mailed for every order file kept
	for o in "$EX"/orders/*.yaml; do
		b=$(basename "$o" .yaml)
		[ -f "$EX/views/$b.view" ] || { echo "no view for $b"; return 1; }
	done
}

@test "each player mails at most twice a game turn (the example's README)" {
	run python3 "$EX/mails.py" "$EX"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | awk '
		$1 == "GT" { n++
			if ($3 > 2 || $4 > 2) { print "too many: " $0; bad = 1 } }
		END { exit bad || n < 1 }'
	line=$(printf '%s\n' "$output" | grep '^most: ')
	set -- ${line#most: }
	[ "$2" -le 2 ]
	[ "$4" -le 2 ]
}

@test "the example's players use what the rules give them (spent.py, the README's table)" {
	# counted from the reports of every step of the referee's file
	run python3 "$EX/spent.py" "$UMPIRE" "$EX/game.yaml"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >spent.txt
	# the README quotes the same table, line for line
	while IFS= read -r line; do
		grep -qF -- "    $line" "$EX/README.md" ||
			{ echo "not in the README: $line"; return 1; }
	done <spent.txt
	# each of these is used by at least one player (a policy that
	# stops spending fails here)
	for what in "Maximum Effort" "replacements" "artillery markers" \
		"air reconnaissance" "engineers in place" "depots, airfields"; do
		line=$(grep -F "$what" spent.txt)
		set -- ${line##*)}
		[ $(($1 + $2)) -ge 1 ] || { echo "never used: $line"; return 1; }
	done
	# both players spend SP (6.1), within the cap (6.2)
	line=$(grep -F "SP spent" spent.txt)
	set -- ${line##*)}
	[ "$1" -ge 1 ]
	[ "$2" -ge 1 ]
	[ $(($1 + $2)) -le 100 ]
}
