#!/usr/bin/env python3
"""Unit tests of scripts/check_layers.py on fake source trees: an include
against the layering fails with its file:line and the layers named, the
allow-list admits only what it lists, and a stale entry fails too."""
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "scripts")
SCRIPT = os.path.join(SCRIPTS, "check_layers.py")
sys.path.insert(0, SCRIPTS)
import check_layers  # noqa: E402


class FakeTree(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        # A clean tree: every include runs downwards.
        self.write("analyzer/frontend/Pass.h", "#pragma once\n#include <string>\n")
        self.write("analyzer/core/AnalysisOptions.h", '#include "analyzer/frontend/Pass.h"\n')
        self.write("analyzer/checks/CheckContext.h",
                   '#include "analyzer/core/AnalysisOptions.h"\n#include "reports/Finding.h"\n'
                   '#include "clang/AST/ASTContext.h"\n')
        self.write("analyzer/driver/Lint.cpp", '#include "analyzer/checks/CheckContext.h"\n')
        self.write("reports/Finding.h", "#pragma once\n")
        self.write("runtime/RawLog.h", '#include "instrument/PatchState.h"\n')
        self.write("runtime/RunFindings.cpp", '#include "runtime/RawLog.h"\n#include "reports/Finding.h"\n')
        self.write("runtime/inject/Injection.cpp", '#include "runtime/RawLog.h"\n#include "runtime/inject/Flags.h"\n')
        self.write("runtime/inject/Flags.h", '#include "runtime/Flags.inc"\n')
        self.write("runtime/Flags.inc", "")
        self.write("instrument/PatchState.h", "#pragma once\n")
        self.write("cli/Main.cpp", '#include "analyzer/driver/Lint.h"\n#include "runtime/RunFindings.h"\n')

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)

    def run_script(self):
        return subprocess.run([sys.executable, SCRIPT, "--root", self.root, "--no-allow-list"],
                              capture_output=True, text=True)

    def violations(self, allowed=frozenset()):
        return check_layers.check(self.root, set(allowed))

    def test_clean_tree_passes(self):
        r = self.run_script()
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout, "")

    def test_upward_include_in_analyzer_fails_naming_file_line_and_layers(self):
        self.write("analyzer/frontend/PassRunner.h",
                   '#pragma once\n#include "analyzer/frontend/Pass.h"\n#include "analyzer/checks/CheckContext.h"\n')
        r = self.run_script()
        self.assertEqual(r.returncode, 1)
        self.assertIn("analyzer/frontend/PassRunner.h:3: includes analyzer/checks/CheckContext.h", r.stdout)
        self.assertIn("layer frontend may not include the higher layer checks", r.stdout)
        self.assertEqual(len(r.stdout.splitlines()), 1, r.stdout)

    def test_relative_include_is_resolved(self):
        self.write("analyzer/uniformity/Program.h", '#include "../checks/CheckContext.h"\n')
        violations, _ = self.violations()
        self.assertEqual(violations, [
            "analyzer/uniformity/Program.h:1: includes analyzer/checks/CheckContext.h: analyzer layer "
            "uniformity may not include the higher layer checks (" + " -> ".join(check_layers.ANALYZER_LAYERS) + ")"])

    def test_engines_and_the_api_table_sit_between_core_and_the_rules(self):
        # analyses/ (the engines) take core's AnalysisContext, never a check's
        # context; cuda/ (the API table) is below uniformity, which is below
        # analyses.
        self.write("analyzer/analyses/AsyncCopyPaths.h",
                   '#include "analyzer/core/AnalysisContext.h"\n#include "analyzer/cuda/CudaBuiltins.h"\n'
                   '#include "analyzer/uniformity/Program.h"\n#include "analyzer/checks/CheckContext.h"\n')
        self.write("analyzer/cuda/CudaBuiltins.h",
                   '#include "analyzer/core/AnalysisContext.h"\n#include "analyzer/uniformity/Divergence.h"\n')
        self.write("analyzer/uniformity/Program.h",
                   '#include "analyzer/cuda/CudaBuiltins.h"\n#include "analyzer/analyses/AsyncCopyPaths.h"\n')
        self.write("analyzer/core/AnalysisContext.h", '#include "analyzer/cuda/CudaBuiltins.h"\n')
        violations, _ = self.violations()
        self.assertEqual(sorted(v.split(": includes")[0] for v in violations),
                         ["analyzer/analyses/AsyncCopyPaths.h:4", "analyzer/core/AnalysisContext.h:1",
                          "analyzer/cuda/CudaBuiltins.h:2", "analyzer/uniformity/Program.h:2"])
        self.assertEqual(check_layers.ANALYZER_LAYERS,
                         ["frontend", "core", "cuda", "uniformity", "analyses", "checks", "driver"])

    def test_unknown_analyzer_folder_must_be_placed(self):
        self.write("analyzer/misc/Helper.h", '#include "analyzer/frontend/Pass.h"\n')
        violations, _ = self.violations()
        self.assertEqual(len(violations), 1)
        self.assertIn("analyzer/misc is not a known layer", violations[0])

    def test_top_level_folders(self):
        self.write("reports/Report.h", '#include "analyzer/checks/CheckContext.h"\n')
        self.write("config/Config.h", '#include "runtime/RawLog.h"\n')
        self.write("instrument/Patches.cu", '#include "reports/Finding.h"\n')
        violations, _ = self.violations()
        self.assertEqual(sorted(v.split(":")[0] for v in violations),
                         ["config/Config.h", "instrument/Patches.cu", "reports/Report.h"])
        self.assertTrue(any("reports may not include analyzer" in v for v in violations))

    def test_runtime_targets(self):
        # Host code reaching into the injected library, and back.
        self.write("runtime/ProcessLogs.cpp", '#include "runtime/inject/Flags.h"\n')
        self.write("cli/RunCommand.cpp", '#include "runtime/inject/Flags.h"\n')
        self.write("runtime/inject/Report.cpp", '#include "runtime/RunFindings.h"\n#include "reports/Finding.h"\n')
        # A file both targets build including a host-only header.
        self.write("runtime/Journal.h", '#include "runtime/Symbolizer.h"\n')
        violations, _ = self.violations()
        self.assertEqual(sorted(v.split(": includes")[0] for v in violations),
                         ["cli/RunCommand.cpp:1", "runtime/Journal.h:1", "runtime/ProcessLogs.cpp:1",
                          "runtime/inject/Report.cpp:1", "runtime/inject/Report.cpp:2"])

    def test_allow_list_admits_its_entries_only_and_stale_entries_fail(self):
        self.write("cli/RunCommand.cpp", '#include "runtime/inject/Flags.h"\n#include "runtime/inject/Other.h"\n')
        violations, stale = self.violations({("cli/RunCommand.cpp", "runtime/inject/Flags.h"),
                                             ("cli/Gone.cpp", "runtime/inject/Flags.h")})
        self.assertEqual([v.split(": includes")[0] for v in violations], ["cli/RunCommand.cpp:2"])
        self.assertEqual(len(stale), 1)
        self.assertIn("cli/Gone.cpp: allow-list entry for runtime/inject/Flags.h no longer occurs", stale[0])

    def test_builtin_allow_list_has_no_analyzer_layer_entries(self):
        # The analyzer's upward includes were fixed, not listed.
        self.assertFalse([e for e in check_layers.ALLOWED if e[0].startswith("analyzer/")])

    def test_bad_root_is_an_argument_error(self):
        r = subprocess.run([sys.executable, SCRIPT, "--root", os.path.join(self.root, "nope")],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("no such directory", r.stderr)


if __name__ == "__main__":
    unittest.main()
