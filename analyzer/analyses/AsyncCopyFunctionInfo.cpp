// Per-function facts of the async-copy path analysis (AsyncCopyExplorer.h):
// the CFG, branch summaries, liveness, and the per-pass cache of them.
#include "analyzer/analyses/AsyncCopyExplorer.h"
#include "analyzer/uniformity/EscapeScan.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace warpcheck {
namespace asynccopy {

// The tracked variable a statement assigns, if any.
const VarDecl *assignedVar(const Stmt *s) {
  const Expr *target = nullptr;
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) target = bo->getLHS();
  else if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp()) target = uo->getSubExpr();
  if (!target) return nullptr;
  if (const auto *dr = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts())) return dyn_cast<VarDecl>(dr->getDecl());
  return nullptr;
}

const FunctionInfo::Summary &FunctionInfo::summary(unsigned id) {
  auto it = summaries.find(id);
  if (it != summaries.end()) return it->second;
  Summary &s = summaries[id];
  const CFGBlock *b = blocks[id];
  if (!postDom) return s;
  auto *node = postDom->getBase().getNode(const_cast<CFGBlock *>(b));
  if (!node || !node->getIDom() || !node->getIDom()->getBlock()) return s;
  const CFGBlock *join = node->getIDom()->getBlock();
  std::set<unsigned> region;
  std::vector<const CFGBlock *> work;
  for (const CFGBlock::AdjacentBlock &succ : b->succs())
    if (const CFGBlock *sb = succ.getReachableBlock(); sb && sb != join) work.push_back(sb);
  while (!work.empty()) {
    const CFGBlock *x = work.back();
    work.pop_back();
    if (!region.insert(x->getBlockID()).second) continue;
    for (const CFGBlock::AdjacentBlock &succ : x->succs())
      if (const CFGBlock *sb = succ.getReachableBlock(); sb && sb != join) work.push_back(sb);
  }
  for (unsigned r : region) {
    if (relevant[r]) return s;
    if (blocks[r] == &cfg->getExit()) return s;
  }
  s.loop = region.count(id) != 0;
  s.join = join->getBlockID();
  s.blocks.assign(region.begin(), region.end());
  for (unsigned r : region)
    for (const CFGElement &el : *blocks[r]) {
      auto cs = el.getAs<CFGStmt>();
      if (!cs) continue;
      const Stmt *st = cs->getStmt();
      if (const VarDecl *v = assignedVar(st)) {
        const auto *bo = dyn_cast<BinaryOperator>(st);
        s.assigned.push_back(v);
        s.assignedValues.push_back(bo ? bo->getRHS() : nullptr);
      } else if (const auto *ds = dyn_cast<DeclStmt>(st)) {
        for (const Decl *d : ds->decls())
          if (const auto *v = dyn_cast<VarDecl>(d)) {
            s.assigned.push_back(v);
            s.assignedValues.push_back(v->getInit());
          }
      } else if (const auto *as = dyn_cast<GCCAsmStmt>(st)) {
        for (unsigned i = 0; i < as->getNumOutputs(); ++i)
          if (const auto *dr = dyn_cast<DeclRefExpr>(as->getOutputExpr(i)->IgnoreParenImpCasts()))
            if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) {
              s.assigned.push_back(v);
              s.assignedValues.push_back(as->getOutputExpr(i)); // asm results: taken as thread-dependent
            }
      }
    }
  s.ok = true;
  return s;
}

bool FunctionInfo::reach(unsigned from, unsigned to) {
  auto key = std::make_pair(from, to);
  auto it = reaches.find(key);
  if (it != reaches.end()) return it->second;
  std::vector<char> seen(blocks.size());
  std::vector<unsigned> work{from};
  bool found = false;
  while (!work.empty() && !found) {
    unsigned x = work.back();
    work.pop_back();
    if (seen[x]) continue;
    seen[x] = 1;
    for (const CFGBlock::AdjacentBlock &succ : blocks[x]->succs())
      if (const CFGBlock *sb = succ.getReachableBlock()) {
        if (sb->getBlockID() == to) found = true;
        work.push_back(sb->getBlockID());
      }
  }
  return reaches[key] = found;
}

