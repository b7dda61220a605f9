// barrier-divergent: a block-wide barrier (__syncthreads*, cooperative
// groups' block sync, `bar.sync 0`) reached under control that is not
// uniform across the block: directly, in a loop with a thread-dependent trip
// count, or through a callee that executes a barrier.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "analyzer/uniformity/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/Attr.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class BarrierDivergentCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(functionDecl(isDefinition(), isDeviceFunction())
                          .bind("fn"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *fn = result.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!fn || fn->isDependentContext() || !context().isReportable(fn->getLocation())) return;
    ProgramUniformity &program = context().uniformity();
    if (!program.mayExecuteBlockBarrier(fn)) return;
    const FunctionUniformity *fu = program.function(fn);
    if (!fu) return;
    for (const FunctionUniformity::BarrierPoint &p : fu->barrierPoints()) checkPoint(*fu, p);
  }

private:
  void checkPoint(const FunctionUniformity &fu, const FunctionUniformity::BarrierPoint &p) {
    ProgramUniformity &program = fu.program();
    std::vector<Guard> guards = fu.guards(p.stmt);
    const Guard *g = firstDivergentGuard(guards, Divergence::Warp);
    std::string what = describe(p);
    if (g) {
      FindingBuilder f = diag(p.stmt->getBeginLoc(), what + " is reached under " +
                                                         levelAdjective(g->level.level) +
                                                         " control: threads of the block that do not reach it "
                                                         "leave the others waiting or reading stale data");
      noteGuard(f, *g);
      if (p.callee) {
        std::vector<ChainStep> chain;
        program.mayExecuteBlockBarrier(p.callee, &chain);
        noteChain(f, chain);
      }
      return;
    }
    if (!p.callee) return;
    // The callee's own barriers depend on its parameters: this call's
    // arguments decide whether they diverge.
    Uniformity inst = fu.calleeBarrierControl(cast<CallExpr>(p.stmt));
    if (inst.level == Divergence::Uniform) return;
    FindingBuilder f = diag(p.stmt->getBeginLoc(),
                            "the arguments of this call make a barrier inside '" + p.callee->getNameAsString() +
                                "' " + levelAdjective(inst.level) +
                                ": threads of the block reach it different ways");
    if (inst.origin && inst.origin->loc.isValid())
      f.note(inst.origin->loc, inst.origin->what + " is " + levelAdjective(inst.level) + " here");
    std::vector<ChainStep> chain;
    program.mayExecuteBlockBarrier(p.callee, &chain);
    noteChain(f, chain);
  }

  static std::string describe(const FunctionUniformity::BarrierPoint &p) {
    if (!p.callee) {
      if (const auto *call = dyn_cast<CallExpr>(p.stmt)) return "barrier '" + calleeName(call).str() + "()'";
      return "barrier 'bar.sync 0'";
    }
    return "call to '" + p.callee->getQualifiedNameAsString() + "', which executes a block barrier,";
  }
};

} // namespace

CheckFactory barrierDivergentCheck() { return checkFactory<BarrierDivergentCheck>("barrier-divergent"); }

} // namespace warpcheck
