#!/usr/bin/env bats
# umpire dice --summary: the referee's luck report (umpire(1), dice).

load helpers

setup() { umpire_setup; }

EX="$BATS_TEST_DIRNAME/../../examples"

@test "dice --summary credits each draw to the side it was drawn for" {
	# Aachen: every combat die is the attacker's; the phase names the
	# attacker, whichever side's step resolved it. Sums and expectations
	# computed here from the listing alone.
	run "$UMPIRE" dice "$EX/aachen/game.yaml" --summary
	[ "$status" -eq 0 ]
	list=$(printf '%s\n' "$output" | awk -F'\t' 'NF == 9 && $1 ~ /^[0-9]+$/')
	for side in Allied German; do
		want=$(printf '%s\n' "$list" | awk -F'\t' -v s="$side" '
			$4 ~ "^" s " combat" { n++; sum += $9; e += ($7 + 1) / 2 }
			END { printf "%d draws sum %5d vs %7.1f", n, sum, e }')
		lower=$(printf '%s' "$side" | tr A-Z a-z)
		got=$(printf '%s\n' "$output" | sed -n "/^$lower:\$/{n;p;}")
		# a side with no draw (a German who never attacks) has no
		# lines in the report
		case "$want" in "0 draws"*) want= ;; esac
		if [ -z "$want" ]; then
			[ -z "$got" ] || { echo "$side: got '$got'"; return 1; }
			continue
		fi
		case "$got" in *"$want"*) ;; *)
			echo "$side: want '$want', got '$got'"; return 1 ;; esac
		credited=1
	done
	[ -n "${credited:-}" ]
}

@test "dice --summary: z and p follow from the sum, for dice and cards" {
	run "$UMPIRE" dice "$EX/arnswalde-1945/game.yaml" --summary
	[ "$status" -eq 0 ]
	list=$(printf '%s\n' "$output" | awk -F'\t' 'NF == 9 && $1 ~ /^[0-9]+$/')
	# every draw of a solitaire is the player's; value = pick + 1
	want=$(printf '%s\n' "$list" | awk -F'\t' '
		{ n++; s += $8 + 1; e += ($7 + 1) / 2; v += ($7 * $7 - 1) / 12 }
		END { z = (s - e) / sqrt(v)
		      printf "%d draws sum %5d vs %7.1f z %+5.2f", n, s, e, z }')
	got=$(printf '%s\n' "$output" | sed -n '/^player:$/{n;p;}')
	case "$got" in *"$want"*) ;; *)
		echo "want '$want', got '$got'"; return 1 ;; esac
	# every line fits a mail body
	long=$(printf '%s\n' "$output" | sed -n '/^Luck report/,$p' |
		awk 'length($0) > 72')
	[ -z "$long" ] || { echo "over 72 columns: $long"; return 1; }
}
