#pragma once
// A small CUDA TU parsed as lint parses a device pass (sm_90), for the unit
// tests of the analyses. `skip` says why without a CUDA toolkit; `failure`
// is set when the code does not parse: a test must fail then, not skip (it
// would otherwise pass silently, as one did when the passes began to
// force-include an in-memory header the test did not map).
#include "analyzer/frontend/CudaOverlay.h"
#include "analyzer/frontend/PassCommandLine.h"
#include "analyzer/frontend/Toolkit.h"
#include "clang/AST/RecursiveASTVisitor.h"
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

// The definition of the function named `name` in the TU; of a template,
// its instance (the last one found).
inline const clang::FunctionDecl *functionNamed(clang::ASTContext &ast, llvm::StringRef name) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::StringRef name;
    const clang::FunctionDecl *found = nullptr;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(clang::FunctionDecl *fd) {
      if (fd->getIdentifier() && fd->getName() == name && fd->hasBody() && !fd->isDependentContext()) found = fd;
      return true;
    }
  } finder;
  finder.name = name;
  finder.TraverseAST(ast);
  return finder.found;
}

} // namespace warpcheck

// Parses `code` into `var`, a ParsedCuda (PARSE) or a type built from code
// like it (PARSE_AS): the test fails when the code does not parse and is
// skipped, with the reason, without a CUDA toolkit.
#define PARSE_AS(Type, var, code)                                                                            \
  Type var(code);                                                                                            \
  if (!var.failure.empty()) FAIL() << var.failure;                                                           \
  if (!var.skip.empty()) GTEST_SKIP() << var.skip;
#define PARSE(var, code) PARSE_AS(ParsedCuda, var, code)
