#pragma once
// Limits the pass's traversal scope (clang's ASTContext::setTraversalScope)
// to the user's top-level declarations while the rules run: the matchers and
// the parent map that `getParents`, `hasAncestor` and `forFunction` build on
// their first use then cover the user's files only, not the CUDA, CCCL and
// C++ library headers. The parent map of the whole unit was the largest
// single cost of the analysis on real files (about a tenth of lint's CPU
// on ggml's mmvq.cu) and most of lint's memory above clang's.
//
// The matchers skip system headers anyway (MatchFinderOptions::
// IgnoreSystemHeaders); what changes is that a node in a system header has
// no parents. No rule asks for them: the rules walk up from the nodes their
// matchers found (user code), and a declaration's namespace is read from its
// DeclContext (inCgNamespace), not from its ancestors. The rules' own
// visitors that look at the whole unit use traverseWholeUnit (WholeUnit.h).
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include <vector>

namespace warpcheck {

class UserCodeScope {
public:
  // `everything`: --system-headers, where system headers are reported too.
  UserCodeScope(clang::ASTContext &ast, bool everything) : ast_(ast) {
    if (everything) return;
    const clang::SourceManager &sm = ast.getSourceManager();
    auto inSystemHeader = [&](clang::SourceLocation loc) {
      return loc.isValid() && sm.isInSystemHeader(sm.getExpansionLoc(loc));
    };
    std::vector<clang::Decl *> user;
    for (clang::Decl *d : ast.getTranslationUnitDecl()->decls())
      if (!inSystemHeader(d->getLocation()) || !inSystemHeader(d->getBeginLoc())) user.push_back(d);
    ast.setTraversalScope(user);
    limited_ = true;
  }
  ~UserCodeScope() {
    if (limited_) ast_.setTraversalScope({ast_.getTranslationUnitDecl()});
  }
  UserCodeScope(const UserCodeScope &) = delete;
  UserCodeScope &operator=(const UserCodeScope &) = delete;

private:
  clang::ASTContext &ast_;
  bool limited_ = false;
};

} // namespace warpcheck
