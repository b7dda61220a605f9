#!/usr/bin/env python3
"""Compare the findings of two `warpcheck run` builds over the same programs:
does the candidate drop a finding the baseline reports?

An optimisation of the GPU detector (issue 20) must not lose a finding the
unoptimised detector reports on tests/gpu and tests/corpus. Run the programs
under each build (run_gpu_tests.py --workdir, bench/score --run --workdir;
the reports are the NAME.json files there), as many times as timing calls for,
and compare the report folders:

  bench/compare_findings.py --baseline /tmp/old-1 /tmp/old-2 --candidate /tmp/new-1 /tmp/new-2

A finding is its rule and the file:line of its primary place (basename).
A finding counts as the baseline's when every baseline run of its program
reported it (a finding one run of the baseline shows and another does not is
timing, not the detector), and as kept when at least one candidate run
reports it. Printed: per program, each dropped finding (exit code 1) and each
finding the candidate adds (reported, not an error). Programs missing from
either side are listed. Exit code: 0 nothing dropped, 1 a finding dropped, 2
bad usage or an unreadable report.
"""
import argparse
import json
import os
import sys


def findings_of(report_path):
    """The set of (rule, "file:line") of one warpcheck JSON report."""
    with open(report_path, encoding="utf-8") as f:
        data = json.load(f)
    out = set()
    for fd in data["findings"]:
        line = fd.get("line") or 0
        place = "%s:%d" % (os.path.basename(fd.get("file") or "?"), line)
        out.add((fd["rule"], place))
    return out


def read_runs(folders):
    """{program: [findings of each run]} over the folders' NAME.json reports
    (warpcheck run reports only: other JSON files are skipped)."""
    runs = {}
    for folder in folders:
        if not os.path.isdir(folder):
            raise ValueError("%s: not a folder" % folder)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
            except (OSError, ValueError) as e:
                raise ValueError("%s: %s" % (path, e))
            if not isinstance(data, dict) or data.get("command") != "run" or "findings" not in data:
                continue
            runs.setdefault(name[:-5], []).append(findings_of(path))
    return runs


def compare(baseline, candidate):
    """(dropped, added, only_baseline, only_candidate): dropped and added map a
    program to sorted findings."""
    dropped, added = {}, {}
    for program in sorted(set(baseline) & set(candidate)):
        steady = set.intersection(*baseline[program])
        seen_base = set.union(*baseline[program])
        kept = set.union(*candidate[program])
        lost = sorted(steady - kept)
        new = sorted(kept - seen_base)
        if lost:
            dropped[program] = lost
        if new:
            added[program] = new
    return (dropped, added, sorted(set(baseline) - set(candidate)), sorted(set(candidate) - set(baseline)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", nargs="+", required=True, help="report folders of the baseline build, one per run")
    ap.add_argument("--candidate", nargs="+", required=True, help="report folders of the candidate build, one per run")
    opts = ap.parse_args(argv)
    try:
        baseline, candidate = read_runs(opts.baseline), read_runs(opts.candidate)
    except ValueError as e:
        print("compare_findings: %s" % e, file=sys.stderr)
        return 2
    if not baseline or not candidate:
        print("compare_findings: no warpcheck run report in the %s folders"
              % ("baseline" if not baseline else "candidate"), file=sys.stderr)
        return 2
    dropped, added, only_base, only_cand = compare(baseline, candidate)
    for program, lost in dropped.items():
        for rule, place in lost:
            print("DROPPED %s: %s at %s" % (program, rule, place))
    for program, new in added.items():
        for rule, place in new:
            print("ADDED %s: %s at %s" % (program, rule, place))
    for program in only_base:
        print("MISSING %s: no candidate report" % program)
    for program in only_cand:
        print("MISSING %s: no baseline report" % program)
    common = len(set(baseline) & set(candidate))
    print("compare_findings: %d programs compared, %d findings dropped, %d added (%d/%d baseline/candidate runs)"
          % (common, sum(len(v) for v in dropped.values()), sum(len(v) for v in added.values()),
             len(opts.baseline), len(opts.candidate)))
    return 1 if dropped else 0


if __name__ == "__main__":
    sys.exit(main())
