#include "analyzer/analyses/WarpHelperCollective.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "support/Hex.h"
#include <memory>

namespace warpcheck {

using namespace clang;

namespace {

// The warp collectives with a constant full-warp mask that a function runs
// for every lane that enters it, directly or through the helpers it calls.
class FullWarpCollectiveSearch : public CallChainSearch {
public:
  explicit FullWarpCollectiveSearch(AnalysisContext &ctx) : ctx_(ctx) {}

private:
  bool searches(const FunctionDecl *def) override {
    if (def->isDependentContext()) return false;
    // clang's own wrappers of the intrinsics have bodies: they are the
    // collectives, not helpers around them.
    if (def->isInStdNamespace()) return false;
    if (const IdentifierInfo *id = def->getIdentifier(); id && warpCollectiveOf(id->getName()) != WarpCollective::None)
      return false;
    if (ctx_.ast().getSourceManager().isInSystemHeader(def->getLocation())) return false;
    return ctx_.uniformity().function(def) != nullptr;
  }

  Site classify(const Stmt *s, const FunctionDecl *within) override {
    const auto *call = dyn_cast<CallExpr>(s);
    if (!call) return {};
    // A helper that branches on the lane before its collective is judged
    // on its own (the collective's site sees that guard).
    if (ctx_.uniformity().function(within)->controlDivergence(call).level == Divergence::Thread) return {};
    std::string name = calleeName(call).str();
    WarpCollective kind = warpCollectiveOf(name);
    if (kind == WarpCollective::None) return {Site::Follow, {}};
    if (kind == WarpCollective::ActiveMask || call->getNumArgs() == 0) return {};
    Expr::EvalResult r;
    if (!call->getArg(0)->EvaluateAsInt(r, ctx_.ast())) return {};
    uint64_t full = fullWarpMask(ctx_.options().warpSize);
    uint64_t m = r.Val.getInt().getZExtValue();
    if ((m & full) != full) return {};
    return {Site::Target, "'" + name + "' is called here with mask " + hex(m) + ", which names every lane of the warp"};
  }

  AnalysisContext &ctx_;
};

// One search per pass, shared by the checks that ask.
struct SearchSlot {
  std::unique_ptr<FullWarpCollectiveSearch> search;
};

} // namespace

bool runsFullWarpCollective(AnalysisContext &ctx, const FunctionDecl *fn, std::vector<ChainStep> *chain) {
  SearchSlot &slot = ctx.shared<SearchSlot>("full-warp-collective-helpers");
  if (!slot.search) slot.search = std::make_unique<FullWarpCollectiveSearch>(ctx);
  return slot.search->reaches(fn, chain);
}

} // namespace warpcheck
