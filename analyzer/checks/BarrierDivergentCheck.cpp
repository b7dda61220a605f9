// barrier-divergent: a block-wide barrier (__syncthreads*, cooperative
// groups' block sync, `bar.sync 0`) reached under control that is not
// uniform across the block: directly, in a loop with a thread-dependent trip
// count, or through a callee that executes a barrier. Whole warps that
// run the same number of barriers on the two sides of a warp-uniform `if`
// are a lesser finding (a warning): see rules/barrier-divergent.md.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/Attr.h"
#include <optional>
#include <set>

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
    if (g && g->level.level == Divergence::Warp) {
      if (auto split = warpSplit(fu, *g)) return reportWarpSplit(*split);
    }
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

  // A barrier directly in one side of a warp-uniform `if` (the only
  // divergent guard), both sides running the same number of barrier
  // intrinsics directly, none of them nested deeper: warps split in two
  // groups that each pass the same count of barriers.
  struct WarpSplit {
    const IfStmt *branch;
    unsigned barriers; // per side
    const Stmt *first; // the first barrier of the `if`: the one reported
  };
  std::optional<WarpSplit> warpSplit(const FunctionUniformity &fu, const Guard &g) {
    const auto *ifs = dyn_cast_or_null<IfStmt>(g.branch);
    if (!ifs || !ifs->getElse()) return std::nullopt;
    SourceManager &sm = context().ast().getSourceManager();
    auto inside = [&](const Stmt *side, const Stmt *s) {
      clang::SourceRange r = side->getSourceRange();
      return !sm.isBeforeInTranslationUnit(s->getBeginLoc(), r.getBegin()) &&
             !sm.isBeforeInTranslationUnit(r.getEnd(), s->getBeginLoc());
    };
    unsigned counts[2] = {0, 0};
    const Stmt *first = nullptr;
    for (const FunctionUniformity::BarrierPoint &q : fu.barrierPoints()) {
      int side = inside(ifs->getThen(), q.stmt) ? 0 : inside(ifs->getElse(), q.stmt) ? 1 : -1;
      if (side < 0) continue;
      // Directly in the side: no other branch or loop of the `if` decides
      // how often it runs, and every other guard is block-uniform.
      if (q.callee) return std::nullopt;
      bool direct = false;
      for (const Guard &o : fu.guards(q.stmt)) {
        if (o.branch == ifs) direct = true;
        else if ((o.branch && inside(ifs, o.branch)) || o.level.level != Divergence::Uniform) return std::nullopt;
      }
      if (!direct) return std::nullopt;
      ++counts[side];
      if (!first || sm.isBeforeInTranslationUnit(q.stmt->getBeginLoc(), first->getBeginLoc())) first = q.stmt;
    }
    if (counts[0] == 0 || counts[0] != counts[1]) return std::nullopt;
    return WarpSplit{ifs, counts[0], first};
  }

  void reportWarpSplit(const WarpSplit &split) {
    if (!reportedSplits_.insert(split.branch).second) return;
    FindingBuilder f = diag(split.first->getBeginLoc(),
                            "whole warps reach " + describe({split.first, nullptr}) + " on one side of a warp-uniform branch and the other "
                            "warps run " + std::to_string(split.barriers) +
                            " barrier(s) on the other side: this works on current GPUs (bar.sync counts arrivals), "
                            "but threads of the block do not reach the same barrier, which the programming guide "
                            "does not allow");
    f.severity(Severity::Warning);
    const Expr *cond = split.branch->getCond();
    f.note(cond->getBeginLoc(), "the 'if' condition is warp-uniform: each warp takes one side as a whole");
    f.note(split.branch->getElse()->getBeginLoc(),
           "the other side runs as many barriers: give both groups the same __syncthreads() calls, or use named "
           "barriers (bar.sync id, count) for the two groups");
  }

  std::set<const Stmt *> reportedSplits_;

  static std::string describe(const FunctionUniformity::BarrierPoint &p) {
    if (!p.callee) {
      if (const auto *call = dyn_cast<CallExpr>(p.stmt)) return "barrier '" + calleeName(call).str() + "()'";
      return "barrier 'bar.sync 0'";
    }
    return "call to '" + p.callee->getQualifiedNameAsString() + "', which executes a block barrier,";
  }
};

} // namespace

CheckFactory barrierDivergentCheck() { return checkFactory<BarrierDivergentCheck>(rule::BarrierDivergent); }

} // namespace warpcheck
