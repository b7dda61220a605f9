#!/usr/bin/env python3
"""Unit tests of scripts/add_rule.py, run into a scratch copy of the files it
reads and edits (building warpcheck with the new rule is too slow for a
test): the doc it writes is accepted by rules/gen_catalog.py, the check is
registered once, the lint fixture fails until the check reports and the
clean one passes (tests/lint/check_warpcheck.py with a stand-in warpcheck),
and, given a compiler, the skeleton compiles with the analyzer's flags. A
dynamic rule gets its finding kind (enumerator, table row, builder stub);
given a compiler and GoogleTest (--registry), the stub compiles and the
rule-registry test, built against the scratch tree, fails without the kind's
row and passes with it.

    test_add_rule.py [--filecheck FILECHECK] [--registry CXX GTEST_LIB GTEST_MAIN_LIB] [--cxx CXX FLAG...]
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
REGISTRY = []  # the compiler, libgtest and libgtest_main
KIND_FILES = ("instrument/PatchState.h", "runtime/host/FindingKinds.inc", "runtime/host/RunFindings.cpp")

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
        for path in ("rules/TEMPLATE.md", "analyzer/checks/AllChecks.cpp", "tests/gpu/cuda_check.h") + KIND_FILES:
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

    def rule_ids(self):
        """Generates rules/RuleIds.h from the scratch tree's docs and every
        doc of this checkout; returns the directory to add to -I."""
        for doc in os.listdir(os.path.join(ROOT, "rules")):
            if doc.endswith(".md") and doc != "TEMPLATE.md" and not os.path.exists(os.path.join(self.root, "rules", doc)):
                shutil.copy(os.path.join(ROOT, "rules", doc), os.path.join(self.root, "rules", doc))
        gen = os.path.join(self.root, "gen")
        docs = sorted(os.path.join(self.root, "rules", d) for d in os.listdir(os.path.join(self.root, "rules"))
                      if d.endswith(".md") and d != "TEMPLATE.md")
        r = subprocess.run([sys.executable, os.path.join(ROOT, "rules", "gen_catalog.py"),
                            os.path.join(gen, "catalog.cpp"), "--ids", os.path.join(gen, "rules", "RuleIds.h")] + docs,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        return gen

    def test_static_rule_doc_check_registration_and_fixtures(self):
        r = self.add("warp-vote-divergent", "--static", "--severity", "error")
        self.assertEqual(r.returncode, 0, r.stderr)
        catalog = self.catalog_of("rules/warp-vote-divergent.md")
        # id, severity, static half, dynamic half
        self.assertIn('{R"wcdoc(warp-vote-divergent)wcdoc", Severity::Error, true, false,', catalog)
        self.assertIn("halves: static\n", self.text("rules/warp-vote-divergent.md"))
        skeleton = self.text("analyzer/checks/WarpVoteDivergentCheck.cpp")
        self.assertIn("CheckFactory warpVoteDivergentCheck() { return checkFactory<WarpVoteDivergentCheck>"
                      "(rule::WarpVoteDivergent); }", skeleton)
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
        # The typed id rule::WarpVoteDivergent, generated from the new doc.
        gen = self.rule_ids()
        r = subprocess.run(CXX[:1] + ["-fsyntax-only", "-I" + self.root, "-I" + gen] + CXX[1:] +
                           [os.path.join(self.root, "analyzer/checks/WarpVoteDivergentCheck.cpp")],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        # A check registered under a string, not a typed id, does not compile:
        # a misspelt rule cannot reach the registry.
        path = os.path.join(self.root, "analyzer/checks/WarpVoteDivergentCheck.cpp")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace("(rule::WarpVoteDivergent)", '("warp-vote-divergent")'))
        r = subprocess.run(CXX[:1] + ["-fsyntax-only", "-I" + self.root, "-I" + gen] + CXX[1:] + [path],
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0, "a check registered under a string compiled")
        self.assertIn("checkFactory", r.stderr)

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

    def test_dynamic_rule_finding_kind_stub(self):
        r = self.add("race-texture", "--dynamic")
        self.assertEqual(r.returncode, 0, r.stderr)
        before = {p: original(p) for p in KIND_FILES}
        after = {p: self.text(p) for p in KIND_FILES}
        # The next kind number, at the end of the enum.
        self.assertIn("  kRaceVolatile = 13,", before["instrument/PatchState.h"])
        enumerator = "  kRaceTexture = 14, // race-texture: TODO: the event the patch records (instrument/Patches.cu)\n"
        self.assertIn(enumerator + "};\n", after["instrument/PatchState.h"])
        row = "WARPCHECK_FINDING_KIND(kRaceTexture, RaceTexture, raceTexture)\n"
        self.assertTrue(after["runtime/host/FindingKinds.inc"].endswith(row))
        stub = "  void raceTexture(Finding &f, RunEvidence &e, const RawRecord &r,"
        self.assertIn(stub, after["runtime/host/RunFindings.cpp"])
        self.assertLess(after["runtime/host/RunFindings.cpp"].index(stub),
                        after["runtime/host/RunFindings.cpp"].index("  // scripts/add_rule.py --dynamic adds the builder"))
        # Only added lines: the rest of each file is unchanged.
        self.assertEqual(after["instrument/PatchState.h"].replace(enumerator, ""), before["instrument/PatchState.h"])
        self.assertEqual(after["runtime/host/FindingKinds.inc"].replace(row, ""), before["runtime/host/FindingKinds.inc"])
        start = after["runtime/host/RunFindings.cpp"].index("  // race-texture (kRaceTexture)")
        end = after["runtime/host/RunFindings.cpp"].index("  // scripts/add_rule.py --dynamic adds the builder")
        self.assertEqual(after["runtime/host/RunFindings.cpp"][:start] + after["runtime/host/RunFindings.cpp"][end:],
                         before["runtime/host/RunFindings.cpp"])
        self.assertIn("runtime/host/RunFindings.cpp: write raceTexture()", r.stdout)

    def test_dynamic_rule_builds_and_the_registry_sees_it(self):
        if not REGISTRY:
            self.skipTest("no compiler and GoogleTest given (--registry)")
        cxx, gtest, gtest_main = REGISTRY
        self.assertEqual(self.add("race-texture", "--dynamic").returncode, 0)
        gen = self.rule_ids()
        self.assertIn('RaceTexture{"race-texture", Severity::Warning, Severity::Warning, false, true}',
                      self.text("gen/rules/RuleIds.h"))
        # The scratch tree first: its edited files and generated ids win.
        includes = ["-I" + self.root, "-I" + gen, "-I" + ROOT]
        r = subprocess.run([cxx, "-std=c++17", "-fsyntax-only"] + includes +
                           [os.path.join(self.root, "runtime/host/RunFindings.cpp")], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, "the builder stub does not compile:\n" + r.stderr)

        def registry():
            exe = os.path.join(self.root, "registry")
            c = subprocess.run([cxx, "-std=c++17"] + includes +
                               [os.path.join(ROOT, "tests/rules/RuleRegistryTest.cpp"), "-o", exe,
                                gtest_main, gtest, "-pthread"], capture_output=True, text=True)
            self.assertEqual(c.returncode, 0, c.stderr)
            return subprocess.run([exe], capture_output=True, text=True)

        run = registry()
        self.assertEqual(run.returncode, 0, run.stdout)
        # Without the kind's row, the registry test names the rule no kind reports.
        with open(os.path.join(self.root, "runtime/host/FindingKinds.inc"), "w", encoding="utf-8") as f:
            f.write(original("runtime/host/FindingKinds.inc"))
        run = registry()
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("rules/*.md has `halves: dynamic` rules that no finding kinds (runtime/host/FindingKinds.inc) "
                      "report: race-texture", run.stdout)

    def test_refusals_write_nothing(self):
        self.assertEqual(self.add("warp-vote-divergent", "--static").returncode, 0)
        before = self.tree()
        again = self.add("warp-vote-divergent", "--dynamic")
        self.assertEqual(again.returncode, 2)
        self.assertIn("rules/warp-vote-divergent.md exists already", again.stderr)
        for bad in (["Warp_Vote", "--static"], ["warp", "--static"], ["warp-x"], ["warp-x", "--static", "--dynamic"]):
            r = self.add(*bad)
            self.assertEqual(r.returncode, 2, bad)
        # A dynamic rule whose builder would clash with one of RunFindings.cpp's.
        clash = self.add("global-race", "--dynamic")
        self.assertEqual(clash.returncode, 2)
        self.assertIn("kGlobalRace or globalRace exists already", clash.stderr)
        # A tree whose finding-kind table has no rows: refused, nothing written.
        with open(os.path.join(self.root, "runtime/host/FindingKinds.inc"), "w", encoding="utf-8") as f:
            f.write("// no rows\n")
        shape = self.add("race-texture", "--dynamic")
        self.assertEqual(shape.returncode, 2)
        self.assertIn("does not have the expected shape", shape.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.root, "rules/race-texture.md")))
        self.assertFalse(os.path.exists(os.path.join(self.root, "tests/gpu/race_texture_bug.cu")))
        os.unlink(os.path.join(self.root, "rules/TEMPLATE.md"))
        missing = self.add("warp-other-rule", "--static")
        self.assertEqual(missing.returncode, 2)
        self.assertIn("TEMPLATE.md is missing", missing.stderr)
        self.assertEqual(self.tree(), [p for p in before if p != "rules/TEMPLATE.md"])


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--filecheck"]:
        FILECHECK, args = args[1], args[2:]
    if args[:1] == ["--registry"]:
        REGISTRY, args = args[1:4], args[4:]
    if args[:1] == ["--cxx"]:
        CXX, args = args[1:], []
    unittest.main(argv=[sys.argv[0]] + args)
