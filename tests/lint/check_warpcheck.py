#!/usr/bin/env python3
"""Runs `warpcheck lint` on a fixture and checks its findings, like
clang-tidy's check_clang_tidy.py.

    // RUN: %check_warpcheck %s RULE [-- warpcheck-args...]

- `// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: ... [RULE]` lines must match
  the findings (first lines of findings, in order), and no other finding of
  RULE may appear.
- `// CHECK-NOTES:` lines match findings and their notes, and no other
  finding or note may appear.
- A file without such lines must produce no finding of RULE.
- warpcheck must exit 0 or 1 (2 means a parse or usage error).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--filecheck", required=True)
    ap.add_argument("source")
    ap.add_argument("rule")
    ap.add_argument("extra", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    extra = a.extra[1:] if a.extra[:1] == ["--"] else a.extra

    text = open(a.source, encoding="utf-8").read()
    has_messages = "CHECK-MESSAGES:" in text
    has_notes = "CHECK-NOTES:" in text
    # --no-config: a .warpcheck.yaml above the checkout must not change the fixtures.
    cmd = [a.warpcheck, "lint", "--no-config", "--enable=" + a.rule, "--color=never", "-q", a.source] + extra
    proc = subprocess.run(cmd, capture_output=True, text=True)
    out = proc.stdout
    sys.stdout.write("command: " + " ".join(cmd) + "\n--- output ---\n" + out + proc.stderr + "--------------\n")
    if proc.returncode not in (0, 1):
        sys.exit(f"warpcheck exited {proc.returncode}, expected 0 or 1")

    # Only the diagnostic lines are checked; source snippets and carets are not.
    diag = re.compile(r"^\S.*?:\d+:\d+: (error|warning|note): ")
    lines = [l for l in out.splitlines() if diag.match(l)]
    findings = [l for l in lines if not re.search(r": note: ", l)]
    rule_findings = [l for l in findings if l.endswith("[" + a.rule + "]")]

    if not has_messages and not has_notes:
        if rule_findings:
            sys.exit("expected no finding of %s, got:\n%s" % (a.rule, "\n".join(rule_findings)))
        return

    prefix = "CHECK-NOTES" if has_notes else "CHECK-MESSAGES"
    checked = lines if has_notes else findings
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(checked) + "\n")
        path = f.name
    try:
        fc = subprocess.run([a.filecheck, a.source, "--input-file=" + path,
                             "--check-prefix=" + prefix, "--strict-whitespace",
                             "--implicit-check-not={{(warning|error)}}:" if not has_notes
                             else "--implicit-check-not={{(warning|error|note)}}:"])
    finally:
        os.unlink(path)
    sys.exit(fc.returncode)


if __name__ == "__main__":
    main()
