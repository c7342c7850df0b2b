#!/usr/bin/env bats
# Where each role is mailed: a join carries exactly one addr-spec (a
# list is refused, "Name <a@b>" kept as a@b), umpire new --address
# ROLE=ADDR invites each role in the header that every join signs, and
# umpire mail finds its recipients in the game (the roles still to
# join, the referee for a join); a side's report never goes in clear in
# a game with hidden information. The joins the judge takes are checked
# by tests/unit/test_address.c.

load helpers

setup() {
	umpire_setup
	for k in g s r; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
}

# config NAME LINE...: a config file NAME.ini of these lines
config() {
	local n=$1
	shift
	printf '%s\n' "$@" >"$n.ini"
}

field() {
	python3 -c '
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], "rb"),
                                   policy=policy.default)
print(m[sys.argv[2]] or "")' "$1" "$2"
}

# rgw-invited.yaml: a Russo-German War the referee made inviting both
# sides; rgw-german.yaml: joined by the German too
invited_rgw() {
	"$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub \
		--address german=g@example.org --address soviet=s@example.org \
		-o rgw-invited.yaml 2>/dev/null
	"$UMPIRE" join rgw-invited.yaml --side german -s g.key \
		-o rgw-german.yaml 2>/dev/null
}

@test "join: a config address that is a list is refused; Name <a@b> joins as a@b" {
	"$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o new.yaml 2>/dev/null
	for list in 'a@x.org, b@y.org' 'Gerd <g@x.org>, Sonja <s@y.org>' \
		'g@x.org g@y.org'; do
		config g '[umpire]' "address = $list"
		UMPIRE_CONFIG=g.ini run "$UMPIRE" join new.yaml --side german \
			-s g.key -o j.yaml
		[ "$status" -eq 2 ]
		assert_output_has "[umpire] address"
		assert_output_has "exactly one mail address"
		[ ! -e j.yaml ]
	done
	run "$UMPIRE" join new.yaml --side german -s g.key \
		--address 'a@x.org,b@y.org' -o j.yaml
	[ "$status" -eq 2 ]
	assert_output_has "--address"
	[ ! -e j.yaml ]
	config g '[umpire]' 'address = Gerd <gerd@example.org>'
	UMPIRE_CONFIG=g.ini run "$UMPIRE" join new.yaml --side german \
		-s g.key -o j.yaml
	[ "$status" -eq 0 ]
	grep -qx '  address: gerd@example.org' j.yaml
	"$UMPIRE" join j.yaml --side soviet -s s.key -o j2.yaml 2>/dev/null
	"$UMPIRE" audit j2.yaml
}

@test "new --address: each role's invitation is in the header every join signs" {
	invited_rgw
	grep -qx '  invite: g@example.org' rgw-invited.yaml
	grep -qx '  invite: s@example.org' rgw-invited.yaml
	run "$UMPIRE" status rgw-invited.yaml
	[ "$status" -eq 0 ]
	assert_output_has "german: to join, invited at g@example.org"
	assert_output_has "soviet: to join, invited at s@example.org"
	run "$UMPIRE" join rgw-german.yaml --side soviet -s s.key -o all.yaml
	[ "$status" -eq 0 ]
	assert_output_has "invited at s@example.org"
	"$UMPIRE" audit all.yaml
	# an invitation changed after the joins: their signatures fail
	sed 's/^  invite: s@example.org$/  invite: eve@example.org/' \
		all.yaml >tampered.yaml
	! cmp -s all.yaml tampered.yaml || false
	run "$UMPIRE" audit tampered.yaml
	[ "$status" -eq 1 ]
	assert_output_has "does not match the header"
	# and the one joining refuses to sign it
	sed 's/^  invite: s@example.org$/  invite: eve@example.org/' \
		rgw-german.yaml >tampered.yaml
	run "$UMPIRE" join tampered.yaml --side soviet -s s.key -o j.yaml
	[ "$status" -eq 1 ]
	[ ! -e j.yaml ]
}

