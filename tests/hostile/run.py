#!/usr/bin/env python3
"""run.py [-v] [CASE...] - the catalogue of bad inputs (tests/hostile/).

Each case is one file in tests/hostile/cases/ (see README.md there for
the format). For each game a fixture is played once, generically, from
the scenario alone: keys for every side, the referee and an outsider,
`umpire new`, every `join`, then STEPS steps with the first legal answers
of `umpire orders` (tests/hostile/games/ID.conf may set options and
STEPS). Each case runs in a fresh copy of its fixture: its edits, then
one umpire command; then the runner checks the exit status, the message
fragments, that every file is byte-identical to what it was before the
command and that no file was added (no output, no temporary file).

Environment: UMPIRE_BIN (the binary), UMPIRE_SCENARIOS (the scenarios),
UMPIRE_WRAP (a command prefix, e.g. valgrind, for the command under test),
UMPIRE_FIXTURE_BIN (optional: the binary that plays the fixtures and the
cases' own preparations; make check's ASan pass gives the plain build,
whose runs cost a tenth of an instrumented one's, and each case's command
under test runs UMPIRE_BIN).
Exit 0 if every case holds.
"""
import base64
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BIN = os.path.abspath(os.environ.get("UMPIRE_BIN",
                                     os.path.join(ROOT, "build/umpire")))
SCN = os.path.abspath(os.environ.get("UMPIRE_SCENARIOS",
                                     os.path.join(ROOT, "scenarios")))
WRAP = shlex.split(os.environ.get("UMPIRE_WRAP", ""))
FIXTURE_BIN = os.environ.get("UMPIRE_FIXTURE_BIN", "")
FIXTURE_BIN = os.path.abspath(FIXTURE_BIN) if FIXTURE_BIN and os.access(
    FIXTURE_BIN, os.X_OK) else BIN
PASS = b"right horse battery staple\n"


class Failure(Exception):
    pass


def umpire(cwd, *args, stdin=None, check=True, wrap=False, extra=None):
    # Every run its own empty local record (umpire(1), FILES), outside
    # the case: each case tries one command as a stranger would, with no
    # history of its own (the records are tried in tests/attacks).
    state = tempfile.mkdtemp(prefix="umpire-hostile-state-")
    env = dict(os.environ, UMPIRE_SCENARIOS=SCN, HOME=cwd,
               XDG_CONFIG_HOME=os.path.join(cwd, ".config"),
               XDG_STATE_HOME=state)
    env.pop("UMPIRE_CONFIG", None)
    env.pop("UMPIRE_PASSPHRASE_FILE", None)
    for k, v in (extra or {}).items():
        env[k] = v.replace("$DIR", cwd)
    cmd = (WRAP + [BIN] if wrap else [FIXTURE_BIN]) + list(args)
    try:
        p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True,
                           env=env, timeout=120)
    finally:
        shutil.rmtree(state, ignore_errors=True)
    if check and p.returncode != 0:
        raise Failure("fixture: umpire %s failed (%d): %s" % (
            " ".join(args), p.returncode, p.stderr.decode(errors="replace")))
    return p


def scenario_sides(scn):
    text = open(os.path.join(SCN, scn + ".yaml"), encoding="utf-8").read()
    m = re.search(r"(?m)^sides: \[([^\]]*)\]", text)
    sides = [s.strip().strip('"') for s in m.group(1).split(",")]
    m = re.search(r"(?m)^referee: (\w+)", text)
    return sides, (m.group(1) if m else "none")


def game_conf(scn):
    conf = {"set": [], "steps": 3, "referee": None}
    path = os.path.join(HERE, "games", scn + ".conf")
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            k, v = [x.strip() for x in line.split(":", 1)]
            if k == "set":
                conf["set"].append(v)
            elif k == "steps":
                conf["steps"] = int(v)
            elif k == "referee":
                conf["referee"] = v
    return conf


