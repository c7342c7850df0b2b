#!/usr/bin/env python3
"""game-end.py BIN [--write OUT] - what the message that ends a long
game costs one `umpire judge --lmtp` server: a Race to the Reichstag
under a referee whose roles have mail addresses, one decision a mail
(bench/one-answer, as bench.py's play_judged), played to its end or
to GAME_END_STEPS (2,000) messages, whichever comes first, every
message delivered to one LMTP server over one connection, from the
game's first step to its last.

The game is played once and kept under build/bench/game-end/ (the
players' messages and the game files around its end; played again when
the scenario file changed): a run after a change to the judge measures
the same game.

Prints one line a script can read, and notes under it:
  game end: N instructions (xR its adjudicate), letters N KB, server
  peak N MiB (Race to the Reichstag, step S)
N instructions: everything the warm server did for the last message,
from its bytes sent to its 250 (callgrind_control, as bench.py's
lmtp_count); its adjudicate: `umpire adjudicate` of the same step,
warmed alike. Letters: the largest letter of the end, in KB (1,000
bytes), and their count in the note. Server peak: VmHWM after the end;
the note gives the peak at the game's middle and before its end, and
VmRSS just after the step before the last and after the last message,
and idle 2 s after each (the server gives its heap back when idle,
LMTP_TRIM_MS in src/judge/lmtp.c). --write OUT puts the line
and its notes in OUT in place of those there (bench.py's write_carried;
make bench carries them over). Goals: at most x10, each letter at most
2 MB, the peak at most 1.5 times the mid-game peak, the memory idle
after the end what it was idle before it (within 1 MiB).
"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BIN_ARG = os.path.abspath(sys.argv[1])
# bench.py's judge helpers (judge_room, lmtp_server, LmtpClient,
# instructions): it reads BIN and BARE from its command line
sys.argv[1:] = [BIN_ARG, "/bin/true"] + sys.argv[2:]
import bench  # noqa: E402

fixture = bench.fixture
SCN = "race-to-the-reichstag"   # (bench.judged_game's)
STEPS = int(os.environ.get("GAME_END_STEPS", "2000"))
CACHE = os.path.join(ROOT, "build", "bench", "game-end")
MIB = 1024
IDLE = 2.0      # seconds: past the server's LMTP_TRIM_MS (lmtp.c)


def scenario_stamp():
    with open(os.path.join(fixture.SCN, SCN + ".yaml"), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest() + "\n"


def play(d):
    """The game played in d to its end or to STEPS messages (bench.py's
    judged_game and judged_step): msg-K.eml and signed-K.yaml for
    every K, game-K.yaml for the first and the last three; the last
    step's number in d/steps."""
    n = 0
    extra = {"XDG_STATE_HOME": os.path.join(d, "state")}
    if os.path.exists(os.path.join(d, "game.yaml")):
        # a play cut short: on from the last step it kept, if the
        # parties' machine signed nothing after it (else from the start)
        n = max(int(f[5:-5]) for f in os.listdir(d)
                if re.match(r"^game-\d+\.yaml$", f))
        st = fixture.umpire(d, "status", "--brief", "game-%d.yaml" % n,
                            extra=extra).stdout
        if n and st.startswith(b"pending"):
            shutil.copy(os.path.join(d, "game-%d.yaml" % n),
                        os.path.join(d, "game.yaml"))
        else:
            n = 0
            shutil.rmtree(d)
            os.makedirs(d)
            with open(os.path.join(d, "stamp"), "w") as f:
                f.write(scenario_stamp())
    if not n:
        bench.judged_game(d, os.path.join(d, "keys"))
    while n < STEPS:
        st = fixture.umpire(d, "status", "--brief", "game.yaml",
                            extra=extra).stdout.split()
        if st[0] != b"pending":
            break
        bench.judged_step(d, n, st[1].decode(), extra)
        os.unlink(os.path.join(d, "orders-%d.yaml" % (n + 1)))
        n += 1
        shutil.copy(os.path.join(d, "game.yaml"),
                    os.path.join(d, "game-%d.yaml" % n))
        if n > 3:
            os.unlink(os.path.join(d, "game-%d.yaml" % (n - 3)))
        if n % 100 == 0:
            print("game-end: played to step %d" % n, flush=True)
    with open(os.path.join(d, "steps"), "w") as f:
        f.write("%d\n" % n)
    shutil.rmtree(os.path.join(d, "state"))


