// warp-legacy-intrinsic: __shfl, __shfl_up/down/xor, __ballot, __any, __all
// in CUDA code: removed for sm_70 and later (v10.2 guide §B.14, §B.16). The
// fix-it is the `_sync` form with the mask of the lanes that reach the call
// on that path, when the analysis can compute one; otherwise a note says
// why, and no mask is guessed.
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/Attr.h"
#include "clang/Lex/Lexer.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class WarpLegacyIntrinsicCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    if (context().ast().getLangOpts().HIP) return; // HIP keeps these as regular API
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("__shfl", "__shfl_up", "__shfl_down", "__shfl_xor",
                                                              "__ballot", "__any", "__all"))))
                          .bind("call"),
                      this);
  }

  // The match was `forFunction(functionDecl(isDeviceFunction()))` too: a
  // call outside device code is dropped here, before it is a step of the
  // rule, as the matcher dropped it.
  void run(const MatchFinder::MatchResult &result) override {
    if (deviceFunctionOf(context(), result.Nodes.getNodeAs<CallExpr>("call"))) Check::run(result);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    if (!context().isReportable(call->getBeginLoc())) return;
    std::string name = calleeName(call).str();
    std::string replacement = name + "_sync";
    std::string message = "'" + name + "' has no mask and assumes the warp runs in lockstep; it is removed for "
                          "sm_70 and later: use '" + replacement + "'";
    std::optional<uint64_t> mask;
    std::optional<Guard> blocker;
    ProgramUniformity &program = context().uniformity();
    const FunctionDecl *fn = program.enclosingFunction(call);
    if (isToolkitDefinitionOfLegacyApi(fn)) return;
    if (fn && !fn->isDependentContext())
      if (const FunctionUniformity *fu = program.function(fn))
        mask = computeMask(*fu, call, context().options().warpSize, blocker);
    FindingBuilder f = diag(call->getBeginLoc(), message);
    f.range(call->getCallee()->getSourceRange());
    if (mask) {
      const SourceManager &sm = context().sources();
      SourceLocation begin = sm.getFileLoc(call->getCallee()->getBeginLoc());
      SourceLocation end = call->getNumArgs() ? sm.getFileLoc(call->getArg(0)->getBeginLoc()) : SourceLocation();
      if (begin.isValid() && end.isValid() && sm.getFileID(begin) == sm.getFileID(end))
        f.fixit(CharSourceRange::getCharRange(begin, end), replacement + "(" + hexMask(*mask) + ", ");
      f.note(call->getBeginLoc(), "the lanes that reach this call are " + hexMask(*mask));
    } else {
      f.note(call->getBeginLoc(), "no fix-it: which lanes reach this call depends on the thread at run time; "
                                  "compute the mask with __ballot_sync before the branch");
      if (blocker) noteGuard(f, *blocker);
    }
  }

private:
  // The toolkit's own overloads and wrappers of the legacy API (clang's
  // __shfl(unsigned) calling __shfl(int), CUDA's any()/all()/ballot()) are
  // the API itself, not uses of it.
  bool isToolkitDefinitionOfLegacyApi(const FunctionDecl *fn) {
    if (!fn || !fn->getDeclName().isIdentifier()) return false;
    if (!context().sources().isInSystemHeader(context().sources().getExpansionLoc(fn->getLocation()))) return false;
    llvm::StringRef name = fn->getName();
    return isLegacyWarpIntrinsic(name) || name == "any" || name == "all" || name == "ballot";
  }

  // The one mask that names exactly the lanes reaching the call, identical
  // for every warp that reaches it at all; nullopt when lanes may or may
  // not reach it depending on run-time data.
  static std::optional<uint64_t> computeMask(const FunctionUniformity &fu, const CallExpr *call, unsigned warpSize,
                                             std::optional<Guard> &blocker) {
    LaneModel lanes(fu, warpSize);
    LaneFacts r = lanes.reachOf(call);
    std::optional<uint64_t> mask;
    for (unsigned w = 0; w < r.warps(); ++w) {
      uint64_t m = 0;
      for (unsigned l = 0; l < warpSize; ++l) {
        if (r.reach[w][l] == Reach::Maybe) {
          if (const Guard *g = r.blocker(w, l)) blocker = *g;
          return std::nullopt;
        }
        if (r.reach[w][l] == Reach::Yes) m |= uint64_t(1) << l;
      }
      if (!m) continue;
      if (mask && *mask != m) return std::nullopt;
      mask = m;
    }
    return mask;
  }
};

} // namespace

CheckFactory warpLegacyIntrinsicCheck() { return checkFactory<WarpLegacyIntrinsicCheck>(rule::WarpLegacyIntrinsic); }

} // namespace warpcheck
