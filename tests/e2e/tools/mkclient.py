#!/usr/bin/env python3
"""mkclient.py - write a mail message as mutt or Thunderbird writes it,
for the tests of reading whole messages (tests/e2e/mail-messages.bats,
tests/attacks/mail.bats). The header fields, MIME structure, boundaries
and transfer encodings follow what those clients put on the wire (mutt
2.2 with the REAL-MAIL.md muttrc, Thunderbird 115 with its defaults);
format=flowed (RFC 3676) is written here, on the sending side, as those
clients do it, independently of the reading side in umpire.

usage: mkclient.py CLIENT KIND [options] FILE... > message.eml
CLIENT: mutt           text/plain, not flowed (text_flowed=no)
        mutt-flowed    text/plain; format=flowed (text_flowed=yes)
        thunderbird    multipart/alternative: text/plain; format=flowed
                       and text/html (Thunderbird's default)
        tb-delsp       as thunderbird, format=flowed; delsp=yes
KIND:   body TEXT          TEXT is the body (a pasted file, a quoted
                           reply, any damage done to it before)
        attach TEXT FILE   TEXT the body, FILE attached
        attach2 TEXT F1 F2 TEXT the body, F1 and F2 attached
        alt2 F1 F2         multipart/alternative of two text/plain parts
        forward TEXT MSG   TEXT the body, the message MSG attached
                           (message/rfc822, mutt's mime_forward=yes)
options: --qp (body quoted-printable, mutt's allow_8bit=no), --reply
         (In-Reply-To, References, "Re:"), --crlf (CRLF line ends, as
         a client saving for Windows does)
"""
import base64
import html
import quopri
import sys

BOUNDARY = {"mutt": "yrj/dFKFPuw6o+aM",
            "thunderbird": "------------0VxG5b2Q1n3K7jH8m9Lp4cRt"}
ALT_BOUNDARY = "------------ka8Uu3xC0fTd7wG1pBnQ5vHs"


def flowed(text, delsp=False, width=72):
    """RFC 3676 as a sending client writes it: trailing blanks of a
    hard line trimmed, quoted lines as '>' marks and a space, lines
    starting with a space, 'From ' or '>' space-stuffed, lines longer
    than width broken with a trailing space (soft break)."""
    out = []
    for line in text.split("\n"):
        line = line.rstrip(" \t")
        depth, i = 0, 0
        while i < len(line) and line[i] == ">":
            depth += 1
            i += 1
            if line[i:i + 2] == " >":   # "> > " nested markers
                i += 1
        line = line[i:]
        if depth and line.startswith(" "):
            line = line[1:]
        prefix = ">" * depth
        chunks = []
        while len(line) > width:
            if delsp:
                # DelSp=yes: the added space goes on decoding, so a
                # line may break anywhere
                cut = width
                chunks.append(line[:cut] + " ")
                line = line[cut:]
            else:
                cut = line.rfind(" ", 1, width)
                if cut < 0:
                    break
                chunks.append(line[:cut + 1])
                line = line[cut + 1:]
        chunks.append(line)
        for c in chunks:
            if depth or c.startswith((" ", "From ", ">")):
                c = " " + c
            out.append(prefix + c)
    return "\n".join(out)


def is_ascii(b):
    try:
        b.decode("ascii")
        return True
    except UnicodeDecodeError:
        return False


def headers(client, reply):
    h = []
    subj = "orders for step 1"
    if reply:
        subj = "Re: " + subj
    if client.startswith("mutt"):
        h += ["Date: Sun, 22 Nov 2026 10:00:00 +0100",
              "From: Alice <alice@example.org>",
              "To: Rita <rita@example.org>",
              "Subject: " + subj,
              "Message-ID: <20261122090000.GA2817@example.org>"]
        if reply:
            h += ["References: <20261121180000.GB1022@example.org>",
                  "In-Reply-To: <20261121180000.GB1022@example.org>"]
        h += ["MIME-Version: 1.0"]
    else:
        h += ["Message-ID: <3c1e9a1b-7d0e-4a6b-9f2e-5b8a1c0d2e3f@"
              "example.org>",
              "Date: Sun, 22 Nov 2026 10:00:00 +0100",
              "MIME-Version: 1.0",
              "User-Agent: Mozilla Thunderbird"]
        if reply:
            h += ["Content-Language: en-US",
                  "In-Reply-To: <20261121180000.GB1022@example.org>",
                  "References: <20261121180000.GB1022@example.org>"]
        else:
            h += ["Content-Language: en-US"]
        h += ["To: Rita <rita@example.org>",
              "From: Alice <alice@example.org>",
              "Subject: " + subj]
    return h


