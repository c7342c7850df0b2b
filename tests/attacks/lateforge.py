#!/usr/bin/env python3
"""lateforge.py - late steps (umpire-protocol(7), THE JUDGE'S CLOCK, Late
steps) made by hand where the clock or the judge's record do not allow
one, computed from the man page with the independent auditor's
primitives (tests/independent/rederive.py), never with umpire itself.

    lateforge.py GAME OUT [--vouch KEYFILE] [--extra TEXT]
                 [--record GAME-OUT REFEREE-KEY AT]
    lateforge.py --step GAME OUT FIELD REFEREE-KEY [KEYFILE]
    lateforge.py --forfeit GAME OUT REFEREE-KEY AT [EVENT...]

writes to OUT the body of a late step's order file for the step GAME
waits on (its side, prev, the public value late[n] as its reveal, the
marker late: standing), with a vouch made with KEYFILE's key and TEXT
appended (lines of YAML: an answer the rules do not derive); it is
signed by the test (minisign, a detached .minisig) with whichever key
the attack needs. --record writes GAME-OUT: GAME with a 'late' entry of
that side for the step before appended to the judge's record at the
UTC time AT, signed with the referee's unencrypted key REFEREE-KEY (a
test clock's entry, as the tests' judge writes them).

--step forges one field of the late step that ends GAME (a late step
umpire itself took) and writes the game to OUT, the step's hash and
countersignature (and the judge's record) signed again with the
referee's unencrypted key REFEREE-KEY, as a cheating referee would:
FIELD is no-vouch (its orders without the vouch), signer (its orders
signed with KEYFILE's key, the late side's own), reveal (another value
than late[n] in the actor's place, in the orders and the step) or early
(the record's late entry an hour before the grace ended).

--forfeit writes to OUT GAME with a forfeit (THE JUDGE'S CLOCK) of the
role GAME waits on at its last step (in a game of no steps, the role
its record's last entry names), at the UTC time AT, as the
judge's record's last entry, the record's entries of that step whose
event is one of EVENT (late, notice) and any forfeit it held taken
out, and every entry signed again (each links the one before it) with
the referee's unencrypted key REFEREE-KEY, as a cheating referee would.
"""
import base64
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "independent"))
import nacl.signing  # noqa: E402
from rederive import (Map, audit, b2b256, doc_hash, parse_yaml,  # noqa: E402
                      split_embedded, b64_canonical, utc)
from viewforge import b64, b64_lines, emit, seed_of_keyfile  # noqa: E402

BEGIN = "# -----BEGIN UMPIRE SIGNATURE-----"
END = "# -----END UMPIRE SIGNATURE-----"


def put(m, key, value):
    return Map([(k, value if k == key else x) for k, x in m.pairs])


def minisign(body, keyfile, comment):
    """body signed as minisign -S does (Ed25519 of the body's BLAKE2b,
    then of that signature and the trusted comment), embedded as umpire
    embeds a signature block."""
    import hashlib
    raw = base64.b64decode(open(keyfile).read().split("\n")[1])
    keynum = raw[54:62]
    sk = nacl.signing.SigningKey(seed_of_keyfile(keyfile))
    sig = sk.sign(hashlib.blake2b(body).digest()).signature
    glob = sk.sign(sig + comment.encode()).signature
    text = ("untrusted comment: forged\n%s\ntrusted comment: %s\n%s\n" %
            (b64(b"ED" + keynum + sig), comment, b64(glob)))
    t = b64(text.encode())
    block = "".join("#%s\n" % t[i:i + 64] for i in range(0, len(t), 64))
    return body + ("%s\n%s%s\n" % (BEGIN, block, END)).encode()


