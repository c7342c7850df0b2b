#!/usr/bin/env python3
"""letters.py BIN [--write OUT] [--games N] - how many letters the judge
mails each player per game turn, on whole games played through it.

A whole Race to the Reichstag and a whole Russo-German War, each made
by the judge's owner in its games directory, joined by both players
and played to the end by the examples' scripted players
(examples/race-to-the-reichstag/choose.py and
examples/russo-german-war/choose.py), every message piped to
`umpire judge` on stdin as the mail system pipes it, the judge's
letters taken from its outbox (a Maildir: no MTA) and each answered by
the player it is for. Every letter of a game's state (each view and the
end's game file) is counted for the player it went to, under the game
turn of the state it tells: the scenario's turn counter, read from the
view the player opens (the end letter: the turn the game ended in). The
invitations are not counted (they come before the game), nor are the
set-up's letters (Race to the Reichstag's 3.x, phases setup-*, before
game turn 1 though the counter reads 1), as the example's mails.py
counts: --write notes them apart, under the line.

Prints one line a script can read:
  judge letters per game turn: Race to the Reichstag median M, max X;
  Russo-German War median M, max X (per player)
(M and X over every player and game turn: the median of a player's
letters in a game turn, and the most). --write OUT puts it and its note
in OUT (in place of those there, else before the judge-cost lines).
--games N
plays N games of each (1): the median and max then over all of them.
A game the players do not finish in BENCH_LETTERS_STEPS (600) messages
stops the bench, as a letter a player cannot answer does.
"""
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GAMES = (("race-to-the-reichstag", "Race to the Reichstag", ("1bf", "1uf")),
         ("russo-german-war", "Russo-German War", ("german", "soviet")))


class Room:
    """The judge and its players in directory d, each party with its
    own home (config, local records)."""

    def __init__(self, binary, d, sides):
        self.bin, self.d, self.sides = binary, d, sides
        for sub in ("games", "out/tmp", "out/new", "out/cur"):
            os.makedirs(os.path.join(d, sub))
        os.chmod(os.path.join(d, "games"), 0o700)
        for who in ("judge",) + sides:
            os.makedirs(os.path.join(d, who, "state"))
        self.run("judge", "keygen", "-s", "judge.key", "-p", "judge.pub",
                 "-W")
        with open(os.path.join(d, "judge", "judge.ini"), "w") as f:
            f.write("[umpire]\nsecret_key = %s/judge/judge.key\naddress = "
                    "judge@example.org\n[judge]\ngames = %s/games\n" % (d, d))
        for s in sides:
            self.run(s, "keygen", "-s", s + ".key", "-p", s + ".pub", "-W")
            shutil.copy(os.path.join(d, s, s + ".pub"),
                        os.path.join(d, "judge"))
            shutil.copy(os.path.join(d, "judge", "judge.pub"),
                        os.path.join(d, s))
            with open(os.path.join(d, s, s + ".ini"), "w") as f:
                f.write("[umpire]\nsecret_key = %s/%s/%s.key\naddress = "
                        "%s@example.org\n[addresses]\nreferee = "
                        "judge@example.org\n" % (d, s, s, s))

    def env(self, who):
        h = os.path.join(self.d, who)
        e = dict(os.environ, HOME=h, XDG_STATE_HOME=os.path.join(h, "state"),
                 XDG_CONFIG_HOME=os.path.join(h, "config"),
                 UMPIRE_SCENARIOS=os.environ.get(
                     "UMPIRE_SCENARIOS", os.path.join(ROOT, "scenarios")))
        e.pop("UMPIRE_CONFIG", None)
        if os.path.exists(os.path.join(h, who + ".ini")):
            e["UMPIRE_CONFIG"] = os.path.join(h, who + ".ini")
        return e

    def run(self, who, *args, stdin=None, check=True):
        p = subprocess.run([self.bin] + list(args), cwd=os.path.join(
            self.d, who), env=self.env(who), input=stdin,
            capture_output=True)
        if check and p.returncode:
            raise SystemExit("letters: %s (as %s) failed: %s" % (
                " ".join(args), who, p.stderr.decode(errors="replace")))
        return p

    def judge(self, msg):
        """The judge on one message; the letters it sent, oldest first,
        moved out of its outbox: [(side, path)]."""
        with open(msg, "rb") as f:
            self.run("judge", "judge", "--config", "judge.ini", "--outbox",
                     os.path.join(self.d, "out"), stdin=f.read())
        return self.letters()

    def letters(self):
        new = os.path.join(self.d, "out", "new")
        got = []
        for n in sorted(os.listdir(new),
                        key=lambda n: os.stat(os.path.join(new, n)).st_mtime_ns):
            p = os.path.join(new, n)
            text = open(p, "rb").read()
            m = re.search(rb"(?m)^To: .*?([a-z0-9]+)@example\.org", text)
            if not m:
                raise SystemExit("letters: no To: in %s" % p)
            side = m.group(1).decode()
            box = os.path.join(self.d, side, "mbox")
            os.makedirs(box, exist_ok=True)
            dest = os.path.join(box, n)
            os.replace(p, dest)
            got.append((side, dest))
        return got


