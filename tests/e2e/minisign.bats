#!/usr/bin/env bats
# Interoperability with stock minisign, both ways, through the umpire
# commands keygen, sign and verify; and their refusals.

setup() {
	load helpers
	umpire_setup
	printf 'game: g1\nstep: 3\nside: german\nanswers: [hold]\n' \
		>orders.yaml
}

@test "umpire keygen -W: minisign signs with it, minisign verifies" {
	run "$UMPIRE" keygen -W -s u.key -p u.pub
	[ "$status" -eq 0 ]
	assert_output_has "$(sed -n 2p u.pub)"
	[ "$(stat -c %a u.key)" = 600 ]
	head -1 u.pub |
		grep -Eq '^untrusted comment: minisign public key [0-9A-F]{16}$'
	[ "$(head -1 u.key)" = \
	  "untrusted comment: minisign encrypted secret key" ]
	minisign -S -s u.key -m orders.yaml
	run minisign -V -p u.pub -m orders.yaml
	[ "$status" -eq 0 ]
}

@test "umpire keygen with a passphrase: minisign uses the key" {
	printf 'sesame\n' >pass
	UMPIRE_PASSPHRASE_FILE=pass run "$UMPIRE" keygen -s e.key -p e.pub
	[ "$status" -eq 0 ]
	# (minisign checks the key's checksum once decrypted: signing with
	# the passphrase shows the key encrypted with it, as a wrong one
	# refused would, at one scrypt of 1 GiB less)
	printf 'sesame\n' | minisign -S -s e.key -m orders.yaml
	minisign -V -p e.pub -m orders.yaml
	# and umpire reads it back with the same passphrase
	UMPIRE_PASSPHRASE_FILE=pass "$UMPIRE" sign orders.yaml -s e.key \
		--detached -t "enc"
	minisign -V -p e.pub -m orders.yaml
}

@test "umpire sign --detached: minisign verifies, same trusted comment" {
	"$UMPIRE" keygen -W -s u.key -p u.pub
	cp orders.yaml before
	run "$UMPIRE" sign orders.yaml -s u.key --detached
	[ "$status" -eq 0 ]
	cmp orders.yaml before
	run minisign -V -p u.pub -m orders.yaml
	[ "$status" -eq 0 ]
	assert_output_has \
		"Trusted comment: umpire/1 game=g1 step=3 side=german"
	[ "$(head -1 orders.yaml.minisig)" = \
	  "untrusted comment: signature from umpire secret key" ]
	run "$UMPIRE" verify orders.yaml -p u.pub
	[ "$status" -eq 0 ]
	[ "$output" = "signature ok: umpire/1 game=g1 step=3 side=german" ]
}

@test "umpire sign (embedded): minisign verifies the block taken out" {
	"$UMPIRE" keygen -W -s u.key -p u.pub
	run "$UMPIRE" sign orders.yaml -s u.key -o signed.yaml
	[ "$status" -eq 0 ]
	[ "$(awk '{ if (length($0) > 72) n++ } END { print n + 0 }' \
	     signed.yaml)" = 0 ]
	unembed signed.yaml body sig
	cmp body orders.yaml
	minisign -V -p u.pub -m body -x sig
	run "$UMPIRE" verify signed.yaml -p u.pub
	[ "$status" -eq 0 ]
	[ "$output" = "signature ok: umpire/1 game=g1 step=3 side=german" ]
	# stdin to stdout
	"$UMPIRE" sign - -s u.key -t "from stdin" <orders.yaml >piped.yaml
	run "$UMPIRE" verify - -p u.pub <piped.yaml
	[ "$output" = "signature ok: from stdin" ]
}

@test "keys made by minisign -G -W work for umpire sign" {
	minisign -G -W -p m.pub -s m.key
	"$UMPIRE" sign orders.yaml -s m.key -o signed.yaml
	run "$UMPIRE" verify signed.yaml -p m.pub
	[ "$status" -eq 0 ]
	"$UMPIRE" sign orders.yaml -s m.key --detached -t "plain"
	minisign -V -p m.pub -m orders.yaml
	run "$UMPIRE" verify orders.yaml -p "$(sed -n 2p m.pub)"
	[ "$output" = "signature ok: plain" ]
}

@test "encrypted minisign key: passphrase file, wrong passphrase" {
	printf 'pw\npw\n' | minisign -G -p m.pub -s m.key
	printf 'pw\n' >pass
	UMPIRE_PASSPHRASE_FILE=pass "$UMPIRE" sign orders.yaml -s m.key \
		-o signed.yaml
	"$UMPIRE" verify signed.yaml -p m.pub
	printf 'nope\n' >bad
	UMPIRE_PASSPHRASE_FILE=bad run "$UMPIRE" sign orders.yaml -s m.key \
		-o other.yaml
	[ "$status" -eq 1 ]
	assert_output_has "wrong passphrase for secret key m.key"
	[ ! -e other.yaml ]
	# no terminal and no passphrase file: refused with a hint
	run setsid -w "$UMPIRE" sign orders.yaml -s m.key -o other.yaml
	[ "$status" -eq 2 ]
	assert_output_has "UMPIRE_PASSPHRASE_FILE"
	[ ! -e other.yaml ]
}

