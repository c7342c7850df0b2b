#!/usr/bin/env python3
"""one-answer.py [KEY...] - the bench's long-game player. Reads an order
template (`umpire orders`) on stdin and prints orders that answer its
first question only, with the first legal answer (or example, for a
free-text question) that does something: not done, no, keep or none,
when the template offers one; for the question keys given as arguments
the template's default answer. Comments and the template's later
answers are dropped. A game played so is one decision a mail, as long
as the rules make it: a move of every unit that may move."""
import re
import sys

PASSIVE = {"done", "no", "keep", "none"}
DEFAULT = set(sys.argv[1:])

head, options, answer, section = [], "", None, "head"
for line in sys.stdin.read().split("\n"):
    if line.startswith("#"):
        if section == "answers" and answer is None and (
                line.startswith(("# legal:", "# for example:")) or
                options and line.startswith("#     ")):
            options += line[1:]
        continue
    if line in ("answers:", "standing:"):
        section = line[:-1]
        continue
    if section == "head":
        head.append(line)
        continue
    m = re.match(r'^- ([\w-]+): "?(.*?)"?$', line)
    if section == "answers" and m and answer is None:
        active = [o for o in re.findall(r'"([^"]*)"', options)
                  if o not in PASSIVE and m.group(1) not in DEFAULT]
        answer = (m.group(1), active[0] if active else m.group(2))
if answer is None:
    sys.exit("one-answer.py: the template asks nothing")
print("\n".join(line for line in head if line))
print("answers:")
print('- %s: "%s"' % answer)
