#!/usr/bin/env bats
# umpire judge and the letters it could not deliver: a delivery status
# notification (RFC 3464, as postfix writes one: dsn in judge-helpers)
# for one of its letters is logged with the game and the role, recorded,
# and told once a day to the game's other parties; one naming nothing of
# the judge's is dropped. Then umpire judge --check on the set-up.

load helpers
load judge-helpers

setup() {
	umpire_setup
}

# A Russo-German War through the judge, both sides joined: german's
# letter for step 1 is letters/german.eml (taken out of the outbox, as
# the mail system would send it), G the game's id.
rgw_setup() {
	judge_setup german soviet
	owner_game russo-german-war german soviet
	SIDES="german soviet" play 1
	mkdir letters
	letter=$(grep -l '^To: german@example.org' out/new/*)
	mv "$letter" letters/german.eml
	[ -z "$(ls out/new)" ]
	G=$(basename "$(kept)" .yaml)
	cp "$(kept)" before.yaml
}

@test "judge bounce: a letter bounced: logged with game and role, the other party told once a day, listed by --status" {
	rgw_setup
	grep -q "^Message-I[dD]: <$G\.german\." letters/german.eml
	dsn letters/german.eml german@example.org 5.1.1 >b1.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <b1.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q " $G - done .*letter to german at german@example.org undeliverable: 5.1.1 550 5.1.1 .*User unknown" \
		games/judge.log
	# never in failed/, the game as it was, the role recorded
	[ -z "$(ls games/failed)" ]
	cmp "$(kept)" before.yaml
	grep -q '^german german@example.org .* 5.1.1 ' "games/$G.bounces"
	# one notice, to the other party at its own address, automatic,
	# holding nothing hidden: no attachment, no umpire file, no view
	[ "$(ls out/new | wc -l)" -eq 1 ]
	n=$(ls out/new/*)
	grep -q '^To: soviet@example.org' "$n"
	grep -q '^Auto-Submitted: auto-replied' "$n"
	if grep -qi 'filename=\|^umpire:\|BEGIN\|\.view' "$n"; then false; fi
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
parts = [p for p in m.walk() if not p.is_multipart()]
assert len(parts) == 1, len(parts)
print(parts[0].get_content())' "$n" >notice.txt
	grep -q "Game $G" notice.txt
	grep -q "letter to german could not be delivered to german@example.org" \
		notice.txt
	grep -q 'status 5.1.1' notice.txt
	grep -q "What to do" notice.txt
	post
	[ "$(ls mbox/soviet | grep -vc done)" -eq 1 ]
	# the letter bounced again the same day (the whole letter returned
	# this time): logged, nobody told twice
	DSN_RETURN=full dsn letters/german.eml german@example.org 5.1.1 >b2.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <b2.eml
	[ "$status" -eq 0 ]
	[ "$(grep -c 'letter to german at german@example.org undeliverable' \
		games/judge.log)" -eq 2 ]
	grep -q 'told today already' games/judge.log
	[ -z "$(ls out/new)" ]
	[ -z "$(ls games/failed)" ]
	# --status lists the role whose letters bounce
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "${G:0:8} russo-german-war: 0 steps, german to move"
	assert_output_has "letters undeliverable: german at german@example.org since"
	# german's orders, taken: his line goes
	mv letters/german.eml mbox/german/
	SIDES="german soviet" play 1
	grep -q ' 1 done .*adjudicated step 1' games/judge.log
	[ ! -e "games/$G.bounces" ]
	run "$UMPIRE" judge --config judge.ini --status
	[ "$status" -eq 0 ]
	assert_output_has "${G:0:8} russo-german-war: 1 step,"
	if grep -q undeliverable <<<"$output"; then false; fi
}

@test "judge bounce: a report naming no letter of the judge's is logged and dropped" {
	rgw_setup
	# a bounce of somebody else's letter
	sed 's/^Message-I[dD]: .*/Message-ID: <123.456@elsewhere.example>/' \
		letters/german.eml >other.eml
	dsn other.eml german@example.org 5.1.1 >b1.eml
	# one with the judge's form of Message-ID, its tag forged
	sed 's/^\(Message-I[dD]: <[^@]*\.\)[0-9a-f]\{16\}@/\10123456789abcdef@/' \
		letters/german.eml >forged.eml
	! cmp -s forged.eml letters/german.eml || false
	dsn forged.eml german@example.org 5.1.1 >b2.eml
	for m in b1 b2; do
		run "$UMPIRE" judge --config judge.ini --outbox out <"$m.eml"
		[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	done
	[ "$(grep -c ' dropped .*a delivery report naming no letter of this judge' \
		games/judge.log)" -eq 2 ]
	# a report that the letter is only delayed is no bounce
	dsn letters/german.eml german@example.org 4.4.1 delayed >b3.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <b3.eml
	[ "$status" -eq 0 ]
	grep -q " $G - dropped .*Action: delayed" games/judge.log
	# nothing sent, kept or recorded
	[ -z "$(ls out/new)" ]
	[ -z "$(ls games/failed)" ]
	[ ! -e "games/$G.bounces" ]
	cmp "$(kept)" before.yaml
}

@test "judge --check: the set-up tested, a line each; what to fix named, exit 1" {
	hostile_setup
	ls -lR games >listing.before
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(grep -c ' ok: ' <<<"$output")" -eq 7 ]
	if grep -q FIX <<<"$output"; then false; fi
	# a key others may read
	chmod 644 judge.key
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -eq 1 ]
	assert_output_has "key       FIX: "
	assert_output_has "chmod 600 $PWD/judge.key"
	chmod 600 judge.key
	# a sendmail command that is not there
	run "$UMPIRE" judge --config judge.ini --sendmail "$PWD/no/sendmail -t" \
		--check
	[ "$status" -eq 1 ]
	assert_output_has "sendmail  FIX: the sendmail command '$PWD/no/sendmail -t'"
	# games others may read, no address
	chmod 755 games
	sed -i '/^address = /d' judge.ini
	run "$UMPIRE" judge --config judge.ini --outbox out --check
	[ "$status" -eq 1 ]
	assert_output_has "chmod 700 $PWD/games"
	assert_output_has "address   FIX: "
	chmod 700 games
	# it wrote nothing
	ls -lR games >listing.after
	cmp listing.before listing.after
}
