"""The GPU half of bench/score: the corpus programs (files with a
`// corpus-run:` line) under `warpcheck run` and under compute-sanitizer's
racecheck and synccheck, each scored against the `expect-run:` labels.

A warpcheck finding counts for a label of its rule when the label's line is
its own or one of its notes' (a race is reported at one access, with a note
at the other). A competitor's report counts for a label when it is of a kind
that can stand for the label's rule (a racecheck hazard for a race rule, a synccheck
error for a barrier or warp-mask rule) and names the labelled line, or one
of its `expect-run-also:` lines (the other barrier of a divergent pair: a
tool may report either). compute-sanitizer repeats an error once per thread
that meets it: reports naming the same lines count once.
"""
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "gpu"))
from gpu_env import default_arch, find_nvcc, find_sanitizer, gpu_present  # noqa: E402

# What each competitor reports, as the rules a report of it can stand for.
COMPETITOR_RULES = {
    "racecheck": {"race-shared", "race-global"},
    "synccheck": {"barrier-divergent", "warp-mask-missing-lane", "warp-mask-inactive-lane",
                  "warp-mask-nonuniform"},
}
SOURCE_LINE = re.compile(r"([\w./+-]+\.(?:cu|cuh|hip|h|hpp)):(\d+)")
TIMEOUT = 180  # seconds per compile or run: corpus programs are small


class RunError(Exception):
    pass


def _run(cmd, cwd=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT,
                           stdin=subprocess.DEVNULL, errors="replace")
    except subprocess.TimeoutExpired:
        raise RunError(f"timed out after {TIMEOUT} s: {shlex.join(cmd)}")
    except OSError as e:
        raise RunError(f"cannot run {cmd[0]}: {e}")
    return p.returncode, p.stdout, p.stderr


def sanitizer_reports(text, program):
    """[(set of lines)] of each error a compute-sanitizer log holds: an error
    starts at `========= Error`/`Barrier error`/`Race reported`, and takes the
    program's own file:line of its following lines (racecheck names both
    accesses of a hazard on two lines)."""
    reports, current = [], None
    base = os.path.basename(program)
    for line in text.splitlines():
        body = line.lstrip("= ").rstrip()
        starts = re.match(r"(Error|Warning|Barrier error|Race reported)", body) and "SUMMARY" not in body
        if starts:
            current = set()
            reports.append(current)
        if current is None:
            continue
        for f, n in SOURCE_LINE.findall(body):
            if os.path.basename(f) == base:
                current.add(int(n))
    return [r for r in reports if r]


def distinct(reports):
    """The reports that name different lines: one error met by 100 threads
    is one report."""
    return [set(r) for r in sorted({frozenset(r) for r in reports}, key=sorted)]


