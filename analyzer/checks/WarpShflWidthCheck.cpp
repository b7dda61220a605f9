// warp-shfl-width: the width argument of a shuffle that is not a power of
// two in [1, warpSize] (guide §5.4.6.5: other values give undefined results).
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/CudaBuiltins.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class WarpShflWidthCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(warpShuffleNames())))).bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    bool sync = calleeName(call).ends_with("_sync");
    unsigned widthArg = sync ? 3 : 2;
    if (call->getNumArgs() <= widthArg) return;
    const Expr *width = call->getArg(widthArg);
    if (isa<CXXDefaultArgExpr>(width) || width->isValueDependent()) return; // default: warpSize
    Expr::EvalResult r;
    if (!width->EvaluateAsInt(r, *result.Context)) return;
    int64_t w = r.Val.getInt().getExtValue();
    unsigned ws = context().options().warpSize;
    if (w >= 1 && w <= int64_t(ws) && (w & (w - 1)) == 0) return;
    std::string why = w < 1 ? "is not positive" : w > int64_t(ws) ? "exceeds warpSize (" + std::to_string(ws) + ")"
                                                                   : "is not a power of two";
    std::string allowed = "1";
    for (unsigned p = 2; p <= ws; p *= 2) allowed += (p == ws ? " or " : ", ") + std::to_string(p);
    diag(width->getBeginLoc(), "shuffle width " + std::to_string(w) + " " + why +
                                   ": the result is undefined; use " + allowed)
        .range(width->getSourceRange());
  }
};

} // namespace

CheckFactory warpShflWidthCheck() { return checkFactory<WarpShflWidthCheck>(rule::WarpShflWidth); }

} // namespace warpcheck