def forge_step(game, out, field, refkey, otherkey):
    a = audit(game, lambda s: None)
    genesis, hashes = a["genesis"], a["step_hashes"]
    g = parse_yaml(open(game, "rb").read(), game)
    steps = list(g.get("steps"))
    s = steps[-1]
    n = len(steps)
    ref = nacl.signing.SigningKey(seed_of_keyfile(refkey))
    if field == "early":
        rec = list(g.get("judge"))
        last = rec[-1]
        assert last.get("event") == "late" and int(last.get("step")) == n - 1
        t = utc(last.get("at"), "late entry") - 3600
        import time
        entry = put(last.without("signature"), "at",
                    time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t)))
        prev = a["record"][-2]["sig"] if len(rec) > 1 else None
        rec[-1], _ = record_entry(entry.pairs, genesis, hashes[n - 1], prev,
                                  ref)
        g = put(g, "judge", rec)
    else:
        blob = base64.b64decode("".join(s.get("orders").split()))
        body, _ = split_embedded(blob, "orders")
        lines = body.decode().split("\n")
        comment = "umpire/1 game=%s step=%d side=%s" % (
            g.get("game"), n, s.get("actor"))
        key = refkey
        if field == "no-vouch":
            keep, skip = [], False
            for ln in lines:
                if ln.startswith("vouch:"):
                    skip = True
                    continue
                if skip and ln.startswith("  "):
                    continue
                skip = False
                keep.append(ln)
            lines = keep
        elif field == "signer":
            key = otherkey
        elif field == "reveal":
            other = b64(os.urandom(32))
            lines = ["reveal: %s" % other if ln.startswith("reveal:")
                     else ln for ln in lines]
            rv = s.get("reveals")
            s = put(s, "reveals", put(rv, s.get("actor"), other))
        else:
            sys.exit("lateforge.py: unknown field %s" % field)
        signed = minisign("\n".join(lines).encode(), key, comment)
        s = put(s, "orders", b64_lines(signed))
        hashed = s.without("signature")
        hashed = Map([(k, b64_canonical(base64.b64decode("".join(
            v.split()))) if k == "orders" else v) for k, v in hashed.pairs])
        step_hash = doc_hash("umpire/1 step", hashed)
        csig = ref.sign(b"umpire/1 countersign" + genesis +
                        step_hash).signature
        steps[-1] = put(s, "signature", b64_lines(csig))
        g = put(g, "steps", steps)
    open(out, "w").write(emit(g, "").lstrip("\n") + "\n")


def record_entry(fields, genesis, step_hash, prev_sig, ref):
    """One entry of the judge's record of the given fields, signed with
    the referee's signing key ref after prev_sig's (or none)."""
    entry = Map(fields)
    link = b2b256(prev_sig) if prev_sig else bytes(32)
    sig = ref.sign(b"umpire/1 judge time" + genesis + step_hash + link +
                   doc_hash("umpire/1 judge time", entry)).signature
    return Map(fields + [("signature", b64_lines(sig))]), sig


def forge_forfeit(game, out, refkey, at, drop):
    a = audit(game, lambda s: None)
    genesis, hashes = a["genesis"], a["step_hashes"]
    g = parse_yaml(open(game, "rb").read(), game)
    n = len(hashes) - 1
    ref = nacl.signing.SigningKey(seed_of_keyfile(refkey))
    kept = [m.without("signature") for m in (g.get("judge") or [])
            if not (int(m.get("step")) == n and
                    m.get("event") in drop + ["forfeit"])]
    # (a game of no steps: the role its record names, as the auditor
    # cannot replay the rules to learn whom it waits on)
    role = a["waiting"] or [e["role"] for e in a["record"] if e["role"]][-1]
    kept.append(Map([("event", "forfeit"), ("step", str(n)), ("at", at),
                     ("role", role), ("test", "yes")]))
    rec, sig = [], None
    for m in kept:
        e, sig = record_entry(m.pairs, genesis, hashes[int(m.get("step"))],
                              sig, ref)
        rec.append(e)
    g = put(g, "judge", rec)
    open(out, "w").write(emit(g, "").lstrip("\n") + "\n")


def main(argv):
    if argv[1] == "--forfeit":
        forge_forfeit(argv[2], argv[3], argv[4], argv[5], argv[6:])
        return
    if argv[1] == "--step":
        forge_step(argv[2], argv[3], argv[4], argv[5],
                   argv[6] if len(argv) > 6 else None)
        return
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
        prev = a["record"][-1]["sig"] if a["record"] else None
        _, sig = record_entry([("event", "late"), ("step", str(n - 1)),
                               ("at", at), ("role", side), ("test", "yes")],
                              genesis, hashes[n - 1], prev,
                              nacl.signing.SigningKey(
                                  seed_of_keyfile(refkey)))
        t = b64(sig)
        text = ("- event: late\n  step: %d\n  at: %s\n  role: %s\n"
                "  test: yes\n  signature: |-\n    %s\n    %s\n"
                % (n - 1, at, side, t[:64], t[64:]))
        src = open(game).read()
        cut = src.index("\nstate:") + 1
        open(game_out, "w").write(src[:cut] + text + src[cut:])


if __name__ == "__main__":
    main(sys.argv)
