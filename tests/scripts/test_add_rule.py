#!/usr/bin/env python3
"""Unit tests of scripts/add_rule.py, run into a scratch copy of the files it
reads and edits (building warpcheck with the new rule is too slow for a
test): the doc it writes is accepted by rules/gen_catalog.py, the check is
registered once, the lint fixture fails until the check reports and the
clean one passes (tests/lint/check_warpcheck.py with a stand-in warpcheck),
and, given a compiler, the skeleton compiles with the analyzer's flags.

    test_add_rule.py [--filecheck FILECHECK] [--cxx CXX FLAG...]
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "add_rule.py")
FILECHECK = None
CXX = []  # the compiler and the analyzer's flags

STAND_IN = """#!{python}
# A warpcheck that reports what $STAND_IN_FINDING says (nothing when empty).
import os
finding = os.environ.get("STAND_IN_FINDING", "")
if finding:
    print(finding)
"""


def original(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


class AddRule(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        for path in ("rules/TEMPLATE.md", "analyzer/checks/AllChecks.cpp", "tests/gpu/cuda_check.h"):
            os.makedirs(os.path.join(self.root, os.path.dirname(path)), exist_ok=True)
            shutil.copy(os.path.join(ROOT, path), os.path.join(self.root, path))

    def tearDown(self):
        self.tmp.cleanup()

    def add(self, *args):
        return subprocess.run([sys.executable, SCRIPT, "--root", self.root] + list(args),
                              capture_output=True, text=True)

    def text(self, path):
        with open(os.path.join(self.root, path), encoding="utf-8") as f:
            return f.read()

    def tree(self):
        return sorted(os.path.relpath(os.path.join(d, f), self.root)
                      for d, _, fs in os.walk(self.root) for f in fs)

    def catalog_of(self, doc):
        out = os.path.join(self.root, "catalog.cpp")
        r = subprocess.run([sys.executable, os.path.join(ROOT, "rules", "gen_catalog.py"), out,
                            os.path.join(self.root, doc)], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, encoding="utf-8") as f:
            return f.read()

    def test_static_rule_doc_check_registration_and_fixtures(self):
        r = self.add("warp-vote-divergent", "--static", "--severity", "error")
        self.assertEqual(r.returncode, 0, r.stderr)
        catalog = self.catalog_of("rules/warp-vote-divergent.md")
        # id, severity, static half, dynamic half
        self.assertIn('{R"wcdoc(warp-vote-divergent)wcdoc", Severity::Error, true, false,', catalog)
        self.assertIn("halves: static\n", self.text("rules/warp-vote-divergent.md"))
        skeleton = self.text("analyzer/checks/WarpVoteDivergentCheck.cpp")
        self.assertIn('CheckFactory warpVoteDivergentCheck() { return checkFactory<WarpVoteDivergentCheck>("warp-vote-divergent"); }',
                      skeleton)
        # Registered once: one declaration, one entry, the rest unchanged.
        before = original("analyzer/checks/AllChecks.cpp")
        after = self.text("analyzer/checks/AllChecks.cpp")
        self.assertEqual(after.count("warpVoteDivergentCheck()"), 2)
        self.assertIn("CheckFactory warpVoteDivergentCheck();\n", after)
        self.assertIn("      warpVoteDivergentCheck(),\n  };", after)
        self.assertEqual(after.replace("CheckFactory warpVoteDivergentCheck();\n", "")
                         .replace("      warpVoteDivergentCheck(),\n", ""), before)
        self.assertIn("// RUN: %check_warpcheck %s warp-vote-divergent\n",
                      self.text("tests/lint/warp-vote-divergent/buggy.cu"))

    def test_lint_fixtures_fail_until_the_check_reports(self):
        filecheck = FILECHECK or shutil.which("FileCheck")
        if not filecheck:
            self.skipTest("no FileCheck (--filecheck)")
        self.assertEqual(self.add("warp-vote-divergent", "--static").returncode, 0)
        stand_in = os.path.join(self.root, "warpcheck")
        with open(stand_in, "w") as f:
            f.write(STAND_IN.format(python=sys.executable))
        os.chmod(stand_in, 0o755)
        fixtures = os.path.join(self.root, "tests/lint/warp-vote-divergent")

        def lit_check(name, finding=""):
            return subprocess.run([sys.executable, os.path.join(ROOT, "tests/lint/check_warpcheck.py"),
                                   "--warpcheck", stand_in, "--filecheck", filecheck,
                                   os.path.join(fixtures, name), "warp-vote-divergent"],
                                  capture_output=True, text=True,
                                  env=dict(os.environ, STAND_IN_FINDING=finding)).returncode

        self.assertNotEqual(lit_check("buggy.cu"), 0)  # the skeleton reports nothing
        self.assertEqual(lit_check("clean.cu"), 0)
        # Once the check reports the bug where the fixture says, it passes.
        written = os.path.join(fixtures, "buggy.cu") + ":7:3: warning: TODO the bug [warp-vote-divergent]"
        self.assertEqual(lit_check("buggy.cu", written), 0)

    def test_skeleton_compiles_with_the_analyzer_flags(self):
        if not CXX:
            self.skipTest("no compiler given (--cxx)")
        self.assertEqual(self.add("warp-vote-divergent", "--static").returncode, 0)
        r = subprocess.run(CXX[:1] + ["-fsyntax-only", "-I" + self.root] + CXX[1:] +
                           [os.path.join(self.root, "analyzer/checks/WarpVoteDivergentCheck.cpp")],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_dynamic_rule_doc_and_gpu_pair(self):
        r = self.add("race-texture", "--dynamic")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('{R"wcdoc(race-texture)wcdoc", Severity::Warning, false, true,',
                      self.catalog_of("rules/race-texture.md"))
        self.assertIn("halves: dynamic\n", self.text("rules/race-texture.md"))
        bug, fixed = self.text("tests/gpu/race_texture_bug.cu"), self.text("tests/gpu/race_texture_fixed.cu")
        self.assertIn("// EXPECT: race-texture bug\n", bug)
        self.assertIn("// @bug", bug)
        self.assertIn("// EXPECT-NONE\n", fixed)
        self.assertNotIn("EXPECT:", fixed)
        self.assertEqual(self.text("analyzer/checks/AllChecks.cpp"), original("analyzer/checks/AllChecks.cpp"))

    def test_refusals_write_nothing(self):
        self.assertEqual(self.add("warp-vote-divergent", "--static").returncode, 0)
        before = self.tree()
        again = self.add("warp-vote-divergent", "--dynamic")
        self.assertEqual(again.returncode, 2)
        self.assertIn("rules/warp-vote-divergent.md exists already", again.stderr)
        for bad in (["Warp_Vote", "--static"], ["warp", "--static"], ["warp-x"], ["warp-x", "--static", "--dynamic"]):
            r = self.add(*bad)
            self.assertEqual(r.returncode, 2, bad)
        os.unlink(os.path.join(self.root, "rules/TEMPLATE.md"))
        missing = self.add("warp-other-rule", "--static")
        self.assertEqual(missing.returncode, 2)
        self.assertIn("TEMPLATE.md is missing", missing.stderr)
        self.assertEqual(self.tree(), [p for p in before if p != "rules/TEMPLATE.md"])


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--filecheck"]:
        FILECHECK, args = args[1], args[2:]
    if args[:1] == ["--cxx"]:
        CXX, args = args[1:], []
    unittest.main(argv=[sys.argv[0]] + args)
