#!/usr/bin/env python3
"""audit-memory.py BIN [--write OUT] - the peak memory of `umpire audit`
by the game's length: the long Aachen game of bench.py (one decision a
mail, bench/one-answer.py: every unit that may move moves, no attack),
played to AUDIT_MEMORY_STEPS (4,096) steps or its end, and audited at
step 1,024 and at its last step; peak RSS by GNU time (%M), the
median of 3 runs.

The game is played once and kept under build/bench/audit-memory/ (a
play cut short goes on from the last step it kept, every 64th, where
the players' machine signed nothing after it; played again when the
scenario file changed): a run after a change measures the same game.

Prints one line a script can read, and a note under it:
  audit memory: 1,024 steps N MiB, 4,096 steps N MiB
(the second names the game's last step where it ended before 4,096:
Aachen's 20 turns end at about 1,490 steps; a note then gives the
growth a step and 4,096 steps extrapolated).
Goals: under 16 MiB at 1,024 steps, at most 1.25 times that at 4,096.
--write OUT puts them in OUT in place of those there (bench.py's
write_carried; make bench carries them over).
"""
import hashlib
import os
import re
import shutil
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIN_ARG = os.path.abspath(sys.argv[1])
# bench.py's players (chosen_step): it reads BIN and BARE from its
# command line
sys.argv[1:] = [BIN_ARG, "/bin/true"] + sys.argv[2:]
import bench  # noqa: E402

fixture = bench.fixture
STEPS = int(os.environ.get("AUDIT_MEMORY_STEPS", "4096"))
AT = 1024
CACHE = os.path.join(ROOT, "build", "bench", "audit-memory")


def stamp_text():
    with open(os.path.join(fixture.SCN, "aachen.yaml"), "rb") as f:
        return "%s %d\n" % (hashlib.sha256(f.read()).hexdigest(), STEPS)


def the_game():
    """The played game's directory and its last step (played on now
    where it was not to its end)."""
    stamp = os.path.join(CACHE, "stamp")
    g = os.path.join(CACHE, "aachen")
    if not (os.path.exists(stamp) and open(stamp).read() == stamp_text()):
        shutil.rmtree(CACHE, ignore_errors=True)
        os.makedirs(CACHE)
        with open(stamp, "w") as f:
            f.write(stamp_text())
    done = os.path.join(CACHE, "steps")
    if os.path.exists(done):
        return g, int(open(done).read())
    n = 0
    state = os.path.join(CACHE, "state")
    if os.path.isdir(g):
        # cut short: on from the last step kept, if the players'
        # machine has signed nothing after it (else from the start)
        n = max([int(f[5:-5]) for f in os.listdir(g)
                 if re.match(r"^game-\d+\.yaml$", f)] or [0])
        st = fixture.umpire(g, "status", "--brief", "game-%d.yaml" % n,
                            extra={"XDG_STATE_HOME": state}).stdout
        if n and st.startswith(b"pending"):
            shutil.copy(os.path.join(g, "game-%d.yaml" % n),
                        os.path.join(g, "game.yaml"))
        else:
            n = 0
            shutil.rmtree(g)
            shutil.rmtree(state, ignore_errors=True)
    if not n:
        g = fixture.make_fixture_dir("aachen", CACHE)
    chooser = ["python3", os.path.join(HERE, "one-answer.py"), "attack"]
    while n < STEPS:
        # every 64th step kept (a play cut short goes on from there),
        # and step AT
        keep = (n + 1) % 64 == 0 or n + 1 == AT
        if not bench.chosen_step(g, n + 1, chooser, keep, state):
            break
        for f in ("orders-%d.yaml" % (n + 1), "signed-%d.yaml" % (n + 1)):
            os.unlink(os.path.join(g, f))
        n += 1
        if n % 256 == 0:
            print("audit-memory: played to step %d" % n, flush=True)
    shutil.copy(os.path.join(g, "game.yaml"),
                os.path.join(g, "game-%d.yaml" % n))
    with open(done, "w") as f:
        f.write("%d\n" % n)
    return g, n


def peak(g, k):
    """The median peak RSS (KiB) of 3 audits of step k's file."""
    return statistics.median(bench.peak_rss(
        [bench.BIN, "audit", "game-%d.yaml" % k], g) for _ in range(3))


def main():
    write = sys.argv[sys.argv.index("--write") + 1] \
        if "--write" in sys.argv else None
    t0 = time.time()
    g, last = the_game()
    at = min(AT, last)
    a, b = peak(g, at), peak(g, last)
    size = [os.path.getsize(os.path.join(g, "game-%d.yaml" % k))
            for k in (at, last)]
    lines = [
        "audit memory: %s steps %.1f MiB, %s steps %.1f MiB" % (
            format(at, ","), a / 1024, format(last, ","), b / 1024),
        "            peak RSS (GNU time, the median of 3) of umpire audit "
        "of the long Aachen game (bench/one-answer.py), files of %d and %d "
        "KiB; goals: under 16 MiB at 1,024 steps (%s), at most 1.25 times "
        "that at 4,096 (%s) (bench/audit-memory.py, %s, %.0f s)" % (
            size[0] // 1024, size[1] // 1024,
            "met" if at == AT and a < 16 * 1024 else "MISSED",
            "met" if last == STEPS and b <= 1.25 * a else "MISSED",
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            time.time() - t0)]
    if last < STEPS and last > at:
        # the game ended first (Aachen: 20 turns, about 1,490 steps)
        slope = (b - a) / (last - at)
        lines.append("            the game ended at step %s, before %s: "
                     "%.1f KiB a step from %s on, %.1f MiB at %s steps "
                     "if it grew alike (extrapolated)" % (
                         format(last, ","), format(STEPS, ","), slope,
                         format(at, ","),
                         (b + slope * (STEPS - last)) / 1024,
                         format(STEPS, ",")))
    print("\n".join(lines))
    if write:
        bench.write_carried(write, lines)

if __name__ == "__main__":
    main()
