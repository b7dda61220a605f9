#!/usr/bin/env python3
"""Checks the JSON report against docs/report.schema.json.

    check_report_schema.py --static
        the schema is valid JSON Schema; the golden report written by
        reports/formats/JsonFormat.cpp (tests/report/full-report.json, kept in sync by
        the ReportJson.MatchesGoldenReport unit test) and every ```json
        example in docs/report-format.md validate; and the schema is strict:
        each required field removed, or an unknown one added, is rejected.

    check_report_schema.py --warpcheck build/cli/warpcheck
        runs `warpcheck lint --format json` on tests/report/Inputs/*.cu and
        validates each report, its exit code and its content; stdout must be
        the report alone (the summary goes to stderr) and identical across
        runs, in json and in text.

Needs the `jsonschema` package (scripts/install-deps.sh installs it into
.deps/venv). Without it: exit 1 under CI (CI=true), else exit 77, which
ctest reports as skipped, with the reason printed.
"""
import argparse
import copy
import json
import os
import re
import subprocess
import sys

from test_deps import import_jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMA = os.path.join(ROOT, "docs", "report.schema.json")
DOC = os.path.join(ROOT, "docs", "report-format.md")
GOLDEN = os.path.join(HERE, "full-report.json")
INPUTS = os.path.join(HERE, "Inputs")


class Checker:
    def __init__(self, jsonschema):
        with open(SCHEMA, encoding="utf-8") as f:
            self.schema = json.load(f)
        cls = jsonschema.validators.validator_for(self.schema)
        cls.check_schema(self.schema)
        self.validator = cls(self.schema)
        self.failures = 0
        self.rejected = 0  # broken reports the schema rejected, as it should

    def errors(self, doc):
        return sorted(self.validator.iter_errors(doc), key=lambda e: list(e.absolute_path))

    def expect_valid(self, doc, what):
        errs = self.errors(doc)
        for e in errs:
            self.fail(f"{what}: {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}")
        if not errs:
            print(f"ok: {what}")

    def expect_invalid(self, doc, what):
        if self.errors(doc):
            self.rejected += 1
        else:
            self.fail(f"the schema accepts {what}")

    def fail(self, msg):
        print("FAIL: " + msg)
        self.failures += 1


def objects_in(doc, path=()):
    """Every JSON object in doc with its path, the root first."""
    if isinstance(doc, dict):
        yield path, doc
        for k, v in doc.items():
            yield from objects_in(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from objects_in(v, path + (i,))


def at_path(doc, path):
    for p in path:
        doc = doc[p]
    return doc


def check_static(c):
    with open(GOLDEN, encoding="utf-8") as f:
        golden = json.load(f)
    c.expect_valid(golden, "golden report tests/report/full-report.json")

    # Strictness: every key of every object is required (but `reason`), and
    # no unknown key is allowed anywhere.
    for path, obj in list(objects_in(golden)):
        where = "/".join(map(str, path)) or "(top)"
        for key in obj:
            broken = copy.deepcopy(golden)
            del at_path(broken, path)[key]
            if key == "reason":
                c.expect_valid(broken, f"{where} without the optional 'reason'")
            else:
                c.expect_invalid(broken, f"{where} without '{key}'")
        broken = copy.deepcopy(golden)
        at_path(broken, path)["unexpected_field"] = 1
        c.expect_invalid(broken, f"an unknown field in {where}")

    for key, bad in [("version", "1"), ("version", 2), ("command", "lnt")]:
        broken = copy.deepcopy(golden)
        broken[key] = bad
        c.expect_invalid(broken, f"{key} = {bad!r}")
    for path, bad in [(("files", 0, "status"), "ok"), (("findings", 0, "severity"), "fatal"),
                      (("findings", 0, "line"), -1), (("findings", 0, "line"), "12"),
                      (("findings", 0, "passes"), "sm_90")]:
        broken = copy.deepcopy(golden)
        at_path(broken, path[:-1])[path[-1]] = bad
        c.expect_invalid(broken, f"{'/'.join(map(str, path))} = {bad!r}")

    with open(DOC, encoding="utf-8") as f:
        examples = re.findall(r"```json\n(.*?)```", f.read(), re.S)
    if not examples:
        c.fail("docs/report-format.md has no ```json example")
    for i, text in enumerate(examples, 1):
        c.expect_valid(json.loads(text), f"example {i} of docs/report-format.md")
    print(f"ok: the schema rejected {c.rejected} broken variants of the golden report")


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)


