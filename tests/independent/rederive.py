#!/usr/bin/python3
"""rederive.py [--draws] GAME - an independent auditor of an umpire game file.

Written from umpire-protocol(7) alone, without umpire's code: it checks
every join signature, the core and genesis hashes, and for every step its
number, actor and counter-party, prev link, step hash, countersignature,
the actor's signed orders and the history they name (their prev), both
reveals against the hash chains, the
seed, and every draw (pick re-derived with its own ChaCha20 and rejection
sampling; die faces), the hand-over from one step to the
next, and the final state hash; the judge's record of time (THE JUDGE'S
CLOCK: every entry's signature, order and link, and a forfeit's time
and the late and notice entries before it), and a late step (its
public value late[n] in the actor's place, its orders the referee's,
the marker alone with the referee's vouch, the clock's on_late standing, and the record's late
entry no earlier than the end of the grace). It cannot replay the rules, so it does
not check that the answers were legal, that n is the right pool size, or
which card or counter of a pool a pick names.

Prints one line per step; exits 0 if everything holds, 1 naming the first
step (or the header) that does not, 2 on usage errors. With --draws, prints
instead the re-derived draws as tab-separated lines: step, draw, n, pick,
result (as the columns of the same names in `umpire dice`).

Needs only /usr/bin/python3 with Debian's python3-yaml and python3-nacl.
"""
import base64
import binascii
import hashlib
import re
import struct
import sys

import yaml
import nacl.exceptions
import nacl.signing

LOADER = getattr(yaml, "CBaseLoader", yaml.BaseLoader)


class Fail(Exception):
    """A check failed; where names the step (or "header")."""

    def __init__(self, where, msg):
        super().__init__("%s: %s" % (where, msg))
        self.where = where


# ---- YAML as a tree of str / list / Map ------------------------------


class Map:
    """A mapping in file order: a list of (key, value) pairs."""

    def __init__(self, pairs):
        self.pairs = pairs

    def get(self, key, default=None):
        for k, v in self.pairs:
            if k == key:
                return v
        return default

    def __contains__(self, key):
        return any(k == key for k, _ in self.pairs)

    def keys(self):
        return [k for k, _ in self.pairs]

    def without(self, key):
        return Map([(k, v) for k, v in self.pairs if k != key])


def tree(node, where):
    if isinstance(node, yaml.ScalarNode):
        if "\0" in node.value:
            raise Fail(where, "NUL character in a scalar")
        return node.value
    if isinstance(node, yaml.SequenceNode):
        return [tree(n, where) for n in node.value]
    pairs = []
    seen = set()
    for k, v in node.value:
        if not isinstance(k, yaml.ScalarNode):
            raise Fail(where, "a mapping key is not a scalar (line %d)"
                       % (k.start_mark.line + 1))
        if k.value in seen:
            raise Fail(where, "duplicate key '%s' (line %d)"
                       % (k.value, k.start_mark.line + 1))
        seen.add(k.value)
        pairs.append((k.value, tree(v, where)))
    return Map(pairs)


def parse_yaml(data, where):
    """One YAML document, no anchors, aliases or tags; all scalars str."""
    if b"\0" in data:
        raise Fail(where, "NUL byte in the file")
    try:
        for ev in yaml.parse(data, Loader=LOADER):
            if isinstance(ev, yaml.AliasEvent):
                raise Fail(where, "alias in the file")
            if getattr(ev, "anchor", None):
                raise Fail(where, "anchor in the file")
            tag = getattr(ev, "tag", None)
            if tag and isinstance(ev, (yaml.ScalarEvent,
                                       yaml.CollectionStartEvent)):
                # implicit tags of plain/quoted scalars are None here
                raise Fail(where, "tag %s in the file" % tag)
        docs = list(yaml.compose_all(data, Loader=LOADER))
    except yaml.YAMLError as e:
        raise Fail(where, "not valid YAML: %s" % str(e).replace("\n", " "))
    if len(docs) > 1:
        raise Fail(where, "more than one YAML document")
    if not docs or docs[0] is None:
        return Map([])
    return tree(docs[0], where)


# ---- canonical encoding and hashes (CANONICAL ENCODING) ---------------


