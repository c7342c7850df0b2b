#!/usr/bin/env python3
"""replay.py - what the replay tests read from an umpire replay page and
from Chromium's network log.

  replay.py board PAGE STEP   the SVG text of the board the page shows
                              at #step=STEP, rebuilt from its data as its
                              script rebuilds it
  replay.py steps PAGE        the steps the page holds, one a line
  replay.py frame PAGE STEP   all the page holds of that step: its
                              board's SVG text, then its report
  replay.py net NETLOG        every URL the page itself asked for that is
                              not the file:// page (Chromium's own
                              background requests left out)
  replay.py text SVGFILE      the text of every <text> element, one a line
"""
import html.parser
import json
import re
import sys


def data(path):
    page = open(path, encoding="utf-8").read()
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>',
                  page, re.S)
    return json.loads(m.group(1))


def frame(d, step):
    i = 0
    while i + 1 < len(d["steps"]) and d["steps"][i + 1]["step"] <= step:
        i += 1
    return d["steps"][i]


def board(d, f):
    out = []
    for part in filter(None, f["board"].split(",")):
        a, _, b = part.partition("-")
        for k in range(int(a), int(b or a) + 1):
            out.append(d["lines"][k])
    return "".join(out)


class Texts(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.cur, self.out = 0, "", []

    def handle_starttag(self, tag, attrs):
        if tag == "text":
            self.depth, self.cur = 1, ""

    def handle_endtag(self, tag):
        if tag == "text" and self.depth:
            self.out.append(self.cur)
            self.depth = 0

    def handle_data(self, s):
        if self.depth:
            self.cur += s


def main():
    cmd = sys.argv[1]
    if cmd == "board":
        d = data(sys.argv[2])
        sys.stdout.write(board(d, frame(d, int(sys.argv[3]))))
    elif cmd == "frame":
        d = data(sys.argv[2])
        f = frame(d, int(sys.argv[3]))
        sys.stdout.write(board(d, f) + f["report"])
    elif cmd == "steps":
        for f in data(sys.argv[2])["steps"]:
            print(f["step"])
    elif cmd == "net":
        log = json.load(open(sys.argv[2]))
        urls = set()
        for e in log["events"]:
            p = e.get("params", {})
            url = p.get("url", "")
            if url and "file://" in p.get("network_isolation_key", "") \
                    and not url.startswith("file:"):
                urls.add(url)
        for u in sorted(urls):
            print(u)
    elif cmd == "text":
        # the <svg> element of a page dumped by Chromium, or a file
        src = open(sys.argv[2], encoding="utf-8").read()
        m = re.search(r"<svg.*</svg>", src, re.S)
        t = Texts()
        t.feed(m.group(0))
        for s in t.out:
            print(" ".join(s.split()))
    else:
        sys.exit("usage: replay.py board|frame|steps|net|text ...")


main()
