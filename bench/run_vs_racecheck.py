#!/usr/bin/env python3
"""Cost of `warpcheck run` compared with compute-sanitizer's racecheck.

Compiles each bench/gpu/*.cu (nvcc -O3 -lineinfo -arch=ARCH), then runs it
natively, under `warpcheck run --format json -o DIR/NAME.warpcheck.json --`
and under `compute-sanitizer --tool racecheck --log-file DIR/NAME.racecheck.log`.
For each it takes the wall-clock time of the whole process (best of --reps
runs) and the programs' own `kernel_ms:` line (the sum of their kernel times,
CUDA events), checks that the program's output (all but the `kernel_ms:`
line) and exit code are the native ones, and counts each tool's findings
(warpcheck: the report's findings; racecheck: the hazards of its
`RACECHECK SUMMARY` line, else `ERROR SUMMARY: N errors`). Prints a table
with the slowdowns, racecheck/warpcheck ratios and their geometric means,
and writes DIR/bench-results.json. The peak GPU memory in use during each
run (nvidia-smi, polled every 0.1 s, minus what was in use before) gives the
memory overhead of each tool.

With --workloads it also runs the real programs of bench/workloads/ (a
PyTorch training loop, CuPy kernels: Python scripts, skipped with a printed
reason when their module is not installed) the same way, after one untimed
native run that warms CuPy's kernel cache.

  python3 bench/run_vs_racecheck.py --warpcheck build/cli/warpcheck --workdir /tmp/bench
  python3 bench/run_vs_racecheck.py --warpcheck build/cli/warpcheck --workdir /tmp/bench \\
      --only matmul,reduce --launches 2 --reps 1 --timeout 600

With --steady the .cu programs are measured in steady state instead: each
runs once per mode with N launches (--steady-launches, default 12;
racecheck, far slower, --racecheck-launches, default 3) and prints the time
of each launch (`launch_ms:`, CUDA events between launches, so a checker's
per-launch host work counts). The cost per launch is the median of all but
the first; the first launch's extra is its set-up (patching, the first
allocation of shadow memory). CUDA start-up drops out. Besides native,
warpcheck and racecheck it measures the **floor**: `warpcheck run
--patch-floor`, the same instructions patched with warpcheck's entry points
compiled out, the price of the Sanitizer API's callbacks alone, which no
detector on this API can go below.

  python3 bench/run_vs_racecheck.py --warpcheck build/cli/warpcheck --workdir /tmp/bs --steady --reps 1

Exit status: 0 when every program ran with the native output under each
tool, 1 when an output, an exit code or a compile differed or failed (or a
tool timed out), 2 on a usage error, 77 (with a printed reason) when there is
no GPU.
"""
import argparse
import fnmatch
import glob
import json
import math
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(BENCH), "tests", "gpu"))
from gpu_env import default_arch, find_nvcc, find_sanitizer, gpu_present  # noqa: E402
SKIP = 77
KERNEL_MS_RE = re.compile(r"^kernel_ms:\s*([0-9.eE+-]+)\s*$", re.M)
LAUNCH_MS_RE = re.compile(r"^launch_ms:((?:\s+[0-9.eE+-]+)*)\s*$", re.M)
ERROR_SUMMARY_RE = re.compile(r"ERROR SUMMARY:\s*(\d+)\s+errors?")
RACECHECK_SUMMARY_RE = re.compile(r"RACECHECK SUMMARY:\s*(\d+)\s+hazards?\s+displayed\s*"
                                  r"\((\d+)\s+errors?,\s*(\d+)\s+warnings?\)")


