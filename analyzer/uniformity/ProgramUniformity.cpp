#include "analyzer/uniformity/ProgramUniformity.h"
#include "analyzer/uniformity/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

namespace warpcheck {

using namespace clang;

ProgramUniformity::ProgramUniformity(ASTContext &ast, const AnalysisOptions &opts)
    : ast_(ast), opts_(opts) {}
ProgramUniformity::~ProgramUniformity() = default;

const DivergenceOrigin *ProgramUniformity::origin(SourceLocation loc, std::string what) {
  auto key = std::make_pair(loc.getRawEncoding(), what);
  auto it = originIndex_.find(key);
  if (it != originIndex_.end()) return it->second;
  origins_.push_back(std::make_unique<DivergenceOrigin>(DivergenceOrigin{loc, std::move(what)}));
  originIndex_[key] = origins_.back().get();
  return origins_.back().get();
}

const FunctionUniformity *ProgramUniformity::function(const FunctionDecl *fn) {
  if (!fn) return nullptr;
  const FunctionDecl *def = fn->getDefinition();
  if (!def || !def->hasBody() || def->isDependentContext()) return nullptr;
  auto it = functions_.find(def);
  if (it != functions_.end()) return it->second.get();
  // Recursion: a function being analysed is unknown to its own callees.
  if (std::find(inProgress_.begin(), inProgress_.end(), def) != inProgress_.end()) return nullptr;
  bool outermost = inProgress_.empty(); // callees are timed with their caller
  auto t0 = AnalysisBudget::Clock::now();
  inProgress_.push_back(def);
  auto fu = std::make_unique<FunctionUniformity>(*this, def);
  inProgress_.pop_back();
  if (outermost) seconds_ += secondsSince(t0);
  // An analysis the running function's budget cut short serves the step
  // that asked (its rule is then not completed on that function) but is not
  // kept: another function's steps analyse it again under their own budget.
  if (AnalysisBudget::functionExpired()) {
    cutShort_.push_back(std::move(fu));
    return cutShort_.back().get();
  }
  return functions_.emplace(def, std::move(fu)).first->second.get();
}

const FunctionDecl *ProgramUniformity::enclosingFunction(const Stmt *s) {
  DynTypedNodeList parents = ast_.getParents(*s);
  while (!parents.empty()) {
    const DynTypedNode &p = parents[0];
    if (const auto *fd = p.get<FunctionDecl>()) return fd;
    if (const auto *st = p.get<Stmt>()) parents = ast_.getParents(*st);
    else if (const auto *d = p.get<Decl>()) {
      if (const auto *fd = dyn_cast<FunctionDecl>(d)) return fd;
      parents = ast_.getParents(*d);
    } else break;
  }
  return nullptr;
}

namespace {

// Finds the first block barrier a function body may execute: directly, or
// through the functions it calls.
class BarrierFinder : public RecursiveASTVisitor<BarrierFinder> {
public:
  explicit BarrierFinder(ProgramUniformity &program) : program_(program) {}
  std::vector<ChainStep> chain;
  bool found = false;

  bool shouldVisitLambdaBody() const { return false; }
  bool VisitGCCAsmStmt(GCCAsmStmt *as) {
    if (isBlockBarrierAsm(as)) {
      chain.push_back({as->getBeginLoc(), "block barrier in inline assembly"});
      found = true;
      return false;
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    llvm::StringRef name = calleeName(call);
    if (isBlockBarrierName(name)) {
      chain.push_back({call->getBeginLoc(), "'" + name.str() + "' is called here"});
      found = true;
      return false;
    }
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee) return true;
    const FunctionDecl *def = callee->getDefinition();
    std::vector<ChainStep> sub;
    if (def && program_.mayExecuteBlockBarrier(def, &sub)) {
      chain.push_back({call->getBeginLoc(), "'" + def->getNameAsString() + "' is called here"});
      chain.insert(chain.end(), sub.begin(), sub.end());
      found = true;
      return false;
    }
    return true;
  }

private:
  ProgramUniformity &program_;
};

} // namespace

bool ProgramUniformity::mayExecuteBlockBarrier(const FunctionDecl *fn, std::vector<ChainStep> *chain) {
  if (!fn) return false;
  const FunctionDecl *def = fn->getDefinition();
  if (!def || !def->hasBody()) return false;
  auto it = barrierState_.find(def);
  if (it != barrierState_.end()) {
    if (it->second == 2 && chain) *chain = barrierChain_[def];
    return it->second == 2;
  }
  barrierState_[def] = 0; // in progress: recursion does not add barriers
  BarrierFinder finder(*this);
  finder.TraverseStmt(def->getBody());
  barrierState_[def] = finder.found ? 2 : 1;
  if (finder.found) {
    barrierChain_[def] = finder.chain;
    if (chain) *chain = finder.chain;
  }
  return finder.found;
}

} // namespace warpcheck
