#pragma once
// The common shape of async-copy-read-before-wait and pipeline-protocol:
// both report findings of one path analysis (AsyncCopyPaths), run once per
// device function with that function as the entry point. Helpers are also
// followed from their callers, so a finding seen both ways is reported once.
#include "analyzer/analyses/AsyncCopyPaths.h"
#include "analyzer/checks/Check.h"
#include "clang/AST/Attr.h"
#include <set>

namespace warpcheck {

class AsyncCopyRuleCheck : public Check {
public:
  AsyncCopyRuleCheck(std::string id, CheckContext &ctx, const char *rule) : Check(std::move(id), ctx), rule_(rule) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &finder) override {
    using namespace clang::ast_matchers;
    finder.addMatcher(functionDecl(isDefinition(), anyOf(hasAttr(clang::attr::CUDAGlobal),
                                                         hasAttr(clang::attr::CUDADevice)))
                          .bind("fn"),
                      this);
  }

  void check(const clang::ast_matchers::MatchFinder::MatchResult &result) override {
    const auto *fn = result.Nodes.getNodeAs<clang::FunctionDecl>("fn");
    if (!fn || fn->isDependentContext() || !context().isReportable(fn->getLocation())) return;
    for (const AsyncFinding &f : asyncCopyFindings(context(), fn)) {
      if (f.rule != rule_ || !context().isReportable(f.loc)) continue;
      if (!reported_.insert({f.loc.getRawEncoding(), f.message}).second) continue;
      FindingBuilder b = diag(f.loc, f.message);
      b.range(f.range);
      for (const auto &[loc, note] : f.notes) b.note(loc, note);
      if (f.insertAt.isValid() && !f.insertAt.isMacroID())
        b.fixit(clang::CharSourceRange::getCharRange(f.insertAt, f.insertAt), f.insertText);
    }
  }

private:
  const char *rule_;
  std::set<std::pair<clang::SourceLocation::UIntTy, std::string>> reported_;
};

} // namespace warpcheck
