#!/usr/bin/env bats
# The player's key in the desk page (src/desk/keys.c, deskkeys.js), in
# headless Chromium (cdp.py): a key made in the page is read by umpire
# and by stock minisign; a key made by umpire keygen opens in the page;
# a sealed view picked in the page opens with the side's key and the
# orders the page signs and seals are, opened, byte for byte those of
# umpire orders VIEW --answers FILE --sign; a wrong passphrase, another
# side's key, another side's view and an edited view are refused; the
# page makes no request and stores no key. A Race to the Reichstag
# under a referee played six steps by views (as desk.bats). Run by make
# check-desk (the WebAssembly needs Debian's emscripten, make desk).

load helpers
load desk

setup_file() {
	umpire_setup_file
	cd "$BATS_FILE_TMPDIR" || return 1
	desk_reichstag_six
	"$UMPIRE" view game.yaml --side "$(cat side)" -s referee.key --seal \
		-o s.view
}

setup() {
	umpire_setup
	F="$BATS_FILE_TMPDIR"
	if [ ! -s "$F/desk.html" ]; then
		grep -q 'without the desk' "$F/desk.err" || {
			cat "$F/desk.err"; return 1; }
		[ "${DESK_REQUIRED:-0}" = 1 ] && { cat "$F/desk.err"; return 1; }
		skip "umpire built without the desk's WebAssembly (make desk)"
	fi
	CHROME=$(command -v chromium || command -v chromium-browser) ||
		skip "chromium is not installed"
	side=$(cat "$F/side")
	other=1uf
	if [ "$side" = 1uf ]; then other=1bf; fi
}

# page EXPRESSION [STEP...]: cdp.py on the desk page ($PAGE, else the
# file's desk.html), downloads into
# $PWD/dl, requests listed in $PWD/net, the profile kept in $PWD/prof.
# WAIT is an expression's start: the page ready (its rules and the key
# panel), and the helpers $ and sleep.
WAIT='const sleep = ms => new Promise(r => setTimeout(r, ms));
  const $ = id => document.getElementById(id);
  for (let i = 0; i < 300 && document.body.dataset.keys != "ready"; i++)
    await sleep(100);
  const said = async () => { for (let i = 0; i < 600 &&
    !$("key-said").className; i++) await sleep(100);
    const s = $("key-said").textContent; $("key-said").className = "";
    return s; };'
page() {
	mkdir -p dl
	CDP_DOWNLOADS="$PWD/dl" CDP_NET="$PWD/net" CDP_PROFILE="$PWD/prof" \
		"$PY" "$BATS_TEST_DIRNAME/cdp.py" "$CHROME" \
		"file://${PAGE:-$F/desk.html}" "$@"
}

@test "desk keys: a key made in the page is read by umpire and by minisign" {
	run page "(async () => { $WAIT
	  \$('key-new-pass').value = 'a page passphrase';
	  \$('key-new-pass2').value = 'a page passphrase';
	  \$('key-make').click();
	  const s = await said();
	  \$('key-sec-link').click(); \$('key-pub-link').click();
	  await sleep(500);
	  return { said: s, stored: JSON.stringify(localStorage),
	    pass: \$('key-new-pass').value };
	})()"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output"
	assert_output_has "made: save both files"
	assert_output_has '"pass": ""'
	downloaded umpire.key
	downloaded umpire.pub
	# minisign's format, scrypt at umpire keygen's limits
	"$PY" - dl/umpire.key <<'EOF'
import base64, struct, sys
b = base64.b64decode(open(sys.argv[1]).read().split("\n")[1])
assert len(b) == 158 and b[:6] == b"EdScB2", b[:6]
ops, mem = struct.unpack("<QQ", b[38:54])
assert (ops, mem) == (33554432, 1073741824), (ops, mem)
EOF
	echo 'a page passphrase' >pass
	echo 'signed by the page key' >m.txt
	UMPIRE_PASSPHRASE_FILE=pass "$UMPIRE" sign m.txt -s dl/umpire.key \
		-t 'umpire reads it' --detached -o m.txt.minisig
	minisign -Vm m.txt -p dl/umpire.pub -x m.txt.minisig
	rm m.txt.minisig
	minisign -S -s dl/umpire.key -m m.txt -x m2.minisig <pass
	minisign -Vm m.txt -p dl/umpire.pub -x m2.minisig
	# nothing requested, no key in the profile's storage
	[ ! -s net ] || { cat net; return 1; }
	key=$(sed -n 2p dl/umpire.key)
	! grep -rlF "${key:0:40}" prof || false
	! grep -rlF 'a page passphrase' prof
}

