#!/usr/bin/env bats
# The judge shows a finished game: its last letters carry its replay
# (the whole game, as the whole file they carry is every party's once
# it is over), and umpire judge --index DIR writes a page of the games
# it keeps with what any party may know, linking the replay of each
# game that is over and of no game in play.

load helpers
load judge-helpers

setup() {
	umpire_setup
}

# the attachment named *.html of the letter $1, to stdout
html_of() {
	python3 - "$1" <<'PY'
import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
for p in m.walk():
    if (p.get_filename() or "").endswith(".html"):
        sys.stdout.buffer.write(p.get_payload(decode=True))
PY
}

@test "judge: a finished game's last letters carry its replay; --index links it" {
	UMPIRE=${UMPIRE_REAL_BIN:-$UMPIRE}
	judge_setup german soviet
	owner_game russo-german-war german soviet
	g=$(kept)
	id=$(basename "$g" .yaml)
	# a game in play: a row, no replay, no card of the sides' hands
	# (the judge's file names them, so the search can find them)
	SIDES="german soviet" play 3
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == pending* ]]
	cards='[an][0-9][0-9]*g\?'
	grep -qw "$cards" "$g"
	mkdir idx
	"$UMPIRE" judge --config judge.ini --index idx
	grep -q "<code>$id</code>" idx/index.html
	grep -q 'Russo-German War' idx/index.html
	grep -q '<td>german, soviet</td>' idx/index.html
	grep -q 'to move, since 20[0-9-]* [0-9:]* UTC' idx/index.html
	! grep -q 'href=' idx/index.html
	! grep -qw "$cards" idx/index.html
	[ ! -e "idx/$id.html" ]
	SIDES="german soviet" play 400
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == over* ]]
	for s in german soviet; do
		[ -f "final-$s.eml" ]
		html_of "final-$s.eml" >"replay-$s.html"
		# a page a mail reader opens in a browser, not as text
		grep -q "^Content-Type: text/html; charset=utf-8" "final-$s.eml"
		! grep -B3 "filename=.*\.html" "final-$s.eml" | grep -q text/plain
		grep -q '<html' "replay-$s.html"
		grep -q "umpire audit $id.yaml" "replay-$s.html"
		grep -q 'the whole game' "replay-$s.html"
	done
	cmp replay-german.html replay-soviet.html
	# the game file beside it is still the one umpire reads
	run as german audit final-german.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	"$UMPIRE" judge --config judge.ini --index idx
	grep -q "href=\"$id.html\"" idx/index.html
	grep -q 'over, since ' idx/index.html
	# the page is the replay umpire replay makes of the whole file
	"$UMPIRE" replay "$g" -o mine.html
	cmp mine.html "idx/$id.html"
	cmp mine.html replay-german.html
	# --index reads no message
	run "$UMPIRE" judge --config judge.ini --index idx --status
	[ "$status" -eq 2 ]
}
