#include "analyzer/analyses/SharedAccessModel.h"
#include "analyzer/core/WholeUnit.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/cuda/DeviceCode.h"
#include "analyzer/cuda/Fences.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <deque>

namespace warpcheck {

using namespace clang;

namespace {

constexpr unsigned kMaxFramesPerFunction = 8;
constexpr unsigned kMaxCallDepth = 4;
constexpr unsigned kMaxLoopTrips = 64;

const Expr *stripNoOp(const Expr *e) {
  while (true) {
    e = e->IgnoreParens();
    const auto *ice = dyn_cast<ImplicitCastExpr>(e);
    if (!ice || ice->getCastKind() != CK_NoOp) return e;
    e = ice->getSubExpr();
  }
}

const VarDecl *referencedVar(const Expr *e) {
  if (const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())) return dyn_cast<VarDecl>(dre->getDecl());
  return nullptr;
}

bool isOrderingAsm(const GCCAsmStmt *as) {
  llvm::StringRef s = as->getAsmString();
  return s.contains("bar.") || s.contains("barrier") || s.contains("membar") || s.contains("fence");
}

// How an lvalue is used: as a load, a store or both; {false, false} when
// it is not accessed here (its address is taken, it is passed by reference,
// it is the base of a member access or of a subscript).
std::pair<bool, bool> useOf(const Expr *e, const ParentMap &pm) {
  const Stmt *child = e;
  const Stmt *p = pm.getParent(child);
  while (p) {
    if (isa<ParenExpr>(p)) {
    } else if (const auto *ice = dyn_cast<ImplicitCastExpr>(p)) {
      if (ice->getCastKind() == CK_LValueToRValue) return {true, false};
      if (ice->getCastKind() != CK_NoOp) return {false, false};
    } else {
      break;
    }
    child = p;
    p = pm.getParent(p);
  }
  if (!p) return {false, false};
  if (const auto *bo = dyn_cast<BinaryOperator>(p)) {
    if (bo->isAssignmentOp() && bo->getLHS() == child) return {bo->isCompoundAssignmentOp(), true};
    return {false, false};
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(p)) {
    if (uo->isIncrementDecrementOp()) return {true, true};
    return {false, false};
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(p)) {
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
    if (op->getOperator() != OO_Equal || op->getNumArgs() != 2 || !md || !md->isTrivial()) return {false, false};
    if (op->getArg(0) == child) return {false, true};
    if (op->getArg(1) == child) return {true, false};
    return {false, false};
  }
  if (const auto *ce = dyn_cast<CXXConstructExpr>(p)) {
    if (ce->getNumArgs() == 1 && ce->getConstructor()->isTrivial()) return {true, false};
    return {false, false};
  }
  return {false, false};
}

} // namespace

struct SharedAccessModel::FunctionInfo {
  const FunctionDecl *fn = nullptr;
  std::unique_ptr<CFG> cfg;
  llvm::DenseMap<const Stmt *, std::pair<unsigned, unsigned>> where; // block id, element index
  std::vector<const CFGBlock *> blocks;
  std::unique_ptr<ParentMap> parents; // parentMap()
  std::set<const VarDecl *> modified; // assigned, incremented or address taken in the body
  std::map<const VarDecl *, unsigned> modifications;
  std::vector<const Expr *> candidates; // lvalues that may name memory
  std::vector<const ForStmt *> forLoops;
  std::vector<bool> live; // blocks reachable from the entry (constant conditions pruned)
  bool built = false;

  // The body's parent map, built on first use: most functions scanned for
  // their calls (the toolkit's device functions) are never analysed. Null
  // for a function that was not scanned.
  const ParentMap *parentMap() {
    if (built && !parents) parents = std::make_unique<ParentMap>(fn->getBody());
    return parents.get();
  }
};

namespace {

// One walk over a body: calls, memory lvalues, modified variables, for loops.
class BodyScan : public RecursiveASTVisitor<BodyScan> {
public:
  explicit BodyScan(std::map<const VarDecl *, unsigned> &mods, std::vector<const Expr *> &cands,
                    std::vector<const ForStmt *> &loops, std::vector<const CallExpr *> &calls)
      : mods_(mods), cands_(cands), loops_(loops), calls_(calls) {}
  bool shouldVisitLambdaBody() const { return false; }

