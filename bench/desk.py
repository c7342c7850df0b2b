#!/usr/bin/env python3
"""desk.py BIN OUT - `make bench-desk`: the player's desk (umpire desk)
of a Race to the Reichstag under a referee played to step STEPS
(default 256, or its last step if it ends before) one decision a mail
(bench/one-answer on the template of the view the referee makes for
the side asked, as make bench's long game: the templates' own answers
end the game at step 71), keys made for the run, so that the native
command can sign with the side's key, measured in headless Chromium
(tests/e2e/cdp.py) on this machine, against the native command for the
same answers. The game is kept in build/bench-desk (beside BIN), with
the hash of what made it (the scenario, one-answer, STEPS): a rerun
plays it again only when one of those changed or the cached view no
longer opens. Prints one line and writes it into OUT
(bench/results.txt) in place of the last one it wrote:

  desk: page N KB, first question N ms, a click checked median N ms,
  max N ms (TITLE step S); native orders --answers N ms

page: the HTML umpire desk writes; first question: when the page's
first question appeared, in ms from the page's start (the page's own
record, body's data-ready: desk.js); unit chosen (the detail line):
from a click on the first lit unit of a question built by clicks (a
move) to its hexes lit, each time one is asked; a click checked: from
a click on
a legal answer (the first the rules offer that is not done, pass,
none or no; CLICKS times or until the step ends for the side) to the page showing the rules' next question,
the rules' run in the page included (the WebAssembly), median and
worst (the board, which the page draws in a task of its own after the
question, is timed too, to when it is drawn: the detail line); native: `umpire orders VIEW --answers FILE` on the answers those
clicks made (the file the page writes; a key made for the run), the
median of RUNS runs. A
measurement, not a test: it never fails on a missed goal.
"""
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CDP = os.path.join(HERE, "..", "tests", "e2e", "cdp.py")
CHOOSER = os.path.join(HERE, "one-answer")
SCENARIO = os.path.join(HERE, "..", "scenarios", "race-to-the-reichstag.yaml")

EXPR = """(async () => {
  const $ = id => document.getElementById(id);
  const sleep = ms => new Promise(r => setTimeout(r, ms));
  for (let i = 0; i < 600 && !document.body.dataset.ready; i++) {
    if ($("status").className == "error") break;
    await sleep(50);
  }
  if ($("skip")) $("skip").click();
  const ms = [], board = [], unit = [];
  for (let i = 0; i < %d; i++) {
    // a free-text question built by clicks on the board: a unit
    // chosen (its hexes lit, desk_probe), then cleared
    document.dispatchEvent(new Event("umpire-desk-board"));
    const u = !$("build").hidden &&
      document.querySelector("#board .spot.lit[data-kind=unit]");
    if (u) {
      const t0 = performance.now();
      u.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      unit.push(performance.now() - t0);
      if ($("build-clear")) $("build-clear").click();
    }
    const bs = [...document.querySelectorAll("#options button")];
    const b = bs.find(x => !/^(done|pass|none|no)$/.test(x.textContent)) ||
      bs[0];
    if (!b) break;
    const t0 = performance.now();
    b.click();
    ms.push(performance.now() - t0);
    if ($("said").className == "refused") break;
    if (document.body.dataset.board == "pending")
      await new Promise(r => new MutationObserver((m, o) => {
        o.disconnect(); r(); }).observe(document.body,
        { attributes: true, attributeFilter: ["data-board"] }));
    board.push(performance.now() - t0);
    await sleep(20);
  }
  return { ready: +document.body.dataset.ready, ms: ms, board: board,
    unit: unit,
    status: $("status").textContent, said: $("said").textContent,
    yaml: $("answers-yaml").textContent };
})()"""

MARK = "desk: "


def play(umpire, d, env, steps):
    """A Race to the Reichstag under a referee in d played one decision
    a mail to step steps (or to its last step, if it ends before): the
    side to order then (its view v.view, its key SIDE.key)."""
    def run(*a, **kw):
        return subprocess.run([umpire] + list(a), cwd=d, env=env, check=True,
                              capture_output=True, text=True, **kw).stdout
    for k in ("1bf", "1uf", "referee"):
        run("keygen", "-s", k + ".key", "-p", k + ".pub", "-W")
    run("new", "race-to-the-reichstag", "-s", "referee.key", "--side",
        "1bf=1bf.pub", "--side", "1uf=1uf.pub", "--referee", "referee.pub",
        "-o", "g0.yaml")
    run("join", "g0.yaml", "--side", "1bf", "-s", "1bf.key", "-o", "g1.yaml")
    run("join", "g1.yaml", "--side", "1uf", "-s", "1uf.key", "-o",
        "game.yaml")
    side = None
    while True:
        brief = run("status", "--brief", "game.yaml").split()
        if brief[0] == "over" and side:
            # the game's last step then: its view (of the step before)
            return side
        side = brief[1]
        run("view", "game.yaml", "--side", side, "-s", "referee.key", "-o",
            "v.view")
        if int(brief[-1]) >= steps:
            return side
        tpl = run("orders", "v.view", "-s", side + ".key")
        chosen = subprocess.run([CHOOSER], input=tpl, check=True,
                                capture_output=True, text=True).stdout
        with open(os.path.join(d, "o.yaml"), "w") as f:
            f.write(chosen)
        run("sign", "o.yaml", "-s", side + ".key", "-o", "o.signed")
        run("adjudicate", "game.yaml", "o.signed", "-s", "referee.key",
            "-o", "next.yaml", "--report", "/dev/null")
        os.replace(os.path.join(d, "next.yaml"), os.path.join(d, "game.yaml"))


