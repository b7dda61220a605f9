#pragma once
// The base class of every static rule, shaped like clang-tidy's ClangTidyCheck:
// a check registers AST matchers (and preprocessor callbacks) and reports from
// check(). Checks that compare passes also implement the PassFacts hooks.
#include "analyzer/checks/CheckContext.h"
#include "analyzer/cuda/DeviceCode.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"
#include "clang/Lex/Preprocessor.h"
#include <memory>
#include <string>

namespace warpcheck {

class PassFacts;
class CrossPassSink;

class Check : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  // `id` must be a rule of rules/*.md; its severity comes from there.
  Check(std::string id, CheckContext &ctx);
  ~Check() override = default;

  const std::string &id() const { return id_; }

  virtual void registerMatchers(clang::ast_matchers::MatchFinder &finder) {}
  // One match is one step of the rule, on the function its nodes are in
  // (--max-time-per-function).
  void run(const clang::ast_matchers::MatchFinder::MatchResult &result) override {
    const clang::FunctionDecl *fn = nullptr;
    if (ctx_.options().budget && ctx_.options().budget->functionLimitSeconds() > 0)
      fn = ctx_.functionOf(result.Nodes);
    ctx_.runRuleOn(id_, fn, [&] { check(result); });
  }
  virtual void check(const clang::ast_matchers::MatchFinder::MatchResult &result) {}
  virtual void registerPPCallbacks(clang::Preprocessor &pp) {}
  // Called once the matchers have run over the whole TU.
  virtual void onEndOfTranslationUnit(clang::ASTContext &ast) {}

  // Which passes the matchers should run in: most warp and barrier rules
  // look at device code, which is complete only in device passes.
  virtual bool runsInHostPass() const { return false; }
  virtual bool runsInDevicePass() const { return true; }

  // Cross-pass rules record what they need from each pass here, and
  // compare the records of all passes of a TU in comparePasses().
  virtual void collectFacts(clang::ASTContext &ast, PassFacts &facts) {}

protected:
  // Starts a finding of this rule at `loc`; it is recorded when the
  // returned builder goes out of scope.
  FindingBuilder diag(clang::SourceLocation loc, const std::string &message) {
    return ctx_.report(id_, loc, message);
  }
  CheckContext &context() { return ctx_; }

private:
  std::string id_;
  CheckContext &ctx_;
};

} // namespace warpcheck
