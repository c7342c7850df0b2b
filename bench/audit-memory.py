#!/usr/bin/env python3
"""audit-memory.py BIN [--before BIN0] [--write OUT] - the peak memory
of `umpire audit` by the game's length: a long Aachen game, one decision
a mail (bench/one-answer: every unit that may move moves, no
attack), played to AUDIT_MEMORY_STEPS (4,096) steps, audited at step
1,024 and at its last step; peak RSS by GNU time (%M), the median of 3
runs. --before BIN0: the same audits by BIN0 (the tree before a change),
in the same run, put in the line's note.

Aachen's 20 turns end at step 1,487 of such a game: the game is played
under a copy of the scenario whose one change is data.turns (LONG_TURNS,
60: about 74 steps a turn; the rules take 1 to 99), kept with the game,
and made with chains of CHAIN links a role (umpire new --chain-length:
each step takes a link of both sides, and the default 2,048 would end it
there), so that it is a real game of the rules, signed and chained as
any, to 4,096 steps.

The game is played once and kept under build/bench/audit-memory/ (a
play cut short goes on from the last step it kept, every 64th, where
the players' machine signed nothing after it; played again when the
scenario file changed): a run after a change measures the same game.

Prints one line a script can read, and notes under it:
  audit memory: 1,024 steps N MiB, 4,096 steps N MiB
Goals: under 16 MiB at 1,024 steps, at most 1.25 times that at 4,096.
--write OUT puts them in OUT in place of those there (bench.py's
write_carried; make bench carries them over).
"""
import hashlib
import os
import re
import shutil
import statistics
import subprocess
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
GOAL_STEPS = 4096
STEPS = int(os.environ.get("AUDIT_MEMORY_STEPS", GOAL_STEPS))
AT = 1024
LONG_TURNS = 60
# each step takes a link of both sides' chains (actor and counter-party):
# umpire new's default, 2,048 links, ends the game at step 2,048
CHAIN = 4352
CACHE = os.path.join(ROOT, "build", "bench", "audit-memory")
SCN = os.path.join(CACHE, "scenarios")


def long_scenario():
    """The stock aachen.yaml with data.turns LONG_TURNS (its text)."""
    with open(os.path.join(bench.SCN, "aachen.yaml"), "rb") as f:
        text = f.read()
    old = b"\ndata:\n  turns: 20\n"
    if text.count(old) != 1:
        sys.exit("audit-memory: scenarios/aachen.yaml has no "
                 "'data: turns: 20' to lengthen")
    return text.replace(old, b"\ndata:\n  turns: %d\n" % LONG_TURNS)


def stamp_text():
    return "%s %d %d %d\n" % (hashlib.sha256(long_scenario()).hexdigest(),
                              GOAL_STEPS, LONG_TURNS, CHAIN)


def new_with_chain(cwd, *args, **kw):
    """fixture.umpire, its `umpire new` given --chain-length CHAIN."""
    if args and args[0] == "new":
        args += ("--chain-length", str(CHAIN))
    return umpire_plain(cwd, *args, **kw)


umpire_plain = fixture.umpire
fixture.umpire = new_with_chain


def kept_steps(g):
    """The steps whose game files the play kept (game-K.yaml)."""
    return [int(f[5:-5]) for f in os.listdir(g)
            if re.match(r"^game-\d+\.yaml$", f)] if os.path.isdir(g) else []


