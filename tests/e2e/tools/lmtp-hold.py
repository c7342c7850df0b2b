#!/usr/bin/env python3
"""Connections held open on an LMTP server, as a client that wants to
keep its slots does (the judge's tests of its bounds, lmtp.c).

  lmtp-hold.py SOCKET [--n N] [--uid UID] [--say LINE]
               [--every SECONDS] [--for SECONDS] [--until FILE]
      N connections (default 1) to SOCKET (a Unix socket's path, or
      inet:HOST:PORT), each greeted, then told LHLO; then each says LINE
      (default NOOP) every SECONDS (default 0.5: 0 for as fast as the
      replies come), a line "DATA" saying: MAIL, RCPT and DATA, then a
      byte of the message each time. For at most --for SECONDS (default
      20), or until every connection is closed, or (--until) until FILE
      exists: the test that holds them says when. --uid: connect as that
      user (its effective uid, root only: the socket is that user's),
      another peer than root's.
  Prints a line a connection, in order: "I greeting CODE" at once (the
  server's first reply), then at the end "I closed SECONDS LINE" (when
  and with what the server closed it) or "I open".
"""
import encodings.idna  # noqa: F401 (loaded as root: not readable after seteuid)
import os
import selectors
import socket
import sys
import time


def opts(argv):
    kinds = {"n": int, "uid": int, "say": str, "every": float,
             "for": float, "until": str}
    o = {"n": 1, "uid": None, "say": "NOOP", "every": 0.5, "for": 20.0,
         "until": None}
    for i in range(1, len(argv), 2):
        k = argv[i][2:]
        if not argv[i].startswith("--") or k not in kinds:
            sys.exit("lmtp-hold.py: unknown option " + argv[i])
        o[k] = kinds[k](argv[i + 1])
    return o


def connect(path, uid):
    """A socket made and connected as uid (None: as we are)."""
    if uid is not None:
        os.seteuid(uid)
    try:
        if path.startswith("inet:"):
            host, port = path[5:].rsplit(":", 1)
            return socket.create_connection((host or "127.0.0.1",
                                             int(port)))
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
        return s
    finally:
        if uid is not None:
            os.seteuid(0)


def main():
    o = opts(sys.argv[1:])
    path = sys.argv[1]
    start = time.monotonic()
    conns = []
    for i in range(o["n"]):
        s = connect(path, o["uid"])
        s.settimeout(5)
        buf = b""
        while b"\r\n" not in buf:
            d = s.recv(4096)
            if not d:
                break
            buf += d
        code = buf[:3].decode() or "none"
        print(i, "greeting", code, flush=True)
        c = {"s": s, "i": i, "end": None, "last": b""}
        if code == "220":
            s.sendall(b"LHLO hold.example\r\n")
            if o["say"] == "DATA":
                s.sendall(b"MAIL FROM:<a@example.org>\r\n"
                          b"RCPT TO:<judge@example.org>\r\nDATA\r\n")
            conns.append(c)
        else:
            c["end"] = (0.0, buf.split(b"\r\n")[0])
            conns.append(c)
            s.close()
    sel = selectors.DefaultSelector()
    for c in conns:
        if c["end"] is None:
            c["s"].setblocking(False)
            sel.register(c["s"], selectors.EVENT_READ, c)
    said = time.monotonic()
    line = (b"x" if o["say"] == "DATA" else o["say"].encode() + b"\r\n")
    while sel.get_map() and time.monotonic() - start < o["for"] and \
            not (o["until"] and os.path.exists(o["until"])):
        for key, _ in sel.select(0.05):
            c = key.data
            try:
                d = c["s"].recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                d = b""
            if d:
                c["last"] = (c["last"] + d)[-4096:]
                continue
            lines = [ln for ln in c["last"].split(b"\r\n") if ln]
            c["end"] = (time.monotonic() - start,
                        lines[-1] if lines else b"(nothing)")
            sel.unregister(c["s"])
            c["s"].close()
        if time.monotonic() - said >= o["every"]:
            said = time.monotonic()
            for key in list(sel.get_map().values()):
                try:
                    key.fileobj.send(line)
                except (BlockingIOError, BrokenPipeError,
                        ConnectionResetError):
                    pass
    for c in conns:
        if c["end"] is None:
            print(c["i"], "open")
        else:
            print(c["i"], "closed", "%.1f" % c["end"][0],
                  c["end"][1].decode(errors="replace"))


if __name__ == "__main__":
    main()