def play_step(d, n):
    """Play the pending step with the first legal answers. Returns False
    when the game is over."""
    st = umpire(d, "status", "--brief", "game.yaml").stdout.decode().split()
    if st[0] != "pending":
        return False
    actor = st[1]
    tmpl = template(d, actor)
    open(os.path.join(d, "orders-%d.yaml" % n), "wb").write(tmpl)
    umpire(d, "sign", "orders-%d.yaml" % n, "-s", actor + ".key", "-o",
           "signed-%d.yaml" % n)
    counter = game_counter(d, actor)
    umpire(d, "adjudicate", "game.yaml", "signed-%d.yaml" % n, "-s",
           counter + ".key", "-o", "next.yaml", "--report",
           "report-%d.txt" % n)
    os.replace(os.path.join(d, "next.yaml"), os.path.join(d, "game.yaml"))
    shutil.copy(os.path.join(d, "game.yaml"),
                os.path.join(d, "game-%d.yaml" % n))
    return True


def template(d, actor):
    """The order template of actor: from the game file, or in referee
    mode from the view the referee makes for actor."""
    p = umpire(d, "orders", "game.yaml", "-s", actor + ".key", check=False)
    if p.returncode == 0:
        return p.stdout
    if b"view" not in p.stderr:
        raise Failure("fixture: umpire orders failed: " +
                      p.stderr.decode(errors="replace"))
    umpire(d, "view", "game.yaml", "--side", actor, "-s", "referee.key",
           "-o", "view-%s.yaml" % actor)
    return umpire(d, "orders", "view-%s.yaml" % actor, "-s",
                  actor + ".key").stdout


def game_counter(d, actor):
    roles = re.findall(r"name: ([\w-]+)",
                       open(os.path.join(d, "game.yaml")).read()
                       .split("\nstate:", 1)[0])
    if "referee" in roles and actor != "referee":
        return "referee"
    return next(r for r in roles if r != actor)


def make_fixture(scn, base):
    """Play the fixture of scenario scn in base/scn; return its path."""
    d = make_fixture_dir(scn, base)
    conf = game_conf(scn)
    n = 0
    while n < conf["steps"] and play_step(d, n + 1):
        n += 1
    # A step may leave the state as it was (a die that changes nothing);
    # dropping such a step gives the honest earlier file. Play on until
    # the last step changed the state, so that a rollback leaves a stale
    # state behind (game-last-step-removed.case).
    while n > 0 and n < conf["steps"] + 10 and \
            stored_state(d, n) == stored_state(d, n - 1) and \
            play_step(d, n + 1):
        n += 1
    return finish_fixture(d)


def stored_state(d, n):
    text = open(os.path.join(d, "game-%d.yaml" % n)).read()
    return text.split("\nstate:", 1)[-1].split("\nsteps:", 1)[0]


def make_fixture_dir(scn, base):
    """Keys, `umpire new` and every join, in base/scn (no step played)."""
    d = os.path.join(base, scn)
    os.makedirs(d)
    sides, ref = scenario_sides(scn)
    conf = game_conf(scn)
    use_ref = (conf["referee"] or ("yes" if ref in ("required", "optional")
                                   else "no")) == "yes"
    roles = sides + (["referee"] if use_ref else [])
    for r in roles + ["outsider"]:
        umpire(d, "keygen", "-s", r + ".key", "-p", r + ".pub", "-W")
    open(os.path.join(d, "pass.txt"), "wb").write(PASS)
    env_pass = dict(os.environ, UMPIRE_PASSPHRASE_FILE=os.path.join(
        d, "pass.txt"))
    subprocess.run([BIN, "keygen", "-s", "locked.key", "-p", "locked.pub"],
                   cwd=d, env=env_pass, check=True, capture_output=True)
    args = ["new", scn, "-s", sides[0] + ".key"]
    if re.search(r"(?m)^draft: ", open(os.path.join(
            SCN, scn + ".yaml"), encoding="utf-8").read()):
        args.append("--draft")      # a draft scenario plays as one
    for s in sides:
        args += ["--side", "%s=%s.pub" % (s, s)]
    if use_ref:
        args += ["--referee", "referee.pub"]
    for s in conf["set"]:
        args += ["--set", s]
    umpire(d, *args, "-o", "game.yaml")
    while True:
        st = umpire(d, "status", "--brief", "game.yaml").stdout.split()
        if st[0] != b"join":
            break
        role = st[1].decode()
        umpire(d, "join", "game.yaml", "--side", role, "-s", role + ".key",
               "-o", "next.yaml")
        os.replace(os.path.join(d, "next.yaml"), os.path.join(d, "game.yaml"))
    shutil.copy(os.path.join(d, "game.yaml"), os.path.join(d, "game-0.yaml"))
    return d