def the_game():
    """The played game's directory and the step measured: STEPS, played
    on to it from the last step kept where the game is shorter (or the
    game's last step, where it ended first)."""
    stamp = os.path.join(CACHE, "stamp")
    g = os.path.join(CACHE, "aachen")
    if not (os.path.exists(stamp) and open(stamp).read() == stamp_text()):
        shutil.rmtree(CACHE, ignore_errors=True)
        os.makedirs(SCN)
        with open(os.path.join(SCN, "aachen.yaml"), "wb") as f:
            f.write(long_scenario())
        with open(stamp, "w") as f:
            f.write(stamp_text())
    # every command of the play and the audits under the long copy
    fixture.SCN = SCN
    over = os.path.join(CACHE, "over")
    if os.path.exists(over):
        return g, min(int(open(over).read()), STEPS)
    kept = kept_steps(g)
    if kept and max(kept) >= STEPS:
        return g, max(k for k in kept if k <= STEPS)
    n = max(kept or [0])
    state = os.path.join(CACHE, "state")
    if n:
        # cut short: on from the last step kept, if the players'
        # machine has signed nothing after it (else from the start)
        st = fixture.umpire(g, "status", "--brief", "game-%d.yaml" % n,
                            extra={"XDG_STATE_HOME": state}).stdout
        if st.startswith(b"pending"):
            shutil.copy(os.path.join(g, "game-%d.yaml" % n),
                        os.path.join(g, "game.yaml"))
        else:
            n = 0
    if not n:
        shutil.rmtree(g, ignore_errors=True)
        shutil.rmtree(state, ignore_errors=True)
        g = fixture.make_fixture_dir("aachen", CACHE)
    chooser = [os.path.join(HERE, "one-answer"), "attack"]
    while n < STEPS:
        # every 64th step kept (a play cut short goes on from there),
        # and the steps measured
        keep = (n + 1) % 64 == 0 or n + 1 in (AT, STEPS)
        if not bench.chosen_step(g, n + 1, chooser, keep, state):
            shutil.copy(os.path.join(g, "game.yaml"),
                        os.path.join(g, "game-%d.yaml" % n))
            with open(over, "w") as f:
                f.write("%d\n" % n)
            break
        for f in ("orders-%d.yaml" % (n + 1), "signed-%d.yaml" % (n + 1)):
            os.unlink(os.path.join(g, f))
        n += 1
        if n % 256 == 0:
            print("audit-memory: played to step %d" % n, flush=True)
    return g, n


def peak_rss(binary, g, k):
    """The median peak RSS (KiB) of 3 audits of step k's file by binary
    (GNU time), each checked to say "audit ok"."""
    env = dict(bench.ENV, UMPIRE_SCENARIOS=SCN)
    got = []
    for _ in range(3):
        p = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "audit",
                            "game-%d.yaml" % k], cwd=g, env=env,
                           capture_output=True)
        if p.returncode or not p.stdout.startswith(b"audit ok"):
            sys.exit("audit-memory: %s audit game-%d.yaml failed: %s" % (
                binary, k, p.stderr.decode(errors="replace")))
        got.append(int(p.stderr.decode().strip().split("\n")[-1]))
    return statistics.median(got)


def main():
    write = sys.argv[sys.argv.index("--write") + 1] \
        if "--write" in sys.argv else None
    before = os.path.abspath(sys.argv[sys.argv.index("--before") + 1]) \
        if "--before" in sys.argv else None
    t0 = time.time()
    g, last = the_game()
    at = min(AT, last)
    a, b = peak_rss(bench.BIN, g, at), peak_rss(bench.BIN, g, last)
    size = [os.path.getsize(os.path.join(g, "game-%d.yaml" % k))
            for k in (at, last)]
    lines = [
        "audit memory: %s steps %.1f MiB, %s steps %.1f MiB" % (
            format(at, ","), a / 1024, format(last, ","), b / 1024),
        "            peak RSS (GNU time, the median of 3) of umpire audit "
        "of a long Aachen game (bench/one-answer; data.turns %d, "
        "bench/audit-memory.py), files of %d and %d KiB; goals: under 16 "
        "MiB at 1,024 steps (%s), at most 1.25 times that at 4,096 (%s: "
        "x%.2f at %s) (%s, %.0f s)" % (
            LONG_TURNS, size[0] // 1024, size[1] // 1024,
            "met" if at == AT and a < 16 * 1024 else "MISSED",
            "met" if last == GOAL_STEPS and b <= 1.25 * a else "MISSED",
            b / a, format(last, ","),
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            time.time() - t0)]
    if before:
        a0, b0 = peak_rss(before, g, at), peak_rss(before, g, last)
        lines.append("            the tree before (the --before binary), "
                     "in the same run: %.1f MiB and %.1f MiB (x%.2f)" % (
                         a0 / 1024, b0 / 1024, b0 / a0))
    if last < GOAL_STEPS:
        lines.append("            the game measured at step %s, not %s "
                     "(AUDIT_MEMORY_STEPS, or the game's end)" % (
                         format(last, ","), format(GOAL_STEPS, ",")))
    print("\n".join(lines))
    if write:
        bench.write_carried(write, lines)


if __name__ == "__main__":
    main()
