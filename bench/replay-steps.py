#!/usr/bin/env python3
"""replay-steps.py PAGE... - how long a step of an umpire replay page takes
to appear in headless Chromium on this machine: from the right-arrow key
to the second animation frame after it (the step laid out and painted),
over STEPS steps from the first (default 25), the median and the worst,
with the script's own share (key handler, in ms). The pages are measured
in turn, REPEATS times (default 3), so that pages measured together meet
the same load; the load average is printed with them. A measurement,
not a test: the goal (under 100 ms a step) is read off its output.

  REPEATS=5 STEPS=25 bench/replay-steps.py old.html new.html
"""
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CDP = os.path.join(HERE, "..", "tests", "e2e", "cdp.py")

EXPR = """(async () => {
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const key = k => document.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
  await frame(); await sleep(500);
  const all = [], js = [];
  for (let i = 0; i < %d; i++) {
    const t0 = performance.now();
    key("ArrowRight");
    js.push(performance.now() - t0);
    await frame();
    all.push(performance.now() - t0);
    await sleep(150);
  }
  return {all: all, js: js};
})()"""


def main():
    pages = sys.argv[1:]
    if not pages:
        sys.exit(__doc__)
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chrome:
        sys.exit("replay-steps.py: chromium is not installed")
    repeats = int(os.environ.get("REPEATS", "3"))
    steps = int(os.environ.get("STEPS", "25"))
    got = {p: ([], []) for p in pages}
    print("load average at start: %.2f %.2f %.2f" % os.getloadavg())
    for r in range(repeats):
        for p in pages:
            out = subprocess.run(
                [sys.executable, CDP, chrome,
                 "file://" + os.path.abspath(p) + "#step=0", EXPR % steps],
                check=True, capture_output=True, text=True).stdout
            v = json.loads(out)
            got[p][0].append(statistics.median(v["all"]))
            got[p][1].append(statistics.median(v["js"]))
            print("  run %d %s: median %.0f ms (js %.0f), max %.0f" % (
                r + 1, p, got[p][0][-1], got[p][1][-1], max(v["all"])),
                flush=True)
    print("load average at end: %.2f %.2f %.2f" % os.getloadavg())
    for p in pages:
        print("%s: a step %.0f ms (median of %d runs' medians, %d steps "
              "each; js %.0f ms)" % (p, statistics.median(got[p][0]),
                                     repeats, steps,
                                     statistics.median(got[p][1])))


main()
