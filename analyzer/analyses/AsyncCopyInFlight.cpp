// The pass that decides whether an entry's exploration can report (see
// AsyncCopyInFlight.h). Each step mirrors Explorer::process
// (AsyncCopyPaths.cpp) and the transfer of AsyncCopyThreadBatches.cpp, in
// the same order, erring towards "may report".
#include "analyzer/analyses/AsyncCopyInFlight.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <vector>

namespace warpcheck {
namespace asynccopy {
namespace {

// An access Explorer::access ignores: of a local variable itself.
bool isLocalVariable(const Expr *lvalue) {
  if (const auto *dr = dyn_cast<DeclRefExpr>(lvalue->IgnoreParenImpCasts()))
    if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()))
      return v->hasLocalStorage() && !v->getType()->isReferenceType();
  return false;
}

// The number of batches a wait leaves in flight, when it is the same on
// every path: the API's count, or a count expression the explorer's
// evalInt() takes from clang's evaluator (not a variable's value, which
// depends on the path). `all` is set when the explorer retires every
// batch without a count (cp.async.wait_all, a group's wait).
std::optional<int64_t> fixedKeep(const AsyncOp &op, const ASTContext &ast, bool &all) {
  all = false;
  if (op.count) return op.count;
  if (!op.countExpr) {
    all = true;
    return std::nullopt;
  }
  const Expr *e = op.countExpr;
  if (e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
  e = e->IgnoreParens();
  if (!e->getType()->isIntegralOrEnumerationType() || isa<DeclRefExpr>(e)) return std::nullopt;
  Expr::EvalResult r;
  if (e->EvaluateAsInt(r, ast) && r.Val.isInt() && r.Val.getInt().getSignificantBits() <= 64)
    return r.Val.getInt().getExtValue();
  return std::nullopt;
}

// The variable an lvalue names directly: through parentheses, no-op casts,
// fields (`.`) and elements of real arrays; null through a pointer.
const VarDecl *chainRoot(const Expr *e) {
  while (e) {
    e = e->IgnoreParens();
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) return dyn_cast<VarDecl>(dr->getDecl());
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      // A static data member named through an object (`t.I`) is the member.
      if (const auto *v = dyn_cast<VarDecl>(me->getMemberDecl())) return v;
      if (me->isArrow()) return nullptr;
      e = me->getBase();
    } else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
      const auto *decay = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens());
      if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay) return nullptr;
      e = decay->getSubExpr();
    } else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp) {
      e = ic->getSubExpr();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

// Whether an lvalue is (a field or element of) a temporary the expression
// itself materialises (`config(...).nbatch_fa`): no name, so no copy
// issued before can be rooted at it.
bool temporaryRoot(const Expr *e) {
  while (e) {
    e = e->IgnoreParens();
    if (isa<MaterializeTemporaryExpr>(e)) return true;
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow() || !isa<FieldDecl>(me->getMemberDecl())) return false;
      e = me->getBase();
    } else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp) {
      e = ic->getSubExpr();
    } else {
      return false;
    }
  }
  return false;
}

// Whether a value of `t` holds numbers only: the explorer gives a pointer
// (even one inside an array or a struct) a region rooted at the variable
// that holds it (pointeeRegion, unknownRegion).
bool holdsNoPointer(QualType t) {
  t = t.getCanonicalType();
  while (const ArrayType *a = t->getAsArrayTypeUnsafe()) t = a->getElementType().getCanonicalType();
  if (t->isArithmeticType() || t->isEnumeralType()) return true;
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isUnion()) return false;
  for (const CXXBaseSpecifier &b : rd->bases())
    if (!holdsNoPointer(b.getType())) return false;
  for (const FieldDecl *f : rd->fields())
    if (!holdsNoPointer(f->getType())) return false;
  return true;
}

