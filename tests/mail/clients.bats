#!/usr/bin/env bats
# What real mail clients do to umpire's files, one manipulation a test:
# each message goes through the private postfix (mta.bash) and is read
# as delivered into the receiver's Maildir, or as the receiving client
# saved it. The cases are those met in play over real mail (attachments
# and pasted bodies of every encoding, format=flowed, quoted replies,
# forwards, editors re-flowing text, saved and piped messages): each one
# survives, or is refused with a message that names its cause.
#
# Where postfix cannot run every test skips and says why.

load ../e2e/helpers
load mta
load parties

# expect_refused WORDS...: the last `run` failed with exit 1 and said
# each of WORDS.
expect_refused() {
	echo "$output"
	[ "$status" -eq 1 ]
	for w in "$@"; do
		assert_output_has "$w"
	done
}

@test "client: orders attached by umpire mail (7bit: ASCII lines), piped to sendmail -t" {
	arnswalde_orders_ready
	as alice sh -c "'$UMPIRE' mail signed.yaml --to referee | sendmail -t"
	msg=$(mta_wait rita 1)
	grep -qi '^Content-Transfer-Encoding: 7bit' "$msg"
	[ "$(grep -ci '^Content-Transfer-Encoding: base64' "$msg")" -eq 0 ]
	rita_verifies "$msg"
}

@test "client: orders attached by mutt (7bit text/plain)" {
	arnswalde_orders_ready
	printf 'Rita,\n\nattached.\n' >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -a signed.yaml
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: orders attached by s-nail, and in an s-nail base64 body" {
	arnswalde_orders_ready
	printf 'Rita,\n\nattached.\n' >home/alice/body.txt
	snail_send alice rita "orders" body.txt -a signed.yaml
	rita_verifies "$(mta_wait rita 1)"
	{ printf 'Grüße:\n\n'; cat home/alice/signed.yaml; } >home/alice/body.txt
	snail_send alice rita "orders" body.txt -S mime-encoding=base64
	msg=$(mta_wait rita 2)
	grep -qi '^Content-Transfer-Encoding: base64' "$msg"
	rita_verifies "$msg"
}

@test "client: orders attached as application/octet-stream" {
	arnswalde_orders_ready
	cp home/alice/signed.yaml home/alice/orders.bin
	printf 'attached.\n' >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -a orders.bin
	msg=$(mta_wait rita 1)
	grep -qi 'application/octet-stream' "$msg"
	rita_verifies "$msg"
}

@test "client: mutt -H of umpire's draft (mutt re-encodes the attachment)" {
	arnswalde_orders_ready
	as alice sh -c "'$UMPIRE' mail signed.yaml --to referee >draft.eml"
	as alice mutt -F .muttrc -H draft.eml </dev/null
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: orders pasted in a mutt body, greeting above and signature below" {
	arnswalde_orders_ready
	{ printf 'Hello Rita,\n\n'; cat home/alice/signed.yaml
	  printf '\nCheers\n-- \nAlice\n'; } >home/alice/body.txt
	mutt_send alice rita "orders" body.txt
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: orders pasted in a quoted-printable body (UTF-8 greeting, allow_8bit=no)" {
	arnswalde_orders_ready
	{ printf 'Grüße, Rita \342\200\224 my orders:\n\n'
	  cat home/alice/signed.yaml; } >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set allow_8bit=no'
	msg=$(mta_wait rita 1)
	grep -qi '^Content-Transfer-Encoding: quoted-printable' "$msg"
	rita_verifies "$msg"
}

@test "client: orders pasted in an 8bit body (allow_8bit=yes)" {
	arnswalde_orders_ready
	{ printf 'Grüße, Rita:\n\n'; cat home/alice/signed.yaml; } \
		>home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set allow_8bit=yes'
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: orders pasted in a format=flowed body (mutt text_flowed=yes)" {
	arnswalde_orders_ready
	{ printf 'Rita, my orders:\n\n'; cat home/alice/signed.yaml; } \
		>home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set text_flowed=yes'
	msg=$(mta_wait rita 1)
	grep -qi 'format=flowed' "$msg"
	rita_verifies "$msg"
}

