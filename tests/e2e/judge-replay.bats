#!/usr/bin/env bats
# The judge shows a finished game: its last letters carry the whole game
# file (every party's once it is over) and no page drawn by the judge,
# their body the command that makes the replay of that file, and umpire
# judge --index DIR writes a page of the games it keeps with what any
# party may know, linking the replay of each game that is over and of
# no game in play. (A long game's replay drawn in the letter was most
# of a 10 MB letter and a thousand steps' work in the message's path.)
# The game goes through one LMTP server, and the message that ends it
# is counted: a letter a side, each the game file gzip-compressed (a
# long game's file is more than many mail systems carry) and a few KB
# more, and the server's memory after it what it was before, less once
# it has been idle a second.

load helpers
load judge-helpers

setup() {
	umpire_setup
	SERVER=
}

teardown() {
	serve_teardown
}

# The game file $1 as a party gets it: the stored one without its room
# (the comment and blank lines between its state and its steps, the
# spaces its state's lines are padded with; umpire(1), FILES); its bytes.
roomless_size() {
	python3 - "$1" <<'PY'
import sys
out, state = [], False
for line in open(sys.argv[1], "rb").read().splitlines(True):
    bare = line.rstrip(b"\n")
    if bare == b"state:":
        state = True
    elif bare.startswith(b"steps:"):
        state = False
    if state and (bare.startswith(b"#") or not bare.strip(b" ")):
        continue
    out.append(bare.rstrip(b" ") + line[len(bare):] if state else line)
print(len(b"".join(out)))
PY
}

# Letter $1 taken apart into directory $2: each attachment under its
# name, the body's text (the parts without a name) in $2/body.txt, the
# attachments' content types, one a line, in $2/types.
unpack() {
	mkdir -p "$2"
	python3 - "$1" "$2" <<'PY'
import email, os, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
d = sys.argv[2]
body = open(os.path.join(d, "body.txt"), "wb")
types = open(os.path.join(d, "types"), "w")
for p in m.walk():
    if p.is_multipart():
        continue
    n = p.get_filename()
    if n:
        assert "/" not in n and not n.startswith(".")
        open(os.path.join(d, n), "wb").write(p.get_payload(decode=True))
        types.write("%s %s\n" % (n, p.get_content_type()))
    else:
        body.write(p.get_payload(decode=True))
PY
}

