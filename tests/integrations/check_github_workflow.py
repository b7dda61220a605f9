#!/usr/bin/env python3
"""Validates an example GitHub Actions workflow with check-jsonschema's
vendored `github-workflows` schema, and checks that every `warpcheck`
command in it uses options that `warpcheck lint --help` lists.

    check_github_workflow.py integrations/github/warpcheck.yml [WARPCHECK]

With WARPCHECK, it also runs the workflow's steps after the installs on a
sample CMake + CUDA project (run_steps) and checks what they leave.

Needs check-jsonschema (scripts/install-deps.sh puts it in .deps/venv).
Without it: exit 1 under CI (CI=true), else 77 (skipped, reason printed).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run_steps(workflow, warpcheck):
    """Runs the workflow's steps after its installs, as the runner would
    (bash -eo pipefail, the workflow's env, `if: always()` after a failure,
    `uses:` steps skipped), on a copy of tests/projects/cmake-cuda made a git
    checkout, with the built warpcheck and nvcc on PATH. Returns failures."""
    try:
        import yaml
    except ImportError:
        venv = os.path.join(ROOT, ".deps", "venv", "bin", "python3")
        if os.path.exists(venv) and os.path.realpath(sys.executable) != os.path.realpath(venv):
            # The venv of scripts/install-deps.sh has PyYAML (pre-commit's).
            return subprocess.run([venv, os.path.abspath(__file__), workflow, warpcheck, "--steps-only"]).returncode
        print("FAIL PyYAML is missing (scripts/install-deps.sh puts it in .deps/venv)")
        return 1
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else "")
    if not nvcc:
        print("steps not run: no nvcc (the configure step needs the CUDA toolkit)")
        return 1 if os.environ.get("CI") == "true" else 0
    doc = yaml.safe_load(open(workflow, encoding="utf-8"))
    steps = doc["jobs"]["lint"]["steps"]
    last_install = max(i for i, s in enumerate(steps) if s.get("name", "").startswith("Install"))
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        ws = os.path.join(tmp, "repo")
        shutil.copytree(os.path.join(ROOT, "tests", "projects", "cmake-cuda"), ws)
        subprocess.run(["git", "init", "-q", ws], check=True)
        env = dict(os.environ)
        env.update({k: str(v) for k, v in (doc.get("env") or {}).items()})
        env.update({"RUNNER_TEMP": tmp, "GITHUB_WORKSPACE": ws, "GITHUB_PATH": os.path.join(tmp, "github_path"),
                    "PATH": os.pathsep.join([os.path.dirname(os.path.abspath(warpcheck)), os.path.dirname(nvcc),
                                             env.get("PATH", "")])})
        failed = False
        results = []
        for step in steps[last_install + 1:]:
            name = step.get("name", step.get("uses", "?"))
            if failed and "always()" not in str(step.get("if", "")):
                continue
            if "run" not in step:
                print(f"step skipped (uses: {step.get('uses')}): {name}")
                continue
            p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=ws,
                               env=env, capture_output=True, text=True, timeout=900)
            print(f"step ran (exit {p.returncode}): {name}")
            results.append((name, p))
            if p.returncode != 0:
                failed = True
        *setup, last = results

        def check(ok, what, detail=""):
            nonlocal failures
            print(("ok   " if ok else "FAIL ") + what)
            if not ok:
                failures += 1
                print("     " + detail.strip().replace("\n", "\n     ")[-3000:])

        for name, p in setup:
            check(p.returncode == 0, f"step succeeds: {name}", p.stdout + p.stderr)
        report = os.path.join(ws, "warpcheck.json")
        sarif = os.path.join(ws, "warpcheck.sarif")
        findings = json.load(open(report)).get("findings", []) if os.path.exists(report) else None
        check(findings is not None, "the lint step wrote warpcheck.json")
        doc_sarif = json.load(open(sarif)) if os.path.exists(sarif) else {}
        check(doc_sarif.get("version") == "2.1.0" and doc_sarif.get("runs"), "the SARIF step wrote SARIF 2.1.0")
        name, p = last
        check(p.returncode == (1 if findings else 0),
              f"{name}: exit {p.returncode} with {len(findings or [])} finding(s)", p.stdout + p.stderr)
        files = re.findall(r"^::(?:error|warning|notice) file=([^,]+),", p.stdout, re.M)
        check(len(files) == len(findings or []) and all(not f.startswith("/") and os.path.exists(os.path.join(ws, f))
                                                       for f in files),
              "annotations name repository-relative paths that exist", p.stdout)
    return failures


def main():
    workflow = sys.argv[1]
    if sys.argv[3:] == ["--steps-only"]:
        return 1 if run_steps(workflow, sys.argv[2]) else 0
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
        for command in ("lint", "report"):
            help_text = subprocess.run([sys.argv[2], command, "--help"], capture_output=True, text=True).stdout
            for line in open(workflow, encoding="utf-8"):
                m = re.search(r"warpcheck %s (.*)" % command, line)
                for opt in re.findall(r"(--[a-z-]+)", m.group(1)) if m else []:
                    if opt not in help_text:
                        print(f"FAIL option {opt} of the workflow is not a `warpcheck {command}` option")
                        failures += 1
        failures += run_steps(workflow, sys.argv[2])
    print("workflow checks passed" if not failures else f"{failures} workflow check(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