// The variables of a body (locals, by-value parameters) that are only ever
// named to be read, assigned, incremented or copied, through fields and
// elements of real arrays: never their address, a reference bound to them
// (const or not), an array decayed to a pointer, a capture. No region of
// the explorer can then have one of them as its root but the accesses'
// own, so no copy is ever to or from them.
std::set<const VarDecl *> privateLocals(const Stmt *body) {
  struct Uses : RecursiveASTVisitor<Uses> {
    std::set<const DeclRefExpr *> plain;
    std::set<const VarDecl *> named, escaped;
    void use(const Expr *e) {
      while (e) {
        e = e->IgnoreParens();
        if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
          plain.insert(dr);
          return;
        }
        if (const auto *me = dyn_cast<MemberExpr>(e)) {
          if (me->isArrow()) return;
          e = me->getBase();
        } else if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
          const auto *decay = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens());
          if (!decay || decay->getCastKind() != CK_ArrayToPointerDecay) return;
          e = decay->getSubExpr();
        } else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_NoOp) {
          e = ic->getSubExpr();
        } else {
          return;
        }
      }
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *ic) {
      if (ic->getCastKind() == CK_LValueToRValue) use(ic->getSubExpr());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *bo) {
      if (bo->isAssignmentOp()) use(bo->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *uo) {
      if (uo->isIncrementDecrementOp()) use(uo->getSubExpr());
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *ce) {
      if (ce->getNumArgs() == 1 && ce->getConstructor() && ce->getConstructor()->isTrivial() &&
          (ce->getConstructor()->isCopyConstructor() || ce->getConstructor()->isMoveConstructor()))
        use(ce->getArg(0));
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *dr) {
      if (const auto *v = dyn_cast<VarDecl>(dr->getDecl())) named.insert(v);
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *l) {
      for (const LambdaCapture &c : l->captures())
        if (c.capturesVariable())
          if (const auto *v = dyn_cast<VarDecl>(c.getCapturedVar())) escaped.insert(v);
      return true;
    }
  } uses;
  uses.TraverseStmt(const_cast<Stmt *>(body));
  // A name that is not one of the uses above hands the storage out.
  struct Others : RecursiveASTVisitor<Others> {
    const std::set<const DeclRefExpr *> *plain;
    std::set<const VarDecl *> *escaped;
    bool VisitDeclRefExpr(DeclRefExpr *dr) {
      if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && !plain->count(dr)) escaped->insert(v);
      return true;
    }
  } others;
  others.plain = &uses.plain;
  others.escaped = &uses.escaped;
  others.TraverseStmt(const_cast<Stmt *>(body));
  std::set<const VarDecl *> out;
  for (const VarDecl *v : uses.named)
    if (!uses.escaped.count(v)) out.insert(v);
  return out;
}

class Pass {
public:
  Pass(AnalysisContext &ctx, Cache &cache, InFlightMemo &memo) : ctx_(ctx), cache_(cache), memo_(memo) {}

  InFlightSummary summary(const FunctionDecl *fn, InFlight entry) {
    FunctionInfo *info = functionInfo(ctx_, cache_, fn);
    if (!info) return {true, {}}; // callers check inlinable() first
    auto key = std::make_pair(info->fn, entry.bits());
    if (auto it = memo_.summaries.find(key); it != memo_.summaries.end()) {
      ++memo_.reused;
      return it->second;
    }
    if (!memo_.inProgress.insert(info->fn).second) return {true, {}};
    ++memo_.computed;
    InFlightSummary out = walk(*info, entry);
    memo_.inProgress.erase(info->fn);
    return memo_.summaries[key] = out;
  }

private:
  // The side of a two-way branch the explorer takes on every path
  // (Explorer::branch): its condition, chosen as the explorer chooses it,
  // decided by constants alone. A summarised loop is entered either way.
  std::optional<unsigned> decidedSide(FunctionInfo &info, const CFGBlock *b) {
    // With one side unreachable the explorer takes the other, decided or not.
    if (b->succ_size() != 2) return std::nullopt;
    for (const CFGBlock::AdjacentBlock &a : b->succs())
      if (!a.getReachableBlock()) return std::nullopt;
    std::optional<bool> value = constantCond(branchCondition(b));
    if (!value) return std::nullopt;
    const FunctionInfo::Summary &sm = info.summary(b->getBlockID());
    if (sm.ok && sm.loop && *value) return std::nullopt;
    return *value ? 0u : 1u;
  }

