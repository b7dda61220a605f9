#!/usr/bin/env python3
"""Validates an example GitHub Actions workflow with check-jsonschema's
vendored `github-workflows` schema, and checks that every `warpcheck`
command in it uses options that `warpcheck lint --help` lists.

    check_github_workflow.py integrations/github/warpcheck.yml [WARPCHECK]

Needs check-jsonschema (scripts/install-deps.sh puts it in .deps/venv).
Without it: exit 1 under CI (CI=true), else 77 (skipped, reason printed).
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    workflow = sys.argv[1]
    tool = os.path.join(ROOT, ".deps", "venv", "bin", "check-jsonschema")
    if not os.path.exists(tool):
        tool = shutil.which("check-jsonschema")
    if not tool:
        print("check_github_workflow: check-jsonschema is not installed (run scripts/install-deps.sh)")
        return 1 if os.environ.get("CI") == "true" else 77
    p = subprocess.run([tool, "--builtin-schema", "vendor.github-workflows", workflow],
                       capture_output=True, text=True, timeout=120)
    print(p.stdout + p.stderr)
    failures = 0 if p.returncode == 0 else 1
    if len(sys.argv) > 2:
        help_text = subprocess.run([sys.argv[2], "lint", "--help"], capture_output=True, text=True).stdout
        for line in open(workflow, encoding="utf-8"):
            m = re.search(r"run: warpcheck lint (.*)", line)
            for opt in re.findall(r"(--[a-z-]+)", m.group(1)) if m else []:
                if opt not in help_text:
                    print(f"FAIL option {opt} of the workflow is not a `warpcheck lint` option")
                    failures += 1
    print("workflow checks passed" if not failures else f"{failures} workflow check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