def the_game():
    """The played game's directory (played now if not kept) and its last
    step."""
    stamp = os.path.join(CACHE, "stamp")
    if not (os.path.exists(stamp) and open(stamp).read() ==
            scenario_stamp()):
        # (the stamp first: a play cut short goes on, under it)
        shutil.rmtree(CACHE, ignore_errors=True)
        os.makedirs(CACHE)
        with open(stamp, "w") as f:
            f.write(scenario_stamp())
    if not os.path.exists(os.path.join(CACHE, "steps")):
        play(CACHE)
    return CACHE, int(open(os.path.join(CACHE, "steps")).read())


def kib(pid, field):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"^%s:\s+(\d+) kB" % field, f.read(),
                             re.M).group(1))


def letters(j, before):
    """The letters in j/out/new not in before: {name: bytes}."""
    box = os.path.join(j, "out", "new")
    return {n: os.path.getsize(os.path.join(box, n))
            for n in os.listdir(box) if n not in before}


def whole_game(base, d, last):
    """Every message of the game to one server: its memory and the end's
    letters, and the games directory and machine as they were after step
    last - 2 (copied to base/snap)."""
    j, env = bench.judge_room(base, d, "whole", 0, False)
    p, sock = bench.lmtp_server(j, env, one=True)
    r = {}
    try:
        c = bench.LmtpClient(sock)
        for k in range(1, last):
            c.send(os.path.join(d, "msg-%d.eml" % k))
            if k == last // 2:
                r["mid"] = kib(p.pid, "VmHWM")
            if k == last - 2:
                snap = os.path.join(base, "snap")
                shutil.copytree(j, snap, ignore=shutil.ignore_patterns(
                    "j.sock"))
                # its own games directory (judge_room names j's)
                ini = os.path.join(snap, "judge.ini")
                with open(ini) as f:
                    text = f.read().replace(j + "/", snap + "/")
                with open(ini, "w") as f:
                    f.write(text)
        r["before_peak"] = kib(p.pid, "VmHWM")
        r["busy"] = kib(p.pid, "VmRSS")
        # idle (the server gives its heap back after IDLE: lmtp.c's
        # LMTP_TRIM_MS), before the last message and after it
        time.sleep(IDLE)
        r["before"] = kib(p.pid, "VmRSS")
        old = set(os.listdir(os.path.join(j, "out", "new")))
        c.send(os.path.join(d, "msg-%d.eml" % last))
        r["peak"] = kib(p.pid, "VmHWM")
        r["after"] = kib(p.pid, "VmRSS")
        r["letters"] = letters(j, old)
        time.sleep(IDLE)
        r["later"] = kib(p.pid, "VmRSS")
        c.close()
    finally:
        bench.lmtp_stop(p)
    gid = open(os.path.join(d, "game-0.yaml")).read().split(
        "\ngame: ", 1)[1].split("\n", 1)[0].strip()
    stored = bench.roomless(open(os.path.join(j, "games", gid + ".yaml"),
                                 "rb").read())
    if stored != open(os.path.join(d, "game-%d.yaml" % last), "rb").read():
        raise SystemExit("game-end: the LMTP judge's game is not the one "
                         "adjudicate made")
    r["file"] = len(stored)
    r["over"] = fixture.umpire(d, "status", "--brief", "game-%d.yaml" %
                               last).stdout.split()[0].decode()
    return r


