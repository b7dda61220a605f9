#!/usr/bin/env python3
"""Run GPU programs many times under `warpcheck run`, several at once, and
print what each run found: the distinct sets of (rule, line) per program,
with how many runs gave each. A program with more than one set is FLAKY.

The GPU detector checks an access in a callback that runs just before it,
and several blocks' callbacks and instructions interleave differently from
run to run; a GPU shared by several processes makes that worse. This is
how intermittent reports are found and how a fix of one is shown
(docs/run-memory-model.md, "A check runs before its access"):

  tests/gpu/run_repeated.py --warpcheck build/cli/warpcheck --runs 16 \\
      --jobs 8 tests/gpu/poll_window_ok.cu tests/corpus/fence-missing/*.cu

Each program is compiled as the GPU tests compile it (nvcc -O2 -lineinfo,
its // NVCC:, // ARGS: and // RUN-OPTIONS: lines). One report of each
distinct outcome is kept in --workdir. Exit code: 0, 1 when a program is
flaky or did not build, 2 for bad usage, 77 without a GPU or nvcc.
"""
import argparse
import collections
import json
import os
import re
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_env import default_arch, find_nvcc, gpu_present  # noqa: E402


def header_words(path, key):
    """The shell words of a test's `// KEY:` lines."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*//\s*%s:\s*(.*)$" % key, line)
            if m:
                out += shlex.split(m.group(1))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("programs", nargs="+", help=".cu files (GPU tests or corpus run programs)")
    ap.add_argument("--warpcheck", required=True)
    ap.add_argument("--runs", type=int, default=12, help="runs per program (default 12)")
    ap.add_argument("--jobs", type=int, default=8, help="programs under warpcheck at once (default 8)")
    ap.add_argument("--workdir", default="/tmp/wc-repeated")
    ap.add_argument("--nvcc")
    ap.add_argument("--arch")
    opts = ap.parse_args()
    ok, why = gpu_present()
    nvcc = find_nvcc(opts.nvcc)
    if not ok or not nvcc:
        print("run_repeated: skipped: %s" % (why if not ok else "nvcc not found"))
        return 77
    arch = opts.arch or default_arch() or "sm_90"
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(opts.workdir, exist_ok=True)

    def build(src):
        exe = os.path.join(opts.workdir, os.path.splitext(os.path.basename(src))[0])
        p = subprocess.run([nvcc, "-O2", "-lineinfo", "-arch=" + arch, "-I" + here, "-o", exe, src] +
                           header_words(src, "NVCC"), capture_output=True, text=True)
        if p.returncode != 0:
            print("BUILD-FAIL %s\n%s" % (src, p.stderr[-1500:]))
            return None
        return exe

    with ThreadPoolExecutor(max(1, os.cpu_count() or 1)) as ex:
        exes = dict(zip(opts.programs, ex.map(build, opts.programs)))

    def run(job):
        src, i = job
        report = "%s.%d.json" % (exes[src], i)
        cmd = [opts.warpcheck, "run", "--format", "json", "-o", report] + header_words(src, "RUN-OPTIONS") + \
              ["--", exes[src]] + header_words(src, "ARGS")
        try:
            subprocess.run(cmd, capture_output=True, timeout=300)
            with open(report, encoding="utf-8") as f:
                findings = json.load(f)["findings"]
            outcome = tuple(sorted({(x["rule"], x.get("line", 0)) for x in findings}))
        except (OSError, ValueError, KeyError, subprocess.TimeoutExpired) as e:
            outcome = (("error", type(e).__name__),)
        return src, outcome, report

    jobs = [(src, i) for src in opts.programs if exes[src] for i in range(opts.runs)]
    outcomes = collections.defaultdict(collections.Counter)
    kept = collections.defaultdict(dict)
    with ThreadPoolExecutor(max(1, opts.jobs)) as ex:
        for src, outcome, report in ex.map(run, jobs):
            outcomes[src][outcome] += 1
            kept[src].setdefault(outcome, report)
    keep = {r for per in kept.values() for r in per.values()}
    for src in opts.programs:
        for i in range(opts.runs):
            report = "%s.%d.json" % (exes[src], i) if exes[src] else None
            if report and report not in keep and os.path.exists(report):
                os.remove(report)
    status = 0
    for src in opts.programs:
        if not exes[src]:
            status = 1
            continue
        flaky = len(outcomes[src]) > 1
        status |= flaky
        print("%s %s" % ("FLAKY " if flaky else "stable", src))
        for outcome, n in outcomes[src].most_common():
            print("   %3d  %s  %s" % (n, ", ".join("%s:%s" % o for o in outcome) or "(nothing)",
                                      os.path.basename(kept[src][outcome])))
    return status


if __name__ == "__main__":
    sys.exit(main())
