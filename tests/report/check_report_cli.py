#!/usr/bin/env python3
"""`warpcheck report FILE.json`: a saved report written in every format, from
a file and from stdin, with lint's exit codes; and for truncated or hostile
input one line `warpcheck report: error: FILE: ...` and exit 2, never a crash
or a hang.

    check_report_cli.py build/cli/warpcheck

Needs nothing beyond Python 3.
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "full-report.json")
FORMATS = ["text", "json", "gcc", "github", "codeclimate"]  # others found in --help are run too

failures = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL " + msg)


def report(wc, args, stdin=None, cwd=None):
    p = subprocess.run([wc, "report"] + args, input=stdin, capture_output=True, timeout=60, cwd=cwd)
    out, err = p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    if p.returncode < 0:
        fail(f"report {args}: killed by signal {-p.returncode}\n{err}")
    return p.returncode, out, err


def expect(what, got, want, err=""):
    if got != want:
        fail(f"{what}: exit {got}, want {want}\n{err}")
    else:
        print(f"ok: {what}")


def write(tmp, name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def lint_report(findings):
    """A lint report that parsed: the golden report's findings, chosen by index."""
    with open(GOLDEN) as f:
        doc = json.load(f)
    doc["files"] = [doc["files"][0]]
    doc["findings"] = [doc["findings"][i] for i in findings]
    return json.dumps(doc, indent=2)


def run_report():
    with open(GOLDEN) as f:
        doc = json.load(f)
    f = copy.deepcopy(doc["findings"][1])
    f.update(rule="race-shared", severity="error", message="write races with a read", passes=["run"],
             run={"kernel": "k(int*)", "count": 3, "block": [0, 0, 0], "accesses": []})
    doc.update(command="run", files=[], findings=[f],
               run={"command": ["./app"], "exit_code": 0, "signal": 0, "kernels": ["k(int*)"], "launches": 2,
                    "launches_checked": 2, "unchecked_accesses": 0, "unchecked_block_threads": 0,
                    "dropped_hazards": 0, "errors": [], "warnings": ["a warning of the run"]})
    return json.dumps(doc)


def check_formats(wc, tmp):
    code, help_text, _ = report(wc, ["--help"])
    listed = re.search(r"report format: ([a-z, ]+) \(default", help_text)
    formats = listed.group(1).split(", ") if listed else []
    for f in FORMATS:
        if f not in formats:
            fail(f"format {f} is not listed in `warpcheck report --help`")
    with open(GOLDEN) as f:
        golden = json.load(f)
    for fmt in formats:
        # The golden report lists a file that failed to parse: exit 2, as lint.
        code, out, err = report(wc, [GOLDEN, "--format", fmt, "-q"])
        expect(f"--format {fmt} of the golden report (a parse error: exit 2)", code, 2, err)
        if not out.strip():
            fail(f"--format {fmt}: no output")
        if err.strip():
            fail(f"--format {fmt} -q: stderr is not empty: {err}")
    code, out, _ = report(wc, [GOLDEN, "-f", "text"])
    if "src/reduce.cu:12:7: error: __syncthreads() is reached by only some threads of the block " \
       "[barrier-divergent]" not in out:
        fail(f"text: no clang-style finding line in:\n{out}")
    code, out, err = report(wc, [GOLDEN, "-f", "json"])
    got = json.loads(out)
    fps = [f.pop("fingerprint", None) for f in got["findings"]]
    if got != golden:
        fail("json: not the golden report (fingerprints aside)")
    if not all(fp and re.fullmatch(r"[0-9a-f]{16}:[1-9][0-9]*", fp) for fp in fps):
        fail(f"json: findings without a fingerprint get one; got {fps}")
    if not re.search(r"^2 findings \(1 error, 1 warning\) in 3 files; 1 failed to parse", err, re.M):
        fail(f"no summary on stderr: {err}")
    code, out, _ = report(wc, [GOLDEN, "-f", "codeclimate", "--source-root", tmp])
    issues = json.loads(out)
    if [i["check_name"] for i in issues] != ["parse-error", "parse-error", "barrier-divergent", "shfl-width"]:
        fail(f"codeclimate: unexpected issues {[i['check_name'] for i in issues]}")
    if len({i["fingerprint"] for i in issues}) != len(issues):
        fail("codeclimate: fingerprints are not unique")
    code, out, _ = report(wc, [GOLDEN, "-f", "gcc"])
    if out.splitlines()[0] != "src/broken.cu:4:10: error: expected ';' after expression (sm_90 pass)":
        fail(f"gcc: first line {out.splitlines()[0]!r}")


