#!/usr/bin/env python3
"""A small LMTP client (RFC 2033) for the judge's tests.

  lmtp-client.py SOCKET [--rcpt N] [--pipeline] FILE...
      one connection: LHLO, then each FILE as a message to N recipients
      (default 1), dot-stuffed, CRLF line ends; prints a line a FILE,
      "FILE CODE..." (one code a recipient, after the final dot); QUIT.
      --pipeline: MAIL, the RCPTs and DATA sent in one write.
      --to ADDRESS (again for more): the recipients, instead of N
      times judge@example.org.
  lmtp-client.py SOCKET --together FILE...
      a connection a FILE, as several mail system processes at once:
      each FILE's message sent but its final dot, then every final
      dot at once (messages that arrive together); prints "FILE CODE"
      a FILE, in their order.
  SOCKET inet:HOST:PORT: over TCP instead of a Unix socket.
  lmtp-client.py SOCKET --raw [--wait SECONDS]
      stdin's bytes sent as they are, then everything the server says
      printed until it closes or is silent for SECONDS (default 5).

Python's smtplib.LMTP reads one reply after DATA; LMTP gives one per
recipient, so the tests speak the protocol themselves.
"""
import socket
import sys


def connect(path):
    """A socket connected to path, or to inet:HOST:PORT over TCP."""
    if path.startswith("inet:"):
        host, port = path[5:].rsplit(":", 1)
        return socket.create_connection((host or "127.0.0.1", int(port)))
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s


class Conn:
    def __init__(self, path):
        self.s = connect(path)
        self.buf = b""

    def line(self):
        while b"\r\n" not in self.buf:
            d = self.s.recv(65536)
            if not d:
                raise EOFError("server closed: " + self.buf.decode())
            self.buf += d
        ln, self.buf = self.buf.split(b"\r\n", 1)
        return ln.decode()

    def reply(self):
        """A reply (multi-line ones whole): its code and last line."""
        while True:
            ln = self.line()
            if ln[3:4] != "-":
                return ln

    def send(self, data):
        self.s.sendall(data)


def body(path):
    data = open(path, "rb").read().replace(b"\r\n", b"\n")
    out = []
    for ln in data.split(b"\n"):
        out.append(b"." + ln if ln.startswith(b".") else ln)
    if out and out[-1] == b"":
        out.pop()
    return b"\r\n".join(out) + b"\r\n.\r\n"


def messages(args):
    path = args[0]
    n, pipeline, files, to = 1, False, [], []
    i = 1
    while i < len(args):
        if args[i] == "--rcpt":
            n = int(args[i + 1])
            i += 2
            continue
        if args[i] == "--to":
            to.append(args[i + 1])
            i += 2
            continue
        if args[i] == "--pipeline":
            pipeline = True
        else:
            files.append(args[i])
        i += 1
    if to:
        n = len(to)
    else:
        to = ["judge@example.org"] * n
    c = Conn(path)
    print("greeting", c.reply()[:3])
    c.send(b"LHLO test.example\r\n")
    print("lhlo", c.reply()[:3])
    for f in files:
        cmds = [b"MAIL FROM:<player@example.org>\r\n"]
        cmds += [b"RCPT TO:<" + t.encode() + b">\r\n" for t in to]
        cmds.append(b"DATA\r\n")
        codes = []
        if pipeline:
            c.send(b"".join(cmds))
            codes = [c.reply()[:3] for _ in cmds]
        else:
            for cmd in cmds:
                c.send(cmd)
                codes.append(c.reply()[:3])
        if codes[-1] != "354":
            print(f, "refused", *codes)
            continue
        c.send(body(f))
        print(f, *[c.reply()[:3] for _ in range(n)])
        sys.stdout.flush()
    c.send(b"QUIT\r\n")
    print("quit", c.reply()[:3])


def raw(args):
    wait = 5.0
    if "--wait" in args:
        wait = float(args[args.index("--wait") + 1])
    s = connect(args[0])
    try:
        s.sendall(sys.stdin.buffer.read())
    except (BrokenPipeError, ConnectionResetError):
        pass
    s.settimeout(wait)
    out = b""
    try:
        while True:
            d = s.recv(65536)
            if not d:
                break
            out += d
    except (socket.timeout, ConnectionResetError):
        pass
    sys.stdout.write(out.decode(errors="replace").replace("\r\n", "\n"))


def together(args):
    path, files = args[0], args[1:]
    conns = []
    for f in files:
        c = Conn(path)
        c.reply()
        for cmd in (b"LHLO test.example\r\n",
                    b"MAIL FROM:<player@example.org>\r\n",
                    b"RCPT TO:<judge@example.org>\r\n", b"DATA\r\n"):
            c.send(cmd)
            c.reply()
        msg = body(f)
        c.send(msg[:-3])          # all but ".\r\n"
        conns.append(c)
    # every message's end in one go: ready together at the server
    for c in conns:
        c.send(b".\r\n")
    for f, c in zip(files, conns):
        print(f, c.reply()[:3])
        c.send(b"QUIT\r\n")
        c.reply()


if __name__ == "__main__":
    if "--together" in sys.argv:
        together([a for a in sys.argv[1:] if a != "--together"])
    elif "--raw" in sys.argv:
        raw([a for a in sys.argv[1:] if a != "--raw"])
    else:
        messages(sys.argv[1:])
