#!/usr/bin/env python3
"""desk-letters.py BIN [--write OUT] [--before BIN0] - the bytes a player of the desk
receives from the judge per game turn, against a player without it.

Two whole Russo-German Wars through the judge, as bench/letters.py
plays them (its Room and answer: the example's choose.py as players,
each message piped to `umpire judge`, the letters taken from its
outbox). In the first, german's join carries a line "desk": the judge
mails german the desk page (desk.html) with its first letter, then
letters as small as before (src/judge/desk.c). In the second nobody
asks, played by BIN0 when given (the tree before the desk was
mailed: today's letters), else by BIN. Each of german's letters is counted, in bytes as the judge wrote
it, under the game turn its view tells (the end's letter, the whole
game file, left out: the same in both). Prints one line:

  desk letters per game turn: first N KB, later median N KB
  (Russo-German War); without the desk: first N KB, later median N KB;
  later x R (goal: at most 1.5)

(KB: 1,000 bytes; "first" the first game turn's letters together,
"later" the median over the later game turns of german's bytes in a
game turn, turns with no letter left out). --write OUT puts the line
and its note in OUT (in place of those there, else at its end).
"""
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from letters import answer, new_game  # noqa: E402

SCN, SIDES, DESK_SIDE = "russo-german-war", ("german", "soviet"), "german"


def with_line(path, word):
    """The message at path with a line word at the start of its first
    text part, as a player types it above what umpire mail wrote."""
    m = open(path).read()
    i = m.find("\n--")
    i = m.index("\n\n", i if i >= 0 else 0) + 2
    open(path, "w").write(m[:i] + word + "\n\n" + m[i:])


def play(binary, d, desk):
    """One whole game; {turn: german's bytes}, and the pages it got."""
    room, queue = new_game(binary, d, SCN, SIDES)
    got, pages, messages = {}, 0, 0
    while queue:
        side, letter = queue.pop(0)
        reply, turn = answer(room, SCN, side, letter)
        if side == DESK_SIDE and isinstance(turn, int):
            text = open(letter, "rb").read()
            got[turn] = got.get(turn, 0) + len(text)
            pages += b"filename=desk.html" in text
        if reply:
            if desk and side == DESK_SIDE and messages < 2:
                with_line(reply, "desk")
            messages += 1
            if messages > 600:
                raise SystemExit("desk-letters: not over after 600 messages")
            queue.extend(room.judge(reply))
    return got, pages


def kb(n):
    return "%.1f" % (n / 1000)


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        raise SystemExit(__doc__)
    binary = os.path.abspath(args.pop(0))
    out, before = None, binary
    while args:
        a = args.pop(0)
        if a == "--write" and args:
            out = args.pop(0)
        elif a == "--before" and args:
            before = os.path.abspath(args.pop(0))
        else:
            raise SystemExit(__doc__)
    base = tempfile.mkdtemp(prefix="umpire-desk-letters-")
    t0 = time.time()
    try:
        desk, pages = play(binary, os.path.join(base, "desk"), True)
        plain, none = play(before, os.path.join(base, "plain"), False)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if pages != 1 or none:
        raise SystemExit("desk-letters: the desk player got %d pages, the "
                         "other game's %d" % (pages, none))

    def first_later(g):
        turns = sorted(g)
        return g[turns[0]], statistics.median(g[t] for t in turns[1:])
    f1, l1 = first_later(desk)
    f0, l0 = first_later(plain)
    ratio = l1 / l0
    line = ("desk letters per game turn: first %s KB, later median %s KB "
            "(Russo-German War); without the desk: first %s KB, later "
            "median %s KB; later x %.2f (goal: at most 1.5, %s)" % (
                kb(f1), kb(l1), kb(f0), kb(l0), ratio,
                "met" if ratio <= 1.5 else "MISSED"))
    print(line)
    if out:
        note = ("            (bench/desk-letters.py, %s, %d s: german's "
                "letters of two whole games through the judge, the "
                "first asking for the desk with its join; the second "
                "played by %s)" % (
                    time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                    time.time() - t0, "the umpire before the desk was "
                    "mailed" if before != binary else "the same umpire"))
        old = open(out).read().split("\n") if os.path.exists(out) else []
        if old and old[-1] == "":
            old.pop()
        at = next((i for i, l in enumerate(old)
                   if l.startswith("desk letters per game turn:")), None)
        if at is None:
            old += [line, note]
        else:
            end = at + 1
            while end < len(old) and old[end].startswith("            "):
                end += 1
            old[at:end] = [line, note]
        with open(out, "w") as f:
            f.write("\n".join(old) + "\n")


if __name__ == "__main__":
    main()
