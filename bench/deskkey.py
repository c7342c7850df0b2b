#!/usr/bin/env python3
"""deskkey.py BIN OUT [BEFORE] - `make bench-desk`'s key line: the
player's key in the desk page (src/desk/keys.c, deskkeys.js) in headless
Chromium (tests/e2e/cdp.py) on this machine, against umpire keygen's
own scrypt, run after bench/desk.py (its game, kept in build/bench-desk
beside BIN). Prints one line and its note and writes them into OUT
(bench/results.txt) in place of the last ones it wrote:

  page key: open N ms (scrypt as keygen), sign N ms; before: open N
  ms, sign N ms; native keygen N ms

open: a secret key file umpire keygen made with a passphrase (scrypt at
minisign's limits, 1 GiB), opened in a page just loaded (the page's own
record, body's data-key-open-ms: the C's read of the key, its scrypt
included); sign: the side's key (unencrypted) opened in a page just
loaded, the answers the first legal ones (at most CLICKS), signed and
sealed to the referee (body's data-sign-ms); before: the same with the
page of BEFORE (an umpire built from the tree before a change), the
pages in turn, this one then that one; each the median of RUNS; native
keygen: `umpire keygen` with the same passphrase (its scrypt, to
encrypt the key), the median of RUNS runs. The note under the line
gives each open, keygen's CPU and the load average (the machine's other
work stretches both the page's and keygen's wall time).
A measurement, not a test: it never fails on a
missed goal.
"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import desk  # noqa: E402  (bench/desk.py: its game, write)

CDP = os.path.join(HERE, "..", "tests", "e2e", "cdp.py")
MARK = "page key: "
PASS = "a bench passphrase"

# The page's key panel ready, and what it said after a click (at most
# 10 minutes: scrypt on a loaded machine).
WAIT = """const sleep = ms => new Promise(r => setTimeout(r, ms));
  const $ = id => document.getElementById(id);
  for (let i = 0; i < 600 && document.body.dataset.keys != "ready"; i++)
    await sleep(100);
  const said = async () => { for (let i = 0; i < 6000 &&
    !$("key-said").className; i++) await sleep(100);
    const s = $("key-said").textContent; $("key-said").className = "";
    return s; };"""
OPEN = """(async () => { %s $("key-pass").value = %s;
  $("key-open").click(); const s = await said();
  return { said: s, ms: +document.body.dataset.keyOpenMs }; })()"""
SIGN = """(async () => { %s $("key-open").click(); await said();
  $("skip").click();
  for (let i = 0; i < %d; i++) {
    const b = document.querySelector("#options button");
    if (!b) break;
    b.click();
  }
  $("sign").click(); const s = await said();
  return { said: s, ms: +document.body.dataset.signMs }; })()"""


def children_cpu():
    """The CPU ms of the children reaped so far."""
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (c.ru_utime + c.ru_stime) * 1000


def page(chrome, html, key, expr):
    """expr's value in the page html, the key file key picked."""
    out = subprocess.run(
        [sys.executable, CDP, chrome, "file://" + html,
         "(async () => { %s return 0; })()" % WAIT, "@file #key-file " + key,
         expr], check=True, capture_output=True, text=True).stdout
    got = json.loads(out.splitlines()[-1])
    if "open" not in got["said"] and "Signed" not in got["said"]:
        sys.exit("deskkey.py: the page refused: %r" % got)
    return got["ms"]


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    umpire, out = (os.path.abspath(a) for a in sys.argv[1:3])
    before = os.path.abspath(sys.argv[3]) if len(sys.argv) == 4 else None
    chrome = desk.chromium("deskkey.py")
    runs = int(os.environ.get("RUNS", "3"))
    clicks = int(os.environ.get("CLICKS", "12"))
    cache, side = desk.bench_game(umpire)
    tmp = tempfile.mkdtemp(prefix="umpire-bench-deskkey-")
    try:
        with open(os.path.join(tmp, "pass"), "w") as f:
            f.write(PASS + "\n")
        env = dict(os.environ, UMPIRE_PASSPHRASE_FILE=os.path.join(tmp,
                                                                   "pass"))
        native, cpu = [], []
        for i in range(runs):
            key = os.path.join(tmp, "k%d.key" % i)
            t0, c0 = time.perf_counter(), children_cpu()
            subprocess.run([umpire, "keygen", "-s", key, "-p",
                            os.path.join(tmp, "k%d.pub" % i)], check=True,
                           env=env, stdout=subprocess.DEVNULL)
            native.append((time.perf_counter() - t0) * 1000)
            cpu.append(children_cpu() - c0)
        pages = {}
        for name, binary in (("now", umpire), ("before", before)):
            if binary:
                pages[name] = os.path.join(tmp, name + ".html")
                subprocess.run([binary, "desk", os.path.join(cache, "v.view"),
                                "-o", pages[name]], check=True)
        opened = {name: [] for name in pages}
        signed = {name: [] for name in pages}
        side_key = os.path.join(cache, side + ".key")
        for i in range(runs):
            for name, html in pages.items():
                opened[name].append(page(
                    chrome, html, os.path.join(tmp, "k%d.key" % i),
                    OPEN % (WAIT, json.dumps(PASS))))
                signed[name].append(page(chrome, html, side_key,
                                         SIGN % (WAIT, clicks)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def figures(name):
        return "open %.0f ms, sign %.0f ms" % (
            statistics.median(opened[name]), statistics.median(signed[name]))
    line = MARK + figures("now").replace(
        " ms, sign", " ms (scrypt as keygen), sign", 1)
    if "before" in pages:
        line += "; before: " + figures("before")
    line += "; native keygen %.0f ms" % statistics.median(native)
    detail = ("            the median of %d runs in turn (open: %s ms), "
              "a page just loaded each time, a key umpire keygen made; "
              "native keygen's CPU median %.0f ms; load average %.2f"
              % (runs, ", ".join("%s %s" % (n, " ".join(
                  "%.0f" % v for v in opened[n])) for n in opened),
                 statistics.median(cpu), os.getloadavg()[0]))
    print(line)
    print(detail)
    desk.write(out, [line, detail], MARK)


main()
