#!/usr/bin/env python3
"""asks.py PASSPHRASE CMD... - run CMD on a new pseudo-terminal (its
controlling terminal), as a person at the keyboard: type PASSPHRASE and
Enter at each passphrase prompt. Prints "asked N exit S": how many
times the passphrase was asked, and the exit status."""
import fcntl
import os
import pty
import select
import subprocess
import sys
import termios
import time

master, slave = pty.openpty()


def controlling_tty():
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)


env = dict(os.environ)
env.pop("UMPIRE_PASSPHRASE_FILE", None)
p = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave,
                     env=env, preexec_fn=controlling_tty, pass_fds=(slave,))
seen, asked, deadline = b"", 0, time.time() + 120
while p.poll() is None and time.time() < deadline:
    if select.select([master], [], [], 0.2)[0]:
        try:
            seen += os.read(master, 1024)
        except OSError:
            break
    if seen.count(b"Passphrase for") > asked:
        asked += 1
        time.sleep(0.2)          # echo goes off just before the prompt
        os.write(master, sys.argv[1].encode() + b"\n")
rc = p.wait(timeout=60)
print("asked %d exit %d" % (asked, rc))
