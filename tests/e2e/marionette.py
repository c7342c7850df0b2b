#!/usr/bin/env python3
"""marionette.py FIREFOX URL EXPR SHOT - the tests' own Marionette
client (Firefox's remote protocol, as cdp.py is Chromium's DevTools
client): Firefox headless in a fresh profile of its own (the protocol
on a port Firefox picks, read from the profile's MarionetteActivePort)
opens URL, runs EXPR (the body of an async function) there, prints its
value as one JSON line, and saves a screenshot of the whole page as
SHOT (PNG). Firefox's own --screenshot takes its picture at the load
event, before a page's asynchronous start is done; this waits for
what EXPR waits for. Exit status 0, else 1 with the protocol's error.
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time


def main():
    firefox, url, expr, shot = sys.argv[1:5]
    profile = tempfile.mkdtemp(prefix="marionette-")
    with open(os.path.join(profile, "user.js"), "w") as f:
        f.write('user_pref("marionette.port", 0);\n')
    proc = subprocess.Popen([firefox, "--headless", "--no-remote",
                             "--marionette", "--profile", profile,
                             "about:blank"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        port_file = os.path.join(profile, "MarionetteActivePort")
        for _ in range(600):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.1)
        else:
            sys.exit("marionette: Firefox gave no port")
        sock = socket.create_connection(
            ("127.0.0.1", int(open(port_file).read())))
        f = sock.makefile("rb")

        def recv():
            n = b""
            while not n.endswith(b":"):
                c = f.read(1)
                if not c or len(n) > 12:
                    sys.exit("marionette: the connection ended")
                n += c
            return json.loads(f.read(int(n[:-1])))
        recv()
        seq = [0]

        def cmd(name, params):
            seq[0] += 1
            b = json.dumps([0, seq[0], name, params]).encode()
            sock.sendall(str(len(b)).encode() + b":" + b)
            r = recv()
            if r[2]:
                sys.exit("marionette: %s: %s" % (name, r[2]))
            return r[3]
        cmd("WebDriver:NewSession", {"capabilities": {}})
        cmd("WebDriver:SetWindowRect", {"width": 1100, "height": 800})
        cmd("WebDriver:Navigate", {"url": url})
        v = cmd("WebDriver:ExecuteAsyncScript", {
            "script": "const done = arguments[arguments.length - 1];"
            " (async () => {" + expr + "})().then(done,"
            " e => done({ error: String(e) }));", "args": []})
        print(json.dumps(v.get("value")), flush=True)
        png = cmd("WebDriver:TakeScreenshot", {"full": True})
        with open(shot, "wb") as out:
            out.write(base64.b64decode(png["value"]))
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


main()