def end_count(base, d, last):
    """Instructions of the last message to a warm server (warmed by the
    one before it, from whole_game's copy), and of umpire adjudicate of
    that step warmed alike."""
    j = os.path.join(base, "snap")
    env = dict(bench.ENV, XDG_STATE_HOME=os.path.join(j, "state"))
    cg = os.path.join(j, "callgrind.out")
    p, sock = bench.lmtp_server(j, env, [
        "valgrind", "--tool=callgrind", "--instr-atstart=no",
        "--callgrind-out-file=" + cg], one=True)
    try:
        c = bench.LmtpClient(sock)
        c.send(os.path.join(d, "msg-%d.eml" % (last - 1)))
        bench.callgrind_control(p, "-i", "on")
        c.send(os.path.join(d, "msg-%d.eml" % last))
        bench.callgrind_control(p, "-d")
        c.close()
    finally:
        bench.lmtp_stop(p)
    with open(os.path.join(j, "games", "judge.log")) as f:
        if not re.search(r" %d done .*adjudicated step %d" % (last, last),
                         f.read()):
            raise SystemExit("game-end: the measured server did not take "
                             "step %d" % last)
    dumps = [f for f in os.listdir(j) if f.startswith("callgrind.out.")]
    if len(dumps) != 1:
        raise SystemExit("game-end: callgrind dumps: %s" % dumps)
    text = open(os.path.join(j, dumps[0])).read()
    im = int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1))
    a = os.path.join(base, "adj")
    os.makedirs(a)
    shutil.copy(os.path.join(d, "referee.key"), a)
    aenv = dict(bench.ENV, XDG_STATE_HOME=os.path.join(a, "state"))
    bench.run_once([bench.BIN, "adjudicate", os.path.join(
        d, "game-%d.yaml" % (last - 2)), os.path.join(
            d, "signed-%d.yaml" % (last - 1)), "-s", "referee.key", "-o",
        "prev.yaml"], a, env=aenv)
    ia = bench.instructions([bench.BIN, "adjudicate", "prev.yaml",
                             os.path.join(d, "signed-%d.yaml" % last), "-s",
                             "referee.key", "-o", "next.yaml"], a, aenv)
    if open(os.path.join(a, "next.yaml"), "rb").read() != open(
            os.path.join(d, "game-%d.yaml" % last), "rb").read():
        raise SystemExit("game-end: adjudicate made another step %d" % last)
    return im, ia


def main():
    write = sys.argv[sys.argv.index("--write") + 1] \
        if "--write" in sys.argv else None
    t0 = time.time()
    d, last = the_game()
    base = tempfile.mkdtemp(prefix="umpire-game-end-")
    try:
        r = whole_game(base, d, last)
        im, ia = end_count(base, d, last)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    big = max(r["letters"].values())
    lines = [
        "game end: %.1fM instructions (x%.1f its adjudicate), letters %d KB, "
        "server peak %.1f MiB (Race to the Reichstag, step %d)" % (
            im / 1e6, im / ia, big // 1000, r["peak"] / MIB, last),
        "            %s at step %d (game file %d KB); %d letters of the "
        "end, %s bytes; adjudicate of that step %.1fM instructions" % (
            "over" if r["over"] == "over" else "not over (%s)" % r["over"],
            last, r["file"] // 1000, len(r["letters"]), ", ".join(
                str(v) for v in sorted(r["letters"].values())), ia / 1e6),
        "            one LMTP server for every message of the game: VmHWM "
        "%.1f MiB at step %d, %.1f before the last message, %.1f after it; "
        "VmRSS %.1f MiB just after step %d, %.1f idle %.0f s then, %.1f "
        "just after the last message, %.1f idle %.0f s then" % (
            r["mid"] / MIB, last // 2, r["before_peak"] / MIB,
            r["peak"] / MIB, r["busy"] / MIB, last - 1, r["before"] / MIB,
            IDLE, r["after"] / MIB, r["later"] / MIB, IDLE),
        "            goals: x10 (%s), each letter <= 2 MB (%s), peak <= 1.5 "
        "x the mid-game peak (%s), memory idle after the end that idle "
        "before it, within 1 MiB (%s) (bench/game-end.py, %s, %.0f s, load average "
        "%.1f)" % (tuple(
            "met" if ok else "MISSED" for ok in (
                im / ia <= 10, big <= 2000000,
                r["peak"] <= 1.5 * r["mid"],
                r["later"] <= r["before"] + MIB)) + (
            time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            time.time() - t0, os.getloadavg()[0])),
    ]
    print("\n".join(lines))
    if write:
        bench.write_carried(write, lines)

if __name__ == "__main__":
    main()
