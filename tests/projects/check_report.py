#!/usr/bin/env python3
"""Checks which files a `warpcheck lint --format json` report lists and how.

    check_report.py REPORT --analyzed a.cu,src/b.cu --passes host,sm_80,sm_90
                    [--skipped z.cpp] [--ignore-others]

Every --analyzed file must have status "analyzed" with exactly --passes,
every --skipped one status "skipped" with a reason, and the report must list
no other file (unless --ignore-others: files checked with other passes in
another call). Files match on their trailing path components. Findings are
not checked: which ones appear is the rules' business, not the front end's.
"""
import argparse
import json
import sys


def split(v):
    return [x for x in v.split(",") if x] if v else []


def matches(path, expected):
    return path == expected or path.endswith("/" + expected)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--analyzed", default="")
    ap.add_argument("--passes", default="host,sm_90")
    ap.add_argument("--skipped", default="")
    ap.add_argument("--ignore-others", action="store_true")
    a = ap.parse_args()

    with open(a.report, encoding="utf-8") as f:
        report = json.load(f)
    files = report["files"]
    problems = []
    expected = [(p, "analyzed") for p in split(a.analyzed)] + [(p, "skipped") for p in split(a.skipped)]
    claimed = set()
    for want, status in expected:
        hits = [i for i, f in enumerate(files) if matches(f["path"], want)]
        if len(hits) != 1:
            problems.append(f"{want}: expected once in the report, found {len(hits)} times")
            continue
        claimed.add(hits[0])
        f = files[hits[0]]
        if f["status"] != status:
            msgs = "; ".join(m.get("message", "") for m in f.get("messages", []))
            problems.append(f"{want}: status {f['status']}, expected {status} {msgs}")
        if status == "analyzed" and f["passes"] != split(a.passes):
            problems.append(f"{want}: passes {f['passes']}, expected {split(a.passes)}")
        if status == "skipped" and not f.get("reason"):
            problems.append(f"{want}: skipped without a reason")
    for i, f in enumerate(files):
        if i not in claimed and not a.ignore_others:
            problems.append(f"unexpected file in the report: {f['path']} ({f['status']})")
    if problems:
        print(json.dumps(files, indent=1), file=sys.stderr)
        sys.exit("\n".join(problems))
    print(f"ok: {len(files)} files")


if __name__ == "__main__":
    main()