def cached_game(umpire, cache, steps):
    """The game of play() in cache (its local records in cache/state),
    played again unless the stamp of what made it matches and its view
    still opens for its side: the side."""
    h = hashlib.sha256(b"steps %d\n" % steps)
    for f in (SCENARIO, CHOOSER):
        with open(f, "rb") as fh:
            h.update(fh.read())
    stamp = os.path.join(cache, "stamp")
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(cache, "state"))
    try:
        with open(stamp) as f:
            made, side = f.read().split()
        if made == h.hexdigest():
            subprocess.run([umpire, "orders", "v.view", "-s", side + ".key"],
                           cwd=cache, env=env, check=True,
                           capture_output=True)
            return side
    except (OSError, ValueError, subprocess.CalledProcessError):
        pass
    shutil.rmtree(cache, ignore_errors=True)
    os.makedirs(cache)
    side = play(umpire, cache, env, steps)
    with open(stamp + ".tmp", "w") as f:
        f.write("%s %s\n" % (h.hexdigest(), side))
    os.replace(stamp + ".tmp", stamp)
    return side


def chromium(who):
    """Chromium's path (who, the script, says it is missing)."""
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chrome:
        sys.exit("%s: chromium is not installed" % who)
    return chrome


def bench_game(umpire):
    """cached_game's game to step STEPS, kept beside umpire: its
    directory and the side to order."""
    cache = os.path.join(os.path.dirname(umpire), "bench-desk")
    return cache, cached_game(umpire, cache,
                              int(os.environ.get("STEPS", "256")))


def write(out, lines, mark=MARK):
    """lines in out in place of the lines there that start with mark (the
    desk's) and their notes (at its end if none), written atomically."""
    old = open(out).read().splitlines() if os.path.exists(out) else []
    at = next((i for i, ln in enumerate(old) if ln.startswith(mark)),
              len(old))
    end = min(at + 1, len(old))
    end += next((i for i, ln in enumerate(old[end:])
                 if not ln.startswith(" " * 12)), len(old) - end)
    old[at:end] = lines
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(old) + "\n")
    os.replace(out + ".tmp", out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    umpire, out = (os.path.abspath(a) for a in sys.argv[1:])
    chrome = chromium("desk.py")
    clicks = int(os.environ.get("CLICKS", "40"))
    runs = int(os.environ.get("RUNS", "5"))
    cache, side = bench_game(umpire)
    tmp = tempfile.mkdtemp(prefix="umpire-bench-desk-")
    try:
        # the cache's local records copied: the runs leave it as it is
        shutil.copytree(os.path.join(cache, "state"),
                        os.path.join(tmp, "state"))
        env = dict(os.environ, XDG_STATE_HOME=os.path.join(tmp, "state"))
        view = os.path.join(cache, "v.view")
        key = os.path.join(cache, side + ".key")
        page = os.path.join(tmp, "desk.html")
        subprocess.run([umpire, "desk", view, "-o", page], check=True)
        got = json.loads(subprocess.run(
            [sys.executable, CDP, chrome, "file://" + page, EXPR % clicks],
            check=True, capture_output=True, text=True).stdout)
        if not got["ms"] or got["said"].startswith("Refused"):
            sys.exit("desk.py: the page took no click: %r" % got)
        answers = os.path.join(tmp, "answers.yaml")
        with open(answers, "w") as f:
            f.write(got["yaml"])
        native = []
        for _ in range(runs):
            t0 = time.perf_counter()
            subprocess.run([umpire, "orders", view, "-s", key, "--answers",
                            answers, "-o", os.path.join(tmp, "o.yaml")],
                           check=True, env=env, stdout=subprocess.DEVNULL)
            native.append((time.perf_counter() - t0) * 1000)
        step = got["status"].split(",")[0].replace("Step ", "")
        title = subprocess.run(
            ["sed", "-n", "s/^<title>umpire desk: \\(.*\\), step .*/\\1/p",
             page], capture_output=True, text=True).stdout.strip()
        title = title.split(":")[0]
        line = ("%spage %d KB, first question %d ms, a click checked median "
                "%.0f ms, max %.0f ms (%s step %s); native orders --answers "
                "%.0f ms" % (MARK, os.path.getsize(page) // 1024,
                             got["ready"], statistics.median(got["ms"]),
                             max(got["ms"]), title, step,
                             statistics.median(native)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    unit = got["unit"]
    detail = ("            %d clicks (the first legal answer not done, "
              "pass, none or no), native the median of %d runs; the board "
              "drawn after the question, median %.0f ms, max %.0f ms from "
              "the click; %s; load average %.2f"
              % (len(got["ms"]), runs, statistics.median(got["board"]),
                 max(got["board"]),
                 "unit chosen median %.0f ms, max %.0f ms (%d)"
                 % (statistics.median(unit), max(unit), len(unit))
                 if unit else "no unit chosen (no move asked)",
                 os.getloadavg()[0]))
    print(line)
    print(detail)
    write(out, [line, detail])

if __name__ == "__main__":
    main()