def enc(x, out):
    if isinstance(x, str):
        b = x.encode("utf-8")
        out += b"s" + struct.pack(">I", len(b)) + b
    elif isinstance(x, list):
        out += b"l" + struct.pack(">I", len(x))
        for item in x:
            enc(item, out)
    else:
        out += b"m" + struct.pack(">I", len(x.pairs))
        for k, v in x.pairs:
            enc(k, out)
            enc(v, out)
    return out


def b2b256(data, key=b""):
    return hashlib.blake2b(data, digest_size=32, key=key).digest()


def doc_hash(domain, node):
    return b2b256(domain.encode() + bytes(enc(node, bytearray())))


# ---- chains and seeds (HASH CHAINS, STEP SEEDS) -----------------------


def link_step(c):
    return b2b256(b"umpire/1 link" + c)


def late_of(genesis, n):
    """late[n]: a late step's public value in its actor's place."""
    return b2b256(b"umpire/1 late step" + struct.pack(">Q", n),
                  key=genesis)


def duration(text, where):
    """A clock's duration (umpire-game(5), clock) in seconds."""
    m = re.fullmatch(r"([0-9]+)([dhms]?)", text or "")
    if not m:
        raise Fail(where, "the clock's duration '%s' is not one" % text)
    return int(m.group(1)) * {"d": 86400, "h": 3600, "m": 60, "s": 1,
                              "": 1}[m.group(2)]


def utc(text, where):
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z",
                     text or "")
    if not m:
        raise Fail(where, "'%s' is not a UTC time" % text)
    import calendar
    return calendar.timegm(tuple(int(x) for x in m.groups()))


def seed_of(genesis, n, actor_link, counter_link):
    return b2b256(b"umpire/1 seed" + struct.pack(">Q", n) + actor_link +
                  counter_link, key=genesis)


# ---- ChaCha20 (original: 64-bit nonce, 64-bit counter) and draws ------


def _rotl(v, c):
    return ((v << c) & 0xffffffff) | (v >> (32 - c))


def _qr(x, a, b, c, d):
    x[a] = (x[a] + x[b]) & 0xffffffff
    x[d] = _rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & 0xffffffff
    x[b] = _rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & 0xffffffff
    x[d] = _rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & 0xffffffff
    x[b] = _rotl(x[b] ^ x[c], 7)


def chacha20_block(key, nonce8, counter):
    """One 64-byte keystream block as 16 u32 words."""
    state = ([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] +
             list(struct.unpack("<8I", key)) +
             [counter & 0xffffffff, counter >> 32] +
             list(struct.unpack("<2I", nonce8)))
    x = state[:]
    for _ in range(10):
        _qr(x, 0, 4, 8, 12)
        _qr(x, 1, 5, 9, 13)
        _qr(x, 2, 6, 10, 14)
        _qr(x, 3, 7, 11, 15)
        _qr(x, 0, 5, 10, 15)
        _qr(x, 1, 6, 11, 12)
        _qr(x, 2, 7, 8, 13)
        _qr(x, 3, 4, 9, 14)
    return [(x[i] + state[i]) & 0xffffffff for i in range(16)]


def uniform(seed, k, n):
    """Draw k of a step: a uniform value in [0, n)."""
    if n == 1:
        return 0
    limit = 2 ** 32 - (2 ** 32 % n)
    nonce = struct.pack("<Q", k)
    block = 0
    while True:
        for w in chacha20_block(seed, nonce, block):
            if w < limit:
                return w % n
        block += 1


# ---- keys and minisign signatures (KEY FILES, SIGNATURES) -------------


def b64(text, where, what, size=None):
    s = re.sub(r"[ \r\n]", "", text)
    try:
        raw = base64.b64decode(s, validate=True)
    except (binascii.Error, ValueError):
        raise Fail(where, "%s is not valid base64" % what)
    if size is not None and len(raw) != size:
        raise Fail(where, "%s must be %d bytes, not %d" % (what, size,
                                                           len(raw)))
    return raw


def b64_canonical(raw):
    """The canonical text of a byte string: standard padded base64 in
    lines of 64 characters joined by LF (CANONICAL ENCODING)."""
    t = base64.b64encode(raw).decode()
    return "\n".join(t[i:i + 64] for i in range(0, len(t), 64))