def answer(room, scn, side, letter):
    """side's answer to letter (a message path, or None), and the view's
    game turn (None: no view in it; "set-up" in the set-up's phases)."""
    st = room.run(side, "status", "--brief", letter, check=False)
    brief = st.stdout.decode().strip()
    if brief.startswith("join"):
        # (status names the first role still to join: maybe another)
        if room.run(side, "join", letter, "--side", side, "-o",
                    "joined.yaml", check=False).returncode:
            return None, None
        room.run(side, "mail", "joined.yaml", "-o", "reply.eml")
        return os.path.join(room.d, side, "reply.eml"), None
    turn = None
    plain = os.path.join(room.d, side, "plain.view")
    if room.run(side, "open", letter, "-o", plain, check=False).returncode == 0:
        v = yaml.load(open(plain), Loader=yaml.BaseLoader)
        if v.get("umpire", "").startswith("view"):
            turn = int(v["state"]["turn"])
            if v["state"].get("phase", "").startswith("setup"):
                turn = "set-up"
    if not brief.startswith("pending %s " % side):
        return None, turn
    o = os.path.join(room.d, side, "o.yaml")
    if scn == "race-to-the-reichstag":
        chosen = subprocess.run(
            ["python3", os.path.join(ROOT, "examples", scn, "choose.py"),
             side, plain, side + ".key", room.bin], cwd=os.path.join(
                 room.d, side), env=room.env(side), capture_output=True)
    else:
        tmpl = room.run(side, "orders", letter).stdout
        chosen = subprocess.run(
            ["python3", os.path.join(ROOT, "examples", scn, "choose.py")],
            input=tmpl, capture_output=True)
    if chosen.returncode:
        raise SystemExit("letters: choose.py failed: %s" %
                         chosen.stderr.decode(errors="replace"))
    open(o, "wb").write(chosen.stdout)
    room.run(side, "sign", "o.yaml", "--game", letter, "-o", "signed.yaml")
    room.run(side, "mail", "signed.yaml", "-o", "reply.eml")
    return os.path.join(room.d, side, "reply.eml"), turn


def new_game(binary, d, scn, sides):
    """A game of scn made by the judge's owner in directory d: its Room,
    and the queue of letters to answer, [(side, path)]: the owner's
    invitation, the game as made, to each side."""
    room = Room(binary, d, sides)
    args = ["new", scn, "-s", "judge.key", "--referee", "judge.pub"]
    for s in sides:
        shutil.copy(os.path.join(d, s, s + ".pub"), os.path.join(d, "judge"))
        args += ["--side", "%s=%s.pub" % (s, s)]
    room.run("judge", *args, "-o", "new.yaml")
    gid = re.search(r"(?m)^game: (\S+)",
                    open(os.path.join(d, "judge", "new.yaml")).read()).group(1)
    shutil.move(os.path.join(d, "judge", "new.yaml"),
                os.path.join(d, "games", gid + ".yaml"))
    queue = []
    for s in sides:
        inv = os.path.join(d, s, "invite.yaml")
        shutil.copy(os.path.join(d, "games", gid + ".yaml"), inv)
        queue.append((s, inv))
    return room, queue


