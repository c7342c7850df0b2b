#!/usr/bin/env bats
# The Race to the Reichstag example (examples/race-to-the-reichstag, a
# whole game under a referee, made by its make-example.sh) still
# replays: its game file audits under today's rules and scenario, every
# view the referee mailed to each player is an honest redaction of it
# (and one altered after he signed it is not), its mail count is the one its
# files give, and each player mails at most twice a game turn (issue
# 12's goal).
# When the rules or the scenario change, make-example.sh plays it again.

load helpers

EX="$BATS_TEST_DIRNAME/../../examples/race-to-the-reichstag"

setup() {
	umpire_setup
}

@test "the example's game file audits, and is over" {
	run "$UMPIRE" audit "$EX/game.yaml"
	[ "$status" -eq 0 ]
	run "$UMPIRE" status --brief "$EX/game.yaml"
	[ "$status" -eq 0 ]
	case $output in over*) ;; *) echo "not over: $output"; return 1 ;; esac
	# the README gives the same result
	grep -qF -- "${output#over }" "$EX/README.md"
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
	! cmp -s "$v" forged.view
	run "$UMPIRE" audit "$EX/game.yaml" --view forged.view
	[ "$status" -ne 0 ]
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

@test "each player mails at most twice a game turn (issue 12's goal)" {
	run python3 "$EX/mails.py" "$EX"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | awk '
		$1 == "GT" { n++
			if ($3 > 2 || $4 > 2) { print "too many: " $0; bad = 1 } }
		END { exit bad || n < 1 }'
	line=$(printf '%s\n' "$output" | grep '^most: ')
	set -- ${line#most: }
	[ "$2" -le 2 ] && [ "$4" -le 2 ]
}
