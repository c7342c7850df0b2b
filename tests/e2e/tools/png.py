#!/usr/bin/env python3
"""png.py - what a screenshot shows, with the standard library only
(headless Chromium writes 8-bit RGB or RGBA PNGs).

    png.py colours FILE   the distinct pixel colours (every 4th row,
                          every 2nd pixel): a drawn board from a blank
                          page
    png.py diff A B       the pixels that differ between two pictures
                          of one size
"""
import struct
import sys
import zlib


def rows(path):
    """The rows of the PNG at path, each a bytearray of RGB(A) bytes,
    and the bytes a pixel."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = hdr[0], hdr[1], hdr[2], hdr[3]
    assert depth == 8 and ctype in (2, 6), (depth, ctype)
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    prev, off, out = bytearray(stride), 0, []
    for _ in range(h):
        f, line = raw[off], bytearray(raw[off + 1:off + 1 + stride])
        off += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        out.append(line)
        prev = line
    return out, bpp


def colours(path):
    lines, bpp = rows(path)
    seen = set()
    for y, line in enumerate(lines):
        if y % 4 == 0:
            for x in range(0, len(line), bpp * 2):
                seen.add(bytes(line[x:x + 3]))
    return len(seen)


def diff(a, b):
    la, bpp = rows(a)
    lb, bpq = rows(b)
    assert len(la) == len(lb) and bpp == bpq, "pictures of two sizes"
    return sum(1 for ra, rb in zip(la, lb)
               for x in range(0, len(ra), bpp)
               if ra[x:x + 3] != rb[x:x + 3])


if __name__ == "__main__":
    if sys.argv[1] == "colours":
        print(colours(sys.argv[2]))
    else:
        print(diff(sys.argv[2], sys.argv[3]))
