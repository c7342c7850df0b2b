#!/usr/bin/env python3
"""seeds.py - play again the seeds of today's formats for the fuzz targets.

A target whose kept corpus is of an old format stops at the version line
of every input: its replay in make check passes without reaching what
it was written for (the game target's corpus of game/1 files reached 465
edges; seeds of game/3 reach 3,216). This plays each game as the hostile
cases' fixtures are played (tests/hostile/run.py: keys, `umpire new`,
every join, then steps with the first legal answers) and writes, with
names that say what they are:

  corpus/game/GAME-0, GAME-3     the game file joined, and after step 3
  corpus/orders/GAME-signed-1    the signed orders of step 1
  corpus/orders/GAME-template    the order template of the pending step
  corpus/view/GAME-view-SIDE     the referee's views (referee mode)
  delta-base.yaml                Arnswalde 1945 at step 5 (fuzz_delta)
  corpus/delta/since-5, since-3, one-step
                                 files of new steps of the same game at
                                 step 8 and step 6

With game ids as arguments (seeds.py kampfgruppe-peiper), only those
games' seeds are played again, the rest (and the delta seeds) kept: a
scenario's version raised changes its own seeds alone.

make check-fuzz-seeds reads them all back with the program (audit,
append, status): a format changed without its seeds played again fails
there. Run from anywhere: UMPIRE_BIN and UMPIRE_SCENARIOS as run.py
takes them. The keys are made and thrown away.
"""
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "hostile"))
import run  # noqa: E402  (the fixtures' player)

GAMES = ["arnswalde-1945", "kampfgruppe-peiper", "russo-german-war",
         "aachen", "race-to-the-reichstag"]
CORPUS = os.path.join(HERE, "corpus")


def put(src, kind, name):
    shutil.copy(src, os.path.join(CORPUS, kind, name))


def fixture_seeds(base, games):
    for g in games:
        d = run.make_fixture(g, base)
        put(os.path.join(d, "game-0.yaml"), "game", g + "-0")
        put(os.path.join(d, "game-3.yaml"), "game", g + "-3")
        put(os.path.join(d, "signed-1.yaml"), "orders", g + "-signed-1")
        if os.path.exists(os.path.join(d, "orders.yaml")):
            put(os.path.join(d, "orders.yaml"), "orders", g + "-template")
        for f in sorted(os.listdir(d)):
            if f.startswith("view-") and f.endswith(".yaml"):
                put(os.path.join(d, f), "view", g + "-" + f[:-5])


def delta_seeds(base):
    """Arnswalde 1945 played to step 8: the base at step 5, and the
    deltas that extend it."""
    d = run.make_fixture_dir("arnswalde-1945", os.path.join(base, "delta"))
    for n in range(1, 9):
        if not run.play_step(d, n):
            raise SystemExit("seeds: the delta game ended at step %d" % n)
    shutil.copy(os.path.join(d, "game-5.yaml"),
                os.path.join(HERE, "delta-base.yaml"))
    out = os.path.join(CORPUS, "delta")
    for game, since, name in (("game-8.yaml", "5", "since-5"),
                              ("game-8.yaml", "3", "since-3"),
                              ("game-6.yaml", "5", "one-step")):
        run.umpire(d, "delta", game, "--since", since, "-o",
                   os.path.join(out, name))


def main(argv):
    games = argv[1:] or GAMES
    for g in games:
        if g not in GAMES:
            raise SystemExit("seeds: %s is none of %s" % (g, ", ".join(GAMES)))
    base = tempfile.mkdtemp(prefix="umpire-seeds-")
    try:
        fixture_seeds(base, games)
        if not argv[1:]:
            delta_seeds(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print("seeds: written under %s" % CORPUS)


if __name__ == "__main__":
    main(sys.argv)
