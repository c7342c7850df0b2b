#!/usr/bin/env bats
# A planted scenario cache (umpire(1), FILES, checkpoints/scenario-KEY):
# another local account that can write this machine's state directory
# puts there, under the key of the genuine scenario file, the parsed
# tree of an edited one (Arnswalde 1945 starting morale 5 at difficulty
# high, where rule 3.1 says 3), with the genuine scenario hash beside it
# and the cache's unkeyed checksum made again. Written to fail on the
# code before the fix, which took the stored hash on trust: the new
# game carried the genuine scenario_hash over the edited rules. The
# hash is now computed from the tree read, so the planted tree is seen
# for what it is and the scenario file is parsed again.

load ../e2e/helpers

setup() {
	umpire_setup
	SCN=${UMPIRE_SCENARIOS:-$BATS_TEST_DIRNAME/../../scenarios}
	"$UMPIRE" keygen -s p.key -p p.pub -W >/dev/null
	"$UMPIRE" keygen -s r.key -p r.pub -W >/dev/null
}

# A new Arnswalde 1945 game at difficulty high as $1.
new_game() {
	"$UMPIRE" new arnswalde-1945 -s p.key --side player=p.pub \
		--referee r.pub --set difficulty=high -o "$1" 2>/dev/null
}

@test "a planted scenario cache cannot pass edited rules as the genuine" {
	new_game genuine.yaml
	grep -q '^  morale: 3$' genuine.yaml
	genuine=$(ls "$XDG_STATE_HOME"/umpire/checkpoints/scenario-*)
	[ "$(echo "$genuine" | wc -l)" -eq 1 ]
	# the edited scenario's tree, as this umpire caches it
	mkdir edited
	sed 's/^\(  start-morale: {.*high: \)3}$/\15}/' \
		"$SCN"/arnswalde-1945.yaml >edited/arnswalde-1945.yaml
	! cmp -s "$SCN"/arnswalde-1945.yaml edited/arnswalde-1945.yaml
	XDG_STATE_HOME=$PWD/other UMPIRE_SCENARIOS=$PWD/edited \
		new_game edited.yaml
	grep -q '^  morale: 5$' edited.yaml
	edited=$(ls other/umpire/checkpoints/scenario-*)
	# planted under the genuine key: MAGIC, KEY, SUM, HASH, tree, with
	# the genuine HASH and SUM = BLAKE2b-256(HASH || tree) made again
	python3 - "$genuine" "$edited" <<'PY'
import hashlib, sys
g = open(sys.argv[1], 'rb').read()
e = open(sys.argv[2], 'rb').read()
m = g.index(b'\n') + 1
h = g[m + 64:m + 96]
tree = e[m + 96:]
s = hashlib.blake2b(h + tree, digest_size=32).digest()
open(sys.argv[1], 'wb').write(g[:m + 32] + s + h + tree)
PY
	new_game planted.yaml
	# the genuine rules, under the genuine hash
	[ "$(grep '^scenario_hash:' planted.yaml)" = \
		"$(grep '^scenario_hash:' genuine.yaml)" ]
	grep -q '^  morale: 3$' planted.yaml
	# and the cache is the genuine tree again
	new_game again.yaml
	grep -q '^  morale: 3$' again.yaml
}
