#!/usr/bin/env python3
"""judge-layers.py - fail when a file of the judge reaches above its layer

    python3 tests/judge-layers.py [ROOT]                  (make check-data)
    python3 tests/judge-layers.py --objects DIR [ROOT]    (make check-layers)

The judge's room (src/judge/) is built in layers, bottom to top: the
game store, the letters and spool, the intake of one message, the front
ends, the commands' entries (store.h maps them). LAYERS below lists each
layer's header and files, each layer's files in order: a file may use
the layers below its own and, in its own layer, the files listed before
it, nothing else.

The includes: a file (.c or .h) of src/judge may include the headers of
its own layer and of those below, never one above; every file of
src/judge must be placed in LAYERS (a new file says where it belongs),
and no file outside src/judge includes one of its headers (the command
reaches the judge through umpire/judge.h).

The symbols, given the directory of the built objects (--objects): each
symbol an object needs (nm -u) that another object of src/judge defines
is defined by a file below the one using it, so that a call that
bypasses the headers (a declaration of its own) is caught too.
"""
import os
import re
import subprocess
import sys

LAYERS = [
    ("store", "store.h", ["commit.c", "store.c", "route.c", "strangers.c"]),
    ("letters", "letters.h", ["answers.c", "replay.c", "desk.c",
                              "letters.c", "spool.c"]),
    ("intake", "intake.h", ["bounce.c", "confirm.c", "intake.c",
                            "receive.c"]),
    ("front ends", "front.h", ["maildir.c", "workers.c", "lmtp.c",
                               "tick.c"]),
    ("entries", "entries.h", ["postfix.c", "check.c", "init.c", "index.c",
                              "service.c"]),
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
JUDGE = "src/judge"


def places():
    """file name -> (layer index, rank within all files)"""
    layer_of, rank = {}, {}
    for i, (_, header, files) in enumerate(LAYERS):
        layer_of[header] = i
        rank[header] = (i, -1)
        for k, f in enumerate(files):
            layer_of[f] = i
            rank[f] = (i, k)
    return layer_of, rank


def check_includes(root, problems):
    layer_of, _ = places()
    headers = {h for _, h, _ in LAYERS}
    here = os.path.join(root, JUDGE)
    for f in sorted(os.listdir(here)):
        if not f.endswith((".c", ".h")):
            continue
        if f not in layer_of:
            problems.append("%s/%s is in no layer: place it in LAYERS "
                            "(tests/judge-layers.py) and store.h's map"
                            % (JUDGE, f))
            continue
        with open(os.path.join(here, f)) as fh:
            text = fh.read()
        for name in INCLUDE.findall(text):
            if name.startswith("umpire/"):
                continue
            if name not in headers:
                problems.append("%s/%s includes \"%s\", no layer's header"
                                % (JUDGE, f, name))
            elif layer_of[name] > layer_of[f]:
                problems.append("%s/%s (layer %s) includes %s of the layer "
                                "above, %s" % (JUDGE, f,
                                               LAYERS[layer_of[f]][0], name,
                                               LAYERS[layer_of[name]][0]))
    for top in ("src", "include", "tests"):
        for d, _, files in os.walk(os.path.join(root, top)):
            if os.path.abspath(d) == os.path.abspath(here):
                continue
            for f in files:
                if not f.endswith((".c", ".h")):
                    continue
                path = os.path.join(d, f)
                with open(path) as fh:
                    text = fh.read()
                for name in INCLUDE.findall(text):
                    if os.path.basename(name) in headers and \
                            "judge" in name:
                        problems.append("%s includes %s: the judge's "
                                        "layers are its own (umpire/"
                                        "judge.h is its entry)"
                                        % (os.path.relpath(path, root),
                                           name))


def symbols(nm, obj, flag):
    out = subprocess.run([nm, flag, obj], check=True, capture_output=True,
                         text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if flag == "-u" and parts:
            names.add(parts[-1])
        elif len(parts) == 3 and parts[1] in "TDBRCGSV":
            names.add(parts[2])
    return names


def check_symbols(objdir, problems):
    _, rank = places()
    nm = os.environ.get("NM", "nm")
    defined, needed = {}, {}
    files = [f for _, _, fs in LAYERS for f in fs]
    for f in files:
        obj = os.path.join(objdir, f[:-2] + ".o")
        if not os.path.exists(obj):
            problems.append("%s: no object (build first)" % obj)
            continue
        for s in symbols(nm, obj, "--defined-only"):
            defined[s] = f
        needed[f] = symbols(nm, obj, "-u")
    for f in sorted(needed, key=lambda f: rank[f]):
        for s in sorted(needed[f]):
            g = defined.get(s)
            if g is None or g == f or rank[g] < rank[f]:
                continue
            where = "the layer above, %s" % LAYERS[rank[g][0]][0] \
                if rank[g][0] > rank[f][0] else \
                "listed after it in its layer"
            problems.append("%s/%s uses %s of %s/%s, %s" %
                            (JUDGE, f, s, JUDGE, g, where))


def main(argv):
    objdir = None
    if len(argv) > 1 and argv[1] == "--objects":
        objdir = argv[2]
        argv = argv[:1] + argv[3:]
    root = argv[1] if len(argv) > 1 else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    problems = []
    check_includes(root, problems)
    if objdir:
        check_symbols(objdir, problems)
    for p in problems:
        print("judge layers: " + p)
    if problems:
        return 1
    print("judge layers: %d files in %d layers, each using only those "
          "below it (%s)" % (sum(len(fs) for _, _, fs in LAYERS),
                             len(LAYERS),
                             "includes and symbols" if objdir else
                             "includes"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
