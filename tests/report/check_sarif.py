#!/usr/bin/env python3
"""Checks warpcheck's SARIF against the SARIF 2.1.0 schema and GitHub code
scanning's rules (docs/report-format.md, "SARIF").

    check_sarif.py --golden
        the golden SARIF written by reports/formats/sarif/SarifFormat.cpp
        (tests/report/golden/report.sarif, kept in sync by the
        SarifFormat.MatchesGoldenReport unit test) is valid, and broken
        variants of it are rejected, so that the checks can fail.

    check_sarif.py --warpcheck build/cli/warpcheck
        runs `warpcheck lint --format sarif` on tests/report/Inputs/*.cu and
        checks each log (and, for clean.cu, parse_error.cu and findings.cu,
        its exit code and content); the output must be the same across runs.

    check_sarif.py --warpcheck build/cli/warpcheck --convert REPORT.json ...
        converts saved JSON reports (a lint report, a `warpcheck run` report)
        with `warpcheck report --format sarif` and checks the logs.

    check_sarif.py --sarif FILE ...
        checks SARIF files written elsewhere.

GitHub's rules (docs.github.com, "SARIF support for code scanning"): every
result has ruleId, message.text, and a physicalLocation with
artifactLocation.uri and region.startLine (a result with no location at all,
a GPU finding of a program built without -lineinfo, is allowed and counted);
ruleIndex points at the rule with that id; partialFingerprints are present;
at most 20 runs, 25,000 results and 25,000 rules per run, 20 tags per rule
and 10 MB gzipped. URIs must be proper URI references (percent-encoded),
relative to a declared uriBaseId or absolute file URIs.

Needs jsonschema (scripts/install-deps.sh puts it in .deps/venv) and the
schema .deps/sarif-schema-2.1.0.json (scripts/fetch_sarif_schema.py). Without
either: exit 1 under CI (CI=true), else exit 77, which ctest reports as
skipped, with the reason printed.
"""
import argparse
import copy
import glob
import gzip
import json
import os
import re
import subprocess
import sys

from test_deps import import_jsonschema, skip_or_fail

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMA = os.path.join(ROOT, ".deps", "sarif-schema-2.1.0.json")
GOLDEN = os.path.join(HERE, "golden", "report.sarif")
INPUTS = os.path.join(HERE, "Inputs")
FINGERPRINT = "warpcheckFingerprint/v1"
LEVELS = ("none", "note", "warning", "error")
# RFC 3986 URI-reference characters: unreserved, sub-delims, ":@/?#", and %XX.
URI_CHARS = re.compile(r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-Fa-f]{2})*")
EMBEDDED_LINK = re.compile(r"(?<!\\)\[((?:[^\]\\]|\\.)*)\]\((\d+)\)")


def load_schema():
    if not os.path.exists(SCHEMA):
        skip_or_fail(f"no SARIF schema at {SCHEMA} (run scripts/install-deps.sh, or "
                     f"scripts/fetch_sarif_schema.py with a Python that has pip)")
    with open(SCHEMA, encoding="utf-8") as f:
        return json.load(f)


def walk(doc, path=()):
    """Every (path, value) in doc, the root first."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from walk(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from walk(v, path + (i,))


def where(path):
    return "/".join(map(str, path)) or "(top)"


class Checker:
    def __init__(self, jsonschema, schema):
        cls = jsonschema.Draft7Validator
        cls.check_schema(schema)
        self.validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
        self.failures = 0

    def fail(self, msg):
        print("FAIL: " + msg)
        self.failures += 1

    def problems(self, doc, text=None):
        """Schema errors, then GitHub's rules, as strings."""
        out = [f"schema: {where(e.absolute_path)}: {e.message}"
               for e in sorted(self.validator.iter_errors(doc), key=lambda e: list(e.absolute_path))]
        out += github_problems(doc, text)
        return out

    def expect_valid(self, doc, what, text=None):
        probs = self.problems(doc, text)
        for p in probs:
            self.fail(f"{what}: {p}")
        if not probs:
            print(f"ok: {what}")

    def expect_invalid(self, doc, what, expect):
        probs = self.problems(doc)
        if not any(expect in p for p in probs):
            self.fail(f"{what} is accepted (expected a problem mentioning {expect!r}; got {probs})")