def check_run_report(wc, tmp):
    path = write(tmp, "run.json", run_report())
    code, out, err = report(wc, [path])
    expect("a run report, text", code, 1, err)
    # As `warpcheck run` shows it: the run's own lines close the text.
    if not out.endswith("warpcheck: warning: a warning of the run\n"
                        "warpcheck: checked 2 of 2 launches (1 kernel): 1 finding (1 error, 0 warnings)\n"):
        fail(f"run report text does not end like `warpcheck run`'s:\n{out}")
    code, out, err = report(wc, [path, "-f", "gcc"])
    if "warpcheck: checked 2 of 2 launches" in out or "warpcheck: checked 2 of 2 launches" not in err:
        fail(f"gcc of a run report: the run's lines belong on stderr\nstdout:\n{out}\nstderr:\n{err}")


def check_color(wc, tmp):
    """--color auto colours a terminal, unless NO_COLOR is set or TERM=dumb
    (no-color.org); --color always wins. The terminal is script(1)'s."""
    import shlex
    import shutil
    if not shutil.which("script"):
        print("color checks skipped: no script(1) to give a terminal")
        return
    path = write(tmp, "color.json", lint_report([0]))
    for env_extra, args, want, what in [
            ({"TERM": "xterm"}, [], True, "a terminal is coloured"),
            ({"TERM": "xterm", "NO_COLOR": "1"}, [], False, "NO_COLOR turns colour off"),
            ({"TERM": "dumb"}, [], False, "TERM=dumb turns colour off"),
            ({"TERM": "xterm", "NO_COLOR": "1"}, ["--color", "always"], True, "--color always beats NO_COLOR")]:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env.update(env_extra)
        cmd = " ".join(shlex.quote(a) for a in [wc, "report", path] + args)
        p = subprocess.run(["script", "-qec", cmd, "/dev/null"], capture_output=True, timeout=60, env=env)
        got = b"\x1b[" in p.stdout
        if got != want:
            fail(f"{what}: escape sequences {'present' if got else 'absent'}\n{p.stdout[:500]!r}")


def check_exit_codes(wc, tmp):
    both = write(tmp, "both.json", lint_report([0, 1]))      # an error and a warning
    warning = write(tmp, "warning.json", lint_report([1]))   # a warning only
    clean = write(tmp, "clean.json", lint_report([]))
    expect("error + warning, default --fail-on warning", report(wc, [both, "-q"])[0], 1)
    expect("--fail-on error with an error", report(wc, [both, "-q", "--fail-on", "error"])[0], 1)
    expect("--fail-on error with a warning only", report(wc, [warning, "-q", "--fail-on", "error"])[0], 0)
    expect("--fail-on note with a warning", report(wc, [warning, "-q", "--fail-on", "note"])[0], 1)
    expect("--exit-zero", report(wc, [both, "-q", "--exit-zero"])[0], 0)
    expect("--exit-zero still exits 2 on a parse error", report(wc, [GOLDEN, "-q", "--exit-zero"])[0], 2)
    expect("no findings", report(wc, [clean, "-q"])[0], 0)
    expect("--fail-on bogus", report(wc, [both, "--fail-on", "bogus"])[0], 2)
    expect("no report named", report(wc, [])[0], 2)
    expect("two reports named", report(wc, [both, clean])[0], 2)

    # stdin gives what the file gives.
    with open(both, "rb") as f:
        code, out, err = report(wc, ["-", "-f", "json"], stdin=f.read())
    expect("stdin", code, 1, err)
    if out != report(wc, [both, "-f", "json"])[1]:
        fail("stdin and the file give different output")

    # -o FILE, even the report itself: it is read before the output is opened.
    copy_path = write(tmp, "self.json", lint_report([0, 1]))
    code, out, err = report(wc, [copy_path, "-f", "json", "-o", copy_path, "-q"])
    expect("-o the report itself", code, 1, err)
    if out:
        fail("-o FILE: stdout is not empty")
    with open(copy_path) as f:
        if len(json.load(f)["findings"]) != 2:
            fail("-o the report itself: the report was lost")

    # A report from a newer warpcheck with an extra field: a warning, not an error.
    doc = json.loads(lint_report([1]))
    doc["future_field"] = {"x": 1}
    code, out, err = report(wc, [write(tmp, "extra.json", json.dumps(doc)), "-q", "--fail-on", "error"])
    expect("an unknown field is ignored", code, 0, err)
    if "ignored 1 unknown field (written by a newer warpcheck?): future_field" not in err:
        fail(f"no warning about the unknown field: {err}")