  bool VisitCallExpr(CallExpr *c) {
    calls_.push_back(c);
    return true;
  }
  bool VisitForStmt(ForStmt *f) {
    loops_.push_back(f);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *bo) {
    if (bo->isAssignmentOp()) mark(bo->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *uo) {
    if (uo->isIncrementDecrementOp() || uo->getOpcode() == UO_AddrOf) mark(uo->getSubExpr());
    if (uo->getOpcode() == UO_Deref) candidate(uo);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) {
    candidate(e);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *e) {
    if (isa<FieldDecl>(e->getMemberDecl())) candidate(e);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (const auto *v = dyn_cast<VarDecl>(e->getDecl()); v && v->hasAttr<CUDASharedAttr>()) candidate(e);
    return true;
  }

private:
  void mark(const Expr *e) {
    if (const VarDecl *v = referencedVar(e)) ++mods_[v];
  }
  void candidate(const Expr *e) {
    QualType t = e->getType();
    if (e->isTypeDependent() || e->isValueDependent() || !e->isGLValue() || t->isArrayType() ||
        t->isFunctionType() || t->isIncompleteType() || t->isDependentType())
      return;
    cands_.push_back(e);
  }
  std::map<const VarDecl *, unsigned> &mods_;
  std::vector<const Expr *> &cands_;
  std::vector<const ForStmt *> &loops_;
  std::vector<const CallExpr *> &calls_;
};

class FunctionCollector : public RecursiveASTVisitor<FunctionCollector> {
public:
  std::vector<const FunctionDecl *> fns;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (fd->doesThisDeclarationHaveABody() && !fd->isDependentContext() && runsOnDevice(fd)) fns.push_back(fd);
    return true;
  }
};

} // namespace

SharedAccessModel::SharedAccessModel(AnalysisContext &ctx) : ctx_(ctx) {}
SharedAccessModel::~SharedAccessModel() = default;

SharedAccessModel::FunctionInfo &SharedAccessModel::info(const FunctionDecl *fn) {
  std::unique_ptr<FunctionInfo> &slot = infos_[fn];
  if (!slot) {
    slot = std::make_unique<FunctionInfo>();
    slot->fn = fn;
  }
  return *slot;
}

const Stmt *SharedAccessModel::parentOf(const FunctionDecl *fn, const Stmt *s) {
  FunctionInfo &fi = info(fn);
  const ParentMap *pm = fi.parentMap();
  return pm ? pm->getParent(s) : nullptr;
}

const Stmt *SharedAccessModel::cfgElement(const FunctionDecl *fn, const Stmt *s) {
  FunctionInfo &fi = info(fn);
  if (!s) return nullptr;
  if (fi.where.count(s)) return s;
  if (const auto *e = dyn_cast<Expr>(s); e && fi.where.count(e->IgnoreImplicit())) return e->IgnoreImplicit();
  return nullptr;
}

void SharedAccessModel::build() {
  ASTContext &ast = ctx_.ast();
  FunctionCollector collector;
  traverseWholeUnit(collector, ast);
  // Scan every body once: the call graph and the candidate accesses.
  for (const FunctionDecl *fn : collector.fns) {
    FunctionInfo &fi = info(fn);
    if (fi.built) continue;
    fi.built = true;
    std::vector<const CallExpr *> calls;
    BodyScan scan(fi.modifications, fi.candidates, fi.forLoops, calls);
    scan.TraverseStmt(fn->getBody());
    for (auto &[v, n] : fi.modifications) fi.modified.insert(v);
    for (const CallExpr *c : calls)
      if (const FunctionDecl *callee = c->getDirectCallee())
        if (const FunctionDecl *def = callee->getDefinition(); def && def != fn && runsOnDevice(def))
          callers_[def].push_back({fn, c});
  }
  for (const FunctionDecl *fn : collector.fns) {
    FunctionInfo &fi = info(fn);
    if (fi.candidates.empty()) continue;
    if (!ctx_.options().systemHeaders &&
        ctx_.sources().isInSystemHeader(ctx_.sources().getExpansionLoc(fn->getLocation())))
      continue;
    addFrames(fn);
  }
}

void SharedAccessModel::addFrames(const FunctionDecl *fn) {
  ProgramUniformity &program = ctx_.uniformity();
  // Frames of `g` for every chain of call sites, up to a depth.
  std::function<std::vector<Frame *>(const FunctionDecl *, unsigned, std::set<const FunctionDecl *> &)> framesOf =
      [&](const FunctionDecl *g, unsigned depth, std::set<const FunctionDecl *> &onStack) -> std::vector<Frame *> {
    if (auto memo = framesOf_.find(g); memo != framesOf_.end()) return memo->second;
    std::vector<Frame *> out;
    const FunctionUniformity *fu = program.function(g);
    if (!fu) return out;
    auto make = [&](const CallExpr *call, const Frame *parent) {
      auto f = std::make_unique<Frame>();
      f->fn = g;
      f->fu = fu;
      f->lanes = std::make_unique<LaneModel>(*fu, 32);
      f->callSite = call;
      f->parent = parent;
      Frame *raw = f.get();
      f->lanes->setLeafValue([this, raw](const Expr *e) { return leaf(*raw, e); });
      frames_.push_back(std::move(f));
      countLoops(*raw);
      out.push_back(raw);
    };
    auto it = callers_.find(g);
    if (g->hasAttr<CUDAGlobalAttr>() || it == callers_.end() || depth >= kMaxCallDepth) {
      make(nullptr, nullptr);
      return framesOf_[g] = out;
    }
    onStack.insert(g);
    for (auto &[caller, call] : it->second) {
      if (onStack.count(caller)) continue;
      for (Frame *pf : framesOf(caller, depth + 1, onStack)) {
        if (out.size() >= kMaxFramesPerFunction) break;
        make(call, pf);
      }
      if (out.size() >= kMaxFramesPerFunction) break;
    }
    onStack.erase(g);
    if (out.empty()) make(nullptr, nullptr);
    return framesOf_[g] = out;
  };
  std::set<const FunctionDecl *> onStack;
  for (Frame *f : framesOf(fn, 0, onStack)) {
    collectAccesses(*f);
    analysed_.push_back(f);
  }
}