def unhex(text, where, what, size=16):
    """The game id: lower-case hexadecimal only (one text, one value)."""
    if not isinstance(text, str) or not re.fullmatch(
            r"[0-9a-f]{%d}" % (2 * size), text):
        raise Fail(where, "%s must be %d lower-case hexadecimal digits"
                   % (what, 2 * size))
    return bytes.fromhex(text)


def b64_32(text, where, what):
    """A 32-byte value: 44 characters of padded base64, in the one text
    that encodes those bytes (VALUES in umpire-protocol(7))."""
    if not isinstance(text, str) or not re.fullmatch(
            r"[A-Za-z0-9+/]{43}=", text):
        raise Fail(where, "%s must be 32 bytes in base64 (44 "
                   "characters)" % what)
    raw = base64.b64decode(text)
    if base64.b64encode(raw).decode() != text:
        raise Fail(where, "%s is not in its canonical base64" % what)
    return raw


def pubkey(line, where):
    raw = b64(line.strip(), where, "public key", 42)
    if raw[:2] != b"Ed":
        raise Fail(where, "public key algorithm is not Ed")
    return raw[2:10], raw[10:]


def ed25519_ok(pk, msg, sig):
    try:
        nacl.signing.VerifyKey(pk).verify(msg, sig)
        return True
    except (nacl.exceptions.BadSignatureError, ValueError,
            nacl.exceptions.CryptoError):
        return False


BEGIN = b"# -----BEGIN UMPIRE SIGNATURE-----"
END = b"# -----END UMPIRE SIGNATURE-----"


def split_embedded(blob, where):
    """Body bytes and the .minisig text of an embedded signature block."""
    lines = blob.split(b"\n")
    pos = 0
    for i, line in enumerate(lines):
        if line.rstrip(b"\r \t") == BEGIN:
            body = blob[:pos]
            rest = lines[i + 1:]
            break
        pos += len(line) + 1
    else:
        raise Fail(where, "the orders carry no embedded signature block")
    b64text = b""
    for j, line in enumerate(rest):
        if line.rstrip(b"\r \t") == END:
            if any(x.strip(b" \t\r") for x in rest[j + 1:]):
                raise Fail(where, "text after the END line")
            break
        if not line.startswith(b"#"):
            raise Fail(where, "a line inside the block does not start "
                       "with #")
        b64text += line[1:]
    else:
        raise Fail(where, "signature block without END line")
    return body, b64(b64text.decode("ascii", "replace").replace("\t", ""),
                     where, "signature block")


def minisig_verify(body, sigtext, keynum, pk, where):
    """Check a .minisig text over body; returns the trusted comment."""
    lines = sigtext.split(b"\n")
    if len(lines) < 4 or not lines[2].startswith(b"trusted comment: "):
        raise Fail(where, "malformed .minisig text")
    sig = b64(lines[1].decode("ascii", "replace").strip(" \t\r"), where,
              "signature line", 74)
    comment = lines[2][len(b"trusted comment: "):].rstrip(b"\r")
    gsig = b64(lines[3].decode("ascii", "replace").strip(" \t\r"), where,
               "global signature", 64)
    alg, knum, s = sig[:2], sig[2:10], sig[10:]
    if knum != keynum:
        raise Fail(where, "orders signed by another key")
    candidates = [body]
    if b"\r\n" in body:
        candidates.append(body.replace(b"\r\n", b"\n"))
    for msg in candidates:
        if alg == b"ED":
            m = hashlib.blake2b(msg, digest_size=64).digest()
        elif alg == b"Ed":
            m = msg
        else:
            raise Fail(where, "unknown signature algorithm")
        if ed25519_ok(pk, m, s):
            break
    else:
        raise Fail(where, "the orders' signature does not match them")
    if not ed25519_ok(pk, s + comment, gsig):
        raise Fail(where, "the orders' trusted comment was altered")
    return comment.decode("utf-8", "replace"), msg


# ---- the auditor ------------------------------------------------------

CORE_FIELDS = ["umpire", "game", "scenario", "scenario_version",
               "scenario_hash", "rules", "provenance", "options",
               "chain_length"]
