#!/usr/bin/env python3
"""ctrl-c-at-prompt.py UMPIRE - run `UMPIRE keygen` on a new pseudo-
terminal (its controlling terminal), wait for the passphrase prompt, type
Ctrl-C and then Enter, and print how the process ended and whether the
terminal echoes again: "signal 2 echo on" when all is well."""
import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import termios
import time

master, slave = pty.openpty()


def controlling_tty():
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    # Ctrl-C's own signal as a terminal gives it: a test run in the
    # background of a shell without job control inherits it ignored,
    # and keygen would then wait at its second prompt for ever
    signal.signal(signal.SIGINT, signal.SIG_DFL)


env = dict(os.environ)
env.pop("UMPIRE_PASSPHRASE_FILE", None)
p = subprocess.Popen([sys.argv[1], "keygen", "-s", "k.key", "-p", "k.pub"],
                     stdin=slave, stdout=slave, stderr=slave, env=env,
                     preexec_fn=controlling_tty, pass_fds=(slave,))
seen, deadline = b"", time.time() + 180
while b"assphrase" not in seen and time.time() < deadline:
    if select.select([master], [], [], 1)[0]:
        seen += os.read(master, 1024)
if b"assphrase" not in seen:
    p.kill()
    sys.exit("no passphrase prompt: %r" % seen)
time.sleep(0.3)          # the prompt is written just after echo goes off
os.write(master, b"\x03")
time.sleep(0.3)
os.write(master, b"\n")
rc = p.wait(timeout=180)
echo = termios.tcgetattr(slave)[3] & termios.ECHO
print("%s echo %s" % ("signal %d" % -rc if rc < 0 else "exit %d" % rc,
                      "on" if echo else "off"))
