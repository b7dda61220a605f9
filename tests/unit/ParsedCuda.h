#pragma once
// A small CUDA TU parsed as lint parses a device pass (sm_90), for the unit
// tests of the analyses. `skip` says why without a CUDA toolkit; `failure`
// is set when the code does not parse: a test must fail then, not skip (it
// would otherwise pass silently, as one did when the passes began to
// force-include an in-memory header the test did not map).
#include "analyzer/frontend/CudaOverlay.h"
#include "analyzer/frontend/PassCommandLine.h"
#include "analyzer/frontend/Toolkit.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <memory>
#include <string>

namespace warpcheck {

struct ParsedCuda {
  explicit ParsedCuda(const std::string &code, const std::string &file = "/tmp/warpcheck-unit-test.cu") {
    std::string error;
    auto tk = findCudaToolkit("", error);
    if (!tk) {
      skip = "no CUDA toolkit: " + error;
      return;
    }
    TranslationUnit tu;
    tu.file = file;
    FrontendConfig config{*tk, WARPCHECK_CLANG_RESOURCE_DIR};
    std::vector<std::string> argv = passCommandLine(tu, Pass{false, "sm_90"}, config);
    argv.erase(argv.begin()); // "clang++"
    argv.pop_back();          // the file
    // The pass force-includes lint's in-memory compat header
    // (analyzer/frontend/CudaOverlay.h): parse over the same file system.
    unit = clang::tooling::buildASTFromCodeWithArgs(
        code, argv, tu.file, "clang-tool", std::make_shared<clang::PCHContainerOperations>(),
        clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(), nullptr,
        withCudaOverlay(llvm::vfs::getRealFileSystem()));
    if (!unit || unit->getDiagnostics().hasErrorOccurred()) failure = "the test code did not parse";
  }

  std::string skip, failure;
  std::unique_ptr<clang::ASTUnit> unit;
};

} // namespace warpcheck