def check_uri(art, bases, path, out):
    uri = art.get("uri", "")
    if not uri:
        out.append(f"{where(path)}: artifactLocation without uri")
        return
    if not URI_CHARS.fullmatch(uri):
        out.append(f"{where(path)}: uri {uri!r} is not percent-encoded")
    base = art.get("uriBaseId")
    if base is not None:
        if base not in bases:
            out.append(f"{where(path)}: uriBaseId {base!r} is not in run.originalUriBaseIds")
        if uri.startswith("/") or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", uri):
            out.append(f"{where(path)}: uri {uri!r} with a uriBaseId must be relative")
    elif not uri.startswith("file:///"):
        out.append(f"{where(path)}: uri {uri!r} has no uriBaseId and is not an absolute file URI")


def check_region(reg, path, out):
    if reg.get("startLine", 0) < 1:
        out.append(f"{where(path)}: region without startLine")
    end_line = reg.get("endLine", reg.get("startLine"))
    if end_line < reg.get("startLine", 0):
        out.append(f"{where(path)}: endLine before startLine")
    if end_line == reg.get("startLine") and "startColumn" in reg and "endColumn" in reg \
            and reg["endColumn"] < reg["startColumn"]:
        out.append(f"{where(path)}: endColumn before startColumn")


def check_result(res, i, rules, out):
    at = ("results", i)
    for key in ("ruleId", "message", "partialFingerprints"):
        if key not in res:
            out.append(f"{where(at)}: no {key}")
    if not res.get("message", {}).get("text"):
        out.append(f"{where(at)}: no message.text")
    if res.get("level", "warning") not in LEVELS:
        out.append(f"{where(at)}: level {res.get('level')!r}")
    index = res.get("ruleIndex")
    if not isinstance(index, int) or not 0 <= index < len(rules) or rules[index].get("id") != res.get("ruleId"):
        out.append(f"{where(at)}: ruleIndex {index!r} does not name rule {res.get('ruleId')!r}")
    if not res.get("partialFingerprints", {}).get(FINGERPRINT):
        out.append(f"{where(at)}: no partialFingerprints[{FINGERPRINT!r}]")
    locs = res.get("locations", [])
    physical = locs[0].get("physicalLocation") if locs else None
    if physical is not None:
        if "region" not in physical:
            out.append(f"{where(at)}: a physicalLocation without region.startLine (GitHub cannot show it)")
    ids = [r.get("id") for r in res.get("relatedLocations", [])]
    if len(ids) != len(set(ids)) or None in ids:
        out.append(f"{where(at)}: relatedLocations need distinct ids")
    for _, target in EMBEDDED_LINK.findall(res.get("message", {}).get("text", "")):
        if int(target) not in ids:
            out.append(f"{where(at)}: the message links to related location {target}, which does not exist")
    for flow in res.get("codeFlows", []):
        for tf in flow.get("threadFlows", []):
            steps = tf.get("locations", [])
            if not steps or physical is None or steps[-1]["location"].get("physicalLocation") != physical:
                out.append(f"{where(at)}: a threadFlow must end at the result's location")


def github_problems(doc, text=None):
    out = []
    runs = doc.get("runs", [])
    if not 1 <= len(runs) <= 20:
        out.append(f"{len(runs)} runs (GitHub takes 1 to 20)")
    if text is not None and len(gzip.compress(text.encode("utf-8"))) > 10 * 1024 * 1024:
        out.append("more than 10 MB gzipped")
    for run in runs:
        driver = run.get("tool", {}).get("driver", {})
        rules = driver.get("rules", [])
        results = run.get("results", [])
        if not driver.get("name"):
            out.append("tool.driver.name is empty")
        if len(results) > 25000 or len(rules) > 25000:
            out.append(f"{len(results)} results and {len(rules)} rules (GitHub takes 25,000 of each)")
        ids = [r.get("id") for r in rules]
        if len(set(ids)) != len(ids):
            out.append("rule ids are not distinct")
        for r in rules:
            if len(r.get("properties", {}).get("tags", [])) > 20:
                out.append(f"rule {r.get('id')}: more than 20 tags")
        if run.get("columnKind") != "utf16CodeUnits":
            out.append(f"columnKind {run.get('columnKind')!r}: warpcheck writes utf16CodeUnits")
        bases = run.get("originalUriBaseIds", {})
        for name, base in bases.items():
            if not re.fullmatch(r"file:///.*/", base.get("uri", "")):
                out.append(f"originalUriBaseIds[{name}]: {base.get('uri')!r} is not a file URI ending in '/'")
        for i, res in enumerate(results):
            check_result(res, i, rules, out)
        for path, value in walk(run):
            if path[-1:] == ("artifactLocation",) or (len(path) == 3 and path[::2] == ("artifacts", "location")):
                check_uri(value, bases, path, out)
            if path[-1:] in (("region",), ("deletedRegion",)):
                check_region(value, path, out)
    return out