@test "client: the orders as the whole body, format=flowed" {
	arnswalde_orders_ready
	cp home/alice/signed.yaml home/alice/body.txt
	mutt_send alice rita "orders" body.txt -e 'set text_flowed=yes'
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: Thunderbird's multipart/alternative, its text part format=flowed with DelSp" {
	arnswalde_orders_ready
	# Thunderbird space-stuffs, and with DelSp=yes ends each soft break
	# in a space that the reader deletes; a long line of the greeting is
	# broken so, the file's own lines are short enough to stay whole
	{ printf 'From: Alice <alice@example.org>\nTo: rita@example.org\n'
	  printf 'Subject: orders\nMIME-Version: 1.0\n'
	  printf 'Content-Type: multipart/alternative; boundary="tb1"\n\n'
	  printf -- '--tb1\nContent-Type: text/plain; charset=UTF-8; '
	  printf 'format=flowed; delsp=yes\n'
	  printf 'Content-Transfer-Encoding: 7bit\n\n'
	  printf 'Dear Rita, here are my orders for this step, as we agreed  \n'
	  printf 'last week:\n\n'
	  sed 's/^\( \|From \|>\)/ \1/' home/alice/signed.yaml
	  printf '\n--tb1\nContent-Type: text/html; charset=UTF-8\n\n'
	  printf '<html><body><pre>orders</pre></body></html>\n--tb1--\n'
	} >home/alice/tb.eml
	as alice sh -c "sendmail -t -i <tb.eml"
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: multipart/alternative, plain text not flowed, and HTML" {
	arnswalde_orders_ready
	{ printf 'From: Alice <alice@example.org>\nTo: rita@example.org\n'
	  printf 'Subject: orders\nMIME-Version: 1.0\n'
	  printf 'Content-Type: multipart/alternative; boundary="tb2"\n\n'
	  printf -- '--tb2\nContent-Type: text/plain; charset=UTF-8\n\n'
	  cat home/alice/signed.yaml
	  printf '\n--tb2\nContent-Type: text/html; charset=UTF-8\n\n'
	  printf '<html><body>orders</body></html>\n--tb2--\n'
	} >home/alice/alt.eml
	as alice sh -c "sendmail -t -i <alt.eml"
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: HTML only is refused, each part named once" {
	arnswalde_orders_ready
	{ printf 'From: Alice <alice@example.org>\nTo: rita@example.org\n'
	  printf 'Subject: orders\nMIME-Version: 1.0\n'
	  printf 'Content-Type: text/html; charset=UTF-8\n\n'
	  printf '<html><body><p>umpire: orders/1</p></body></html>\n'
	} >home/alice/html.eml
	as alice sh -c "sendmail -t -i <html.eml"
	run as rita "$UMPIRE" verify "$(mta_wait rita 1)" --game game.yaml
	expect_refused "text/html"
	[[ "$output" != *"text/html, text/html"* ]]
}

@test "client: '> ' quoted replies holding the orders, one and two levels" {
	arnswalde_orders_ready
	{ printf 'On Monday, Alice wrote:\n'
	  sed 's/^/> /' home/alice/signed.yaml; printf '\nYes, these.\n'; } \
		>home/alice/body.txt
	mutt_send alice rita "Re: orders" body.txt
	rita_verifies "$(mta_wait rita 1)"
	{ printf 'Rita wrote:\n'
	  sed 's/^/> > /' home/alice/signed.yaml; } >home/alice/body.txt
	mutt_send alice rita "Re: Re: orders" body.txt
	rita_verifies "$(mta_wait rita 2)"
}

