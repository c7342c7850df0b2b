#!/usr/bin/env python3
"""printed.py MESSAGE: the commands a letter prints for its reader to
run (its plain text's lines "  umpire ..."), one a line, as printed;
its attachments saved in the current directory under their names, as
a reader saves them before running those commands."""
import email
import os
import sys
from email import policy

with open(sys.argv[1], "rb") as f:
    m = email.message_from_binary_file(f, policy=policy.default)
for part in m.iter_attachments():
    name = os.path.basename(part.get_filename() or "")
    if name:
        with open(name, "wb") as out:
            out.write(part.get_payload(decode=True))
body = m.get_body(("plain",)).get_content()
for line in body.splitlines():
    if line.startswith("  umpire "):
        print(line.strip())