// Backward liveness of the variables the explorer keeps values of. A read
// is any reference to the variable but the left side of a plain `v = e`
// (which replaces the value, reading nothing of it) and a declaration with
// an initialiser; a compound assignment, ++, a declaration without
// initialiser and an asm output count as reads, since the explorer derives
// the new value from the old one there.
void computeLiveness(FunctionInfo &info) {
  struct Overwrites : RecursiveASTVisitor<Overwrites> {
    std::set<const DeclRefExpr *> lhs;
    bool VisitBinaryOperator(BinaryOperator *bo) {
      if (bo->getOpcode() == BO_Assign)
        if (const auto *dr = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParens()))
          if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && !v->getType()->isReferenceType()) lhs.insert(dr);
      return true;
    }
  } overwrites;
  overwrites.TraverseStmt(const_cast<Stmt *>(info.fn->getBody()));
  size_t n = info.blocks.size();
  // Per block, in order: (variable, true for a read / false for an overwrite).
  std::vector<std::vector<std::pair<unsigned, bool>>> events(n);
  auto index = [&](const VarDecl *v) { return info.varIndex.try_emplace(v, info.varIndex.size()).first->second; };
  for (size_t id = 0; id < n; ++id) {
    if (!info.blocks[id]) continue;
    auto &ev = events[id];
    for (const CFGElement &el : *info.blocks[id]) {
      auto cs = el.getAs<CFGStmt>();
      if (!cs) continue;
      const Stmt *st = cs->getStmt();
      if (const auto *dr = dyn_cast<DeclRefExpr>(st)) {
        if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && !overwrites.lhs.count(dr)) ev.push_back({index(v), true});
      } else if (const auto *bo = dyn_cast<BinaryOperator>(st); bo && bo->getOpcode() == BO_Assign) {
        if (const auto *dr = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParens()); dr && overwrites.lhs.count(dr))
          ev.push_back({index(cast<VarDecl>(dr->getDecl())), false});
      } else if (const auto *ds = dyn_cast<DeclStmt>(st)) {
        for (const Decl *d : ds->decls())
          if (const auto *v = dyn_cast<VarDecl>(d))
            ev.push_back({index(v), !(v->getInit() && !v->getType()->isReferenceType())});
      } else if (const auto *as = dyn_cast<GCCAsmStmt>(st)) {
        for (unsigned i = 0; i < as->getNumOutputs(); ++i)
          if (const auto *dr = dyn_cast<DeclRefExpr>(as->getOutputExpr(i)->IgnoreParenImpCasts()))
            if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) ev.push_back({index(v), true});
      }
    }
  }
  unsigned vars = info.varIndex.size();
  info.liveIn.assign(n, llvm::BitVector(vars));
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = n; i-- > 0;) {
      if (!info.blocks[i]) continue;
      llvm::BitVector live(vars);
      for (const CFGBlock::AdjacentBlock &succ : info.blocks[i]->succs())
        if (const CFGBlock *sb = succ.getReachableBlock()) live |= info.liveIn[sb->getBlockID()];
      for (auto it = events[i].rbegin(); it != events[i].rend(); ++it) {
        if (it->second) live.set(it->first);
        else live.reset(it->first);
      }
      if (live != info.liveIn[i]) info.liveIn[i] = std::move(live), changed = true;
    }
  }
}

void FunctionInfo::buildLiveness() {
  livenessBuilt = true;
  computeLiveness(*this);
}

// Whether a function may do anything the explorer follows: an async
// operation or a call that may perform one, or a cuda::pipeline whose end
// of scope is checked. A walk over the body, without the CFG, dominator
// tree and value facts functionInfo() builds: most device functions do
// nothing asynchronous and are not explored at all.
bool mayDoAsync(AsyncRelevance &relevance, const FunctionDecl *fn) {
  const FunctionDecl *def = fn->getDefinition();
  if (!def || !def->hasBody()) return false;
  llvm::SmallVector<const Stmt *, 32> work{def->getBody()};
  while (!work.empty()) {
    const Stmt *s = work.pop_back_val();
    if (!s) continue;
    if ((isa<CallExpr>(s) || isa<GCCAsmStmt>(s)) && relevance.isRelevant(s)) return true;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && isCudaPipelineType(v->getType())) return true;
    if (const auto *da = dyn_cast<CXXDefaultArgExpr>(s)) work.push_back(da->getExpr());
    for (const Stmt *child : s->children()) work.push_back(child);
  }
  return false;
}

FunctionInfo *functionInfo(AnalysisContext &ctx, Cache &cache, const FunctionDecl *fn) {
  fn = fn->getDefinition();
  if (!fn || !fn->hasBody()) return nullptr;
  std::unique_ptr<FunctionInfo> &slot = cache.infos[fn];
  if (slot) return slot->cfg ? slot.get() : nullptr;
  slot = std::make_unique<FunctionInfo>();
  FunctionInfo &info = *slot;
  info.fn = fn;
  CFG::BuildOptions opts;
  opts.setAllAlwaysAdd();
  opts.AddImplicitDtors = true; // a cuda::pipeline's end of scope
  opts.AddTemporaryDtors = false;
  info.cfg = CFG::buildCFG(fn, fn->getBody(), &ctx.ast(), opts);
  if (!info.cfg) return nullptr;
  info.blocks.assign(info.cfg->getNumBlockIDs(), nullptr);
  for (const CFGBlock *b : *info.cfg) info.blocks[b->getBlockID()] = b;
  info.relevant.assign(info.blocks.size(), 0);
  for (const CFGBlock *b : *info.cfg)
    for (const CFGElement &el : *b) {
      bool rel = false;
      if (auto cs = el.getAs<CFGStmt>()) rel = cache.relevance->isRelevant(cs->getStmt());
      else if (auto dtor = el.getAs<CFGAutomaticObjDtor>()) rel = isCudaPipelineType(dtor->getVarDecl()->getType());
      if (rel) info.relevant[b->getBlockID()] = 1;
    }
  info.postDom = std::make_unique<CFGPostDomTree>(info.cfg.get());
  // Locals whose address escapes (taken, bound to a non-const reference,
  // captured by reference): their values are not tracked.
  llvm::SmallPtrSet<const VarDecl *, 16> escaped = escapedLocals(fn->getBody(), EscapeNotion::Values);
  auto trackable = [&](const VarDecl *v) {
    QualType t = v->getType();
    return !t->isReferenceType() && (t->isIntegralOrEnumerationType() || t->isPointerType()) &&
           !escaped.count(v) && !v->hasAttr<CUDASharedAttr>();
  };
  for (const ParmVarDecl *p : fn->parameters())
    if (trackable(p)) info.tracked.insert(p);
  // Locals: every VarDecl of the body with local storage.
  struct Locals : RecursiveASTVisitor<Locals> {
    std::vector<const VarDecl *> vars;
    bool VisitVarDecl(VarDecl *v) {
      if (v->hasLocalStorage() && !isa<ParmVarDecl>(v)) vars.push_back(v);
      return true;
    }
  } locals;
  locals.TraverseStmt(const_cast<Stmt *>(fn->getBody()));
  for (const VarDecl *v : locals.vars)
    if (trackable(v)) info.tracked.insert(v);
  info.uniformity = ctx.uniformity().function(fn);
  return slot.get();
}

} // namespace asynccopy
} // namespace warpcheck