def located(doc):
    """(results with a region, results without any location)."""
    results = doc["runs"][0]["results"]
    with_region = sum(1 for r in results if r.get("locations") and
                      "region" in r["locations"][0].get("physicalLocation", {}))
    nowhere = sum(1 for r in results if not r.get("locations") or "physicalLocation" not in r["locations"][0])
    return with_region, nowhere


def check_golden(c):
    with open(GOLDEN, encoding="utf-8") as f:
        text = f.read()
    golden = json.loads(text)
    c.expect_valid(golden, "golden SARIF tests/report/golden/report.sarif", text)
    with_region, nowhere = located(golden)
    print(f"ok: {with_region} results with a region, {nowhere} without a location")

    def broken(edit):
        doc = copy.deepcopy(golden)
        edit(doc)
        return doc

    run = lambda d: d["runs"][0]
    res = lambda d: run(d)["results"][0]
    loc = lambda d: res(d)["locations"][0]["physicalLocation"]

    def absolute_path(d):
        loc(d)["artifactLocation"] = {"uri": "/abs/a.cu"}
    variants = [
        ("version 2.0.0", lambda d: d.update(version="2.0.0"), "schema"),
        ("a result without message", lambda d: res(d).pop("message"), "message"),
        ("a region with startLine 0", lambda d: loc(d)["region"].update(startLine=0), "schema"),
        ("a level 'fatal'", lambda d: res(d).update(level="fatal"), "schema"),
        ("a result without ruleId", lambda d: res(d).pop("ruleId"), "ruleId"),
        ("a ruleIndex off by one", lambda d: res(d).update(ruleIndex=res(d)["ruleIndex"] + 1), "ruleIndex"),
        ("a result without partialFingerprints", lambda d: res(d).pop("partialFingerprints"),
         "partialFingerprints"),
        ("a uri with a space", lambda d: loc(d)["artifactLocation"].update(uri="src/a b.cu"), "percent-encoded"),
        ("an unknown uriBaseId", lambda d: loc(d)["artifactLocation"].update(uriBaseId="%NOPE%"), "uriBaseId"),
        ("an absolute path as uri", absolute_path, "absolute file URI"),
        ("a physicalLocation without region", lambda d: loc(d).pop("region"), "region.startLine"),
        ("an end column before the start", lambda d: loc(d)["region"].update(endColumn=1), "endColumn"),
        ("a link to a missing related location",
         lambda d: res(d)["message"].update(text=res(d)["message"]["text"] + " [x](99)"), "does not exist"),
        ("a code flow ending elsewhere",
         lambda d: res(d)["codeFlows"][0]["threadFlows"][0]["locations"].pop(), "threadFlow"),
        ("a base URI without a trailing '/'",
         lambda d: run(d)["originalUriBaseIds"]["%SRCROOT%"].update(uri="file:///src"), "ending in '/'"),
        ("columnKind unicodeCodePoints", lambda d: run(d).update(columnKind="unicodeCodePoints"), "columnKind"),
    ]
    for what, edit, expect in variants:
        c.expect_invalid(broken(edit), what, expect)
    print(f"ok: {len(variants)} broken variants of the golden SARIF are rejected")


def run_cmd(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)


def lint_sarif(c, warpcheck, name, extra=()):
    cmd = [warpcheck, "lint", "--format", "sarif", *extra, os.path.join(INPUTS, name)]
    p = run_cmd(cmd)
    print(f"$ {' '.join(cmd)}  -> exit {p.returncode}\n{p.stderr}", end="")
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError as e:
        c.fail(f"{name}: stdout is not one JSON document ({e}); stdout was:\n{p.stdout}")
        return p, None
    c.expect_valid(doc, f"the SARIF log of {name}", p.stdout)
    if run_cmd(cmd).stdout != p.stdout:
        c.fail(f"{name}: two runs gave different SARIF")
    return p, doc