OPTIONAL_CORE_FIELDS = ["clock"]     # THE JUDGE'S CLOCK: after the rest
GAME_FIELDS = CORE_FIELDS + ["roles", "state", "steps"]
OPTIONAL_GAME_FIELDS = OPTIONAL_CORE_FIELDS + ["judge"]
JUDGE_FIELDS = ["event", "step", "at", "role", "test", "signature"]
JUDGE_EVENTS = ["taken", "seen", "remind", "notice", "late", "forfeit"]
STEP_FIELDS = ["step", "actor", "counter", "orders", "reveals", "seed",
               "draws", "next", "state", "prev", "signature"]
OPTIONAL_STEP_FIELDS = ["salt"]    # games with views (hidden information)
DRAW_FIELDS = ["i", "n", "pick", "got", "for", "pool", "turn", "phase"]


def need(m, key, kind, where):
    v = m.get(key) if isinstance(m, Map) else None
    if v is None:
        raise Fail(where, "field '%s' is missing" % key)
    if not isinstance(v, kind):
        raise Fail(where, "field '%s' has the wrong kind" % key)
    return v


def decimal(text, where, what, lo=0, hi=2 ** 63):
    if not isinstance(text, str) or not re.fullmatch(r"0|-?[1-9][0-9]*",
                                                     text):
        raise Fail(where, "%s must be a whole number" % what)
    v = int(text)
    if not lo <= v <= hi:
        raise Fail(where, "%s out of range" % what)
    return v


