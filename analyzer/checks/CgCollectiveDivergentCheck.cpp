// cg-collective-divergent: a cooperative groups collective (tile.sync(),
// tile.shfl*/any/all/ballot/match_*, cg::reduce, cg::inclusive_scan /
// exclusive_scan, cg::memcpy_async, cg::wait, labeled/binary_partition, ...)
// reached under control that differs between the members of its group:
// for a thread_block_tile<N>, a branch that splits some tile; for a
// coalesced group, a thread-dependent branch taken after the group was
// created; for a thread_block, block-divergent control. Directly, or through
// a device function that executes the collective (reported at the call).
//
// Collectives that execute a block barrier (block.sync(), cg::sync(block),
// cg::wait(block), grid.sync()) are barrier-divergent's: it reports them with
// the same guards, and one call gets one finding.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/checks/DivergenceNotes.h"
#include "analyzer/cuda/CooperativeGroups.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/uniformity/GroupUniformity.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <set>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

// The calls of a function body, outside lambdas (analysed on their own).
class CallScan : public RecursiveASTVisitor<CallScan> {
public:
  std::vector<const CallExpr *> calls;
  bool shouldVisitLambdaBody() const { return false; }
  bool VisitCallExpr(CallExpr *c) {
    calls.push_back(c);
    return true;
  }
};

std::vector<const CallExpr *> callsIn(const FunctionDecl *fn) {
  CallScan scan;
  if (const Stmt *body = fn->getBody()) scan.TraverseStmt(const_cast<Stmt *>(body));
  return scan.calls;
}

// The first call of the cooperative groups API in `e` (tile.thread_rank(), ...).
const CallExpr *firstCgCall(const Stmt *e) {
  if (!e) return nullptr;
  if (const auto *c = dyn_cast<CallExpr>(e); c && cgCallOf(c).isCg) return c;
  for (const Stmt *child : e->children())
    if (const CallExpr *c = firstCgCall(child)) return c;
  return nullptr;
}

// The argument passed for parameter `i` of the callee.
const Expr *argumentFor(const CallExpr *call, unsigned i) {
  unsigned offset = 0;
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call))
    if (isa_and_nonnull<CXXMethodDecl>(op->getDirectCallee())) offset = 1;
  return i + offset < call->getNumArgs() ? call->getArg(i + offset) : nullptr;
}

// A group collective that a function executes, as its callers see it.
struct CollectiveUse {
  CgGroup group;   // the group; for a parameter, its type's group
  int param = -1;  // the parameter whose group it is, or -1
  std::string what;
  std::vector<ChainStep> chain;
};

class CgCollectiveDivergentCheck : public Check {
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
    const FunctionUniformity *fu = context().uniformity().function(fn);
    if (!fu) return;
    GroupUniformity gu(*fu, context().options().warpSize);
    for (const CallExpr *call : callsIn(fn)) {
      if (!context().isReportable(call->getBeginLoc())) continue;
      CgCall cg = cgCallOf(call);
      if (cg.isCg) {
        if (cg.collective && !executesBlockBarrier(call))
          checkSite(*fu, gu, call, cgGroupOf(cg.group), cg.group, describe(call), nullptr, {});
        continue;
      }
      const FunctionDecl *callee = userCallee(call);
      if (!callee || context().uniformity().mayExecuteBlockBarrier(callee)) continue;
      for (const CollectiveUse &use : usesOf(callee)) {
        const Expr *handle = use.param >= 0 ? argumentFor(call, unsigned(use.param)) : nullptr;
        if (use.param >= 0 && !handle) continue;
        CgGroup group = handle ? cgGroupOf(handle) : use.group;
        if (checkSite(*fu, gu, call, group, handle, use.what, callee, use.chain)) break;
      }
    }
  }

