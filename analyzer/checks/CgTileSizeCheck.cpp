// cg-tile-size: cooperative_groups::tiled_partition(parent, n) with a tile
// size the runtime-sized API does not support: it is "limited to
// power-of-two sized subgroup instances of at most 32 threads" (HIP: of at
// most the wavefront size, 64 lanes on gfx9), and a tile
// must be smaller than a thread_block_tile<M> parent. The templated form
// tiled_partition<N>() enforces the same with static_asserts in the toolkit's
// headers; the runtime-sized one checks nothing and misbehaves silently.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/CooperativeGroups.h"
#include "clang/AST/DeclTemplate.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

// M for a parent of type cooperative_groups::thread_block_tile<M, ...>, else 0.
uint64_t parentTileSize(const Expr *parent) {
  QualType t = parent->IgnoreParenImpCasts()->getType().getNonReferenceType();
  const auto *rd = t->getAsCXXRecordDecl();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getName() != "thread_block_tile" || spec->getTemplateArgs().size() < 1) return 0;
  const TemplateArgument &size = spec->getTemplateArgs()[0];
  return size.getKind() == TemplateArgument::Integral ? size.getAsIntegral().getZExtValue() : 0;
}

class CgTileSizeCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(
        callExpr(callee(functionDecl(hasName("tiled_partition"), hasParameter(1, hasType(isInteger())),
                                     isInCooperativeGroups())),
                 argumentCountIs(2))
            .bind("call"),
        this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    const Expr *size = call->getArg(1);
    if (size->isValueDependent()) return; // checked in each instantiation
    Expr::EvalResult r;
    if (!size->EvaluateAsInt(r, *result.Context)) return; // not a constant: see Known limits
    int64_t n = r.Val.getInt().getExtValue();
    std::string shown = std::to_string(n);
    // At most a warp: 32 threads on NVIDIA GPUs, the wavefront on AMD ones
    // (64 lanes on gfx9, where HIP's tiled_partition accepts 64).
    int64_t limit = context().options().warpSize;
    if (n < 1 || n > limit || (n & (n - 1)) != 0) {
      std::string max = std::to_string(limit);
      std::string why = n < 1 ? "is not positive" : n > limit ? "exceeds " + max : "is not a power of two";
      // Where other targets of the TU have 64-lane wavefronts, say which
      // targets the limit is that of.
      std::string sizes = limit == 64                              ? "1, 2, 4, 8, 16, 32 and 64 on 64-lane wavefronts"
                          : context().options().wave64Archs.empty() ? "1, 2, 4, 8, 16 and 32"
                                                                    : "1, 2, 4, 8, 16 and 32 on 32-lane wavefronts";
      diag(size->getBeginLoc(), "tile size " + shown + " " + why + ": tiled_partition(parent, n) supports " + sizes +
                                    " only" +
                                    (n > limit && (n & (n - 1)) == 0 && n <= 512
                                         ? " (use the templated tiled_partition<" + shown + ">() for multi-warp tiles)"
                                         : ""))
          .range(size->getSourceRange());
      return;
    }
    uint64_t parent = parentTileSize(call->getArg(0));
    if (parent && uint64_t(n) >= parent)
      diag(size->getBeginLoc(), "tile size " + shown + " is not smaller than its parent thread_block_tile<" +
                                    std::to_string(parent) + ">: a tile must partition its parent")
          .range(size->getSourceRange())
          .note(call->getArg(0)->getBeginLoc(), "the parent group");
  }
};

} // namespace

CheckFactory cgTileSizeCheck() { return checkFactory<CgTileSizeCheck>(rule::CgTileSize); }

} // namespace warpcheck
