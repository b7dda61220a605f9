// grid-sync-without-cooperative-launch: a kernel that synchronizes its grid
// (grid_group::sync(), cg::sync(grid), the split barrier_arrive/wait) —
// directly or through the device functions it calls — launched by host code
// of the same translation unit with <<<>>> or cudaLaunchKernel instead of
// cudaLaunchCooperativeKernel. Grid synchronization is only valid in a
// cooperative launch; otherwise the grid group is invalid and the barrier
// traps or deadlocks (Cooperative Groups, "Grid Synchronization").
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/CooperativeGroups.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <map>
#include <set>
#include <vector>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class GridSyncWithoutCooperativeLaunchCheck : public Check {
public:
  using Check::Check;
  // Launches are host code, and the host pass has the device functions'
  // bodies too: one pass sees both halves of the TU.
  bool runsInHostPass() const override { return true; }
  bool runsInDevicePass() const override { return false; }

  void registerMatchers(MatchFinder &finder) override {
    auto inCg = isInCooperativeGroups();
    // The grid barrier itself.
    finder.addMatcher(
        cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("sync", "barrier_arrive", "barrier_wait"),
                                               ofClass(cxxRecordDecl(hasName("grid_group"), inCg)))),
                          hasAncestor(functionDecl().bind("caller")))
            .bind("gridSync"),
        this);
    // Every call between functions, for the call graph. Its caller is looked
    // up only where a grid barrier needs it (callersOf): an ancestor search
    // per call of the unit was most of this rule's time.
    finder.addMatcher(callExpr(callee(functionDecl().bind("callee"))).bind("call"), this);
    // Launches: <<<>>>, and the launch APIs that take the kernel as an argument.
    finder.addMatcher(cudaKernelCallExpr(callee(functionDecl().bind("kernel"))).bind("chevrons"), this);
    finder.addMatcher(callExpr(callee(functionDecl(hasAnyName("cudaLaunchKernel", "cudaLaunchCooperativeKernel",
                                                                   "hipLaunchKernel", "hipLaunchCooperativeKernel"))
                                          .bind("api")),
                               hasArgument(0, ignoringParenCasts(anyOf(
                                                  declRefExpr(to(functionDecl().bind("kernel"))),
                                                  unaryOperator(hasUnaryOperand(declRefExpr(
                                                      to(functionDecl().bind("kernel"))))))))).bind("apiLaunch"),
                      this);
  }

  // A call is a step of the file, as it was when the match bound the caller
  // and the callee (which CheckContext::functionOf attributes to no single
  // function): attributing it by the bound call would look up its
  // enclosing function, the search the call graph now avoids.
  void run(const MatchFinder::MatchResult &result) override {
    if (result.Nodes.getNodeAs<CallExpr>("call")) context().runRuleOn(id(), nullptr, [&] { check(result); });
    else Check::run(result);
  }

  void check(const MatchFinder::MatchResult &result) override {
    auto canon = [](const FunctionDecl *f) { return f ? f->getCanonicalDecl() : nullptr; };
    const auto *caller = canon(result.Nodes.getNodeAs<FunctionDecl>("caller"));
    if (const auto *sync = result.Nodes.getNodeAs<CXXMemberCallExpr>("gridSync")) {
      if (!syncSite_.count(caller)) syncSite_[caller] = sync->getExprLoc();
      return;
    }
    if (const auto *callee = result.Nodes.getNodeAs<FunctionDecl>("callee")) {
      calls_[canon(callee)].push_back(result.Nodes.getNodeAs<CallExpr>("call"));
      return;
    }
    const auto *kernel = canon(result.Nodes.getNodeAs<FunctionDecl>("kernel"));
    if (const auto *launch = result.Nodes.getNodeAs<CUDAKernelCallExpr>("chevrons")) {
      launches_.push_back({kernel, launch->getBeginLoc(), "<<<...>>>"});
    } else if (const auto *call = result.Nodes.getNodeAs<CallExpr>("apiLaunch")) {
      std::string api = result.Nodes.getNodeAs<FunctionDecl>("api")->getName().str();
      if (api != "cudaLaunchCooperativeKernel" && api != "hipLaunchCooperativeKernel")
        launches_.push_back({kernel, call->getBeginLoc(), api});
    }
  }

  void onEndOfTranslationUnit(ASTContext &ctx) override {
    const char *cooperative = ctx.getLangOpts().HIP ? "hipLaunchCooperativeKernel" : "cudaLaunchCooperativeKernel";
    // Functions that reach a grid barrier, from the barriers up the callers.
    // The matchers see the user's files only (PassRunner.cpp): a library
    // function called from there (cg::sync(grid)) is looked into here.
    // (Only callees with a caller, in the order of the callee's address:
    // librarySync's memo depends on the order of its queries.)
    for (const auto &[callee, calls] : calls_)
      if (!syncSite_.count(callee) && ctx.getSourceManager().isInSystemHeader(callee->getLocation()) &&
          !callersOf(callee, /*first=*/true).empty())
        if (SourceLocation loc = librarySync(callee); loc.isValid()) syncSite_[callee] = loc;
    std::map<const FunctionDecl *, SourceLocation> reaches = syncSite_;
    std::vector<const FunctionDecl *> work;
    for (auto &[fn, loc] : syncSite_) work.push_back(fn);
    while (!work.empty()) {
      const FunctionDecl *fn = work.back();
      work.pop_back();
      for (const FunctionDecl *caller : callersOf(fn, /*first=*/false))
        if (reaches.emplace(caller, reaches[fn]).second) work.push_back(caller);
    }
    for (const Launch &l : launches_) {
      auto it = reaches.find(l.kernel);
      if (it == reaches.end() || !l.kernel->hasAttr<CUDAGlobalAttr>()) continue;
      diag(l.where, "kernel '" + l.kernel->getNameAsString() + "' synchronizes its grid but is launched with " +
                        l.how + ", not " + cooperative + ": the grid group is invalid and grid.sync() "
                                "traps or deadlocks")
          .note(it->second, "the grid synchronization it reaches");
    }
  }