def lint_json(c, warpcheck, name, extra=()):
    path = os.path.join(INPUTS, name)
    cmd = [warpcheck, "lint", "--format", "json", *extra, path]
    p = run(cmd)
    print(f"$ {' '.join(cmd)}  -> exit {p.returncode}\n{p.stderr}", end="")
    try:
        report = json.loads(p.stdout)
    except json.JSONDecodeError as e:
        c.fail(f"{name}: stdout is not one JSON document ({e}); stdout was:\n{p.stdout}")
        return p, None
    c.expect_valid(report, f"the report on {name}")
    if not re.search(r"^\d+ findings? \(", p.stderr, re.M):
        c.fail(f"{name}: no summary line on stderr")
    if run(cmd).stdout != p.stdout:
        c.fail(f"{name}: two runs gave different JSON")
    return p, report


def check_lint(c, warpcheck):
    p, r = lint_json(c, warpcheck, "clean.cu")
    if r:
        if p.returncode != 0 or r["findings"] or [f["status"] for f in r["files"]] != ["analyzed"]:
            c.fail(f"clean.cu: expected exit 0, no findings, status analyzed; got exit {p.returncode}")
        if r["command"] != "lint" or not r["files"][0]["passes"]:
            c.fail("clean.cu: command is not 'lint' or no passes listed")

    p, r = lint_json(c, warpcheck, "parse_error.cu")
    if r:
        f = r["files"][0]
        if p.returncode != 2 or f["status"] != "parse-error" or not f["messages"]:
            c.fail(f"parse_error.cu: expected exit 2, status parse-error and messages; "
                   f"got exit {p.returncode}, {f['status']}, {len(f['messages'])} messages")
        elif not any(m["line"] == 3 and m["file"].endswith("parse_error.cu") for m in f["messages"]):
            c.fail("parse_error.cu: no message points at line 3")

    # Findings need a rule; rules land one by one, so this case tightens
    # itself as soon as barrier-divergent is registered.
    rule = "barrier-divergent"
    probe = run([warpcheck, "lint", "-q", f"--enable={rule}", os.path.join(INPUTS, "clean.cu")])
    if probe.returncode == 2 and "unknown rule" in probe.stderr:
        print(f"note: rule {rule} is not registered yet, so findings.cu is only validated")
        lint_json(c, warpcheck, "findings.cu")
    else:
        p, r = lint_json(c, warpcheck, "findings.cu", [f"--enable={rule}"])
        got = [(f["rule"], f["line"]) for f in r["findings"]] if r else []
        if p.returncode != 1 or (rule, 7) not in got:
            c.fail(f"findings.cu: expected exit 1 and {rule} at line 7; got exit {p.returncode}, {got}")

        # A NOLINT'd finding: counted, and listed under suppressed_findings.
        p, r = lint_json(c, warpcheck, "suppressed.cu", [f"--enable={rule}"])
        kept = [(s["by"], s["finding"]["line"]) for s in r.get("suppressed_findings", [])] if r else []
        if not r or r.get("suppressed", {}).get("nolint") != 1 or kept != [("nolint", 7)]:
            c.fail(f"suppressed.cu: expected 1 NOLINT'd finding, at line 7, counted and listed; got {kept}")

    # Text: the summary is on stderr only, and output is deterministic.
    before = c.failures
    cmd = [warpcheck, "lint", "--color=auto", os.path.join(INPUTS, "parse_error.cu")]
    t1, t2 = run(cmd), run(cmd)
    if re.search(r"\d+ findings? \(", t1.stdout):
        c.fail("text: the summary line is on stdout")
    if not re.search(r"^\d+ findings? \(", t1.stderr, re.M):
        c.fail("text: no summary line on stderr")
    if "\033[" in t1.stdout:
        c.fail("text: colour escapes written to a pipe with --color=auto")
    if not re.search(r"^\S*parse_error\.cu:3:\d+: error: ", t1.stdout, re.M):
        c.fail(f"text: no clang-style error line in:\n{t1.stdout}")
    if t1.stdout != t2.stdout:
        c.fail("text: two runs gave different output")
    if c.failures == before:
        print("ok: text output checks")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--static", action="store_true")
    ap.add_argument("--warpcheck")
    ap.add_argument("--run-report", action="append", default=[],
                    help="a `warpcheck run` JSON report to validate (repeatable)")
    a = ap.parse_args()
    if not a.static and not a.warpcheck and not a.run_report:
        ap.error("give --static, --warpcheck and/or --run-report")
    c = Checker(import_jsonschema())
    if a.static:
        check_static(c)
    if a.warpcheck:
        check_lint(c, os.path.abspath(a.warpcheck))
    for path in a.run_report:
        with open(path) as f:
            doc = json.load(f)
        c.expect_valid(doc, path)
        if doc.get("command") != "run" or "run" not in doc:
            c.fail(f"{path}: not a run report with a `run` section")
        if not any("run" in f for f in doc.get("findings", [])):
            c.fail(f"{path}: no finding carries its GPU evidence (`run`)")
    print(f"{c.failures} failures")
    sys.exit(1 if c.failures else 0)


if __name__ == "__main__":
    main()
