#pragma once
// The uniformity analysis of one function (see ProgramUniformity.h).
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/Analysis/CFG.h"
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace clang {
class CFGBlock;
}

namespace warpcheck {

class FunctionUniformity {
public:
  FunctionUniformity(ProgramUniformity &program, const clang::FunctionDecl *fn);
  ~FunctionUniformity();

  const clang::FunctionDecl *decl() const { return fn_; }
  bool isKernel() const;

  // The thread dependence of `e` where it is evaluated.
  Uniformity valueOf(const clang::Expr *e) const;

  // The branches `s` is control dependent on, innermost first, transitively,
  // leaving out branches whose other side only exits the thread.
  std::vector<Guard> guards(const clang::Stmt *s) const;

  // The join of the guards' levels: how divergent the control reaching `s` is.
  Uniformity controlDivergence(const clang::Stmt *s) const;

  // Summary used by callers.
  const Uniformity &returnValue() const { return returnValue_; }
  // Level of what the function stores through its pointer/reference param i.
  Uniformity storedThroughParam(unsigned i) const;
  // Guards of block barriers executed in this function (directly or through
  // callees), expressed over this function's parameters.
  const Uniformity &barrierControl() const { return barrierControl_; }

  ProgramUniformity &program() const { return program_; }

  struct Impl;

private:
  ProgramUniformity &program_;
  const clang::FunctionDecl *fn_;
  std::unique_ptr<Impl> impl_;
  Uniformity returnValue_;
  Uniformity barrierControl_;
  friend struct Impl;
};

} // namespace warpcheck
