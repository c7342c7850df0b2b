#!/usr/bin/env python3
"""bats-bangs.py - fail on a bare "! cmd" line that can never fail a test

    python3 tests/bats-bangs.py [FILE...]                 (make check-data)

Bats runs a test under errexit (set -e), and bash's errexit ignores a
command negated with '!' (bash(1), the -e option: "...or if the
command's return value is being inverted with !"), so a line

    ! grep -q secret out.txt

asserts nothing unless its status is the one that decides: the last
command of its test or function. bats-core's own advice (its "Gotchas":
use `run !`, or `! cmd || false`) is what this checks for.

A statement (a line and those it continues with a trailing '\\', '|',
'||' or '&&') whose last command of its '||' / '&&' list is negated
(`! cmd`, `a || ! cmd`: the last, so the one errexit would look at) is
accepted when it
  - goes on with '||' after it (`! cmd || false`,
    `! cmd || { ...; return 1; }`),
  - is a condition: it starts with if, elif, while or until, or ends
    with 'then' or 'do', or the next line is 'then' or 'do',
  - is the last statement of its block: the next line that is not blank
    or a comment is '}'.
Anything else is named (FILE:LINE and the line) and the exit status is
1. Without FILE, every tests/**/*.bats and tests/**/*.bash is read.
"""
import glob
import os
import re
import sys

CONTINUES = re.compile(r'(\\|\||&&)\s*$')


def statement_end(lines, i):
    """Index of the last line of the statement that starts at line i."""
    while i + 1 < len(lines) and CONTINUES.search(lines[i]):
        i += 1
    return i


def next_code(lines, i):
    """The first line after i that is neither blank nor a comment."""
    for line in lines[i + 1:]:
        s = line.strip()
        if s and not s.startswith('#'):
            return s
    return ''


def bare_bangs(lines):
    """Line numbers (from 1) of the bare '! cmd' statements in lines."""
    found = []
    i = 0
    while i < len(lines):
        end = statement_end(lines, i)
        text = ' '.join(l.strip() for l in lines[i:end + 1])
        last = re.split(r'\|\||&&', text)[-1].lstrip()
        if last.startswith('! '):
            ok = (re.match(r'(if|elif|while|until)\s', text) or
                  re.search(r'(;|^)\s*(then|do)$', text) or
                  next_code(lines, end) in ('}', 'then', 'do'))
            if not ok:
                found.append(i + 1)
        i = end + 1
    return found


TEST = re.compile(r'(\[\[?|test|cmp|diff|grep\s+-\w*q)\s')


def and_lists(lines):
    """Line numbers of the 'a && b' statements that assert with tests
    only: errexit ignores a failing command of an '&&' list but the
    last, so `[ a ] && [ b ]` passes whenever a is false."""
    found = []
    i = 0
    while i < len(lines):
        end = statement_end(lines, i)
        text = ' '.join(l.strip() for l in lines[i:end + 1])
        if (not text.startswith('#') and '&&' in text and
                '||' not in text):
            parts = [p.strip() for p in text.split('&&')]
            cond = (re.match(r'(if|elif|while|until)\s', text) or
                    re.search(r'(;|^)\s*(then|do)$', text) or
                    next_code(lines, end) in ('}', 'then', 'do'))
            if not cond and all(TEST.match(p + ' ') for p in parts):
                found.append(i + 1)
        i = end + 1
    return found


def main(argv):
    root = os.path.dirname(os.path.abspath(__file__))
    files = argv[1:] or sorted(
        glob.glob(os.path.join(root, '**', '*.bats'), recursive=True) +
        glob.glob(os.path.join(root, '**', '*.bash'), recursive=True))
    bad = 0
    for path in files:
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        for n in bare_bangs(lines):
            print(f'{path}:{n}: a bare "! cmd" never fails a bats test '
                  f'(errexit ignores "!"); write "! cmd || false", '
                  f'"run ! cmd", or make it the last line of its block: '
                  f'{lines[n - 1].strip()}', file=sys.stderr)
            bad += 1
        for n in and_lists(lines):
            print(f'{path}:{n}: "a && b" of tests never fails a bats '
                  f'test when a is false (errexit ignores all but the '
                  f'last command of an "&&" list); write each on its own '
                  f'line: {lines[n - 1].strip()}', file=sys.stderr)
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
