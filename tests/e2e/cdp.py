#!/usr/bin/env python3
"""cdp.py CHROMIUM URL EXPRESSION [STEP...] - open URL in headless
Chromium, then evaluate the JavaScript EXPRESSION (a promise is awaited)
in the page with the browser's real clock (no virtual time), and print
its value as JSON. Each STEP after it, in order: "@reload" reloads the
page (Page.reload) and waits for its document; "@keys K..." presses
each key K, space-separated, as a person would (Input.dispatchKeyEvent:
a character, or Tab, Enter, Space, Backspace); "@shot FILE" writes
a screenshot of the whole page to FILE (PNG); "@file SELECTOR PATH"
picks the file PATH in the page's file input SELECTOR (DOM.set-
FileInputFiles, as a person picking it); "@open URL" opens URL in a new tab, the one before it
closed, and waits for its document (a fresh load, as a person opening
the address: one browser for many pages); "@dom FILE" writes the page's
DOM, as Chromium's --dump-dom does, to FILE (after two frames: the
page's script has run and laid out); anything else is another
expression, its value printed as JSON on a line of its own. URL
about:blank opens nothing (the pages come by "@open"). Talks the
DevTools protocol over a pipe (--remote-debugging-pipe): no port, no
network. CDP_PROFILE=DIR keeps the browser's profile in DIR (a test
reads what the page stored); CDP_NET=FILE writes there the URL of every
request the page makes (Network.requestWillBeSent), one a line, but
for data: URLs (the page's own bytes: the board drawn as an image, which
its Content-Security-Policy allows as img-src data: and nothing else);
CDP_DOWNLOADS=DIR saves the page's downloads in DIR; CDP_CONSOLE=FILE
writes there every message of the console of a page opened by "@open",
one a line: "URL: KIND: TEXT" (its console calls, its uncaught
exceptions, the browser's own entries: a blocked or failed request).

With EXPRESSION "-" (and no STEP), the steps come on standard input
instead, one a line, each a JSON string (a multi-line expression fits
on a line), until end of input, and every step prints one line: an
expression its value, any other step null. The page stays open between
them, as a tab a person keeps open while the mail comes (a test drives
it step by step, reading each answer before it writes the next)."""
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


# the keys @keys names: (key, code, Windows virtual key code, text)
NAMED_KEYS = {
    "Tab": ("Tab", "Tab", 9, ""),
    "Enter": ("Enter", "Enter", 13, "\r"),
    "Space": (" ", "Space", 32, " "),
    "Backspace": ("Backspace", "Backspace", 8, ""),
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", "ArrowRight", 39, ""),
}