@test "desk keys: an umpire keygen key opens; a wrong passphrase is refused" {
	echo 'the right one' >pass
	UMPIRE_PASSPHRASE_FILE=pass "$UMPIRE" keygen -s k.key -p k.pub \
		>/dev/null
	run page "(async () => { $WAIT return 0; })()" \
		'@file #key-file '"$PWD/k.key" \
		"(async () => { $WAIT \$('key-pass').value = 'a wrong one';
		  \$('key-open').click(); return await said(); })()" \
		"(async () => { $WAIT \$('key-pass').value = 'the right one';
		  \$('key-open').click(); const s = await said();
		  return [s, \$('key-pub').textContent,
		    document.body.dataset.keyOpenMs]; })()" \
		"(async () => { $WAIT \$('key-lock').click();
		  return [await said(), \$('key-status').textContent]; })()"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output"
	assert_output_has "Refused: wrong passphrase for secret key the key file"
	# the public key as umpire keygen wrote it
	pub=$(sed -n 2p k.pub)
	assert_output_has "$pub"
	assert_output_has "Locked: the key is wiped"
	# how long it took is make bench-desk's (bench/deskkey.py), never
	# a test's: the page says it took some time
	ms=$(echo "$output" | sed -n 3p | "$PY" -c \
		'import json,sys; print(json.load(sys.stdin)[2])')
	[ "$ms" -gt 0 ]
	[ ! -s net ] || { cat net; return 1; }
}

# The answers the page takes by clicks (the first legal answer, as long
# as one is asked, at most 12), the sealed view opened first with the
# side's key; then signed: the answers file and the signed orders.
sign_in_page() {
	page "(async () => { $WAIT return 0; })()" \
		'@file #key-file '"$F/$1.key" \
		"(async () => { $WAIT \$('key-open').click();
		  return await said(); })()" \
		'@file #view-file '"$PWD/view" \
		"(async () => { $WAIT const s = await said();
		  \$('skip').click();
		  for (let i = 0; i < 12; i++) {
		    const b = document.querySelector('#options button');
		    if (!b) break;
		    b.click();
		  }
		  \$('sign').click();
		  return { opened: s, signed: await said(),
		    yaml: \$('answers-yaml').textContent,
		    text: \$('signed-text').value,
		    ms: document.body.dataset.signMs }; })()"
}

# A view with one letter of its report changed (edit(text)), as a relay
# might: EDIT prints the edited view $1, EDIT_PAGE the desk page $1
# with its view so edited.
EDIT_FN='import base64, re, sys
def edit(s):
    i = s.index("report: |\n") + len("report: |\n")
    j = s.index("\n", i)
    return s[:i] + s[i:j].replace("a", "e", 1) + s[j:]'
EDIT="$EDIT_FN
sys.stdout.write(edit(open(sys.argv[1]).read()))"
EDIT_PAGE="$EDIT_FN"'
page = open(sys.argv[1]).read()
m = re.search(r"(id=\"desk-view\"[^>]*>)([^<]*)", page)
view = edit(base64.b64decode(m.group(2)).decode())
sys.stdout.write(page[:m.start(2)] + base64.b64encode(view.encode()).decode()
    + page[m.end(2):])'

# The signed orders sealed in $1, opened with the referee's key (an
# unencrypted minisign key: its Ed25519 key, made an X25519 one).
UNSEAL='import base64, sys, yaml
from nacl import bindings as b
sk = base64.b64decode(open(sys.argv[2]).read().split("\n")[1])[62:126]
d = yaml.safe_load(open(sys.argv[1]))
p = b.crypto_box_seal_open(base64.b64decode(d["box"]),
    b.crypto_sign_ed25519_pk_to_curve25519(sk[32:]),
    b.crypto_sign_ed25519_sk_to_curve25519(sk))
sys.stdout.buffer.write(p[:p.rindex(b"\x80")])'

@test "desk keys: the page opens a sealed view and signs as umpire orders --sign" {
	cp "$F/s.view" view
	run sign_in_page "$side"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	echo "$output" | tail -1 >out.json
	"$PY" -c 'import json,sys; d = json.load(open("out.json"))
open("answers.yaml", "w").write(d["yaml"])
open("page.sealed", "w").write(d["text"])
print(d["opened"]); print(d["signed"]); print(d["ms"])' >said
	cat said
	grep -q "View opened: step 7" said
	grep -q "Signed and sealed to the referee" said
	echo "page key: sign $(sed -n 3p said) ms" >&3
	cp "$F/v.view" "$F/$side.key" .
	EDITOR=true run "$UMPIRE" orders v.view -s "$side.key" \
		--answers answers.yaml --sign -o cli.sealed
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	"$PY" -c "$UNSEAL" page.sealed "$F/referee.key" >page.signed
	"$PY" -c "$UNSEAL" cli.sealed "$F/referee.key" >cli.signed
	grep -q 'BEGIN UMPIRE SIGNATURE' page.signed
	cmp page.signed cli.signed || { diff page.signed cli.signed; return 1; }
	# the referee takes them
	run "$UMPIRE" adjudicate "$F/game.yaml" page.sealed -s "$F/referee.key" \
		-o next.yaml --report /dev/null
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ ! -s net ] || { cat net; return 1; }
	! grep -rlF "$(sed -n 2p "$F/$side.key" | cut -c1-40)" prof
}

