#!/usr/bin/env python3
"""`warpcheck run`'s answers to bad input: one clear message and a defined
exit code each, never a hang. Without a GPU the program must be refused with
exit 3 and a reason; with one, a program that launches no kernel passes its
exit code through with a note. --help reads as run-help.txt."""
import difflib
import os
import shutil
import subprocess
import sys

wc = sys.argv[1]
failures = 0


def check(args, code, needle, what):
    global failures
    p = subprocess.run([wc, "run"] + args, capture_output=True, text=True, timeout=120)
    if p.returncode != code or needle not in p.stderr:
        failures += 1
        print(f"FAIL {what}: exit {p.returncode} (want {code}), stderr:\n{p.stderr}")
    else:
        print(f"ok: {what}")


# --help is generated (the flag options from runtime/common/Flags.inc): it
# must read as tests/run/run-help.txt, byte for byte.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "run-help.txt")) as f:
    golden = f.read()
h = subprocess.run([wc, "run", "--help"], capture_output=True, text=True, timeout=120)
if h.returncode != 0 or h.stdout != golden:
    failures += 1
    diff = "".join(difflib.unified_diff(golden.splitlines(True), h.stdout.splitlines(True), "run-help.txt", "--help"))
    print(f"FAIL warpcheck run --help: exit {h.returncode}, differs from tests/run/run-help.txt:\n{diff}")
else:
    print("ok: warpcheck run --help as tests/run/run-help.txt")

check([], 2, "no program given", "no program")
check(["--", "/nonexistent/app"], 2, "no such file", "missing executable")
check(["no-such-program-warpcheck"], 2, "not found on PATH", "program not on PATH")
check(["--table-capacity", "3", "--", "true"], 2, "power of two", "bad table capacity")
check(["--launch-count", "-1", "--", "true"], 2, "non-negative", "negative launch count")
check(["--bogus", "--", "true"], 2, "unknown option", "unknown option")
check(["--kernel-name", "knx=reduce", "--", "true"], 2, "unknown key 'knx'", "unknown kernel filter key")
check(["--kernel-name-exclude", "regex=([", "--", "true"], 2, "bad kernel name filter", "bad kernel filter regex")
check(["--kernel-name", "kns=", "--", "true"], 2, "needs a value", "kernel filter key without a value")
check(["--log-file", "r-%z.txt", "--", "true"], 2, "unknown %z", "unknown % pattern in --log-file")
check(["--log-file", "r-%q{WARPCHECK_NO_SUCH_VAR}", "--", "true"], 2, "is not set", "--log-file with an unset %q")
check(["--log-file", "r-%p.txt", "-o", "x.txt", "--", "true"], 2, "not both", "--log-file and -o together")
check(["--target-processes", "children", "--", "true"], 2, "expected all or application-only, not 'children'",
      "bad --target-processes value")
# compute-sanitizer options warpcheck does not take name what to use instead.
check(["--tool", "memcheck", "--", "true"], 2, "'--tool' is a compute-sanitizer option that warpcheck run does not take",
      "compute-sanitizer --tool")
check(["--leak-check=full", "--", "true"], 2, "compute-sanitizer --tool memcheck --leak-check full",
      "compute-sanitizer --leak-check")
check(["--racecheck-report", "hazard", "--", "true"], 2, "'--racecheck-report' is a compute-sanitizer option",
      "compute-sanitizer --racecheck-report")
check(["--show-backtrace", "no", "--", "true"], 2, "'--show-backtrace' is a compute-sanitizer option",
      "compute-sanitizer --show-backtrace")
check(["--filter", "kns=k", "--", "true"], 2, "use --kernel-name FILTER", "compute-sanitizer --filter")
has_gpu = shutil.which("nvidia-smi") and subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0
if has_gpu:
    check(["--", "sh", "-c", "exit 7"], 7, "launched no CUDA kernels", "non-CUDA program, exit code passed through")
    check(["--target-processes", "application-only", "--", "sh", "-c", "exit 7"], 7,
          "processes the program started were not checked", "application-only says children were not looked at")
else:
    check(["--", "true"], 3, "warpcheck run: error: no CUDA", "no GPU on this machine")
    # Both values pass the parser (exit 2 otherwise): the run goes on until
    # it finds it cannot check here (exit 3: no GPU, or no runtime built).
    check(["--target-processes", "application-only", "--", "true"], 3, "warpcheck run: error:",
          "--target-processes application-only accepted")
    check(["--target-processes=all", "--", "true"], 3, "warpcheck run: error:",
          "--target-processes=all accepted")
sys.exit(1 if failures else 0)