def audit(path, out):
    data = open(path, "rb").read()
    g = parse_yaml(data, "header")
    H = "header"
    if not isinstance(g, Map):
        raise Fail(H, "not a game file")
    for k in g.keys():
        if k not in GAME_FIELDS + OPTIONAL_GAME_FIELDS:
            raise Fail(H, "unknown field '%s'" % k)
    for k in GAME_FIELDS:
        if k not in g:
            raise Fail(H, "field '%s' is missing" % k)
    if g.get("umpire") not in ("game/2", "game/3"):
        raise Fail(H, "not a game/3 (or game/2) file")
    # game/3: a role's k-th step reveals its link c[k]; game/2: step n
    # reveals c[n]
    by_step = g.get("umpire") == "game/2"
    gid = g.get("game")
    unhex(gid, H, "game id", 16)
    b64_32(g.get("scenario_hash"), H, "scenario_hash")
    L = decimal(g.get("chain_length"), H, "chain_length", 16, 1 << 20)
    roles_src = need(g, "roles", list, H)
    if len(roles_src) < 2:
        raise Fail(H, "a game has at least 2 roles")

    # core hash, genesis hash, join signatures
    roles = []
    core_roles, gen_roles = [], []
    for r in roles_src:
        if not isinstance(r, Map):
            raise Fail(H, "a role is not a mapping")
        name = need(r, "name", str, H)
        if any(x["name"] == name for x in roles):
            raise Fail(H, "role %s twice" % name)
        key = need(r, "key", str, H)
        keynum, pk = pubkey(key, H)
        # the creator's invitation of the role (a mail address): in the
        # core, after the key, so every join signs it
        invite = r.get("invite")
        if invite is not None and not isinstance(invite, str):
            raise Fail(H, "the invitation of role %s is not a string" %
                       name)
        core_role = [("name", name), ("key", key)] + (
            [("invite", invite)] if invite is not None else [])
        if "nonce" not in r or "anchor" not in r or "signature" not in r:
            raise Fail(H, "role %s has not joined" % name)
        nonce = b64_32(r.get("nonce"), H, "nonce of " + name)
        anchor = b64_32(r.get("anchor"), H, "anchor of " + name)
        sig = b64(need(r, "signature", str, H), H, "signature of " + name,
                  64)
        # a join may carry the side's mail address, signed with it
        address = r.get("address")
        if address is not None and not isinstance(address, str):
            raise Fail(H, "the address of role %s is not a string" % name)
        roles.append({"name": name, "keynum": keynum, "pk": pk,
                      "nonce": nonce, "anchor": anchor, "sig": sig,
                      "address": address, "last": anchor, "last_n": 0})
        core_roles.append(Map(core_role))
        # the signature as its bytes in their canonical text
        gen_roles.append(Map(core_role +
                             [("nonce", r.get("nonce")),
                              ("anchor", r.get("anchor")),
                              ("signature", b64_canonical(sig))] +
                             ([("address", address)] if address is not None
                              else [])))
    # (a game without a clock hashes as it did before there were
    # clocks)
    core_fields = CORE_FIELDS + [k for k in OPTIONAL_CORE_FIELDS if k in g]
    core = Map([(k, g.get(k)) for k in core_fields] +
               [("roles", core_roles)])
    core_hash = doc_hash("umpire/1 core", core)
    genesis = doc_hash("umpire/1 genesis",
                       Map([(k, g.get(k)) for k in core_fields] +
                           [("roles", gen_roles)]))
    clock = g.get("clock")
    if clock is not None and not (isinstance(clock, Map) and clock.keys()
                                  in (["deadline", "remind", "grace",
                                       "on_late"],
                                      ["deadline", "remind", "grace",
                                       "on_late", "forfeit_after"])):
        raise Fail(H, "the clock is {deadline, remind, grace, on_late"
                   "[, forfeit_after]}")
    record = judge_record(g, by_name_of(roles), H)
    for r in roles:
        msg = (b"umpire/1 join" + core_hash + r["name"].encode() + b"\0" +
               r["nonce"] + r["anchor"] +
               (r["address"] or "").encode())
        if not ed25519_ok(r["pk"], msg, r["sig"]):
            raise Fail(H, "the join signature of role %s does not match "
                       "the header" % r["name"])
    by_name = {r["name"]: r for r in roles}
    out("header ok: game %s, %d roles (%s), core %s, genesis %s" % (
        gid, len(roles), ", ".join(by_name), core_hash.hex()[:16],
        genesis.hex()[:16]))

    def counter_of(actor):
        if "referee" in by_name:
            return "referee"
        for r in roles:
            if r["name"] != actor:
                return r["name"]
        return None

    steps = need(g, "steps", list, H)
    prev = genesis
    step_hashes = [genesis]
    expect_actor = None      # from the previous step's next.role
    over = False
    salted = False
    last_state = None
    for idx, s in enumerate(steps):
        n = idx + 1
        W = "step %d" % n
        if over:
            raise Fail(W, "a step after the end of the game")
        if not isinstance(s, Map):
            raise Fail(W, "a step is not a mapping")
        for k in s.keys():
            if k not in STEP_FIELDS + OPTIONAL_STEP_FIELDS:
                raise Fail(W, "unknown field '%s'" % k)
        if "salt" in s:
            b64_32(s.get("salt"), W, "salt")
        if n > 1 and ("salt" in s) != salted:
            raise Fail(W, "a view salt in some steps but not in others")
        salted = "salt" in s
        for k in STEP_FIELDS:
            if k not in s:
                raise Fail(W, "field '%s' is missing" % k)
        if decimal(s.get("step"), W, "step") != n:
            raise Fail(W, "numbered %s (steps removed or reordered)"
                       % s.get("step"))
        actor, counter = s.get("actor"), s.get("counter")
        if actor not in by_name or counter_of(actor) != counter:
            raise Fail(W, "actor %s and counter-party %s are not this "
                       "game's" % (actor, counter))
        if expect_actor is not None and actor != expect_actor:
            raise Fail(W, "ordered by %s, but step %d asked %s" % (
                actor, n - 1, expect_actor))
        if b64_32(s.get("prev"), W, "prev") != prev:
            raise Fail(W, "'prev' is not the hash of step %d" % (n - 1))
        # hashed with the orders' bytes in their canonical text
        hashed = s.without("signature")
        hashed = Map([(k, b64_canonical(b64(v, W, "orders"))
                       if k == "orders" and isinstance(v, str) else v)
                      for k, v in hashed.pairs])
        step_hash = doc_hash("umpire/1 step", hashed)

        # a late step (THE JUDGE'S CLOCK, Late steps): late[n] in the
        # actor's place of reveals; its orders are the referee's
        rv = need(s, "reveals", Map, W)
        late = (actor in rv.keys() and
                b64_32(rv.get(actor), W, "actor's reveal") ==
                late_of(genesis, n))
        if late:
            if by_step or counter != "referee":
                raise Fail(W, "a late step in a game/2 file or one "
                           "without a referee")
            if clock is None or clock.get("on_late") != "standing":
                raise Fail(W, "a late step, but the clock says on_late "
                           "%s" % (clock.get("on_late") if clock else
                                   "none"))
            late_entry(record, n - 1, actor, clock, "a late step", W)

        # the actor's signed orders (a late step's: the referee's)
        blob = b64(need(s, "orders", str, W), W, "orders")
        body, sigtext = split_embedded(blob, W)
        a = by_name[actor]
        signer = by_name[counter] if late else a
        comment, signed = minisig_verify(body, sigtext, signer["keynum"],
                                         signer["pk"], W)
        o = parse_yaml(signed, W)
        if not isinstance(o, Map) or o.get("umpire") != "orders/1":
            raise Fail(W, "the orders are not an orders/1 file")
        if o.get("game") != gid:
            raise Fail(W, "the orders are for game %s" % o.get("game"))
        if decimal(o.get("step"), W, "orders step", 1) != n:
            raise Fail(W, "the orders are for step %s" % o.get("step"))
        if o.get("side") != actor:
            raise Fail(W, "the orders are from side %s" % o.get("side"))
        want = "umpire/1 game=%s step=%d side=%s" % (gid, n, actor)
        # SIGNATURES: a comment that speaks for umpire must be exactly
        # this; any other (stock minisign's own) binds nothing the body
        # does not
        if comment.startswith("umpire") and comment != want:
            raise Fail(W, "trusted comment '%s', expected '%s'"
                       % (comment, want))
        # the vouch, where the orders carry one (VIEWS); a late step's
        # always carry the referee's (THE JUDGE'S CLOCK, Late steps)
        if late and "vouch" not in o:
            raise Fail(W, "a late step's orders carry no vouch (the "
                       "referee's, which every view lists it with)")
        if "vouch" in o and not ed25519_ok(
                signer["pk"], want.encode(), b64(o.get("vouch"), W,
                                                 "vouch", 64)):
            raise Fail(W, "the orders' vouch is not %s's signature of "
                       "'%s'" % (signer["name"], want))
        # the marker of a late step: the referee's alone, and nothing
        # beside it
        if ("late" in o) != late:
            raise Fail(W, "the marker late: standing %s" % (
                "missing from a late step's orders" if late else
                "in orders of %s" % actor))
        if late and (o.get("late") != "standing" or "answers" in o or
                     "standing" in o):
            raise Fail(W, "a late step's orders hold late: standing and "
                       "no answers or standing orders")

        # reveals and the chains
        if sorted(rv.keys()) != sorted([actor, counter]):
            raise Fail(W, "reveals must hold the actor's and the "
                       "counter-party's links")
        ra = b64_32(rv.get(actor), W, "actor's reveal")
        rc = b64_32(rv.get(counter), W, "counter-party's reveal")
        if b64_32(o.get("prev"), W, "orders' prev") != prev:
            raise Fail(W, "the orders were written for another history "
                       "(their prev is not the hash of step %d)" % (n - 1))
        if b64_32(o.get("reveal"), W, "orders' reveal") != ra:
            raise Fail(W, "the actor's reveal differs from its orders'")
        for who, link in ((actor, ra), (counter, rc)):
            if late and who == actor:
                continue        # a late step reveals no link of its actor
            r = by_name[who]
            i = n if by_step else r["last_n"] + 1
            if i > L:
                raise Fail(W, "%s's link %d is beyond the chain length %d"
                           % (who, i, L))
            h = link
            for _ in range(i - r["last_n"]):
                h = link_step(h)
            if h != r["last"]:
                raise Fail(W, "the reveal of %s does not hash to its "
                           "link %d" % (who, r["last_n"]))
            r["last"], r["last_n"] = link, i

        # seed
        seed = seed_of(genesis, n, ra, rc)
        if b64_32(s.get("seed"), W, "seed") != seed:
            raise Fail(W, "the seed is not the one the reveals give")

        # draws
        draws = need(s, "draws", list, W)
        got = []
        for k, d in enumerate(draws):
            DW = "%s draw %d" % (W, k)
            if not isinstance(d, Map) or d.keys() != DRAW_FIELDS:
                raise Fail(W, "draw %d is not {%s}" % (
                    k, ", ".join(DRAW_FIELDS)))
            if decimal(d.get("i"), DW, "i") != k:
                raise Fail(W, "draw %d is recorded as i=%s" % (
                    k, d.get("i")))
            size = decimal(d.get("n"), DW, "n", 1, 2 ** 32 - 1)
            pick = decimal(d.get("pick"), DW, "pick")
            want_pick = uniform(seed, k, size)
            if pick != want_pick:
                raise Fail(W, "draw %d: recorded pick %d of %d, the seed "
                           "gives %d" % (k, pick, size, want_pick))
            label = d.get("got")
            die = re.fullmatch(r"d([0-9]+)", d.get("pool"))
            if die:
                if int(die.group(1)) != size or label != str(pick + 1):
                    raise Fail(W, "draw %d: die d%s, n %d, pick %d "
                               "gives face %d, not '%s'" % (
                                   k, die.group(1), size, pick, pick + 1,
                                   label))
            got.append("%d/%d=%s" % (pick, size, label))
            DRAWS.append("%d\t%d\t%d\t%d\t%s" % (n, k, size, pick, label))

        # hand-over to the next step
        nx = s.get("next")
        if nx == "over":
            over = True
            expect_actor = None
        elif isinstance(nx, Map) and nx.keys() == ["rule", "key", "role"]:
            expect_actor = nx.get("role")
            if expect_actor not in by_name:
                raise Fail(W, "next asks unknown role %s" % expect_actor)
        else:
            raise Fail(W, "'next' is neither 'over' nor {rule, key, role}")
        last_state = b64_32(s.get("state"), W, "state")

        # countersignature (last: the checks above name what was edited)
        csig = b64(need(s, "signature", str, W), W, "signature", 64)
        msg = b"umpire/1 countersign" + genesis + step_hash
        if not ed25519_ok(by_name[counter]["pk"], msg, csig):
            raise Fail(W, "the countersignature of %s does not match"
                       % counter)

        out("step %d ok: %s%s, countersigned by %s, seed %s, %d draws%s%s"
              % (n, actor, " (a late step: the judge's)" if late else "",
                 counter, seed.hex()[:16], len(draws),
                 ": " if got else "", " ".join(got)))
        prev = step_hash
        step_hashes.append(step_hash)
    check_record(record, g.get("judge"), genesis, step_hashes, by_name,
                 expect_actor, over, clock)
    if last_state is not None:
        state = need(g, "state", Map, H)
        if doc_hash("umpire/1 state", state) != last_state:
            raise Fail("step %d" % len(steps), "the stored state is not "
                       "the state whose hash the last step records")
    out("rederive ok: %d steps%s" % (len(steps),
                                       ", game over" if over else ""))
    return {"genesis": genesis, "step_hashes": step_hashes,
            "waiting": expect_actor, "record": record, "game": g}