def expect_refused(wc, path, needle, what, stdin=None):
    name = "<stdin>" if path == "-" else path
    code, out, err = report(wc, [path, "-q"], stdin=stdin)
    lines = err.splitlines()
    ok = code == 2 and len(lines) == 1 and lines[0].startswith(f"warpcheck report: error: {name}: ") \
        and needle in lines[0] and not out and "\x1b" not in err
    if ok:
        print(f"ok: refused {what}: {lines[0][len('warpcheck report: error: ') + len(name) + 2:][:100]}")
    else:
        fail(f"{what}: exit {code} (want 2 and one error line naming {name} with {needle!r})\n"
             f"stdout: {out[:300]!r}\nstderr: {err[:500]!r}")


def check_bad_input(wc, tmp):
    with open(GOLDEN, "rb") as f:
        golden = f.read()
    # Every truncation point of the first 300 bytes and a sample after.
    cuts = list(range(0, 300, 13)) + list(range(300, len(golden) - 1, 97)) + [len(golden) - 2]
    for n in cuts:
        expect_refused(wc, write(tmp, f"cut-{n}.json", golden[:n]), "not valid JSON", f"the report cut at byte {n}")
    expect_refused(wc, write(tmp, "deep.json", b"[" * 1000000), "nested deeper than 64 levels", "a million '['")
    expect_refused(wc, write(tmp, "deep-obj.json", b'{"a":' * 100000), "nested deeper than 64", "deep objects")
    expect_refused(wc, write(tmp, "huge.json", golden.replace(b'"line": 20', b'"line": 1' + b"0" * 400, 1)),
                   "not valid JSON: number overflow", "a 400-digit number")
    expect_refused(wc, write(tmp, "big.json", golden.replace(b'"line": 20', b'"line": 184467440737095516160', 1)),
                   "findings[1].line: 1.844674407370955e+20 is out of range (at most 4294967295)", "a number past 64 bits")
    expect_refused(wc, write(tmp, "neg.json", golden.replace(b'"line": 20', b'"line": -20', 1)),
                   "findings[1].line: expected a non-negative integer, not -20", "a negative line")
    expect_refused(wc, write(tmp, "utf8.json", golden.replace(b"threadIdx", b"thread\xffIdx", 1)),
                   "ill-formed UTF-8", "invalid UTF-8")
    expect_refused(wc, write(tmp, "binary.json", bytes(range(256)) * 50), "not valid JSON", "binary garbage")
    expect_refused(wc, write(tmp, "empty.json", b""), "unexpected end of input", "an empty file")
    expect_refused(wc, write(tmp, "v2.json", golden.replace(b'"version": 1\n', b'"version": 2\n')),
                   "report version 2 is newer than this warpcheck understands (1)", "version 2")
    expect_refused(wc, write(tmp, "esc.json", golden.replace(b'"command": "lint"', b'"command": "\\u001b[2J"')),
                   'unknown command "\\x1b[2J"', "a terminal escape in a value")
    expect_refused(wc, os.path.join(tmp, "missing.json"), "cannot open: No such file or directory", "a missing file")
    expect_refused(wc, tmp, "is a directory", "a directory")
    expect_refused(wc, "-", "not valid JSON", "truncated stdin", stdin=golden[:100])

    # Hostile paths in a valid report: /dev/zero and a FIFO are not read as
    # sources (which would never end).
    fifo = os.path.join(tmp, "fifo.cu")
    os.mkfifo(fifo)
    doc = json.loads(golden)
    doc["files"] = [doc["files"][0]]
    doc["findings"][0]["file"] = "/dev/zero"
    doc["findings"][1]["file"] = fifo
    path = write(tmp, "devices.json", json.dumps(doc))
    for fmt in ("text", "codeclimate"):
        try:
            code, out, err = report(wc, [path, "-f", fmt, "-q"])
            expect(f"findings in /dev/zero and a FIFO, {fmt}", code, 1, err)
        except subprocess.TimeoutExpired:
            fail(f"findings in /dev/zero and a FIFO, {fmt}: hangs")


def main():
    wc = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="warpcheck-report-cli-") as tmp:
        check_formats(wc, tmp)
        check_run_report(wc, tmp)
        check_exit_codes(wc, tmp)
        check_color(wc, tmp)
        check_bad_input(wc, tmp)
    print(f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
