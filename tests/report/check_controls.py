#!/usr/bin/env python3
"""End-to-end test of the suppression controls with the real `warpcheck lint`:
NOLINT comments (all four kinds, and their misuse), suppression files
(--suppressions, --save-suppressions) and baselines (--write-baseline,
--baseline) on a small project in a temporary git checkout.

    check_controls.py build/cli/warpcheck
"""
import json
import os
import subprocess
import sys
import tempfile

KERNELS = """\
__global__ void plain(float *o, int n) {
  if (threadIdx.x < n) __syncthreads();
}
__global__ void same_line(float *o, int n) {
  if (threadIdx.x < n) __syncthreads(); // NOLINT(barrier-divergent)
}
__global__ void next_line(float *o, int n) {
  // NOLINTNEXTLINE(barrier-*)
  if (threadIdx.x < n) __syncthreads();
}
// NOLINTBEGIN(barrier-divergent)
__global__ void region(float *o, int n) {
  if (threadIdx.x < n) __syncthreads();
}
// NOLINTEND(barrier-divergent)
__global__ void other_rule_only(float *o, int n) {
  if (threadIdx.x < n) __syncthreads(); // NOLINT(warp-shfl-width)
}
"""

FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)


def lint(warpcheck, cwd, *args):
    cmd = [warpcheck, "lint", "--format", "json", "--cuda-arch", "sm_90", *args]
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=300)
    report = None
    if p.stdout.strip():
        try:
            report = json.loads(p.stdout)
        except json.JSONDecodeError:
            pass
    return p.returncode, report, p.stderr