def finish_fixture(d):
    # the pending step: a template, signed embedded and detached
    st = umpire(d, "status", "--brief", "game.yaml").stdout.decode().split()
    if st[0] == "pending":
        actor = st[1]
        tmpl = template(d, actor)
        open(os.path.join(d, "orders.yaml"), "wb").write(tmpl)
        umpire(d, "sign", "orders.yaml", "-s", actor + ".key", "-o",
               "signed.yaml")
        umpire(d, "sign", "orders.yaml", "-s", actor + ".key",
               "--detached", "-o", "orders.yaml.minisig")
        shutil.copy(os.path.join(d, actor + ".key"),
                    os.path.join(d, "actor.key"))
        shutil.copy(os.path.join(d, actor + ".pub"),
                    os.path.join(d, "actor.pub"))
        c = game_counter(d, actor)
        shutil.copy(os.path.join(d, c + ".key"),
                    os.path.join(d, "counter.key"))
        open(os.path.join(d, "ACTOR"), "w").write(actor + "\n" + c + "\n")
    return d


# ---- the case language ----

def parse_case(path):
    case = {"games": "any", "edits": [], "run": None, "exit": None,
            "expect": [], "outputs": [], "stdin": None, "path": path,
            "about": "", "env": {}}
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if line.startswith("#"):
            if not case["about"]:
                case["about"] = line.lstrip("# ")
            continue
        if not line.strip():
            continue
        k, _, v = line.partition(":")
        v = v.strip()
        if k == "game":
            case["games"] = v
        elif k in ("edit", "sign", "sh"):
            case["edits"].append((k, v))
        elif k == "run":
            case["run"] = v
        elif k == "env":
            name, _, val = v.partition("=")
            case["env"][name] = val
        elif k == "stdin":
            case["stdin"] = v
        elif k == "exit":
            case["exit"] = int(v)
        elif k == "expect":
            case["expect"].append(v)
        elif k == "output":
            case["outputs"].append(v)
        else:
            raise Failure("%s: unknown directive %r" % (path, k))
    if case["run"] is None or case["exit"] is None:
        raise Failure("%s: needs run: and exit:" % path)
    return case


