#!/usr/bin/env python3
"""GPU tests of `warpcheck run`: small CUDA programs with known bugs.

Each tests/gpu/*.cu is a standalone program (its own main) holding a known
race or synchronisation bug, or its fixed twin, or a clean program. The file
says what warpcheck must find, in comment lines:

  // EXPECT: <rule> <marker> [<marker>...]   one finding of <rule> that mentions
                                             the line tagged `// @<marker>`
                                             (several markers: the same finding
                                             mentions every one of them)
  // EXPECT-NONE                             no finding at all
  // EXPECT-MESSAGE: <regex>                 one of the run's errors or warnings
                                             (the report's run.errors/warnings)
                                             matches <regex>
  // KNOWN-MISS: <rule> <why>                 an EXPECT of <rule> that warpcheck is
                                             known to miss today (the reason is
                                             printed): the test is XFAIL while that
                                             is the only failure, and FAILs as
                                             XPASS once the finding comes
  // ARGS: <args>                            program arguments (shell words)
  // RUN-OPTIONS: <options>                  options of `warpcheck run` itself
                                             (shell words: --sample-blocks 8)
  // NVCC: <args>                            extra nvcc arguments (-lcublas)

A line is tagged by ending it with the comment `// @<marker>`. A finding
mentions a line when its own `line`, or the `line` of one of its notes, is
that line (in that file: a position whose `file` has another base name does
not count; an empty `file` does).

For each program: compile it (nvcc -O2 -lineinfo -arch=ARCH), run it natively,
run it under `warpcheck run --format json -o DIR/NAME.json -- DIR/NAME ARGS`,
then check that
  (a) the program prints the same stdout and exits with the same code under
      warpcheck as natively;
  (b) every EXPECT line is matched by a finding;
  (c) no finding has a rule that no EXPECT line names (with EXPECT-NONE: no
      finding at all);
  (d) the report parses as JSON and its `command` is "run".

Prints `PASS name` / `XFAIL name: why` / `FAIL name: reasons` per test and a
summary (XFAIL counts as passed: a known miss, said each time), writes
DIR/gpu-results.json, and exits 0 when every test passed, 1 otherwise, 2 on
a usage error, and 77 (the ctest skip code) when there is no GPU or no nvcc.

  run_gpu_tests.py --warpcheck build/cli/warpcheck --workdir /tmp/gpu
  run_gpu_tests.py --warpcheck build/cli/warpcheck --workdir /tmp/gpu --only 'syncwarp_*'
  run_gpu_tests.py --warpcheck build/cli/warpcheck --workdir /tmp/gpu tiled_loop_bug
"""
import argparse
import concurrent.futures
import fnmatch
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gpu_env import default_arch, find_nvcc, gpu_present  # noqa: E402
SKIP = 77

EXPECT_RE = re.compile(r"^\s*//\s*EXPECT:\s*(\S+)\s+(.*?)\s*$")
KNOWN_MISS_RE = re.compile(r"^\s*//\s*KNOWN-MISS:\s*(\S+)\s+(.*?)\s*$")
EXPECT_NONE_RE = re.compile(r"^\s*//\s*EXPECT-NONE\s*$")
ARGS_RE = re.compile(r"^\s*//\s*ARGS:(.*)$")
NVCC_RE = re.compile(r"^\s*//\s*NVCC:(.*)$")
MESSAGE_RE = re.compile(r"^\s*//\s*EXPECT-MESSAGE:\s*(.*?)\s*$")
RUN_OPTIONS_RE = re.compile(r"^\s*//\s*RUN-OPTIONS:(.*)$")


def run_options(path):
    """Options of `warpcheck run` the test asks for (// RUN-OPTIONS: lines)."""
    with open(path, encoding="utf-8") as f:
        return [o for m in (RUN_OPTIONS_RE.match(line) for line in f) if m for o in shlex.split(m.group(1))]


def expected_messages(path):
    """Patterns the run's errors or warnings must match (// EXPECT-MESSAGE: lines)."""
    with open(path, encoding="utf-8") as f:
        return [m.group(1) for m in (MESSAGE_RE.match(line) for line in f) if m]


def check_messages(report_path, patterns):
    """Reasons the run's messages miss an expected pattern (empty: none missed)."""
    if not patterns:
        return []
    try:
        with open(report_path, encoding="utf-8") as f:
            run = json.load(f).get("run") or {}
    except (OSError, ValueError, AttributeError):
        return ["no readable report to look for messages in"]
    said = [m for key in ("errors", "warnings") for m in run.get(key) or [] if isinstance(m, str)]
    return ["no run error or warning matches %r (got: %s)" % (p, "; ".join(said) or "none")
            for p in patterns if not any(re.search(p, m) for m in said)]


