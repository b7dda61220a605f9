#include "analyzer/checks/WarpHelperCollective.h"
#include "analyzer/uniformity/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <cstdio>
#include <map>

namespace warpcheck {

using namespace clang;

namespace {

struct Summary {
  int state = 0; // 0 computing (recursion finds nothing), 1 no, 2 yes
  std::vector<ChainStep> chain;
};
using SummaryCache = std::map<const FunctionDecl *, Summary>;

class FullCollectiveFinder : public RecursiveASTVisitor<FullCollectiveFinder> {
public:
  FullCollectiveFinder(CheckContext &ctx, const FunctionUniformity &fu) : ctx_(ctx), fu_(fu) {}
  std::vector<ChainStep> chain;
  bool found = false;

  bool shouldVisitLambdaBody() const { return false; }
  bool VisitCallExpr(CallExpr *call) {
    // A helper that branches on the lane before its collective is judged
    // on its own (the collective's site sees that guard).
    if (fu_.controlDivergence(call).level == Divergence::Thread) return true;
    std::string name = calleeName(call).str();
    WarpCollective kind = warpCollectiveOf(name);
    if (kind != WarpCollective::None) {
      if (kind == WarpCollective::ActiveMask || call->getNumArgs() == 0) return true;
      Expr::EvalResult r;
      if (!call->getArg(0)->EvaluateAsInt(r, ctx_.ast())) return true;
      unsigned ws = ctx_.options().warpSize;
      uint64_t full = ws >= 64 ? ~uint64_t(0) : (uint64_t(1) << ws) - 1;
      uint64_t m = r.Val.getInt().getZExtValue();
      if ((m & full) != full) return true;
      char hex[24];
      std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(m));
      chain.push_back({call->getBeginLoc(), "'" + name + "' is called here with mask " + hex +
                                                ", which names every lane of the warp"});
      found = true;
      return false;
    }
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    std::vector<ChainStep> sub;
    if (def && runsFullWarpCollective(ctx_, def, &sub)) {
      chain.push_back({call->getBeginLoc(), "'" + def->getNameAsString() + "' is called here"});
      chain.insert(chain.end(), sub.begin(), sub.end());
      found = true;
      return false;
    }
    return true;
  }

private:
  CheckContext &ctx_;
  const FunctionUniformity &fu_;
};

} // namespace

bool runsFullWarpCollective(CheckContext &ctx, const FunctionDecl *fn, std::vector<ChainStep> *chain) {
  const FunctionDecl *def = fn ? fn->getDefinition() : nullptr;
  if (!def || !def->hasBody() || def->isDependentContext()) return false;
  // clang's own wrappers of the intrinsics have bodies: they are the
  // collectives, not helpers around them.
  if (def->isInStdNamespace()) return false;
  if (const IdentifierInfo *id = def->getIdentifier(); id && warpCollectiveOf(id->getName()) != WarpCollective::None)
    return false;
  if (ctx.ast().getSourceManager().isInSystemHeader(def->getLocation())) return false;
  SummaryCache &cache = ctx.shared<SummaryCache>("full-warp-collective-helpers");
  auto it = cache.find(def);
  if (it == cache.end()) {
    cache[def].state = 0;
    bool found = false;
    std::vector<ChainStep> steps;
    if (const FunctionUniformity *fu = ctx.uniformity().function(def)) {
      FullCollectiveFinder finder(ctx, *fu);
      finder.TraverseStmt(def->getBody());
      found = finder.found;
      steps = std::move(finder.chain);
    }
    Summary &s = cache[def];
    s.state = found ? 2 : 1;
    s.chain = std::move(steps);
    it = cache.find(def);
  }
  if (it->second.state == 2 && chain) *chain = it->second.chain;
  return it->second.state == 2;
}

} // namespace warpcheck
