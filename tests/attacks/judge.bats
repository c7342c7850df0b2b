#!/usr/bin/env bats
# A message over the judge's read limit (mail_message_max of its 1 MiB
# file cap): read to its end, nothing of it but its header block kept,
# and dropped. A player's mail program adding a large image must not
# lose his orders without a word, so the party is told at its own
# address; but the From: of a message nobody signed is anybody's to
# write, so the judge answers only an address that is a party's of the
# game kept here that the subject names, within the day's answers, and
# the answer says the judge's words alone (none of the message's text:
# no reflector). A stranger's costs its reading and a log line. The
# test was written to fail on the code before its fix (which answered
# nobody: the party's orders were dropped unread and unsaid).

load ../e2e/helpers
load ../e2e/judge-helpers

setup() {
	umpire_setup
}

# The message $1 (a party's orders as mailed) from $2 with an image of
# 2 MB added, as a mail program adds a logo, and words of the sender's
# own in its subject and its text: on stdout.
with_image() {
	python3 - "$1" "$2" <<'PY'
import base64, sys
src, frm = open(sys.argv[1]).read(), sys.argv[2]
head, body = src.split("\n\n", 1)
lines = [l for l in head.split("\n") if not l.startswith("From:")]
lines = [l + " SUBJECTWORDS" if l.startswith("Subject:") else l
         for l in lines]
end = body.rstrip("\n")
last = end.rfind("\n--")          # the closing boundary line
close = end[last + 1:]
b = close[:-2]
img = base64.encodebytes(b"\x89PNG PIXELS" * 190000).decode()
sys.stdout.write("From: %s\n%s\n\n" % (frm, "\n".join(lines)))
sys.stdout.write(end[:last + 1])
sys.stdout.write(b + "\nContent-Type: text/plain\n\nBODYWORDS of mine\n")
sys.stdout.write(b + "\nContent-Type: image/png; name=logo.png\n"
                 "Content-Disposition: inline; filename=logo.png\n"
                 "Content-Transfer-Encoding: base64\n\n" + img)
sys.stdout.write(close + "\n")
PY
}

@test "judge attacks: a message over the read limit is answered once at a party's own address, never at a stranger's From" {
	hostile_setup
	rm -f out/new/*
	with_image m1.eml 'Player <player@example.org>' >big.eml
	with_image m1.eml 'player@evil.example' >forged.eml
	[ "$(wc -c <big.eml)" -gt 2000000 ]
	# a stranger's (the party's subject, its own From): a line, nothing
	# more
	run "$UMPIRE" judge --config judge.ini --outbox out <forged.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q ' dropped .*too large.*not kept; not answered (the sender is no party of the game)' \
		games/judge.log || { cat games/judge.log; return 1; }
	[ -z "$(ls out/new)" ]
	[ -z "$(ls games/failed)" ]
	cmp "$G" before.yaml
	# an automatic message from the party's address is never answered
	{ printf 'Auto-Submitted: auto-replied\n'; cat big.eml; } >auto.eml
	run "$UMPIRE" judge --config judge.ini --outbox out <auto.eml
	[ "$status" -eq 0 ]
	[ -z "$(ls out/new)" ]
	# the party's: told once, at its own address
	run "$UMPIRE" judge --config judge.ini --outbox out <big.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	grep -q ' dropped .*too large.*answered to player at player@example.org' \
		games/judge.log || { cat games/judge.log; return 1; }
	[ "$(ls out/new | wc -l)" -eq 1 ]
	a=$(ls out/new/*)
	grep -q '^To: player@example.org' "$a"
	grep -q '^Auto-Submitted: auto-replied' "$a"
	grep -q 'without pictures' "$a"
	# none of the message's own text
	if grep -q -e SUBJECTWORDS -e BODYWORDS -e PIXELS -e 'umpire:' "$a"
	then false; fi
	[ "$(wc -c <"$a")" -lt 4000 ]
	[ -z "$(ls games/failed)" ]
	cmp "$G" before.yaml
	# sent again and again (by anyone who saw it): within the day's
	# answers (answers_a_day, 3), no more
	for i in 1 2 3 4 5; do
		"$UMPIRE" judge --config judge.ini --outbox out <big.eml
	done
	[ "$(ls out/new | wc -l)" -le 3 ]
	[ "$(grep -c 'answered to player at' games/judge.log)" -eq \
		"$(ls out/new | wc -l)" ]
}