const std::vector<const SharedAccess *> &SharedAccessModel::accessesOf(const Frame &f) const {
  static const std::vector<const SharedAccess *> none;
  auto it = accesses_.find(&f);
  return it == accesses_.end() ? none : it->second;
}

// ---- values -------------------------------------------------------------

const Expr *SharedAccessModel::argumentFor(const Frame &f, const ParmVarDecl *p) const {
  if (!f.callSite || p->getDeclContext() != f.fn) return nullptr;
  unsigned offset = 0;
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(f.callSite))
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee()); md && !md->isStatic()) offset = 1;
  unsigned i = p->getFunctionScopeIndex() + offset;
  return i < f.callSite->getNumArgs() ? f.callSite->getArg(i) : nullptr;
}

ThreadValues SharedAccessModel::leaf(const Frame &f, const Expr *e) {
  // A leaf is evaluated for every thread at once: it costs what about 32
  // single-thread evaluations did.
  budget_ -= kLeafCost;
  if (budget_ < 0) return ThreadValues();
  auto symbol = [&](const std::string &key) -> ThreadValues {
    if (symbols_ < 0) return ThreadValues(); // guard mode: a uniform unknown stays unknown
    auto [it, inserted] = symbolIndex_.emplace(key, int64_t(symbolIndex_.size()));
    // Large, distinct, and different between the two sets, so that a
    // conflict that holds in both does not depend on their values.
    return ThreadValues((symbols_ == 0 ? (int64_t(1) << 16) : (int64_t(3) << 17)) +
                        it->second * (symbols_ == 0 ? 4099 : 8209));
  };
  if (auto ref = builtinVarRef(e); ref.var != BuiltinVar::None) {
    // threadIdx.y/z are the same for the lanes of a warp (blockDim.x is
    // assumed a multiple of 32); the others are block-uniform.
    return symbol(std::string("builtin:") + char('0' + int(ref.var)) + ref.dim);
  }
  const VarDecl *v = referencedVar(e);
  if (!v) return ThreadValues();
  if (counters_)
    if (auto it = counters_->find(v); it != counters_->end()) return ThreadValues(it->second);
  const auto *p = dyn_cast<ParmVarDecl>(v);
  if (!p || info(f.fn).modified.count(p)) return ThreadValues();
  if (f.parent) {
    const Expr *arg = argumentFor(f, p);
    if (!arg || !f.parent->lanes) return ThreadValues();
    return f.parent->lanes->evaluateAll(arg);
  }
  if (f.fn->hasAttr<CUDAGlobalAttr>() && p->getType()->isIntegralOrEnumerationType())
    return symbol("param:" + std::to_string(reinterpret_cast<uintptr_t>(p)));
  return ThreadValues();
}

// ---- counted loops --------------------------------------------------------