DRAWS = []


def by_name_of(roles):
    return {r["name"]: r for r in roles}


def judge_record(g, by_name, H):
    """The judge's record's entries (THE JUDGE'S CLOCK), read."""
    src = g.get("judge")
    if src is None:
        return []
    if not isinstance(src, list):
        raise Fail(H, "the judge's record is a sequence")
    out = []
    for i, m in enumerate(src):
        W = "judge's record, entry %d" % (i + 1)
        if not isinstance(m, Map) or any(k not in JUDGE_FIELDS
                                         for k in m.keys()):
            raise Fail(W, "not {%s}" % ", ".join(JUDGE_FIELDS))
        ev = m.get("event")
        if ev not in JUDGE_EVENTS:
            raise Fail(W, "event '%s'" % ev)
        named = ev not in ("taken", "seen")
        role = m.get("role")
        if named != (role is not None) or (role and role not in by_name):
            raise Fail(W, "a %s entry names %s" % (ev, role))
        at = utc(m.get("at"), W)
        if out and at < out[-1]["at"]:
            raise Fail(W, "'at' before the entry before it's")
        out.append({"event": ev, "step": decimal(m.get("step"), W, "step"),
                    "role": role, "at": at,
                    "sig": b64(need(m, "signature", str, W), W,
                               "signature", 64)})
    return out


