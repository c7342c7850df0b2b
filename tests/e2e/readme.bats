#!/usr/bin/env bats
# The samples of the repository README are what the program does: the
# sample orders and the events of the sample report are those of the
# conformance case readme-sample (which the program must pass), and every
# answer in the sample orders is one the program accepts there.

load helpers

README="$BATS_TEST_DIRNAME/../../README.md"
CASE="$BATS_TEST_DIRNAME/../conformance/arnswalde-1945/readme-sample.yaml"

@test "README: the sample orders are the answers of readme-sample" {
	run python3 - "$README" "$CASE" <<'PY'
import re, sys, yaml
readme, case = open(sys.argv[1]).read(), yaml.safe_load(open(sys.argv[2]))
block = readme.split("    answers:\n", 1)[1].split("    # -----BEGIN", 1)[0]
got = re.findall(r'^    - (\w[\w-]*): "([^"]*)"$', block, re.M)
want = [tuple(next(iter(a.items()))) for a in case["answers"]]
stand = re.findall(r'^      ([\w-]+): "([^"]*)"$', block, re.M)
ok = got == want and stand == list(case["standing"].items())
print("README answers %s standing %s\ncase answers %s standing %s" %
      (got, stand, want, list(case["standing"].items())))
sys.exit(0 if ok else 1)
PY
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "README: the sample report's events are those of readme-sample" {
	run python3 - "$README" "$CASE" <<'PY'
import re, sys, yaml
readme, case = open(sys.argv[1]).read(), yaml.safe_load(open(sys.argv[2]))
block = readme.split("    Turn 1, German action phase\n", 1)[1]
block = block.split("\n\n", 1)[0]
events, cur = [], None
for line in block.split("\n"):
    m = re.match(r"^      \[[\d.]+\] (?:\(to \w+\) )?(.*)$", line)
    if m:
        cur = [m.group(1)]
        events.append(cur)
    elif line.startswith("        ") and cur is not None:
        cur.append(line.strip())
    else:
        sys.exit("not a report line: %r" % line)
got = [" ".join(e) for e in events]
want = case["expect"]["events"]
print("README %s\ncase   %s" % (got, want))
sys.exit(0 if got == want else 1)
PY
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
}

@test "README: the sample draw lines read '1 of N in POOL'" {
	run grep -E '^      #[0-9]+ ' "$README"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -ge 2 ]
	run grep -cE ' left\)$' "$README"
	[ "$output" = 0 ]
	run grep -cE '\(1 of [0-9]+ in [a-z-]+\)$|\(1 of [0-9]+ in$' "$README"
	[ "$output" -ge 2 ]
}