void SharedAccessModel::countLoops(Frame &f) {
  FunctionInfo &fi = info(f.fn);
  const Counters *savedCounters = counters_;
  int savedSymbols = symbols_;
  counters_ = nullptr;
  symbols_ = -1;
  auto uniformValue = [&](const Expr *e) -> std::optional<int64_t> {
    ThreadValues v = f.lanes->evaluateAll(e);
    const std::optional<int64_t> &a = v.at(0), &b = v.at(37);
    if (!a || !b || *a != *b) return std::nullopt;
    return a;
  };
  for (const ForStmt *loop : fi.forLoops) {
    const auto *ds = dyn_cast_or_null<DeclStmt>(loop->getInit());
    if (!ds || !ds->isSingleDecl()) continue;
    const auto *var = dyn_cast<VarDecl>(ds->getSingleDecl());
    if (!var || !var->getType()->isIntegerType() || !var->getInit()) continue;
    // The counter changes only in the increment.
    auto mods = fi.modifications.find(var);
    if (mods == fi.modifications.end() || mods->second != 1) continue;
    auto init = uniformValue(var->getInit());
    if (!init) continue;
    // cond: `var OP c`, `c OP var` or `var`.
    const Expr *cond = loop->getCond() ? loop->getCond()->IgnoreParenImpCasts() : nullptr;
    std::function<bool(int64_t)> test;
    if (const auto *bo = dyn_cast_or_null<BinaryOperator>(cond); bo && bo->isComparisonOp()) {
      bool varLeft = referencedVar(bo->getLHS()) == var, varRight = referencedVar(bo->getRHS()) == var;
      if (varLeft == varRight) continue;
      auto c = uniformValue(varLeft ? bo->getRHS() : bo->getLHS());
      if (!c) continue;
      BinaryOperatorKind k = bo->getOpcode();
      if (!varLeft) k = BinaryOperator::reverseComparisonOp(k);
      int64_t cv = *c;
      test = [k, cv](int64_t x) {
        switch (k) {
        case BO_LT: return x < cv;
        case BO_LE: return x <= cv;
        case BO_GT: return x > cv;
        case BO_GE: return x >= cv;
        case BO_EQ: return x == cv;
        default: return x != cv;
        }
      };
    } else if (cond && referencedVar(cond) == var) {
      test = [](int64_t x) { return x != 0; };
    } else {
      continue;
    }
    // inc: ++v, v++, --v, v--, v OP= c, v = v OP c.
    const Expr *inc = loop->getInc() ? loop->getInc()->IgnoreParens() : nullptr;
    std::function<int64_t(int64_t)> step;
    if (const auto *uo = dyn_cast_or_null<UnaryOperator>(inc); uo && uo->isIncrementDecrementOp() &&
                                                               referencedVar(uo->getSubExpr()) == var) {
      int64_t d = uo->isIncrementOp() ? 1 : -1;
      step = [d](int64_t x) { return x + d; };
    } else if (const auto *bo = dyn_cast_or_null<BinaryOperator>(inc);
               bo && bo->isAssignmentOp() && referencedVar(bo->getLHS()) == var) {
      BinaryOperatorKind k = bo->isCompoundAssignmentOp() ? BinaryOperator::getOpForCompoundAssignment(bo->getOpcode())
                                                          : BO_Comma;
      const Expr *operand = bo->getRHS();
      if (k == BO_Comma) {
        const auto *rhs = dyn_cast<BinaryOperator>(bo->getRHS()->IgnoreParenImpCasts());
        if (!rhs || referencedVar(rhs->getLHS()) != var) continue;
        k = rhs->getOpcode();
        operand = rhs->getRHS();
      }
      auto c = uniformValue(operand);
      if (!c) continue;
      int64_t cv = *c;
      switch (k) {
      case BO_Add: step = [cv](int64_t x) { return x + cv; }; break;
      case BO_Sub: step = [cv](int64_t x) { return x - cv; }; break;
      case BO_Mul: step = [cv](int64_t x) { return x * cv; }; break;
      case BO_Div: if (cv) step = [cv](int64_t x) { return x / cv; }; break;
      case BO_Shl: if (cv >= 0 && cv < 63) step = [cv](int64_t x) { return int64_t(uint64_t(x) << cv); }; break;
      case BO_Shr: if (cv >= 0 && cv < 63) step = [cv](int64_t x) { return x >> cv; }; break;
      default: break;
      }
      if (!step) continue;
    } else {
      continue;
    }
    CountedLoop cl;
    cl.loop = loop;
    cl.var = var;
    int64_t x = *init;
    bool bounded = false;
    for (unsigned n = 0; n <= kMaxLoopTrips; ++n) {
      if (!test(x)) {
        bounded = true;
        break;
      }
      cl.values.push_back(x);
      x = step(x);
    }
    if (!bounded) continue;
    cl.index = unsigned(f.loops.size());
    if (cl.index >= 64) break;
    f.loops.push_back(std::move(cl));
  }
  counters_ = savedCounters;
  symbols_ = savedSymbols;
}

// ---- addresses ------------------------------------------------------------

bool SharedAccessModel::lvalueAddr(const Expr *e, const Frame &f, SharedAccess &a, int depth) {
  if (depth > 16) return false;
  ASTContext &ast = ctx_.ast();
  e = stripNoOp(e);
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return false;
    if (v->hasAttr<CUDASharedAttr>()) {
      a.var = v;
      return true;
    }
    if (!v->getType()->isReferenceType()) return false;
    // A reference stands for what it was bound to.
    if (const auto *p = dyn_cast<ParmVarDecl>(v)) {
      const Expr *arg = f.parent ? argumentFor(f, p) : nullptr;
      return arg && lvalueAddr(arg, *f.parent, a, depth + 1);
    }
    return v->hasLocalStorage() && v->getInit() && lvalueAddr(v->getInit(), f, a, depth + 1);
  }
  if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
    if (!pointerAddr(ase->getBase(), f, a, depth + 1)) return false;
    CharUnits sz = ast.getTypeSizeInChars(ase->getType());
    a.terms.push_back({ase->getIdx(), &f, sz.getQuantity()});
    return true;
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
    return pointerAddr(uo->getSubExpr(), f, a, depth + 1);
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd || fd->isBitField() || fd->getParent()->isInvalidDecl() || fd->getParent()->isDependentType())
      return false;
    bool ok = me->isArrow() ? pointerAddr(me->getBase(), f, a, depth + 1) : lvalueAddr(me->getBase(), f, a, depth + 1);
    if (!ok) return false;
    a.offset += int64_t(ast.getFieldOffset(fd) / ast.getCharWidth());
    return true;
  }
  return false;
}

