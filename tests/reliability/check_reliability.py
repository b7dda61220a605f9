#!/usr/bin/env python3
"""Reliability of warpcheck's front doors on hostile but fair input (CPU only).

Each case runs the built `warpcheck` with a timeout (a hang is a failure) and
checks its exit code and a substring of its stderr, plus what must hold of
the files around it: an output never replaces an input, a failed or
interrupted run never leaves a partial report under the final name, write
errors (/dev/full) are errors, nothing analysed is not clean, and no raw
terminal control byte from an input reaches a human-readable format.

usage: check_reliability.py WARPCHECK [--no-lint]
(--no-lint: a build without the analyzer; the lint cases are left out.)
Permission cases are skipped, with the reason printed, when run as root.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

BUGGY = """\
__global__ void k(float *out, int n) {
  int i = threadIdx.x;
  if (i < n) {
    __syncthreads();
  }
  out[i] = 1.0f;
}
"""
CLEAN = """\
__global__ void c(float *out) { out[threadIdx.x] = 1.0f; }
"""
FORMATS = ["text", "json", "sarif", "github", "gcc", "codeclimate", "html"]

failures = []
passed = 0


def check(ok, what, detail=""):
    global passed
    if ok:
        passed += 1
        print(f"ok   {what}")
    else:
        failures.append(what)
        print(f"FAIL {what}\n     {detail}"[:2000])


def run(argv, cwd, timeout=120, stdin=None, stdout=subprocess.PIPE, input_bytes=None):
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                           input=input_bytes, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", b"TIMEOUT"
    return p.returncode, p.stdout or b"", p.stderr


def expect(name, argv, cwd, rc, err_sub=None, timeout=120, **kw):
    got, out, err = run(argv, cwd, timeout=timeout, **kw)
    text = err.decode("utf-8", "replace")
    ok = got == rc and (err_sub is None or err_sub in text)
    check(ok, f"{name}: exit {rc}" + (f", '{err_sub}'" if err_sub else ""), f"exit {got}; stderr: {text[-800:]}")
    return got, out, err


def write(path, data, mode="w"):
    with open(path, mode) as f:
        f.write(data)


def read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def leftovers(directory):
    return [n for n in os.listdir(directory) if ".warpcheck-" in n]


def lint_cases(wc, t):
    lint = [wc, "lint", "--no-config", "-j", "1"]
    write(f"{t}/k.cu", BUGGY)
    write(f"{t}/clean.cu", CLEAN)

    # --- an output naming an input --------------------------------------
    expect("-o naming the input", lint + ["k.cu", "-o", "k.cu"], t, 2, "the output 'k.cu' is the input 'k.cu'")
    check(read(f"{t}/k.cu") == BUGGY, "-o naming the input leaves the source intact")
    os.link(f"{t}/k.cu", f"{t}/hard.cu")
    expect("-o naming a hard link of the input", lint + ["k.cu", "-o", "hard.cu"], t, 2, "(the same file)")
    os.symlink("k.cu", f"{t}/sym.cu")
    expect("-o naming a symlink to the input", lint + ["k.cu", "-o", "sym.cu"], t, 2, "is the input")
    check(read(f"{t}/k.cu") == BUGGY, "hard link and symlink outputs leave the source intact")
    os.mkdir(f"{t}/tree")
    write(f"{t}/tree/a.cu", BUGGY)
    expect("-o naming a source found in a directory", lint + ["tree", "-o", "tree/a.cu"], t, 2, "is the input")
    check(read(f"{t}/tree/a.cu") == BUGGY, "... which is left intact")
    write(f"{t}/cfg.yaml", "Rules: ['*']\n")
    expect("-o naming the configuration", [wc, "lint", "--config-file", "cfg.yaml", "k.cu", "-o", "cfg.yaml"], t, 2,
           "is the configuration 'cfg.yaml'")
    check(read(f"{t}/cfg.yaml") == "Rules: ['*']\n", "... which is left intact")
    rc, _, _ = run(lint + ["k.cu", "--write-baseline", "base.json"], t)
    base = read(f"{t}/base.json")
    expect("-o naming the baseline", lint + ["k.cu", "--baseline", "base.json", "-o", "base.json"], t, 2,
           "is the baseline 'base.json'")
    check(read(f"{t}/base.json") == base, "... which is left intact")
    write(f"{t}/supp.txt", "warp-shfl-width\n")
    expect("--save-suppressions naming a suppression file",
           lint + ["k.cu", "--suppressions", "supp.txt", "--save-suppressions", "supp.txt"], t, 2,
           "is the suppression file 'supp.txt'")
    expect("--write-baseline naming the input", lint + ["k.cu", "--write-baseline", "k.cu"], t, 2, "is the input")
    check(read(f"{t}/k.cu") == BUGGY, "... which is left intact")

    # --- bad output paths -----------------------------------------------
    expect("-o in a missing directory", lint + ["k.cu", "-o", "no/such/dir/r.json"], t, 2, "no such directory")
    expect("-o naming a directory", lint + ["k.cu", "-o", "tree"], t, 2, "is a directory")
    write(f"{t}/old.json", "previous report\n")
    expect("a usage error keeps the previous report", lint + ["k.cu", "--format", "nope", "-o", "old.json"], t, 2)
    expect("a missing input keeps the previous report", lint + ["missing.cu", "-o", "old.json"], t, 2,
           "no such file or directory")
    check(read(f"{t}/old.json") == "previous report\n", "... the previous report is intact")
    expect("an empty path", lint + [""], t, 2)

    # --- write errors ---------------------------------------------------
    for fmt in FORMATS:
        expect(f"lint -f {fmt} -o /dev/full", lint + ["k.cu", "-f", fmt, "-o", "/dev/full"], t, 2,
               "cannot write '/dev/full': No space left on device")
        with open("/dev/full", "w") as full:
            expect(f"lint -f {fmt} > /dev/full", lint + ["k.cu", "-f", fmt], t, 2,
                   "cannot write to standard output", stdout=full)
    with open("/dev/full", "w") as full:
        expect("lint --dump-config > /dev/full", lint + ["--dump-config", "k.cu"], t, 2,
               "cannot write to standard output", stdout=full)
        expect("lint --help > /dev/full", [wc, "lint", "--help"], t, 2, "cannot write to standard output",
               stdout=full)
    expect("--write-baseline /dev/full", lint + ["k.cu", "--write-baseline", "/dev/full"], t, 2,
           "cannot write '/dev/full'")

    # --- outputs that are not regular files -----------------------------
    rc, out, _ = expect("-o /dev/stdout", lint + ["k.cu", "-f", "gcc", "-o", "/dev/stdout"], t, 1)
    check(b"[barrier-divergent]" in out, "-o /dev/stdout writes the report to stdout", out[:300])
    with open(f"{t}/redirected.txt", "w") as f:
        f.write("kept\n")
    with open(f"{t}/redirected.txt", "a") as f:
        expect("-o /dev/stdout appended to a file", lint + ["k.cu", "-f", "gcc", "-o", "/dev/stdout"], t, 1, stdout=f)
    text = read(f"{t}/redirected.txt")
    check(text.startswith("kept\n") and "[barrier-divergent]" in text and os.path.islink("/dev/stdout"),
          "-o /dev/stdout: written through the descriptor, nothing replaced", text[:200])
    write(f"{t}/real.json", "old\n")
    os.symlink("real.json", f"{t}/link.json")
    expect("-o a symlink to a file", lint + ["k.cu", "-f", "json", "-o", "link.json"], t, 1)
    check(os.path.islink(f"{t}/link.json") and json.loads(read(f"{t}/real.json"))["findings"],
          "-o a symlink: the symlink stays, the file it leads to holds the report")
    os.mkfifo(f"{t}/pipe")
    got = {}

    def reader():
        with open(f"{t}/pipe", "rb") as f:
            got["data"] = f.read()

    th = threading.Thread(target=reader)
    th.start()
    expect("-o FIFO", lint + ["k.cu", "-f", "json", "-o", "pipe"], t, 1, timeout=60)
    th.join(10)
    check(not th.is_alive() and b'"barrier-divergent"' in got.get("data", b""), "-o FIFO: the reader gets the report")
    check(os.path.exists(f"{t}/pipe") and not os.path.isfile(f"{t}/pipe"), "-o FIFO: the FIFO is not replaced")
    rc, out, _ = expect("-o a regular file", lint + ["k.cu", "-f", "json", "-o", "r.json"], t, 1)
    check(json.loads(read(f"{t}/r.json"))["findings"], "-o a regular file: a complete JSON report")
    check(leftovers(t) == [], "no temporary file is left beside the outputs", str(leftovers(t)))

    # --- nothing analysed -----------------------------------------------
    write(f"{t}/host.cpp", "int main() { return 0; }\n")
    expect("only a non-CUDA file", lint + ["host.cpp", "-f", "json", "-o", "none.json"], t, 2,
           "nothing was analysed: the only file was skipped")
    check(any("nothing was analysed" in p for p in json.loads(read(f"{t}/none.json")).get("problems", [])),
          "... and the JSON report says so")
    rc, out, _ = expect("only a non-CUDA file, SARIF", lint + ["host.cpp", "-f", "sarif"], t, 2, "nothing was analysed")
    inv = json.loads(out)["runs"][0]["invocations"][0]
    check(inv["executionSuccessful"] is False and "nothing was analysed" in json.dumps(inv),
          "... and the SARIF invocation says so", json.dumps(inv)[:400])
    rc, out, _ = expect("only a non-CUDA file, text", lint + ["host.cpp"], t, 2, "nothing was analysed")
    check(b"nothing was analysed" in out, "... and the text report says so", out[:300])
    os.mkdir(f"{t}/stale")
    write(f"{t}/stale/compile_commands.json", json.dumps(
        [{"directory": f"{t}/stale", "file": "gone.cu", "command": "nvcc -c gone.cu"},
         {"directory": f"{t}/stale", "file": "gone2.cu", "command": "nvcc -c gone2.cu"}]))
    expect("a compile database whose files are all missing", lint + ["-p", "stale"], t, 2,
           "nothing was analysed: all 2 files were skipped")
    os.mkdir(f"{t}/excl")
    write(f"{t}/excl/.warpcheck.yaml", "Exclude: ['*.cu']\n")
    write(f"{t}/excl/k.cu", BUGGY)
    expect("a config that excludes every file", [wc, "lint", "-j", "1", "excl/k.cu"], t, 2, "nothing was analysed")

    # --- malformed patterns ---------------------------------------------
    os.mkdir(f"{t}/badglob")
    write(f"{t}/badglob/.warpcheck.yaml", "Rules: ['*']\nExclude: ['[abc']\n")
    write(f"{t}/badglob/k.cu", BUGGY)
    expect("a malformed Exclude glob", [wc, "lint", "badglob/k.cu"], t, 2, ".warpcheck.yaml:2:11: unclosed '['")
    write(f"{t}/badglob/.warpcheck.yaml", "Rules: ['barrier-[z-a]']\n")
    expect("a reversed range in a rule glob", [wc, "lint", "badglob/k.cu"], t, 2, ".warpcheck.yaml:1:9: malformed rule glob")
    expect("a malformed --enable glob", lint + ["--enable", "barrier-[", "k.cu"], t, 2, "unclosed '['")
    write(f"{t}/bad-supp.txt", "barrier-divergent file:src/[x\n")
    expect("a malformed suppression glob", lint + ["k.cu", "--suppressions", "bad-supp.txt"], t, 2,
           "bad-supp.txt:1: unclosed '['")

    # --- malformed compile databases ------------------------------------
    for name, text, msg in [("notjson", "[{\"directory\": ", "not valid JSON"),
                            ("object", "{\"directory\": \"/\"}", "expected a JSON array of compile commands"),
                            ("nofile", "[{\"directory\": \"/\", \"command\": \"nvcc -c a.cu\"}]", "entry 1: no 'file' string"),
                            ("nocmd", "[{\"directory\": \"/\", \"file\": \"a.cu\"}]", "entry 1: neither a 'command'")]:
        os.mkdir(f"{t}/db-{name}")
        write(f"{t}/db-{name}/compile_commands.json", text)
        expect(f"compile database {name}", lint + ["-p", f"db-{name}"], t, 2,
               f"cannot load compile database 'db-{name}/compile_commands.json': {msg}")

    # --- walks: symlink loops, FIFOs, unreadable directories -----------
    os.mkdir(f"{t}/walk")
    write(f"{t}/walk/k.cu", BUGGY)
    os.symlink("loop.cu", f"{t}/walk/loop.cu")
    os.symlink("..", f"{t}/walk/up")
    os.mkfifo(f"{t}/walk/fifo.cu")
    expect("a looping .cu symlink is named", lint + ["walk"], t, 1, "skipping 'walk/loop.cu': Too many levels of symbolic links",
           timeout=60)
    expect("a FIFO named .cu is named, not read", lint + ["walk"], t, 1, "skipping 'walk/fifo.cu': not a regular file",
           timeout=60)
    if os.geteuid() == 0:
        print("skip unreadable directory and file cases: running as root, which reads them anyway")
    else:
        os.mkdir(f"{t}/walk/locked")
        write(f"{t}/walk/locked/x.cu", BUGGY)
        os.chmod(f"{t}/walk/locked", 0)
        expect("an unreadable subdirectory is named", lint + ["walk"], t, 1, "cannot read directory 'walk/locked'")
        os.chmod(f"{t}/walk/locked", 0o755)
        write(f"{t}/locked.cu", BUGGY)
        os.chmod(f"{t}/locked.cu", 0)
        expect("an unreadable source", lint + ["locked.cu"], t, 2)
    expect("/dev/zero as a source", lint + ["/dev/zero"], t, 2, "nothing was analysed", timeout=60)

    # --- bytes: NUL, invalid UTF-8, escapes, newlines in names ----------
    write(f"{t}/nul.cu", BUGGY.replace("int i = threadIdx.x;", "int i = threadIdx.x; \0\0"))
    got, _, err = run(lint + ["nul.cu"], t)
    check(got in (0, 1, 2) and b"\0" not in err, "NUL bytes in a source: no crash, no NUL on stderr", f"exit {got}")
    esc = BUGGY.replace("__syncthreads();", "__syncthreads(); // \x1b]0;owned\x07\x1b[2J \xc2\x9b1m")
    write(f"{t}/esc.cu", esc)
    for fmt in ["text", "gcc", "github"]:
        got, out, err = run(lint + ["esc.cu", "-f", fmt, "--color", "never"], t)
        check(got == 1 and b"\x1b" not in out + err and b"\x07" not in out and b"\xc2\x9b" not in out,
              f"lint -f {fmt}: no raw control bytes from the source", repr(out[:400]))
    check(b"\\x1b]0;owned\\x07" in run(lint + ["esc.cu"], t)[1], "text: control bytes of the quoted line as \\xNN")
    bad = os.fsencode(t) + b"/bad\xff\x1b[1m.cu"
    with open(bad, "w") as f:
        f.write(BUGGY)
    got, out, err = run(lint + [b"bad\xff\x1b[1m.cu"], t)
    check(got == 1 and b"\x1b" not in out and b"bad\\xff\\x1b[1m.cu:4:5" in out,
          "invalid UTF-8 and ESC in a file name: escaped in text", repr(out[:300]))
    os.mkdir(f"{t}/nl")
    write(f"{t}/nl/two\nlines.cu", BUGGY)
    for fmt in ["gcc", "github"]:
        got, out, _ = run(lint + ["nl", "-f", fmt], t)
        # gcc prints a finding's notes on lines of their own, like compilers.
        lines = [l for l in out.split(b"\n") if l and b": note: " not in l]
        check(got == 1 and len(lines) == 1 and b"barrier-divergent" in lines[0],
              f"a newline in a file name keeps {fmt} at one line per finding", repr(out[:300]))
    write(f"{t}/binary-supp.txt", "\x1b[2J\x00\x01garbage\x9b here\n")
    got, _, err = run(lint + ["k.cu", "--suppressions", "binary-supp.txt"], t)
    check(got == 2 and b"\x1b" not in err and b"\x00" not in err and b"binary-supp.txt:1:" in err,
          "a binary suppression file: exit 2, its bytes escaped", repr(err[:300]))
    os.mkdir(f"{t}/cfgesc")
    write(f"{t}/cfgesc/.warpcheck.yaml", "Rul\x1b[2Jes: ['*']\n")
    write(f"{t}/cfgesc/k.cu", BUGGY)
    got, _, err = run([wc, "lint", "cfgesc/k.cu"], t)
    check(got == 2 and b"\x1b" not in err and b".warpcheck.yaml:1:" in err,
          "a config error quoting control bytes: escaped", repr(err[:300]))

    # --- signals: prompt exit, no partial report -------------------------
    big = "__global__ void big(float *o, int n) {\n  int i = threadIdx.x;\n" + "".join(
        f"  if (i > {k}) o[i] += {k}.0f; else __syncthreads();\n" for k in range(20000)) + "}\n"
    write(f"{t}/big.cu", big)
    for sig in (signal.SIGINT, signal.SIGTERM):
        write(f"{t}/sig.json", "previous\n")
        p = subprocess.Popen(lint + ["big.cu", "-f", "json", "-o", "sig.json"], cwd=t,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(3)
        still = p.poll() is None
        if not still:
            print(f"skip {sig.name} mid-run: the analysis of big.cu ended within 3 s; nothing to interrupt")
            continue
        start = time.time()
        p.send_signal(sig)
        try:
            rc = p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            rc = None
        check(rc is not None and time.time() - start < 10, f"{sig.name} mid-run: exits promptly",
              f"rc {rc} (was running: {still})")
        check(read(f"{t}/sig.json") == "previous\n" and leftovers(t) == [],
              f"{sig.name} mid-run: no partial report, the previous one intact, no temporary file",
              f"{read(f'{t}/sig.json')[:80]!r} {leftovers(t)}")

    # --- concurrent runs into one directory -----------------------------
    os.mkdir(f"{t}/many")
    procs = [subprocess.Popen(lint + ["k.cu", "-f", "json", "-o", f"many/r{i}.json"], cwd=t,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(4)]
    codes = [p.wait(300) for p in procs]
    ok = codes == [1] * 4
    for i in range(4):
        try:
            ok = ok and json.loads(read(f"{t}/many/r{i}.json"))["findings"][0]["rule"] == "barrier-divergent"
        except (OSError, ValueError, KeyError, IndexError):
            ok = False
    check(ok and leftovers(f"{t}/many") == [], "4 concurrent runs, 4 complete reports in one directory",
          f"{codes} {os.listdir(f'{t}/many')}")


def report_cases(wc, t):
    rep = {"version": 1, "tool": {"name": "warpcheck", "version": "0"}, "command": "lint",
           "files": [{"path": "k.cu", "status": "analyzed", "passes": ["host"], "messages": []}],
           "findings": []}
    write(f"{t}/r.json", json.dumps(rep))
    # With a finding, so that every format has bytes to write.
    one = dict(rep, findings=[{
        "rule": "barrier-divergent", "severity": "error", "message": "m", "file": "k.cu", "line": 1, "column": 1,
        "end_line": 1, "end_column": 2, "notes": [], "fixes": [], "passes": ["host"]}])
    write(f"{t}/one.json", json.dumps(one))
    for fmt in FORMATS:
        expect(f"report -f {fmt} -o /dev/full", [wc, "report", "one.json", "-f", fmt, "-o", "/dev/full"], t, 2,
               "cannot write '/dev/full': No space left on device")
        with open("/dev/full", "w") as full:
            expect(f"report -f {fmt} > /dev/full", [wc, "report", "one.json", "-f", fmt], t, 2,
                   "cannot write to standard output", stdout=full)
    with open("/dev/full", "w") as full:
        expect("rules > /dev/full", [wc, "rules"], t, 2, "cannot write to standard output", stdout=full)
        expect("explain > /dev/full", [wc, "explain", "barrier-divergent"], t, 2, "cannot write to standard output",
               stdout=full)
        expect("--version > /dev/full", [wc, "--version"], t, 2, "cannot write to standard output", stdout=full)
    expect("report -o its own input", [wc, "report", "r.json", "-f", "json", "-o", "r.json"], t, 0)
    check(json.loads(read(f"{t}/r.json"))["version"] == 1, "... rewrites it completely")
    write(f"{t}/b.json", '{"warpcheck_baseline": 1, "findings": []}\n')
    expect("report -o naming its baseline", [wc, "report", "r.json", "--baseline", "b.json", "-o", "b.json"], t, 2,
           "is the baseline")
    # Oversized and endless inputs: refused, never hanging.
    with open(f"{t}/huge.json", "wb") as f:
        f.truncate(3 << 30)  # sparse: no disk used
    start = time.time()
    expect("a 3 GiB report", [wc, "report", "huge.json"], t, 2, "larger than 2048 MiB", timeout=30)
    check(time.time() - start < 5, "... refused from its size, without reading it")
    expect("/dev/zero as the configuration", [wc, "run", "--config-file", "/dev/zero", "--", "true"], t, 2,
           "larger than 1 MiB", timeout=60)
    expect("/dev/zero as a suppression file", [wc, "report", "r.json", "--suppressions", "/dev/zero"], t, 2,
           "larger than 64 MiB", timeout=60)
    os.mkfifo(f"{t}/rep.fifo")

    def feed():
        with open(f"{t}/rep.fifo", "w") as f:
            f.write(json.dumps(rep))

    th = threading.Thread(target=feed)
    th.start()
    expect("a report read from a FIFO", [wc, "report", "rep.fifo", "-f", "gcc"], t, 0, timeout=30)
    th.join(5)
    expect("a missing report", [wc, "report", "missing.json"], t, 2, "missing.json")
    expect("a directory as the report", [wc, "report", "."], t, 2, "is a directory")
    # Control bytes in a saved report's messages and paths.
    evil = dict(rep, findings=[{
        "rule": "barrier-divergent", "severity": "error", "message": "bad \x1b[2J\x07 \u009b1m message",
        "file": "k\n.cu", "line": 1, "column": 1, "end_line": 1, "end_column": 2, "notes": [], "fixes": [],
        "passes": ["host"]}])
    write(f"{t}/evil.json", json.dumps(evil))
    for fmt in ["text", "gcc", "github"]:
        got, out, err = run([wc, "report", "evil.json", "-f", fmt], t)
        lines = [l for l in out.split(b"\n") if l]
        check(got == 1 and b"\x1b" not in out and b"\x07" not in out and b"\xc2\x9b" not in out
              and (fmt == "text" or len(lines) == 1),
              f"report -f {fmt}: control bytes of messages and paths escaped", repr(out[:400]) + repr(err[:200]))
    evil_run = dict(evil, command="run", run={
        "command": ["./app"], "exit_code": 0, "signal": 0, "kernels": ["k\x1b[2J"], "launches": 1,
        "launches_checked": 1, "unchecked_accesses": 0, "unchecked_block_threads": 0, "dropped_hazards": 0,
        "errors": ["runtime said \x1b]0;owned\x07"], "warnings": ["\u009b31m"]})
    write(f"{t}/evil-run.json", json.dumps(evil_run))
    for fmt in ["text", "gcc"]:
        got, out, err = run([wc, "report", "evil-run.json", "-f", fmt], t)
        check(got == 1 and b"\x1b" not in out + err and b"\xc2\x9b" not in out + err and b"runtime said" in out + err,
              f"report -f {fmt} of a run report: its run messages escaped", repr(out[-300:]) + repr(err[-300:]))
    got, out, _ = run([wc, "report", "evil.json", "-f", "html"], t)
    check(got == 1 and b"\x1b" not in out, "report -f html: no raw ESC", repr(out[:100]))
    nothing = dict(rep, files=[{"path": "h.cpp", "status": "skipped", "reason": "not CUDA", "passes": [],
                                "messages": []}],
                   problems=["nothing was analysed: the only file was skipped"])
    write(f"{t}/nothing.json", json.dumps(nothing))
    expect("report of a lint that analysed nothing", [wc, "report", "nothing.json"], t, 2)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    wc = os.path.abspath(sys.argv[1])
    with_lint = "--no-lint" not in sys.argv[2:]
    with tempfile.TemporaryDirectory(prefix="wc-reliability-") as t:
        t = os.path.realpath(t)
        os.mkdir(f"{t}/r")
        report_cases(wc, f"{t}/r")
        if with_lint:
            os.mkdir(f"{t}/l")
            lint_cases(wc, f"{t}/l")
    print(f"{passed} passed, {len(failures)} failed")
    for f in failures:
        print(f"  failed: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