def lines_of(report, rules=None):
    """(rule, line) of the findings; unused-suppression's only when asked
    (`rules`), the other checks are about what the controls remove."""
    if not report:
        return None
    return sorted((f["rule"], f["line"]) for f in report["findings"]
                  if (f["rule"] in rules if rules else f["rule"] != "unused-suppression"))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_controls.py WARPCHECK")
    warpcheck = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="wc-controls-") as root:
        os.mkdir(os.path.join(root, ".git"))
        os.mkdir(os.path.join(root, "src"))
        src = os.path.join(root, "src", "k.cu")
        with open(src, "w") as f:
            f.write(KERNELS)

        # --- NOLINT ---------------------------------------------------------
        rc, rep, err = lint(warpcheck, root, "src/k.cu")
        check(rc == 1, f"lint exits 1 with findings left (got {rc}; {err.strip()})")
        check(lines_of(rep) == [("barrier-divergent", 2), ("barrier-divergent", 17)],
              f"NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/END silence their findings only: {lines_of(rep)}")
        check(rep and rep.get("suppressed") == {"nolint": 3, "suppression_file": 0, "baseline": 0},
              f"the report counts what NOLINT silenced: {rep and rep.get('suppressed')}")
        check("3 suppressed (3 NOLINT)" in err, f"the summary line says so: {err.strip()}")
        check(all(f.get("fingerprint") for f in rep["findings"]), "every finding has a fingerprint")
        kept = rep.get("suppressed_findings") or []
        check(sorted((s["by"], s["finding"]["line"]) for s in kept) == [("nolint", 5), ("nolint", 9), ("nolint", 13)],
              f"the report lists the findings NOLINT silenced: {kept}")
        # SARIF has them as results marked suppressed (in the source), and
        # `warpcheck report` keeps them from the JSON.
        p = subprocess.run([warpcheck, "lint", "--format", "sarif", "--cuda-arch", "sm_90", "src/k.cu"], cwd=root,
                           capture_output=True, text=True, timeout=300)
        results = json.loads(p.stdout)["runs"][0]["results"] if p.stdout.strip() else []
        kinds = sorted(str([s["kind"] for s in r.get("suppressions", [])]) for r in results
                       if r["ruleId"] != "unused-suppression")
        check(kinds == ["['inSource']"] * 3 + ["[]"] * 2, f"SARIF: 3 results suppressed in source, 2 not: {kinds}")
        with open(os.path.join(root, "k.json"), "w") as f:
            json.dump(rep, f)
        p = subprocess.run([warpcheck, "report", "-q", "--format", "sarif", "k.json"], cwd=root,
                           capture_output=True, text=True, timeout=300)
        converted = json.loads(p.stdout)["runs"][0]["results"] if p.stdout.strip() else []
        converted = [r for r in converted if r["ruleId"] != "unused-suppression"]
        check(len(converted) == 5 and sum(1 for r in converted if r.get("suppressions")) == 3,
              f"`warpcheck report --format sarif` keeps the suppressed results: {len(converted)} ({p.stderr.strip()})")

        # --- unused suppressions (unused-suppression, ruff's RUF100) --------
        unused = [f for f in rep["findings"] if f["rule"] == "unused-suppression"]
        check([(f["line"], f["severity"]) for f in unused] == [(17, "note")] and
              "NOLINT comment names 'warp-shfl-width'" in unused[0]["message"],
              f"the NOLINT naming a rule that finds nothing there is reported, as a note: {unused}")
        rc, rep2, err = lint(warpcheck, root, "src/k.cu", "--disable", "unused-suppression")
        check(rc == 1 and lines_of(rep2, ["unused-suppression"]) == [],
              f"--disable unused-suppression turns it off: {lines_of(rep2, ['unused-suppression'])}")
        rc, rep2, err = lint(warpcheck, root, "src/k.cu", "--enable", "barrier-divergent")
        check(lines_of(rep2, ["unused-suppression"]) == [],
              f"a NOLINT for a rule that did not run is not unused: {lines_of(rep2, ['unused-suppression'])}")
        fixed = os.path.join(root, "src", "b.cu")
        with open(fixed, "w") as f:
            f.write("__global__ void b(float *o, int n) {\n  if (threadIdx.x < n) __syncthreads();\n}\n")
        bbase = os.path.join(root, "b-baseline.json")
        lint(warpcheck, root, "src/b.cu", "--write-baseline", bbase)
        with open(fixed, "w") as f:
            f.write("__global__ void b(float *o, int n) {\n  __syncthreads();\n}\n")
        rc, rep2, err = lint(warpcheck, root, "src/b.cu", "--baseline", bbase)
        got = [f for f in rep2["findings"] if f["rule"] == "unused-suppression"] if rep2 else []
        check(rc == 0 and [(f["file"], f["line"]) for f in got] == [("src/b.cu", 2)] and
              "baseline entry" in got[0]["message"] and "b-baseline.json" in got[0]["message"],
              f"a baseline entry whose finding was fixed is reported at its line: {got}")
        rc, rep2, err = lint(warpcheck, root, "src/k.cu", "--baseline", bbase)
        check(lines_of(rep2, ["unused-suppression"]) == [("unused-suppression", 17)],
              f"entries of files not analysed are left alone: {lines_of(rep2, ['unused-suppression'])}")
        os.remove(fixed)

        # --- misuse of NOLINT ----------------------------------------------
        broken = os.path.join(root, "src", "broken.cu")
        with open(broken, "w") as f:
            f.write("// NOLINTBEGIN(barrier-divergent)\n"
                    "__global__ void k(int n) { if (threadIdx.x < n) __syncthreads(); }\n"
                    "__global__ void j(int n) { if (threadIdx.x < n) __syncthreads(); } // NOLINT(barrier-divergnet)\n")
        rc, rep, err = lint(warpcheck, root, "src/broken.cu")
        got = lines_of(rep)
        check(got == [("barrier-divergent", 2), ("barrier-divergent", 3),
                      ("suppression-invalid", 1), ("suppression-invalid", 3)],
              f"an unclosed NOLINTBEGIN and a misspelt rule suppress nothing and are reported: {got}")
        # The rule is lint's to select like any other (it comes from the
        # comments, not from an analyzer check).
        rc, rep, err = lint(warpcheck, root, "src/broken.cu", "--disable", "suppression-invalid")
        check(lines_of(rep) == [("barrier-divergent", 2), ("barrier-divergent", 3)],
              f"--disable suppression-invalid drops those findings: {lines_of(rep)} {err.strip()}")
        rc, rep, err = lint(warpcheck, root, "src/broken.cu", "--enable", "suppression-invalid")
        check(lines_of(rep) == [("suppression-invalid", 1), ("suppression-invalid", 3)],
              f"--enable suppression-invalid reports only them: {lines_of(rep)} {err.strip()}")
        rc, rep, err = lint(warpcheck, root, "src/broken.cu", "--enable", "race-shared")
        check(rc == 2 and "is reported by `warpcheck run` only" in err,
              f"--enable of a rule only run reports is a clear error: {err.strip()}")
        os.remove(broken)

        # --- baseline -------------------------------------------------------
        base = os.path.join(root, "baseline.json")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--write-baseline", base)
        check(rc == 1 and os.path.exists(base), "--write-baseline writes the file (and still reports)")
        with open(base) as f:
            b = json.load(f)
        check(b.get("warpcheck_baseline") == 1 and len(b["findings"]) == 2
              and all(e["file"] == "src/k.cu" for e in b["findings"]),
              f"the baseline lists both findings with repository-relative paths: {b}")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--baseline", base)
        check(rc == 0 and lines_of(rep) == [] and rep["suppressed"]["baseline"] == 2,
              f"with its baseline the same code is clean (rc {rc}, {lines_of(rep)})")
        check(sorted(s["by"] for s in rep.get("suppressed_findings", [])) == ["baseline"] * 2 + ["nolint"] * 3,
              f"the baseline's findings are listed as suppressed by it: {rep.get('suppressed_findings')}")
        # Shift every line and add a new bug: only the new one is reported.
        with open(src, "w") as f:
            f.write("// a new header comment\n#include <cstdio>\n\n" + KERNELS +
                    "__global__ void fresh(float *o, int n) {\n  if (threadIdx.x > n) __syncthreads();\n}\n")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--baseline", base)
        check(rc == 1 and lines_of(rep) == [("barrier-divergent", 23)],
              f"after the lines moved only the new finding is reported (rc {rc}, {lines_of(rep)})")
        # From another directory the repository-relative fingerprints still match.
        rc, rep, err = lint(warpcheck, os.path.join(root, "src"), "k.cu", "--baseline", base)
        check(lines_of(rep) == [("barrier-divergent", 23)], f"fingerprints do not depend on the cwd: {lines_of(rep)}")

        # --- suppression files ---------------------------------------------
        supp = os.path.join(root, "warpcheck.supp")
        with open(supp, "w") as f:
            f.write("# reviewed\nbarrier-divergent file:src/k.cu:23\n")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--suppressions", supp)
        check(lines_of(rep) == [("barrier-divergent", 5), ("barrier-divergent", 20)]
              and rep["suppressed"]["suppression_file"] == 1,
              f"--suppressions drops the finding at file:line: {lines_of(rep)}")
        saved = os.path.join(root, "saved.supp")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--save-suppressions", saved)
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--suppressions", saved)
        check(rc == 0 and lines_of(rep) == [], f"a saved suppression file silences what it was saved from (rc {rc})")

        # --- bad control files: exit 2, file and problem named ---------------
        with open(os.path.join(root, "bad.json"), "w") as f:
            f.write('{"warpcheck_baseline": 1, "findings": [')
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--baseline", "bad.json")
        check(rc == 2 and "bad.json: not valid JSON: " in err, f"truncated baseline: exit 2 ({rc}: {err.strip()})")
        with open(os.path.join(root, "bad.supp"), "w") as f:
            f.write("race-shared\nbarrier-divergent kernal:x\n")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--suppressions", "bad.supp")
        check(rc == 2 and "bad.supp:2: unknown matcher 'kernal'" in err, f"bad suppression file: exit 2 ({rc}: {err.strip()})")
        rc, rep, err = lint(warpcheck, root, "src/k.cu", "--baseline", "missing.json")
        check(rc == 2 and "missing.json: cannot read the baseline: cannot read it" in err, f"missing baseline: exit 2 ({err.strip()})")

    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        return 1
    print("all control checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
