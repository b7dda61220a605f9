#!/usr/bin/env python3
"""Opens warpcheck's HTML reports in headless Chromium.

    check_html.py PAGE.html [PAGE.html ...] [--out DIR]

The pages are the samples that the HtmlFormat.WritesSamplePages unit test
writes (a lint report and a run report). For each page:

  1. it loads without a console message (Chromium's --enable-logging prints
     them as CONSOLE lines; the page itself logs nothing) and without an
     error recorded by the page's first script on <html data-page-errors>
     (script errors, and anything its Content-Security-Policy blocked);
  2. --dump-dom, after the scripts ran, shows every finding and the filter
     bar ("N of N findings shown"); opened with a filter in the fragment
     (#severity=warning, #rule=RULE) it shows exactly the findings that match;
  3. --screenshot, in the light and the dark scheme, gives a PNG (decoded
     here with zlib, no imaging library) that is not blank, has that
     scheme's background and shows the error badge in that scheme's colour.

Before that, two broken copies of the first page (a script that throws, with
the policy's hash updated so that it runs; an <img> from the network) must
each fail check 1, so that a page with errors cannot pass by accident.
Screenshots are left in --out (default: next to the first page).

Needs Chromium (Debian's `chromium`; scripts/install-deps.sh installs it, or
set WARPCHECK_CHROMIUM). Without it: exit 1 under CI (CI=true), else exit
77, which ctest reports as skipped, with the reason printed.
"""
import argparse
import base64
import hashlib
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import zlib

from test_deps import skip_or_fail

TIMEOUT_S = 60  # per Chromium run; a page this size loads in about a second
WIDTH, HEIGHT = 1280, 1400

# The page's colours (reports/formats/html/PageStyle.cpp), as RGB.
SCHEMES = {
    "light": {"background": (0xFF, 0xFF, 0xFF), "error": (0xCF, 0x22, 0x2E), "flags": []},
    "dark": {"background": (0x0D, 0x11, 0x17), "error": (0xF8, 0x51, 0x49),
             "flags": ["--blink-settings=preferredColorScheme=0"]},
}
# Pixels of the error colour the screenshot must show: badges, card borders
# and the left border of each error finding give thousands.
MIN_ERROR_PIXELS = 500