def helpers(d):
    def path(name):
        return os.path.join(d, name)

    def read(name):
        return open(path(name), "rb").read()

    def sub(name, pattern, repl, count=1):
        data = read(name)
        new, n = re.subn(pattern.encode() if isinstance(pattern, str)
                         else pattern, repl.encode() if isinstance(repl, str)
                         else repl, data, count=count, flags=re.M)
        if n == 0:
            raise Failure("edit: %r not found in %s" % (pattern, name))
        return new

    def body(name):
        """The file without its embedded signature block."""
        data = read(name)
        i = data.find(b"# -----BEGIN UMPIRE SIGNATURE-----")
        return data if i < 0 else data[:i]

    def block(name):
        data = read(name)
        i = data.find(b"# -----BEGIN UMPIRE SIGNATURE-----")
        return data[i:]

    def steps(name):
        """(head, [step texts]) of a game file."""
        text = read(name)
        head, rest = text.split(b"\nsteps:\n", 1)
        parts = [p for p in re.split(rb"(?m)^(?=- step: )", rest) if p]
        return head + b"\nsteps:\n", parts

    def flip(data, at):
        """Change the character at offset at into another character of
        its class (digit, lowercase, uppercase: hex and base64 alike)."""
        b = bytearray(data)
        c = chr(b[at])
        for cls in ("0123456789", "abcdef", "ghijklmnopqrstuvwxyz",
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "+/"):
            if c in cls:
                b[at] = ord(cls[(cls.index(c) + 1) % len(cls)])
                return bytes(b)
        b[at] = ord("A") if c != "A" else ord("B")
        return bytes(b)

    def mut(data, pattern, k=0):
        """Change the first character of group 1 of the k-th match of
        pattern in data (bytes) to another of its class."""
        ms = list(re.finditer(pattern.encode() if isinstance(pattern, str)
                              else pattern, data, flags=re.M))
        if len(ms) <= k:
            raise Failure("edit: %r not found" % pattern)
        return flip(data, ms[k].start(1))

    def edit(name, pattern, k=0):
        return mut(read(name), pattern, k)

    def in_step(name, i, pattern):
        """edit() inside step i (0-based) of a game file only."""
        head, parts = steps(name)
        parts[i] = mut(parts[i], pattern)
        return head + b"".join(parts)

    def prev_signed():
        """The latest signed-K.yaml of the pending step's actor."""
        best = None
        for f in sorted(os.listdir(d)):
            m = re.match(r"signed-(\d+)\.yaml$", f)
            if m and re.search(rb"(?m)^side: %s$" % actor.encode(),
                               read(f)):
                if best is None or int(m.group(1)) > best[0]:
                    best = (int(m.group(1)), f)
        if best is None:
            raise Failure("no earlier orders of " + str(actor))
        return best[1]

    def forge(name, which=1, at=20):
        """The signed file with one byte of its embedded signature
        changed: line `which` of the .minisig text (1: the signature,
        3: the global signature), byte `at`; re-armored as umpire does."""
        data = read(name)
        i = data.find(b"# -----BEGIN UMPIRE SIGNATURE-----")
        lines = data[i:].split(b"\n")
        b64 = b"".join(l[2:] for l in lines[1:] if l.startswith(b"# ")
                       and not l.startswith(b"# -----"))
        ms = base64.b64decode(b64).split(b"\n")
        raw = bytearray(base64.b64decode(ms[which]))
        raw[at] ^= 1
        ms[which] = base64.b64encode(bytes(raw))
        enc = base64.b64encode(b"\n".join(ms))
        out = data[:i] + b"# -----BEGIN UMPIRE SIGNATURE-----\n"
        for k in range(0, len(enc), 64):
            out += b"# " + enc[k:k + 64] + b"\n"
        return out + b"# -----END UMPIRE SIGNATURE-----\n"

    actor = counter = None
    if os.path.exists(path("ACTOR")):
        actor, counter = open(path("ACTOR")).read().split()
    return dict(read=read, sub=sub, body=body, block=block, steps=steps,
                flip=flip, re=re, actor=actor, counter=counter, mut=mut,
                edit=edit, in_step=in_step, prev_signed=prev_signed,
                forge=forge)


def apply_edit(d, kind, arg):
    if kind == "edit":
        name, _, expr = arg.partition(" ")
        env = helpers(d)
        data = eval(expr, {"__builtins__": {"len": len, "bytes": bytes,
                                            "range": range, "str": str,
                                            "int": int}}, env)
        if isinstance(data, str):
            data = data.encode()
        open(os.path.join(d, name), "wb").write(data)
    elif kind == "sign":
        # sign: FILE KEY  - re-sign FILE (its body) in place with KEY
        name, key = arg.split()
        h = helpers(d)
        data = h["body"](name)
        open(os.path.join(d, name), "wb").write(data)
        p = umpire(d, "sign", name, "-s", key, "-o", name + ".tmp",
                   check=False)
        if p.returncode != 0:   # no game/step/side to make the comment of
            umpire(d, "sign", name, "-s", key, "-t", "umpire/1 hostile",
                   "-o", name + ".tmp")
        os.replace(os.path.join(d, name + ".tmp"), os.path.join(d, name))
    elif kind == "sh":
        subprocess.run(arg, shell=True, cwd=d, check=True,
                       env=dict(os.environ, UMPIRE_BIN=BIN, SCENARIOS=SCN))


