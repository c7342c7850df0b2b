#!/usr/bin/env bats
# A planted scenario cache (umpire(1), FILES, checkpoints/scenario-KEY):
# another local account that can write this machine's state directory
# puts there, under the key of the genuine scenario file, the parsed
# tree of an edited one (Arnswalde 1945 starting morale 5 at difficulty
# high, where rule 3.1 says 3), with the genuine scenario hash beside it
# (and, in the cache's first form, its unkeyed checksum made again).
# Written to fail on the code before the fix, which took the stored hash
# on trust: the new game carried the genuine scenario_hash over the
# edited rules. The hash is now computed from the tree read, so the
# planted tree is seen for what it is and the scenario file is parsed
# again.

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
	if cmp -s "$SCN"/arnswalde-1945.yaml edited/arnswalde-1945.yaml; then false; fi
	XDG_STATE_HOME=$PWD/other UMPIRE_SCENARIOS=$PWD/edited \
		new_game edited.yaml
	grep -q '^  morale: 5$' edited.yaml
	edited=$(ls other/umpire/checkpoints/scenario-*)
	# planted under the genuine key: MAGIC, KEY, HASH, tree, with the
	# genuine HASH before the edited tree
	python3 - "$genuine" "$edited" <<'PY'
import sys
g = open(sys.argv[1], 'rb').read()
e = open(sys.argv[2], 'rb').read()
m = g.index(b'\n') + 1
assert g[:m] == b'umpire-scenario-cache/2\n'
open(sys.argv[1], 'wb').write(g[:m + 64] + e[m + 64:])
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

@test "a damaged scenario cache is parsed over: its tree no longer hashes to the hash beside it" {
	new_game genuine.yaml
	cache=$(ls "$XDG_STATE_HOME"/umpire/checkpoints/scenario-*)
	# one byte of a value in the tree: the start morale's 3 made 5
	python3 - "$cache" <<'PY'
import sys
p = sys.argv[1]
b = open(p, 'rb').read()
i = b.index(b'high') + 4
j = b.index(b'3', i)
open(p, 'wb').write(b[:j] + b'5' + b[j + 1:])
PY
	cp "$cache" damaged
	new_game again.yaml
	grep -q '^  morale: 3$' again.yaml
	if cmp -s "$cache" damaged; then false; fi
}

# A new Arnswalde 1945 game that the referee has joined, as $1.
joined_game() {
	new_game g0.yaml
	"$UMPIRE" join g0.yaml --side referee -s r.key -o "$1" 2>/dev/null
}

# Step $2 of game file $1: the player's orders answered with the first
# choices, signed, and adjudicated by the referee, into $1 (nothing
# where the game is over: the dice of new keys end some games early).
arnswalde_step() {
	"$UMPIRE" status --brief "$1" | grep -q '^pending' || return 0
	"$UMPIRE" orders "$1" -s p.key -o o$2.yaml
	"$UMPIRE" sign o$2.yaml -s p.key -o s$2.yaml
	"$UMPIRE" adjudicate "$1" s$2.yaml -s r.key -o next.yaml \
		--report /dev/null 2>/dev/null
	mv next.yaml "$1"
}

# The kept chain links (umpire(1), FILES, links/): each role's coming
# links, kept so that a step does not hash its chain from the top. A
# reader of the state directory who has not the secret key (another
# local account, a backup, a key file kept encrypted) must learn no
# roll to come from them.
@test "the kept chain links tell a reader of the state directory no link to come" {
	joined_game g.yaml
	links=$XDG_STATE_HOME/umpire/links
	[ "$(stat -c %a "$links")" = 700 ]
	[ "$(ls "$links" | wc -l)" -eq 2 ]    # the player's, the referee's
	for f in "$links"/*; do [ "$(stat -c %a "$f")" = 600 ]; done
	cp -r "$links" kept
	for s in 1 2 3 4; do arnswalde_step g.yaml $s; done
	# every link revealed since, against every 32 bytes of the kept
	# files (as made at the join, and as now) and the links up to 64
	# hashes below them (chain.h: c[i-1] = BLAKE2b("umpire/1 link" ||
	# c[i])): a link kept in the clear reaches those revealed
	python3 - g.yaml kept "$links" <<'PY'
import base64, hashlib, os, re, sys
text = open(sys.argv[1]).read()
links = re.findall(r'^    (?:player|referee): (\S{43}=)$', text, re.M)
assert len(links) >= 2, links
told = {base64.b64decode(l) for l in links}
files = [os.path.join(d, f) for d in sys.argv[2:] for f in os.listdir(d)]
for f in files:
    b = open(f, 'rb').read()
    assert not any(l.encode() in b for l in links), f
    for k in range(len(b) - 31):
        c = b[k:k + 32]
        for _ in range(65):
            assert c not in told, (f, k)
            c = hashlib.blake2b(b'umpire/1 link' + c, digest_size=32).digest()
PY
}

@test "a damaged or foreign file of kept links changes no roll" {
	joined_game g.yaml
	cp g.yaml h.yaml
	cp -r "$XDG_STATE_HOME" planted-state
	for s in 1 2; do arnswalde_step g.yaml $s; done
	# the same steps where each file is the magic line and noise: the
	# links hashed from the top, the files made again
	for f in planted-state/umpire/links/*; do
		{ echo umpire-links/1; head -c 900 /dev/urandom; } >"$f"
		cp "$f" "$f.noise"
	done
	for s in 1 2; do
		XDG_STATE_HOME=$PWD/planted-state arnswalde_step h.yaml $s
	done
	cmp g.yaml h.yaml
	for f in planted-state/umpire/links/*.noise; do
		if cmp -s "$f" "${f%.noise}"; then false; fi
	done
}