@test "umpire verifies minisign signatures: prehashed, legacy, -x, CRLF" {
	minisign -G -W -p m.pub -s m.key
	minisign -S -s m.key -m orders.yaml -t "by minisign"
	run "$UMPIRE" verify orders.yaml -p m.pub
	[ "$status" -eq 0 ]
	[ "$output" = "signature ok: by minisign" ]
	minisign -S -l -s m.key -m orders.yaml -x legacy.sig -t "legacy"
	run "$UMPIRE" verify orders.yaml -p m.pub -x legacy.sig
	[ "$output" = "signature ok: legacy" ]
	# the file and its signature gained CRLF in the mail
	sed 's/$/\r/' orders.yaml >crlf.yaml
	sed 's/$/\r/' orders.yaml.minisig >crlf.yaml.minisig
	run "$UMPIRE" verify crlf.yaml -p m.pub
	[ "$status" -eq 0 ]
	assert_output_has "signature ok: by minisign"
	assert_output_has "verified in its canonical form"
}

@test "an embedded-signed file that gained CRLF still verifies" {
	"$UMPIRE" keygen -W -s u.key -p u.pub
	"$UMPIRE" sign orders.yaml -s u.key -o signed.yaml
	sed 's/$/\r/' signed.yaml >crlf.yaml
	run "$UMPIRE" verify crlf.yaml -p u.pub
	[ "$status" -eq 0 ]
	assert_output_has "signature ok: umpire/1 game=g1 step=3 side=german"
}

@test "refusals: altered, other key, altered comment, unsigned" {
	"$UMPIRE" keygen -W -s u.key -p u.pub
	"$UMPIRE" keygen -W -s o.key -p o.pub
	"$UMPIRE" sign orders.yaml -s u.key -o signed.yaml
	sed 's/hold/move/' signed.yaml >altered.yaml
	run "$UMPIRE" verify altered.yaml -p u.pub
	[ "$status" -eq 1 ]
	assert_output_has "altered.yaml: signature does not match the file"
	run "$UMPIRE" verify signed.yaml -p o.pub
	[ "$status" -eq 1 ]
	assert_output_has "signed by another key (id $(head -1 u.pub |
		sed 's/.* //'), expected $(head -1 o.pub | sed 's/.* //'))"
	"$UMPIRE" sign orders.yaml -s u.key --detached
	sed -i 's/step=3/step=4/' orders.yaml.minisig
	run "$UMPIRE" verify orders.yaml -p u.pub
	[ "$status" -eq 1 ]
	assert_output_has "trusted comment altered"
	rm orders.yaml.minisig
	run "$UMPIRE" verify orders.yaml -p u.pub
	[ "$status" -eq 1 ]
	assert_output_has "no signature found"
	head -n -1 signed.yaml >cut.yaml
	run "$UMPIRE" verify cut.yaml -p u.pub
	[ "$status" -eq 1 ]
	assert_output_has "malformed signature block"
}

@test "sign: default comment needs the fields, refuses a signed file" {
	"$UMPIRE" keygen -W -s u.key -p u.pub
	printf 'note: no fields\n' >plain.yaml
	run "$UMPIRE" sign plain.yaml -s u.key -o out.yaml
	[ "$status" -eq 1 ]
	assert_output_has "give one with -t"
	assert_output_has "'game' is missing"
	[ ! -e out.yaml ]
	"$UMPIRE" sign orders.yaml -s u.key -o signed.yaml
	run "$UMPIRE" sign signed.yaml -s u.key -o twice.yaml
	[ "$status" -eq 1 ]
	assert_output_has "already signed"
	[ ! -e twice.yaml ]
}

@test "keygen: no overwrite without -f; options checked" {
	"$UMPIRE" keygen -W -s u.key -p u.pub
	cp u.key u.key.orig
	run "$UMPIRE" keygen -W -s u.key -p u.pub
	[ "$status" -ne 0 ]
	assert_output_has "already exists"
	cmp u.key u.key.orig
	"$UMPIRE" keygen -W -f -s u.key -p u.pub
	if cmp -s u.key u.key.orig; then echo "unexpectedly true: cmp -s u.key u.key.orig"; return 1; fi
	run "$UMPIRE" keygen -W -W -s a.key -p a.pub
	[ "$status" -eq 2 ]
	assert_output_has "given twice"
	run "$UMPIRE" verify orders.yaml
	[ "$status" -eq 2 ]
	run "$UMPIRE" sign --help
	[ "$status" -eq 0 ]
	assert_output_has "usage: umpire sign"
}

@test "Ctrl-C at the passphrase prompt leaves the terminal echoing" {
	# a pseudo-terminal as the controlling terminal: the prompt, then
	# Ctrl-C and Enter; umpire dies of the signal with echo back on
	run python3 "$BATS_TEST_DIRNAME/tools/ctrl-c-at-prompt.py" "$UMPIRE"
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$output" = "signal 2 echo on" ]
	[ ! -e k.key ]
}