def nvcc_args(path):
    """Extra nvcc arguments a test asks for (// NVCC: lines)."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = NVCC_RE.match(line)
            if m:
                out += shlex.split(m.group(1))
    return out
MARKER_RE = re.compile(r"//\s*@([A-Za-z0-9_.-]+)\s*$")


class Result:
    """What one run of a child process gave."""

    def __init__(self, cmd, code, out, err, seconds, timed_out):
        self.cmd, self.code, self.out, self.err = cmd, code, out, err
        self.seconds, self.timed_out = seconds, timed_out


def run(cmd, timeout, cwd=None):
    """Runs cmd in its own process group; on timeout the whole group is
    killed (warpcheck's child, the program, too)."""
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    except OSError as e:
        return Result(cmd, None, b"", str(e).encode(), 0.0, False)
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
    return Result(cmd, proc.returncode, out, err, time.monotonic() - start, timed_out)


def tail(data, lines=20):
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    rows = text.rstrip("\n").splitlines()
    return "\n".join(rows[-lines:])


def parse_test(path):
    """The expectations of one test file: (expects, none, args, markers, errors).
    expects: [(rule, [marker...], source line of the EXPECT)]."""
    expects, none, args, markers, errors = [], False, [], {}, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = EXPECT_RE.match(line)
            if m:
                names = m.group(2).split()
                if not names:
                    errors.append("line %d: EXPECT needs a rule and a marker" % number)
                expects.append((m.group(1), names, number))
                continue
            if EXPECT_NONE_RE.match(line):
                none = True
                continue
            m = ARGS_RE.match(line)
            if m:
                args += shlex.split(m.group(1))
                continue
            m = MARKER_RE.search(line)
            if m:
                if m.group(1) in markers:
                    errors.append("marker @%s tags lines %d and %d" % (m.group(1), markers[m.group(1)], number))
                markers[m.group(1)] = number
    if none and expects:
        errors.append("both EXPECT-NONE and EXPECT lines")
    if not none and not expects:
        errors.append("no EXPECT or EXPECT-NONE line")
    for rule, names, number in expects:
        for n in names:
            if n not in markers:
                errors.append("line %d: no line is tagged // @%s" % (number, n))
    return expects, none, args, markers, errors


def positions(finding):
    """(file, line) of a finding and of each of its notes."""
    out = [(finding.get("file", ""), finding.get("line"))]
    for note in finding.get("notes", []) or []:
        if isinstance(note, dict):
            out.append((note.get("file", ""), note.get("line")))
    return out


def mentions(finding, source, line):
    base = os.path.basename(source)
    for f, l in positions(finding):
        if l == line and (not f or os.path.basename(f) == base):
            return True
    return False


def describe(finding):
    where = ", ".join("%s:%s" % (os.path.basename(f or "?"), l) for f, l in positions(finding))
    return "%s at %s" % (finding.get("rule"), where)


def check_report(report_path, source, expects, none, markers):
    """Reasons the report fails the expectations (empty: it passes), and the
    findings in a short form for the results file."""
    reasons = []
    try:
        with open(report_path, encoding="utf-8") as f:
            report = json.load(f)
    except OSError as e:
        return ["no report (%s)" % e.strerror], []
    except ValueError as e:
        return ["the report is not JSON: %s" % e], []
    if not isinstance(report, dict):
        return ["the report is not a JSON object"], []
    if report.get("command") != "run":
        reasons.append("report command is %r, not 'run'" % report.get("command"))
    findings = report.get("findings")
    if not isinstance(findings, list):
        return reasons + ["the report has no findings array"], []
    findings = [f for f in findings if isinstance(f, dict)]
    short = [{"rule": f.get("rule"), "file": f.get("file"), "line": f.get("line"),
              "notes": [{"file": n.get("file"), "line": n.get("line")}
                        for n in f.get("notes", []) or [] if isinstance(n, dict)]}
             for f in findings]
    if none:
        if findings:
            reasons.append("expected no finding, got %d: %s" % (
                len(findings), "; ".join(describe(f) for f in findings[:5])))
        return reasons, short
    for rule, names, _ in expects:
        lines = [markers[n] for n in names]
        if not any(f.get("rule") == rule and all(mentions(f, source, l) for l in lines) for f in findings):
            want = " and ".join("@%s (line %d)" % (n, markers[n]) for n in names)
            got = [describe(f) for f in findings if f.get("rule") == rule]
            reasons.append("missing %s mentioning %s%s" % (
                rule, want, " (got: %s)" % "; ".join(got[:5]) if got else ""))
    allowed = {rule for rule, _, _ in expects}
    extra = [f for f in findings if f.get("rule") not in allowed]
    if extra:
        reasons.append("unexpected finding(s): %s" % "; ".join(describe(f) for f in extra[:5]))
    return reasons, short


def compile_test(source, exe, opts, nvcc, arch):
    """Builds one test program; None when it built, else (reason, output tail)."""
    if os.path.exists(exe):
        os.remove(exe)
    # Compile from the test's directory, so -lineinfo records the bare name.
    c = run([nvcc, "-O2", "-lineinfo", "-arch=" + arch, "-o", exe, os.path.basename(source)] + nvcc_args(source),
            opts.compile_timeout, cwd=os.path.dirname(source))
    if c.code != 0:
        return "compile failed" + (" (timed out)" if c.timed_out else ""), tail(c.err + c.out)
    return None


def compile_all(sources, exe_of, opts, nvcc, arch):
    """Starts compiling every test on opts.jobs threads; returns {source: future}.

    Only the compiles run in parallel: the programs themselves run one at a
    time, so their timings and the GPU are not shared."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs))
    futures = {s: pool.submit(compile_test, s, exe_of(s), opts, nvcc, arch) for s in sources}
    pool.shutdown(wait=False)
    return futures


def run_test(source, opts, nvcc, arch, compiled=None):
    name = os.path.splitext(os.path.basename(source))[0]
    entry = {"name": name, "source": source, "status": "FAIL", "reasons": []}
    expects, none, args, markers, errors = parse_test(source)
    entry["expect"] = "none" if none else [{"rule": r, "markers": n} for r, n, _ in expects]
    if errors:
        entry["reasons"] = ["bad test file: " + e for e in errors]
        return entry, ""
    exe = os.path.join(opts.workdir, name)
    report = exe + ".json"
    if os.path.exists(report):
        os.remove(report)
    failure = compiled.result() if compiled else compile_test(source, exe, opts, nvcc, arch)
    if failure:
        entry["reasons"] = [failure[0]]
        return entry, failure[1]

    native = run([exe] + args, opts.native_timeout, cwd=opts.workdir)
    entry["native"] = {"exit_code": native.code, "seconds": round(native.seconds, 3)}
    if native.timed_out:
        entry["reasons"] = ["the native run timed out after %ds" % opts.native_timeout]
        return entry, tail(native.err)

    cmd = [opts.warpcheck, "run", "--format", "json", "-o", report] + run_options(source) + ["--", exe] + args
    checked = run(cmd, opts.warpcheck_timeout, cwd=opts.workdir)
    entry["warpcheck"] = {"command": " ".join(shlex.quote(a) for a in cmd),
                          "exit_code": checked.code, "seconds": round(checked.seconds, 3),
                          "report": report}
    reasons = []
    if checked.timed_out:
        reasons.append("warpcheck timed out after %ds" % opts.warpcheck_timeout)
    else:
        if checked.out != native.out:
            reasons.append("stdout differs from the native run (native: %r, under warpcheck: %r)" % (
                tail(native.out, 3), tail(checked.out, 3)))
        if checked.code != native.code:
            reasons.append("exit code %s under warpcheck, %s natively" % (checked.code, native.code))
        found, short = check_report(report, source, expects, none, markers)
        reasons += found + check_messages(report, expected_messages(source))
        entry["warpcheck"]["findings"] = short
    entry["reasons"] = reasons
    entry["status"] = "FAIL" if reasons else "PASS"
    known = known_misses(source)
    if known and not checked.timed_out:
        missed = [r for r in reasons if any(r.startswith("missing %s " % rule) for rule in known)]
        if not missed:
            entry["reasons"] = reasons + ["KNOWN-MISS %s is found now: remove its KNOWN-MISS line" % ", ".join(known)]
            entry["status"] = "FAIL"
        elif len(missed) == len(reasons):
            entry["status"] = "XFAIL"
            entry["reasons"] = ["%s: %s" % (rule, why) for rule, why in known.items()]
    return entry, tail(checked.err)


def known_misses(path):
    """{rule: why} of the file's KNOWN-MISS lines."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = KNOWN_MISS_RE.match(line)
            if m:
                out[m.group(1)] = m.group(2)
    return out


def select(tests, only, names):
    picked = []
    for path in tests:
        name = os.path.splitext(os.path.basename(path))[0]
        if only and not any(fnmatch.fnmatchcase(name, p) for p in only):
            continue
        if names and name not in names:
            continue
        picked.append(path)
    return picked


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--warpcheck", required=True, help="the warpcheck executable")
    ap.add_argument("--nvcc", help="nvcc (default: on PATH, $CUDA_HOME/bin, /usr/local/cuda/bin)")
    ap.add_argument("--workdir", required=True, help="where binaries, reports and gpu-results.json go")
    ap.add_argument("--arch", help="e.g. sm_90 (default: the first GPU's compute capability)")
    ap.add_argument("--only", action="append", default=[],
                    help="run the tests whose name matches this glob (repeatable, or comma-separated)")
    ap.add_argument("--native-timeout", type=int, default=60)
    ap.add_argument("--warpcheck-timeout", type=int, default=120)
    ap.add_argument("--compile-timeout", type=int, default=300)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="test programs compiled in parallel (default: the CPU count); they run one at a time")
    ap.add_argument("tests", nargs="*", help="test names (file name without .cu) or paths to .cu files")
    opts = ap.parse_args()

    ok, what = gpu_present()
    if not ok:
        print("SKIP: no NVIDIA GPU on this machine (%s); the GPU tests did not run" % what)
        return SKIP
    nvcc = find_nvcc(opts.nvcc)
    if not nvcc:
        print("SKIP: nvcc not found (%s); the GPU tests did not run" % (opts.nvcc or "PATH, $CUDA_HOME/bin, /usr/local/cuda/bin"))
        return SKIP
    arch = opts.arch or default_arch()
    if not arch:
        print("ERROR: could not read the GPU's compute capability from nvidia-smi; pass --arch")
        return 2
    opts.warpcheck = os.path.abspath(opts.warpcheck)
    if not os.access(opts.warpcheck, os.X_OK):
        print("ERROR: %s is not an executable" % opts.warpcheck)
        return 2
    opts.workdir = os.path.abspath(opts.workdir)
    os.makedirs(opts.workdir, exist_ok=True)

    only = [p for arg in opts.only for p in arg.split(",") if p]
    names, paths = set(), []
    for t in opts.tests:
        if t.endswith(".cu") and os.path.exists(t):
            paths.append(os.path.abspath(t))
        else:
            names.add(os.path.splitext(os.path.basename(t))[0])
    tests = sorted(glob.glob(os.path.join(HERE, "*.cu")))
    chosen = select(tests, only, names) + select(paths, only, set())
    unknown = names - {os.path.splitext(os.path.basename(p))[0] for p in tests}
    if unknown:
        print("ERROR: no such test: %s" % ", ".join(sorted(unknown)))
        return 2
    if not chosen:
        print("ERROR: no test selected")
        return 2

    print("gpu tests: %d on %s (%s), nvcc %s, warpcheck %s" % (len(chosen), what, arch, nvcc, opts.warpcheck))
    sys.stdout.flush()
    results = []
    compiled = compile_all(chosen, lambda s: os.path.join(opts.workdir, os.path.splitext(os.path.basename(s))[0]),
                           opts, nvcc, arch)
    for source in chosen:
        entry, err_tail = run_test(source, opts, nvcc, arch, compiled[source])
        results.append(entry)
        if entry["status"] == "PASS":
            print("PASS %s" % entry["name"])
        elif entry["status"] == "XFAIL":
            print("XFAIL %s: known miss: %s" % (entry["name"], "; ".join(entry["reasons"])))
        else:
            print("FAIL %s: %s" % (entry["name"], "; ".join(entry["reasons"])))
            if "warpcheck" in entry:
                print("  command: %s" % entry["warpcheck"]["command"])
            if err_tail:
                print("  stderr (last lines):")
                print("\n".join("    " + l for l in err_tail.splitlines()))
        sys.stdout.flush()

    passed = sum(1 for r in results if r["status"] == "PASS")
    xfailed = sum(1 for r in results if r["status"] == "XFAIL")
    failed = len(results) - passed - xfailed
    print("gpu tests: %d passed, %d known misses (XFAIL), %d failed, %d total" % (passed, xfailed, failed, len(results)))
    summary = {"arch": arch, "gpu": what, "nvcc": nvcc, "warpcheck": opts.warpcheck,
               "passed": passed, "xfailed": xfailed, "failed": failed, "total": len(results), "tests": results}
    with open(os.path.join(opts.workdir, "gpu-results.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
        f.write("\n")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