@test "client: forwarded as an attachment (message/rfc822) and inline" {
	arnswalde_orders_ready
	printf 'attached.\n' >home/alice/body.txt
	mutt_send alice alice "orders" body.txt -a signed.yaml
	cp "$(mta_wait alice 1)" home/alice/sent.eml
	printf 'Rita, forwarding my own mail.\n' >home/alice/body.txt
	mutt_send alice rita "Fwd: orders" body.txt -a sent.eml
	msg=$(mta_wait rita 1)
	grep -qi 'message/rfc822' "$msg"
	rita_verifies "$msg"
	# mutt's inline forward (mime_forward=no) of a pasted body
	{ printf 'FYI\n\n----- Forwarded message from Alice '
	  printf '<alice@example.org> -----\n\nDate: Mon, 23 Nov 2026\n'
	  printf 'From: Alice <alice@example.org>\nSubject: orders\n\n'
	  cat home/alice/signed.yaml
	  printf '\n----- End forwarded message -----\n'; } >home/alice/body.txt
	mutt_send alice rita "Fwd: orders" body.txt
	rita_verifies "$(mta_wait rita 2)"
}

@test "client: an Outlook-style top post above the unquoted original" {
	arnswalde_orders_ready
	{ printf 'Resending, see below.\n\n-----Original Message-----\n'
	  printf 'From: Alice\nSent: Monday\nSubject: orders\n\n'
	  cat home/alice/signed.yaml; } >home/alice/body.txt
	mutt_send alice rita "RE: orders" body.txt
	rita_verifies "$(mta_wait rita 1)"
}

@test "client: hard-wrapped at 72 (fold -s) and trailing blanks on every line" {
	arnswalde_orders_ready
	fold -s -w 72 home/alice/signed.yaml >home/alice/body.txt
	mutt_send alice rita "orders" body.txt
	rita_verifies "$(mta_wait rita 1)"
	sed 's/$/  /' home/alice/signed.yaml >home/alice/body.txt
	mutt_send alice rita "orders" body.txt
	rita_verifies "$(mta_wait rita 2)"
}

@test "client: a body re-flowed by an editor (fmt) is refused, naming the cause" {
	arnswalde_orders_ready
	fmt -w 72 home/alice/signed.yaml >home/alice/body.txt
	mutt_send alice rita "orders" body.txt
	run as rita "$UMPIRE" verify "$(mta_wait rita 1)" --game game.yaml
	expect_refused "joined"
}

@test "client: a long UTF-8 subject (RFC 2047, folded) and CRLF line ends" {
	arnswalde_orders_ready
	printf 'attached.\n' >home/alice/body.txt
	subject="Befehle für Schritt 2 – $(printf 'lang %.0s' $(seq 1 50))"
	mutt_send alice rita "$subject" body.txt -a signed.yaml
	msg=$(mta_wait rita 1)
	rita_verifies "$msg"
	sed 's/$/\r/' "$msg" >crlf.eml
	rita_verifies "$BATS_TEST_TMPDIR/crlf.eml"
}

@test "client: a game file attached by umpire mail, by mutt and by s-nail (QP body)" {
	arnswalde_orders_ready
	as rita sh -c "'$UMPIRE' mail game.yaml --to player | sendmail -t"
	as alice "$UMPIRE" status "$(mta_wait alice 1)" >/dev/null
	printf 'the game, attached.\n' >home/rita/body.txt
	mutt_send rita alice "game" body.txt -a game.yaml
	as alice "$UMPIRE" status "$(mta_wait alice 2)" >/dev/null
	printf 'Grüße: the game.\n' >home/rita/body.txt
	snail_send rita alice "game" body.txt -a game.yaml \
		-S mime-encoding=quoted-printable
	as alice "$UMPIRE" status "$(mta_wait alice 3)" >/dev/null
}