private:
  // Reports `call` when some guard of it splits `group`; true when it did.
  bool checkSite(const FunctionUniformity &fu, GroupUniformity &gu, const CallExpr *call, const CgGroup &group,
                 const Expr *handle, const std::string &what, const FunctionDecl *callee,
                 const std::vector<ChainStep> &chain) {
    bool tile = group.kind == CgGroup::Tile && group.size && !group.coalescedParent;
    if (group.kind != CgGroup::Block && !tile && !group.byActivity()) return false;
    std::vector<Guard> guards = fu.guards(call);
    gu.setSiteGuards(guards);
    if (group.byActivity() && group.creation) {
      // Branches taken before the group was created decided who is in it.
      std::vector<Guard> before = fu.guards(group.creation);
      llvm::erase_if(guards, [&](const Guard &g) {
        for (const Guard &b : before)
          if (b.branch == g.branch && b.taken == g.taken && b.bothSides == g.bothSides) return true;
        return false;
      });
    }
    for (const Guard &g : guards) {
      GroupUniformity::Verdict v = gu.guard(g, group);
      if (v.uniform) continue;
      if (!reported_.insert(call->getBeginLoc().getRawEncoding()).second) return true;
      // The base analysis does not see through cooperative groups'
      // accessors: a branch on meta_group_rank() is warp-dependent, not
      // thread-dependent, for a block collective.
      Guard shown = g;
      CgGroup warp;
      warp.kind = CgGroup::Tile;
      warp.size = gu.warpSize();
      if (shown.level.level == Divergence::Thread && group.kind != CgGroup::Tile && !group.byActivity() &&
          gu.guard(g, warp).uniform)
        shown.level.level = Divergence::Warp;
      // ...and its origin is then inside the toolkit's headers: name the
      // accessor the condition calls instead.
      if (shown.level.origin && context().sources().isInSystemHeader(shown.level.origin->loc)) {
        const CallExpr *accessor = firstCgCall(shown.condition);
        shown.level.origin = accessor ? context().uniformity().origin(accessor->getBeginLoc(), "'" + describe(accessor) + "'")
                                      : nullptr;
      }
      report(call, group, handle, what, callee, chain, shown, v);
      return true;
    }
    return false;
  }

  void report(const CallExpr *call, const CgGroup &group, const Expr *handle, const std::string &what,
              const FunctionDecl *callee, const std::vector<ChainStep> &chain, const Guard &g,
              const GroupUniformity::Verdict &v) {
    std::string name = groupName(group, handle);
    std::string head = callee ? "call to " + calleeWords(callee) + ", which executes the collective '" + what +
                                    "' of " + name + ","
                              : "collective '" + what + "' of " + name;
    std::string doIt = callee ? "make the call" : "call it";
    std::string message;
    if (group.kind == CgGroup::Block) {
      message = head + " is reached under " + levelAdjective(g.level.level) +
                " control: every thread of the block must " + doIt + ", or the behaviour is undefined";
    } else if (group.byActivity()) {
      message = head + " is reached under a thread-dependent branch taken after the group was created: the group "
                       "still contains the threads that went the other way, and all of its members must " + doIt;
    } else {
      message = head + " is reached under control that differs within the tile: all " + std::to_string(group.size) +
                " threads of a tile must " + doIt + ", or the behaviour is undefined (a hang, or values read from "
                "threads that never called it)";
    }
    FindingBuilder f = diag(call->getBeginLoc(), message);
    f.range(call->getSourceRange());
    noteGuard(f, g);
    if (v.split && g.condition) {
      unsigned first = v.split->first / group.size * group.size;
      f.note(g.condition->getBeginLoc(),
             "for example threadIdx.x == " + std::to_string(v.split->first) + " and threadIdx.x == " +
                 std::to_string(v.split->second) + " are in the same tile (threads " + std::to_string(first) + "-" +
                 std::to_string(first + group.size - 1) + ") but " +
                 (g.bothSides ? "evaluate the loop condition differently" : "take different sides"));
    }
    if (group.byActivity()) {
      std::string var = group.var ? "'" + group.var->getNameAsString() + "'" : "the group";
      if (group.creation)
        f.note(group.creation->getBeginLoc(), var + " is created here, before the branch: it holds every thread "
                                                    "active at this point");
      else if (group.var && isa<ParmVarDecl>(group.var))
        f.note(group.var->getLocation(), var + " is a parameter: it holds the threads that were active where the "
                                               "caller created it");
    }
    noteChain(f, chain);
  }

  static std::string calleeWords(const FunctionDecl *callee) {
    if (const auto *m = dyn_cast<CXXMethodDecl>(callee); m && m->getParent()->isLambda()) return "a lambda";
    return "'" + callee->getNameAsString() + "'";
  }

  static std::string groupName(const CgGroup &group, const Expr *handle) {
    std::string type = cgGroupTypeName(group);
    const VarDecl *var = group.var;
    if (handle)
      if (const auto *dre = dyn_cast<DeclRefExpr>(handle->IgnoreParenImpCasts()))
        var = dyn_cast<VarDecl>(dre->getDecl());
    if (var) return "the " + type + " '" + var->getNameAsString() + "'";
    return "a " + type;
  }

  // "tile.shfl()", "cg::reduce()": the callee as written.
  std::string describe(const CallExpr *call) {
    const SourceManager &sm = context().sources();
    CharSourceRange r = CharSourceRange::getTokenRange(call->getCallee()->getSourceRange());
    bool invalid = false;
    llvm::StringRef text = Lexer::getSourceText(r, sm, context().ast().getLangOpts(), &invalid);
    if (invalid || text.empty() || text.size() > 60 || text.contains('\n') || text.contains('<'))
      return calleeName(call).str() + "()";
    return text.str() + "()";
  }

  bool executesBlockBarrier(const CallExpr *call) {
    const FunctionDecl *fd = call->getDirectCallee();
    const FunctionDecl *def = fd ? fd->getDefinition() : nullptr;
    return def && context().uniformity().mayExecuteBlockBarrier(def);
  }

  // A callee whose body may execute collectives of its caller's groups:
  // user code and libraries, not the cooperative groups API itself.
  static const FunctionDecl *userCallee(const CallExpr *call) {
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd || inCgNamespace(fd, CgDetails::Included)) return nullptr;
    const FunctionDecl *def = fd->getDefinition();
    if (!def || !def->hasBody() || def->isDependentContext()) return nullptr;
    return def;
  }

  // The collectives `def` executes on groups its callers decide: its group
  // parameters, or tiles and blocks (the same for every caller); groups by
  // activity it creates itself are its own business.
  const std::vector<CollectiveUse> &usesOf(const FunctionDecl *def) {
    auto it = uses_.find(def);
    if (it != uses_.end()) return it->second;
    uses_[def]; // empty while in progress: recursion adds nothing
    std::vector<CollectiveUse> found;
    auto add = [&](CollectiveUse u) {
      for (const CollectiveUse &o : found)
        if (o.param == u.param && o.group.kind == u.group.kind && o.group.size == u.group.size) return;
      found.push_back(std::move(u));
    };
    auto asUse = [&](const CgGroup &g, CollectiveUse &u) {
      if (const auto *p = dyn_cast_or_null<ParmVarDecl>(g.var); p && p->getDeclContext() == def) {
        u.param = int(p->getFunctionScopeIndex());
        u.group = g;
        return true;
      }
      if (g.byActivity()) return false;
      if (g.kind != CgGroup::Block && !(g.kind == CgGroup::Tile && g.size)) return false;
      u.group = g;
      u.group.var = nullptr;
      u.group.creation = nullptr;
      return true;
    };
    for (const CallExpr *call : callsIn(def)) {
      CgCall cg = cgCallOf(call);
      if (cg.isCg) {
        if (!cg.collective || executesBlockBarrier(call)) continue;
        CollectiveUse u;
        u.what = describe(call);
        if (!asUse(cgGroupOf(cg.group), u)) continue;
        u.chain.push_back({call->getBeginLoc(), "'" + u.what + "' is called here"});
        add(std::move(u));
        continue;
      }
      const FunctionDecl *callee = userCallee(call);
      if (!callee || callee == def) continue;
      for (const CollectiveUse &sub : usesOf(callee)) {
        CollectiveUse u;
        u.what = sub.what;
        if (sub.param >= 0) {
          const Expr *arg = argumentFor(call, unsigned(sub.param));
          if (!arg || !asUse(cgGroupOf(arg), u)) continue;
        } else {
          u.group = sub.group;
        }
        u.chain.push_back({call->getBeginLoc(), calleeWords(callee) + " is called here"});
        u.chain.insert(u.chain.end(), sub.chain.begin(), sub.chain.end());
        add(std::move(u));
      }
    }
    std::vector<CollectiveUse> &slot = uses_[def];
    slot = std::move(found);
    return slot;
  }

  std::map<const FunctionDecl *, std::vector<CollectiveUse>> uses_;
  std::set<SourceLocation::UIntTy> reported_;
};

} // namespace

CheckFactory cgCollectiveDivergentCheck() {
  return checkFactory<CgCollectiveDivergentCheck>(rule::CgCollectiveDivergent);
}

} // namespace warpcheck