def text_part(client, data, qp):
    """The header lines and body of a text/plain part holding data."""
    text = data.decode("utf-8")
    flow = client != "mutt"
    delsp = client == "tb-delsp"
    if flow:
        text = flowed(text, delsp)
    body = text.encode("utf-8")
    charset = "us-ascii" if is_ascii(body) and client.startswith(
        "mutt") else ("UTF-8" if not client.startswith("mutt")
                      else "utf-8")
    ct = "text/plain; charset=" + charset
    if flow:
        ct += "; format=flowed"
    if delsp:
        ct += "; delsp=yes"
    h = ["Content-Type: " + ct]
    if qp:
        h.append("Content-Transfer-Encoding: quoted-printable")
        body = quopri.encodestring(body)
    elif not is_ascii(body):
        h.append("Content-Transfer-Encoding: 8bit")
    elif not client.startswith("mutt"):
        h.append("Content-Transfer-Encoding: 7bit")
    if client.startswith("mutt"):
        h.append("Content-Disposition: inline")
    return h, body


def html_part(data):
    """Thunderbird's HTML alternative of a plain body."""
    esc = html.escape(data.decode("utf-8"))
    body = ("<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv="
            "\"content-type\" content=\"text/html; charset=UTF-8\">\n"
            "  </head>\n  <body>\n    <pre class=\"moz-quote-pre\" "
            "wrap=\"\">" + esc + "</pre>\n  </body>\n</html>\n")
    return (["Content-Type: text/html; charset=UTF-8",
             "Content-Transfer-Encoding: 7bit"], body.encode("utf-8"))


def attachment(client, path):
    data = open(path, "rb").read()
    name = path.rsplit("/", 1)[-1]
    if client.startswith("mutt") and name.endswith(".pub"):
        # mutt types a file by /etc/mime.types: .pub is a binary type
        # to it, sent quoted-printable with its line ends as =0A and
        # soft breaks at 76 columns
        enc = quopri.encodestring(data).replace(b"=\n", b"")
        enc = enc.replace(b"\n", b"=0A")
        lines, i = [], 0
        while i < len(enc):
            cut = min(i + 75, len(enc))
            # never split an =XX escape
            while cut < len(enc) and b"=" in enc[cut - 2:cut]:
                cut -= 1
            lines.append(enc[i:cut])
            i = cut
        return (["Content-Type: application/vnd.exstream-package",
                 "Content-Disposition: attachment; filename=\"%s\"" % name,
                 "Content-Transfer-Encoding: quoted-printable"],
                b"=\n".join(lines) + b"\n")
    if client.startswith("mutt"):
        # mutt types a text file text/plain and sends it as it is
        return (["Content-Type: text/plain; charset=us-ascii",
                 "Content-Disposition: attachment; filename=\"%s\"" % name],
                data)
    b64 = base64.encodebytes(data)
    return (["Content-Type: application/x-yaml; name=\"%s\"" % name,
             "Content-Disposition: attachment; filename=\"%s\"" % name,
             "Content-Transfer-Encoding: base64"], b64)


def multipart(subtype, boundary, parts, preamble):
    out = [b"Content-Type: multipart/%s;\n boundary=\"%s\"" % (
        subtype.encode(), boundary.encode()), b""]
    if preamble:
        out.append(b"This is a multi-part message in MIME format.")
    for h, body in parts:
        out.append(b"--" + boundary.encode())
        out.append("\n".join(h).encode())
        out.append(b"")
        out.append(body.rstrip(b"\n"))
    out.append(b"--" + boundary.encode() + b"--")
    return b"\n".join(out) + b"\n"


def body_parts(client, data, qp):
    """The text of the message: Thunderbird's alternative, or mutt's
    plain part."""
    if client.startswith("mutt"):
        return text_part(client, data, qp)
    alt = multipart("alternative", ALT_BOUNDARY,
                    [text_part(client, data, qp), html_part(data)], False)
    h, b = alt.split(b"\n\n", 1)
    return [h.decode()], b


def main():
    args = sys.argv[1:]
    qp = "--qp" in args
    reply = "--reply" in args
    crlf = "--crlf" in args
    args = [a for a in args if not a.startswith("--")]
    client, kind, files = args[0], args[1], args[2:]
    top = headers(client, reply)
    boundary = BOUNDARY["mutt" if client.startswith("mutt")
                        else "thunderbird"]
    read = [open(f, "rb").read() for f in files]
    if kind == "body":
        h, b = body_parts(client, read[0], qp)
        msg = "\n".join(top + h).encode() + b"\n\n" + b
    elif kind in ("attach", "attach2"):
        parts = [body_parts(client, read[0], qp)]
        parts += [attachment(client, f) for f in files[1:]]
        msg = "\n".join(top).encode() + b"\n" + multipart(
            "mixed", boundary, parts, not client.startswith("mutt"))
    elif kind == "alt2":
        parts = [text_part(client, read[0], qp),
                 text_part(client, read[1], qp)]
        msg = "\n".join(top).encode() + b"\n" + multipart(
            "alternative", boundary, parts, False)
    elif kind == "forward":
        fwd = (["Content-Type: message/rfc822",
                "Content-Disposition: inline"], read[1])
        parts = [body_parts(client, read[0], qp), fwd]
        msg = "\n".join(top).encode() + b"\n" + multipart(
            "mixed", boundary, parts, not client.startswith("mutt"))
    else:
        sys.exit("mkclient.py: unknown kind " + kind)
    if not msg.endswith(b"\n"):
        msg += b"\n"
    if crlf:
        msg = msg.replace(b"\n", b"\r\n")
    sys.stdout.buffer.write(msg)


main()
