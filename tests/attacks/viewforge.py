#!/usr/bin/env python3
"""viewforge.py - what a cheating referee (alone, or with one side's key)
can make of a view, computed from umpire-protocol(7) with the
independent auditor's primitives (tests/independent/rederive.py), never
with umpire itself.

    viewforge.py VIEW REFEREE-KEY OUT EXPR [NAME=KEYFILE ...]

reads VIEW (clear text), evaluates the Python expression EXPR on it
(`v`, a rederive.Map) and writes the result to OUT signed with the
referee's unencrypted secret key as umpire signs views. In EXPR:
put(m, key, value), link() (32 random bytes), chain(NAME, n) (the link
c[n] of role NAME, from its key file given as NAME=KEYFILE and the
view's header), Map, vouch(NAME, n) (its vouch for step n), sign(KEYFILE,
n, NAME) (a vouch for NAME made with another key), entry(n, NAME, i,
link, vouch) (an entry of since: step n, NAME's link c[i]; without vouch
when vouch is None), idx(NAME) (the index of NAME's latest link in the
view's since, 0 if none),
back(link, m) (the link m steps before a link: anyone can hash a link
forward) and VOUCH (whether the view's own entries carry one: umpire
before views carried vouches wrote none). The report (one string, its
lines joined by LF) and the marks (a list of Map) are fields like any
other: a referee can write anything there and sign it, which only the
audit of the game file finds.
"""
import base64
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "independent"))
import nacl.signing  # noqa: E402
from rederive import (Map, parse_yaml, enc, b2b256, doc_hash,  # noqa: E402
                      link_step, CORE_FIELDS)


def seed_of_keyfile(path):
    raw = base64.b64decode(open(path).read().split("\n")[1])
    assert raw[:2] == b"Ed" and raw[2:4] == b"\0\0", "an unencrypted key"
    return raw[62:94]


def b64(raw):
    return base64.b64encode(raw).decode()


def b64_lines(raw):
    t = b64(raw)
    return "\n".join(t[i:i + 64] for i in range(0, len(t), 64))


def emit(x, ind):
    if isinstance(x, str):
        plain = (x and "\n" not in x and x.strip() == x and
                 x[0] not in "-[{&*!|>'\"%@`#?:," and ": " not in x and
                 " #" not in x)
        return " " + (x if plain else '"' + x.replace("\\", "\\\\")
                      .replace('"', '\\"').replace("\n", "\\n") + '"')
    if isinstance(x, list):
        if not x:
            return " []"
        return "".join("\n" + ind + "-" + emit(i, ind + "  ").replace(
            "\n" + ind + "  ", "\n" + ind + "  ", 1) for i in x)
    if not x.pairs:
        return " {}"
    return "".join("\n" + ind + k + ":" + emit(i, ind + "  ")
                   for k, i in x.pairs)


def main(argv):
    src, keyfile, out, change = argv[1:5]
    keys = dict(a.split("=", 1) for a in argv[5:])
    v = parse_yaml(open(src, "rb").read(), src)
    header = v.get("header")
    gid = v.get("game")
    roles = {r.get("name"): r for r in header.get("roles")}
    core = Map([(k, header.get(k)) for k in CORE_FIELDS] +
               [("roles", [Map([("name", r.get("name")),
                                ("key", r.get("key"))] +
                               ([("invite", r.get("invite"))]
                                if r.get("invite") is not None else []))
                           for r in header.get("roles")])])
    core_hash = doc_hash("umpire/1 core", core)
    length = int(header.get("chain_length"))

    def chain(name, n):
        nonce = base64.b64decode(roles[name].get("nonce"))
        c = b2b256(b"umpire/1 chain" + core_hash + nonce + name.encode(),
                   key=seed_of_keyfile(keys[name]))
        for _ in range(length - n):
            c = link_step(c)
        return b64(c)

    def sign(kf, n, name):
        sk = nacl.signing.SigningKey(seed_of_keyfile(kf))
        msg = ("umpire/1 game=%s step=%d side=%s" % (gid, n, name)).encode()
        return b64_lines(sk.sign(msg).signature)

    def vouch(name, n):
        return sign(keys[name], n, name)

    def put(m, key, value):
        return Map([(k, value if k == key else x) for k, x in m.pairs])

    def link():
        return b64(os.urandom(32))

    def back(lnk, m):
        c = base64.b64decode(lnk)
        for _ in range(m):
            c = link_step(c)
        return b64(c)

    def entry(n, name, i, lnk, vch):
        pairs = [("step", str(n)), ("actor", name), ("index", str(i)),
                 ("link", lnk)]
        return Map(pairs + ([("vouch", vch)] if vch is not None else []))

    since = v.get("since") or []

    def idx(name):
        mine = [e for e in since if e.get("actor") == name]
        return int(mine[-1].get("index")) if mine else 0

    VOUCH = bool(since) and "vouch" in since[0]
    env = dict(v=v, put=put, link=link, chain=chain, vouch=vouch,
               sign=sign, entry=entry, VOUCH=VOUCH, back=back,
               Map=Map, idx=idx)
    v = eval(change, env)
    sk = nacl.signing.SigningKey(seed_of_keyfile(keyfile))
    msg = b"umpire/1 view" + bytes(enc(v.without("signature"), bytearray()))
    if "signature" in v:
        v = put(v, "signature", b64_lines(sk.sign(msg).signature))
    open(out, "w").write(emit(v, "").lstrip("\n") + "\n")


if __name__ == "__main__":
    main(sys.argv)
