#!/usr/bin/env python3
"""choose.py SIDE GAME KEY UMPIRE - a simple scripted player for the Aachen
example that writes a whole turn in one order file, as a player would: it
asks `umpire orders GAME --answers` for the template after the answers it
has chosen so far, answers the next question by a fixed policy among the
legal answers (or among the examples of a free-text question: a move
"UNIT to HEX", an attack "HEX UNIT UNIT ..."), and goes on until the
rules ask nothing more before the next die roll. It gives standing orders
for what comes after a roll or in the opponent's turn, and prints the
orders. Policy: a few named units march on Aachen (1328) to the example
destinations nearest to it, every possible attack is made with every
unit that can join it when two or more can, attackers advance after
combat and defenders hold their hex, support fire goes to the attack at
the best odds, engineers bridge the first hexside offered once.

CHOOSE_POLICY (bench/bench.py --balance) picks another policy for the
side: "roads" (Allied: the 3rd Armored drives each unit for an east-edge
road hex of its own, 16.0, while the infantry marches on Aachen) or
"hold" (German: the reinforcements march on Aachen, but the Germans make
no attack and do not advance). Unset or "example": the policy above.
The players who try (trying.py: fill, dash, siege, careful, breach for
the Allies; garrison, screen, wall, counter for the Germans) plan each
movement phase
whole and attack only at the odds they want; the Allied ones keep no
standing "move", so their mechanised phase is a step of its own."""
import os
import re
import sys

import subprocess
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trying  # noqa: E402

SIDE, GAME, KEY, UMPIRE = sys.argv[1:5]
MOVERS = {"allied": ["a13", "a14", "a15", "a12", "a11", "a23", "a35",
                     "a36", "a01"],
          "german": ["g36", "g37", "g38", "g39", "g40", "g41", "g42", "g43",
                     "g44", "g45", "g46", "g47", "g48", "g49"]}
TARGET = {"allied": "1328", "german": "1428"}
POLICY = os.environ.get("CHOOSE_POLICY", "example")
# "roads": each 3rd Armored unit for a road hex of its own (16.0)
ROADS = {"a19": "3019", "a20": "3016", "a26": "2730", "a21": "1934",
         "a22": "2531", "a23": "3024", "a24": "3018", "a25": "2914",
         "a27": "2813", "a28": "2612"}
if POLICY == "roads" and SIDE == "allied":
    MOVERS["allied"] = list(ROADS) + MOVERS["allied"]


def target(unit):
    if POLICY == "roads" and unit in ROADS:
        return ROADS[unit]
    return TARGET[SIDE]

def cube(h):
    c, r = int(h[:2]), int(h[2:])
    x, z = c, r - (c - 1) // 2
    return x, z, -x - z

def dist(a, b):
    a, b = cube(a), cube(b)
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))

def positions():
    """Each unit's place in the game file's state (at the start of the
    step: a unit moves once a phase, so that is where it stands)."""
    where, inside = {}, 0
    for line in open(GAME).read().split("\n"):
        if line == "state:":
            inside = 1
        elif inside == 1 and line == "  units:":
            inside = 2
        elif inside == 2:
            m = re.match(r"^    ([\w-]+): (\S+)$", line)
            if not m:
                break
            where[m.group(1)] = m.group(2)
    return where


def pick(key, options, text):
    if key == "move":
        # the examples are legal moves "UNIT to HEX" (and a
        # reinforcement's entry "UNIT HEX"): for the first named unit
        # that can get nearer the target, the one that ends nearest it
        where = positions()
        moves = [o.split() for o in options if " " in o]
        for u in MOVERS[SIDE]:
            mine = [p for p in moves if p[0] == u]
            if not mine:
                continue
            t = target(u)
            best = min(mine, key=lambda p: (dist(p[-1], t), len(p), p))
            here = where.get(u, "")
            if not re.match(r"^\d{4}$", here) or \
                    dist(best[-1], t) < dist(here, t):
                return " ".join(best)
        return "done" if "done" in options else options[0]
    if key == "attack":
        # "HEX UNIT UNIT ...": the first attack offered that two units or
        # more can make, with every unit that can join it
        attacks = [o for o in options if len(o.split()) >= 3]
        if POLICY == "hold":
            return "done"
        return attacks[0] if attacks else "done"
    if key == "advance" and POLICY == "hold":
        return "no"
    if key == "advance":
        units = [o for o in options if o != "no"]
        return units[0] if units else "no"
    if key == "bridge":
        # bridge once, then keep it
        return options[-1] if "(none)" in text else "keep"
    return options[0]