@test "new --address: one addr-spec for a role of the game, else refused" {
	for bad in 'german=a@x.org, b@y.org' 'german=Gerd <g@x.org>' \
		'german=' 'german' 'allied=a@x.org' 'referee=r@x.org'; do
		run "$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
			--side soviet=s.pub --address "$bad" -o n.yaml
		echo "$bad: $output"
		[ "$status" -eq 2 ]
		[ ! -e n.yaml ]
	done
	# the referee is a role where the game has one
	run "$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub \
		--address referee=ref@example.org -o n.yaml
	[ "$status" -eq 0 ]
	grep -qx '  invite: ref@example.org' n.yaml
}

@test "mail: a new game goes to the roles still to join, at their invitations" {
	invited_rgw
	# no --to, no config at all
	run "$UMPIRE" mail rgw-invited.yaml -o out.eml
	[ "$status" -eq 0 ]
	[ "$(field out.eml To)" = "g@example.org, s@example.org" ]
	# an open game: the host has joined, the other side is invited
	"$UMPIRE" new arnswalde-1945 -s g.key --side player=g.pub \
		--referee r.pub --address referee=rita@example.org \
		-o arn.yaml 2>/dev/null
	run "$UMPIRE" mail arn.yaml -o out2.eml
	[ "$status" -eq 0 ]
	[ "$(field out2.eml To)" = "rita@example.org" ]
}

@test "mail: a side's join goes to the referee" {
	invited_rgw
	config g '[umpire]' 'address = Gerd <g@example.org>' \
		'[addresses]' 'referee = Rita <rita@example.org>'
	UMPIRE_CONFIG=g.ini run "$UMPIRE" mail rgw-german.yaml -o out.eml
	[ "$status" -eq 0 ]
	[ "$(field out.eml To)" = "Rita <rita@example.org>" ]
	# the referee mails it on: to the side still to join
	config r '[umpire]' 'address = rita@example.org' \
		'[addresses]' 'referee = Rita <rita@example.org>'
	UMPIRE_CONFIG=r.ini run "$UMPIRE" mail rgw-german.yaml -o out2.eml
	[ "$status" -eq 0 ]
	[ "$(field out2.eml To)" = "s@example.org" ]
	# the referee's invitation comes before the config
	"$UMPIRE" new russo-german-war -s r.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub \
		--address referee=judge@example.org -o n.yaml 2>/dev/null
	# (a judge's game: the join carries the side's address)
	UMPIRE_CONFIG=g.ini "$UMPIRE" join n.yaml --side german -s g.key \
		-o j.yaml 2>/dev/null
	UMPIRE_CONFIG=g.ini run "$UMPIRE" mail j.yaml -o out3.eml
	[ "$status" -eq 0 ]
	[ "$(field out3.eml To)" = "judge@example.org" ]
}

@test "mail --report: a side's report is refused in clear for a game with views" {
	new_rgw_game rgw.yaml gg ss rr
	"$UMPIRE" report rgw.yaml --side german >german.txt
	grep -q '^As seen by german' german.txt
	"$UMPIRE" view rgw.yaml --side german -s rr.key --seal -o g.view
	"$UMPIRE" view rgw.yaml --side german -s rr.key -o plain.view
	for f in g.view plain.view rgw.yaml; do
		run "$UMPIRE" mail "$f" --report german.txt \
			--to german@example.org -o out.eml
		echo "$f: $output"
		[ "$status" -eq 1 ]
		assert_output_has "umpire view GAME --side german --seal"
		assert_output_has "umpire open"
		[ ! -e out.eml ]
	done
	# the sealed view alone is fine
	run "$UMPIRE" mail g.view --to german@example.org -o out.eml
	[ "$status" -eq 0 ]
	# a game that hides nothing keeps its report in the body
	mkdir arn && cd arn
	new_arnswalde_orders a.yaml
	"$UMPIRE" report ref.yaml --side player >rep.txt
	grep -q '^As seen by player' rep.txt
	run "$UMPIRE" mail ref.yaml --report rep.txt --to player@example.org \
		-o out2.eml
	[ "$status" -eq 0 ]
	grep -q '^As seen by player' out2.eml
}