def key_event(name):
    """The keyDown parameters of the key name (a named key, or one
    letter or digit)."""
    if name in NAMED_KEYS:
        key, code, vk, text = NAMED_KEYS[name]
    elif len(name) == 1 and name.isalnum():
        key, vk, text = name, ord(name.upper()), name
        code = ("Digit" if name.isdigit() else "Key") + name.upper()
    else:
        sys.exit("cdp: @keys: %r is not a key (a letter, a digit, %s)"
                 % (name, ", ".join(NAMED_KEYS)))
    ev = {"type": "keyDown", "key": key, "code": code,
          "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}
    if text:
        ev["text"] = text
        ev["unmodifiedText"] = text
    return ev


# the page's DOM as --dump-dom writes it, once two frames have passed
DOM = """new Promise(r => requestAnimationFrame(() =>
  requestAnimationFrame(r))).then(() => (document.doctype ?
  new XMLSerializer().serializeToString(document.doctype) + "\\n" : "") +
  document.documentElement.outerHTML)"""


def console_line(msg):
    """A console message of the DevTools event msg as "KIND: TEXT", or
    None when msg is none."""
    m, p = msg.get("method"), msg.get("params", {})
    if m == "Runtime.consoleAPICalled":
        return "console.%s: %s" % (p.get("type"), " ".join(
            str(a.get("value", a.get("description", "")))
            for a in p.get("args", [])))
    if m == "Runtime.exceptionThrown":
        d = p.get("exceptionDetails", {})
        text = d.get("exception", {}).get("description") or d.get("text")
        return "exception: %s" % " ".join(str(text).split())
    if m == "Log.entryAdded":
        e = p.get("entry", {})
        return "%s %s: %s %s" % (e.get("source"), e.get("level"),
                                 e.get("text"), e.get("url", ""))
    return None


def main():
    chrome, url, expr = sys.argv[1:4]
    steps = sys.argv[4:]
    r_in, w_in = os.pipe()    # we write, Chromium reads on fd 3
    r_out, w_out = os.pipe()  # Chromium writes on fd 4, we read
    # CDP_PROFILE: the browser's profile there, kept after (a test reads
    # what the page stored); CDP_NET: every request the page makes, one
    # URL a line, written there
    keep = os.environ.get("CDP_PROFILE")
    profile = keep or tempfile.mkdtemp(prefix="cdp-")
    net = open(os.environ["CDP_NET"], "w") if os.environ.get("CDP_NET") \
        else None
    console = open(os.environ["CDP_CONSOLE"], "w") \
        if os.environ.get("CDP_CONSOLE") else None
    opened = {}  # a session of "@open": the URL it opened

    def child_fds():
        os.dup2(r_in, 3)
        os.dup2(w_out, 4)

    proc = subprocess.Popen(
        [chrome, "--headless", "--no-sandbox", "--disable-gpu",
         "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--user-data-dir=" + profile, "--remote-debugging-pipe",
         "--window-size=1600,1100", "about:blank"],
        pass_fds=(3, 4), preexec_fn=child_fds,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(r_in)
    os.close(w_out)
    out = os.fdopen(w_in, "wb", buffering=0)
    inp = os.fdopen(r_out, "rb", buffering=0)
    buf = b""
    ids = [0]

    def send(method, params=None, session=None):
        ids[0] += 1
        msg = {"id": ids[0], "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        out.write(json.dumps(msg).encode() + b"\0")
        return ids[0]

    def wait(want):
        nonlocal buf
        while True:
            while b"\0" not in buf:
                chunk = inp.read(65536)
                if not chunk:
                    sys.exit("chromium closed the pipe")
                buf += chunk
            raw, buf = buf.split(b"\0", 1)
            msg = json.loads(raw)
            if net and msg.get("method") == "Network.requestWillBeSent" \
                    and not msg["params"]["request"]["url"].startswith(
                        "data:"):
                net.write(msg["params"]["request"]["url"] + "\n")
                net.flush()
            if console and msg.get("sessionId") in opened:
                line = console_line(msg)
                if line is not None:
                    console.write("%s: %s\n" % (opened[msg["sessionId"]],
                                                 line))
                    console.flush()
            if msg.get("id") == want:
                if "error" in msg:
                    sys.exit("cdp: %s" % msg["error"])
                return msg["result"]

    try:
        target = wait(send("Target.createTarget", {"url": url}))["targetId"]
        session = wait(send("Target.attachToTarget",
                            {"targetId": target, "flatten": True}))["sessionId"]

        def loaded(old=None):
            """The page loaded: its document complete (asked again while
            the first document, about:blank or the one reloaded, gives
            way to it)."""
            for _ in range(100):
                res = wait(send("Runtime.evaluate", {
                    "expression": "location.href + ' ' + document.readyState"
                    " + ' ' + performance.timeOrigin",
                    "returnByValue": True}, session))
                v = res.get("result", {}).get("value", "")
                href, state, origin = (v.split(" ") + ["", "", ""])[:3]
                if href.startswith("file:") and state == "complete" and \
                        origin != old:
                    return origin
                time.sleep(0.1)
            sys.exit("cdp: the page did not load")

        if net:
            wait(send("Network.enable", {}, session))
        if os.environ.get("CDP_DOWNLOADS"):
            wait(send("Browser.setDownloadBehavior", {
                "behavior": "allow",
                "downloadPath": os.environ["CDP_DOWNLOADS"]}))
        def open_tab(to):
            """A new tab on URL to, its console and requests watched
            from before it asks for its document, the tab before it
            closed: the session and the page's timeOrigin."""
            tab = wait(send("Target.createTarget",
                            {"url": "about:blank"}))["targetId"]
            s = wait(send("Target.attachToTarget",
                          {"targetId": tab, "flatten": True}))["sessionId"]
            opened[s] = to
            if net:
                wait(send("Network.enable", {}, s))
            if console:
                wait(send("Runtime.enable", {}, s))
                wait(send("Log.enable", {}, s))
            wait(send("Target.closeTarget", {"targetId": target}))
            wait(send("Page.navigate", {"url": to}, s))
            return tab, s

        origin = loaded() if url != "about:blank" else None
        stdin = expr == "-" and not steps
        for step in (json.loads(l) for l in sys.stdin) if stdin \
                else [expr] + steps:
            if step.startswith("@open "):
                target, session = open_tab(step[len("@open "):])
                origin = loaded()
            elif step.startswith("@dom "):
                res = wait(send("Runtime.evaluate", {
                    "expression": DOM, "awaitPromise": True,
                    "returnByValue": True}, session))
                with open(step[len("@dom "):], "w", encoding="utf-8") as f:
                    f.write(res["result"]["value"])
            elif step == "@reload":
                wait(send("Page.reload", {}, session))
                origin = loaded(origin)
            elif step.startswith("@shot "):
                shot = wait(send("Page.captureScreenshot",
                                 {"format": "png",
                                  "captureBeyondViewport": True}, session))
                with open(step[len("@shot "):], "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
            elif step.startswith("@file "):
                # "@file SELECTOR PATH": a file picked in the page's file
                # input (its change event fires)
                _, sel, path = step.split(" ", 2)
                root = wait(send("DOM.getDocument", {}, session))["root"]
                node = wait(send("DOM.querySelector", {
                    "nodeId": root["nodeId"], "selector": sel},
                    session))["nodeId"]
                wait(send("DOM.setFileInputFiles", {
                    "files": [path], "nodeId": node}, session))
            elif step.startswith("@keys "):
                for name in step.split()[1:]:
                    ev = key_event(name)
                    wait(send("Input.dispatchKeyEvent", ev, session))
                    wait(send("Input.dispatchKeyEvent",
                              {**ev, "type": "keyUp"}, session))
            else:
                res = wait(send("Runtime.evaluate", {
                    "expression": step, "awaitPromise": True,
                    "returnByValue": True}, session))
                if "exceptionDetails" in res:
                    sys.exit("cdp: %s" % res["exceptionDetails"])
                print(json.dumps(res["result"].get("value")), flush=True)
                continue
            if stdin:
                print("null", flush=True)
    finally:
        proc.kill()
        proc.wait()
        if not keep:
            shutil.rmtree(profile, ignore_errors=True)


main()
