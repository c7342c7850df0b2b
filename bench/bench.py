#!/usr/bin/env python3
"""bench.py BIN BARE [OUT | --reichstag | --aachen | --mail | --flat |
--judge | --judge-cost | [OUT] --balance [GAMES]] - `make bench`:
umpire measured side by side with stock minisign and with the bare
cost of its cryptography, in one run on this machine. Prints the ratios
and writes them, with the machine description, to OUT
(bench/results.txt). A benchmark, not a test: it never fails on a
missed goal, it reports it.

Each timing runs the command REPS times in a row as separate processes
(as a player or a referee runs it) and keeps the median of 5 rounds of
the total; both sides of a ratio are timed the same way, in alternation.
Peak memory is the maximum resident set size of the process (wait4).
"""
import atexit
import itertools
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "hostile"))
import run as fixture  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
BARE = os.path.abspath(sys.argv[2])
OUT_GIVEN = len(sys.argv) > 3 and not sys.argv[3].startswith("--")
OUT = sys.argv[3] if OUT_GIVEN else os.path.join(HERE, "results.txt")
fixture.BIN = BIN
SCN = fixture.SCN
ENV = dict(os.environ, UMPIRE_SCENARIOS=SCN)
# the keys' local records (umpire(1), FILES) in a directory of their own
ENV["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="umpire-bench-state-")
atexit.register(shutil.rmtree, ENV["XDG_STATE_HOME"], True)
ENV.pop("UMPIRE_CONFIG", None)


def run_once(cmd, cwd, want=0, env=None):
    p = subprocess.Popen(cmd, cwd=cwd, env=env or ENV,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    err = p.stderr.read()
    p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != want:
        raise SystemExit("bench: %s failed (%d): %s" % (
            " ".join(cmd), code, err.decode(errors="replace")))
    return ru.ru_maxrss  # KiB


def peak_rss(cmd, cwd):
    """Maximum resident set size of cmd in KiB (GNU time)."""
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + cmd, cwd=cwd,
                       env=ENV, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, check=True)
    return int(p.stderr.decode().strip().split("\n")[-1])


def timed(cmd, cwd, reps, want=0, env=None):
    t = time.perf_counter()
    for _ in range(reps):
        run_once(cmd, cwd, want, env)
    return (time.perf_counter() - t) / reps


def cpu_used(cmd, cwd, reps):
    """Median CPU seconds (user and system, every thread) of one run."""
    used = []
    for _ in range(reps):
        p = subprocess.Popen(cmd, cwd=cwd, env=ENV,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        _, _, ru = os.wait4(p.pid, 0)
        used.append(ru.ru_utime + ru.ru_stime)
    return statistics.median(used)


def compare(a, b, cwd, reps, rounds=5, env_a=None):
    """Median seconds per run of a (in env_a, else ENV) and b, timed in
    alternation."""
    ta, tb = [], []
    for _ in range(rounds):
        ta.append(timed(a, cwd, reps, env=env_a))
        tb.append(timed(b, cwd, reps))
    return statistics.median(ta), statistics.median(tb)


def play_longest(base):
    """Play Arnswalde to the end with a few strategies and difficulties;
    keep the longest game (with every prefix: game-K.yaml)."""
    best = None
    for diff in ("low", "medium", "high"):
        for strategy in ("first", "example"):
            d = os.path.join(base, "%s-%s" % (diff, strategy))
            os.makedirs(d)
            g = fixture.make_fixture_dir("arnswalde-1945", d)
            n = 0
            while play(g, n + 1, strategy):
                n += 1
            if best is None or n > best[1]:
                best = (g, n, diff, strategy)
    return best


def play_every_game(base):
    """Play every shipped scenario to its end with the first legal
    answers; return [(steps, scenario, dir)]."""
    games = []
    for scn in sorted(f[:-5] for f in os.listdir(SCN) if f.endswith(".yaml")):
        d = os.path.join(base, "all-" + scn)
        os.makedirs(d)
        try:
            g = fixture.make_fixture_dir(scn, d)
        except fixture.Failure:
            continue  # no rules module yet
        n = 0
        while fixture.play_step(g, n + 1):
            n += 1
        games.append((n, scn, g))
    return games


LONG_STEPS = 1024
# the long game's early step judge_cost compares with its step 1,024:
# the first movement step from this one on (Aachen's set-up fills the
# first ten steps, and a set-up step costs less than a move)
LIKE_FROM = 8


def is_movement(g, k):
    """Whether step k of the long game (g/orders-K.yaml, one-answer's
    one answer) answers a movement question (rule 5.0, "move")."""
    with open(os.path.join(g, "orders-%d.yaml" % k)) as f:
        return f.read().split("\nanswers:\n- ", 1)[-1].startswith("move:")


def like_steps(g, n):
    """The steps of the long game judge_cost compares, movement to
    movement: the first movement step from LIKE_FROM on, and the last
    movement step up to n (LONG_STEPS, the game's step 1,024)."""
    k0 = next((k for k in range(LIKE_FROM, n + 1) if is_movement(g, k)),
              LIKE_FROM)
    k1 = next((k for k in range(n, k0, -1) if is_movement(g, k)), n)
    return k0, k1


def play_long(base):
    """Aachen with one decision a mail (bench/one-answer: every unit
    that may move moves, no attack, so no unit is lost and the game is
    not shortened), up to LONG_STEPS steps. Keeps game-K.yaml for K a
    power of two, one less, and the last. Returns (steps, scenario,
    dir)."""
    d = os.path.join(base, "long")
    os.makedirs(d)
    g = fixture.make_fixture_dir("aachen", d)
    chooser = [os.path.join(HERE, "one-answer"), "attack"]
    # the players' machine: its records and checkpoints kept from step
    # to step (with none, each command replays the whole game, and
    # 1,024 steps take hours)
    state = os.path.join(base, "long-state")
    n = 0
    moved = False
    while n < LONG_STEPS:
        # from step 8 to the first movement step, every step's game
        # and machine kept: judge_cost compares movement to movement
        early = n + 1 >= LIKE_FROM and not moved
        keep = (n + 1) & n == 0 or (n + 2) & (n + 1) == 0 or early
        if early and n + 1 not in FLAT_STEPS:
            shutil.copytree(state, "%s-%d" % (state, n))
        if not chosen_step(g, n + 1, chooser, keep, state):
            break
        n += 1
        moved = moved or (early and is_movement(g, n))
        # the machine as it stood before each step the flat section
        # times (a record and checkpoints of that game's length, not
        # of the whole game's)
        if n + 1 in FLAT_STEPS:
            shutil.copytree(state, "%s-%d" % (state, n))
    shutil.copy(os.path.join(g, "game.yaml"),
                os.path.join(g, "game-%d.yaml" % n))
    return (n, "aachen", g)


def flat_referee(base, out, steps, d):
    """view, status and adjudicate of a referee's turn by the game's
    length (play_judged's game): at each step K of FLAT_STEPS reached
    and at the last, the referee's machine as the play left it before
    step K. Returns what the goals hold to 1.5: the growth of view and
    status from the first to the last, and the most adjudicate costs
    at one size against status plus the durable write of its file."""
    ks = [k for k in FLAT_STEPS if k < steps] + [steps]
    out("flat-ref    a referee's turn by the game's length: Race to the "
        "Reichstag, one decision a mail (bench/one-answer on the "
        "view's template),")
    out("            the referee's view for the side asked next, status "
        "and adjudicate of step K, with his records and checkpoints as "
        "the play left them")
    out("            step     file     view   status  adjudic.  write  "
        "adj/(st+write)")
    jobs = {}
    adj_goal = 0.0
    for k in ks:
        envs = []
        kept = os.path.join(base, "reichstag-state-%d" % (k - 1))
        for what in ("view", "status", "adjudicate"):
            e = dict(ENV, XDG_STATE_HOME=os.path.join(
                base, "flat-ref-%s-%d" % (what, k)))
            shutil.copytree(kept, e["XDG_STATE_HOME"])
            envs.append(e)
        side = fixture.umpire(d, "status", "--brief", "game-%d.yaml" % k,
                              extra={"XDG_STATE_HOME": envs[1][
                                  "XDG_STATE_HOME"]}).stdout.split()
        side = side[1].decode() if side[0] == b"pending" else "1bf"
        view = ([BIN, "view", "game-%d.yaml" % k, "--side", side, "-s",
                 "referee.key", "-o", "flat-%d.view" % k], envs[0])
        st = ([BIN, "status", "game-%d.yaml" % k], envs[1])
        adj = ([BIN, "adjudicate", "game-%d.yaml" % (k - 1),
                "signed-%d.yaml" % k, "-s", "referee.key", "-o",
                "flat-%d.yaml" % k], envs[2])
        for job in (view, st, adj):
            run_once(job[0], d, env=job[1])
        # adjudicate's goal: status plus the durable write of its file
        new = open(os.path.join(d, "flat-%d.yaml" % k), "rb").read()
        wr = durable_write(new, os.path.join(d, "flat-w-%d.yaml" % k))
        tv, ts, ta, tw = timed_many([view, st, adj, wr], d, 5)
        adj_goal = max(adj_goal, ta / (ts + tw))
        jobs[k] = (view, st, adj)
        out("            %5d %6d KiB %7.2f %8.2f %9.2f %6.2f %9.2f" % (
            k, os.path.getsize(os.path.join(d, "game-%d.yaml" % k)) //
            1024, tv * 1e3, ts * 1e3, ta * 1e3, tw * 1e3,
            ta / (ts + tw)))
    k0, k1 = ks[0], ks[-1]
    t = timed_many(list(jobs[k0]) + list(jobs[k1]), d, 5, rounds=7)
    grow = tuple(t[3 + i] / t[i] for i in range(3))
    out("            step %d against step %d, timed in alternation: "
        "view x%.2f, status x%.2f, adjudicate x%.2f (goal <= 1.5 for "
        "view and status; adjudicate at most %.2f times status plus the "
        "write, goal <= 1.5)" % ((k1, k0) + grow + (adj_goal,)))
    return (grow[0], grow[1], adj_goal)


def play_aachen(base):
    """Aachen as the example is played (examples/aachen/choose.py: a
    whole player turn an order file, standing orders, both sides
    attack) to its end. Keeps the game before the last step
    (game-before.yaml) and the last step's orders (signed-last.yaml).
    Returns (steps, dir, adjudicating side)."""
    d = os.path.join(base, "aachen-fight")
    os.makedirs(d)
    g = fixture.make_fixture_dir("aachen", d)
    choose = os.path.join(ROOT, "examples", "aachen", "choose.py")
    n, counter = 0, None
    while True:
        st = fixture.umpire(g, "status", "--brief",
                            "game.yaml").stdout.split()
        if st[0] != b"pending":
            break
        n += 1
        actor = st[1].decode()
        counter = fixture.game_counter(g, actor)
        orders = subprocess.run(
            ["python3", choose, actor, "game.yaml", actor + ".key", BIN],
            cwd=g, env=ENV, capture_output=True, check=True).stdout
        open(os.path.join(g, "orders-last.yaml"), "wb").write(orders)
        fixture.umpire(g, "sign", "orders-last.yaml", "-s", actor + ".key",
                       "-o", "signed-last.yaml")
        shutil.copy(os.path.join(g, "game.yaml"),
                    os.path.join(g, "game-before.yaml"))
        fixture.umpire(g, "adjudicate", "game.yaml", "signed-last.yaml",
                       "-s", counter + ".key", "-o", "next.yaml")
        os.replace(os.path.join(g, "next.yaml"),
                   os.path.join(g, "game.yaml"))
    return n, g, counter


FLAT_STEPS = (8, 64, 256, 512, 1024)


def durable_write(data, path):
    """What adjudicate does with its output: write, fsync, rename,
    directory sync. Returns a callable for timed_many."""
    d = os.path.dirname(path)

    def write():
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, data)
        os.fsync(fd)
        os.close(fd)
        os.rename(tmp, path)
        dfd = os.open(d, os.O_RDONLY)
        os.fsync(dfd)
        os.close(dfd)
    return write


def timed_many(jobs, cwd, reps, rounds=5, cpu=None):
    """Median seconds per run of each job, timed in alternation, round
    after round. A job is (cmd, env) or a python callable. cpu, a list:
    receives the median CPU seconds (user and system) of each command
    job's runs (0 for a callable), which a loaded machine inflates less
    than the time."""
    ts = [[] for _ in jobs]
    cs = [[] for _ in jobs]
    for _ in range(rounds):
        for k, job in enumerate(jobs):
            t = time.perf_counter()
            for _ in range(reps):
                if callable(job):
                    job()
                    cs[k].append(0)
                    continue
                p = subprocess.Popen(job[0], cwd=cwd, env=job[1],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
                _, status, ru = os.wait4(p.pid, 0)
                if os.waitstatus_to_exitcode(status) != 0:
                    raise SystemExit("bench: %s failed" % " ".join(job[0]))
                cs[k].append(ru.ru_utime + ru.ru_stime)
            ts[k].append((time.perf_counter() - t) / reps)
    if cpu is not None:
        cpu[:] = [statistics.median(c) for c in cs]
    return [statistics.median(t) for t in ts]


def flat(base, out, steps, lg):
    """A turn at step 8 and at step 1,024 of the same game (lg, played
    by play_long): status of game-K, adjudicate of step K (game-K-1
    and signed-K), the order template of step K + 1 and sign -g of
    step K's orders, each with this machine's state as the players'
    play left it before step K (play_long's local records and
    checkpoints, kept then), side by
    side with the durable write of the new game file and with
    minisign -V of one signed order file. Returns what the goals hold
    to 1.5: the growth of status, orders and sign -g from the first to
    the last size, and the most adjudicate costs at one size against
    status plus the durable write of its file."""
    ks = [k for k in FLAT_STEPS if k <= steps and
          os.path.exists(os.path.join(lg, "game-%d.yaml" % (k - 1)))]
    if not ks:
        return None
    o = "orders-%d.yaml" % ks[0]
    actor = open(os.path.join(lg, o)).read().split(
        "\nside: ", 1)[1].split("\n", 1)[0]
    fixture.umpire(lg, "sign", o, "-s", actor + ".key", "--detached",
                   "-o", o + ".minisig")
    msv = (["minisign", "-Vq", "-p", actor + ".pub", "-m", o], ENV)
    adj_goal = 0.0
    out("flat        a turn by the game's length: Aachen, one decision a "
        "mail (bench/one-answer),")
    out("            status of step K and adjudicate of step K with the "
        "state the play left (local records, checkpoints),")
    out("            side by side with the durable write of the new file "
        "(write, fsync, rename, directory sync) and minisign -V")
    out("            step     file   status  adjudic.  write  minisign  "
        "st/ms  adj/ms  adj/(st+write)   CPU: status  adjudic.")
    rows, jobs = [], {}
    for k in ks:
        actor = open(os.path.join(lg, "signed-%d.yaml" % k)).read().split(
            "\nside: ", 1)[1].split("\n", 1)[0]
        counter = fixture.game_counter(lg, actor)
        envs = []
        # the players' machine as the play left it before step k: their
        # local records and checkpoints (play_long's long-state-K-1;
        # the state at the game's end would give step 8 a record and
        # checkpoints of 1,024 steps to read)
        kept = os.path.join(base, "long-state-%d" % (k - 1))
        if not os.path.isdir(kept):
            kept = os.path.join(base, "long-state")
        for what in ("status", "adjudicate", "orders", "sign"):
            e = dict(ENV, XDG_STATE_HOME=os.path.join(
                base, "flat-%s-%d" % (what, k)))
            shutil.copytree(kept, e["XDG_STATE_HOME"])
            envs.append(e)
        st = ([BIN, "status", "game-%d.yaml" % k], envs[0])
        adj = ([BIN, "adjudicate", "game-%d.yaml" % (k - 1),
                "signed-%d.yaml" % k, "-s", counter + ".key", "-o",
                "flat-%d.yaml" % k], envs[1])
        # the template of step k + 1 for its actor, and step k's orders
        # checked against the game before them by theirs (sign -g)
        # (the actor of step k + 1 from its orders, when the play went
        # on: status on this state says that step awaits adjudication)
        nxt = os.path.join(lg, "signed-%d.yaml" % (k + 1))
        nxt = open(nxt).read().split("\nside: ", 1)[1].split("\n", 1)[0] \
            if os.path.exists(nxt) else fixture.umpire(
                lg, "status", "--brief", "game-%d.yaml" % k).stdout.split(
                )[1].decode()
        orders = ([BIN, "orders", "game-%d.yaml" % k, "-s", nxt + ".key"],
                  envs[2])
        sign = ([BIN, "sign", "orders-%d.yaml" % k, "-g",
                 "game-%d.yaml" % (k - 1), "-s", actor + ".key", "-o",
                 "flat-signed-%d.yaml" % k], envs[3])
        # what each party did last: looked at the game (status)
        run_once(st[0], lg, env=st[1])
        run_once([BIN, "status", "game-%d.yaml" % (k - 1)], lg,
                 env=envs[1])
        run_once(adj[0], lg, env=adj[1])
        run_once(orders[0], lg, env=orders[1])
        run_once([BIN, "status", "game-%d.yaml" % (k - 1)], lg,
                 env=envs[3])
        run_once(sign[0], lg, env=sign[1])
        new = open(os.path.join(lg, "flat-%d.yaml" % k), "rb").read()
        wr = durable_write(new, os.path.join(lg, "flat-w-%d.yaml" % k))
        cpu = []
        ts, ta, tw, tm, to, tg = timed_many([st, adj, wr, msv, orders,
                                             sign], lg, 5, cpu=cpu)
        rows.append((k, ts, ta, cpu[0], cpu[1], to, tg))
        adj_goal = max(adj_goal, ta / (ts + tw))
        jobs[k] = (st, adj, orders, sign)
        out("            %5d %6d KiB %6.2f %8.2f %7.2f %8.2f %7.1f %6.1f "
            "%8.2f %13.2f %9.2f   orders %.2f, sign -g %.2f" % (
                k, len(new) // 1024, ts * 1e3, ta * 1e3, tw * 1e3,
                tm * 1e3, ts / tm, ta / tm, ta / (ts + tw), cpu[0] * 1e3,
                cpu[1] * 1e3, to * 1e3, tg * 1e3))
    (k0, s0, a0, cs0, ca0, o0, g0), (k1, s1, a1, cs1, ca1, o1, g1) = \
        rows[0], rows[-1]
    out("            rows against each other, step %d against step %d: "
        "status x%.2f, adjudicate x%.2f, orders x%.2f, sign -g x%.2f" % (
            k1, k0, s1 / s0, a1 / a0, o1 / o0, g1 / g0))
    # the growth itself, the first and the last size's commands timed
    # in alternation, round after round: the rows above are timed one
    # after the other, and a machine whose speed drifts meanwhile (on a
    # shared VM minisign's own time moved by a fifth from row to row)
    # weighs on one size only
    cpu = []
    t = timed_many(list(jobs[k0]) + list(jobs[k1]), lg, 5, rounds=7,
                   cpu=cpu)
    grow = tuple(t[4 + i] / t[i] for i in range(4))
    out("            step %d against step %d, timed in alternation: "
        "status x%.2f, adjudicate x%.2f, orders x%.2f, sign -g x%.2f "
        "(goal <= 1.5); in CPU time x%.2f and x%.2f" % (
            (k1, k0) + grow + (cpu[4] / cpu[0], cpu[5] / cpu[1])))
    if os.path.isdir("/dev/shm") and fs_type(lg) != "tmpfs":
        shm = tempfile.mkdtemp(prefix="umpire-bench-", dir="/dev/shm")
        try:
            for f in ("game-%d.yaml" % (k0 - 1), "signed-%d.yaml" % k0,
                      "allied.key", "german.key", "allied.pub",
                      "german.pub", o, o + ".minisig"):
                shutil.copy(os.path.join(lg, f), shm)
            # and the floor under that ratio: the program started and
            # ended with nothing done (its libraries loaded, its data
            # relocated), beside minisign's own
            ta8, tm8, tv8, tmv8 = timed_many(
                [jobs[k0][1], msv, ([BIN, "--version"], ENV),
                 (["minisign", "-v"], ENV)], shm, 10)
            out("            adjudicate of step %d on tmpfs %.2f ms, "
                "minisign -V %.2f ms: ratio %.2f (goal <= 2)" % (
                    k0, ta8 * 1e3, tm8 * 1e3, ta8 / tm8))
            out("            started with nothing to do: umpire --version "
                "%.2f ms (%.2f times minisign -V), minisign -v %.2f ms"
                % (tv8 * 1e3, tv8 / tm8, tmv8 * 1e3))
        finally:
            shutil.rmtree(shm, ignore_errors=True)
    # peak memory: through /usr/bin/time (peak_rss); os.wait4 on a
    # child of this python counts the python's own pages, which the
    # child holds until its exec (13 MiB here for /bin/true)
    rss = []
    for k in (k0, k1):
        for job in jobs[k][:2]:
            p = subprocess.run(["/usr/bin/time", "-f", "%M"] + job[0],
                               cwd=lg, env=job[1],
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, check=True)
            rss.append(int(p.stderr.decode().split("\n")[-2]) / 1024)
    true_py = run_once(["true"], lg)
    out("            peak RSS (/usr/bin/time): status %.1f MiB and "
        "adjudicate %.1f MiB at step %d, %.1f and %.1f MiB at step %d;"
        % (rss[0], rss[1], k0, rss[2], rss[3], k1))
    out("            (os.wait4 from python reads %.1f MiB for /bin/true: "
        "the spawning python's pages)" % (true_py / 1024))
    # the goals: status, orders and sign -g grow at most 1.5 times;
    # adjudicate, which also writes the file (its size grows with the
    # game), costs at most 1.5 times status plus that durable write
    out("            goals: status x%.2f, orders x%.2f, sign -g x%.2f "
        "(<= 1.5); adjudicate at most %.2f times status plus the "
        "write (<= 1.5)" % (grow[0], grow[2], grow[3], adj_goal))
    return (grow[0], grow[2], grow[3], adj_goal)


def reichstag(base, out):
    """Race to the Reichstag as its example was played under a referee
    (examples/race-to-the-reichstag: choose.py, a whole game): audit of
    the referee's game file against the bare cost of its signatures and
    hashes. Returns the ratio."""
    d = os.path.join(base, "reichstag")
    os.makedirs(d)
    ex = os.path.join(ROOT, "examples", "race-to-the-reichstag")
    shutil.copy(os.path.join(ex, "game.yaml"), d)
    steps = len([f for f in os.listdir(os.path.join(ex, "orders"))
                 if f.endswith(".yaml")])
    tau, tb = compare([BIN, "audit", "game.yaml"], [BARE, "game.yaml"], d,
                      10)
    out("reichstag   the example game under a referee (examples/"
        "race-to-the-reichstag), %d steps, %d KiB" % (
            steps, os.path.getsize(os.path.join(d, "game.yaml")) // 1024))
    out("            umpire audit %.2f ms (%.3f ms a step), bare "
        "signature checks and hashes %.2f ms: ratio %.2f (goal <= 2)" % (
            tau * 1e3, tau * 1e3 / max(steps, 1), tb * 1e3, tau / tb))
    # the audit checks the signatures on a second CPU (sigq.h): what it
    # costs in CPU time, and its time where it has one CPU only
    cu = cpu_used([BIN, "audit", "game.yaml"], d, 30)
    cb = cpu_used([BARE, "game.yaml"], d, 30)
    out("            CPU time (all threads) %.2f ms, bare %.2f ms: ratio "
        "%.2f" % (cu * 1e3, cb * 1e3, cu / cb))
    if shutil.which("taskset"):
        one = ["taskset", "-c", str(os.sched_getaffinity(0).pop())]
        t1, tb1 = compare(one + [BIN, "audit", "game.yaml"],
                          one + [BARE, "game.yaml"], d, 10)
        out("            on one CPU (taskset): umpire audit %.2f ms, bare "
            "%.2f ms: ratio %.2f" % (t1 * 1e3, tb1 * 1e3, t1 / tb1))
    # the referee's status of the game: a first look (no state kept on
    # the machine: replayed from the start) and with this machine's
    # local record and checkpoints (replayed from the latest phase
    # start, rt_settle)
    warm = dict(ENV, XDG_STATE_HOME=os.path.join(base, "reichstag-state"))
    os.makedirs(warm["XDG_STATE_HOME"], exist_ok=True)
    first = dict(ENV, XDG_STATE_HOME="/proc/umpire-bench-no-state")
    run_once([BIN, "status", "game.yaml"], d, env=warm)
    tf, tw = timed_many([([BIN, "status", "game.yaml"], first),
                         ([BIN, "status", "game.yaml"], warm)], d, 5)
    out("            status of its last step: a first look %.2f ms, from "
        "this machine's checkpoints %.2f ms" % (tf * 1e3, tw * 1e3))
    return tau / tb


def aachen(base, out):
    """Aachen with fighting, as the example is played: audit
    of the whole game against its bare cost; status and adjudicate of
    its last step against minisign -V. Returns the three ratios."""
    an, ag, acounter = play_aachen(base)
    tau2, tb2 = compare([BIN, "audit", "game.yaml"], [BARE, "game.yaml"],
                        ag, 10)
    r5 = tau2 / tb2
    out("aachen      a whole game with fighting (examples/aachen/"
        "choose.py), %d steps, %d KiB" % (
            an, os.path.getsize(os.path.join(ag, "game.yaml")) // 1024))
    out("            umpire audit %.2f ms, bare signature checks and "
        "hashes %.2f ms: ratio %.2f (goal <= 2)" % (
            tau2 * 1e3, tb2 * 1e3, r5))
    actor = open(os.path.join(ag, "signed-last.yaml")).read().split(
        "\nside: ", 1)[1].split("\n", 1)[0]
    fixture.umpire(ag, "sign", "orders-last.yaml", "-s", actor + ".key",
                   "--detached", "-o", "orders-last.yaml.minisig")
    amsv = ["minisign", "-Vq", "-p", actor + ".pub", "-m",
            "orders-last.yaml"]
    # this machine's checkpoints as the play left them (umpire(1),
    # FILES); and without any (a state directory that cannot be
    # made: every run replays from the start)
    ts5, tm5 = compare([BIN, "status", "game-before.yaml"], amsv, ag, 20)
    r6 = ts5 / tm5
    out("            status of the last step %.2f ms, minisign -V %.2f "
        "ms: ratio %.2f (goal <= 3)" % (ts5 * 1e3, tm5 * 1e3, r6))
    cold = dict(ENV, XDG_STATE_HOME="/dev/null/none")
    tc5, tm5c = compare([BIN, "status", "game-before.yaml"], amsv, ag, 10,
                        env_a=cold)
    out("            the same without checkpoints (replayed from the "
        "start) %.2f ms: ratio %.2f" % (tc5 * 1e3, tc5 / tm5c))
    aadj = [BIN, "adjudicate", "game-before.yaml", "signed-last.yaml",
            "-s", acounter + ".key", "-o", "adj-out.yaml", "--report",
            "adj-report.txt"]
    ta7, tm7 = compare(aadj, amsv, ag, 20)
    r7 = ta7 / tm7
    out("            adjudicate of the last step %.2f ms, minisign -V "
        "%.2f ms: ratio %.2f (goal <= 3)" % (ta7 * 1e3, tm7 * 1e3, r7))
    return r5, r6, r7


# bench.py BIN BARE --balance [GAMES]: Aachen's balance (16.0, 17.1).
# Every Allied policy of the players who try (examples/aachen/trying.py,
# CHOOSE_POLICY) against every German one, each pairing GAMES games (50
# unless given), each game with its own keys and game id, so its own
# dice. BALANCE_EXAMPLE_PAIRS, the example's scripted players, are
# played too when BENCH_BALANCE_EXAMPLE is set; BENCH_BALANCE_PAIRS
# ("careful:counter ...") plays those pairings alone.
BALANCE_ALLIED = ["fill", "dash", "siege", "careful", "breach"]
BALANCE_GERMAN = ["garrison", "screen", "wall", "counter"]
BALANCE_PAIRS = [(a, g) for a in BALANCE_ALLIED for g in BALANCE_GERMAN]
BALANCE_EXAMPLE_PAIRS = [("example", "example"), ("roads", "example"),
                         ("example", "hold"), ("roads", "hold")]


def balance_game(base, i, allied, german):
    """One Aachen game to its end, the Allied player by policy `allied`,
    the German by `german`. Returns (result, turn, reason) from the
    final state: the reason is "city+roads" for an Allied victory,
    "city" (Aachen not taken) or "17.1" (US losses shortened the game)
    for a German one, "roads" for a draw (the city taken, too few road
    hexes)."""
    d = os.path.join(base, "balance-%s-%s-%d" % (allied, german, i))
    os.makedirs(d)
    env = dict(ENV, XDG_STATE_HOME=os.path.join(d, "state"))
    choose = os.path.join(ROOT, "examples", "aachen", "choose.py")

    def um(*args):
        return subprocess.run([BIN] + list(args), cwd=d, env=env,
                              capture_output=True, check=True).stdout
    for side in ("allied", "german"):
        um("keygen", "-s", side + ".key", "-p", side + ".pub", "-W")
    um("new", "aachen", "-s", "allied.key", "--side", "allied=allied.pub",
       "--side", "german=german.pub", "-o", "g0.yaml")
    um("join", "g0.yaml", "--side", "german", "-s", "german.key", "-o",
       "game.yaml")
    while True:
        st = um("status", "--brief", "game.yaml").split()
        if st[0] == b"adjudication":
            # a step umpire orders took and adjudicate refused: counted
            # apart, not a result
            shutil.rmtree(d, ignore_errors=True)
            return ("error", 0, "error")
        if st[0] != b"pending":
            break
        side = st[1].decode()
        other = "german" if side == "allied" else "allied"
        orders = subprocess.run(
            ["python3", choose, side, "game.yaml", side + ".key", BIN],
            cwd=d, capture_output=True, check=True,
            env=dict(env, CHOOSE_POLICY=allied if side == "allied"
                     else german)).stdout
        open(os.path.join(d, "o.yaml"), "wb").write(orders)
        um("sign", "o.yaml", "-s", side + ".key", "-o", "s.yaml")
        if subprocess.run([BIN, "adjudicate", "game.yaml", "s.yaml", "-s",
                           other + ".key", "-o", "next.yaml"], cwd=d,
                          env=env, capture_output=True).returncode:
            shutil.rmtree(d, ignore_errors=True)
            return ("error", 0, "error")
        os.replace(os.path.join(d, "next.yaml"),
                   os.path.join(d, "game.yaml"))
    text = um("status", "game.yaml").decode()
    m = re.search(r"(Allied victory|German victory|Draw)[^\n]*?"
                  r"(?:after|on) turn (\d+)", text)
    game = open(os.path.join(d, "game.yaml")).read()
    last = re.search(r"^  last-turn: (\d+)", game, re.M)
    shutil.rmtree(d, ignore_errors=True)
    if not m:
        return ("?", 0, "?")
    reason = {"Allied victory": "city+roads", "Draw": "roads"}.get(
        m.group(1), "17.1" if last and int(last.group(1)) < 20 else "city")
    return (m.group(1), int(m.group(2)), reason)


def balance(base, out, games):
    """Each pairing of BALANCE_PAIRS, `games` games: how the game ends,
    on which turn (the deciding turn) and why; then one line a script
    can read. BENCH_BALANCE_JOBS games at a time (2)."""
    import concurrent.futures
    jobs = int(os.environ.get("BENCH_BALANCE_JOBS", "2"))
    pairs = BALANCE_PAIRS + (BALANCE_EXAMPLE_PAIRS if os.environ.get(
        "BENCH_BALANCE_EXAMPLE") else [])
    if os.environ.get("BENCH_BALANCE_PAIRS"):
        # "ALLIED:GERMAN ...": those pairings alone (the tests' short run)
        pairs = [tuple(p.split(":")) for p in
                 os.environ["BENCH_BALANCE_PAIRS"].split()]
    out("balance     Aachen (scenarios/aachen.yaml, 20 turns), %d games a "
        "pairing of policies (examples/aachen/trying.py), %d at a time" %
        (games, jobs))
    out("            Allied   German    games  Allied  German  draw  "
        "early  turns min/median/max  why (Allied: city+roads; German: "
        "city, 17.1; draw: roads); early: Allied wins before turn 8")
    todo = [(a, g, i) for i in range(games) for a, g in pairs]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        done = list(pool.map(lambda t: balance_game(base, t[2], t[0], t[1]),
                             todo))
    score = {}
    for allied, german in pairs:
        res = [r for t, r in zip(todo, done) if t[:2] == (allied, german)]
        n = {k: sum(1 for r in res if r[0] == k) for k in
             ("Allied victory", "German victory", "Draw", "error")}
        res = [r for r in res if r[0] != "error"] or [("?", 0, "?")]
        why = {}
        for r in res:
            why[r[2]] = why.get(r[2], 0) + 1
        turns = sorted(r[1] for r in res)
        score[(allied, german)] = (n, turns)
        played = max(1, len(res) if res[0][0] != "?" else 0)
        early = sum(1 for r in res if r[0] == "Allied victory" and r[1] < 8)
        out("            %-8s %-9s %5d  %5d%%  %5d%%  %3d%%  %4d%%  "
            "%2d/%2d/%2d  %s; turns %s%s" % (
                allied, german, played,
                round(100 * n["Allied victory"] / played),
                round(100 * n["German victory"] / played),
                round(100 * n["Draw"] / played), round(100 * early / played),
                turns[0], statistics.median_low(turns),
                turns[-1], ", ".join("%s %d" % kv for kv in
                                     sorted(why.items())),
                ",".join(str(t) for t in turns),
                "; refused by adjudicate: %d" % n["error"]
                if n["error"] else ""))
    trying_pairs = [p for p in pairs if p in BALANCE_PAIRS]
    allied = [a for a in BALANCE_ALLIED if any(p[0] == a for p in
                                               trying_pairs)]
    german = [g for g in BALANCE_GERMAN if any(p[1] == g for p in
                                               trying_pairs)]
    allied_best = max(allied, key=lambda a: sum(
        score[(a, g)][0]["Allied victory"] for g in german
        if (a, g) in score))
    german_best = max(german, key=lambda g: sum(
        score[(a, g)][0]["German victory"] for a in allied
        if (a, g) in score))
    if (allied_best, german_best) not in score:
        # a selection (BENCH_BALANCE_PAIRS) without that pairing: the
        # strongest German player of those that met the Allied one
        german_best = max((g for g in german if (allied_best, g) in score),
                          key=lambda g: sum(
                              score[(a, g)][0]["German victory"]
                              for a in allied if (a, g) in score))
    n, turns = score[(allied_best, german_best)]
    early = sum(1 for t, r in zip(todo, done) if t[:2] in trying_pairs
                and r[0] == "Allied victory" and r[1] < 8)
    total = sum(1 for t, r in zip(todo, done) if t[:2] in trying_pairs
                and r[0] != "error")
    played = max(1, games - n["error"])
    out("            strongest (most wins in all their pairings): Allied "
        "%s, German %s; %d games of theirs decided" % (
            allied_best, german_best, played))
    # the last line, for a script: nothing after "of all games"
    out("balance: strongest Allied vs strongest German: Allied %d%%, "
        "German %d%%, draw %d%%, median turn %d; Allied wins before turn "
        "8: %d%% of all games" % (
            round(100 * n["Allied victory"] / played),
            round(100 * n["German victory"] / played),
            round(100 * n["Draw"] / played), statistics.median_low(turns),
            round(100 * early / max(1, total))))


def balance_section(text):
    """The balance section of a results file's lines `text`: from its
    first line ("balance     ...") to the next section's (a line that
    does not start with a space, the "balance:" line aside), the notes
    written under it included; [] if there is none."""
    first = next((i for i, l in enumerate(text)
                  if l.startswith("balance     ")), None)
    if first is None:
        return []
    end = next((i for i in range(first + 1, len(text))
                if not text[i].startswith((" ", "balance: "))), len(text))
    return text[first:end]


def only_balance():
    """bench.py BIN BARE [OUT] --balance [GAMES]: that section alone,
    printed; with OUT given (make bench-balance), also written into OUT
    in place of the section's lines there (from its first line to its
    "balance:" line; the notes under it are kept)."""
    i = sys.argv.index("--balance")
    games = int(sys.argv[i + 1]) if len(sys.argv) > i + 1 else 50
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    lines = []

    def out(s=""):
        print(s, flush=True)
        lines.append(s)
    try:
        balance(base, out, games)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if not OUT_GIVEN:
        return
    old = open(OUT).read().split("\n") if os.path.exists(OUT) else []
    if old and old[-1] == "":
        old.pop()
    first = next((i for i, l in enumerate(old)
                  if l.startswith("balance     ")), None)
    if first is not None:
        end = next((i for i in range(first, len(old))
                    if old[i].lstrip().startswith("balance: ")), first)
        old[first:end + 1] = lines
    else:
        at = next((i for i, l in enumerate(old) if l.startswith("size ")),
                  len(old))
        old[at:at] = lines
    with open(OUT, "w") as f:
        f.write("\n".join(old) + "\n")
    print("written to %s" % OUT)


def play(d, n, strategy):
    if strategy == "first":
        return fixture.play_step(d, n)
    return chosen_step(d, n, ["python3", os.path.join(
        ROOT, "examples", "arnswalde-1945", "choose.py")], True)


def chosen_step(d, n, chooser, keep, state=None):
    """Step n of d/game.yaml: the template of the side asked, through
    the chooser command, signed (orders-N.yaml, signed-N.yaml) and
    adjudicated by the other side; game-N.yaml kept if keep. False
    when the game is over. state: the players' state directory (local
    records, checkpoints), kept from step to step as a player's
    machine keeps it; None: each command a stranger's, with none."""
    extra = {"XDG_STATE_HOME": state} if state else None
    st = fixture.umpire(d, "status", "--brief", "game.yaml",
                        extra=extra).stdout.split()
    if st[0] != b"pending":
        return False
    actor = st[1].decode()
    tmpl = fixture.umpire(d, "orders", "game.yaml", "-s", actor + ".key",
                          extra=extra)
    chosen = subprocess.run(chooser, input=tmpl.stdout, capture_output=True,
                            check=True).stdout
    open(os.path.join(d, "orders-%d.yaml" % n), "wb").write(chosen)
    fixture.umpire(d, "sign", "orders-%d.yaml" % n, "-s", actor + ".key",
                   "-o", "signed-%d.yaml" % n, extra=extra)
    fixture.umpire(d, "adjudicate", "game.yaml", "signed-%d.yaml" % n, "-s",
                   fixture.game_counter(d, actor) + ".key", "-o",
                   "next.yaml", extra=extra)
    os.replace(os.path.join(d, "next.yaml"), os.path.join(d, "game.yaml"))
    if keep:
        shutil.copy(os.path.join(d, "game.yaml"),
                    os.path.join(d, "game-%d.yaml" % n))
    return True


def fs_type(path):
    p = subprocess.run(["stat", "-f", "-c", "%T", path],
                       capture_output=True)
    return p.stdout.decode().strip() or "?"


def machine():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = "%.1f GiB" % (int(line.split()[1]) / 1048576)
    except OSError:
        pass
    mv = subprocess.run(["minisign", "-v"], capture_output=True).stdout
    return "%s; %d CPUs; %s RAM; %s %s; %s" % (
        cpu, os.cpu_count(), mem, platform.system(), platform.release(),
        mv.decode().strip() or "minisign")


def mail(base, out):
    """The largest mail message umpire accepts (include/umpire/mail.h):
    a game file just under its 64 MiB limit (the Aachen example padded
    with comment lines), attached in base64 with CRLF line ends, beside
    61 tiny parts and a body (64 parts), under 3,980 header lines; near
    the message's cap of the file's limit x 4/3 plus 1/8 plus 64 KiB.
    Peak memory and time of `umpire status --brief` on it. Returns the
    peak in KiB."""
    import base64
    d = os.path.join(base, "mail")
    os.makedirs(d)
    limit = 64 << 20
    game = open(os.path.join(ROOT, "examples", "aachen", "game.yaml"),
                "rb").read()
    line = b"# " + b"x" * 69 + b"\n"
    game += line * ((limit - 1024 - len(game)) // len(line))
    b = "umpire-bench-boundary"
    hdr = "".join("Received: from relay%d.example.org by mx.example.org;"
                  "\n Sun, 22 Nov 2026 10:00:00 +0000\n" % i
                  for i in range(1990))
    parts = ["Content-Type: text/plain; charset=us-ascii\n\nHi Rita, "
             "the game is attached.\n"]
    parts += ["Content-Type: text/plain\n\nx\n"] * 61
    parts.append("Content-Type: application/x-yaml; name=\"game.yaml\"\n"
                 "Content-Disposition: attachment; filename=\"game.yaml\""
                 "\nContent-Transfer-Encoding: base64\n\n" +
                 base64.encodebytes(game).decode().replace("\n", "\r\n"))
    msg = ("From: Rita <rita@example.org>\nTo: Alice <alice@example.org>"
           "\nSubject: game\nMIME-Version: 1.0\n" + hdr +
           "Content-Type: multipart/mixed; boundary=\"%s\"\n\n" % b +
           "".join("--%s\n%s\n" % (b, p) for p in parts) + "--%s--\n" % b)
    path = os.path.join(d, "game.eml")
    with open(path, "w") as f:
        f.write(msg)
    cap = limit // 3 * 4 + limit // 8 + 65536
    t = time.perf_counter()
    kib = run_once([BIN, "status", "--brief", "game.eml"], d)
    t = time.perf_counter() - t
    out("mail        the largest message accepted: %.1f MB (cap %.1f MB), "
        "a %.1f MiB game file in base64 among 64 parts" % (
            os.path.getsize(path) / 1e6, cap / 1e6, len(game) / 2**20))
    out("            umpire status --brief on it: peak memory %d MiB, "
        "%.2f s" % (kib // 1024, t))
    return kib


def judge(base, out):
    """The judge's throughput and peak memory: tests/load/judge-load at
    a club's mix, BENCH_JUDGE_MESSAGES players' messages (400) for a
    tenth as many Arnswalde games (joins, orders, refused orders
    answered, replays answered) and strangers' messages as
    BENCH_JUDGE_STRANGERS percent (10) of all, shuffled in, one judge a
    CPU at a time, each message piped to a judge of its own as an MTA
    does. Messages a second count only the time the judges ran (the
    scripted players' work between rounds is left out)."""
    n = int(os.environ.get("BENCH_JUDGE_MESSAGES", "400"))
    share = int(os.environ.get("BENCH_JUDGE_STRANGERS", "10"))
    flood = n * share // (100 - share)
    procs = os.cpu_count() or 1
    env = dict(ENV, UMPIRE_BIN=BIN, MESSAGES=str(n),
               GAMES=str(max(1, n // 10)), PROCS=str(procs),
               DELIVERY="stdin", FLOOD=str(flood))
    p = subprocess.run([sys.executable,
                        os.path.join(ROOT, "tests", "load", "judge-load")],
                       env=env, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit("bench: judge-load failed: " + p.stderr)
    m = re.search(r"wall time ([\d.]+) s \(([\d.]+) messages a second\), "
                  r"CPU ([\d.]+) ms a message, peak memory of a judge "
                  r"([\d.]+) MiB", p.stdout)
    what = p.stdout.splitlines()[0].replace("judge-load: ", "")
    mix = re.search(r"the mix: (.*)", p.stdout).group(1)
    out("judge       umpire judge, %s; a club's mix: %s" % (what, mix))
    # (a stranger's 10 MB message takes a judge more than a player's)
    peaks = re.search(r"peak memory of a judge: a stranger's ([\d.]+) "
                      r"MiB, an honest one's ([\d.]+) MiB", p.stdout)
    out("            %.1f messages a second (%d judges at once, %.1f s), "
        "CPU %.1f ms a message; peak memory of a judge %s MiB" % (
            float(m.group(2)), procs, float(m.group(1)),
            float(m.group(3)), "%s, a stranger's %s" % (
                peaks.group(2), peaks.group(1)) if peaks else m.group(4)))
    return float(m.group(2)), float(m.group(4))



def instructions(cmd, cwd, env=None, stdin=None, want=0):
    """Instructions one run of cmd executes, every thread (valgrind
    --tool=callgrind): a count, where a few milliseconds of wall time
    drift with the machine's load."""
    f = open(stdin, "rb") if stdin else subprocess.DEVNULL
    try:
        p = subprocess.run(["valgrind", "--tool=callgrind",
                            "--callgrind-out-file=/dev/null"] + cmd,
                           cwd=cwd, env=env or ENV, stdin=f,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    finally:
        if stdin:
            f.close()
    if p.returncode != want:
        raise SystemExit("bench: %s failed (%d): %s" % (
            " ".join(cmd), p.returncode, p.stderr.decode(errors="replace")))
    m = re.search(rb"Collected : (\d+)", p.stderr)
    return int(m.group(1))


JUDGE_STEPS = (4, 256)
TURN_FROM = 192   # judge_lmtp_cost's turn end: the first after this step
# the steps judge_bytes measures (bytes written per message)
BYTES_STEPS = (8, 256, 1024)
JUDGE_RUN = 8   # messages of the --maildir run, after step 4


def play_judged(base, last):
    """Race to the Reichstag under a referee whose roles have mail
    addresses (the judge's letters go to them), one decision a mail
    (bench/one-answer on the template of the view the referee makes
    for the side asked), to step last: game-K.yaml, signed-K.yaml and
    msg-K.eml for every K, the referee's machine state before step K
    (judged-state-K-1) for the K of JUDGE_STEPS and for the --maildir
    run, and for the K of FLAT_STEPS (also as reichstag-state-K-1:
    flat_referee times the same game). Returns the directory."""
    d = os.path.join(base, "judged")
    judged_game(d, os.path.join(base, "keys"))
    state = os.path.join(base, "judged-state")
    extra = {"XDG_STATE_HOME": state}
    keep = set(k - 1 for k in JUDGE_STEPS) | {JUDGE_STEPS[0]}
    # the state a step before those: an LMTP server warmed by the step
    # before the one it is measured on (judge_lmtp_cost)
    keep |= set(k - 2 for k in JUDGE_STEPS)
    # and before each step flat_referee times (the same game serves it:
    # a second Race to the Reichstag game played to step 1,024 took
    # make bench three minutes more)
    keep |= set(k - 1 for k in FLAT_STEPS)
    # and before the first step after TURN_FROM that ends a side's turn
    # of ten steps or more (judge_lmtp_cost: the letter then asks the
    # side that waited), found as the game goes: the states of the last
    # steps kept until it is
    actors, rolling, end = {}, [], None
    n = 0
    while n < last:
        if n in keep or (end is None and n >= TURN_FROM):
            shutil.copytree(state, "%s-%d" % (state, n))
            if n not in keep:
                rolling.append(n)
        st = fixture.umpire(d, "status", "--brief", "game.yaml",
                            extra=extra).stdout.split()
        if st[0] != b"pending" and n > JUDGE_STEPS[-1]:
            break   # (judge_bytes measures its last step then)
        if st[0] != b"pending":
            raise SystemExit("bench: the judged game ended at step %d" % n)
        actor = st[1].decode()
        actors[n + 1] = actor
        if end is None and n >= TURN_FROM + 2 and actors[n] != actor:
            length = 0
            while actors.get(n - length) == actors[n]:
                length += 1
            if length >= 10:
                end = n
                with open(os.path.join(d, "turn-end"), "w") as f:
                    f.write("%d %d\n" % (n, length))
        for k in [k for k in rolling if (k != end - 2 if end is not None
                                         else k < n - 2)]:
            shutil.rmtree("%s-%d" % (state, k))
            rolling.remove(k)
        judged_step(d, n, actor, extra)
        n += 1
        shutil.copy(os.path.join(d, "game.yaml"),
                    os.path.join(d, "game-%d.yaml" % n))
    # flat_referee's names for the states it starts from
    for k in sorted(keep):
        if k < n and os.path.isdir("%s-%d" % (state, k)):
            shutil.copytree("%s-%d" % (state, k),
                            os.path.join(base, "reichstag-state-%d" % k))
    return d


def judged_steps(base, d):
    """The last step of play_judged's game in d that flat_referee can
    time: the last played, if the state before it was kept (the game
    went on to LONG_STEPS), else the last of FLAT_STEPS before it."""
    n = 0
    while os.path.exists(os.path.join(d, "game-%d.yaml" % (n + 1))):
        n += 1
    ok = [k for k in FLAT_STEPS + (n,) if k <= n and os.path.isdir(
        os.path.join(base, "reichstag-state-%d" % (k - 1)))]
    return max(ok)


def roomless(text):
    """The judge's stored game file (bytes) without its room: the comment
    and blank lines kept between its state and its steps, and the spaces
    its state's lines are padded with (include/umpire/gamestore.h); what
    is left is the game file as umpire writes it."""
    out, state = [], False
    for line in text.splitlines(True):
        bare = line.rstrip(b"\n")
        if bare == b"state:":
            state = True
        elif bare.startswith(b"steps:"):
            state = False
        if state and (bare.startswith(b"#") or not bare.strip(b" ")):
            continue
        out.append(bare.rstrip(b" ") + line[len(bare):] if state else line)
    return b"".join(out)

def judge_room(base, d, name, k, state_kept=True):
    """A judge's directory (base/name) holding the judged game of d as
    it stood after step k, its referee's machine as the play left it
    then (XDG_STATE_HOME; state_kept False: a machine new to the game):
    (directory, env)."""
    j = os.path.join(base, name)
    shutil.rmtree(j, ignore_errors=True)
    for sub in ("games", "out/tmp", "out/new", "out/cur", "maildir/tmp",
                "maildir/new", "maildir/cur"):
        os.makedirs(os.path.join(j, sub))
    os.chmod(os.path.join(j, "games"), 0o700)
    shutil.copy(os.path.join(d, "referee.key"), j)
    with open(os.path.join(j, "judge.ini"), "w") as f:
        f.write("[umpire]\nsecret_key = %s/referee.key\naddress = "
                "judge@example.org\n[judge]\ngames = %s/games\n" % (j, j))
    text = open(os.path.join(d, "game-%d.yaml" % k)).read()
    gid = text.split("\ngame: ", 1)[1].split("\n", 1)[0].strip()
    shutil.copy(os.path.join(d, "game-%d.yaml" % k),
                os.path.join(j, "games", gid + ".yaml"))
    state = os.path.join(j, "state")
    if state_kept:
        shutil.copytree(os.path.join(base, "judged-state-%d" % k), state)
    else:
        os.makedirs(state)
    return j, dict(ENV, XDG_STATE_HOME=state)


def written(cmd, cwd, env, stdin, skip, paths=None):
    """Bytes one run of cmd writes to files (write and pwrite64 on a
    descriptor strace -y names as a path, every thread; not /dev/null
    and the like), but for the paths holding one of skip; each path
    counted added to the set paths (when given)."""
    trace = os.path.join(cwd, "written.trace")
    with open(stdin, "rb") as f:
        p = subprocess.run(["strace", "-f", "-y", "-qq", "-o", trace,
                            "-e", "trace=write,pwrite64"] + cmd, cwd=cwd,
                           env=env, stdin=f, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("bench: %s failed (%d): %s" % (
            " ".join(cmd), p.returncode, p.stderr.decode(errors="replace")))
    n = 0
    for line in open(trace):
        m = re.search(r"(?:write|pwrite64)\(\d+<(/[^>]*)>, .*\) = (\d+)$",
                      line)
        if m and not m.group(1).startswith("/dev/") and not any(
                k in m.group(1) for k in skip):
            n += int(m.group(2))
            if paths is not None:
                paths.add(m.group(1))
    os.unlink(trace)
    return n


BYTES_RUN = 32  # messages counted at each of BYTES_STEPS, ending there


def judge_bytes(base, d, out):
    """The bytes a judge message writes to files at steps BYTES_STEPS
    of the judged game of d (play_judged; the last step it reached when
    it ended before the last of them), between like messages: at each
    step K, the latest message up to K's that takes no checkpoint. One
    that takes one writes the checkpoint's state and appends the text
    of the steps since the one before (a whole movement phase of Race
    to the Reichstag: 60 to 100 KB at the end of a player's turn), at
    any length of the game; those are given apart, with the mean and
    the most of the BYTES_RUN messages ending with K's (from step 3).
    The judge's room as it stood before those messages on a machine new
    to the game, the message before them taken first (the game
    replayed, the judge's record and checkpoints written, the game file
    it keeps then its own, with room). Counted (strace): the stored
    game (its journal and its file), the checkpoints, the local record
    and the log. Not counted: the letters (spool/ and the outbox: the
    same few at every step, the size of the state and its view, not of
    the game). Returns C / A of the like messages."""
    point = re.compile(r"/checkpoints/[0-9a-f]+\.[0-9]+(?:\.tmp|$)")
    like, mean, most, ks, cuts = [], [], [], [], []
    for k in BYTES_STEPS:
        while not os.path.exists(os.path.join(d, "msg-%d.eml" % k)):
            k -= 1
        first = max(k - BYTES_RUN + 1, 3)
        j, env = judge_room(base, d, "bytes-%d" % k, first - 2, False)
        with open(os.path.join(d, "msg-%d.eml" % (first - 1)), "rb") as f:
            subprocess.run([BIN, "judge", "--config", "judge.ini",
                            "--outbox", "out"], cwd=j, env=env, stdin=f,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
        run = []
        for s in range(first, k + 1):
            paths = set()
            n = written([BIN, "judge", "--config", "judge.ini",
                         "--outbox", "out"], j, env,
                        os.path.join(d, "msg-%d.eml" % s),
                        ("/spool/", "/out/"), paths)
            run.append((s, n, any(point.search(p) for p in paths)))
        log = open(os.path.join(j, "games", "judge.log")).read()
        for s in range(first, k + 1):
            if "adjudicated step %d;" % s not in log:
                raise SystemExit("bench: the judge did not take step %d"
                                 % s)
        plain = [r for r in run if not r[2]]
        if not plain:
            raise SystemExit("bench: every message of steps %d-%d took a "
                             "checkpoint" % (first, k))
        ks.append(plain[-1][0])
        like.append(plain[-1][1])
        mean.append(sum(r[1] for r in run) / len(run))
        most.append(max(r[1] for r in run))
        cuts.append(sum(r[2] for r in run))
    out("bytes written per message: step %d %d, step %d %d, step %d %d "
        "(goal: step %d at most 1.5 times step %d: %s; like messages, "
        "the latest up to each step that takes no checkpoint; the stored "
        "game, checkpoints, record and log by strace, the letters apart)"
        % (ks[0], like[0], ks[1], like[1], ks[2], like[2], ks[2], ks[0],
           "met" if like[2] <= 1.5 * like[0] else "MISSED"))
    out("            every message up to there, %d at most: mean %d, %d, "
        "%d; the most %d, %d, %d (%d, %d and %d of them took a "
        "checkpoint)" % ((BYTES_RUN,) + tuple(int(m) for m in mean) +
                         tuple(most) + tuple(cuts)))
    return like[2] / like[0]


def judge_cost(base, out, long_game=None):
    """What one message costs the judge against umpire adjudicate of the
    same step, by the game's length; umpire mail, sign -g and adjudicate
    at step 1,024 against step 8 (the long Aachen game, play_long); a
    stranger's message against umpire --version; the judge's --maildir
    run against adjudicate of the same steps one after another; then a
    message over LMTP to a warm judge (judge_lmtp_cost). Instruction
    counts (callgrind) but for the runs, which are timed. Returns the
    ratios."""
    last = max(JUDGE_STEPS[-1], BYTES_STEPS[-1])
    d = os.path.join(base, "judged")
    # played before (main: flat_referee's game), maybe over before
    # step 1,024 (judge_bytes measures its last step then)
    if not os.path.exists(os.path.join(d, "game-%d.yaml" %
                                       JUDGE_STEPS[-1])):
        d = play_judged(base, last)
    judge_bytes(base, d, out)
    cmp = []
    for k in JUDGE_STEPS:
        j, env = judge_room(base, d, "judge-%d" % k, k - 1)
        ij = instructions([BIN, "judge", "--config", "judge.ini",
                           "--outbox", "out"], j, env,
                          stdin=os.path.join(d, "msg-%d.eml" % k))
        if not os.listdir(os.path.join(j, "out", "new")):
            raise SystemExit("bench: the judge sent no letter at step %d"
                             % k)
        a, aenv = judge_room(base, d, "adj-%d" % k, k - 1)
        ia = instructions([BIN, "adjudicate",
                           os.path.join(d, "game-%d.yaml" % (k - 1)),
                           os.path.join(d, "signed-%d.yaml" % k), "-s",
                           "referee.key", "-o", "next.yaml"], a, aenv)
        cmp.append(ij / ia)
        out("judge-cost  step %d of Race to the Reichstag under the judge: "
            "umpire judge (one message, stdin) %.1fM instructions, umpire "
            "adjudicate %.1fM" % (k, ij / 1e6, ia / 1e6))
    # a turn's commands at step 8 and 1,024 of the long Aachen game
    lg = os.path.join(base, "long", "aachen")
    if long_game:
        n, _, lg = long_game
    elif os.path.exists(os.path.join(lg, "game-%d.yaml" % LONG_STEPS)):
        n = LONG_STEPS   # BENCH_JUDGE_BASE: played before
    else:
        n, _, lg = play_long(base)
    # umpire mail at step 8 and n; sign -g and adjudicate between like
    # steps, movement to movement (like_steps: a set-up step, as step 8
    # is, places one unit and costs less than a move of the same game)
    ks = (8, 1024) if n >= 1024 else (8, n)
    like = like_steps(lg, n)
    counts = {}
    for k in sorted(set(ks) | set(like)):
        kept = os.path.join(base, "long-state-%d" % (k - 1))
        if not os.path.isdir(kept):
            kept = os.path.join(base, "long-state")
        actor = open(os.path.join(lg, "signed-%d.yaml" % k)).read().split(
            "\nside: ", 1)[1].split("\n", 1)[0]
        counter = fixture.game_counter(lg, actor)
        row = {}
        for what in ("mail", "sign", "adjudicate"):
            if k not in (ks if what == "mail" else like):
                continue
            e = dict(ENV, XDG_STATE_HOME=os.path.join(
                base, "cost-%s-%d" % (what, k)))
            shutil.rmtree(e["XDG_STATE_HOME"], ignore_errors=True)
            shutil.copytree(kept, e["XDG_STATE_HOME"])
            # what each party did last: looked at the game (status)
            g = "game-%d.yaml" % (k - 1 if what != "mail" else k)
            run_once([BIN, "status", g], lg, env=e)
            cmd = {"mail": [BIN, "mail", "game-%d.yaml" % k, "--to",
                            "x@example.org", "-o", "cost-%d.eml" % k],
                   "sign": [BIN, "sign", "orders-%d.yaml" % k, "-g",
                            "game-%d.yaml" % (k - 1), "-s", actor + ".key",
                            "-o", "cost-signed-%d.yaml" % k],
                   "adjudicate": [BIN, "adjudicate",
                                  "game-%d.yaml" % (k - 1),
                                  "signed-%d.yaml" % k, "-s",
                                  counter + ".key", "-o",
                                  "cost-%d.yaml" % k]}[what]
            row[what] = instructions(cmd, lg, e)
        counts[k] = row
        out("judge-cost  step %d of the long Aachen game%s: %s" % (
            k, " (a movement step)" if k in like else "", ", ".join(
                "%s %.1fM%s" % ({"mail": "umpire mail", "sign": "sign -g"}.get(
                    w, w), row[w] / 1e6, " instructions" if i == 0 else "")
                for i, w in enumerate(w for w in ("mail", "sign",
                                                  "adjudicate") if w in row))))
    k0, k1 = ks
    mail_g = counts[k1]["mail"] / counts[k0]["mail"]
    l0, l1 = like
    sign_g = counts[l1]["sign"] / counts[l0]["sign"]
    adj_g = counts[l1]["adjudicate"] / counts[l0]["adjudicate"]
    # a stranger's message: mail with no umpire file in it
    j, env = judge_room(base, d, "judge-stranger", JUDGE_STEPS[0] - 1)
    msg = os.path.join(j, "stranger.eml")
    with open(msg, "w") as f:
        f.write("From: Someone <someone@example.net>\nTo: judge@example.org"
                "\nSubject: hello\nMessage-ID: <x1@example.net>\n\n"
                "Is this the judge?\n")
    istr = instructions([BIN, "judge", "--config", "judge.ini", "--outbox",
                         "out"], j, env, stdin=msg)
    iver = instructions([BIN, "--version"], j, env)
    # throughput: JUDGE_RUN messages through --maildir against adjudicate
    # of the same steps, one process after another
    k = JUDGE_STEPS[0]
    steps = range(k + 1, k + 1 + JUDGE_RUN)
    tj, ta = [], []
    for _ in range(5):
        j, env = judge_room(base, d, "judge-run", k)
        for s in steps:
            shutil.copy(os.path.join(d, "msg-%d.eml" % s),
                        os.path.join(j, "maildir", "new", "%04d.eml" % s))
        t = time.perf_counter()
        run_once([BIN, "judge", "--config", "judge.ini", "--outbox", "out",
                  "--maildir", "maildir"], j, env=env)
        tj.append(time.perf_counter() - t)
        if os.listdir(os.path.join(j, "maildir", "new")) or len(
                os.listdir(os.path.join(j, "maildir", "cur"))) != JUDGE_RUN:
            raise SystemExit("bench: the judge left messages")
        a, aenv = judge_room(base, d, "adj-run", k)
        g = os.path.join(d, "game-%d.yaml" % k)
        t = time.perf_counter()
        for s in steps:
            nxt = os.path.join(a, "next-%d.yaml" % s)
            run_once([BIN, "adjudicate", g, os.path.join(
                d, "signed-%d.yaml" % s), "-s", "referee.key", "-o", nxt],
                a, env=aenv)
            g = nxt
        ta.append(time.perf_counter() - t)
    tj, ta = statistics.median(tj), statistics.median(ta)
    tput = ta / tj
    out("judge message vs adjudicate: step %d x%.2f, step %d x%.2f "
        "(instructions)" % (JUDGE_STEPS[0], cmp[0], JUDGE_STEPS[1], cmp[1]))
    out("umpire mail GAME: step %d vs step %d x%.2f (instructions)" % (
        k1, k0, mail_g))
    out("sign -g step %d vs step %d x%.2f; adjudicate x%.2f "
        "(instructions)" % (l1, l0, sign_g, adj_g))
    out("            (movement to movement: steps %d and %d of the long "
        "Aachen game, each a unit's move (rule 5.0), the first from step "
        "8 on and the last up to step 1,024; step 8 is a set-up step)"
        % (l0, l1))
    out("a stranger's message vs umpire --version x%.2f (instructions)" % (
        istr / iver))
    out("judge --maildir, %d messages (steps %d-%d): %.1f ms, adjudicate "
        "of the same steps one after another %.1f ms: throughput x%.2f "
        "of adjudicate's (goal >= 0.8)" % (
            JUDGE_RUN, steps[0], steps[-1], tj * 1e3, ta * 1e3, tput))
    lm = judge_lmtp_cost(base, out, d)
    out("            goals: judge message <= 1.5 (%s), mail <= 1.5 (%s), "
        "sign -g and adjudicate <= 1.3 (%s), stranger <= 2 (%s), "
        "--maildir >= 0.8 (%s), judge message over LMTP <= 1.5 (%s)" % tuple(
            "met" if ok else "MISSED" for ok in (
                max(cmp) <= 1.5, mail_g <= 1.5, max(sign_g, adj_g) <= 1.3,
                istr / iver <= 2, tput >= 0.8, max(lm[:2]) <= 1.5)))
    return cmp + [mail_g, sign_g, adj_g, istr / iver, tput] + lm


LMTP_RUN = 32   # messages of the LMTP throughput run, after step 4


class LmtpClient:
    """One LMTP connection to a judge's socket (RFC 2033), as the mail
    system delivers: a message's lines dot-stuffed, CRLF, one reply a
    recipient after the final dot (smtplib.LMTP reads one). The bench's
    own, as tests/e2e/tools/lmtp-client.py is the tests'."""

    def __init__(self, path):
        import socket
        self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.s.connect(path)
        self.buf = b""
        self.reply("220")
        self.s.sendall(b"LHLO bench.example.org\r\n")
        self.reply("250")

    def reply(self, want):
        while True:
            while b"\r\n" not in self.buf:
                d = self.s.recv(65536)
                if not d:
                    raise SystemExit("bench: the LMTP server closed")
                self.buf += d
            ln, self.buf = self.buf.split(b"\r\n", 1)
            if not ln.startswith(want.encode()):
                raise SystemExit("bench: LMTP: %s" % ln.decode())
            if ln[3:4] != b"-":
                return ln

    @staticmethod
    def prepare(path):
        """The message at path as DATA sends it: dot-stuffed, CRLF, the
        final dot."""
        data = open(path, "rb").read().replace(b"\r\n", b"\n")
        lines = [b"." + ln if ln.startswith(b".") else ln
                 for ln in data.split(b"\n")]
        if lines and lines[-1] == b"":
            lines.pop()
        return b"\r\n".join(lines) + b"\r\n.\r\n"

    def send(self, msg):
        """The message at path msg (or its bytes as prepare made them)
        delivered; its 250 waited for."""
        data = msg if isinstance(msg, bytes) else self.prepare(msg)
        self.s.sendall(b"MAIL FROM:<player@example.org>\r\n"
                       b"RCPT TO:<judge@example.org>\r\nDATA\r\n")
        self.reply("250")
        self.reply("250")
        self.reply("354")
        self.s.sendall(data)
        self.reply("250")

    def close(self):
        self.s.sendall(b"QUIT\r\n")
        self.reply("221")
        self.s.close()


def lmtp_workers_known(binary):
    """Whether binary has --lmtp-workers (the tree before has not)."""
    r = subprocess.run([binary, "judge", "--help"], capture_output=True,
                       text=True)
    return "--lmtp-workers" in r.stdout + r.stderr


def lmtp_server(j, env, wrap=(), one=False):
    """umpire judge --lmtp on j/j.sock, in j (judge_room's), under the
    command wrap (valgrind's, or none), one: served by this process
    alone (--lmtp-workers 1: its memory and instructions are the
    server's): (process, socket's path) once it listens."""
    sock = os.path.join(j, "j.sock")
    alone = ["--lmtp-workers", "1"] if one and lmtp_workers_known(BIN) \
        else []
    p = subprocess.Popen(list(wrap) + [BIN, "judge", "--config",
                                       "judge.ini", "--outbox", "out",
                                       "--lmtp", sock] + alone,
                         cwd=j, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    for _ in range(600):
        if os.path.exists(sock) or p.poll() is not None:
            break
        time.sleep(0.1)
    if p.poll() is not None or not os.path.exists(sock):
        p.kill()
        raise SystemExit("bench: the LMTP judge did not start: %s" %
                         p.communicate()[1].decode(errors="replace"))
    return p, sock


def lmtp_stop(p):
    p.terminate()
    _, e = p.communicate(timeout=120)
    if p.returncode != 0:
        raise SystemExit("bench: the LMTP judge exited %d: %s" % (
            p.returncode, e.decode(errors="replace")))


def callgrind_control(p, *args):
    """callgrind_control ARGS to the valgrind process p."""
    r = subprocess.run(["callgrind_control"] + list(args) + [str(p.pid)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("bench: callgrind_control %s: %s" % (
            " ".join(args), r.stderr or r.stdout))


def stranger_message(j):
    """A stranger's message (no umpire file in it) in j: its path."""
    msg = os.path.join(j, "stranger.eml")
    with open(msg, "w") as f:
        f.write("From: Someone <someone@example.net>\nTo: judge@example.org"
                "\nSubject: hello\nMessage-ID: <x1@example.net>\n\n"
                "Is this the judge?\n")
    return msg


def turn_end(d):
    """The step of the judged game d that play_judged found ending a
    side's turn of ten steps or more after TURN_FROM (the side asked
    after it is the other, which last acted before that turn), the
    referee's machine kept before the step ahead of it: (k, the turn's
    length), or None."""
    try:
        k, length = open(os.path.join(d, "turn-end")).read().split()
    except OSError:
        return None
    return int(k), int(length)


def lmtp_count(base, d, k, kept):
    """The instructions of the message of step k of the judged game d to
    a warm `umpire judge --lmtp` (judge_lmtp_cost), and of umpire
    adjudicate of the same step, warmed alike: (judge, adjudicate).
    kept: the referee's machine as the play left it before step k - 1,
    else a machine new to the game (the warming step replays it)."""
    return lmtp_counts(base, d, k, kept, 1)[0]


def lmtp_counts(base, d, k, kept, n):
    """lmtp_count of the n messages of steps k to k + n - 1, one after
    another to the same warm server, each counted alone (a callgrind
    dump a message), and umpire adjudicate of each of those steps, one
    after another: [(judge, adjudicate)] a step."""
    j, env = judge_room(base, d, "lmtp-%d" % k, k - 2, kept)
    cg = os.path.join(j, "callgrind.out")
    p, sock = lmtp_server(j, env, [
        "valgrind", "--tool=callgrind", "--instr-atstart=no",
        "--callgrind-out-file=" + cg], one=True)
    try:
        c = LmtpClient(sock)
        c.send(os.path.join(d, "msg-%d.eml" % (k - 1)))
        callgrind_control(p, "-i", "on")
        for s in range(k, k + n):
            c.send(os.path.join(d, "msg-%d.eml" % s))
            callgrind_control(p, "-d")
        c.close()
    finally:
        lmtp_stop(p)
    dumps = sorted((f for f in os.listdir(j) if f.startswith(
        "callgrind.out.")), key=lambda f: [int(x) for x in re.findall(r"\d+", f)])
    if len(dumps) != n:
        raise SystemExit("bench: callgrind dumps of the LMTP judge: "
                         "%s" % dumps)
    im = []
    for f in dumps:
        text = open(os.path.join(j, f)).read()
        m = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        if not m:
            raise SystemExit("bench: no count in %s" % f)
        im.append(int(m.group(1)))
    if len(os.listdir(os.path.join(j, "out", "new"))) < 2:
        raise SystemExit("bench: the LMTP judge sent no letter at "
                         "step %d" % k)
    # adjudicate warmed alike: the step before adjudicated first in
    # the same state (this build's start state cached there, as the
    # server's first message cached it: a copy of the play's state,
    # made by another build, lacks it, some millions)
    a, aenv = judge_room(base, d, "lmtp-adj-%d" % k, k - 2, kept)
    run_once([BIN, "adjudicate", os.path.join(d, "game-%d.yaml" % (
        k - 2)), os.path.join(d, "signed-%d.yaml" % (k - 1)), "-s",
        "referee.key", "-o", "prev.yaml"], a, env=aenv)
    ia = []
    for s in range(k, k + n):
        ia.append(instructions([BIN, "adjudicate", "prev.yaml",
                                os.path.join(d, "signed-%d.yaml" % s),
                                "-s", "referee.key", "-o", "next.yaml"],
                               a, aenv))
        if open(os.path.join(a, "next.yaml"), "rb").read() != open(
                os.path.join(d, "game-%d.yaml" % s), "rb").read():
            raise SystemExit("bench: adjudicate made another step %d" % s)
        os.replace(os.path.join(a, "next.yaml"),
                   os.path.join(a, "prev.yaml"))
    return list(zip(im, ia))


def judge_lmtp_cost(base, out, d=None):
    """What one message costs a warm `umpire judge --lmtp` server against
    umpire adjudicate of the same step (instructions, callgrind): the
    server started with instrumentation off, warmed by the step before
    (GMime, the key, the game's files read once), then counted from just
    before the measured message is sent until its 250 came
    (callgrind_control -i on, then -d: everything the server did for
    it, the socket's reading and the replies too). Then its throughput:
    LMTP_RUN messages over one connection to a warm server against
    adjudicate of the same steps one process after another. Returns the
    two ratios and the throughput's (judge_cost says the goal).
    d: the judged game (play_judged's), played here when None."""
    last = JUDGE_STEPS[-1]
    if d is None:
        d = os.path.join(base, "judged")
    if not os.path.exists(os.path.join(d, "game-%d.yaml" % last)):
        d = play_judged(base, last)
    cmp, counts = [], []
    for k in JUDGE_STEPS:
        im, ia = lmtp_count(base, d, k, True)
        cmp.append(im / ia)
        counts.append((k, im, ia))
    out("judge-cost  over LMTP, a warm server (the step before delivered "
        "first): " + "; ".join(
            "step %d %.1fM instructions, umpire adjudicate %.1fM" % (
                k, im / 1e6, ia / 1e6) for k, im, ia in counts))
    out("judge message vs adjudicate: step %d x%.2f, step %d x%.2f "
        "(instructions) (lmtp)" % (JUDGE_STEPS[0], cmp[0],
                                   JUDGE_STEPS[1], cmp[1]))
    # the message that ends a turn: its letter asks the side that
    # waited, whose view tells the whole turn (read from the judge's
    # checkpoint before that side's own step and replayed); once a turn
    end = turn_end(d)
    if end:
        k, length = end
        im, ia = lmtp_count(base, d, k, True)
        out("            the message that ends a turn (step %d, the "
            "letter to the side that waited %d steps): %.1fM "
            "instructions, umpire adjudicate %.1fM: x%.2f (lmtp; once a "
            "turn, not a goal)" % (k, length, im / 1e6, ia / 1e6,
                                   im / ia))
    # throughput: LMTP_RUN messages to one warm server, one connection
    k = JUDGE_STEPS[0]
    steps = range(k + 1, k + 1 + LMTP_RUN)
    tj, ta = [], []
    for _ in range(5):
        j, env = judge_room(base, d, "lmtp-run", k)
        p, sock = lmtp_server(j, env)
        try:
            c = LmtpClient(sock)
            c.send(stranger_message(j))     # warm: GMime and the key
            t = time.perf_counter()
            for s in steps:
                c.send(os.path.join(d, "msg-%d.eml" % s))
            tj.append(time.perf_counter() - t)
            c.close()
        finally:
            lmtp_stop(p)
        name = "%s.yaml" % open(os.path.join(d, "game-%d.yaml" % (
            steps[-1]))).read().split("\ngame: ", 1)[1].split("\n", 1)[0]
        if roomless(open(os.path.join(j, "games", name), "rb").read()) != \
                open(os.path.join(d, "game-%d.yaml" % steps[-1]),
                     "rb").read():
            raise SystemExit("bench: the LMTP judge's game is not the "
                             "one adjudicate made")
        a, aenv = judge_room(base, d, "adj-run", k)
        g = os.path.join(d, "game-%d.yaml" % k)
        t = time.perf_counter()
        for s in steps:
            nxt = os.path.join(a, "next-%d.yaml" % s)
            run_once([BIN, "adjudicate", g, os.path.join(
                d, "signed-%d.yaml" % s), "-s", "referee.key", "-o", nxt],
                a, env=aenv)
            g = nxt
        ta.append(time.perf_counter() - t)
    tj, ta = statistics.median(tj), statistics.median(ta)
    out("judge --lmtp, %d messages (steps %d-%d) over one connection to a "
        "warm server: %.1f messages/s (%.1f ms), adjudicate of the same "
        "steps one after another %.1f steps/s (%.1f ms): throughput x%.2f "
        "of adjudicate's" % (LMTP_RUN, steps[0], steps[-1], LMTP_RUN / tj,
                             tj * 1e3, LMTP_RUN / ta, ta * 1e3, ta / tj))
    return cmp + [ta / tj]


CLIENTS = 4          # lmtp_clients: clients at once, a game each
CLIENT_STEPS = 16    # the steps of each client's game
STRANGER_EVERY = 3   # a stranger's message after every 3 orders
# rounds of each build in turn: 3 left the tree before's median
# between 0.34 and 0.60 s a round in three runs within an hour (its 3.10
# syncs a message wait on a disk other machines share)
CLIENT_ROUNDS = 9


def judged_game(d, keys):
    """A Race to the Reichstag game under a referee whose roles have mail
    addresses (the judge's letters go to them) made and joined in d
    (game.yaml, game-0.yaml), its keys those of the directory keys (made
    there when missing: the games of one referee and players)."""
    scn = "race-to-the-reichstag"
    os.makedirs(d, exist_ok=True)
    os.makedirs(keys, exist_ok=True)
    sides, _ = fixture.scenario_sides(scn)
    for r in sides + ["referee"]:
        if not os.path.exists(os.path.join(keys, r + ".key")):
            fixture.umpire(keys, "keygen", "-s", r + ".key", "-p",
                           r + ".pub", "-W")
        for ext in (".key", ".pub"):
            shutil.copy(os.path.join(keys, r + ext), d)
        with open(os.path.join(d, r + ".ini"), "w") as f:
            f.write("[umpire]\naddress = %s@example.org\n[addresses]\n"
                    "referee = judge@example.org\n" % r)
    args = ["new", scn, "-s", sides[0] + ".key", "--referee", "referee.pub"]
    for s in sides:
        args += ["--side", "%s=%s.pub" % (s, s),
                 "--address", "%s=%s@example.org" % (s, s)]
    fixture.umpire(d, *args, "-o", "game.yaml")
    while True:
        st = fixture.umpire(d, "status", "--brief", "game.yaml").stdout.split()
        if st[0] != b"join":
            break
        role = st[1].decode()
        fixture.umpire(d, "join", "game.yaml", "--side", role, "-s",
                       role + ".key", "-o", "next.yaml")
        os.replace(os.path.join(d, "next.yaml"), os.path.join(d, "game.yaml"))
    shutil.copy(os.path.join(d, "game.yaml"), os.path.join(d, "game-0.yaml"))


def judged_step(d, n, actor, extra):
    """Step n + 1 of the game d/game.yaml, actor's, one decision a mail
    (bench/one-answer on the template of the view the referee makes
    for it): orders-K.yaml, signed-K.yaml and msg-K.eml (K = n + 1), and
    game.yaml adjudicated on (the referee's machine: extra's)."""
    chooser = [os.path.join(HERE, "one-answer")]
    fixture.umpire(d, "view", "game.yaml", "--side", actor, "-s",
                   "referee.key", "-o", "v.view", extra=extra)
    tmpl = fixture.umpire(d, "orders", "v.view", "-s", actor + ".key",
                          extra=extra).stdout
    chosen = subprocess.run(chooser, input=tmpl, capture_output=True,
                            check=True).stdout
    o = os.path.join(d, "orders-%d.yaml" % (n + 1))
    open(o, "wb").write(chosen)
    fixture.umpire(d, "sign", o, "-s", actor + ".key", "-o",
                   "signed-%d.yaml" % (n + 1), extra=extra)
    fixture.umpire(d, "mail", "signed-%d.yaml" % (n + 1), "--to",
                   "judge@example.org", "-o", "msg-%d.eml" % (n + 1),
                   extra={"UMPIRE_CONFIG": os.path.join(d, actor + ".ini")})
    fixture.umpire(d, "adjudicate", "game.yaml", "signed-%d.yaml" % (n + 1),
                   "-s", "referee.key", "-o", "next.yaml", extra=extra)
    os.replace(os.path.join(d, "next.yaml"), os.path.join(d, "game.yaml"))


def play_game(base, name, steps, keys):
    """judged_game in base/name (keys: judged_game's) played to step
    steps: its msg-K.eml for K from 1. Returns the directory."""
    d = os.path.join(base, name)
    judged_game(d, keys)
    extra = {"XDG_STATE_HOME": os.path.join(d, "state")}
    for n in range(steps):
        st = fixture.umpire(d, "status", "--brief", "game.yaml",
                            extra=extra).stdout.split()
        judged_step(d, n, st[1].decode(), extra)
    return d


def warm_steps(d):
    """The steps play_game played in d (its msg-K.eml)."""
    return sum(1 for f in os.listdir(d) if re.match(r"msg-\d+\.eml$", f))


def clients_room(base, games, name):
    """A judge's directory (base/name) keeping the games (play_game's
    directories, of one referee: the judge's key) as they stood before
    their first step: (dir, env)."""
    j = os.path.join(base, name)
    shutil.rmtree(j, ignore_errors=True)
    for sub in ("games", "out/tmp", "out/new", "out/cur", "state"):
        os.makedirs(os.path.join(j, sub))
    os.chmod(os.path.join(j, "games"), 0o700)
    shutil.copy(os.path.join(games[0], "referee.key"), j)
    with open(os.path.join(j, "judge.ini"), "w") as f:
        f.write("[umpire]\nsecret_key = %s/referee.key\naddress = "
                "judge@example.org\n[judge]\ngames = %s/games\n" % (j, j))
    for g in games:
        text = open(os.path.join(g, "game-0.yaml")).read()
        gid = text.split("\ngame: ", 1)[1].split("\n", 1)[0].strip()
        shutil.copy(os.path.join(g, "game-0.yaml"),
                    os.path.join(j, "games", gid + ".yaml"))
    return j, dict(ENV, XDG_STATE_HOME=os.path.join(j, "state"))


def clients_run(binary, base, games, warm, trace=None):
    """CLIENTS clients at once, each delivering its game's messages
    (msg-1 to msg-CLIENT_STEPS) and a stranger's after every
    STRANGER_EVERY, to one warm server of binary: (seconds, messages,
    syncs: strace(1)'s count under trace, else None). Warm: a
    stranger's message, then warm's game (play_game's) played to its
    last step, a step a connection, every connection open at once
    (the server's workers share them out: each worker warm, not only
    the first, whatever the build)."""
    import threading
    global BIN
    j, env = clients_room(base, games + [warm], "clients-run")
    wrap = ["strace", "-f", "-qq", "-o", trace, "-e",
            "trace=fsync,fdatasync,syncfs"] if trace else []
    keep, BIN = BIN, binary
    try:
        p, sock = lmtp_server(j, env, wrap)
    finally:
        BIN = keep
    stranger = stranger_message(j)
    sent = [0] * len(games)
    # each client's messages read and dot-stuffed before the clock
    # starts: the clients' Python takes as little of the CPUs the
    # server's workers share as it can (the same for either build)
    msgs = []
    for g in games:
        m = []
        for k in range(1, CLIENT_STEPS + 1):
            m.append(LmtpClient.prepare(os.path.join(g, "msg-%d.eml" % k)))
            if k % STRANGER_EVERY == 0:
                m.append(LmtpClient.prepare(stranger))
        msgs.append(m)

    def client(i):
        c = LmtpClient(sock)
        for m in msgs[i]:
            c.send(m)
            sent[i] += 1
        c.close()
    try:
        w = LmtpClient(sock)
        w.send(stranger)            # warm: GMime and the key
        w.close()
        # each worker warm: a message of orders each (its first one
        # pays for the memory it writes, copied from the parent's)
        ws = [LmtpClient(sock) for _ in range(warm_steps(warm))]
        for k, w in enumerate(ws):
            w.send(os.path.join(warm, "msg-%d.eml" % (k + 1)))
        for w in ws:
            w.close()
        # the warm messages' syncs are not the clients': left out
        warm_syncs = 0
        if trace:
            time.sleep(0.5)
            warm_syncs = syncs_in(trace)
        threads = [threading.Thread(target=client, args=(i,))
                   for i in range(len(games))]
        t = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        t = time.perf_counter() - t
    finally:
        if trace:
            # SIGTERM to the judge strace runs (strace would detach),
            # then strace ends with it
            kids = open("/proc/%d/task/%d/children" % (p.pid, p.pid)).read()
            for k in kids.split():
                os.kill(int(k), signal.SIGTERM)
            p.communicate(timeout=120)
        else:
            lmtp_stop(p)
    log = open(os.path.join(j, "games", "judge.log")).read()
    took = log.count(" adjudicated step ")
    want = len(games) * CLIENT_STEPS + warm_steps(warm)
    if took != want:
        raise SystemExit("bench: %s took %d steps of %d" % (
            binary, took, want))
    syncs = syncs_in(trace) - warm_syncs if trace else None
    return t, sum(sent), syncs


def syncs_in(trace):
    """The syncs strace(1) wrote into trace so far."""
    return sum(1 for ln in open(trace) if re.match(
        r"^\d+\s+(fsync|fdatasync|syncfs)\(", ln))


def lmtp_clients(base, out, old):
    """`lmtp on ext4`: CLIENTS clients at once to one warm server, this
    build and the tree before (old) in turn, each run on the same games
    (rounds of both; the median), and the syncs a message of each
    (strace, a run apart: tracing slows it). Both builds get the same
    clients and the same warming (clients_run): a worker of the server
    first writes the memory it shares with its parent, each page then
    copied (about 640 faults a worker in the first messages of orders,
    against 30 once warm), which a server running for days pays once,
    and a run of 84 messages would pay in each worker's timed part."""
    keys = os.path.join(base, "keys")
    games = [play_game(base, "client-%d" % i, CLIENT_STEPS, keys)
             for i in range(CLIENTS)]
    # the server's default: a worker an online CPU, at most 4
    workers = min(os.cpu_count() or 1, 4) if lmtp_workers_known(BIN) else 1
    warm = play_game(base, "client-warm", workers, keys)
    tn, to = [], []
    for _ in range(CLIENT_ROUNDS):
        a = clients_run(BIN, base, games, warm)
        b = clients_run(old, base, games, warm)
        tn.append(a[0])
        to.append(b[0])
        print("  (a round: %.3f s, the tree before %.3f s, %d messages)"
              % (a[0], b[0], a[1]), flush=True)
    n = a[1]
    pairs = sorted(o / t for t, o in zip(tn, to))
    _, _, sn = clients_run(BIN, base, games, warm,
                           os.path.join(base, "tn"))
    _, _, so = clients_run(old, base, games, warm,
                           os.path.join(base, "to"))
    rn, ro = tn, to
    tn, to = statistics.median(tn), statistics.median(to)
    share = 100.0 * (n - CLIENTS * CLIENT_STEPS) / n
    fs = subprocess.run(["df", "--output=fstype", base], capture_output=True,
                        text=True).stdout.split()
    out("lmtp on %s: %.1f messages/s with %d clients, %d worker(s), %.2f "
        "syncs a message "
        "(%d games' orders, Race to the Reichstag steps 1-%d, %.0f%% "
        "strangers; either build: each worker warm with a message of "
        "orders, the clients' messages read before the clock); the tree "
        "before %.1f messages/s, %.2f syncs a "
        "message: x%.2f (load average %.1f at the end)" % (
            fs[-1] if fs else fs_type(base), n / tn, CLIENTS, workers, sn / n,
            CLIENTS, CLIENT_STEPS, share, n / to, so / n, to / tn,
            os.getloadavg()[0]))
    out(LMTP_NOTE + "%d rounds, each build in turn, the median of each's; "
        "a round's ratio x%.2f to x%.2f, their median x%.2f; a round of "
        "this build %.3f-%.3f s, of the tree before %.3f-%.3f s" % (
            CLIENT_ROUNDS, pairs[0], pairs[-1], statistics.median(pairs),
            min(rn), max(rn), min(ro), max(ro)))


JUDGE_WINDOW = 7   # lmtp_cost_before: the steps from each of JUDGE_STEPS
# how the notes of bench-judge-clients' lines begin (replaced with them)
LMTP_NOTE = "            (bench-judge-clients) "


def lmtp_cost_before(base, out, old):
    """`judge message vs adjudicate` over LMTP (lmtp_counts: callgrind's
    instructions of a warm server's messages from each of JUDGE_STEPS,
    JUDGE_WINDOW of them, against adjudicate of each step), this build
    and the tree before (old) on the same game: the median of the
    steps' ratios. A step alone made the ratio move between runs (x1.14
    to x1.30 at step 256): each run plays a game of its own (new keys,
    new seeds), and what a step's adjudication costs beside the judge's
    fixed work (its letter, its checks) differs from step to step: a
    retreat's resolution or a pass."""
    global BIN
    d = play_judged(base, JUDGE_STEPS[-1] + JUDGE_WINDOW + 1)
    keep, line = BIN, []
    try:
        for b in (keep, old):
            BIN = fixture.BIN = b
            line.append([lmtp_counts(base, d, k, True, JUDGE_WINDOW)
                         for k in JUDGE_STEPS])
    finally:
        BIN = fixture.BIN = keep

    def ratio(counts):
        return statistics.median(j / a for j, a in counts)

    def spread(counts):
        r = sorted(j / a for j, a in counts)
        return "x%.2f-%.2f" % (r[0], r[-1])

    def mean(counts):
        return sum(j for j, _ in counts) / len(counts) / 1e6
    (n4, n256), (o4, o256) = line
    out("judge message vs adjudicate: step %d x%.2f, step %d x%.2f "
        "(instructions) (lmtp); the tree before x%.2f, x%.2f" % (
            JUDGE_STEPS[0], ratio(n4), JUDGE_STEPS[1], ratio(n256),
            ratio(o4), ratio(o256)))
    out(LMTP_NOTE + "the median of the ratios of steps K to K+%d, "
        "one game for both builds: this build's %s and %s (judge %.1fM "
        "and %.1fM a message, the mean), the tree before's %s and %s "
        "(%.1fM and %.1fM)" % (
            JUDGE_WINDOW - 1, spread(n4), spread(n256), mean(n4),
            mean(n256), spread(o4), spread(o256), mean(o4), mean(o256)))


def only_lmtp_clients():
    """bench.py BIN BARE --lmtp-clients OLD_BIN (make bench-judge-clients
    BENCH_BEFORE=...): lmtp_clients and lmtp_cost_before, this build
    beside the tree before, printed and written into OUT in place of
    their lines there."""
    old = os.path.abspath(sys.argv[sys.argv.index("--lmtp-clients") + 1])
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    lines = []
    try:
        say = lambda s="": (print(s, flush=True), lines.append(s))  # noqa
        lmtp_clients(base, say, old)
        lmtp_cost_before(base, say, old)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    old_text = open(OUT).read().split("\n") if os.path.exists(OUT) else []
    if old_text and old_text[-1] == "":
        old_text.pop()
    old_text = [ln for ln in old_text if not ln.startswith("lmtp on ") and
                "(lmtp); the tree before" not in ln and
                not ln.startswith(LMTP_NOTE)]
    at = next((i for i, ln in enumerate(old_text)
               if ln.startswith("judge --lmtp, ")), len(old_text) - 1) + 1
    old_text[at:at] = lines
    with open(OUT, "w") as f:
        f.write("\n".join(old_text) + "\n")
    print("written to %s" % OUT)


def replay(d, steps, out):
    """umpire replay of the game d/game.yaml (steps long) side by side
    with its audit, both timed in alternation, with their peak memory
    and the page's size."""
    rep = [BIN, "replay", "game.yaml", "-o", "replay.html"]
    aud = [BIN, "audit", "game.yaml"]
    trp, tau = compare(rep, aud, d, 1, rounds=3)
    size = os.path.getsize(os.path.join(d, "replay.html"))
    out("replay      umpire replay of that game %.0f ms (%.2f ms a step; "
        "%d KiB of HTML), its audit %.0f ms: ratio %.1f" % (
            trp * 1e3, trp * 1e3 / steps, size // 1024, tau * 1e3,
            trp / tau))
    out("            peak RSS: replay %.1f MiB, audit %.1f MiB" % (
        peak_rss(rep, d) / 1024, peak_rss(aud, d) / 1024))


def only_replay():
    """bench.py BIN BARE --replay GAME: that line alone, for a game file
    at hand (printed, not written to OUT)."""
    game = os.path.abspath(sys.argv[sys.argv.index("--replay") + 1])
    d = tempfile.mkdtemp(prefix="umpire-bench-")
    try:
        shutil.copy(game, os.path.join(d, "game.yaml"))
        p = subprocess.run([BIN, "audit", "--json", "game.yaml"], cwd=d,
                           env=ENV, stdout=subprocess.PIPE, check=True)
        replay(d, json.loads(p.stdout)["steps"], print)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main():
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    lines = []

    def out(s=""):
        print(s)
        lines.append(s)
    try:
        out("umpire bench, %s" % time.strftime("%Y-%m-%d %H:%M:%S %Z"))
        out("machine: " + machine())
        out("load average at start: %.2f %.2f %.2f" % os.getloadavg())
        out()
        g, asteps, diff, strategy = play_longest(base)
        every = play_every_game(base)
        longest = play_long(base)
        lsteps, lscn, lg = max(every + [(asteps, "arnswalde-1945", g),
                                        longest])
        # verify: one signed order file, detached, the same file and key
        # for both (minisign -V reads FILE.minisig)
        o = os.path.join(g, "orders-1.yaml")
        actor = open(o).read().split("\nside: ", 1)[1].split("\n", 1)[0]
        fixture.umpire(g, "sign", "orders-1.yaml", "-s", actor + ".key",
                       "--detached", "-o", "orders-1.yaml.minisig")
        umv = [BIN, "verify", "orders-1.yaml", "-p", actor + ".pub", "-x",
               "orders-1.yaml.minisig"]
        msv = ["minisign", "-Vq", "-p", actor + ".pub", "-m",
               "orders-1.yaml"]
        tu, tm = compare(umv, msv, g, 100)
        r1 = tu / tm
        out("verify      umpire verify %.2f ms, minisign -V %.2f ms: "
            "ratio %.2f (goal <= 1.2)" % (tu * 1e3, tm * 1e3, r1))
        # adjudicate one step: the pending step of game-1 (step 2)
        shutil.copy(os.path.join(g, "game-1.yaml"),
                    os.path.join(g, "adj.yaml"))
        st = open(os.path.join(g, "signed-2.yaml")).read()
        actor2 = st.split("\nside: ", 1)[1].split("\n", 1)[0]
        counter = fixture.game_counter(g, actor2)
        adj = [BIN, "adjudicate", "adj.yaml", "signed-2.yaml", "-s",
               counter + ".key", "-o", "adj-out.yaml", "--report",
               "adj-report.txt"]
        ta, tm2 = compare(adj, msv, g, 50)
        r2 = ta / tm2
        out("adjudicate  one Arnswalde step %.2f ms, minisign -V %.2f ms: "
            "ratio %.2f (goal <= 2)" % (ta * 1e3, tm2 * 1e3, r2))
        out("            (in %s, %s; adjudicate fsyncs the new game file "
            "and its directory before the rename, minisign writes nothing)"
            % (g, fs_type(g)))
        if os.path.isdir("/dev/shm") and fs_type(g) != "tmpfs":
            shm = tempfile.mkdtemp(prefix="umpire-bench-", dir="/dev/shm")
            try:
                for f in os.listdir(g):
                    p = os.path.join(g, f)
                    if os.path.isfile(p):
                        shutil.copy(p, shm)
                ts, tm3 = compare(adj, msv, shm, 50)
                out("            the same on tmpfs (fsync free): %.2f ms, "
                    "minisign -V %.2f ms: ratio %.2f" % (
                        ts * 1e3, tm3 * 1e3, ts / tm3))
            finally:
                shutil.rmtree(shm, ignore_errors=True)
        # audit of the longest game against the bare cost
        out("audit       games played to their end: " + ", ".join(
            "%s %d steps" % (scn, n) for n, scn, _ in every) +
            "; arnswalde-1945 %d steps (difficulty %s, %s answers)" % (
                asteps, diff, strategy))
        steps = lsteps
        aud = [BIN, "audit", "game.yaml"]
        bare = [BARE, "game.yaml"]
        tau, tb = compare(aud, bare, lg, 10)
        r3 = tau / tb
        out("            longest: %s, %d steps, %d KiB%s" % (
            lscn, steps, os.path.getsize(os.path.join(lg, "game.yaml"))
            // 1024, " (one decision a mail, bench/one-answer; "
            "stopped at %d steps)" % LONG_STEPS
            if lg == longest[2] and steps == LONG_STEPS else
            " (one decision a mail, bench/one-answer)"
            if lg == longest[2] else ""))
        out("            umpire audit %.2f ms (%.3f ms a step), bare "
            "signature checks and hashes %.2f ms: ratio %.2f (goal <= 2)"
            % (tau * 1e3, tau * 1e3 / steps, tb * 1e3, r3))
        replay(lg, steps, out)
        # growth: audit of every prefix of the game
        out("            audit time by number of steps (prefixes of that "
            "game):")
        pts = []
        for k in sorted(set([1, 2, 4, 8, 16, 32, 64, 128, 256, 512,
                             steps])):
            if k > steps:
                continue
            t = statistics.median(
                timed([BIN, "audit", "game-%d.yaml" % k], lg, 5)
                for _ in range(3))
            pts.append((k, t))
            out("              %4d steps  %8.2f ms  %6.3f ms a step" % (
                k, t * 1e3, t * 1e3 / k))
        (k0, t0), (k1, t1) = pts[0], pts[-1]
        slope = (t1 - t0) / (k1 - k0) if k1 > k0 else 0
        fixed = t0 - slope * k0
        out("            fit: %.2f ms + %.3f ms a step; 1,000 steps "
            "(extrapolated): %.0f ms" % (fixed * 1e3, slope * 1e3,
                                         (fixed + slope * 1000) * 1e3))
        if steps < 1000:
            out("            note: the longest game played here is %d "
                "steps, short of 1,000" % steps)
        # peak memory (through /usr/bin/time: a process forked from
        # python would count python's pages before the exec)
        m_adj = peak_rss(adj, g)
        m_aud = peak_rss(aud, lg)
        m_ms = peak_rss(msv, g)
        m_aud1 = peak_rss([BIN, "audit", "game-1.yaml"], lg)
        out("memory      peak RSS: adjudicate %.1f MiB, audit (%d steps) "
            "%.1f MiB (goal < 16 MiB); minisign -V %.1f MiB"
            % (m_adj / 1024, steps, m_aud / 1024, m_ms / 1024))
        out("            audit of the first step only: %.1f MiB" %
            (m_aud1 / 1024))
        # parsing: one mapping of 50,000 keys, a duplicate at its end
        # (the duplicate-key check was once quadratic);
        # refused (exit 1) after the whole file is read
        first = open(os.path.join(lg, "game-1.yaml")).read()
        keys = "".join("  k%d: v\n" % i for i in range(50000))
        with open(os.path.join(lg, "keys.yaml"), "w") as f:
            f.write(first.replace("\nstate:", "\njunk:\n" + keys +
                                  "  k17: again\nstate:", 1))
        t_keys = statistics.median(
            [timed([BIN, "audit", "keys.yaml"], lg, 3, want=1)
             for _ in range(5)])
        t_one = statistics.median(
            [timed([BIN, "audit", "game-1.yaml"], lg, 3) for _ in range(5)])
        out("parsing     audit of a game file with a 50,000-key mapping "
            "(%d KiB, a duplicate key at its end, refused): %.2f ms; the "
            "same file without it %.2f ms (goal < 50 ms)" % (
                os.path.getsize(os.path.join(lg, "keys.yaml")) // 1024,
                t_keys * 1e3, t_one * 1e3))
        # a turn by the game's length (the long game, if it was played
        # to the steps of the table)
        fl = flat(base, out, longest[0], longest[2])
        # the judged game (judge_cost's, played here once) is the
        # Race to the Reichstag game under a referee it times
        rd = play_judged(base, max(JUDGE_STEPS[-1], BYTES_STEPS[-1],
                                   LONG_STEPS))
        fr = flat_referee(base, out, judged_steps(base, rd), rd)
        fl = fl + fr if fl else None
        r5, r6, r7 = aachen(base, out)
        # Race to the Reichstag under a referee
        r8 = reichstag(base, out)
        mail(base, out)
        judge(base, out)
        judge_cost(base, out, longest)
        # Aachen's balance: BENCH_BALANCE_GAMES games a pairing when
        # set; unset (or 0), the section OUT holds from its last run
        # (make bench-balance, an hour and a half at 50 games a
        # pairing) is carried over as it stands
        games = int(os.environ.get("BENCH_BALANCE_GAMES") or "0")
        if games > 0:
            balance(base, out, games)
        elif os.path.exists(OUT):
            for line in balance_section(open(OUT).read().split("\n")):
                out(line)
        # the lines of the benches run on their own, carried over with
        # their notes: the desk's (make bench-desk, bench/desk.py), a
        # long game's end (make bench-game-end, bench/game-end.py) and
        # audit's memory by the game's length (make bench-audit-memory,
        # bench/audit-memory.py)
        old = open(OUT).read().split("\n") if os.path.exists(OUT) else []
        for head in CARRIED:
            at = next((i for i, l in enumerate(old)
                       if l.startswith(head)), len(old))
            for line in old[at:at + 1] + list(itertools.takewhile(
                    lambda l: l.startswith("            "), old[at + 1:])):
                out(line)
        # sizes of what is mailed: the Aachen example as played
        ex = os.path.join(HERE, "..", "examples", "aachen")
        gsize = os.path.getsize(os.path.join(ex, "game.yaml"))
        gsteps = len([f for f in os.listdir(os.path.join(ex, "orders"))
                      if f.endswith(".yaml")])
        per_step = gsize / max(gsteps, 1)
        osizes, commented = [], 0
        for f in sorted(os.listdir(os.path.join(ex, "orders"))):
            text = open(os.path.join(ex, "orders", f)).read()
            osizes.append(len(text))
            body = text.split("# -----BEGIN UMPIRE SIGNATURE", 1)[0]
            commented += any(l.lstrip().startswith("#")
                             for l in body.splitlines())
        out("size        Aachen example: game file %d KiB for %d steps, "
            "%.2f KiB a step (goal <= 2 KiB)" % (
                gsize // 1024, gsteps, per_step / 1024))
        out("            signed order files: %d, mean %.0f bytes, largest "
            "%d bytes; %d hold template comments (goal 0)" % (
                len(osizes), statistics.mean(osizes), max(osizes),
                commented))
        out()
        out("goals: verify %s, adjudicate %s, audit %s, aachen %s, "
            "reichstag %s, memory %s, parsing %s, size %s, flat %s" % (
            "met" if r1 <= 1.2 else "MISSED",
            "met" if r2 <= 2 else "MISSED",
            "met" if r3 <= 2 else "MISSED",
            "met" if r5 <= 2 and r6 <= 3 and r7 <= 3 else "MISSED",
            "met" if r8 <= 2 else "MISSED",
            "met" if max(m_adj, m_aud) < 16 * 1024 else "MISSED",
            "met" if t_keys < 0.050 else "MISSED",
            "met" if per_step <= 2048 and commented == 0 else "MISSED",
            "met" if fl and max(fl) <= 1.5 else "MISSED"))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("written to %s" % OUT)


def only_aachen():
    """bench.py BIN BARE --aachen: that section alone (printed, not
    written to OUT)."""
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    try:
        r5, r6, r7 = aachen(base, print)
        print("goal: aachen %s" % (
            "met" if r5 <= 2 and r6 <= 3 and r7 <= 3 else "MISSED"))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def only_mail():
    """bench.py BIN BARE --mail: that section alone (printed, not written
    to OUT)."""
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    try:
        mail(base, print)
    finally:
        shutil.rmtree(base, ignore_errors=True)


# the heads of the lines make bench carries over (main)
CARRIED = ("desk: ", "game end: ", "audit memory: ")


def write_carried(out_path, lines):
    """lines (a head of CARRIED and its notes, indented) written into
    out_path in place of that head's lines there, else where make
    bench writes them: before the next head's, or at the end."""
    old = open(out_path).read().split("\n") if os.path.exists(
        out_path) else []
    if old and old[-1] == "":
        old.pop()
    head = next(h for h in CARRIED if lines[0].startswith(h))
    first = next((i for i, l in enumerate(old) if l.startswith(head)),
                 None)
    if first is not None:
        end = first + 1
        while end < len(old) and old[end].startswith("            "):
            end += 1
        old[first:end] = lines
    else:
        later = CARRIED[CARRIED.index(head) + 1:]
        at = next((i for i, l in enumerate(old) if l.startswith(later)),
                  len(old)) if later else len(old)
        old[at:at] = lines
    with open(out_path, "w") as f:
        f.write("\n".join(old) + "\n")
    print("written to %s" % out_path)


def only_judge():
    """bench.py BIN BARE --judge: that section alone (printed, not
    written to OUT)."""
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    try:
        judge(base, print)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def only_judge_cost():
    """bench.py BIN BARE --judge-cost (make bench-judge): the judge's
    cost against adjudicate's, umpire mail, sign -g and adjudicate by
    the game's length (judge_cost) alone, printed and written into OUT
    in place of the section's lines there."""
    # BENCH_JUDGE_BASE: the games played there kept and played again
    # only when missing (a run of the section after a change)
    keep = os.environ.get("BENCH_JUDGE_BASE")
    base = keep or tempfile.mkdtemp(prefix="umpire-bench-")
    os.makedirs(base, exist_ok=True)
    lines = []

    def out(s=""):
        print(s, flush=True)
        lines.append(s)
    try:
        out("judge-cost  bench.py --judge-cost, %s; load average %.2f" % (
            time.strftime("%Y-%m-%d %H:%M:%S %Z"), os.getloadavg()[0]))
        judge_cost(base, out)
    finally:
        if not keep:
            shutil.rmtree(base, ignore_errors=True)
    old = open(OUT).read().split("\n") if os.path.exists(OUT) else []
    if old and old[-1] == "":
        old.pop()
    first = next((i for i, l in enumerate(old)
                  if l.startswith("judge-cost")), None)
    if first is not None:
        end = next((i for i in range(first, len(old)) if old[i].startswith(
            "            goals: judge message")), first)
        old[first:end + 1] = lines
    else:
        at = next((i for i, l in enumerate(old) if l.startswith("size ")),
                  len(old))
        old[at:at] = lines
    with open(OUT, "w") as f:
        f.write("\n".join(old) + "\n")
    print("written to %s" % OUT)


def only_flat():
    """bench.py BIN BARE --flat: the long game and that section alone
    (printed, not written to OUT)."""
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    try:
        n, _, g = play_long(base)
        r = flat(base, print, n, g)
        rd = play_judged(base, LONG_STEPS)
        r2 = flat_referee(base, print, judged_steps(base, rd), rd)
        print("goal: flat %s" % ("met" if r and max(r) <= 1.5 and
                                 max(r2) <= 1.5 else "MISSED"))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def only_reichstag():
    """bench.py BIN BARE --reichstag: that section alone (printed, not
    written to OUT)."""
    base = tempfile.mkdtemp(prefix="umpire-bench-")
    try:
        r = reichstag(base, print)
        print("goal: reichstag %s" % ("met" if r <= 2 else "MISSED"))
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    if "--reichstag" in sys.argv[3:]:
        only_reichstag()
    elif "--aachen" in sys.argv[3:]:
        only_aachen()
    elif "--balance" in sys.argv[3:]:
        only_balance()
    elif "--flat" in sys.argv[3:]:
        only_flat()
    elif "--mail" in sys.argv[3:]:
        only_mail()
    elif "--judge-cost" in sys.argv[3:]:
        only_judge_cost()
    elif "--lmtp-clients" in sys.argv[3:]:
        only_lmtp_clients()
    elif "--judge" in sys.argv[3:]:
        only_judge()
    elif "--replay" in sys.argv[3:]:
        only_replay()
    else:
        main()
