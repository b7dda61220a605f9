// warp-activemask-misuse: __activemask() used as the mask of a `_sync`
// collective, or as a stand-in for the lanes that take a branch (guide
// §5.4.6.1: it "cannot be used to determine which warp lanes execute a given
// branch"; it is only a snapshot of the lanes converged at that moment).
// The opportunistic idiom — snapshot, then a shuffle or syncwarp with that
// mask on the same path — is allowed.
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <set>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class WarpActivemaskMisuseCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(warpCollectiveCallMatcher(), this);
    // One matcher per kind of branch, not stmt(anyOf(...)): a matcher of
    // Stmt is tried on every statement and expression of the unit, these
    // only on their own kind (the same matches and bindings).
    finder.addMatcher(ifStmt(hasCondition(expr().bind("cond"))).bind("branch"), this);
    finder.addMatcher(whileStmt(hasCondition(expr().bind("cond"))).bind("branch"), this);
    finder.addMatcher(forStmt(hasCondition(expr().bind("cond"))).bind("branch"), this);
    finder.addMatcher(doStmt(hasCondition(expr().bind("cond"))).bind("branch"), this);
  }

  // Both matches were `forFunction(functionDecl(isDeviceFunction()))` too
  // (binding the branch's function): a call or branch outside device code
  // is dropped here, before it is a step of the rule, as the matchers
  // dropped it.
  void run(const MatchFinder::MatchResult &result) override {
    const Stmt *s = result.Nodes.getNodeAs<Stmt>("branch");
    if (!s) s = result.Nodes.getNodeAs<CallExpr>("call");
    if (deviceFunctionOf(context(), s)) Check::run(result);
  }

  void check(const MatchFinder::MatchResult &result) override {
    // AMD wavefronts execute in lockstep: __activemask() there is exactly
    // the lanes on the path, and a ballot compared with it is sound.
    if (result.Context->getLangOpts().HIP) return;
    if (const auto *cond = result.Nodes.getNodeAs<Expr>("cond"))
      return checkCondition(cond, deviceFunctionOf(context(), result.Nodes.getNodeAs<Stmt>("branch")));
    auto site = analyseWarpCollective(context(), result.Nodes.getNodeAs<CallExpr>("call"));
    if (!site || site->mask.kind != MaskFacts::ActiveMask || site->kind == WarpCollective::ActiveMask) return;
    const CallExpr *snapshot = site->mask.activemask;
    bool vote = site->kind == WarpCollective::Ballot || site->kind == WarpCollective::All ||
                site->kind == WarpCollective::Any;
    if (vote) {
      FindingBuilder f = diag(site->call->getBeginLoc(),
                              "'" + site->name + "' votes over the lanes of __activemask(), which is only a snapshot "
                              "of the lanes converged at that moment, not the lanes that take this path");
      f.range(site->call->getArg(0)->getSourceRange());
      f.note(snapshot->getBeginLoc(), "the snapshot is taken here; compute the participating lanes "
                                      "deterministically with __ballot_sync(<mask of the enclosing path>, <condition>)");
      return;
    }
    // The collective sits under a branch the snapshot did not: lanes in the
    // snapshot may have gone the other way.
    std::vector<Guard> atSnapshot = site->function->guards(snapshot);
    for (const Guard &g : site->reach.guards) {
      if (g.level.level != Divergence::Thread) continue;
      bool shared = false;
      for (const Guard &s : atSnapshot) shared |= s.branch == g.branch && s.taken == g.taken;
      if (shared) continue;
      FindingBuilder f = diag(site->call->getBeginLoc(),
                              "the mask of '" + site->name + "' is an __activemask() snapshot taken before a "
                              "thread-dependent branch: lanes in it may not reach this call");
      f.range(site->call->getArg(0)->getSourceRange());
      f.note(snapshot->getBeginLoc(), "the snapshot is taken here");
      noteGuard(f, g);
      return;
    }
  }

