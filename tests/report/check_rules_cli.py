#!/usr/bin/env python3
"""`warpcheck rules` and `warpcheck explain` against rules/*.md, the single
source of rule ids, severities and help text.

    check_rules_cli.py build/cli/warpcheck
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def front_matter(path):
    text = open(path, encoding="utf-8").read()
    m = re.match(r"---\n(.*?)\n---\n(.*)", text, re.S)
    meta = {}
    for line in m.group(1).splitlines():
        key, _, value = line.partition(":")
        meta[key.strip()] = re.split(r"\s{2,}#", value)[0].strip()  # gen_catalog.py's comment rule
    return meta, m.group(2).strip()


def main():
    warpcheck = sys.argv[1]
    failures = []

    def check(cond, what, detail=""):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            print(detail)
            failures.append(what)

    docs = {os.path.basename(p)[:-3]: front_matter(p) for p in glob.glob(os.path.join(ROOT, "rules", "*.md"))
            if os.path.basename(p) not in ("README.md", "TEMPLATE.md")}  # as rules/CMakeLists.txt
    p = subprocess.run([warpcheck, "rules"], capture_output=True, text=True, timeout=60)
    check(p.returncode == 0, "rules exits 0", p.stderr)
    listed = {}
    for line in p.stdout.splitlines():
        cols = line.split()
        listed[cols[0]] = cols
    check(sorted(listed) == sorted(docs), "rules lists exactly the rules of rules/*.md",
          f"{sorted(listed)} vs {sorted(docs)}")
    for rid, (meta, body) in sorted(docs.items()):
        cols = listed.get(rid, [])
        halves = {"static": "lint", "dynamic": "run"}
        want = ",".join(halves[h.strip()] for h in meta["halves"].split(","))
        check(cols[1:3] == [meta["severity"], want] and " ".join(meta["summary"].split()) in " ".join(cols),
              f"rules shows {rid}'s severity, halves and summary", str(cols))
        e = subprocess.run([warpcheck, "explain", rid], capture_output=True, text=True, timeout=60)
        check(e.returncode == 0 and body in e.stdout and meta["guide"] in e.stdout,
              f"explain {rid} prints its whole doc and guide", e.stdout[:300] + e.stderr)
    e = subprocess.run([warpcheck, "explain", "race-shraed"], capture_output=True, text=True, timeout=60)
    check(e.returncode == 2 and "did you mean 'race-shared'?" in e.stderr, "an unknown rule gets the nearest id",
          e.stderr)
    e = subprocess.run([warpcheck, "explain", "zzzzzzzzzzzzzzzz"], capture_output=True, text=True, timeout=60)
    check(e.returncode == 2 and "unknown rule" in e.stderr and "did you mean" not in e.stderr,
          "a rule far from every id gets no suggestion", e.stderr)
    e = subprocess.run([warpcheck, "explain"], capture_output=True, text=True, timeout=60)
    check(e.returncode == 2, "explain without a rule is a usage error (exit 2)", e.stderr)
    print(f"{len(failures)} check(s) failed" if failures else "rules and explain checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
