#pragma once
// The uniformity analysis of one function (see ProgramUniformity.h).
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/Analysis/CFG.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace clang {
class CFGBlock;
}

namespace warpcheck {

// Computed on its first question, not when ProgramUniformity::function
// hands it out: rules ask for the analysis of every device function and
// question few of them (those with a barrier, a collective, a shared
// access...), and the analysis is most of what they cost.
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
  // With `withExits`, the branches whose other side exits are included too,
  // marked `exits` (what lanes that reach `s` know about themselves).
  std::vector<Guard> guards(const clang::Stmt *s, bool withExits = false) const;

  // The join of the guards' levels: how divergent the control reaching `s` is.
  Uniformity controlDivergence(const clang::Stmt *s) const;

  // Summary used by callers.
  const Uniformity &returnValue() const {
    ready();
    return returnValue_;
  }
  // Level of what the function stores through its pointer/reference param i.
  Uniformity storedThroughParam(unsigned i) const;
  // A place where this function may execute a block barrier: a barrier
  // intrinsic, or a call to a function that may execute one.
  struct BarrierPoint {
    const clang::Stmt *stmt;
    const clang::FunctionDecl *callee; // null for an intrinsic or asm
  };
  const std::vector<BarrierPoint> &barrierPoints() const;
  // How divergent the control of this function's barriers is, over its
  // parameters (so callers can instantiate it with their arguments).
  const Uniformity &barrierControl() const;
  // `call` (in this function) instantiated: the divergence that the
  // arguments give to the barriers inside its callee.
  Uniformity calleeBarrierControl(const clang::CallExpr *call) const;
  // The value of argument expressions of a call, indexed like parameters.
  Uniformity instantiate(const Uniformity &calleeValue, const clang::CallExpr *call) const;

  ProgramUniformity &program() const { return program_; }

  // The expression a local stands for when it is defined exactly once, by a
  // plain initialisation or assignment; null otherwise.
  const clang::Expr *singleDefinition(const clang::VarDecl *v) const;

  // The definitions of a tracked local that reach `use`: the declaration,
  // assignment or ++/-- (`value` is what is assigned, the right side of a
  // compound assignment, null for ++/--). Nullopt for a local that is not
  // tracked (its address escapes, an array or a struct) or a parameter.
  struct Definition {
    const clang::Stmt *stmt;
    const clang::Expr *value;
    bool compound;
  };
  std::optional<std::vector<Definition>> reachingDefinitions(const clang::DeclRefExpr *use) const;

  struct Impl;

private:
  friend class ProgramUniformity;
  // Runs the analysis unless it ran (or is running: a question from inside
  // it, or from a callee's analysis, which ProgramUniformity::function
  // answers with null for a function in progress).
  void ready() const {
    if (state_ == kNotRun) compute();
  }
  void compute() const;
  enum State { kNotRun, kRunning, kDone };
  ProgramUniformity &program_;
  const clang::FunctionDecl *fn_;
  mutable State state_ = kNotRun;
  mutable bool cutShort_ = false; // the running function's time budget cut it short
  mutable std::unique_ptr<Impl> impl_;
  mutable Uniformity returnValue_;
  mutable std::vector<BarrierPoint> barrierPoints_;
  mutable Uniformity barrierControl_;
  mutable int barrierState_ = 0; // 0 not computed, 1 computing, 2 done
  friend struct Impl;
};

} // namespace warpcheck