private:
  // The functions whose calls of `callee` this pass matched: each call's
  // nearest enclosing function, as hasAncestor(functionDecl()) finds it
  // (EnclosingFunctions::nearestFunction, from the pass's index: the parent
  // map is not built for it).
  // thread_group::sync() dispatches on the group's run-time type, grid
  // among others: a tile or block passed as a thread_group would reach the
  // grid barrier through it on paper only, so it is no caller. With
  // `first`, stops at the first caller found (whether there is one).
  const std::set<const FunctionDecl *> &callersOf(const FunctionDecl *callee, bool first) {
    Callers &c = callers_[callee];
    const std::vector<const CallExpr *> &calls = calls_[callee];
    EnclosingFunctions &enclosing = context().uniformity().enclosingFunctions();
    for (; c.searched < calls.size() && !(first && !c.found.empty()); ++c.searched)
      if (const FunctionDecl *caller = enclosing.nearestFunction(calls[c.searched]);
          caller && !isTypeErasedSync(caller))
        c.found.insert(caller->getCanonicalDecl());
    return c.found;
  }

  static bool isGridSync(const CXXMemberCallExpr *call) {
    const CXXMethodDecl *m = call->getMethodDecl();
    if (!m || !m->getIdentifier() || !m->getParent()->getIdentifier()) return false;
    llvm::StringRef name = m->getName();
    return (name == "sync" || name == "barrier_arrive" || name == "barrier_wait") &&
           m->getParent()->getName() == "grid_group" &&
           m->getParent()->getQualifiedNameAsString().rfind("cooperative_groups::", 0) == 0;
  }

  // Where a function of a system header reaches a grid barrier, directly or
  // through the functions it calls (but thread_group::sync(), as in
  // check()); invalid when it does not.
  SourceLocation librarySync(const FunctionDecl *fn) {
    fn = fn->getCanonicalDecl();
    auto [it, fresh] = library_.try_emplace(fn, SourceLocation());
    if (!fresh) return it->second; // known, or being searched (recursion)
    const FunctionDecl *def = fn->getDefinition();
    if (!def || !def->hasBody() || isTypeErasedSync(def)) return {};
    SourceLocation found;
    std::vector<const Stmt *> work{def->getBody()};
    while (!work.empty() && found.isInvalid()) {
      const Stmt *s = work.back();
      work.pop_back();
      if (!s) continue;
      if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s); mc && isGridSync(mc)) found = mc->getExprLoc();
      else if (const auto *call = dyn_cast<CallExpr>(s))
        if (const FunctionDecl *callee = call->getDirectCallee()) found = librarySync(callee);
      for (const Stmt *child : s->children()) work.push_back(child);
    }
    return library_[fn] = found;
  }

  static bool isTypeErasedSync(const FunctionDecl *f) {
    const auto *m = dyn_cast<CXXMethodDecl>(f);
    // getName() is only for plain identifiers: constructors, operators and
    // conversions (every CUDA header has them) would assert.
    if (!m || !m->getIdentifier() || m->getName() != "sync" || m->getParent()->getName() != "thread_group")
      return false;
    std::string q = m->getQualifiedNameAsString();
    return q.rfind("cooperative_groups::", 0) == 0;
  }

  struct Launch {
    const FunctionDecl *kernel;
    SourceLocation where;
    std::string how;
  };
  std::map<const FunctionDecl *, SourceLocation> syncSite_;
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> calls_; // by callee
  struct Callers {
    std::set<const FunctionDecl *> found;
    size_t searched = 0; // calls of calls_ looked at so far
  };
  std::map<const FunctionDecl *, Callers> callers_; // callersOf, memoised
  std::map<const FunctionDecl *, SourceLocation> library_; // librarySync, memoised
  std::vector<Launch> launches_;
};

} // namespace

CheckFactory gridSyncWithoutCooperativeLaunchCheck() {
  return checkFactory<GridSyncWithoutCooperativeLaunchCheck>(rule::GridSyncWithoutCooperativeLaunch);
}

} // namespace warpcheck
