#!/usr/bin/env python3
"""A checkpoint file of this machine (umpire(1), FILES, GAME.N), read and
written as src/core/checkpoint.c keeps it: POINT_PACK, BLAKE2b-256 of the
packed tree, then the tree packed by doc_pack (src/core/doc.c): a node is
a byte (kind | style << 4; kind 0 scalar, 1 sequence, 2 mapping), its
line and its length or count (u32 little endian each), then its bytes or
its items (a mapping's key before each value).

  points.py show FILE     the tree as block YAML with every scalar
                          plain, as grep wants it (a tree to edit:
                          unpack and pack, from python)
"""
import hashlib
import struct
import sys

MAGIC = b"umpire-checkpoint-pack/1\n"


def unpack(b):
    """The tree of a packed file: str, list or dict (in file order)."""
    assert b.startswith(MAGIC), "not a packed checkpoint"
    body = b[len(MAGIC) + 32:]
    assert hashlib.blake2b(body, digest_size=32).digest() == \
        b[len(MAGIC):len(MAGIC) + 32], "checksum"

    def node(p):
        kind = body[p] & 15
        _, n = struct.unpack_from("<II", body, p + 1)
        p += 9
        if kind == 0:
            return body[p:p + n].decode(), p + n
        if kind == 1:
            out = []
            for _ in range(n):
                v, p = node(p)
                out.append(v)
            return out, p
        out = {}
        for _ in range(n):
            k, p = node(p)
            out[k], p = node(p)
        return out, p

    tree, end = node(0)
    assert end == len(body), "trailing bytes"
    return tree


def pack(tree):
    """The file of a tree (styles and lines 0; a scalar that is not a
    str is written as python writes it)."""
    out = bytearray()

    def node(v):
        if isinstance(v, dict):
            out.extend(struct.pack("<BII", 2, 0, len(v)))
            for k, x in v.items():
                node(str(k))
                node(x)
        elif isinstance(v, list):
            out.extend(struct.pack("<BII", 1, 0, len(v)))
            for x in v:
                node(x)
        else:
            s = str(v).encode()
            out.extend(struct.pack("<BII", 0, 0, len(s)))
            out.extend(s)

    node(tree)
    return MAGIC + hashlib.blake2b(bytes(out), digest_size=32).digest() + \
        bytes(out)


def show(v, indent=""):
    """Lines of block YAML, scalars plain."""
    def word(x):
        return x if isinstance(x, str) else "{}" if isinstance(x, dict) \
            else "[]"
    for k, x in v.items() if isinstance(v, dict) else ((None, x) for x in v):
        head = indent + ("- " if k is None else "%s: " % k)
        if isinstance(x, (dict, list)) and x:
            yield head.rstrip()
            yield from show(x, indent + "  ")
        else:
            yield head + word(x)


def main():
    if len(sys.argv) != 3 or sys.argv[1] != "show":
        sys.exit(__doc__)
    for line in show(unpack(open(sys.argv[2], "rb").read())):
        print(line)


if __name__ == "__main__":
    main()