bool SharedAccessModel::pointerAddr(const Expr *e, const Frame &f, SharedAccess &a, int depth) {
  if (depth > 16) return false;
  ASTContext &ast = ctx_.ast();
  e = e->IgnoreParens();
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    switch (ce->getCastKind()) {
    case CK_ArrayToPointerDecay: return lvalueAddr(ce->getSubExpr(), f, a, depth + 1);
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion: return pointerAddr(ce->getSubExpr(), f, a, depth + 1);
    case CK_LValueToRValue: {
      // A pointer variable: the one value it was given.
      const VarDecl *v = referencedVar(ce->getSubExpr());
      if (!v) return false;
      if (const auto *p = dyn_cast<ParmVarDecl>(v)) {
        if (info(f.fn).modified.count(p) || !f.parent) return false;
        const Expr *arg = argumentFor(f, p);
        return arg && pointerAddr(arg, *f.parent, a, depth + 1);
      }
      if (!v->hasLocalStorage()) return false;
      const Expr *def = f.fu->singleDefinition(v);
      return def && pointerAddr(def, f, a, depth + 1);
    }
    default: return false;
    }
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub)) {
    const Expr *ptr = bo->getLHS(), *idx = bo->getRHS();
    if (!ptr->getType()->isPointerType()) std::swap(ptr, idx);
    if (!ptr->getType()->isPointerType() || !idx->getType()->isIntegralOrEnumerationType()) return false;
    if (bo->getOpcode() == BO_Sub && ptr != bo->getLHS()) return false;
    QualType pointee = ptr->getType()->getPointeeType();
    if (pointee->isIncompleteType() || pointee->isVoidType()) return false;
    if (!pointerAddr(ptr, f, a, depth + 1)) return false;
    int64_t sz = ast.getTypeSizeInChars(pointee).getQuantity();
    a.terms.push_back({idx, &f, bo->getOpcode() == BO_Sub ? -sz : sz});
    return true;
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_AddrOf)
    return lvalueAddr(uo->getSubExpr(), f, a, depth + 1);
  return false;
}

void SharedAccessModel::collectAccesses(Frame &f) {
  FunctionInfo &fi = info(f.fn);
  ASTContext &ast = ctx_.ast();
  if (!fi.cfg) {
    CFG::BuildOptions opts;
    opts.setAllAlwaysAdd();
    opts.AddImplicitDtors = false;
    opts.AddTemporaryDtors = false;
    fi.cfg = CFG::buildCFG(f.fn, f.fn->getBody(), &ast, opts);
    if (!fi.cfg) return;
    fi.blocks.assign(fi.cfg->getNumBlockIDs(), nullptr);
    // Code that cannot run (`if (N >= 64)` in an instantiation with N == 32)
    // has no accesses.
    fi.live.assign(fi.cfg->getNumBlockIDs(), false);
    std::vector<const CFGBlock *> work{&fi.cfg->getEntry()};
    fi.live[fi.cfg->getEntry().getBlockID()] = true;
    while (!work.empty()) {
      const CFGBlock *b = work.back();
      work.pop_back();
      for (const CFGBlock *succ : b->succs())
        if (succ && !fi.live[succ->getBlockID()]) {
          fi.live[succ->getBlockID()] = true;
          work.push_back(succ);
        }
    }
    for (const CFGBlock *b : *fi.cfg) {
      fi.blocks[b->getBlockID()] = b;
      unsigned i = 0;
      for (const CFGElement &el : *b) {
        if (auto cs = el.getAs<CFGStmt>()) fi.where.try_emplace(cs->getStmt(), std::make_pair(b->getBlockID(), i));
        ++i;
      }
    }
  }
  std::vector<const SharedAccess *> &out = accesses_[&f];
  for (const Expr *e : fi.candidates) {
    auto [reads, writes] = useOf(e, *fi.parentMap());
    if (!reads && !writes) continue;
    auto a = std::make_unique<SharedAccess>();
    a->expr = e;
    a->frame = &f;
    a->reads = reads;
    a->writes = writes;
    if (!lvalueAddr(e, f, *a, 0) || !a->var) continue;
    a->isVolatile = e->getType().isVolatileQualified() || a->var->getType().isVolatileQualified();
    a->size = ast.getTypeSizeInChars(e->getType()).getQuantity();
    if (a->size <= 0) continue;
    // Its CFG element, and the counted loops around it.
    const Stmt *s = e;
    while (s && !fi.where.count(s)) s = fi.parentMap()->getParent(s);
    if (!s || !fi.live[fi.where.find(s)->second.first]) continue;
    a->anchor = s;
    // Loops of this frame around the access, then those around each call site.
    const Stmt *inner = e;
    for (const Frame *g = &f; g; inner = g->callSite, g = g->parent) {
      FunctionInfo &gi = info(g->fn);
      const ParentMap *gp = gi.parentMap();
      if (!gp) break;
      for (const Stmt *p = gp->getParent(inner); p; p = gp->getParent(p))
        for (const CountedLoop &cl : g->loops)
          if (cl.loop == p) a->loops.push_back(&cl);
      if (!g->callSite) break;
    }
    out.push_back(a.get());
    accessStore_.push_back(std::move(a));
  }
}