def grace_end(record, s, clock, what, W):
    """The end of step s's grace: its clock's start (the record's latest
    taken or seen entry of step s) plus the deadline and the grace."""
    since = [e for e in record if e["step"] == s and
             e["event"] in ("taken", "seen")]
    if not since:
        raise Fail(W, "%s, but the judge's record holds no start of the "
                   "clock of step %d" % (what, s))
    return (since[-1]["at"] + duration(clock.get("deadline"), W) +
            duration(clock.get("grace"), W))


def late_entry(record, s, role, clock, what, W):
    """The record's late entry of role for step s, no earlier than the
    end of step s's grace (a late step and a standing forfeit rest on
    it)."""
    lates = [e for e in record if e["step"] == s and
             e["event"] == "late" and e["role"] == role]
    if not lates:
        raise Fail(W, "%s, but the judge's record holds no late entry of "
                   "%s for step %d" % (what, role, s))
    if lates[-1]["at"] < grace_end(record, s, clock, what, W):
        raise Fail(W, "%s, late in the judge's record before the end of "
                   "the grace" % what)


def check_forfeit(record, clock, W):
    """The record's last entry, a forfeit, as THE JUDGE'S CLOCK,
    Forfeits, allows it: on_late forfeit or standing; no earlier than
    the end of its step's grace plus, for standing, a deadline for each
    deadline forfeit_after (3 if absent) allows past the first; for
    standing, after a late entry of the role for the step (itself no
    earlier than the grace's end); and after at least one notice of the
    role for the step, forfeit_after - 1 for standing."""
    f = record[-1]
    s, role = f["step"], f["role"]
    on_late = clock.get("on_late") if clock is not None else None
    if on_late not in ("forfeit", "standing"):
        raise Fail(W, "a forfeit, but the clock says on_late %s" % on_late)
    deadline = duration(clock.get("deadline"), W)
    after = (decimal(clock.get("forfeit_after") or "3", W,
                     "forfeit_after", 1, 100)
             if on_late == "standing" else 1)
    if f["at"] < (grace_end(record, s, clock, "a forfeit", W) +
                  (after - 1) * deadline):
        raise Fail(W, "a forfeit before the end of the grace and %d "
                   "deadlines more" % (after - 1))
    if on_late == "standing":
        late_entry(record, s, role, clock, "a forfeit", W)
    notices = sum(1 for e in record if e["step"] == s and
                  e["event"] == "notice" and e["role"] == role)
    if notices < max(1, after - 1):
        raise Fail(W, "a forfeit after %d notices of %s for step %d, of "
                   "the %d the clock makes" % (notices, role, s,
                                               max(1, after - 1)))


