#!/usr/bin/env python3
"""Differential test of `warpcheck run` against the reference checker.

For each tests/gpu program: compile it as run_gpu_tests.py does, run it
under `warpcheck run --trace` (the GPU detector's findings and a trace of
every event of the first launches), check the trace with
`warpcheck-reference` (the plain vector-clock implementation of
docs/run-memory-model.md), and compare the two sets of findings of the
rules both model (race-shared, race-global, fence-missing,
scope-too-narrow, warp-mask-inactive-lane, warp-mask-nonuniform), each
finding taken as its rule and the pcs it names.

Prints per program `AGREE name` or `DIFFER name` with what only one side
found, `SKIP name: why` where no comparison is possible (no trace: the
program checks no launch, or a launch was too large to trace), a summary
line, and exits 0 when every compared program agrees, 1 otherwise, 77
without a GPU.

  run_differential.py --warpcheck build/cli/warpcheck \\
      --reference build/runtime/reference/warpcheck-reference --workdir /tmp/diff [--only GLOB]
  run_differential.py --compare N.json N.ref.json    (saved reports; exit 0 agree, 1 differ)

Findings of the reference that the GPU's bounded shadow could not see are
allowed to be missing (compare_reports); they are listed as such.
"""
import argparse
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run_gpu_tests as gpu  # noqa: E402
from gpu_env import default_arch, find_nvcc, gpu_present  # noqa: E402

RULES = {"race-shared", "race-global", "fence-missing", "scope-too-narrow", "warp-mask-inactive-lane",
         "warp-mask-nonuniform"}
SYNCWARP_RULES = ("warp-mask-inactive-lane", "warp-mask-nonuniform")
# Programs whose kernels are libraries': too many events to trace (and
# cuBLAS's may use bulk tensor copies, which the format has no words for).
UNTRACEABLE = ("cub_device_ok", "cublas_ok")


def gpu_findings(report):
    """The GPU report's findings as (rule, pcs). A finding stands for every
    hazard of its source lines (the host merges an unrolled loop's
    instructions into one finding): each merged hazard's pcs (`merged_pcs`)
    count as a finding of their own, as the reference names them."""
    out = set()
    for f in report.get("findings") or []:
        if f.get("rule") not in RULES:
            continue
        run = f.get("run") or {}
        pcs = frozenset(a.get("pc") for a in run.get("accesses") or [] if a.get("pc") is not None)
        out.add((f["rule"], pcs))
        for more in run.get("merged_pcs") or []:
            out.add((f["rule"], frozenset(more)))
    return out


def reference_pcs(f):
    if f["rule"] in SYNCWARP_RULES:
        # The group's call, and the call its named lanes made instead from
        # another program point, when they did.
        return frozenset(p for p in ((f.get("syncwarp") or {}).get("pc"), (f.get("other_syncwarp") or {}).get("pc"))
                         if p is not None)
    return frozenset([(f.get("first") or {}).get("pc"), (f.get("second") or {}).get("pc")])


def reference_findings(report):
    return {(f["rule"], reference_pcs(f)) for f in report.get("findings") or [] if f.get("rule") in RULES}


def reference_unheld(report):
    """The reference's races none of whose event pairs the GPU detector's
    bounded shadow still held when the later access ran (`shadow_kept` 0:
    an earlier write another write to the word had replaced,
    runtime/reference/BoundedShadow.h). The documented bound lets the GPU
    miss exactly these; a finding without the field counts as held."""
    return {(f["rule"], reference_pcs(f)) for f in report.get("findings") or []
            if f.get("rule") in RULES and f.get("shadow_kept", 1) == 0}


def reference_failure(r, timeout):
    """Why the reference run `r` (a run_gpu_tests.Result) gave no verdict,
    or None: it exits 0 or 1 with a verdict, 2 with its reason on stderr;
    a timeout or a signal (the kernel's OOM killer) leaves no message of
    its own."""
    if r.timed_out:
        return "the reference did not finish within %d s (--warpcheck-timeout)" % timeout
    if r.code in (0, 1):
        return None
    if r.code is not None and r.code < 0:
        return "the reference was killed by signal %d (out of memory?)" % -r.code
    return "the reference rejected the trace (exit %s): %s" % (r.code, gpu.tail(r.err + r.out, 3) or "no message")


def show(items):
    return "; ".join("%s at %s" % (r, ",".join(hex(p) for p in sorted(p for p in pcs if p is not None)))
                     for r, pcs in sorted(items, key=lambda x: (x[0], sorted(p or 0 for p in x[1]))))


def compare_reports(gpu_report, ref_report):
    """("AGREE" or "DIFFER", detail). They agree when every finding of the
    GPU is one of the reference's (rule and pcs) and every finding of the
    reference is one of the GPU's, except those the GPU's bounded shadow
    could not see (reference_unheld), which are listed but allowed
    (docs/run-memory-model.md, "Checking the GPU detector against the
    reference")."""
    mine, theirs = gpu_findings(gpu_report), reference_findings(ref_report)
    missed = theirs - mine
    allowed = missed & reference_unheld(ref_report)
    why = []
    if mine - theirs:
        why.append("GPU only: " + show(mine - theirs))
    if missed - allowed:
        why.append("reference only: " + show(missed - allowed))
    if allowed:
        why.append("reference only, not in the GPU's bounded shadow (allowed): " + show(allowed))
    if mine - theirs or missed - allowed:
        return "DIFFER", " | ".join(why)
    return "AGREE", " | ".join(["%d finding(s)" % len(mine)] + why)