@test "client: a game file as the whole body, and pasted below a greeting" {
	arnswalde_orders_ready
	cp home/rita/game.yaml home/rita/body.txt
	mutt_send rita alice "game" body.txt
	as alice "$UMPIRE" status "$(mta_wait alice 1)" >/dev/null
	{ printf 'Alice, the game:\n\n'; cat home/rita/game.yaml
	  printf '\n-- \nRita\n'; } >home/rita/body.txt
	mutt_send rita alice "game" body.txt
	run as alice "$UMPIRE" status "$(mta_wait alice 2)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "client: a game file pasted format=flowed, and quoted" {
	arnswalde_orders_ready
	{ printf 'Alice, the game:\n\n'; cat home/rita/game.yaml; } \
		>home/rita/body.txt
	mutt_send rita alice "game" body.txt -e 'set text_flowed=yes'
	run as alice "$UMPIRE" status "$(mta_wait alice 1)"
	echo "$output"
	[ "$status" -eq 0 ]
	{ printf 'Rita wrote:\n'; sed 's/^/> /' home/rita/game.yaml; } \
		>home/rita/body.txt
	mutt_send rita alice "Re: game" body.txt
	run as alice "$UMPIRE" status "$(mta_wait alice 2)"
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "client: a game file re-flowed by an editor is refused, naming the cause" {
	arnswalde_orders_ready
	fmt -w 72 home/rita/game.yaml >home/rita/body.txt
	mutt_send rita alice "game" body.txt
	run as alice "$UMPIRE" status "$(mta_wait alice 1)"
	expect_refused "joined"
}

@test "client: one message holding the game file and the orders, given as GAME and as ORDERS" {
	arnswalde_orders_ready
	printf 'both attached.\n' >home/alice/body.txt
	mutt_send alice rita "game and orders" body.txt -a game.yaml \
		-a signed.yaml
	msg=$(mta_wait rita 1)
	as rita "$UMPIRE" status "$msg" >/dev/null
	as rita "$UMPIRE" adjudicate "$msg" "$msg" -o next.yaml
}

@test "client: saved by s-nail (copy: an mbox 'From ' line; write: the attachment), and piped" {
	arnswalde_orders_ready
	printf 'attached.\n' >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -a signed.yaml
	mta_wait rita 1 >/dev/null
	box="$MTA_DIR/mail/rita/Maildir"
	printf 'copy 1 %s\n' "$BATS_TEST_TMPDIR/home/rita/copied.mbox" |
		as rita s-nail -:/ -S v15-compat -# -R -f "maildir://$box" \
		>/dev/null 2>&1
	head -n 1 home/rita/copied.mbox | grep -q '^From '
	rita_verifies "$BATS_TEST_TMPDIR/home/rita/copied.mbox"
	# s-nail's pipe shows the decoded message, with its part markers
	printf 'pipe 1 "cat >%s"\n' "$BATS_TEST_TMPDIR/home/rita/piped.txt" |
		as rita s-nail -:/ -S v15-compat -# -R -f "maildir://$box" \
		>/dev/null 2>&1
	[ -s home/rita/piped.txt ]
	rita_verifies "$BATS_TEST_TMPDIR/home/rita/piped.txt"
}

@test "client: a raw message piped on stdin, as mutt's pipe-message does" {
	arnswalde_orders_ready
	printf 'attached.\n' >home/alice/body.txt
	mutt_send alice rita "orders" body.txt -a signed.yaml
	msg=$(mta_wait rita 1)
	as rita sh -c "'$UMPIRE' adjudicate game.yaml - -o next.yaml <'$msg'"
	[ -s home/rita/next.yaml ]
}

@test "client: a Maildir directory given for a message is refused plainly" {
	run as rita "$UMPIRE" status "$MTA_DIR/mail/rita/Maildir"
	echo "$output"
	[ "$status" -ne 0 ]
	assert_output_has "directory"
}

@test "client: umpire mail given a saved message sends the umpire file it holds" {
	arnswalde_orders_ready
	printf 'attached.\n' >home/alice/body.txt
	mutt_send alice alice "orders" body.txt -a signed.yaml
	cp "$(mta_wait alice 1)" home/alice/saved.eml
	as alice sh -c "'$UMPIRE' mail saved.eml --to referee | sendmail -t"
	msg=$(mta_wait rita 1)
	grep -q '^Subject: .*orders of player for step 1' "$msg"
	rita_verifies "$msg"
}

@test "client: umpire mail without --to writes to this game's counter-party only" {
	arnswalde_orders_ready
	# Alice's one configuration for all her games names other players
	cat >>home/alice/.config/umpire/config.ini <<EOF
1bf = alice@example.org
1uf = Bob <bob@example.org>
german = Bob <bob@example.org>
EOF
	as alice sh -c "'$UMPIRE' mail signed.yaml | sendmail -t"
	rita_verifies "$(mta_wait rita 1)"
	sleep 1
	[ "$(mta_count bob)" -eq 0 ]
	[ "$(mta_count alice)" -eq 0 ]
}