// ---- ordering and paths ---------------------------------------------------

bool SharedAccessModel::mayOrder(const FunctionDecl *fn, int depth) {
  auto it = ordering_.find(fn);
  if (it != ordering_.end()) return it->second == 2;
  if (depth > 8) return true;
  ordering_[fn] = 0;
  bool found = false;
  std::vector<const Stmt *> work{fn->getBody()};
  while (!work.empty() && !found) {
    const Stmt *s = work.back();
    work.pop_back();
    if (!s) continue;
    if (const auto *as = dyn_cast<GCCAsmStmt>(s); as && isOrderingAsm(as)) found = true;
    if (const auto *call = dyn_cast<CallExpr>(s)) {
      if (isOrderingIntrinsic(calleeName(call))) found = true;
      else if (const FunctionDecl *callee = call->getDirectCallee()) {
        const FunctionDecl *def = callee->getDefinition();
        if (def && def != fn && def->hasBody() && ordering_.count(def) == 0 ? mayOrder(def, depth + 1)
                                                                             : ordering_.count(def) && ordering_[def] == 2)
          found = true;
      }
    }
    for (const Stmt *c : s->children()) work.push_back(c);
  }
  ordering_[fn] = found ? 2 : 1;
  return found;
}

// A warp collective whose mask names the whole warp (`__shfl_xor_sync(
// 0xffffffff, v, 16)`): no lane leaves it before every lane has arrived,
// so a lane's read of shared memory before it is done before another
// lane's write after it. It publishes no writes ("these intrinsics do not
// imply a memory barrier"): a write before it is not ordered with a read
// after it.
static bool ordersLanesAfterRead(const Stmt *s, ASTContext &ast, unsigned warpSize) {
  const auto *call = dyn_cast<CallExpr>(s);
  if (!call || call->getNumArgs() == 0) return false;
  WarpCollective kind = warpCollectiveOf(calleeName(call));
  if (kind == WarpCollective::None || kind == WarpCollective::ActiveMask) return false;
  Expr::EvalResult r;
  if (!call->getArg(0)->EvaluateAsInt(r, ast)) return false;
  uint64_t full = fullWarpMask(warpSize);
  return (r.Val.getInt().getZExtValue() & full) == full;
}

// Whether `s` (an expression, or the statements of a block, not looking
// into nested branches or loops) always runs such a collective.
static bool runsFullWarpCollective(const Stmt *s, ASTContext &ast, unsigned warpSize) {
  if (!s || isa<IfStmt, ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(s)) return false;
  if (isa<AbstractConditionalOperator>(s)) return false;
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isLogicalOp())
    return runsFullWarpCollective(bo->getLHS(), ast, warpSize);
  if (ordersLanesAfterRead(s, ast, warpSize)) return true;
  for (const Stmt *c : s->children())
    if (runsFullWarpCollective(c, ast, warpSize)) return true;
  return false;
}

// `for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);`:
// a counted loop whose first iteration runs (its condition holds for the
// initial value) and whose body always runs a full-mask collective.
static bool isCollectiveLoop(const ForStmt *loop, ASTContext &ast, unsigned warpSize) {
  const auto *ds = dyn_cast_or_null<DeclStmt>(loop->getInit());
  const auto *cond = loop->getCond() ? dyn_cast<BinaryOperator>(loop->getCond()->IgnoreParenImpCasts()) : nullptr;
  if (!ds || !ds->isSingleDecl() || !cond || !cond->isComparisonOp()) return false;
  const auto *v = dyn_cast<VarDecl>(ds->getSingleDecl());
  const auto *ref = dyn_cast<DeclRefExpr>(cond->getLHS()->IgnoreParenImpCasts());
  Expr::EvalResult init, bound;
  if (!v || !v->getInit() || !ref || ref->getDecl() != v || !v->getInit()->EvaluateAsInt(init, ast) ||
      !cond->getRHS()->EvaluateAsInt(bound, ast))
    return false;
  int64_t i = init.Val.getInt().getExtValue(), b = bound.Val.getInt().getExtValue();
  bool first = false;
  switch (cond->getOpcode()) {
  case BO_LT: first = i < b; break;
  case BO_LE: first = i <= b; break;
  case BO_GT: first = i > b; break;
  case BO_GE: first = i >= b; break;
  case BO_NE: first = i != b; break;
  default: return false;
  }
  return first && runsFullWarpCollective(loop->getBody(), ast, warpSize);
}