@test "desk keys: another side's key, view, and an edited view are refused" {
	# the other side's key: the page's own view is not its side's
	cp "$F/s.view" view
	run sign_in_page "$other"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "this page's view is refused"
	assert_output_has "this secret key is not $side's"
	assert_output_has "Refused: "
	# a view for the other side, picked with this side's key
	"$UMPIRE" view "$F/game.yaml" --side "$other" -s "$F/referee.key" \
		--seal -o view
	run sign_in_page "$side"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "sealed to another key"
	# a view edited on the way (a letter of its report): refused by
	# the referee's signature
	"$PY" -c "$EDIT" "$F/v.view" >view
	! cmp -s view "$F/v.view" || false
	run sign_in_page "$side"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "\"opened\": \"Refused: step 6: the referee's signature does not match"
}

@test "desk keys: a page whose view was edited is refused by the key's check" {
	# the page's own view block, a letter of its report changed
	"$PY" -c "$EDIT_PAGE" "$F/desk.html" >edited.html
	! cmp -s edited.html "$F/desk.html" || false
	PAGE="$PWD/edited.html" run page "(async () => { $WAIT return 0; })()" \
		'@file #key-file '"$F/$side.key" \
		"(async () => { $WAIT \$('key-open').click();
		  return await said(); })()"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "this page's view is refused: step 6: the referee's signature does not match"
}

@test "desk keys: an invitation's page, mailed with it, joins its game file as umpire join" {
	local k
	for k in p q r; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
	"$UMPIRE" new race-to-the-reichstag -s r.key --side 1bf=p.pub \
		--side 1uf=q.pub --referee r.pub -o invite.yaml 2>/dev/null
	# the invitation's page: every side's, no view in it, not private
	run "$UMPIRE" desk invite.yaml --side 1bf -o no.html
	[ "$status" -eq 2 ]
	assert_output_has "an invitation (1bf has still to join)"
	"$UMPIRE" desk invite.yaml -o invite.html
	[ "$(stat -c %a invite.html)" = 644 ]
	grep -q 'name="umpire-desk-program"' invite.html
	"$PY" - invite.html <<'EOF'
import re, sys
page = open(sys.argv[1]).read()
m = re.search(r'id="desk-view"[^>]*>([^<]*)<', page)
assert m and not m.group(1).strip(), "a view in the invitation's page"
EOF
	# mailed with the invitation: its body says how to join in it
	"$UMPIRE" mail invite.yaml invite.html --to a@example.org -o inv.eml
	"$PY" -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m.get_body(("plain",)).get_content())
for p in m.iter_attachments():
    print("attached:", p.get_filename(), p.get_content_type())' inv.eml >body
	grep -q '^No umpire installed? Open the attached invite.html in a browser' body
	grep -q '^game" pick invite.yaml, give your side, and attach the joined file$' body
	grep -q '^attached: invite.html text/html$' body
	PAGE=$PWD/invite.html
	join_in_page() {
		page "(async () => { $WAIT return 0; })()" \
			'@file #key-file '"$PWD/$1" \
			"(async () => { $WAIT \$('key-open').click();
			  return await said(); })()" \
			'@file #join-file '"$PWD/invite.yaml" \
			"(async () => { $WAIT \$('join-side').value = '1bf';
			  \$('join').click(); return { said: await said(),
			    text: \$('join-text').value }; })()"
	}
	# another key than the side's: refused as umpire join refuses it
	run join_in_page q.key
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "Refused: this secret key is not the key of role 1bf"
	run join_in_page p.key
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	assert_output_has "Joined game"
	echo "$output" | tail -1 | "$PY" -c 'import json, sys
sys.stdout.write(json.load(sys.stdin)["text"])' >joined.yaml
	# the other side and the referee join after it: the page's join
	# verifies, and the game starts
	"$UMPIRE" join joined.yaml --side 1uf -s q.key -o j2.yaml
	run "$UMPIRE" status --brief j2.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ ! -s net ] || { cat net; return 1; }
}