def check_lint(c, warpcheck):
    rel = "tests/report/Inputs/"
    p, doc = lint_sarif(c, warpcheck, "clean.cu")
    if doc:
        run = doc["runs"][0]
        if p.returncode != 0 or run["results"] or not run["invocations"][0]["executionSuccessful"]:
            c.fail(f"clean.cu: expected exit 0, no results, a successful invocation; got exit {p.returncode}")
        if run["properties"].get("command") != "lint" or len(run["tool"]["driver"]["rules"]) < 10:
            c.fail("clean.cu: no lint command property, or the rules of the catalogue are missing")

    p, doc = lint_sarif(c, warpcheck, "parse_error.cu")
    if doc:
        inv = doc["runs"][0]["invocations"][0]
        errors = [n for n in inv.get("toolExecutionNotifications", []) if n["level"] == "error"]
        places = [(l["physicalLocation"]["artifactLocation"]["uri"], l["physicalLocation"].get("region", {})
                   .get("startLine")) for n in errors for l in n.get("locations", [])]
        if p.returncode != 2 or inv["executionSuccessful"] or (rel + "parse_error.cu", 3) not in places:
            c.fail(f"parse_error.cu: expected exit 2, executionSuccessful false and an error notification at "
                   f"{rel}parse_error.cu:3; got exit {p.returncode}, {places}")

    rule = "barrier-divergent"
    p, doc = lint_sarif(c, warpcheck, "findings.cu", [f"--enable={rule}"])
    if doc:
        hits = [r for r in doc["runs"][0]["results"] if r["ruleId"] == rule and
                r["locations"][0]["physicalLocation"]["region"]["startLine"] == 7]
        if p.returncode != 1 or not hits:
            c.fail(f"findings.cu: expected exit 1 and {rule} at line 7; got exit {p.returncode}")
        else:
            art = hits[0]["locations"][0]["physicalLocation"]["artifactLocation"]
            if art != {"uri": rel + "findings.cu", "uriBaseId": "%SRCROOT%"}:
                c.fail(f"findings.cu: artifactLocation {art} is not relative to the checkout")
            if not hits[0].get("relatedLocations") or not hits[0].get("codeFlows"):
                c.fail("findings.cu: the barrier has no related location or code flow for its branch")
            else:
                print("ok: findings.cu: the barrier, its branch as a related location and a code flow")

    p, doc = lint_sarif(c, warpcheck, "suppressed.cu", [f"--enable={rule}"])
    if doc:
        got = sorted((r["locations"][0]["physicalLocation"]["region"]["startLine"], json.dumps(r.get("suppressions")))
                     for r in doc["runs"][0]["results"])
        want = [(4, "null"), (7, json.dumps([{"justification": "NOLINT comment", "kind": "inSource",
                                               "status": "accepted"}]))]
        if got != want:
            c.fail(f"suppressed.cu: expected the finding at line 4 and the NOLINT'd one at line 7 with an inSource "
                   f"suppression; got {got}")
        else:
            print("ok: suppressed.cu: the NOLINT'd finding is a result with an inSource suppression")

    # Any other input is validated too.
    for path in sorted(glob.glob(os.path.join(INPUTS, "*.cu"))):
        if os.path.basename(path) not in ("clean.cu", "parse_error.cu", "findings.cu", "suppressed.cu"):
            lint_sarif(c, warpcheck, os.path.basename(path))


def check_converted(c, warpcheck, report):
    with open(report, encoding="utf-8") as f:
        findings = len(json.load(f)["findings"])
    cmd = [warpcheck, "report", "-q", "--format", "sarif", report]
    p = run_cmd(cmd)
    print(f"$ {' '.join(cmd)}  -> exit {p.returncode}\n{p.stderr}", end="")
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError as e:
        c.fail(f"{report}: `warpcheck report --format sarif` did not write one JSON document ({e})")
        return
    c.expect_valid(doc, f"the SARIF log of {report}", p.stdout)
    if len(doc["runs"][0]["results"]) != findings:
        c.fail(f"{report}: {findings} findings but {len(doc['runs'][0]['results'])} results")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--golden", action="store_true")
    ap.add_argument("--warpcheck")
    ap.add_argument("--convert", nargs="+", default=[], metavar="REPORT_JSON",
                    help="JSON reports to convert with `warpcheck report` (needs --warpcheck)")
    ap.add_argument("--sarif", action="append", default=[], help="a SARIF file to check (repeatable)")
    a = ap.parse_args()
    if not a.golden and not a.warpcheck and not a.sarif:
        ap.error("give --golden, --warpcheck and/or --sarif")
    if a.convert and not a.warpcheck:
        ap.error("--convert needs --warpcheck")
    c = Checker(import_jsonschema(), load_schema())
    if a.golden:
        check_golden(c)
    if a.convert:
        for report in a.convert:
            check_converted(c, os.path.abspath(a.warpcheck), os.path.abspath(report))
    elif a.warpcheck:
        check_lint(c, os.path.abspath(a.warpcheck))
    for path in a.sarif:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        c.expect_valid(json.loads(text), path, text)
    print(f"{c.failures} failures")
    sys.exit(1 if c.failures else 0)


if __name__ == "__main__":
    main()
