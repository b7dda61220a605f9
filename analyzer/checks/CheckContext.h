#pragma once
// What a check sees of the pass it runs in: the analysis context (the AST,
// the pass, the options, the shared uniformity analysis, state shared
// between analyses) plus where findings go and how long each rule took.
#include "analyzer/core/AnalysisBudget.h"
#include "analyzer/core/AnalysisContext.h"
#include "reports/model/Finding.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warpcheck {

class CheckContext;

// Accumulates one finding; notes and fix-its are added fluently. The finding
// is handed to the context when the builder is destroyed.
class FindingBuilder {
public:
  FindingBuilder(CheckContext *ctx, Finding f) : ctx_(ctx), finding_(std::move(f)) {}
  FindingBuilder(FindingBuilder &&other) noexcept
      : ctx_(other.ctx_), finding_(std::move(other.finding_)) { other.ctx_ = nullptr; }
  FindingBuilder(const FindingBuilder &) = delete;
  ~FindingBuilder();

  FindingBuilder &note(clang::SourceLocation loc, const std::string &message);
  FindingBuilder &note(const SourceRange &where, const std::string &message);
  FindingBuilder &range(clang::SourceRange range);
  FindingBuilder &fixit(clang::CharSourceRange range, const std::string &replacement);
  FindingBuilder &severity(Severity s);

private:
  CheckContext *ctx_;
  Finding finding_;
};

class CheckContext : public AnalysisContext {
public:
  CheckContext(clang::ASTContext *ast, Pass pass, AnalysisOptions opts);
  ~CheckContext();

  SourceRange toRange(clang::SourceLocation loc) const;
  SourceRange toRange(clang::SourceRange range) const;

  FindingBuilder report(const std::string &rule, clang::SourceLocation loc,
                        const std::string &message);

  void add(Finding f);
  std::vector<Finding> takeFindings() { return std::move(findings_); }

  // Runs one step of `rule` (a matcher callback, its end-of-TU work),
  // timed; with the budget spent it is not run and the rule is recorded as
  // not completed, as it is when the budget runs out during the step.
  template <class F> void runRule(const std::string &rule, F &&step) {
    if (expired()) {
      timing_.incompleteRules.insert(rule);
      return;
    }
    auto t0 = AnalysisBudget::Clock::now();
    step();
    timing_.ruleSeconds[rule] += secondsSince(t0);
    if (expired()) timing_.incompleteRules.insert(rule);
  }
  // The same for a step that analyses one function (a matcher callback on a
  // node inside `fn`), under that function's budget too
  // (--max-time-per-function, the time of all its steps in this pass): once
  // spent, the function's remaining steps are not run and their rules are
  // recorded as not completed on it. Without a function (a node outside
  // any) or a per-function limit, runRule.
  template <class F> void runRuleOn(const std::string &rule, const clang::FunctionDecl *fn, F &&step) {
    double limit = opts_.budget ? opts_.budget->functionLimitSeconds() : 0;
    if (!fn || limit <= 0) return runRule(rule, step);
    if (opts_.budget->fileExpired()) {
      timing_.incompleteRules.insert(rule);
      return;
    }
    double &spent = functionSeconds_[fn->getCanonicalDecl()];
    if (spent >= limit) {
      timing_.incompleteFunctions[functionName(fn)].insert(rule);
      return;
    }
    auto t0 = AnalysisBudget::Clock::now();
    {
      AnalysisBudget::FunctionDeadline deadline(
          t0 + std::chrono::duration_cast<AnalysisBudget::Clock::duration>(std::chrono::duration<double>(limit - spent)));
      step();
    }
    double seconds = secondsSince(t0);
    spent += seconds;
    timing_.ruleSeconds[rule] += seconds;
    if (opts_.budget->fileExpired()) timing_.incompleteRules.insert(rule);
    else if (spent >= limit) timing_.incompleteFunctions[functionName(fn)].insert(rule);
  }
  // The function a match is in: that of a bound statement (a callee's
  // declaration may be bound too), else the bound declaration's (a function
  // matched is itself); null outside functions.
  const clang::FunctionDecl *functionOf(const clang::ast_matchers::BoundNodes &nodes);
  PassTiming &timing();

private:
  static std::string functionName(const clang::FunctionDecl *fn);
  std::vector<Finding> findings_;
  PassTiming timing_;
  std::map<const clang::FunctionDecl *, double> functionSeconds_; // --max-time-per-function
};

} // namespace warpcheck
