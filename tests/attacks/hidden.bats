#!/usr/bin/env bats
# Hidden information (issue 9, item 6): who holds the referee key sees
# every hidden card. Each test was written to fail on the code before
# its fix.

load ../e2e/helpers

setup() {
	umpire_setup
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/.state"
	for k in g s r; do
		"$UMPIRE" keygen -s $k.key -p $k.pub -W >/dev/null
	done
}

@test "6: new refuses a side's key as the referee key in a two-sided game" {
	run "$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --referee g.pub -o game.yaml
	[ "$status" -eq 2 ]
	assert_output_has "the referee key is also side german's key"
	[ ! -e game.yaml ]
	# solo play may still share the player's key (the only side)
	"$UMPIRE" new arnswalde-1945 -s g.key --side player=g.pub \
		--referee g.pub -o solo.yaml
}

@test "6: join refuses a header whose referee key is another side's" {
	# the German creator makes a fair header, then rewrites the
	# referee's key to his own and joins again before the Soviet does
	"$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o fair.yaml 2>/dev/null
	python3 - <<'PY'
import yaml
g = yaml.safe_load(open("fair.yaml"))
gkey = open("g.pub").read().split("\n")[1]
for r in g["roles"]:
    if r["name"] == "referee":
        r["key"] = gkey
    if r["name"] == "german":
        for f in ("nonce", "anchor", "signature"):
            r.pop(f, None)
open("forged.yaml", "w").write(yaml.safe_dump(g, sort_keys=False))
PY
	"$UMPIRE" join forged.yaml --side german -s g.key -o forged2.yaml
	run "$UMPIRE" join forged2.yaml --side soviet -s s.key -o s.yaml
	[ "$status" -eq 1 ]
	assert_output_has "the referee key is also side german's key"
	[ ! -e s.yaml ]
}

@test "6: join shows every role and the key it commits to" {
	"$UMPIRE" new russo-german-war -s g.key --side german=g.pub \
		--side soviet=s.pub --referee r.pub -o game.yaml 2>/dev/null
	run "$UMPIRE" join game.yaml --side soviet -s s.key -o g2.yaml
	[ "$status" -eq 0 ]
	for k in g s r; do
		id=$(sed -n 's/^untrusted comment: minisign public key //p' \
			$k.pub)
		assert_output_has "key $id"
	done
	assert_output_has "referee"
}
