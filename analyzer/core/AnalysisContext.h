#pragma once
// What an analysis of one pass works on: the AST, the pass, the options,
// the shared uniformity analysis, and state that several analyses compute
// once per pass. The engines (analyzer/cuda, analyzer/analyses) take this
// context, never a check's: reporting and rule timing are CheckContext's
// (analyzer/checks), which is an AnalysisContext with findings added.
#include "analyzer/core/AnalysisOptions.h"
#include "analyzer/frontend/Pass.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <memory>
#include <string>

namespace warpcheck {

class ProgramUniformity;

class AnalysisContext {
public:
  AnalysisContext(clang::ASTContext *ast, Pass pass, AnalysisOptions opts)
      : ast_(ast), pass_(std::move(pass)), opts_(std::move(opts)) {}
  AnalysisContext(const AnalysisContext &) = delete;
  AnalysisContext &operator=(const AnalysisContext &) = delete;

  clang::ASTContext &ast() { return *ast_; }
  const clang::SourceManager &sources() const { return ast_->getSourceManager(); }
  const Pass &pass() const { return pass_; }
  const AnalysisOptions &options() const { return opts_; }

  // The uniformity analysis of this TU, computed on first use. Defined in
  // analyzer/uniformity/ProgramUniformity.cpp: the analysis is a layer
  // above this one, so this header only names it.
  ProgramUniformity &uniformity();

  // False for locations in system headers unless --system-headers is given.
  bool isReportable(clang::SourceLocation loc) const {
    if (loc.isInvalid()) return false;
    if (opts_.systemHeaders) return true;
    return !sources().isInSystemHeader(sources().getExpansionLoc(loc));
  }

  // State that several analyses or checks of this pass compute once and
  // share (e.g. the lane facts of each warp collective), created on first
  // use.
  template <class T> T &shared(const std::string &key) {
    std::shared_ptr<void> &slot = shared_[key];
    if (!slot) slot = std::make_shared<T>();
    return *static_cast<T *>(slot.get());
  }

  // Whether the TU's time budget is spent: analyses stop at their next step.
  bool expired() const { return opts_.budget && opts_.budget->expired(); }

protected:
  clang::ASTContext *ast_;
  Pass pass_;
  AnalysisOptions opts_;
  // A shared_ptr: its deleter is bound where the analysis is created, so
  // this header needs no complete ProgramUniformity to destroy it.
  std::shared_ptr<ProgramUniformity> uniformity_;

private:
  std::map<std::string, std::shared_ptr<void>> shared_;
};

} // namespace warpcheck
