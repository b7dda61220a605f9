#include "analyzer/analyses/DeviceCallers.h"
#include "analyzer/core/WholeUnit.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <map>

namespace warpcheck {

using namespace clang;

namespace {

struct CallIndex {
  bool built = false;
  std::map<const FunctionDecl *, std::vector<DeviceCall>> calls; // by canonical callee
};

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  explicit CallFinder(CallIndex &index) : index_(index) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *d) {
    const auto *fn = dyn_cast_or_null<FunctionDecl>(d);
    if (!fn || !fn->doesThisDeclarationHaveABody()) return RecursiveASTVisitor::TraverseDecl(d);
    const FunctionDecl *outer = current_;
    current_ = fn;
    bool go = RecursiveASTVisitor::TraverseDecl(d);
    current_ = outer;
    return go;
  }
  bool VisitCallExpr(CallExpr *call) {
    if (const FunctionDecl *callee = call->getDirectCallee(); callee && current_)
      index_.calls[callee->getCanonicalDecl()].push_back({current_, call});
    return true;
  }

private:
  CallIndex &index_;
  const FunctionDecl *current_ = nullptr;
};

} // namespace

const std::vector<DeviceCall> &callsOf(AnalysisContext &ctx, const FunctionDecl *callee) {
  CallIndex &index = ctx.shared<CallIndex>("device-callers");
  if (!index.built) {
    index.built = true;
    CallFinder finder(index);
    // Callers in headers too, whatever the pass's traversal scope.
    traverseWholeUnit(finder, ctx.ast());
  }
  static const std::vector<DeviceCall> none;
  auto it = index.calls.find(callee->getCanonicalDecl());
  return it == index.calls.end() ? none : it->second;
}

} // namespace warpcheck
