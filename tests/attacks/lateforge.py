#!/usr/bin/env python3
"""lateforge.py - late steps (umpire-protocol(7), THE JUDGE'S CLOCK, Late
steps) made by hand where the clock or the judge's record do not allow
one, computed from the man page with the independent auditor's
primitives (tests/independent/rederive.py), never with umpire itself.

    lateforge.py GAME OUT [--vouch KEYFILE] [--extra TEXT]
                 [--record GAME-OUT REFEREE-KEY AT]

writes to OUT the body of a late step's order file for the step GAME
waits on (its side, prev, the public value late[n] as its reveal, the
marker late: standing), with a vouch made with KEYFILE's key and TEXT
appended (lines of YAML: an answer the rules do not derive); it is
signed by the test (minisign, a detached .minisig) with whichever key
the attack needs. --record writes GAME-OUT: GAME with a 'late' entry of
that side for the step before appended to the judge's record at the
UTC time AT, signed with the referee's unencrypted key REFEREE-KEY (a
test clock's entry, as the tests' judge writes them).
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "independent"))
import nacl.signing  # noqa: E402
from rederive import Map, audit, b2b256, doc_hash  # noqa: E402
from viewforge import b64, seed_of_keyfile  # noqa: E402


def main(argv):
    game, out = argv[1:3]
    opts = argv[3:]
    vouch_key = extra = record = None
    while opts:
        if opts[0] == "--vouch":
            vouch_key, opts = opts[1], opts[2:]
        elif opts[0] == "--extra":
            extra, opts = opts[1], opts[2:]
        elif opts[0] == "--record":
            record, opts = opts[1:4], opts[4:]
        else:
            sys.exit("lateforge.py: unknown option %s" % opts[0])
    a = audit(game, lambda s: None)
    genesis, hashes, side = a["genesis"], a["step_hashes"], a["waiting"]
    gid = a["game"].get("game")
    n = len(hashes)          # the step the game waits on
    late = b2b256(b"umpire/1 late step" + struct.pack(">Q", n), key=genesis)
    comment = "umpire/1 game=%s step=%d side=%s" % (gid, n, side)
    body = ("umpire: orders/1\ngame: %s\nstep: %d\nside: %s\nprev: %s\n"
            "reveal: %s\n" % (gid, n, side, b64(hashes[-1]), b64(late)))
    if vouch_key:
        sig = nacl.signing.SigningKey(seed_of_keyfile(vouch_key)).sign(
            comment.encode()).signature
        t = b64(sig)
        body += "vouch: |-\n  %s\n  %s\n" % (t[:64], t[64:])
    body += "late: standing\n"
    if extra:
        body += extra.rstrip("\n") + "\n"
    open(out, "w").write(body)
    if record:
        game_out, refkey, at = record
        entry = Map([("event", "late"), ("step", str(n - 1)), ("at", at),
                     ("role", side), ("test", "yes")])
        prev = a["record"][-1]["sig"] if a["record"] else None
        link = b2b256(prev) if prev else bytes(32)
        msg = (b"umpire/1 judge time" + genesis + hashes[n - 1] + link +
               doc_hash("umpire/1 judge time", entry))
        sig = nacl.signing.SigningKey(seed_of_keyfile(refkey)).sign(
            msg).signature
        t = b64(sig)
        text = ("- event: late\n  step: %d\n  at: %s\n  role: %s\n"
                "  test: yes\n  signature: |-\n    %s\n    %s\n"
                % (n - 1, at, side, t[:64], t[64:]))
        src = open(game).read()
        cut = src.index("\nstate:") + 1
        open(game_out, "w").write(src[:cut] + text + src[cut:])


if __name__ == "__main__":
    main(sys.argv)