def check_record(record, src, genesis, step_hashes, by_name, waiting,
                 over, clock):
    """Every entry: its step, its order, its signature under the
    referee's key over the genesis, its step's hash, the hash of the
    signature before it and its own fields; a forfeit last, by the role
    the game waits on (in a game of no steps, any side's: the auditor
    cannot replay the rules to learn whose the first question is), at a
    time and after the entries its clock asks (check_forfeit)."""
    link = bytes(32)
    for i, e in enumerate(record):
        W = "judge's record, entry %d" % (i + 1)
        if e["step"] >= len(step_hashes):
            raise Fail(W, "step %d of a game of %d steps" % (
                e["step"], len(step_hashes) - 1))
        if i and e["step"] < record[i - 1]["step"]:
            raise Fail(W, "step %d after an entry of step %d" % (
                e["step"], record[i - 1]["step"]))
        if "referee" not in by_name:
            raise Fail(W, "a judge's record in a game with no referee")
        body = doc_hash("umpire/1 judge time", src[i].without("signature"))
        msg = (b"umpire/1 judge time" + genesis + step_hashes[e["step"]] +
               link + body)
        if not ed25519_ok(by_name["referee"]["pk"], msg, e["sig"]):
            raise Fail(W, "the referee's signature does not match")
        link = b2b256(e["sig"])
        if e["event"] == "forfeit" and (
                i + 1 != len(record) or e["step"] != len(step_hashes) - 1
                or over or e["role"] != (waiting or e["role"]) or
                e["role"] == "referee"):
            raise Fail(W, "a forfeit that is not the record's last word "
                       "on the game's last step, by the role it waits on")
        if e["event"] == "forfeit":
            check_forfeit(record, clock, W)


def main(argv):
    tsv = len(argv) == 3 and argv[1] == "--draws"
    if len(argv) != 2 and not tsv:
        sys.stderr.write("usage: rederive.py [--draws] GAME\n")
        return 2
    try:
        audit(argv[-1], (lambda s: None) if tsv else print)
    except Fail as e:
        print("rederive FAILED at %s" % e)
        return 1
    except OSError as e:
        sys.stderr.write("rederive.py: %s\n" % e)
        return 2
    if tsv:
        for line in DRAWS:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
