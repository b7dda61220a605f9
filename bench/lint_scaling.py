#!/usr/bin/env python3
"""How `warpcheck lint`'s time and memory grow with the size of a function.

Generates kernels with bench/gen_scaling_kernel.py (one function each:
mixed code of 1k, 5k, 20k and 80k lines; 100 to 10,000 sequential `if`s;
goto labels), lints each with `warpcheck lint -j1` (one pass after the
other, one core) and prints per size the wall time, CPU time, peak RSS,
the time per line, and the growth exponent k fitted to time ~ size^k
(least squares on log-log; k = 1 is linear). A benchmark: the exit status
is 1 when lint fails on a kernel (or its time budget runs out), else 0.

  python3 bench/lint_scaling.py                       # every series
  python3 bench/lint_scaling.py --series lines --sizes 1000,5000
  python3 bench/lint_scaling.py --markdown            # the table of bench/README.md
  python3 bench/lint_scaling.py --series blockdim     # the same reductions for 32..1024 threads

Each run has --time-report on: the last column is the time of
warp-implicit-synchronous, the rule that evaluates every thread of a block.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
SERIES = {
    "lines": [1000, 5000, 20000, 80000],
    "branches": [100, 1000, 3000, 10000],
    "gotos": [100, 500, 2000],
    # Not a size: the block size the kernels are written for (the same
    # code for every B but the loop's bound); what grows with B is shown
    # against B, with warp-implicit-synchronous's own time.
    "blockdim": [32, 128, 512, 1024],
}
RULE = "warp-implicit-synchronous"


def rule_seconds(time_report, rule):
    """A rule's seconds in the totals of lint's --time-report (stderr)."""
    total = time_report.rfind("\ntotal:")
    for line in time_report[total:].splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] == "s" and parts[2] == rule:
            return float(parts[0])
    return float("nan")


def run(cmd):
    """(wall s, cpu s, peak RSS MiB, exit status) of one child (os.wait4: its own rusage)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    err = p.stderr.read().decode(errors="replace")
    return time.perf_counter() - start, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), err


def fit_exponent(points):
    """k of t = c * n^k by least squares on (log n, log t)."""
    pts = [(math.log(n), math.log(max(t, 1e-3))) for n, t in points]
    if len(pts) < 2:
        return float("nan")
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    den = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / den if den else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warpcheck", default=os.path.join(ROOT, "build/cli/warpcheck"))
    ap.add_argument("--series", default=",".join(SERIES), help="comma-separated: " + ", ".join(SERIES))
    ap.add_argument("--sizes", help="comma-separated sizes (with one series only)")
    ap.add_argument("--cuda-arch", default="sm_90")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per kernel (lint's --max-time-per-file)")
    ap.add_argument("--work-dir", help="where the kernels are written (default: a temporary directory)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    o = ap.parse_args()
    series = o.series.split(",")
    for s in series:
        if s not in SERIES:
            ap.error("unknown series '%s'" % s)
    if o.sizes and len(series) != 1:
        ap.error("--sizes needs exactly one --series")
    work = o.work_dir or tempfile.mkdtemp(prefix="warpcheck-scaling-")
    os.makedirs(work, exist_ok=True)
    print("warpcheck %s, -j1, arch %s, kernels in %s" % (o.warpcheck, o.cuda_arch, work), flush=True)
    rows, failed = [], False
    for s in series:
        sizes = [int(x) for x in o.sizes.split(",")] if o.sizes else SERIES[s]
        points = []
        for n in sizes:
            path = os.path.join(work, "%s_%d.cu" % (s, n))
            subprocess.run([sys.executable, os.path.join(BENCH, "gen_scaling_kernel.py"), s, str(n), "-o", path], check=True)
            with open(path) as f:
                lines = sum(1 for _ in f)
            wall, cpu, rss, rc, err = run([o.warpcheck, "lint", "-j1", "-q", "--color", "never", "--cuda-arch", o.cuda_arch,
                                           "--max-time-per-file", str(o.timeout), "--time-report", path])
            note = ""
            if rc not in (0, 1):
                failed = True
                note = "lint exit %d%s" % (rc, " (time budget ran out)" if "stopped early" in err else "")
            rule = rule_seconds(err, RULE)
            points.append((n if s == "blockdim" else lines, cpu))
            rows.append((s, n, lines, wall, cpu, rss, note, rule))
            print("%-9s %7d %7d lines  wall %8.2f s  cpu %8.2f s  %7.0f MiB  %7.1f us/line  %s %.2f s %s" %
                  (s, n, lines, wall, cpu, rss, cpu / lines * 1e6, RULE, rule, note), flush=True)
        k = fit_exponent(points)
        # The fixed cost (parsing the CUDA headers, about a second) hides
        # growth at the small sizes: the exponent of the last step shows it.
        k_last = fit_exponent(points[-2:])
        per_line = [t / n for n, t in points]
        unit = "B" if s == "blockdim" else "lines"
        print("%-9s fitted growth: cpu ~ %s^%.2f (last step: ^%.2f); cost per %s, largest / smallest: %.2fx" %
              (s, unit, k, k_last, "B" if s == "blockdim" else "line", per_line[-1] / per_line[0]), flush=True)
        rows.append((s, "fit", k, per_line[-1] / per_line[0], k_last, unit))
    if o.markdown:
        print("\n| series | size | lines | wall s | cpu s | peak MiB | us/line (cpu) | %s s (wall) |" % RULE)
        print("|---|---|---|---|---|---|---|---|")
        for r in rows:
            if r[1] == "fit":
                print("| %s | fitted: cpu ~ %s^%.2f, last step ^%.2f | | | | | largest/smallest per %s: %.2fx | |" %
                      (r[0], r[5], r[2], r[4], "B" if r[5] == "B" else "line", r[3]))
            else:
                print("| %s | %d | %d | %.2f | %.2f | %.0f | %.1f%s | %.2f |" %
                      (r[0], r[1], r[2], r[3], r[4], r[5], r[4] / r[2] * 1e6, " " + r[6] if r[6] else "", r[7]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
