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
        self.write("runtime/common/RawLog.h", '#include "instrument/PatchState.h"\n')
        self.write("runtime/host/RunFindings.cpp", '#include "runtime/common/RawLog.h"\n#include "reports/Finding.h"\n')
        self.write("runtime/inject/Injection.cpp", '#include "runtime/common/RawLog.h"\n#include "runtime/common/Flags.h"\n')
        self.write("runtime/common/Flags.h", '#include "runtime/common/Flags.inc"\n')
        self.write("runtime/common/Flags.inc", "")
        self.write("instrument/PatchState.h", "#pragma once\n")
        self.write("support/Glob.h", "#pragma once\n#include <string>\n")
        self.write("support/Glob.cpp", '#include "support/Glob.h"\n#include <nlohmann/json.hpp>\n')
        self.write("cli/Main.cpp", '#include "analyzer/driver/Lint.h"\n#include "runtime/host/RunFindings.h"\n')

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
        self.write("config/Config.h", '#include "runtime/common/RawLog.h"\n')
        self.write("instrument/Patches.cu", '#include "reports/Finding.h"\n')
        violations, _ = self.violations()
        self.assertEqual(sorted(v.split(":")[0] for v in violations),
                         ["config/Config.h", "instrument/Patches.cu", "reports/Report.h"])
        self.assertTrue(any("reports may not include analyzer" in v for v in violations))

    def test_support_is_the_lowest_layer(self):
        # Every folder may include support/, the injected library and the
        # files both runtime targets build too ...
        for path in ("analyzer/frontend/Pass.cpp", "reports/Finding.cpp", "config/Config.cpp", "cli/Main2.cpp",
                     "instrument/Patches.cu", "runtime/inject/Injection2.cpp", "runtime/common/Journal2.cpp",
                     "runtime/reference/Trace.cpp"):
            self.write(path, '#include "support/Glob.h"\n')
        self.assertEqual(self.violations(), ([], []))
        # ... and support/ includes no other folder, nor LLVM or CUDA.
        self.write("support/Files.cpp", '#include "reports/Finding.h"\n#include "llvm/Support/Path.h"\n'
                   '#include <cuda_runtime.h>\n#include "support/Glob.h"\n')
        violations, _ = self.violations()
        self.assertEqual([v.split(": includes")[0] for v in violations],
                         ["support/Files.cpp:1", "support/Files.cpp:2", "support/Files.cpp:3"])
        self.assertIn("support may not include reports", violations[0])
        self.assertIn("support builds without LLVM and CUDA", violations[1])

    def test_runtime_targets(self):
        # inject and host include common (the clean tree); never each other,
        # and nothing outside inject includes it.
        self.write("runtime/host/ProcessLogs.cpp", '#include "runtime/inject/LaunchChecker.h"\n')
        self.write("cli/RunCommand.cpp", '#include "runtime/common/Flags.h"\n#include "runtime/inject/Flags.h"\n')
        self.write("runtime/inject/Report.cpp", '#include "runtime/host/RunFindings.h"\n#include "reports/Finding.h"\n')
        # common, which both build on, including a host-only header or reports.
        self.write("runtime/common/Journal.h", '#include "runtime/common/RawLog.h"\n#include "runtime/host/Symbolizer.h"\n')
        self.write("runtime/common/Flags.cpp", '#include "reports/Finding.h"\n')
        violations, _ = self.violations()
        self.assertEqual(sorted(v.split(": includes")[0] for v in violations),
                         ["cli/RunCommand.cpp:2", "runtime/common/Flags.cpp:1", "runtime/common/Journal.h:2",
                          "runtime/host/ProcessLogs.cpp:1", "runtime/inject/Report.cpp:1",
                          "runtime/inject/Report.cpp:2"])
        by_file = {v.split(": includes")[0]: v for v in violations}
        self.assertIn("the injected library includes no runtime/host header", by_file["runtime/inject/Report.cpp:1"])
        self.assertIn("only the injected library includes runtime/inject", by_file["runtime/host/ProcessLogs.cpp:1"])
        self.assertIn("runtime/common, which both runtime targets build on, includes a runtime/host header",
                      by_file["runtime/common/Journal.h:2"])
        self.assertIn("runtime/common includes reports", by_file["runtime/common/Flags.cpp:1"])

    def test_file_directly_in_runtime_is_in_no_target(self):
        self.write("runtime/Stray.cpp", "int x;\n")
        self.write("cli/Run.cpp", '#include "runtime/Stray.h"\n')
        violations, _ = self.violations()
        self.assertEqual(len(violations), 2, violations)
        self.assertIn("runtime/Stray.cpp:1: is in no runtime target", violations[0])
        self.assertIn("cli/Run.cpp:1: includes runtime/Stray.h: runtime/Stray.h is in no runtime target",
                      violations[1])

    def test_runtime_target_builds_only_from_its_folder(self):
        self.write("runtime/CMakeLists.txt", "add_subdirectory(common)  # not Old.cpp\nadd_library(x Old.cpp)\n")
        self.write("runtime/host/CMakeLists.txt", "add_library(warpcheck_runlog STATIC ProcessLogs.cpp\n  RunFindings.cpp)\n")
        self.write("runtime/inject/CMakeLists.txt",
                   "add_library(warpcheck_runtime SHARED Injection.cpp\n"
                   "  ${PROJECT_SOURCE_DIR}/runtime/common/RawLog.cpp ../host/Symbolizer.cpp)\n")
        violations, _ = self.violations()
        self.assertEqual(violations, [
            "runtime/CMakeLists.txt:2: builds Old.cpp: runtime/CMakeLists.txt builds no source itself",
            "runtime/inject/CMakeLists.txt:2: builds runtime/common/RawLog.cpp: a runtime target builds only "
            "from its own folder (runtime/inject/)",
            "runtime/inject/CMakeLists.txt:2: builds ../host/Symbolizer.cpp: a runtime target builds only "
            "from its own folder (runtime/inject/)"])
        _, stale = self.violations({("runtime/inject/CMakeLists.txt", "runtime/common/RawLog.cpp"),
                                    ("runtime/inject/CMakeLists.txt", "reports/Gone.cpp")})
        self.assertEqual(stale, ["runtime/inject/CMakeLists.txt: allow-list entry for reports/Gone.cpp no "
                                 "longer occurs: remove it from ALLOWED"])

    def test_reports_parts(self):
        # Downwards is clean: formats and suppress on model, formats on
        # suppress's fingerprints, the pipeline on everything, all on support/.
        self.write("reports/model/Report.h", '#include "reports/model/Finding.h"\n#include "support/Glob.h"\n')
        self.write("reports/suppress/Fingerprint.h", '#include "reports/model/Report.h"\n')
        self.write("reports/formats/sarif/SarifFormat.cpp",
                   '#include "reports/formats/Formats.h"\n#include "reports/suppress/Fingerprint.h"\n')
        self.write("reports/Finish.cpp", '#include "reports/suppress/Fingerprint.h"\n#include "reports/formats/Formats.h"\n')
        self.assertEqual(self.violations()[0], [])
        # Upwards is not: the model on a format, suppress on a format, a part
        # on the pipeline, an unknown part.
        self.write("reports/model/Finding.h", '#include "reports/formats/TextFormat.h"\n')
        self.write("reports/suppress/Nolint.cpp", '#include "reports/formats/Formats.h"\n')
        self.write("reports/input/JsonReader.cpp", '#include "reports/Finish.h"\n')
        self.write("reports/misc/X.h", '#include "reports/model/Finding.h"\n')
        violations, _ = self.violations()
        self.assertEqual(sorted(v.split(": includes")[0] for v in violations),
                         ["reports/input/JsonReader.cpp:1", "reports/misc/X.h:1",
                          "reports/model/Finding.h:1", "reports/suppress/Nolint.cpp:1"])
        self.assertTrue(any("reports/model may not include reports/formats" in v for v in violations), violations)
        self.assertTrue(any("reports/input may not include the pipeline" in v for v in violations), violations)
        self.assertTrue(any("reports/misc is not a known part" in v for v in violations), violations)

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
