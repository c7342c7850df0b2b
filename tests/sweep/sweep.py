#!/usr/bin/env python3
"""sweep.py - every installed scenario, with every option, played to its
end by script, and everything a player reads read at every step.

For each scenario (`umpire scenarios --json`) and each option set (its
defaults, then each other value of each option alone; with --all every
combination the scenario accepts, `umpire new` refusing those the rules
exclude), GAMES games with fresh keys (so fresh chains and dice):

- a game with views (its option `hidden` is `referee`) is played
  through views, as the players would: at every step the referee writes
  every side's view, plain (umpire view) in even games and sealed (umpire
  view --seal, what the judge mails) in odd ones, so that GAMES >= 2
  plays both; each side reads its view with `status`, `render` and
  `report`; the pending side writes its orders from it (`orders`), checks
  and signs them on it (`sign -g VIEW`), and the referee adjudicates; at
  the end each side audits the game file with every view it was sent
  (`audit --view`), which must call them all honest;
- any other game is played from the game file: the same reads of the
  file, `orders`, `sign -g GAME`, and the counter-party (or the referee)
  adjudicates; the whole game is audited at the end.

The orders come from a policy player: `default` signs the template as it
comes (the first legal answer to every question, as every-game.bats);
`choose` is the example's scripted player (examples/SCENARIO/choose.py),
for the scenarios whose example has one that reads what this mode gives
it. Every refusal of a command that reads a view or a game is a failure,
reported with the scenario, options, game, step, side, command and its
message; the failed game's directory is kept under --keep.

Exit 0 when every game ended and nothing failed; 1 otherwise. Prints one
line a game and a summary (games, steps, views read, seconds).
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")
MAX_STEPS = 3000


class Failure(Exception):
    pass


class Game:
    def __init__(self, umpire, env, work, scn, sides, referee, opts,
                 sealed, policy):
        self.u, self.env, self.dir = umpire, env, work
        self.scn, self.sides, self.referee = scn, sides, referee
        self.opts, self.sealed, self.policy = opts, sealed, policy
        self.views = opts.get("hidden") == "referee"
        self.step = 0
        self.reads = 0

    def run(self, *args, stdin=None, what=None, side=""):
        p = subprocess.run([self.u] + [str(a) for a in args],
                           cwd=self.dir, env=self.env, input=stdin,
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("step %d%s: umpire %s: exit %d: %s" % (
                self.step, " (%s)" % side if side else "",
                " ".join(str(a) for a in args), p.returncode,
                (p.stderr or p.stdout).strip()[-1500:]))
        return p.stdout

    def start(self):
        roles = list(self.sides) + (["referee"] if self.referee else [])
        for r in roles:
            self.run("keygen", "-s", r + ".key", "-p", r + ".pub", "-W")
        args = ["new", self.scn, "-s", roles[0] + ".key"]
        for s in self.sides:
            args += ["--side", "%s=%s.pub" % (s, s)]
        if self.referee:
            args += ["--referee", "referee.pub"]
        for k, v in self.opts.items():
            args += ["--set", "%s=%s" % (k, v)]
        self.run(*args, "-o", "game.yaml")
        for r in roles[1:]:
            self.run("join", "game.yaml", "--side", r, "-s", r + ".key",
                     "-o", "j.yaml")
            os.replace(os.path.join(self.dir, "j.yaml"),
                       os.path.join(self.dir, "game.yaml"))
        os.makedirs(os.path.join(self.dir, "views"), exist_ok=True)

    def pending(self):
        st = self.run("status", "--brief", "game.yaml").split()
        if st[0] == "over":
            return None
        if st[0] != "pending":
            raise Failure("step %d: status says %s" % (self.step,
                                                       " ".join(st)))
        return st[1]

    def counter(self, side):
        if self.referee:
            return "referee"
        return [s for s in self.sides if s != side][0]

    def read(self, f, side, key):
        """What a player reads of a view or game file f."""
        k = ["-s", key] if key else []
        self.run("status", f, *k, side=side)
        self.run("render", f, "-o", "board.svg", *k, side=side)
        self.run("report", f, *k, side=side)
        self.reads += 1

    def canonical(self, f):
        """umpire writes a view canonical (umpire-protocol(7), VIEWS: a
        reader drops blanks and CRs at line ends, so a view that had one
        would not verify)."""
        with open(os.path.join(self.dir, f), "rb") as v:
            for i, line in enumerate(v.read().split(b"\n"), 1):
                if line.endswith((b" ", b"\t", b"\r")) or b"\xc2\xa0" in line:
                    raise Failure("step %d: %s:%d: a blank, CR or no-break "
                                  "space umpire should not write" % (
                                      self.step, f, i))

    def orders(self, side, f):
        key = side + ".key"
        if self.policy == "choose":
            return self.choose(side, f, key)
        return self.run("orders", f, "-s", key, side=side)

    def choose(self, side, f, key):
        py = os.path.join(EXAMPLES, self.scn, "choose.py")
        if self.scn in ("race-to-the-reichstag", "aachen"):
            # the player reads his view's YAML: a sealed one opened
            # first (umpire open), as he would
            if self.views and self.sealed:
                self.run("open", f, "-s", key, "-o", "opened.view",
                         side=side)
                f = "opened.view"
            cmd = ["python3", py, side, f, key, self.u]
            inp = None
        else:
            cmd = ["python3", py]
            inp = self.run("orders", f, "-s", key, side=side)
        p = subprocess.run(cmd, cwd=self.dir, env=self.env, input=inp,
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure("step %d (%s): choose.py: %s" % (
                self.step, side, (p.stderr or p.stdout).strip()[-1500:]))
        return p.stdout

    def play_step(self, side):
        n = self.step
        if self.views:
            for s in self.sides:
                v = "views/%04d-%s.view" % (n, s)
                self.run("view", "game.yaml", "--side", s, "-s",
                         "referee.key", *(["--seal"] if self.sealed else
                                          []), "-o", v, side=s)
                self.canonical(v)
                self.read(v, s, s + ".key")
            f = "views/%04d-%s.view" % (n, side)
        else:
            f = "game.yaml"
            self.read(f, side, side + ".key")
        with open(os.path.join(self.dir, "o.yaml"), "w") as o:
            o.write(self.orders(side, f))
        self.run("sign", "o.yaml", "-g", f, "-s", side + ".key", "-o",
                 "signed.yaml", side=side)
        self.run("adjudicate", "game.yaml", "signed.yaml", "-s",
                 self.counter(side) + ".key", "-o", "next.yaml",
                 "--report", "/dev/null", side=side)
        os.replace(os.path.join(self.dir, "next.yaml"),
                   os.path.join(self.dir, "game.yaml"))

    def play(self):
        self.start()
        while True:
            side = self.pending()
            if side is None:
                break
            self.step += 1
            if self.step > MAX_STEPS:
                raise Failure("not over after %d steps" % MAX_STEPS)
            self.play_step(side)
        # the end as each side sees it, then the audits
        if self.views:
            for s in self.sides:
                v = "views/final-%s.view" % s
                self.run("view", "game.yaml", "--side", s, "-s",
                         "referee.key", *(["--seal"] if self.sealed else
                                          []), "-o", v, side=s)
                self.canonical(v)
                self.read(v, s, s + ".key")
                mine = sorted(x for x in os.listdir(os.path.join(
                    self.dir, "views")) if x.endswith("-%s.view" % s))
                args = ["audit", "game.yaml", "-s", s + ".key"]
                for x in mine:
                    args += ["--view", "views/" + x]
                out = self.run(*args, side=s)
                if "every view given is an honest redaction" not in out:
                    raise Failure("audit of %s's views: %s" % (s, out))
        else:
            self.read("game.yaml", self.sides[0], self.sides[0] + ".key")
            self.run("audit", "game.yaml")


def scenarios(umpire, env, only):
    out = subprocess.run([umpire, "scenarios", "--json"], env=env,
                         capture_output=True, text=True, check=True).stdout
    for s in json.loads(out):
        if only and s["id"] not in only:
            continue
        o = subprocess.run([umpire, "scenarios", "--options", s["id"],
                            "--json"], env=env, capture_output=True,
                           text=True, check=True).stdout
        yield json.loads(o)


def option_sets(info, every):
    opts = info.get("options") or []
    if every:
        names = [o["name"] for o in opts]
        for vals in itertools.product(*(o["values"] for o in opts)):
            yield dict(zip(names, vals))
        return
    base = {o["name"]: o["default"] for o in opts}
    yield dict(base)
    for o in opts:
        for v in o["values"]:
            if v != o["default"]:
                d = dict(base)
                d[o["name"]] = v
                yield d


def play_one(umpire, env, root, n, info, opts, policy, sealed, keep):
    """Play game n; (label, steps, reads, failure or None, skipped)."""
    scn, sides = info["id"], info["sides"]
    work = os.path.join(root, "g%d" % n)
    os.makedirs(work)
    genv = dict(env, HOME=work, XDG_STATE_HOME=work + "/.state",
                XDG_CONFIG_HOME=work + "/.config",
                XDG_CACHE_HOME=work + "/.cache")
    referee = info.get("referee") != "none" and (
        "hidden" not in opts or opts["hidden"] == "referee")
    g = Game(umpire, genv, work, scn, sides, referee, opts, sealed, policy)
    label = "%s %s %s %s" % (scn, " ".join(
        "%s=%s" % kv for kv in sorted(opts.items())) or "-", policy,
        "sealed" if sealed and g.views else "plain" if g.views else "file")
    t = time.time()
    fail, skipped = None, False
    try:
        g.play()
        line = "ok   %s: %d steps, %d reads, %.1f s" % (
            label, g.step, g.reads, time.time() - t)
    except Failure as e:
        msg = str(e)
        if g.step == 0 and ("may not be combined" in msg or
                            "not with" in msg):
            line, skipped = "skip %s: %s" % (label, msg.split(": ")[-1]), \
                True
        else:
            fail = "%s: %s" % (label, msg)
            line = "FAIL " + fail
            if keep:
                dst = os.path.join(keep, "g%d" % n)
                shutil.copytree(work, dst, symlinks=True)
                line += "\n     kept in %s" % dst
    shutil.rmtree(work, ignore_errors=True)
    print(line, flush=True)
    return g.step, g.reads, fail, skipped


def games_to_play(umpire, env, a):
    """(info, opts, policy, sealed) of every game, in order. A game with
    views is played with plain views or sealed ones, in turn from one
    option set to the next, one game to the next and one policy to the
    next; --games 1 plays the defaults in both where no other option set
    plays sealed views (Russo-German War: its other set is hidden=honour,
    no views), so that every size plays both with each policy. Race to
    the Reichstag's option sets alone play its views plain (defaults,
    three options) and sealed (two options): a second game of the
    defaults, sealed, read nothing the sweep did not read (64 s of the
    sweep's 348 on the loaded machine)."""
    policies = ["default", "choose"] if a.policy == "both" else [a.policy]
    for info in scenarios(umpire, env, a.only):
        scn = info["id"]
        sets = list(option_sets(info, a.all))
        # another option set played with sealed views, each policy
        # (its j odd: (j + 0 + pi) % 2 == 1 for pi 0, and for pi 1 an
        # even j past the defaults)
        sealed_elsewhere = [
            any(o.get("hidden") == "referee" and (j + pi) % 2 == 1
                for j, o in enumerate(sets) if j > 0)
            for pi in range(len(policies))]
        for j, opts in enumerate(sets):
            for pi, policy in enumerate(policies):
                if policy == "choose" and not os.path.exists(
                        os.path.join(EXAMPLES, scn, "choose.py")):
                    continue
                # the example's player of Race to the Reichstag reads
                # views: a game with them only
                if policy == "choose" and scn == \
                        "race-to-the-reichstag" and \
                        opts.get("hidden") != "referee":
                    continue
                n = a.games
                if n == 1 and j == 0 and opts.get("hidden") == "referee" \
                        and not sealed_elsewhere[pi]:
                    n = 2
                for i in range(n):
                    yield info, opts, policy, (j + i + pi) % 2 == 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--umpire", default=os.environ.get("UMPIRE_BIN"))
    ap.add_argument("--scenarios", default=os.environ.get(
        "UMPIRE_SCENARIOS"))
    ap.add_argument("--games", type=int, default=2,
                    help="games an option set (default 2)")
    ap.add_argument("--all", action="store_true",
                    help="every combination of options, not each alone")
    ap.add_argument("--policy", default="default",
                    help="default, choose, or both (default: default)")
    ap.add_argument("--only", action="append", default=[],
                    help="this scenario only (may repeat)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="games played at once (default 1)")
    ap.add_argument("--keep", help="copy a failed game's directory here")
    a = ap.parse_args()
    if not a.umpire:
        ap.error("give --umpire or UMPIRE_BIN")
    umpire = os.path.abspath(a.umpire)
    t0 = time.time()
    env = dict(os.environ)
    for k in ("UMPIRE_CONFIG", "UMPIRE_PASSPHRASE_FILE"):
        env.pop(k, None)
    if a.scenarios:
        env["UMPIRE_SCENARIOS"] = os.path.abspath(a.scenarios)
    todo = list(games_to_play(umpire, env, a))
    with tempfile.TemporaryDirectory(prefix="umpire-sweep.") as root:
        with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as ex:
            res = list(ex.map(lambda x: play_one(umpire, env, root, x[0],
                                                 *x[1], a.keep),
                              enumerate(todo)))
    games = sum(1 for r in res if not r[3])
    failed = [r[2] for r in res if r[2]]
    print("%d games, %d steps, %d views or files read, %d failed, %.0f s" % (
        games, sum(r[0] for r in res), sum(r[1] for r in res),
        len(failed), time.time() - t0))
    for f in failed:
        print("failed: " + f.split("\n")[0][:300])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
