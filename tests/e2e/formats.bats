#!/usr/bin/env bats
# Game file formats: game/3 numbers each role's chain links by the steps
# it takes part in; a game/2 file (begun before, links numbered by the
# game's steps) is still read, audited and continued under its own
# numbering (umpire-game(5), umpire-protocol(7) Chain links by step).
# The game/2 fixture (tests/e2e/fixtures/game2) is a Russo-German War
# game under a referee, six steps played from views by umpire 0.1.0 as
# it was before game/3 (the commit before game/3, its rules version set
# to today's, russo-german-war/2), with its three unencrypted test keys.
# The game/2 file that umpire 0.1.0 wrote with its own rules version,
# russo-german-war/1, is kept (tests/e2e/fixtures/old-rules): a game
# made under other rules is refused, naming both versions.

load helpers

REDERIVE="$BATS_TEST_DIRNAME/../independent/rederive.py"

setup() {
	umpire_setup
	cp "$BATS_TEST_DIRNAME"/fixtures/game2/* .
	chmod 600 ./*.key
}

# hash_forward LINK N: the link N steps before LINK (anyone can hash a
# link forward; umpire-protocol(7), HASH CHAINS)
hash_forward() {
	/usr/bin/python3 -c '
import base64, hashlib, sys
c = base64.b64decode(sys.argv[1])
for _ in range(int(sys.argv[2])):
    c = hashlib.blake2b(b"umpire/1 link" + c, digest_size=32).digest()
print(base64.b64encode(c).decode())' "$1" "$2"
}

# the reveal of role $2 in step $3 of game file $1, and its anchor
reveal_of() {
	/usr/bin/python3 -c '
import sys, yaml
g = yaml.safe_load(open(sys.argv[1]))
print(g["steps"][int(sys.argv[3]) - 1]["reveals"][sys.argv[2]])' "$1" "$2" "$3"
}
anchor_of() {
	/usr/bin/python3 -c '
import sys, yaml
g = yaml.safe_load(open(sys.argv[1]))
print([r for r in g["roles"] if r["name"] == sys.argv[2]][0]["anchor"])' \
		"$1" "$2"
}

@test "a game/2 file is audited and continued as game/2" {
	head -1 game.yaml | grep -qx 'umpire: game/2'
	"$UMPIRE" audit game.yaml >/dev/null
	/usr/bin/python3 "$REDERIVE" game.yaml >/dev/null
	local side
	for _ in 1 2; do
		side=$("$UMPIRE" status --brief game.yaml)
		side=${side#pending }
		side=${side%% *}
		step_by_view game.yaml "$side" referee.key
	done
	head -1 game.yaml | grep -qx 'umpire: game/2'
	"$UMPIRE" audit game.yaml >/dev/null
	run /usr/bin/python3 "$REDERIVE" game.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# step 8's actor revealed the link of index 8 (game/2 numbering)
	local actor
	actor=$(sed -n 's/^  actor: //p' game.yaml | sed -n 8p)
	[ "$(hash_forward "$(reveal_of game.yaml "$actor" 8)" 8)" = \
		"$(anchor_of game.yaml "$actor")" ]
}

@test "a new game is game/3: a player's k-th step reveals its link k" {
	rm ./*.key ./*.pub game.yaml
	new_rgw_game new.yaml german soviet referee
	head -1 new.yaml | grep -qx 'umpire: game/3'
	local side n=0
	while [ $n -lt 6 ]; do
		n=$((n + 1))
		side=$("$UMPIRE" status --brief new.yaml)
		side=${side#pending }
		side=${side%% *}
		step_by_view new.yaml "$side" referee.key
	done
	"$UMPIRE" audit new.yaml >/dev/null
	run /usr/bin/python3 "$REDERIVE" new.yaml
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	# the Soviet's first step, whatever its number, reveals c[1]; the
	# referee, counter-party of every step, reveals c[n] in step n
	local first
	first=$(sed -n 's/^  actor: //p' new.yaml | grep -n soviet | head -1 |
		cut -d: -f1)
	[ "$first" -gt 1 ]
	[ "$(hash_forward "$(reveal_of new.yaml soviet "$first")" 1)" = \
		"$(anchor_of new.yaml soviet)" ]
	[ "$(hash_forward "$(reveal_of new.yaml referee 6)" 6)" = \
		"$(anchor_of new.yaml referee)" ]
}

@test "a game made under another rules version is refused, naming both versions" {
	cp "$BATS_TEST_DIRNAME"/fixtures/old-rules/russo-german-war-1.yaml old.yaml
	grep -qx 'rules: russo-german-war/1' old.yaml
	for cmd in audit status; do
		run "$UMPIRE" $cmd old.yaml
		[ "$status" -eq 1 ]
		assert_output_has "made with rules russo-german-war/1, but this umpire has rules russo-german-war/2"
	done
	run "$UMPIRE" view old.yaml --side german -s referee.key -o v.view
	[ "$status" -eq 1 ]
	assert_output_has "made with rules russo-german-war/1, but this umpire has rules russo-german-war/2"
}

# The engine's answers in advance that wait for a question of their own
# key changed how every game's orders are played: the solitaires'
# versions went up with it (their example games, played under version
# 2, are kept), so an old game is refused on its version, not on a
# state that no longer matches.
@test "the solitaires' games of version 2 are refused, naming both versions" {
	cp "$BATS_TEST_DIRNAME/fixtures/old-rules/arnswalde-1945-2.yaml" old.yaml
	grep -qx "rules: arnswalde-1945/2" old.yaml
	run "$UMPIRE" audit old.yaml
	[ "$status" -eq 1 ]
	assert_output_has "made with rules arnswalde-1945/2, but this umpire has rules arnswalde-1945/3"
}

# Kampfgruppe Peiper's third Meuse town (4.0) is Engis, not Andenne:
# scenario version 3, rules version 4. Its games of scenario version 2
# (the example games played under rules 2 and 3, both kept) are refused
# on the scenario's version, naming both, before any step is replayed:
# one that entered Andenne won, which it no longer would.
@test "Kampfgruppe Peiper's games of scenario version 2 (Andenne) are refused, naming both versions" {
	local f
	for f in kampfgruppe-peiper-2 kampfgruppe-peiper-3; do
		cp "$BATS_TEST_DIRNAME/fixtures/old-rules/$f.yaml" old.yaml
		grep -qx "rules: kampfgruppe-peiper/${f##*-}" old.yaml
		grep -qx "scenario_version: 2" old.yaml
		for cmd in audit status; do
			run "$UMPIRE" $cmd old.yaml
			[ "$status" -eq 1 ]
			assert_output_has "made with scenario kampfgruppe-peiper version 2, but the installed one is version 3"
		done
	done
	grep -qx "rules: kampfgruppe-peiper/4" \
		"$BATS_TEST_DIRNAME/../../examples/kampfgruppe-peiper/game.yaml"
}

# Race to the Reichstag's version went up for the same engine change
# (3 -> 4); its example game, played under version 3 to its end, is kept.
@test "Race to the Reichstag's game of version 3 is refused, naming both versions" {
	local want="made with rules race-to-the-reichstag/3, but this umpire has rules race-to-the-reichstag/4"
	cp "$BATS_TEST_DIRNAME"/fixtures/old-rules/race-to-the-reichstag-3.yaml old.yaml
	grep -qx 'rules: race-to-the-reichstag/3' old.yaml
	for cmd in audit status; do
		run "$UMPIRE" $cmd old.yaml
		[ "$status" -eq 1 ]
		assert_output_has "$want"
	done
}
