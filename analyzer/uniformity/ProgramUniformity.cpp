#include "analyzer/uniformity/ProgramUniformity.h"
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "clang/AST/StmtCXX.h"
#include <algorithm>

namespace warpcheck {

using namespace clang;

namespace {

// The block barriers a function may execute: `__syncthreads()` and its
// variants, `bar.sync`/`barrier.sync` in inline assembly, and whatever the
// functions it calls execute.
class BlockBarrierSearch : public CallChainSearch {
  Site classify(const Stmt *s, const FunctionDecl *) override {
    if (const auto *as = dyn_cast<GCCAsmStmt>(s))
      return isBlockBarrierAsm(as) ? Site{Site::Target, "block barrier in inline assembly"} : Site{};
    llvm::StringRef name = calleeName(cast<CallExpr>(s));
    if (isBlockBarrierName(name)) return {Site::Target, "'" + name.str() + "' is called here"};
    return {Site::Follow, {}};
  }
};

} // namespace

// The analysis context (analyzer/core) creates the pass's analysis on first
// use; it is defined here, where ProgramUniformity is complete, because the
// core layer sits below this one and may not include it.
ProgramUniformity &AnalysisContext::uniformity() {
  if (!uniformity_) uniformity_ = std::make_shared<ProgramUniformity>(*ast_, opts_);
  return *uniformity_;
}

ProgramUniformity::ProgramUniformity(ASTContext &ast, const AnalysisOptions &opts)
    : ast_(ast), opts_(opts), barriers_(std::make_unique<BlockBarrierSearch>()), enclosing_(ast) {}
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
  // Recursion: a function being analysed is unknown to its own callees.
  if (std::find(inProgress_.begin(), inProgress_.end(), def) != inProgress_.end()) return nullptr;
  std::unique_ptr<FunctionUniformity> &slot = functions_[def];
  // One cut short by a function's time budget is analysed again, under the
  // budget of the step that asks now (FunctionUniformity::compute).
  if (slot && slot->cutShort_) cutShort_.push_back(std::move(slot));
  if (!slot) slot = std::make_unique<FunctionUniformity>(*this, def);
  return slot.get();
}

ProgramUniformity::Running::Running(ProgramUniformity &p, const FunctionDecl *fn)
    : p_(p), outermost_(p.inProgress_.empty()), t0_(AnalysisBudget::Clock::now()) {
  p_.inProgress_.push_back(fn);
}

ProgramUniformity::Running::~Running() {
  p_.inProgress_.pop_back();
  if (outermost_) p_.seconds_ += secondsSince(t0_);
}

bool ProgramUniformity::mayExecuteBlockBarrier(const FunctionDecl *fn, std::vector<ChainStep> *chain) {
  return barriers_->reaches(fn, chain);
}

} // namespace warpcheck
