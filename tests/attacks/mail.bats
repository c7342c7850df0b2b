#!/usr/bin/env bats
# Mail messages as an attack: a message built to make GMime take
# gigabytes (it builds the whole tree before umpire sees a part), and
# messages that are ambiguous about which signed file they carry. The
# messages are written as mutt and Thunderbird write them
# (tests/e2e/tools/mkclient.py), or by hand where no client would.

load ../e2e/helpers

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR"
	new_arnswalde_orders start.yaml
	# other orders for the same step, signed by the same player (on
	# another machine: his local record refuses a second version)
	sed 's/north 0 south 0 center 7/north 1 south 0 center 6/' o.yaml \
		>o2.yaml
	XDG_STATE_HOME="$BATS_FILE_TMPDIR/.state-2" \
		"$UMPIRE" sign o2.yaml -s p.key -o signed2.yaml
}

setup() {
	umpire_setup
	cp "$BATS_FILE_TMPDIR"/{p,r}.{key,pub} "$BATS_FILE_TMPDIR"/*.yaml .
	MKCLIENT="$BATS_TEST_DIRNAME/../e2e/tools/mkclient.py"
	cmp -s signed.yaml signed2.yaml && return 1
	printf 'Hi Rita,\n\nmy orders.\n\n-- \nAlice\n' >greet.txt
	{ printf 'Hi Rita,\n\nhere they are:\n\n'; cat signed.yaml
	  printf '\n-- \nAlice\n'; } >pasted.txt
}

# adjudicating message $1 is refused with exit status 1, no output
# written, the message naming $2 and $3
refused_naming() {
	run "$UMPIRE" adjudicate start.yaml "$1" -s r.key -o g1.yaml
	[ "$status" -eq 1 ] || { echo "status $status: $output"; return 1; }
	[ ! -e g1.yaml ]
	assert_output_has "$2"
	assert_output_has "$3"
}

# ---- memory: the caps checked before GMime builds its tree ----

# A message of tiny parts: about 130 bytes of GMime's memory a byte.
tiny_parts() {
	python3 -c '
import sys
n = int(sys.argv[1])
sig = open("signed.yaml").read()
sys.stdout.write("From: a@example.org\nTo: r@example.org\n"
    "Subject: orders\nMIME-Version: 1.0\n"
    "Content-Type: multipart/mixed; boundary=\"b\"\n\n--b\n\n" + sig +
    "".join("--b\n\nx\n" for _ in range(n)) + "--b--\n")' "$1"
}

@test "mail: a message of 200,000 tiny parts is refused before it is parsed" {
	tiny_parts 200000 >m.eml
	[ "$(wc -c <m.eml)" -lt 2000000 ]       # under the old 2 MiB cap
	/usr/bin/time -f '%M' -o rss "$UMPIRE" adjudicate start.yaml m.eml \
		-s r.key -o g1.yaml 2>err || true
	cat err
	grep -q 'm.eml: a mail message of more than 64 MIME parts; umpire reads at most 64' err
	[ ! -e g1.yaml ]
	# refused in small memory (the tree took 240 MB of it)
	[ "$(tail -1 rss)" -lt 150000 ]
	# 64 parts are read
	tiny_parts 63 >ok.eml
	run "$UMPIRE" adjudicate start.yaml ok.eml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp g1.yaml ref.yaml
}

@test "mail: nesting and header lines are capped before parsing" {
	python3 -c '
sig = open("signed.yaml").read()
s = "--b0\nContent-Type: text/plain\n\n" + sig + "\n--b0--\n"
for i in range(1, 40):
    s = ("--b%d\nContent-Type: multipart/mixed; boundary=\"b%d\"\n\n%s"
         "--b%d--\n" % (i, i - 1, s, i))
open("deep.eml", "w").write("From: a@example.org\nSubject: x\n"
    "MIME-Version: 1.0\nContent-Type: multipart/mixed; "
    "boundary=\"b39\"\n\n" + s)
open("hdr.eml", "w").write("From: a@example.org\nSubject: x\n" +
    "".join("X-H%d: y\n" % i for i in range(100000)) + "\n" + sig)
'
	refused_naming deep.eml "deep.eml: a mail message of more than 16 multiparts and attached messages" "umpire reads at most 16"
	refused_naming hdr.eml "hdr.eml: a mail message of more than 4096 header lines" "umpire reads at most 4096"
	# the header lines of an attached message count too, however its
	# type is spelled
	python3 -c '
sig = open("signed.yaml").read()
open("fwd.eml", "w").write("From: a@example.org\nSubject: x\n"
    "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n"
    "--b\n\n" + sig + "--b\nContent-Type: Message (forwarded)\n"
    " /rfc822\n\n" + "".join("X-H%d: y\n" % i for i in range(5000)) +
    "\nhi\n--b--\n")
'
	refused_naming fwd.eml "fwd.eml: a mail message of more than 4096 header lines" "umpire reads at most 4096"
	# a boundary GMime may read, written so that the count cannot
	# follow it (RFC 2231 continuation): every "--" line counts
	python3 -c '
sig = open("signed.yaml").read()
open("cont.eml", "w").write("From: a@example.org\nSubject: x\n"
    "MIME-Version: 1.0\nContent-Type: multipart/mixed;\n"
    " boundary*0=\"b\"\n\n--b\n\n" + sig + "--b\n\nx\n" * 100 + "--b--\n")
'
	refused_naming cont.eml "cont.eml: a mail message of more than 64 MIME parts" "at most 64"
}

@test "mail: a message over the file's cap x 4/3 plus a margin is refused, naming the limit" {
	# orders may be 1 MiB; their message 1 MiB x 4/3 + 1/8 MiB + 64 KiB
	python3 -c '
import sys
sig = open("signed.yaml").read()
sys.stdout.write("From: a@example.org\nSubject: orders\n\n" + sig +
    "x" * 72 + ("\n" + "x" * 72) * 22000 + "\n")' >big.eml
	[ "$(wc -c <big.eml)" -gt 1594708 ]
	[ "$(wc -c <big.eml)" -lt 2162688 ]     # the old cap
	refused_naming big.eml "big.eml: too large (limit 1048576 bytes; a mail message carrying it, 1594708" "x 4/3"
}

# A message whose attachment is gzip's (the judge attaches a finished
# game's file so, compressed; every command reads it back, mail.c):
# $1 the file compressed, $2 its name. The part's type is gzip's.
gzip_message() {
	python3 - "$1" "$2" <<'PY'
import base64, sys
data = open(sys.argv[1], "rb").read()
b = base64.encodebytes(data).decode()
sys.stdout.write("From: a@example.org\nTo: r@example.org\n"
    "Subject: orders\nMIME-Version: 1.0\n"
    "Content-Type: multipart/mixed; boundary=\"b\"\n\n--b\n\nhere\n"
    "--b\nContent-Type: application/gzip\n"
    "Content-Disposition: attachment; filename=\"%s\"\n"
    "Content-Transfer-Encoding: base64\n\n%s--b--\n" % (sys.argv[2], b))
PY
}

@test "mail: a gzip bomb, attached or alone, is refused naming the limit, in small memory" {
	# signed orders of 64 MiB, most of them one comment line of
	# spaces: 64 KB compressed, 64 times the orders' limit (1 MiB)
	python3 -c '
import gzip, sys
z = gzip.GzipFile(fileobj=sys.stdout.buffer, mode="wb", mtime=0)
z.write(open("signed.yaml", "rb").read() + b"#")
for _ in range(64):
    z.write(b" " * (1 << 20))
z.close()' >bomb.yaml.gz
	[ "$(wc -c <bomb.yaml.gz)" -lt 100000 ]
	gzip_message bomb.yaml.gz bomb.yaml.gz >bomb.eml
	/usr/bin/time -f '%M' -o rss "$UMPIRE" adjudicate start.yaml \
		bomb.eml -s r.key -o g1.yaml 2>err || true
	cat err rss
	grep -q "bomb.eml: part 2 (application/gzip 'bomb.yaml.gz') is gzip-compressed and decompresses to more than 1048576 bytes" err
	[ ! -e g1.yaml ]
	# stopped within a MiB or so past the limit (decompressed whole,
	# 64 MiB and more)
	[ "$(tail -1 rss)" -lt 40000 ] || { echo "peak $(tail -1 rss) KB"; false; }
	# the file alone, as a letter's attachment is saved
	/usr/bin/time -f '%M' -o rss "$UMPIRE" adjudicate start.yaml \
		bomb.yaml.gz -s r.key -o g1.yaml 2>err || true
	cat err rss
	grep -q "bomb.yaml.gz: gzip-compressed, and it decompresses to more than 1048576 bytes" err
	[ ! -e g1.yaml ]
	[ "$(tail -1 rss)" -lt 40000 ] || { echo "peak $(tail -1 rss) KB"; false; }
	# the honest side: the same orders compressed, attached or alone,
	# are the orders
	gzip -9n <signed.yaml >signed.yaml.gz
	gzip_message signed.yaml.gz signed.yaml.gz >ok.eml
	for f in ok.eml signed.yaml.gz; do
		rm -f g1.yaml
		run "$UMPIRE" adjudicate start.yaml "$f" -s r.key -o g1.yaml
		[ "$status" -eq 0 ] || { echo "$f: $output"; return 1; }
		cmp g1.yaml ref.yaml
	done
}

# ---- ambiguities: one message, one signed file ----

@test "mail: two different signed orders, body and attachment, are refused naming both" {
	python3 "$MKCLIENT" mutt attach pasted.txt signed2.yaml >m.eml
	refused_naming m.eml "m.eml: a mail message holding two different signed umpire files" "in part 1 (text/plain) and in part 2 (text/plain 'signed2.yaml')"
	# two copies of the same orders are one file
	python3 "$MKCLIENT" thunderbird attach pasted.txt signed.yaml >same.eml
	run "$UMPIRE" adjudicate start.yaml same.eml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp g1.yaml ref.yaml
}

@test "mail: two different signed orders as two alternatives are refused naming both" {
	python3 "$MKCLIENT" mutt alt2 signed.yaml signed2.yaml >m.eml
	grep -q 'multipart/alternative' m.eml
	refused_naming m.eml "two different signed umpire files" "in part 1 (text/plain) and in part 2 (text/plain)"
}

@test "mail: orders in the body and others in a forwarded message are refused naming both" {
	python3 "$MKCLIENT" mutt body signed2.yaml >inner.eml
	python3 "$MKCLIENT" mutt forward pasted.txt inner.eml >m.eml
	grep -q '^Content-Type: message/rfc822' m.eml
	refused_naming m.eml "two different signed umpire files" "in part 1 (text/plain) and in part 2 (text/plain)"
}

@test "mail: a public key pasted as the body does not break attached orders" {
	cp p.pub key.txt
	python3 "$MKCLIENT" mutt attach key.txt signed.yaml >m.eml
	run "$UMPIRE" adjudicate start.yaml m.eml -s r.key -o g1.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	cmp g1.yaml ref.yaml
	# a detached signature is the *.minisig part, not the key attached
	# before it
	"$UMPIRE" sign o.yaml -s p.key --detached -o o.yaml.minisig
	python3 "$MKCLIENT" thunderbird attach2 greet.txt o.yaml p.pub \
		>d.eml
	python3 - d.eml o.yaml.minisig <<'EOF'
import base64, sys
m = open(sys.argv[1]).read()
sig = open(sys.argv[2], "rb").read()
part = ("Content-Type: application/octet-stream; name=\"o.yaml.minisig\"\n"
        "Content-Disposition: attachment; filename=\"o.yaml.minisig\"\n"
        "Content-Transfer-Encoding: base64\n\n" +
        base64.encodebytes(sig).decode())
b = "--------------0VxG5b2Q1n3K7jH8m9Lp4cRt"
m = m.replace(b + "--\n", b + "\n" + part + b + "--\n")
open(sys.argv[1], "w").write(m)
EOF
	grep -q 'filename="p.pub"' d.eml
	grep -q 'filename="o.yaml.minisig"' d.eml
	run "$UMPIRE" verify d.eml -p p.pub
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "signature ok"
}