# what comes after a roll, or in the opponent's turn: in force until the
# side's next orders (Aachen), so no mail is needed for them
STANDING = {"support": "best",
            "retreat-attacker": "rear", "retreat-defender": "rear",
            "advance-attacker": "yes", "advance-defender": "no",
            "exchange": "weakest", "move": "done"}
# CHOOSE_NO_MOVE_STANDING=1 (the tests): no standing "move", so that a
# mechanised phase after combat is a step of its own
TRY = POLICY in trying.POLICIES
# An Allied player who tries moves again after combat (a step of its
# own). A German one keeps "move: done": umpire adjudicate refuses a
# German step that opens in the German mechanised phase ("step N is
# ordered by german, but rule 14.0 asks allied"), which umpire orders
# took; the bench counts such a game apart.
if os.environ.get("CHOOSE_NO_MOVE_STANDING") or (TRY and SIDE == "allied"):
    del STANDING["move"]
if POLICY == "hold":
    STANDING["advance-attacker"] = "no"


def questions(template):
    """The template's questions, in order: (key, text, options, answer)."""
    out, cur, mode = [], None, None
    for line in template.split("\n"):
        m = re.match(r"^# rule [^,]+, ([\w-]+): (.*)$", line)
        if m:
            cur = {"key": m.group(1), "text": m.group(2), "legal": ""}
            mode = "text"
            continue
        if cur is None:
            continue
        if line.startswith(("# legal:", "# for example:")):
            cur["legal"] += line
            mode = "legal"
            continue
        if line.startswith("#   ") and mode:
            cur[mode] += " " + line[1:].strip()
            continue
        m = re.match(r'^- ([\w-]+): "(.*)"$', line)
        if m:
            out.append((m.group(1), cur["text"],
                        re.findall(r'"([^"]*)"', cur["legal"]), m.group(2)))
            cur, mode = None, None
    return out


def template(answers, check=True):
    """The template after the answers; with check False, (ok, text or
    the refusal) instead of failing on a refused answer."""
    cmd = [UMPIRE, "orders", GAME, "-s", KEY]
    with tempfile.NamedTemporaryFile("w", suffix=".yaml") as f:
        if answers is not None:
            f.write(answers)
            f.flush()
            cmd += ["--answers", f.name]
        r = subprocess.run(cmd, check=check, capture_output=True, text=True)
        return r.stdout if check else (r.returncode == 0,
                                        r.stdout if r.returncode == 0
                                        else r.stderr)


def with_answers(text, chosen):
    """The template's header, then the chosen answers and the standing
    orders, as an order file."""
    head = text[:text.index("answers:\n") + len("answers:\n")]
    body = "".join('- %s: "%s"\n' % kv for kv in chosen)
    standing = "".join('  %s: "%s"\n' % kv for kv in STANDING.items())
    return head + body + "standing:\n" + standing


def try_answer(key, answer):
    """Add the answer if umpire takes it: True, else the refusal."""
    global text
    chosen.append((key, answer))
    ok, out = template(with_answers(text, chosen), check=False)
    if ok:
        text = out
        return True
    chosen.pop()
    return out


chosen = []
text = template(None)
board = trying.Board(GAME) if TRY else None
planned = set()
while True:
    qs = questions(text)
    if len(qs) <= len(chosen):
        break
    key, qtext, options, default = qs[len(chosen)]
    phase = "mechanised" in qtext
    if TRY and key == "move" and phase not in planned:
        planned.add(phase)
        trying.moves(board, POLICY, qtext, options,
                     lambda a: try_answer("move", a))
        continue
    if TRY and key == "move":
        # a reinforcement whose entry hex a move has freed enters now
        # (11.2), then "done"; else the first example umpire takes
        enter = [o for o in options if re.match(r"^\w+ \d{4}", o) and
                 board.where.get(o.split()[0]) == "waiting"]
        for a in enter + ["done"] + [o for o in options if o != "done"]:
            if try_answer("move", a) is True:
                if a in enter:
                    board.where[a.split()[0]] = a.split()[-1]
                break
        else:
            sys.exit("choose.py: no answer to %s is taken" % qtext)
        continue
    elif TRY and key == "attack":
        left = re.search(r"\+support", qtext) and 1 or 0
        answer = trying.attack(board, POLICY, SIDE, options, left)
        if try_answer("attack", answer) is not True and \
                try_answer("attack", "done") is not True:
            sys.exit("choose.py: no answer to %s is taken" % qtext)
        continue
    else:
        answer = pick(key, options, qtext)
    chosen.append((key, answer))
    text = template(with_answers(text, chosen))
print(text.rstrip("\n"))