// After a read: a full-mask collective, or a call of a helper that always
// runs one (`v = warpSum(v)` with a shuffle loop inside).
bool SharedAccessModel::ordersAfterRead(const Stmt *s) {
  if (ordersLanesAfterRead(s, ctx_.ast(), ctx_.options().warpSize)) return true;
  const auto *call = dyn_cast<CallExpr>(s);
  const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
  return def && def->hasBody() && !callee->getBuiltinID() && helperRunsCollectiveAlways(def, 0);
}

// Whether `s` always runs a full-mask collective: itself, in an operand that
// always runs (not an arm of ?: or the right of && / ||), in a counted loop
// whose first iteration runs one, or in a helper it calls that always does.
bool SharedAccessModel::runsCollectiveAlways(const Stmt *s, int depth) {
  ASTContext &ast = ctx_.ast();
  unsigned warpSize = ctx_.options().warpSize;
  if (!s) return false;
  if (const auto *loop = dyn_cast<ForStmt>(s)) return isCollectiveLoop(loop, ast, warpSize);
  if (isa<IfStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt, AbstractConditionalOperator>(s)) return false;
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isLogicalOp())
    return runsCollectiveAlways(bo->getLHS(), depth);
  if (ordersLanesAfterRead(s, ast, warpSize)) return true;
  if (const auto *call = dyn_cast<CallExpr>(s)) {
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    if (def && def->hasBody() && !callee->getBuiltinID() && helperRunsCollectiveAlways(def, depth + 1)) return true;
  }
  for (const Stmt *c : s->children())
    if (runsCollectiveAlways(c, depth)) return true;
  return false;
}

static bool containsReturn(const Stmt *s) {
  if (!s) return false;
  if (isa<ReturnStmt, GotoStmt, CXXThrowExpr>(s)) return true;
  if (isa<LambdaExpr>(s)) return false;
  for (const Stmt *c : s->children())
    if (containsReturn(c)) return true;
  return false;
}

// A helper whose body, statement by statement, runs a full-mask collective
// before any statement that may leave it (a return, goto or throw inside a
// branch or loop): every call of it runs the collective.
bool SharedAccessModel::helperRunsCollectiveAlways(const FunctionDecl *fn, int depth) {
  if (depth > 4) return false;
  if (auto it = helperCollective_.find(fn); it != helperCollective_.end()) return it->second;
  helperCollective_[fn] = false; // recursion: not known to
  bool runs = false;
  if (const auto *body = dyn_cast_or_null<CompoundStmt>(fn->getBody()))
    for (const Stmt *st : body->body()) {
      if (runsCollectiveAlways(st, depth)) {
        runs = true;
        break;
      }
      if (containsReturn(st)) break;
    }
  helperCollective_[fn] = runs;
  return runs;
}

bool SharedAccessModel::isOrdering(const Stmt *s) {
  if (const auto *as = dyn_cast<GCCAsmStmt>(s)) return isOrderingAsm(as);
  const auto *call = dyn_cast<CallExpr>(s);
  if (!call) return false;
  if (isOrderingIntrinsic(calleeName(call))) return true;
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee) return false; // through a pointer: see Known limits
  if (callee->getBuiltinID()) return false;
  const FunctionDecl *def = callee->getDefinition();
  if (!def || !def->hasBody()) return runsOnDevice(callee); // opaque device code may synchronise
  return mayOrder(def, 0);
}