def snapshot(d):
    out = {}
    for root, dirs, files in os.walk(d):
        for f in dirs + files:
            p = os.path.join(root, f)
            rel = os.path.relpath(p, d)
            if os.path.islink(p) or not os.path.isfile(p):
                out[rel] = "dir" if os.path.isdir(p) else "other"
            else:
                try:
                    out[rel] = hashlib.sha256(open(p, "rb").read()).hexdigest()
                except OSError:
                    out[rel] = "unreadable"
    return out


def run_case(case, fixture, work, verbose):
    d = os.path.join(work, "case")
    if os.path.exists(d):
        shutil.rmtree(d)
    shutil.copytree(fixture, d, symlinks=True)
    h = helpers(d)
    for kind, arg in case["edits"]:
        apply_edit(d, kind, arg.replace("$ACTOR", h["actor"] or "")
                   .replace("$COUNTER", h["counter"] or ""))
    h = helpers(d)
    before = snapshot(d)
    args = shlex.split(case["run"].replace("$ACTOR", h["actor"] or "")
                       .replace("$COUNTER", h["counter"] or ""))
    stdin = None
    if case["stdin"]:
        stdin = open(os.path.join(d, case["stdin"]), "rb").read()
    p = umpire(d, *args, stdin=stdin, check=False, wrap=True,
               extra=case["env"])
    after = snapshot(d)
    msg = (p.stderr + p.stdout).decode("utf-8", errors="replace")
    problems = []
    if p.returncode != case["exit"]:
        problems.append("exit status %d, expected %d" % (p.returncode,
                                                         case["exit"]))
    for frag in case["expect"]:
        if frag not in msg:
            problems.append("message lacks %r" % frag)
    for k in sorted(set(before) | set(after)):
        if k in case["outputs"] and case["exit"] == 0:
            continue
        if k not in before:
            problems.append("file left behind: %s" % k)
        elif k not in after:
            problems.append("file removed: %s" % k)
        elif before[k] != after[k]:
            problems.append("file modified: %s" % k)
    if verbose or problems:
        print("    $ umpire %s\n    -> %d: %s" % (
            " ".join(args), p.returncode, msg.strip()[:600].replace(
                "\n", "\n       ")))
    if "ERROR: AddressSanitizer" in msg or "runtime error:" in msg or \
            "ERROR: LeakSanitizer" in msg or \
            "ERROR SUMMARY: " in msg and "ERROR SUMMARY: 0 errors" not in msg:
        problems.append("sanitizer or valgrind report")
    return problems


def main():
    argv = sys.argv[1:]
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    cases_dir = os.path.join(HERE, "cases")
    files = argv or sorted(os.path.join(cases_dir, f)
                           for f in os.listdir(cases_dir)
                           if f.endswith(".case"))
    cases = [parse_case(f) for f in files]
    games = sorted(f[:-5] for f in os.listdir(SCN) if f.endswith(".yaml"))
    base = tempfile.mkdtemp(prefix="umpire-hostile-")
    fixtures, failed, ran, skipped = {}, 0, 0, []
    try:
        for case in cases:
            if case["games"] == "each":
                want = games
            elif case["games"] == "any":
                want = games[:1]
            else:
                want = [g for g in case["games"].split() if g in games]
                if not want:
                    skipped.append(os.path.basename(case["path"]) +
                                   " (no scenario yet)")
                    continue
            for g in want:
                if g not in fixtures:
                    try:
                        fixtures[g] = make_fixture(g, base)
                    except Failure as e:
                        fixtures[g] = None
                        if "no rules module" in str(e):
                            skipped.append(g + " (no rules module yet)")
                        else:
                            print("FAIL fixture %s: %s" % (g, e))
                            failed += 1
                if not fixtures[g]:
                    continue
                name = "%s [%s]" % (os.path.basename(case["path"]), g)
                try:
                    problems = run_case(case, fixtures[g], base, verbose)
                except Failure as e:
                    problems = [str(e)]
                ran += 1
                if problems:
                    failed += 1
                    print("FAIL %s: %s\n  %s" % (name, case["about"],
                                                 "\n  ".join(problems)))
                elif verbose:
                    print("ok   %s" % name)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print("hostile: %d runs of %d cases, %d failed%s" % (
        ran, len(cases), failed,
        (", skipped: " + ", ".join(sorted(set(skipped))))
        if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