def score_program(path, args, opts, workdir):
    """{tool: [(rule or None, {lines})]} for one corpus program: warpcheck's
    findings carry their rule, a competitor's reports None."""
    # Unique across rule folders: programs run side by side.
    name = os.path.basename(os.path.dirname(path)) + "__" + os.path.splitext(os.path.basename(path))[0]
    exe = os.path.join(workdir, name)
    code, out, err = _run([opts.nvcc, "-O2", "-lineinfo", f"-arch={opts.arch}",
                           "-I", os.path.join(os.path.dirname(HERE), "tests", "gpu"), path, "-o", exe])
    if code != 0:
        raise RunError(f"{path}: nvcc failed:\n{err[-2000:]}")
    found = {}
    report = os.path.join(workdir, name + ".json")
    code, out, err = _run([opts.warpcheck, "run", "--format", "json", "-o", report, "--", exe, *args], cwd=workdir)
    try:
        with open(report, encoding="utf-8") as f:
            findings = json.load(f)["findings"]
    except (OSError, ValueError, KeyError) as e:
        raise RunError(f"{path}: warpcheck run wrote no report (exit {code}): {e}\n{err[-2000:]}")
    base = os.path.basename(path)
    found["warpcheck"] = []
    for fd in findings:
        lines = {n["line"] for n in [fd] + fd.get("notes", []) if os.path.basename(n.get("file", "")) == base}
        # The primary place first: a finding counts at its own line.
        found["warpcheck"].append((fd["rule"], fd["line"] if os.path.basename(fd["file"]) == base else None, lines))
    if opts.sanitizer:
        for tool in COMPETITOR_RULES:
            log = os.path.join(workdir, f"{name}.{tool}.log")
            _run([opts.sanitizer, "--tool", tool, "--log-file", log, exe, *args], cwd=workdir)
            try:
                with open(log, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            except OSError:
                raise RunError(f"{path}: compute-sanitizer --tool {tool} wrote no log")
            found[tool] = [(None, None, lines) for lines in distinct(sanitizer_reports(text, path))]
    return found


def tally(tool, expected, aliases, reports, rel, rows, misses, false_positives):
    """Matches one tool's reports of one program with its run labels;
    `aliases` maps a label to the other lines its problem may be reported at."""
    matched = set()
    for rule, line in expected:
        hit = None
        places = {line} | aliases.get((rule, line), set())
        for i, (r_rule, r_line, r_lines) in enumerate(reports):
            if tool == "warpcheck":
                # A race is a pair of lines: the finding is at one, with a
                # note at the other; either names the labelled problem.
                ok = r_rule == rule and bool(places & r_lines)
            else:
                ok = rule in COMPETITOR_RULES[tool] and bool(places & r_lines)
            if ok:
                hit = i
                break
        row = rows.setdefault((tool, rule), {"found": 0, "missed": 0, "false_positives": 0})
        if hit is None:
            row["missed"] += 1
            misses.append((tool, rel, line, rule))
        else:
            row["found"] += 1
            matched.add(hit)
    labelled = set(expected) | {(rule, other) for (rule, _), lines in aliases.items() for other in lines}
    labelled_lines = {line for _, line in labelled}
    for i, (r_rule, r_line, r_lines) in enumerate(reports):
        if i in matched:
            continue
        if tool == "warpcheck":
            # Several findings of one labelled problem (two instructions of
            # one line pair) are not false positives.
            if any((r_rule, line) in labelled for line in r_lines):
                continue
            rule, where = r_rule, r_line
        else:
            if r_lines & labelled_lines:
                continue
            rule, where = f"({tool} report)", min(r_lines)
        row = rows.setdefault((tool, rule), {"found": 0, "missed": 0, "false_positives": 0})
        row["false_positives"] += 1
        false_positives.append((tool, rel, where, rule))


def score(programs, opts, root):
    """Prints the table; returns 0, or 2 when a program could not be compiled
    or run (the others are still scored), or 77 without a GPU."""
    ok, why = gpu_present()
    if not ok:
        print(f"SKIP: no NVIDIA GPU on this machine ({why}); the run half of the corpus was not scored")
        return 77
    opts.nvcc = find_nvcc(opts.nvcc)
    if not opts.nvcc:
        print("score: nvcc not found (use --nvcc)", file=sys.stderr)
        return 2
    opts.arch = opts.arch or default_arch()
    opts.sanitizer = None if opts.no_sanitizer else find_sanitizer(opts.sanitizer, opts.nvcc)
    if not opts.no_sanitizer and not opts.sanitizer:
        print("score: compute-sanitizer not found (use --sanitizer or --no-sanitizer)", file=sys.stderr)
        return 2
    os.makedirs(opts.workdir, exist_ok=True)
    tools = ["warpcheck"] + (list(COMPETITOR_RULES) if opts.sanitizer else [])
    rows, misses, false_positives, failures = {}, [], [], []

    def one(item):
        path, (expected, args, aliases) = item
        try:
            return path, score_program(path, args, opts, opts.workdir), None
        except RunError as e:
            return path, None, str(e)

    # Programs run side by side on the GPU: this scores findings, not time.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(opts.jobs, 8))) as pool:
        results = list(pool.map(one, sorted(programs.items())))
    for path, found, error in results:
        rel = os.path.relpath(path, root)
        if error:
            failures.append(f"{rel}: {error}")
            continue
        for tool in tools:
            tally(tool, programs[path][0], programs[path][2], found[tool], rel, rows, misses, false_positives)
    rules = sorted({rule for _, rule in rows})
    print(f"{len(programs) - len(failures)} corpus programs run on {opts.arch}; "
          "per rule: found/missed/false positives")
    print(f"{'rule':32}" + "".join(f"{t:>22}" for t in tools))
    for rule in rules:
        cells = []
        for t in tools:
            r = rows.get((t, rule))
            cells.append(f"{r['found']}/{r['missed']}/{r['false_positives']}" if r else "-")
        print(f"{rule:32}" + "".join(f"{c:>22}" for c in cells))
    for tool, rel, line, rule in misses:
        print(f"{tool} missed: {rel}:{line}: {rule}")
    for tool, rel, line, rule in false_positives:
        print(f"{tool} false positive: {rel}:{line}: {rule}")
    if opts.json:
        with open(opts.json, "w", encoding="utf-8") as out:
            json.dump({f"{t} {r}": v for (t, r), v in rows.items()}, out, indent=2, sort_keys=True)
    for failure in failures:
        print(f"score: not scored: {failure}", file=sys.stderr)
    return 2 if failures else 0