def run(cmd, timeout, cwd=None):
    """(exit code, stdout, stderr, wall seconds, timed out) of cmd, run in its
    own process group, all of which is killed on timeout."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    except OSError as e:
        return None, "", str(e), 0.0, False
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        timed_out = True
    wall = time.monotonic() - start
    return (proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
            wall, timed_out)


class GpuMemoryPoller:
    """Peak GPU memory in use (MiB, GPU 0, all processes) while running,
    minus the amount in use when it started; None without nvidia-smi."""

    QUERY = ["nvidia-smi", "--query-gpu=memory.used", "--format=csv,noheader,nounits", "-i", "0"]

    def __init__(self):
        self.base = self._read()
        self.peak = self.base
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _read(self):
        try:
            out = subprocess.run(self.QUERY, capture_output=True, text=True, timeout=10).stdout
            return int(out.strip().splitlines()[0])
        except (OSError, ValueError, IndexError, subprocess.TimeoutExpired):
            return None

    def _loop(self):
        while not self._stop.wait(0.1):
            used = self._read()
            if used is not None and (self.peak is None or used > self.peak):
                self.peak = used

    def __enter__(self):
        if self.base is not None:
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def used_mib(self):
        return None if self.base is None or self.peak is None else self.peak - self.base


def program_output(stdout):
    """What must match the native run: stdout without the timing line and
    without any sanitizer banner lines."""
    return "\n".join(l for l in stdout.splitlines()
                     if not l.startswith(("kernel_ms:", "launch_ms:", "=========")))


def launch_ms(stdout):
    m = LAUNCH_MS_RE.search(stdout)
    return [float(x) for x in m.group(1).split()] if m else None


def kernel_ms(stdout):
    m = KERNEL_MS_RE.findall(stdout)
    return sum(float(x) for x in m) if m else None


def measure(cmd, opts, after=None):
    """Best of up to opts.reps runs (a run over opts.repeat_below seconds is
    not repeated). after(code, out, err) -> dict of extra fields, read from
    the last run."""
    best_wall, best_ms, last, peak_mib = None, None, None, None
    runs = []
    for _ in range(opts.reps):
        with GpuMemoryPoller() as memory:
            code, out, err, wall, timed_out = run(cmd, opts.timeout, cwd=opts.workdir)
        if memory.used_mib() is not None:
            peak_mib = max(peak_mib or 0, memory.used_mib())
        runs.append(round(wall, 3))
        last = {"exit_code": code, "stdout": out, "stderr": err, "timed_out": timed_out}
        if timed_out or code is None:
            best_wall = None
            break
        ms = kernel_ms(out)
        best_wall = wall if best_wall is None else min(best_wall, wall)
        if ms is not None:
            best_ms = ms if best_ms is None else min(best_ms, ms)
        if wall > opts.repeat_below:
            break
    res = {"wall_s": best_wall, "kernel_ms": best_ms, "runs_s": runs, "gpu_mib": peak_mib,
           "launch_ms": launch_ms(last["stdout"]),
           "exit_code": last["exit_code"], "timed_out": last["timed_out"],
           "output": program_output(last["stdout"]), "stderr_tail": "\n".join(last["stderr"].splitlines()[-15:])}
    if after:
        res.update(after(last["exit_code"], last["stdout"], last["stderr"]))
    return res


def warpcheck_findings(report):
    def read(code, out, err):
        try:
            with open(report, encoding="utf-8") as f:
                doc = json.load(f)
            findings = doc.get("findings", [])
            rules = {}
            for x in findings:
                rules[x.get("rule")] = rules.get(x.get("rule"), 0) + 1
            # Device memory warpcheck held (reports since 2026-11-29).
            memory = (doc.get("run") or {}).get("device_memory")
            return {"findings": len(findings), "rules": rules, "report": report, "device_memory": memory}
        except (OSError, ValueError, AttributeError) as e:
            return {"findings": None, "report_error": str(e), "report": report}
    return read


def racecheck_findings(log):
    def read(code, out, err):
        text = out + "\n" + err
        try:
            with open(log, encoding="utf-8", errors="replace") as f:
                text = f.read() + "\n" + text
        except OSError:
            pass
        # racecheck ends with `RACECHECK SUMMARY: N hazards displayed (E errors,
        # W warnings)`; other tools (and errors of the run) with `ERROR SUMMARY`.
        res = {"findings": None, "hazards": None, "log": log}
        m = RACECHECK_SUMMARY_RE.search(text)
        if m:
            res["findings"] = res["hazards"] = int(m.group(1))
            res["hazard_errors"], res["hazard_warnings"] = int(m.group(2)), int(m.group(3))
        m = ERROR_SUMMARY_RE.search(text)
        if m:
            res["errors"] = int(m.group(1))
            if res["findings"] is None:
                res["findings"] = res["errors"]
        return res
    return read


def workload_missing_module(script):
    """The module a workload's `# requires: MODULE` line names when it cannot
    be imported here, else None."""
    with open(script, encoding="utf-8") as f:
        m = re.search(r"^# requires: (\w+)", f.read(), re.M)
    if not m:
        return None
    probe = subprocess.run([sys.executable, "-c", "import " + m.group(1)], capture_output=True)
    return None if probe.returncode == 0 else m.group(1)


def ratio(a, b):
    return a / b if a is not None and b else None


def geomean(values):
    vals = [v for v in values if v is not None and v > 0]
    return math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else None


def fmt(v, unit="", digits=3):
    if v is None:
        return "-"
    if unit == "x":
        return "%.1fx" % v if v >= 10 else "%.2fx" % v
    return ("%." + str(digits) + "f") % v


def table(rows, headers):
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = lambda cells: "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    out = [line(headers), line(["-" * w for w in widths])]
    out += [line(r) for r in rows]
    return "\n".join(out)


def median(values):
    v = sorted(values)
    return (v[len(v) // 2] + v[(len(v) - 1) // 2]) / 2


def steady_main(opts, sources, nvcc, arch, gpu, warpcheck, sanitizer):
    """--steady: per-launch cost of each mode from the programs' launch_ms lines."""
    n, rc_n = opts.steady_launches, opts.racecheck_launches
    if n < 2 or rc_n < 2:
        print("ERROR: --steady-launches and --racecheck-launches need at least 2 launches")
        return 2
    sources = [s for s in sources if s.endswith(".cu")]
    wanted = set(opts.steady_modes.split(",")) | {"native"}
    print("bench --steady: %d programs on %s (%s); %d launches (racecheck %d); best of %d; warpcheck %s" % (
        len(sources), gpu, arch, n, rc_n, opts.reps, warpcheck or "-"))
    sys.stdout.flush()
    results, problems = [], []
    for src in sources:
        name = os.path.splitext(os.path.basename(src))[0]
        exe = os.path.join(opts.workdir, name)
        entry = {"name": name, "source": src}
        results.append(entry)
        code, _, err, _, _ = run([nvcc, "-O3", "-lineinfo", "-arch=" + arch, "-o", exe, src], 600)
        if code != 0:
            problems.append("%s: compile failed:\n%s" % (name, err[-2000:]))
            continue
        modes = [("native", lambda k: [exe, str(k)], n, None)]
        if warpcheck:
            report = os.path.join(opts.workdir, name + ".steady.json")
            modes.append(("floor", lambda k: [warpcheck, "run", "--patch-floor", "--format", "json", "-o",
                                              report] + opts.warpcheck_arg + ["--", exe, str(k)], n, None))
            modes.append(("warpcheck", lambda k: [warpcheck, "run", "--format", "json", "-o", report] +
                          opts.warpcheck_arg + ["--", exe, str(k)], n, warpcheck_findings(report)))
        if sanitizer:
            log = os.path.join(opts.workdir, name + ".steady.racecheck.log")
            modes.append(("racecheck", lambda k: [sanitizer, "--tool", "racecheck", "--log-file", log, exe, str(k)],
                          rc_n, racecheck_findings(log)))
        for mode, cmd, launches, after in modes:
            if mode not in wanted:
                continue
            r = measure(cmd(launches), opts, after)
            times = r.get("launch_ms")
            if r["timed_out"] or not times or len(times) < 2:
                problems.append("%s: %s did not finish with a launch_ms line of %d launches (timeout %ds)" % (
                    name, mode, launches, opts.timeout))
                entry[mode] = {"failed": True}
                print("%s: %s failed or timed out" % (name, mode))
                continue
            per = median(times[1:])
            entry[mode] = {"per_launch_ms": per, "first_launch_setup_ms": max(0.0, times[0] - per),
                           "launch_ms": times, "gpu_mib": r["gpu_mib"], "findings": r.get("findings"),
                           "device_memory": r.get("device_memory")}
            print("%s: %s %.4f ms/launch (launches 2-%d: %.4f-%.4f), first-launch set-up %.1f ms, findings %s" % (
                name, mode, per, len(times), min(times[1:]), max(times[1:]), entry[mode]["first_launch_setup_ms"],
                r.get("findings")))
            sys.stdout.flush()
        base = entry.get("native", {}).get("per_launch_ms")
        for mode in ("floor", "warpcheck", "racecheck"):
            if mode in entry and "per_launch_ms" in entry[mode]:
                entry[mode]["slowdown"] = ratio(entry[mode]["per_launch_ms"], base)
        entry["warpcheck_over_floor"] = ratio(entry.get("warpcheck", {}).get("per_launch_ms"),
                                              entry.get("floor", {}).get("per_launch_ms"))
        entry["racecheck_over_warpcheck"] = ratio(entry.get("racecheck", {}).get("per_launch_ms"),
                                                  entry.get("warpcheck", {}).get("per_launch_ms"))

    def get(e, mode, key):
        return e.get(mode, {}).get(key)

    def memory(e):
        """warpcheck's shadow bytes per byte of shadowed allocation, and its
        detector state in MiB: "6.0 B/B, 310 MiB"."""
        m = get(e, "warpcheck", "device_memory")
        if not m:
            return "-"
        per = m["global_shadow_bytes"] / m["global_shadowed_bytes"] if m.get("global_shadowed_bytes") else None
        return "%s B/B, %s MiB" % (fmt(per, digits=1), fmt(m["detector_bytes"] / 2.0 ** 20, digits=0))

    rows = []
    for e in results:
        rows.append([e["name"], fmt(get(e, "native", "per_launch_ms"), digits=4),
                     fmt(get(e, "floor", "slowdown"), "x"), fmt(get(e, "warpcheck", "slowdown"), "x"),
                     fmt(get(e, "racecheck", "slowdown"), "x"), fmt(e.get("warpcheck_over_floor"), "x"),
                     fmt(e.get("racecheck_over_warpcheck"), "x"),
                     fmt(get(e, "warpcheck", "first_launch_setup_ms"), digits=1),
                     fmt(get(e, "racecheck", "first_launch_setup_ms"), digits=1),
                     "%s / %s / %s" % tuple(fmt(get(e, m, "gpu_mib"), digits=0) for m in ("native", "warpcheck", "racecheck")),
                     memory(e), str(get(e, "warpcheck", "findings"))])
    gm = {k: geomean(v) for k, v in {
        "floor_slowdown": [get(e, "floor", "slowdown") for e in results],
        "warpcheck_slowdown": [get(e, "warpcheck", "slowdown") for e in results],
        "racecheck_slowdown": [get(e, "racecheck", "slowdown") for e in results],
        "warpcheck_over_floor": [e.get("warpcheck_over_floor") for e in results],
        "racecheck_over_warpcheck": [e.get("racecheck_over_warpcheck") for e in results]}.items()}
    worst = max((e for e in results if get(e, "warpcheck", "slowdown")), key=lambda e: get(e, "warpcheck", "slowdown"),
                default=None)
    rows.append(["geomean", "", fmt(gm["floor_slowdown"], "x"), fmt(gm["warpcheck_slowdown"], "x"),
                 fmt(gm["racecheck_slowdown"], "x"), fmt(gm["warpcheck_over_floor"], "x"),
                 fmt(gm["racecheck_over_warpcheck"], "x"), "", "", "", "", ""])
    print()
    print("Steady state, per launch (kernels only, CUDA events; slowdowns against native):")
    print(table(rows, ["program", "native ms", "floor", "warpcheck", "racecheck", "wc/floor", "rc/wc",
                       "wc set-up ms", "rc set-up ms", "peak MiB native / wc / rc", "wc shadow, detector",
                       "wc findings"]))
    if worst:
        print("worst: %s at %s native" % (worst["name"], fmt(get(worst, "warpcheck", "slowdown"), "x")))
    if problems:
        print()
        print("Problems:")
        for p in problems:
            print("- " + p)
    doc = {"gpu": gpu, "arch": arch, "warpcheck": warpcheck, "compute_sanitizer": sanitizer, "steady": True,
           "launches": n, "racecheck_launches": rc_n, "programs": results, "geomean": gm, "problems": problems}
    with open(os.path.join(opts.workdir, "bench-steady.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.write("\n")
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warpcheck", required=True, help="the warpcheck executable")
    ap.add_argument("--nvcc", help="nvcc (default: on PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)")
    ap.add_argument("--compute-sanitizer", dest="sanitizer",
                    help="compute-sanitizer (default: PATH, /usr/local/cuda/compute-sanitizer, $CUDA_HOME)")
    ap.add_argument("--arch", help="e.g. sm_90 (default: the first GPU's compute capability)")
    ap.add_argument("--workdir", required=True, help="binaries, reports, logs and bench-results.json")
    ap.add_argument("--reps", type=int, default=3, help="runs per program and mode, the best counts (3)")
    ap.add_argument("--repeat-below", type=float, default=120.0,
                    help="a run longer than this many seconds is not repeated (120)")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds before one run is killed (1800)")
    ap.add_argument("--launches", type=int, help="kernel launches per program (default: each program's own)")
    ap.add_argument("--steady", action="store_true",
                    help="steady-state cost per launch, with the floor (see above); .cu programs only")
    ap.add_argument("--steady-launches", type=int, default=12, help="launches per run for --steady (12)")
    ap.add_argument("--racecheck-launches", type=int, default=3, help="launches of racecheck for --steady (3)")
    ap.add_argument("--steady-modes", default="native,floor,warpcheck,racecheck",
                    help="modes measured by --steady (comma-separated; native is always measured)")
    ap.add_argument("--only", action="append", default=[], help="programs to run (globs, repeatable or comma-separated)")
    ap.add_argument("--no-racecheck", action="store_true", help="skip compute-sanitizer")
    ap.add_argument("--no-warpcheck", action="store_true", help="skip warpcheck")
    ap.add_argument("--warpcheck-arg", action="append", default=[],
                    help="extra `warpcheck run` option, e.g. --warpcheck-arg=--no-global (repeatable)")
    ap.add_argument("--sources", default=os.path.join(BENCH, "gpu"), help="directory of the .cu programs")
    ap.add_argument("--workloads", action="store_true",
                    help="also run the Python workloads of bench/workloads/ (PyTorch, CuPy)")
    ap.add_argument("--workloads-only", action="store_true", help="only the Python workloads")
    ap.add_argument("--sass-cache", action="store_true",
                    help="let warpcheck read nvdisasm's listings from its cache (off by default: the first "
                         "launch's set-up then does not depend on earlier runs)")
    opts = ap.parse_args()
    if not opts.sass_cache:
        opts.warpcheck_arg = ["--no-sass-cache"] + opts.warpcheck_arg

    ok, gpu = gpu_present()
    if not ok:
        print("SKIP: no NVIDIA GPU on this machine (%s); the GPU benchmarks did not run" % gpu)
        return SKIP
    nvcc = find_nvcc(opts.nvcc)
    if not nvcc:
        print("ERROR: nvcc not found; pass --nvcc")
        return 2
    arch = opts.arch or default_arch()
    if not arch:
        print("ERROR: could not read the GPU's compute capability; pass --arch")
        return 2
    warpcheck = None if opts.no_warpcheck else os.path.abspath(opts.warpcheck)
    if warpcheck and not os.access(warpcheck, os.X_OK):
        print("ERROR: %s is not an executable" % warpcheck)
        return 2
    sanitizer = None if opts.no_racecheck else find_sanitizer(opts.sanitizer, nvcc)
    if not sanitizer and not opts.no_racecheck:
        print("note: compute-sanitizer not found; racecheck columns are empty")
    opts.workdir = os.path.abspath(opts.workdir)
    os.makedirs(opts.workdir, exist_ok=True)

    only = [p for a in opts.only for p in a.split(",") if p]
    sources = [] if opts.workloads_only else sorted(glob.glob(os.path.join(opts.sources, "*.cu")))
    if opts.workloads or opts.workloads_only:
        sources += sorted(glob.glob(os.path.join(BENCH, "workloads", "*.py")))
    if only:
        sources = [s for s in sources
                   if any(fnmatch.fnmatchcase(os.path.splitext(os.path.basename(s))[0], p) for p in only)]
    if not sources:
        print("ERROR: no program selected")
        return 2
    args = [str(opts.launches)] if opts.launches is not None else []

    if opts.steady:
        return steady_main(opts, sources, nvcc, arch, gpu, warpcheck, sanitizer)
    print("bench: %d programs on %s (%s); best of %d; nvcc %s; warpcheck %s; compute-sanitizer %s" % (
        len(sources), gpu, arch, opts.reps, nvcc, warpcheck or "-", sanitizer or "-"))
    sys.stdout.flush()
    results, problems = [], []
    for src in sources:
        name = os.path.splitext(os.path.basename(src))[0]
        exe = os.path.join(opts.workdir, name)
        entry = {"name": name, "source": src, "args": args}
        results.append(entry)
        if src.endswith(".py"):
            missing = workload_missing_module(src)
            if missing:
                entry["skipped"] = "no module %s" % missing
                print("%s: SKIP: python module '%s' is not installed" % (name, missing))
                continue
            exe, err = sys.executable, ""
            entry_args = [src]  # --launches is for the .cu programs
            # Untimed: fills CuPy's kernel cache (NVRTC) and the OS's file
            # cache, which would otherwise make the first (native) run slowest.
            code, _, err, _, _ = run([exe] + entry_args, opts.timeout, cwd=opts.workdir)
            failed = "the warm-up run failed (exit %s)" % code
        else:
            code, out, err, wall, _ = run([nvcc, "-O3", "-lineinfo", "-arch=" + arch, "-o", exe, src], 600)
            entry_args = args
            failed = "compile failed"
        if code != 0:
            entry["error"] = failed
            problems.append("%s: %s:\n%s" % (name, failed, err[-2000:]))
            print("%s: %s" % (name, failed))
            continue
        native = measure([exe] + entry_args, opts)
        entry["native"] = native
        print("%s: native %s s (kernels %s ms)" % (name, fmt(native["wall_s"]), fmt(native["kernel_ms"])))
        sys.stdout.flush()
        if native["wall_s"] is None or native["exit_code"] != 0:
            problems.append("%s: the native run failed (exit %s)\n%s" % (name, native["exit_code"], native["stderr_tail"]))
        modes = []
        if warpcheck:
            report = os.path.join(opts.workdir, name + ".warpcheck.json")
            if os.path.exists(report):
                os.remove(report)
            modes.append(("warpcheck", [warpcheck, "run", "--format", "json", "-o", report] + opts.warpcheck_arg +
                          ["--", exe] + entry_args,
                          warpcheck_findings(report)))
        if sanitizer:
            log = os.path.join(opts.workdir, name + ".racecheck.log")
            modes.append(("racecheck", [sanitizer, "--tool", "racecheck", "--log-file", log, exe] + entry_args,
                          racecheck_findings(log)))
        for mode, cmd, after in modes:
            res = measure(cmd, opts, after)
            res["command"] = " ".join(shlex.quote(c) for c in cmd)
            res["output_matches"] = (not res["timed_out"] and res["output"] == native["output"]
                                     and res["exit_code"] == native["exit_code"])
            entry[mode] = res
            state = "timed out after %ds" % opts.timeout if res["timed_out"] else \
                "%s s (kernels %s ms), %s findings" % (fmt(res["wall_s"]), fmt(res["kernel_ms"]), res.get("findings"))
            print("%s: %s %s%s" % (name, mode, state,
                                   "" if res["output_matches"] or res["timed_out"] else ", OUTPUT DIFFERS"))
            sys.stdout.flush()
            if res["timed_out"]:
                problems.append("%s: %s timed out after %ds" % (name, mode, opts.timeout))
            elif not res["output_matches"]:
                problems.append("%s: under %s the output or exit code differs (exit %s, native %s)\n"
                                "  native: %r\n  %s: %r\n%s" % (
                                    name, mode, res["exit_code"], native["exit_code"], native["output"],
                                    mode, res["output"], res["stderr_tail"]))
        for mode in ("warpcheck", "racecheck"):
            if mode in entry:
                entry[mode]["slowdown"] = ratio(entry[mode]["wall_s"], native["wall_s"])
                entry[mode]["kernel_slowdown"] = ratio(entry[mode]["kernel_ms"], native["kernel_ms"])
        wc, rc = entry.get("warpcheck", {}), entry.get("racecheck", {})
        entry["racecheck_over_warpcheck"] = ratio(rc.get("wall_s"), wc.get("wall_s"))
        entry["racecheck_over_warpcheck_kernels"] = ratio(rc.get("kernel_ms"), wc.get("kernel_ms"))

    def col(e, mode, key):
        return e.get(mode, {}).get(key)

    rows = []
    for e in results:
        rows.append([e["name"], fmt(col(e, "native", "wall_s")), fmt(col(e, "warpcheck", "wall_s")),
                     fmt(col(e, "racecheck", "wall_s")), fmt(col(e, "warpcheck", "slowdown"), "x"),
                     fmt(col(e, "racecheck", "slowdown"), "x"), fmt(e.get("racecheck_over_warpcheck"), "x"),
                     str(col(e, "warpcheck", "findings")) if "warpcheck" in e else "-",
                     str(col(e, "racecheck", "findings")) if "racecheck" in e else "-"])
    gm = {
        "warpcheck_slowdown": geomean(col(e, "warpcheck", "slowdown") for e in results),
        "racecheck_slowdown": geomean(col(e, "racecheck", "slowdown") for e in results),
        "racecheck_over_warpcheck": geomean(e.get("racecheck_over_warpcheck") for e in results),
        "warpcheck_kernel_slowdown": geomean(col(e, "warpcheck", "kernel_slowdown") for e in results),
        "racecheck_kernel_slowdown": geomean(col(e, "racecheck", "kernel_slowdown") for e in results),
        "racecheck_over_warpcheck_kernels": geomean(e.get("racecheck_over_warpcheck_kernels") for e in results),
    }
    rows.append(["geomean", "", "", "", fmt(gm["warpcheck_slowdown"], "x"), fmt(gm["racecheck_slowdown"], "x"),
                 fmt(gm["racecheck_over_warpcheck"], "x"), "", ""])
    print()
    print("Whole process, wall clock (best of %d):" % opts.reps)
    print(table(rows, ["program", "native s", "warpcheck s", "racecheck s", "wc slowdown", "rc slowdown",
                       "rc/wc", "wc findings", "rc findings"]))
    krows = []
    for e in results:
        krows.append([e["name"], fmt(col(e, "native", "kernel_ms")), fmt(col(e, "warpcheck", "kernel_ms")),
                      fmt(col(e, "racecheck", "kernel_ms")), fmt(col(e, "warpcheck", "kernel_slowdown"), "x"),
                      fmt(col(e, "racecheck", "kernel_slowdown"), "x"),
                      fmt(e.get("racecheck_over_warpcheck_kernels"), "x")])
    krows.append(["geomean", "", "", "", fmt(gm["warpcheck_kernel_slowdown"], "x"),
                  fmt(gm["racecheck_kernel_slowdown"], "x"), fmt(gm["racecheck_over_warpcheck_kernels"], "x")])
    print()
    print("Kernels only (the programs' kernel_ms, CUDA events):")
    print(table(krows, ["program", "native ms", "warpcheck ms", "racecheck ms", "wc slowdown", "rc slowdown",
                        "rc/wc"]))
    mrows = []
    for e in results:
        mrows.append([e["name"], fmt(col(e, "native", "gpu_mib"), digits=0), fmt(col(e, "warpcheck", "gpu_mib"), digits=0),
                      fmt(col(e, "racecheck", "gpu_mib"), digits=0),
                      fmt(ratio(col(e, "warpcheck", "gpu_mib"), col(e, "native", "gpu_mib")), "x"),
                      fmt(ratio(col(e, "racecheck", "gpu_mib"), col(e, "native", "gpu_mib")), "x")])
    print()
    print("Peak GPU memory in use during the run (MiB, nvidia-smi):")
    print(table(mrows, ["program", "native", "warpcheck", "racecheck", "wc/native", "rc/native"]))
    if problems:
        print()
        print("Problems:")
        for p in problems:
            print("- " + p)
    doc = {"gpu": gpu, "arch": arch, "nvcc": nvcc, "warpcheck": warpcheck, "compute_sanitizer": sanitizer,
           "reps": opts.reps, "launches": opts.launches, "programs": results, "geomean": gm,
           "problems": problems}
    with open(os.path.join(opts.workdir, "bench-results.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.write("\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