@test "judge: a finished game's last letters carry its file and the command that replays it; --index links the replay" {
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
	! grep -q 'href=' idx/index.html || false
	! grep -qw "$cards" idx/index.html || false
	[ ! -e "idx/$id.html" ]
	# the rest of the game through one LMTP server; the message that
	# ends it: the server's VmRSS before and after it (one process: the
	# memory read is the one serving), its new letters
	serve --lmtp-workers 1
	rss() { sed -n 's/^VmRSS:[^0-9]*\([0-9]*\) kB$/\1/p' "/proc/$SERVER/status"; }
	judge_gets() {
		ls out/new >before
		local was
		was=$(rss)
		$CLIENT j.sock "$1" >lmtp.out && grep -q ' 250$' lmtp.out ||
			return 1
		if [ ! -e end.rss ] &&
			"$UMPIRE" status --brief "$g" | grep -q '^over'; then
			echo "$was $(rss)" >end.rss
			ls out/new | grep -vxFf before >end.letters
		fi
	}
	SIDES="german soviet" play 400
	run "$UMPIRE" status --brief "$g"
	[[ "$output" == over* ]]
	# one letter a side, each the game file gzip-compressed (base64,
	# nothing drawn): under two thirds of the file's size with 8 KB of headers
	# and body (umpire.1, JUDGE: the file itself was carried as it is,
	# the letter a few KB more than it)
	size=$(roomless_size "$g")
	cat end.letters
	[ "$(wc -l <end.letters)" -eq 2 ]
	while read -r f; do
		l=$(ls mbox/*/done/"$f")
		bytes=$(wc -c <"$l")
		echo "$f: $bytes bytes, the game file $size"
		[ "$bytes" -le $((size * 2 / 3 + 8192)) ]
		grep -qi '^Content-Type: application/gzip' "$l"
	done <end.letters
	# the server holds after the game's end what it held before it, and
	# gives back the heap the message used once idle (lmtp.c,
	# LMTP_TRIM_MS: a second)
	read -r was now <end.rss
	sleep 2
	idle=$(rss)
	echo "VmRSS before the last message ${was} kB, after it ${now} kB, idle ${idle} kB"
	# (not under ASan, make check's pass of this file: its allocator
	# keeps freed memory in quarantine and ignores malloc_trim(3), so
	# the resident size says nothing of what the judge gives back)
	if [ -z "${ASAN_OPTIONS:-}" ]; then
		[ "$now" -le $((was + 1024)) ]
		[ "$idle" -lt "$now" ]
	fi
	stop
	# the command the letters print runs as umpire, as printed
	mkdir bin
	ln -s "$UMPIRE" bin/umpire
	for s in german soviet; do
		[ -f "final-$s.eml" ]
		unpack "final-$s.eml" "$s"
		# the game file, and nothing drawn: no page, no HTML; the
		# attachment, decompressed, the file the judge keeps
		[ "$(cat "$s/types")" = "$id.yaml.gz application/gzip" ]
		[ "$(gunzip -c "$s/$id.yaml.gz" | wc -c)" -eq "$size" ]
		! grep -qi 'text/html' "final-$s.eml" || false
		! grep -qi '<html' "final-$s.eml" || false
		# the body's command, run as printed on the attached file
		grep -qx "  umpire replay $id.yaml.gz -o replay.html" "$s/body.txt"
		cmd=$(grep -m1 '^ *umpire replay ' "$s/body.txt")
		grep -q "umpire audit $id.yaml.gz" "$s/body.txt"
		(cd "$s" && PATH="$PWD/../bin:$PATH" eval "$cmd")
		grep -q '<html' "$s/replay.html"
		grep -q "umpire audit $id.yaml" "$s/replay.html"
		grep -q 'the whole game' "$s/replay.html"
		# umpire audit of the attached file and the page's header agree:
		# the game, its scenario, its steps and its result
		run as "$s" audit "$s/$id.yaml.gz"
		[ "$status" -eq 0 ] || { echo "$output"; return 1; }
		[[ "$output" == *"game $id (russo-german-war), "* ]]
		steps=$(grep -o ', [0-9][0-9]* steps' <<<"$output" | tr -dc 0-9)
		result=$(sed -n 's/^Result: //p' <<<"$output")
		[ -n "$steps" ]
		[ -n "$result" ]
		grep -qF "<dt>game</dt><dd>$id</dd>" "$s/replay.html"
		grep -q "<dt>scenario</dt><dd>russo-german-war v[0-9]*</dd>" "$s/replay.html"
		grep -qF "<dt>result</dt><dd>$result</dd>" "$s/replay.html"
		grep -qF " of $steps</span>" "$s/replay.html" ||
			{ echo "audit: $output"; sed -n '/<header>/,/<\/nav>/p' "$s/replay.html"; return 1; }
	done
	cmp german/replay.html soviet/replay.html
	# the game file is still the one umpire reads, in the letter too
	run as german audit final-german.eml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	"$UMPIRE" judge --config judge.ini --index idx
	grep -q "href=\"$id.html\"" idx/index.html
	grep -q 'over, since ' idx/index.html
	# the page is the replay umpire replay makes of the whole file
	"$UMPIRE" replay "$g" -o mine.html
	cmp mine.html "idx/$id.html"
	# and the letter's, but for the file's name it quotes (.yaml.gz)
	sed "s/$id\.yaml\.gz/$id.yaml/g" german/replay.html | cmp mine.html -
	# --index reads no message
	run "$UMPIRE" judge --config judge.ini --index idx --status
	[ "$status" -eq 2 ]
}