def find_chromium():
    for name in (os.environ.get("WARPCHECK_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    skip_or_fail("no Chromium found (install Debian's `chromium`, e.g. with scripts/install-deps.sh, "
                 "or set WARPCHECK_CHROMIUM)")


class Browser:
    def __init__(self, exe, profile):
        self.exe = exe
        self.profile = profile

    def run(self, url, *flags):
        """Chromium's stdout and its CONSOLE lines for one page load."""
        cmd = [self.exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--no-default-browser-check", "--disable-extensions", "--disable-sync",
               "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage",
               f"--user-data-dir={self.profile}", "--enable-logging=stderr", "--v=0",
               "--force-color-profile=srgb", "--hide-scrollbars",
               f"--window-size={WIDTH},{HEIGHT}", *flags, url]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise Failure(f"chromium did not finish within {TIMEOUT_S}s on {url}")
        console = [m.group(1) for m in re.finditer(r":CONSOLE(?:\(\d+\)|:\d+)?\]\s*(.*)", p.stderr)]
        if p.returncode != 0:
            raise Failure(f"chromium exited with {p.returncode} on {url}:\n{p.stderr[-2000:]}")
        return p.stdout, console


class Failure(Exception):
    pass


class Dom(html.parser.HTMLParser):
    """What the checks read from a dumped DOM."""

    def __init__(self, text):
        super().__init__()
        self.root = {}
        self.findings = []  # (attributes, hidden) per article.finding
        self.form_hidden = None
        self.count_text = None
        self._in_count = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.root = a
        elif tag == "article" and "finding" in (a.get("class") or "").split():
            self.findings.append(a)
        elif tag == "form" and a.get("id") == "filters":
            self.form_hidden = "hidden" in a
        elif tag == "output" and a.get("id") == "filter-count":
            self._in_count = True
            self.count_text = ""

    def handle_endtag(self, tag):
        if tag == "output":
            self._in_count = False

    def handle_data(self, data):
        if self._in_count:
            self.count_text += data


def page_errors(browser, url):
    """Console messages, and the errors the page recorded, for one load."""
    dom, console = browser.run(url, "--dump-dom")
    recorded = Dom(dom).root.get("data-page-errors", "").strip()
    return console, [f"recorded by the page: {r}" for r in recorded.splitlines()]


def check_loads_cleanly(browser, path):
    console, recorded = page_errors(browser, file_url(path))
    if console or recorded:
        raise Failure(f"{path}: errors while loading:\n  " + "\n  ".join(console + recorded))
    print(f"ok: {os.path.basename(path)} loads with no console message or page error")


def check_dom(browser, path):
    dom = Dom(browser.run(file_url(path), "--dump-dom")[0])
    total = len(dom.findings)
    with open(path, encoding="utf-8") as f:
        written = len(re.findall(r'<article class="finding"', f.read()))
    if total == 0 or total != written:
        raise Failure(f"{path}: the DOM has {total} findings, the page {written}")
    if dom.root.get("data-filters") != "ready" or dom.form_hidden is not False:
        raise Failure(f"{path}: the filter script did not run to its end (filter bar still hidden)")
    if any("hidden" in a for a in dom.findings) or dom.count_text != f"{total} of {total} findings shown":
        raise Failure(f"{path}: not every finding is shown: {dom.count_text!r}")
    print(f"ok: {os.path.basename(path)}: the DOM after scripts shows all {total} findings")

    # Filters read from the fragment: exactly the matching findings stay.
    rule = dom.findings[0]["data-rule"]
    for fragment, keep in [("severity=warning", lambda a: a["data-severity"] == "warning"),
                           ("rule=" + urllib.parse.quote(rule, safe=""), lambda a: a["data-rule"] == rule)]:
        filtered = Dom(browser.run(file_url(path) + "#" + fragment, "--dump-dom")[0])
        want = [keep(a) for a in dom.findings]
        got = ["hidden" not in a for a in filtered.findings]
        if got != want or filtered.root.get("data-findings-shown") != str(sum(want)):
            raise Failure(f"{path}#{fragment}: shown {got}, expected {want}")
        print(f"ok: {os.path.basename(path)}#{fragment} shows the {sum(want)} matching findings")


def decode_png(data):
    """(width, height, channels, rows of bytes) of an 8-bit RGB(A) PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("the screenshot is not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(color)
    if depth != 8 or not channels or interlace:
        raise Failure(f"unexpected PNG format: depth {depth}, colour type {color}, interlace {interlace}")
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:
            row = bytearray((a + b) & 0xFF for a, b in zip(row, prev))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b, c = prev[i], prev[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        elif kind != 0:
            raise Failure(f"unknown PNG filter {kind}")
        rows.append(bytes(row))
        prev = row
    return width, height, channels, rows


def colour_counts(width, channels, rows):
    counts = {}
    for row in rows:
        for x in range(0, width * channels, channels):
            rgb = row[x:x + 3]
            counts[rgb] = counts.get(rgb, 0) + 1
    return counts


def check_screenshot(browser, path, scheme, out_dir):
    colours = SCHEMES[scheme]
    png = os.path.join(out_dir, f"{os.path.splitext(os.path.basename(path))[0]}-{scheme}.png")
    if os.path.exists(png):
        os.remove(png)
    browser.run(file_url(path), f"--screenshot={png}", *colours["flags"])
    if not os.path.exists(png):
        raise Failure(f"{path}: chromium wrote no screenshot")
    with open(png, "rb") as f:
        width, height, channels, rows = decode_png(f.read())
    counts = colour_counts(width, channels, rows)
    pixels = width * height
    background = counts.get(bytes(colours["background"]), 0)
    error = counts.get(bytes(colours["error"]), 0)
    others = pixels - background
    problems = []
    if (width, height) != (WIDTH, HEIGHT):
        problems.append(f"size {width}x{height}, expected {WIDTH}x{HEIGHT}")
    if background < pixels // 3:
        problems.append(f"the {scheme} background covers {background} of {pixels} pixels")
    if others < pixels // 20 or len(counts) < 50:
        problems.append(f"looks blank: {others} pixels off the background, {len(counts)} colours")
    if error < MIN_ERROR_PIXELS:
        problems.append(f"{error} pixels of the error colour #{bytes(colours['error']).hex()}")
    if problems:
        raise Failure(f"{png}: " + "; ".join(problems))
    print(f"ok: {os.path.basename(png)}: {len(counts)} colours, {others} pixels drawn, "
          f"{error} of the error colour")


def file_url(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def broken_copies(path, tmp):
    """Copies of the page with a fault that check 1 must catch."""
    with open(path, encoding="utf-8") as f:
        page = f.read()
    marker = "form.hidden = false;"
    scripts = [s for s in re.findall(r"<script>(.*?)</script>", page, re.S) if marker in s]
    if len(scripts) != 1:
        raise Failure(f"cannot inject an error: {len(scripts)} scripts hold `{marker}`, expected the filter script")
    last = scripts[0]
    thrower = last.replace(marker, marker + " notDefinedAnywhere();")

    def csp(text):
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    if csp(last) not in page:
        raise Failure("the policy does not hold the hash of the filter script as written")
    faults = {
        "a script that throws": page.replace(last, thrower).replace(csp(last), csp(thrower)),
        "an image from the network": page.replace("<main>", '<main><img src="http://example.invalid/x.png">'),
    }
    for name, text in faults.items():
        broken = os.path.join(tmp, re.sub(r"\W+", "-", name) + ".html")
        with open(broken, "w", encoding="utf-8") as f:
            f.write(text)
        yield name, broken


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pages", nargs="+")
    ap.add_argument("--out", help="where to leave the screenshots (default: next to the first page)")
    a = ap.parse_args()
    browser_exe = find_chromium()
    for p in a.pages:
        if not os.path.exists(p):
            sys.exit(f"error: {p} does not exist (the HtmlFormat.WritesSamplePages unit test writes it)")
    out_dir = a.out or os.path.dirname(os.path.abspath(a.pages[0]))
    failures = 0
    with tempfile.TemporaryDirectory(prefix="warpcheck-html-") as tmp:
        browser = Browser(browser_exe, os.path.join(tmp, "profile"))
        # Each fault must show on both channels, so neither can go deaf unnoticed.
        def controls():
            for name, broken in broken_copies(a.pages[0], tmp):
                console, recorded = page_errors(browser, file_url(broken))
                if not console or not recorded:
                    raise Failure(f"the check missed {name}: console {console}, recorded by the page {recorded}")
                print(f"ok: a page with {name} is caught: {console[0][:100]}; {recorded[0][:100]}")
        steps = [controls]
        for p in a.pages:
            steps.append(lambda p=p: check_loads_cleanly(browser, p))
            steps.append(lambda p=p: check_dom(browser, p))
            for scheme in SCHEMES:
                steps.append(lambda p=p, s=scheme: check_screenshot(browser, p, s, out_dir))
        for step in steps:
            try:
                step()
            except Failure as e:
                print(f"FAIL: {e}")
                failures += 1
    print(f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