private:
  // `if (__activemask() ...)`: control flow decided by a snapshot.
  void checkCondition(const Expr *cond, const FunctionDecl *fn) {
    if (!fn || fn->isDependentContext() || !context().isReportable(cond->getBeginLoc())) return;
    if (!callsActivemask(fn)) return; // nothing to find, and no uniformity analysis to build for it
    const CallExpr *snapshot = findActivemask(cond, fn);
    if (!snapshot) return;
    FindingBuilder f = diag(cond->getBeginLoc(), "branch decided by __activemask(): which lanes are active at that "
                                                 "moment is not defined, so this branch is not deterministic");
    f.range(cond->getSourceRange());
    if (snapshot->getBeginLoc() != cond->getBeginLoc()) f.note(snapshot->getBeginLoc(), "the snapshot is taken here");
  }

  // Whether `fn`'s body calls __activemask() anywhere: findActivemask
  // looks in the condition and in the single definitions of its locals,
  // all inside the body.
  bool callsActivemask(const FunctionDecl *fn) {
    auto [it, inserted] = callsActivemask_.try_emplace(fn, false);
    if (!inserted) return it->second;
    struct Scan : RecursiveASTVisitor<Scan> {
      bool found = false;
      bool VisitCallExpr(CallExpr *c) {
        found = calleeName(c) == "__activemask";
        return !found;
      }
    } scan;
    if (Stmt *body = fn->getBody()) scan.TraverseStmt(body);
    return it->second = scan.found;
  }
  std::map<const FunctionDecl *, bool> callsActivemask_;

  // The snapshot a condition depends on: directly, or through locals whose
  // single definition uses it (`int n = __popc(__activemask()); if (n == 32)`).
  // Electing a leader from a snapshot (`lane == __ffs(active) - 1`, a rank
  // `__popc(active & lanes_below) == 0`) is the guide's opportunistic idiom:
  // it picks one of the lanes that are converged anyway, so it is skipped.
  const CallExpr *findActivemask(const Expr *e, const FunctionDecl *fn) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const CallExpr *found = nullptr;
      const FunctionUniformity *fu = nullptr;
      std::set<const VarDecl *> followed;
      bool TraverseCallExpr(CallExpr *c) {
        llvm::StringRef name = calleeName(c);
        if (name == "__ffs" || name == "__ffsll") return true;
        if ((name == "__popc" || name == "__popcll") && c->getNumArgs() == 1)
          if (const auto *b = dyn_cast<BinaryOperator>(c->getArg(0)->IgnoreParenImpCasts());
              b && b->getOpcode() == BO_And)
            return true;
        // A `_sync` collective's mask is the subject of the other two
        // findings of this rule, reported at the call; a branch on the
        // collective's result is not decided by the snapshot again.
        if (name.ends_with("_sync") && c->getNumArgs() > 0) {
          for (unsigned i = 1; i < c->getNumArgs(); ++i)
            if (!TraverseStmt(c->getArg(i))) return false;
          return true;
        }
        return RecursiveASTVisitor<Finder>::TraverseCallExpr(c);
      }
      bool VisitCallExpr(CallExpr *c) {
        if (calleeName(c) == "__activemask") found = c;
        return !found;
      }
      bool VisitDeclRefExpr(DeclRefExpr *d) {
        if (!fu) return true;
        if (const auto *v = dyn_cast<VarDecl>(d->getDecl()))
          if (const Expr *def = fu->singleDefinition(v); def && followed.insert(v).second)
            TraverseStmt(const_cast<Expr *>(def));
        return !found;
      }
    } finder;
    finder.fu = context().uniformity().function(fn);
    finder.TraverseStmt(const_cast<Expr *>(e));
    return finder.found;
  }
};

} // namespace

CheckFactory warpActivemaskMisuseCheck() { return checkFactory<WarpActivemaskMisuseCheck>(rule::WarpActivemaskMisuse); }

} // namespace warpcheck