def untraced_launches(gpu_report):
    """Why some of the GPU report's findings have no trace, or "". A launch
    that failed, or was running when the program was killed, has findings
    (from the journal) but no trace; a child process's trace is not the
    program's. A program killed after its launches ended (crash_after_race:
    abort() after the kernel) was traced whole: the writer flushes each
    launch as it ends."""
    run = gpu_report.get("run") or {}
    said = " ".join((run.get("errors") or []) + (run.get("warnings") or []))
    if "did the kernel fail" in said:
        return "a launch failed"
    if "was running" in said:
        return "the program was killed during a launch"
    if "child process" in said:
        return "a child process ran kernels"
    return ""


def traceable(source):
    return not os.path.basename(source).startswith(UNTRACEABLE)


def exe_path(source, opts):
    return os.path.join(opts.workdir, os.path.splitext(os.path.basename(source))[0])


def compare(source, opts, compiled):
    if not traceable(source):
        return "SKIP", "a library's kernels: too many events to trace"
    exe = exe_path(source, opts)
    report, trace, ref = exe + ".json", exe + ".trace.jsonl", exe + ".ref.json"
    for stale in (report, trace, ref):
        if os.path.exists(stale):
            os.remove(stale)
    args = gpu.parse_test(source)[2]
    if compiled.result():
        return "ERROR", compiled.result()[0]
    checked = gpu.run([opts.warpcheck, "run", "--format", "json", "-o", report, "--trace", trace,
                       "--trace-launches", str(opts.launches)] + gpu.run_options(source) + ["--", exe] + args,
                      opts.warpcheck_timeout, cwd=opts.workdir)
    if checked.timed_out:
        return "ERROR", "warpcheck timed out"
    if not os.path.exists(trace):
        return "SKIP", "no trace was written"
    r = gpu.run([opts.reference, "-o", ref, trace], opts.warpcheck_timeout, cwd=opts.workdir)
    failed = reference_failure(r, opts.warpcheck_timeout)
    if failed:
        return "ERROR", failed
    with open(report, encoding="utf-8") as f:
        gpu_report = json.load(f)
    untraced = untraced_launches(gpu_report)
    if untraced:
        return "SKIP", untraced + ": not all traced"
    with open(ref, encoding="utf-8") as f:
        return compare_reports(gpu_report, json.load(f))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warpcheck")
    ap.add_argument("--reference", help="the warpcheck-reference executable")
    ap.add_argument("--workdir")
    ap.add_argument("--compare", nargs=2, metavar=("GPU.json", "REF.json"),
                    help="compare a saved GPU report with a saved reference report, no GPU needed")
    ap.add_argument("--nvcc")
    ap.add_argument("--arch")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--launches", type=int, default=8, help="launches traced per program")
    ap.add_argument("--warpcheck-timeout", type=int, default=180)
    ap.add_argument("--compile-timeout", type=int, default=300)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="programs compiled in parallel (default: the CPU count); they run one at a time")
    opts = ap.parse_args()
    if opts.compare:
        reports = []
        for path in opts.compare:
            with open(path, encoding="utf-8") as f:
                reports.append(json.load(f))
        status, detail = compare_reports(*reports)
        print("%s: %s" % (status, detail))
        return 0 if status == "AGREE" else 1
    if not (opts.warpcheck and opts.reference and opts.workdir):
        ap.error("--warpcheck, --reference and --workdir are required (or --compare)")
    ok, what = gpu_present()
    if not ok:
        print("SKIP: no NVIDIA GPU on this machine (%s); the differential test did not run" % what)
        return gpu.SKIP
    nvcc = find_nvcc(opts.nvcc)
    arch = opts.arch or default_arch()
    if not nvcc or not arch:
        print("ERROR: nvcc or the GPU's compute capability not found")
        return 2
    opts.warpcheck, opts.reference = os.path.abspath(opts.warpcheck), os.path.abspath(opts.reference)
    opts.workdir = os.path.abspath(opts.workdir)
    os.makedirs(opts.workdir, exist_ok=True)
    only = [p for arg in opts.only for p in arg.split(",") if p]
    tests = gpu.select(sorted(glob.glob(os.path.join(HERE, "*.cu"))), only, set())
    counts, results = {}, []
    compiled = gpu.compile_all([t for t in tests if traceable(t)], lambda s: exe_path(s, opts), opts, nvcc, arch)
    for source in tests:
        status, detail = compare(source, opts, compiled.get(source))
        name = os.path.splitext(os.path.basename(source))[0]
        print("%s %s: %s" % (status, name, detail), flush=True)
        counts[status] = counts.get(status, 0) + 1
        results.append({"name": name, "status": status, "detail": detail})
    with open(os.path.join(opts.workdir, "differential-results.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    print("differential: %d agree, %d differ, %d skipped, %d errors, %d programs" % (
        counts.get("AGREE", 0), counts.get("DIFFER", 0), counts.get("SKIP", 0), counts.get("ERROR", 0), len(tests)))
    return 0 if not counts.get("DIFFER") and not counts.get("ERROR") else 1


if __name__ == "__main__":
    sys.exit(main())