const std::vector<std::pair<const SharedAccess *, uint64_t>> &SharedAccessModel::followers(const SharedAccess &a) {
  auto found = followers_.find(&a);
  if (found != followers_.end()) return found->second;
  std::vector<std::pair<const SharedAccess *, uint64_t>> &out = followers_[&a];
  const Frame &f = *a.frame;
  FunctionInfo &fi = info(f.fn);
  if (!fi.cfg) return out;
  // The frame's accesses by CFG element, built once per frame: per access
  // it would be quadratic in a long kernel.
  std::multimap<const Stmt *, const SharedAccess *> &byAnchor = byAnchor_[&f];
  if (byAnchor.empty())
    for (const SharedAccess *b : accessesOf(f)) byAnchor.emplace(b->anchor, b);
  std::map<const Stmt *, unsigned> incs;
  for (const CountedLoop &cl : f.loops)
    if (cl.loop->getInc()) incs[cl.loop->getInc()] = cl.index;
  std::set<std::pair<const SharedAccess *, uint64_t>> seen;
  std::set<std::pair<unsigned, uint64_t>> visited;
  struct State { unsigned block, index; uint64_t mask; };
  auto start = fi.where.find(a.anchor);
  if (start == fi.where.end()) return out;
  std::deque<State> work{{start->second.first, start->second.second + 1, 0}};
  // After a read, a shuffle loop entered from outside runs its collective
  // at least once: nothing after it is reached unordered, provided the
  // loop itself touches no shared memory of this frame.
  const SourceManager &sm = ctx_.ast().getSourceManager();
  auto within = [&](const Stmt *outer, const Stmt *s) {
    return s && !sm.isBeforeInTranslationUnit(s->getBeginLoc(), outer->getBeginLoc()) &&
           !sm.isBeforeInTranslationUnit(outer->getEndLoc(), s->getBeginLoc());
  };
  auto blocksRead = [&](const CFGBlock *succ) {
    const auto *loop = dyn_cast_or_null<ForStmt>(succ->getTerminatorStmt());
    if (a.writes || !loop || within(loop, a.anchor)) return false;
    // Whether the loop is a shuffle loop free of this frame's accesses
    // depends on the loop only: once per loop, not per access.
    auto [known, inserted] = quietCollectiveLoops_.try_emplace({&f, loop}, false);
    if (inserted) {
      bool quiet = isCollectiveLoop(loop, ctx_.ast(), ctx_.options().warpSize);
      for (const SharedAccess *b : accessesOf(f))
        if (quiet && within(loop, b->anchor)) quiet = false;
      known->second = quiet;
    }
    return known->second;
  };
  while (!work.empty()) {
    State st = work.front();
    work.pop_front();
    const CFGBlock *b = fi.blocks[st.block];
    if (!b) continue;
    bool blocked = false;
    for (unsigned i = st.index; i < b->size(); ++i) {
      auto cs = (*b)[i].getAs<CFGStmt>();
      if (!cs) continue;
      const Stmt *s = cs->getStmt();
      if (isOrdering(s) || (!a.writes && ordersAfterRead(s))) {
        blocked = true;
        break;
      }
      if (auto inc = incs.find(s); inc != incs.end()) st.mask |= uint64_t(1) << inc->second;
      auto range = byAnchor.equal_range(s);
      for (auto it = range.first; it != range.second; ++it)
        if (seen.insert({it->second, st.mask}).second) out.push_back({it->second, st.mask});
    }
    if (blocked) continue;
    for (const CFGBlock *succ : b->succs())
      if (succ && !blocksRead(succ) && visited.insert({succ->getBlockID(), st.mask}).second)
        work.push_back({succ->getBlockID(), 0, st.mask});
  }
  return out;
}

// ---- reach and tables -----------------------------------------------------

LaneFacts SharedAccessModel::reach(const Frame &f, const Stmt *s, const Counters &counters) {
  const Counters *savedCounters = counters_;
  int savedSymbols = symbols_;
  counters_ = &counters;
  symbols_ = -1;
  LaneFacts r = f.lanes->reachOf(s, /*withExits=*/true);
  if (f.parent && f.callSite) {
    LaneFacts p = reach(*f.parent, f.callSite, counters);
    for (unsigned w = 0; w < LaneFacts::kWarps; ++w)
      for (unsigned l = 0; l < 32; ++l) {
        Reach &x = r.reach[w][l];
        Reach y = p.reach[w][l];
        if (y == Reach::No) x = Reach::No;
        else if (y == Reach::Maybe && x == Reach::Yes) x = Reach::Maybe;
      }
  }
  counters_ = savedCounters;
  symbols_ = savedSymbols;
  return r;
}

const SharedAccessModel::Table &SharedAccessModel::table(const SharedAccess &a, const Counters &counters,
                                                         int symbols) {
  std::vector<int64_t> key;
  for (const CountedLoop *cl : a.loops) {
    auto it = counters.find(cl->var);
    key.push_back(it == counters.end() ? INT64_MIN : it->second);
  }
  std::unique_ptr<Table> &slot = tables_[{&a, key, symbols}];
  if (slot) return *slot;
  slot = std::make_unique<Table>();
  Table &t = *slot;
  LaneFacts r = reach(*a.frame, a.anchor, counters);
  const Counters *savedCounters = counters_;
  int savedSymbols = symbols_;
  counters_ = &counters;
  symbols_ = symbols;
  for (unsigned tid = 0; tid < kThreads; ++tid) {
    t.reach[tid] = r.reach[tid / 32][tid % 32];
    t.addr[tid] = a.offset;
  }
  // Each term for every thread at once; an address must be known for
  // every thread that may reach the access.
  for (const SharedAccess::Term &term : a.terms) {
    ThreadValues v = term.frame->lanes->evaluateAll(term.e);
    if (budget_ <= 0) t.known = false;
    for (unsigned tid = 0; tid < kThreads && t.known; ++tid) {
      if (t.reach[tid] == Reach::No) continue;
      const std::optional<int64_t> &x = v.at(tid);
      if (!x) t.known = false;
      else t.addr[tid] += *x * term.scale;
    }
    if (!t.known) break;
  }
  counters_ = savedCounters;
  symbols_ = savedSymbols;
  return t;
}

} // namespace warpcheck