  // Explorer::evalCond where it decides without the path: the same cases,
  // each operand a constant for evalInt (clang's evaluator, not a variable).
  std::optional<bool> constantCond(const Expr *e) {
    if (!e || e->isValueDependent()) return std::nullopt;
    e = e->IgnoreParens();
    if (const auto *ew = dyn_cast<ExprWithCleanups>(e)) return constantCond(ew->getSubExpr());
    if (const auto *ce = dyn_cast<CastExpr>(e)) {
      if (ce->getCastKind() == CK_PointerToBoolean) return std::nullopt;
      if (ce->getCastKind() == CK_IntegralToBoolean || ce->getCastKind() == CK_NoOp)
        return constantCond(ce->getSubExpr());
    }
    if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_LNot) {
      std::optional<bool> v = constantCond(uo->getSubExpr());
      return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->isComparisonOp()) {
        if (!bo->getLHS()->getType()->isIntegralOrEnumerationType() ||
            !bo->getRHS()->getType()->isIntegralOrEnumerationType())
          return std::nullopt;
        std::optional<int64_t> l = constantInt(bo->getLHS()), r = constantInt(bo->getRHS());
        if (!l || !r) return std::nullopt;
        int64_t d;
        if (__builtin_sub_overflow(*l, *r, &d)) return std::nullopt;
        switch (bo->getOpcode()) {
        case BO_LT: return d < 0;
        case BO_LE: return d <= 0;
        case BO_GT: return d > 0;
        case BO_GE: return d >= 0;
        case BO_EQ: return d == 0;
        case BO_NE: return d != 0;
        default: return std::nullopt;
        }
      }
      if (bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) {
        bool isAnd = bo->getOpcode() == BO_LAnd;
        std::optional<bool> a = constantCond(bo->getLHS());
        if (!a || *a != isAnd) return a;
        return constantCond(bo->getRHS());
      }
      if (bo->getOpcode() == BO_Comma) return constantCond(bo->getRHS());
    }
    if (!e->getType()->isIntegralOrEnumerationType()) return std::nullopt;
    std::optional<int64_t> v = constantInt(e);
    if (!v) return std::nullopt;
    return *v != 0;
  }

  // evalInt()'s constant: clang's evaluator on anything but a bare
  // variable (whose value the explorer takes from the path).
  std::optional<int64_t> constantInt(const Expr *e) {
    if (!e || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
    e = e->IgnoreParens();
    if (!e->getType()->isIntegralOrEnumerationType() || isa<DeclRefExpr>(e)) return std::nullopt;
    auto [it, fresh] = cache_.constants.try_emplace(e);
    if (fresh) {
      Expr::EvalResult r;
      if (e->EvaluateAsInt(r, ctx_.ast()) && r.Val.isInt() && r.Val.getInt().getSignificantBits() <= 64)
        it->second = r.Val.getInt().getExtValue();
    }
    return it->second;
  }

  AnalysisContext &ctx_;
  Cache &cache_;
  InFlightMemo &memo_;

  // Every block reachable from the entry, each with the join of the facts
  // of the paths that reach it, until nothing changes.
  InFlightSummary walk(FunctionInfo &info, InFlight entry) {
    InFlightSummary out;
    for (const ParmVarDecl *p : info.fn->parameters())
      if (isCudaPipelineType(p->getType())) return {true, {}}; // its end of life is checked
    std::vector<std::optional<InFlight>> in(info.blocks.size());
    unsigned first = info.cfg->getEntry().getBlockID();
    in[first] = entry;
    std::vector<unsigned> work{first};
    while (!work.empty()) {
      unsigned id = work.back();
      work.pop_back();
      const CFGBlock *b = info.blocks[id];
      InFlight st = *in[id];
      for (const CFGElement &el : *b)
        if (!step(info, el, st)) return {true, {}};
      // Where the explorer returns to the caller (Explorer::explore).
      if (b->succ_empty() || b == &info.cfg->getExit()) {
        out.exit = out.exit.join(st);
        continue;
      }
      std::optional<unsigned> only = decidedSide(info, b);
      unsigned i = 0;
      for (const CFGBlock::AdjacentBlock &a : b->succs()) {
        const CFGBlock *to = a.getReachableBlock();
        if (only && i++ != *only) continue;
        if (!to) continue;
        std::optional<InFlight> &slot = in[to->getBlockID()];
        InFlight next = slot ? slot->join(st) : st;
        if (slot && *slot == next) continue;
        slot = next;
        work.push_back(to->getBlockID());
      }
    }
    return out;
  }

  // Whether the explorer would take an access here as a candidate: a copy
  // in flight, and the access not of a variable no copy can be rooted at.
  bool hits(const InFlight &st, const Expr *lvalue, bool write) {
    return st.any && !isLocalVariable(lvalue) && !noCopyAt(lvalue, write);
  }

  // Whether no copy's region can have the root of `lvalue`, a variable
  // named directly (through fields, elements of real arrays): a local or a
  // by-value parameter whose storage no other name reaches (see
  // PrivateLocals), or, for a read, a constexpr scalar (a copy cannot
  // write a const object). ggml's kernels read such values (a fastdiv
  // parameter's fields, per-thread arrays, a tile's static sizes) while the
  // mask's copies are in flight.
  bool noCopyAt(const Expr *lvalue, bool write) {
    if (temporaryRoot(lvalue)) return true;
    const VarDecl *v = chainRoot(lvalue);
    if (!v || v->hasAttr<CUDASharedAttr>()) return false;
    if (!write && v->isConstexpr() && (v->getType()->isArithmeticType() || v->getType()->isEnumeralType())) return true;
    if (!v->hasLocalStorage() || v->getType()->isReferenceType() || !holdsNoPointer(v->getType())) return false;
    const auto *owner = dyn_cast<FunctionDecl>(v->getDeclContext());
    if (!owner || !owner->getBody()) return false;
    auto [it, fresh] = memo_.privateLocals.try_emplace(owner);
    if (fresh) it->second = privateLocals(owner->getBody());
    return it->second.count(v) != 0;
  }

  // One CFG element, as Explorer::process takes it; false when a finding
  // site may be reached.
  bool step(FunctionInfo &info, const CFGElement &el, InFlight &st) {
    if (auto dtor = el.getAs<CFGAutomaticObjDtor>()) return !isCudaPipelineType(dtor->getVarDecl()->getType());
    auto cs = el.getAs<CFGStmt>();
    if (!cs) return true;
    const Stmt *s = cs->getStmt();
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d); v && isCudaPipelineType(v->getType())) return false;
      return true;
    }
    if (const VarDecl *v = assignedVar(s); v && info.tracked.count(v)) return true;
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp()) return !hits(st, bo->getLHS(), true);
    if (const auto *uo = dyn_cast<UnaryOperator>(s); uo && uo->isIncrementDecrementOp())
      return !hits(st, uo->getSubExpr(), true);
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(s); ic && ic->getCastKind() == CK_LValueToRValue)
      return !hits(st, ic->getSubExpr(), false);
    if (const auto *ce = dyn_cast<CXXConstructExpr>(s)) {
      bool copies = ce->getNumArgs() == 1 && ce->getConstructor() &&
                    (ce->getConstructor()->isCopyConstructor() || ce->getConstructor()->isMoveConstructor());
      return !(copies && hits(st, ce->getArg(0), false));
    }
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s); oc && oc->isAssignmentOp() && oc->getNumArgs() == 2)
      return !hits(st, oc->getArg(0), true) &&
             !(oc->getOperator() == OO_Equal && oc->getArg(1)->isGLValue() && hits(st, oc->getArg(1), false));

    if (!isa<CallExpr>(s) && !isa<GCCAsmStmt>(s)) return true;
    llvm::SmallVector<AsyncOp, 1> ops = asyncOpsOf(s, ctx_.ast());
    if (!ops.empty()) {
      for (const AsyncOp &op : ops)
        if (!apply(op, st)) return false;
      return true;
    }
    if (const auto *as = dyn_cast<GCCAsmStmt>(s)) {
      std::string text = as->getAsmString();
      bool shared = false;
      for (const char *access : {"ldmatrix", "ld.shared", "st.shared", "stmatrix"})
        shared = shared || text.find(access) != std::string::npos;
      return !(shared && st.any);
    }
    const auto *call = cast<CallExpr>(s);
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd) return true;
    if (fd->getIdentifier() && st.any && (fd->getName() == "load_matrix_sync" || fd->getName() == "store_matrix_sync"))
      return false;
    bool inlinable = mayInline(call, fd);
    if (!cache_.relevance->isRelevant(call)) {
      // Followed by the explorer only when it is handed a buffer a copy is
      // still filling (Explorer::passesInFlight): never a method or an operator.
      if (!st.any || !inlinable || isa<CXXOperatorCallExpr>(call)) return true;
      InFlightSummary sm = summary(fd, st);
      if (sm.mayReport) return false;
      st = st.join(sm.exit); // or not followed: unchanged
      return true;
    }
    if (!inlinable) {
      st = InFlight{}; // a helper not followed: the explorer forgets the copies
      return true;
    }
    // Followed, or (past the explorer's depth, on recursion) forgotten:
    // nothing in flight, which the summary's exit covers.
    InFlightSummary sm = summary(fd, st);
    if (sm.mayReport) return false;
    st = sm.exit;
    return true;
  }

  // Whether Explorer::pushFrame may follow the call (it also stops at its
  // depth and on recursion, where the explorer forgets the copies instead).
  bool mayInline(const CallExpr *call, const FunctionDecl *fd) {
    if (isa<CXXMemberCallExpr>(call)) return false;
    const FunctionDecl *def = fd->getDefinition();
    if (!def || ctx_.ast().getSourceManager().isInSystemHeader(def->getLocation())) return false;
    return functionInfo(ctx_, cache_, fd) != nullptr;
  }

  // The thread's batches (AsyncCopyThreadBatches.cpp); any other family of
  // operations may report.
  bool apply(const AsyncOp &op, InFlight &st) {
    switch (op.kind) {
    case AsyncOpKind::None: return true;
    case AsyncOpKind::CopyToOpenBatch:
      st.any = st.open = true;
      return true;
    case AsyncOpKind::CopyOwnBatch: // copied, then committed
      st.any = true;
      st.open = false;
      return true;
    case AsyncOpKind::Commit:
      st.open = false;
      return true;
    case AsyncOpKind::WaitPrior:
    case AsyncOpKind::CommitAndWaitAll: {
      if (op.kind == AsyncOpKind::CommitAndWaitAll) st.open = false;
      bool all = false;
      std::optional<int64_t> keep = fixedKeep(op, ctx_.ast(), all);
      // A wait for everything with copies still uncommitted is reported.
      if (st.open && !all && (!keep || *keep == 0)) return false;
      // Retired: every committed batch when nothing is kept; what is left
      // in flight is then the open batch.
      if (all || (keep && *keep <= 0)) st.any = st.open;
      return true;
    }
    default: return false;
    }
  }
};

} // namespace

InFlightMemo &inFlightMemo(AnalysisContext &ctx) { return ctx.shared<InFlightMemo>("async-copy-in-flight"); }

InFlightSummary inFlightSummary(AnalysisContext &ctx, Cache &cache, const FunctionDecl *fn, InFlight entry) {
  return Pass(ctx, cache, inFlightMemo(ctx)).summary(fn, entry);
}

bool mayReportInFlight(AnalysisContext &ctx, Cache &cache, const FunctionDecl *entry) {
  // No CFG: the explorer returns nothing (Explorer::run).
  if (!functionInfo(ctx, cache, entry)) return false;
  return inFlightSummary(ctx, cache, entry, InFlight{}).mayReport;
}

} // namespace asynccopy
} // namespace warpcheck
