#pragma once
// The thread-dependence (uniformity) analysis of one pass of a TU.
//
// Per function: a dataflow analysis over clang::CFG. Values are tracked
// through locals (reaching definitions, so that a value is divergent at a
// join only when a divergent branch separates its definitions), through
// arrays, struct fields, references and pointers to locals (weak updates),
// and through calls (context-sensitive summaries parameterised by the
// parameters' levels). Control dependence comes from clang's
// ControlDependencyCalculator over the post-dominator tree.
//
// Threads that exit are not waited for (guide §5.4.4.1, §5.4.6.6): a branch
// whose other side only leads to the thread's exit, never merging back with
// the code that follows, does not make that code divergent.
#include "analyzer/core/AnalysisOptions.h"
#include "analyzer/core/EnclosingFunctions.h"
#include "analyzer/uniformity/CallChainSearch.h"
#include "analyzer/uniformity/Divergence.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <chrono>
#include <map>
#include <memory>
#include <vector>

namespace warpcheck {

class FunctionUniformity;

// A branch that a statement is control dependent on, with the side taken.
struct Guard {
  const clang::Stmt *branch = nullptr;  // the if/loop/switch/&&/||/?: statement
  const clang::Expr *condition = nullptr;
  bool taken = true;      // the condition's value on the way to the statement
  bool bothSides = false; // both sides lead there (loops): `taken` means nothing
  bool exits = false;     // the other side only exits the thread
  const clang::Expr *caseValue = nullptr; // switch: the case label's value (taken) or null
  Uniformity level;
};

class ProgramUniformity {
public:
  ProgramUniformity(clang::ASTContext &ast, const AnalysisOptions &opts);
  ~ProgramUniformity();

  // The analysis of `fn` (its definition), or nullptr when it has no body.
  const FunctionUniformity *function(const clang::FunctionDecl *fn);

  // The enclosing function of `s`: the first FunctionDecl up the parent
  // map's first parents (EnclosingFunctions::firstParentFunction).
  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *s) { return enclosing_.firstParentFunction(s); }
  // The index of the function around each statement of the pass's
  // traversal scope, which that answer and the rules' `forFunction` come from.
  EnclosingFunctions &enclosingFunctions() { return enclosing_; }

  // Whether calling `fn` may execute a block-wide barrier; `chain` receives
  // the calls down to the barrier.
  bool mayExecuteBlockBarrier(const clang::FunctionDecl *fn, std::vector<ChainStep> *chain = nullptr);

  clang::ASTContext &ast() { return ast_; }
  const AnalysisOptions &options() const { return opts_; }

  // Wall time spent building function analyses (for --time-report).
  double secondsSpent() const { return seconds_; }
  // Whether the TU's time budget is spent: a function analysis stops
  // iterating and its results are then incomplete (the running rule is
  // recorded as not completed).
  bool expired() const { return opts_.budget && opts_.budget->expired(); }

  // Interns a divergence origin (the analysis hands out stable pointers).
  const DivergenceOrigin *origin(clang::SourceLocation loc, std::string what);

private:
  friend class FunctionUniformity;
  // While a function's analysis runs: it is in progress (unknown to its
  // callees' analyses), and its time is counted unless a caller's analysis
  // is running (callees are timed with their caller).
  class Running {
  public:
    Running(ProgramUniformity &p, const clang::FunctionDecl *fn);
    ~Running();

  private:
    ProgramUniformity &p_;
    bool outermost_;
    std::chrono::steady_clock::time_point t0_;
  };
  clang::ASTContext &ast_;
  AnalysisOptions opts_;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionUniformity>> functions_;
  std::unique_ptr<CallChainSearch> barriers_; // what mayExecuteBlockBarrier asks
  std::vector<std::unique_ptr<FunctionUniformity>> cutShort_; // by --max-time-per-function
  std::vector<std::unique_ptr<DivergenceOrigin>> origins_;
  std::map<std::pair<clang::SourceLocation::UIntTy, std::string>, const DivergenceOrigin *> originIndex_;
  std::vector<const clang::FunctionDecl *> inProgress_;
  EnclosingFunctions enclosing_;
  double seconds_ = 0;
};

} // namespace warpcheck
