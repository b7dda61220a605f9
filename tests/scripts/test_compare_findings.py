#!/usr/bin/env python3
"""Unit tests of bench/compare_findings.py on fake report folders: a finding
every baseline run reports and no candidate run does is DROPPED (exit 1); one
that only some baseline runs report is timing, not counted; one candidate run
is enough to keep a finding; new findings are listed, not errors; bad input
exits 2."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench")
SCRIPT = os.path.join(BENCH, "compare_findings.py")


def report(findings):
    return {"version": 1, "command": "run", "tool": {"name": "warpcheck"}, "files": [], "run": {},
            "findings": [{"rule": r, "file": "/src/" + f, "line": l, "notes": []} for r, f, l in findings]}


class CompareFindings(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def folder(self, name, reports):
        path = os.path.join(self.tmp.name, name)
        os.makedirs(path)
        for program, findings in reports.items():
            with open(os.path.join(path, program + ".json"), "w") as f:
                json.dump(report(findings), f)
        return path

    def run_script(self, *args):
        p = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)
        return p.returncode, p.stdout, p.stderr

    def test_a_steady_finding_missing_from_every_candidate_run_is_dropped(self):
        b1 = self.folder("b1", {"lock_bug": [("race-global", "lock.cu", 30)], "ok": []})
        b2 = self.folder("b2", {"lock_bug": [("race-global", "lock.cu", 30)], "ok": []})
        c1 = self.folder("c1", {"lock_bug": [], "ok": []})
        code, out, _ = self.run_script("--baseline", b1, b2, "--candidate", c1)
        self.assertEqual(code, 1, out)
        self.assertIn("DROPPED lock_bug: race-global at lock.cu:30", out)
        self.assertIn("2 programs compared, 1 findings dropped", out)

    def test_timing_and_one_candidate_run_and_additions(self):
        # fence-missing only in one baseline run: timing, not the baseline's.
        b1 = self.folder("b1", {"p": [("race-global", "p.cu", 5), ("fence-missing", "p.cu", 9)]})
        b2 = self.folder("b2", {"p": [("race-global", "p.cu", 5)]})
        # race-global kept by the second candidate run; scope-too-narrow new.
        c1 = self.folder("c1", {"p": [("scope-too-narrow", "p.cu", 7)]})
        c2 = self.folder("c2", {"p": [("race-global", "p.cu", 5)]})
        code, out, _ = self.run_script("--baseline", b1, b2, "--candidate", c1, c2)
        self.assertEqual(code, 0, out)
        self.assertNotIn("DROPPED", out)
        self.assertIn("ADDED p: scope-too-narrow at p.cu:7", out)
        self.assertNotIn("fence-missing", out)

    def test_programs_on_one_side_only_and_other_json_files(self):
        b1 = self.folder("b1", {"a": [], "b": []})
        c1 = self.folder("c1", {"a": []})
        with open(os.path.join(c1, "gpu-results.json"), "w") as f:
            json.dump({"passed": 1, "failed": 0}, f)
        code, out, _ = self.run_script("--baseline", b1, "--candidate", c1)
        self.assertEqual(code, 0, out)
        self.assertIn("MISSING b: no candidate report", out)
        self.assertIn("1 programs compared", out)

    def test_bad_input(self):
        b1 = self.folder("b1", {"a": []})
        code, _, err = self.run_script("--baseline", b1, "--candidate", os.path.join(self.tmp.name, "nope"))
        self.assertEqual(code, 2)
        self.assertIn("not a folder", err)
        broken = os.path.join(self.tmp.name, "broken")
        os.makedirs(broken)
        with open(os.path.join(broken, "x.json"), "w") as f:
            f.write("{")
        code, _, err = self.run_script("--baseline", b1, "--candidate", broken)
        self.assertEqual(code, 2)
        self.assertIn("x.json", err)
        empty = os.path.join(self.tmp.name, "empty")
        os.makedirs(empty)
        code, _, err = self.run_script("--baseline", b1, "--candidate", empty)
        self.assertEqual(code, 2)
        self.assertIn("no warpcheck run report in the candidate folders", err)


if __name__ == "__main__":
    unittest.main()
