#!/usr/bin/env python3
"""mkmail.py - build the mail messages the mail tests feed to umpire, with
Python's own email package (independent of GMime, which umpire uses).

usage: mkmail.py KIND FILE [SIGFILE] > message.eml
KIND: qp          the file as a quoted-printable text/plain body
      base64-body the file as a base64 text/plain body
      attachment  a greeting body, the file attached (base64)
      alternative multipart/alternative (text and html), the file attached
      detached    a greeting body, FILE and SIGFILE attached
      none        a message with a greeting and no umpire file
      mbox        as attachment, behind an mbox "From " line
"""
import sys
from email import policy
from email.message import EmailMessage
from email.contentmanager import raw_data_manager


def message():
    m = EmailMessage(policy=policy.SMTP)
    m["From"] = "Alice <alice@example.org>"
    m["To"] = "Rita <rita@example.org>"
    m["Subject"] = "umpire: orders"
    m["Date"] = "Sun, 22 Nov 2026 10:00:00 +0000"
    m["Message-ID"] = "<orders.1@example.org>"
    return m


def main():
    kind, path = sys.argv[1], sys.argv[2]
    data = open(path, "rb").read() if path != "-" else b""
    text = data.decode("utf-8")
    m = message()
    greeting = "Hi Rita,\n\nmy orders are attached.\n\n-- \nAlice\n"
    if kind == "qp":
        m.set_content(text, cte="quoted-printable")
    elif kind == "base64-body":
        m.set_content(text, cte="base64")
    elif kind in ("attachment", "mbox"):
        m.set_content(greeting)
        m.add_attachment(data, maintype="application", subtype="x-yaml",
                         filename="orders.yaml")
    elif kind == "alternative":
        m.set_content(greeting)
        m.add_alternative("<p>Hi Rita, my orders are attached.</p>",
                          subtype="html")
        m.add_attachment(data, maintype="application", subtype="x-yaml",
                         filename="orders.yaml")
    elif kind == "detached":
        m.set_content(greeting)
        m.add_attachment(data, maintype="application", subtype="x-yaml",
                         filename="orders.yaml")
        sig = open(sys.argv[3], "rb").read()
        m.add_attachment(sig, maintype="application", subtype="octet-stream",
                         filename="orders.yaml.minisig")
    elif kind == "none":
        m.set_content(greeting)
    else:
        sys.exit("mkmail.py: unknown kind " + kind)
    out = m.as_bytes()
    if kind == "mbox":
        out = b"From alice@example.org Sun Nov 22 10:00:00 2026\n" + out
    sys.stdout.buffer.write(out)


main()
