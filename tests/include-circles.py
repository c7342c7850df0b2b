#!/usr/bin/env python3
"""include-circles.py - fail on a circle of includes between modules

    python3 tests/include-circles.py [ROOT]   (run by make check-data)

A module is a .c file and the header of the same name beside it (a
game's fog.c and fog.h) or, for src/core, its header in include/umpire
(game.c and umpire/game.h). Module A depends on module B when a file of
A includes B's header. Each layer goes one way: a module that reaches
itself through such includes is a circle, and a circle makes every file
in it depend on all the others (HACKING.md: layers and the checks that
hold them). A header with no .c of its own (gamedata.h) is a module of its
own.

KNOWN lists the circles that remain, each with what it waits for; the
check fails on any other, and on a known one that is gone (take it out).
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else \
    os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# None remain: Race to the Reichstag's phases read the board through
# board.c (below them), and rt_options_map is setup.c's.
KNOWN = []

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources(root):
    for top in ("src", "include"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if f.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(d, f), root)


def module(path, root):
    stem = os.path.splitext(path)[0]
    if path.startswith("include/umpire/"):
        core = "src/core/" + os.path.basename(stem)
        if os.path.exists(os.path.join(root, core + ".c")):
            return core
    return stem


def resolve(path, name, root):
    for cand in (os.path.join("include", name),
                 os.path.normpath(os.path.join(os.path.dirname(path),
                                               name))):
        if os.path.exists(os.path.join(root, cand)):
            return cand
    return None


def circles(edges):
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(group)

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    edges, why = {}, {}
    for path in sources(ROOT):
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        a = module(path, ROOT)
        for name in INCLUDE.findall(text):
            h = resolve(path, name, ROOT)
            b = module(h, ROOT) if h else None
            if b and b != a:
                edges.setdefault(a, set()).add(b)
                why.setdefault((a, b), "%s includes %s" % (path, name))
    bad = 0
    found = circles(edges)
    for group in found:
        if group in KNOWN:
            continue
        bad = 1
        print("include circle: " + ", ".join(sorted(group)))
        for a in sorted(group):
            for b in sorted(edges.get(a, ())):
                if b in group:
                    print("  " + why[(a, b)])
    for group in KNOWN:
        if group not in found:
            bad = 1
            print("include-circles.py: the known circle of %s is gone: "
                  "take it out of KNOWN" % ", ".join(sorted(group)))
    if not bad:
        print("include circles: none but the %d known" % len(KNOWN))
    return bad


if __name__ == "__main__":
    sys.exit(main())
