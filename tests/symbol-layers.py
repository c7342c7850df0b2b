#!/usr/bin/env python3
"""symbol-layers.py - fail on a circle of linked symbols, or a floor crossed

    python3 tests/symbol-layers.py BUILD          (make check-layers)
    python3 tests/symbol-layers.py --self-test    (make check-layers)

A folder's files are in layers when each uses only files below it. An
include can hide what the linker sees (five files sharing one header,
or a function declared where it is called), so this reads the built
objects: for each object of a room (src/core, src/judge, src/cmd,
src/rules/lib and each src/rules/<game>/), the symbols it needs (nm -u)
that another object of the same room defines are an edge; a strongly
connected set of two or more objects is a circle, and a circle is a
defect unless EXCEPTIONS names exactly that set with its reason. An
exception whose circle is gone fails too, so the list stays true.

Between rooms (HACKING.md, "Layers"): nothing below the commands uses a
symbol defined in src/cmd; core uses nothing of the judge; the rules use
nothing of the judge or the commands.

Names: an external name is defined once in the program, and no file
keeps a static function or variable of the name of another file's
external one (a reader following `say` must find one `say`).

--self-test compiles a circle and a crossing of its own and checks that
both are found, so that the check is known to be able to fail.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

# include-circles.py's Tarjan, the one search for circles of both checks
_SPEC = importlib.util.spec_from_file_location(
    "include_circles", os.path.join(os.path.dirname(os.path.abspath(
        __file__)), "include-circles.py"))
INCLUDES = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(INCLUDES)

# room -> [(set of object names, reason)]: circles that are meant.
EXCEPTIONS = {
}

# room -> rooms whose symbols it must never need
FLOORS = {
    "src/core": ("src/cmd", "src/judge"),
    "src/judge": ("src/cmd",),
    "src/rules": ("src/cmd", "src/judge"),
}


def nm_symbols(obj):
    """(defined external names, needed names, static names) of one
    object"""
    nm = os.environ.get("NM", "nm")
    out = subprocess.run([nm, obj], check=True, capture_output=True,
                         text=True).stdout
    defined, needed, local = set(), set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            needed.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRCGSVW":
            defined.add(parts[2])
        elif len(parts) == 3 and parts[1] in "tdbr" and \
                "." not in parts[2]:
            local.add(parts[2])
    return defined, needed, local


def rooms(build):
    """room name -> {object file name: path}"""
    found = {}
    src = os.path.join(build, "src")
    for d, _, files in os.walk(src):
        objs = {f: os.path.join(d, f) for f in files if f.endswith(".o")}
        if not objs:
            continue
        room = os.path.relpath(d, build).replace(os.sep, "/")
        if room == "src/rules":
            room = "src/rules/registry"
        found[room] = objs
    return found


def circles(objs, table):
    """strongly connected sets of two or more objects, and the edges"""
    owner = {}
    for name in objs:
        for s in table[name][0]:
            owner[s] = name
    edges = {n: sorted({owner[s] for s in table[n][1]
                        if s in owner and owner[s] != n}) for n in objs}
    return [frozenset(g) for g in INCLUDES.circles(edges)], edges


def floor_of(room):
    for base, _ in FLOORS.items():
        if room == base or room.startswith(base + "/"):
            return base
    return None


def check(build, exceptions):
    problems, notes = [], []
    found = rooms(build)
    if "src/core" not in found:
        return ["%s/src/core: no objects (build first)" % build], notes
    table = {room: {n: nm_symbols(p) for n, p in objs.items()}
             for room, objs in found.items()}
    for room in sorted(found):
        sccs, edges = circles(found[room], table[room])
        meant = {frozenset(s): why for s, why in exceptions.get(room, [])}
        for scc in sccs:
            if scc in meant:
                notes.append("%s: %s, a circle kept: %s"
                             % (room, " ".join(sorted(scc)), meant[scc]))
                continue
            inner = ["%s -> %s" % (a, b) for a in sorted(scc)
                     for b in edges[a] if b in scc]
            problems.append("%s: a circle of linked symbols: %s (%s)"
                            % (room, " ".join(sorted(scc)),
                               ", ".join(inner)))
        for scc in meant:
            if scc not in sccs:
                problems.append("%s: the exception %s is no circle now: "
                                "take it out of EXCEPTIONS"
                                % (room, " ".join(sorted(scc))))
    defined_in = {}
    for room, objs in sorted(table.items()):
        for name, (defined, _, _) in sorted(objs.items()):
            for s in sorted(defined):
                here = "%s/%s" % (room, name)
                if s in defined_in:
                    problems.append("%s is defined in %s and in %s: one "
                                    "of them takes a name of its own"
                                    % (s, defined_in[s], here))
                defined_in.setdefault(s, here)
    for room, objs in sorted(table.items()):
        for name, (_, _, local) in sorted(objs.items()):
            for s in sorted(local & set(defined_in)):
                problems.append("%s/%s keeps a static %s, the name of "
                                "%s's external one" % (room, name, s,
                                                       defined_in[s]))
    for room in sorted(found):
        base = floor_of(room)
        if base is None:
            continue
        for name, (_, needed, _) in sorted(table[room].items()):
            for s in sorted(needed):
                where = defined_in.get(s)
                if where and any(where.startswith(f + "/")
                                 for f in FLOORS[base]):
                    problems.append("%s/%s uses %s of %s: nothing below "
                                    "it may" % (room, name, s, where))
    return problems, notes


def self_test():
    """a circle in core and a command's symbol used by the judge: both
    must be found"""
    cc = os.environ.get("CC", "cc")
    with tempfile.TemporaryDirectory() as tmp:
        files = {
            "src/core/a.c": "int b(int);int a(int x){return x?b(x-1):0;}",
            "src/core/b.c": "int a(int);int b(int x){return x?a(x-1):1;}",
            "src/cmd/c.c": "int c(void){return 2;}",
            "src/judge/j.c": "int c(void);int j(void){return c();}",
            "src/judge/k.c": "static int c(void){return 3;}"
                             "int k(void){return c();}",
        }
        for path, text in files.items():
            full = os.path.join(tmp, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as fh:
                fh.write(text + "\n")
            subprocess.run([cc, "-c", "-o", full[:-2] + ".o", full],
                           check=True)
        problems, _ = check(tmp, {})
        wanted = ("src/core: a circle of linked symbols: a.o b.o",
                  "src/judge/j.o uses c of src/cmd/c.o",
                  "src/judge/k.o keeps a static c")
        missing = [w for w in wanted
                   if not any(p.startswith(w) for p in problems)]
        stale, _ = check(tmp, {"src/cmd": [({"c.o", "x.o"}, "test")]})
    if missing or not any("is no circle now" in p for p in stale):
        print("symbol layers: the self-test was not caught: %s"
              % "; ".join(missing or ["a stale exception"]))
        return 1
    print("symbol layers: the self-test's circle, crossing, shadowed name "
          "and stale exception are caught")
    return 0


def main(argv):
    if len(argv) > 1 and argv[1] == "--self-test":
        return self_test()
    if len(argv) != 2:
        print("usage: symbol-layers.py BUILD | --self-test",
              file=sys.stderr)
        return 2
    problems, notes = check(argv[1], EXCEPTIONS)
    for n in notes:
        print("symbol layers: " + n)
    for p in problems:
        print("symbol layers: " + p)
    if problems:
        return 1
    print("symbol layers: no circle of linked symbols in any room, no "
          "room uses one above it, and each name is one thing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
