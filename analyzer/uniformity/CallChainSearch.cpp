#include "analyzer/uniformity/CallChainSearch.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warpcheck {

using namespace clang;

namespace {

// Walks one body up to the first target it reaches, in source order.
class BodyWalk : public RecursiveASTVisitor<BodyWalk> {
public:
  using Site = CallChainSearch::Site;
  using Classify = llvm::function_ref<Site(const Stmt *)>;
  using Descend = llvm::function_ref<bool(const FunctionDecl *, std::vector<ChainStep> *)>;
  BodyWalk(Classify classify, Descend descend) : classify_(classify), descend_(descend) {}
  std::vector<ChainStep> chain;
  bool found = false;

  // A lambda's body runs when the lambda is called, not where it is written.
  bool shouldVisitLambdaBody() const { return false; }
  bool VisitGCCAsmStmt(GCCAsmStmt *as) {
    Site site = classify_(as);
    if (site.kind != Site::Target) return true;
    chain.push_back({as->getBeginLoc(), std::move(site.note)});
    found = true;
    return false;
  }
  bool VisitCallExpr(CallExpr *call) {
    Site site = classify_(call);
    if (site.kind == Site::Target) {
      chain.push_back({call->getBeginLoc(), std::move(site.note)});
      found = true;
      return false;
    }
    if (site.kind != Site::Follow) return true;
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    std::vector<ChainStep> sub;
    if (!def || !descend_(def, &sub)) return true;
    chain.push_back({call->getBeginLoc(), "'" + def->getNameAsString() + "' is called here"});
    chain.insert(chain.end(), sub.begin(), sub.end());
    found = true;
    return false;
  }

private:
  Classify classify_;
  Descend descend_;
};

} // namespace

bool CallChainSearch::reaches(const FunctionDecl *fn, std::vector<ChainStep> *chain) {
  const FunctionDecl *def = fn ? fn->getDefinition() : nullptr;
  if (!def || !def->hasBody()) return false;
  auto it = summaries_.find(def);
  if (it == summaries_.end()) {
    summaries_[def]; // in progress: the recursion's own calls find nothing
    if (searches(def)) {
      // Named: BodyWalk keeps function_refs to them.
      auto classifyHere = [&](const Stmt *s) { return classify(s, def); };
      auto descend = [&](const FunctionDecl *callee, std::vector<ChainStep> *sub) { return reaches(callee, sub); };
      BodyWalk walk(classifyHere, descend);
      walk.TraverseStmt(def->getBody());
      Summary &s = summaries_[def];
      s.found = walk.found;
      if (walk.found) s.chain = std::move(walk.chain);
    }
    it = summaries_.find(def);
  }
  const Summary &s = it->second;
  if (s.found && chain) *chain = s.chain;
  return s.found;
}

} // namespace warpcheck
