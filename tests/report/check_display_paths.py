#!/usr/bin/env python3
"""lint, run and report name a file alike (reports/Finish.h: finish() shows
every path under the current directory relative to it): `warpcheck lint`
given the file's absolute path, a run report whose line info names the file
absolutely (as a GPU run's does) through `warpcheck report`, and lint's own
saved report through `warpcheck report` must print the same location.

    check_display_paths.py build/cli/warpcheck
"""
import json
import os
import subprocess
import sys
import tempfile

KERNEL = """\
__global__ void k(float *o, int n) {
  if (threadIdx.x < n) __syncthreads();
}
"""


def run(cmd, cwd, stdin=None):
    p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def locations(gcc_output):
    """The "file:line:col" of each gcc-format line."""
    return [line.split(": ")[0] for line in gcc_output.splitlines() if ": " in line]


def main():
    wc = os.path.abspath(sys.argv[1])
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = os.path.realpath(tmp)
        os.makedirs(os.path.join(tmp, "src"))
        source = os.path.join(tmp, "src", "k.cu")
        with open(source, "w") as f:
            f.write(KERNEL)
        lint = [wc, "lint", "--cuda-arch", "sm_90", "--no-config", "-q", source]
        code, lint_gcc, err = run(lint + ["--format", "gcc"], tmp)
        if code != 1 or not locations(lint_gcc):
            print(f"FAIL lint found nothing (exit {code}): {err}")
            return 1
        code, lint_json, err = run(lint + ["--format", "json"], tmp)
        doc = json.loads(lint_json)

        # A run report: the same finding, its file named as line info names it.
        run_doc = json.loads(lint_json)
        finding = run_doc["findings"][0]
        finding["file"] = source
        finding.update(rule="race-shared", passes=["run"],
                       run={"kernel": "k(float*, int)", "count": 1, "block": [0, 0, 0], "accesses": []})
        run_doc.update(command="run", files=[], findings=[finding],
                       run={"command": ["./app"], "exit_code": 0, "signal": 0, "kernels": ["k(float*, int)"],
                            "launches": 1, "launches_checked": 1, "unchecked_accesses": 0,
                            "unchecked_block_threads": 0, "dropped_hazards": 0, "errors": [], "warnings": []})
        shown = {"lint": locations(lint_gcc)[0]}
        for name, text in [("report of lint's report", json.dumps(doc)),
                           ("report of a run report", json.dumps(run_doc))]:
            code, out, err = run([wc, "report", "-", "--format", "gcc", "-q"], tmp, stdin=text)
            shown[name] = locations(out)[0] if locations(out) else f"(nothing; exit {code}: {err.strip()})"
        for name, where in shown.items():
            ok = where.startswith("src/k.cu:2:")
            print(("ok   " if ok else "FAIL ") + f"{name}: {where}")
            if not ok:
                failures.append(name)
        if len(set(shown.values())) != 1:
            failures.append("the three name the file differently")
            print("FAIL the three name the file differently: " + repr(shown))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
