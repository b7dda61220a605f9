#!/usr/bin/env python3
"""`warpcheck run`'s compute-sanitizer-style options on a real program (GPU).

Compiles two_kernels.cu (one racy kernel, one clean) and checks:
--kernel-name / --kernel-name-exclude with kns=, kne= and regex= (which
launches are checked, whether the race is found), --log-file with %p (the
report lands in the file named by the program's own pid), and
--target-processes (a program started through `sh -c`: checked with its pid
under `all`, not checked, and said so, under `application-only`).

  check_run_options.py WARPCHECK WORKDIR
Exits 0 when every check passes, 1 otherwise, 77 (ctest's skip) without a
GPU or nvcc, printing why.
"""
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "gpu"))
import gpu_env  # noqa: E402

wc, work = sys.argv[1], sys.argv[2]
present, why = gpu_env.gpu_present()
nvcc = gpu_env.find_nvcc()
if not present or not nvcc:
    print("SKIP: no GPU (%s)" % why if not present else "SKIP: no nvcc found (PATH, $CUDA_HOME, /usr/local/cuda)")
    sys.exit(77)
os.makedirs(work, exist_ok=True)
prog = os.path.join(work, "two_kernels")
arch = gpu_env.default_arch() or "sm_90"
subprocess.run([nvcc, "-O2", "-lineinfo", "-arch=" + arch, "-o", prog, os.path.join(here, "two_kernels.cu")],
               check=True)

failures = 0


def run(args, program=None):
    p = subprocess.run([wc, "run"] + args + ["--"] + (program or [prog]), capture_output=True, text=True,
                       timeout=300, cwd=work)
    return p


def check(what, ok, p):
    global failures
    if ok:
        print("ok: " + what)
    else:
        failures += 1
        print("FAIL %s: exit %d\nstdout:\n%s\nstderr:\n%s" % (what, p.returncode, p.stdout, p.stderr))


def checked(p):
    m = re.search(r"checked (\d+) of (\d+) launch", p.stderr)
    return (int(m.group(1)), int(m.group(2))) if m else None


race = "[race-global]"
p = run([])
check("no filter: both launches checked, race found", checked(p) == (2, 2) and race in p.stderr, p)
for args, n, found in [(["--kernel-name", "kns=clean_copy"], 1, False),
                       (["--kernel-name", "kne=racy_write"], 1, True),
                       (["--kernel-name", "kne=racy_write(int*)"], 1, True),
                       (["--kernel-name", "regex=^racy_"], 1, True),
                       # Every term of one filter must match (runtime/inject/KernelFilter.h).
                       (["--kernel-name", "kns=racy,kns=write"], 1, True),
                       (["--kernel-name", "kns=racy,kns=copy"], 0, False),
                       (["--kernel-name-exclude", "kns=racy"], 1, False),
                       (["--kernel-name-exclude", "regex=clean|racy"], 0, False),
                       (["--kernel-name", "kne=racy"], 0, False)]:
    p = run(args)
    check("%s: %d of 2 checked, race %s" % (" ".join(args), n, "found" if found else "not reported"),
          checked(p) == (n, 2) and (race in p.stderr) == found, p)

log = os.path.join(work, "report-%p.txt")
p = run(["--log-file", log])
m = re.search(r"pid (\d+)", p.stdout)
named = os.path.join(work, "report-%s.txt" % m.group(1)) if m else None
text = open(named).read() if named and os.path.exists(named) else ""
check("--log-file %%p: the report is in %s" % named, race in text and "checked 2 of 2" in text, p)

shell = ["sh", "-c", prog + "; true"]  # "; true": sh must fork, not exec
p = run(["--target-processes", "all"], shell)
m = re.search(r"pid (\d+)", p.stdout)
check("--target-processes all: the child started by sh is checked, named by its pid",
      race in p.stderr and m is not None and ("child process %s " % m.group(1)) in p.stderr, p)
p = run(["--target-processes", "application-only"], shell)
check("--target-processes application-only: the child is not checked, and the report says so",
      race not in p.stderr and "processes the program started were not checked" in p.stderr, p)
sys.exit(1 if failures else 0)