def play(binary, base, scn, sides):
    """One whole game of scn through the judge: {(side, turn): letters}."""
    room, queue = new_game(binary, os.path.join(base, scn), scn, sides)
    count, last_turn, over = {}, 1, set()
    limit = int(os.environ.get("BENCH_LETTERS_STEPS", "600"))
    messages = 0
    while queue:
        side, letter = queue.pop(0)
        reply, turn = answer(room, scn, side, letter)
        if isinstance(turn, int):
            last_turn = max(last_turn, turn)
        elif reply is None:
            # no view: the end's letter (the whole game file)
            st = room.run(side, "status", "--brief", letter, check=False)
            if st.stdout.startswith(b"over"):
                over.add(side)
                turn = last_turn
        if turn is not None:
            count[(side, turn)] = count.get((side, turn), 0) + 1
        if reply:
            messages += 1
            if messages > limit:
                raise SystemExit("letters: %s not over after %d messages"
                                 % (scn, limit))
            queue.extend(room.judge(reply))
    if over != set(sides):
        raise SystemExit("letters: %s stopped before its end (the end's "
                         "letter reached %s)" % (scn, sorted(over) or "nobody"))
    # a player with no letter in a game turn counts 0 there
    for t in range(1, last_turn + 1):
        for s in sides:
            count.setdefault((s, t), 0)
    return count


def summary(counts):
    v = [n for c in counts for k, n in c.items() if k[1] != "set-up"]
    m = statistics.median(v)
    return ("%d" % m if m == int(m) else "%.1f" % m), max(v)


def write(out, lines):
    old = open(out).read().split("\n") if os.path.exists(out) else []
    if old and old[-1] == "":
        old.pop()
    at = next((i for i, l in enumerate(old)
               if l.startswith("judge letters per game turn:")), None)
    if at is not None:
        end = at + 1
        while end < len(old) and old[end].startswith("            "):
            end += 1
        old[at:end] = lines
    else:
        at = next((i for i, l in enumerate(old)
                   if l.startswith("judge-cost")), len(old))
        old[at:at] = lines
    with open(out, "w") as f:
        f.write("\n".join(old) + "\n")


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        raise SystemExit(__doc__)
    binary = os.path.abspath(args.pop(0))
    out, games = None, 1
    while args:
        a = args.pop(0)
        if a == "--write" and args:
            out = args.pop(0)
        elif a == "--games" and args:
            games = int(args.pop(0))
        else:
            raise SystemExit(__doc__)
    base = tempfile.mkdtemp(prefix="umpire-letters-")
    parts, detail = [], []
    try:
        for scn, title, sides in GAMES:
            if os.environ.get("BENCH_LETTERS_ONLY", scn) != scn:
                continue
            counts = [play(binary, os.path.join(base, str(k)), scn, sides)
                      for k in range(games)]
            for c in counts:
                rows = ["%s %s" % (s, " ".join("%d" % c[(s, t)] for t in
                                               range(1, max(
                                                   t for (_, t) in c
                                                   if t != "set-up") + 1)))
                        for s in sides]
                setup = [c[(s, "set-up")] for s in sides
                         if (s, "set-up") in c]
                detail.append("            %s, letters a game turn from "
                              "game turn 1: %s%s" % (
                                  title, "; ".join(rows), "; set-up %s" % (
                                      ", ".join("%d" % n for n in setup))
                                  if setup else ""))
            med, most = summary(counts)
            parts.append("%s median %s, max %d" % (title, med, most))
    finally:
        if not os.environ.get("BENCH_LETTERS_KEEP"):
            shutil.rmtree(base, ignore_errors=True)
    line = "judge letters per game turn: %s (per player)" % "; ".join(parts)
    print(line)
    for d in detail:
        print(d, file=sys.stderr)
    if out:
        note = ("            (bench/letters.py, %s: whole games through "
                "the judge, the examples' choose.py as players; the "
                "set-up's letters apart, the end's counted in the last "
                "turn)" % time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
        write(out, [line, note] + detail)


if __name__ == "__main__":
    main()
