#include "analyzer/analyses/MemoryOps.h"
#include "analyzer/cuda/BarrierApi.h"
#include "analyzer/cuda/CooperativeGroups.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/cuda/Fences.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SyncScope.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include <regex>

namespace warpcheck {

using namespace clang;

bool ordersEarlierWrites(MemOrder o) {
  return o == MemOrder::Release || o == MemOrder::AcqRel || o == MemOrder::SeqCst;
}
bool ordersLaterReads(MemOrder o) { return o != MemOrder::Relaxed && o != MemOrder::Release; }

namespace {

std::optional<int64_t> constInt(const Expr *e, ASTContext &ast) {
  if (!e) return std::nullopt;
  if (const auto *d = dyn_cast<CXXDefaultArgExpr>(e->IgnoreParenImpCasts())) e = d->getExpr();
  if (e->isValueDependent()) return std::nullopt;
  Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ast)) return std::nullopt;
  return r.Val.getInt().getExtValue();
}

// An order argument; an order that is not a constant is taken as seq_cst,
// which reports nothing.
MemOrder orderOf(const Expr *e, ASTContext &ast, MemOrder dflt = MemOrder::SeqCst) {
  if (!e) return dflt;
  std::optional<int64_t> v = constInt(e, ast);
  if (!v || *v < 0 || *v > 5) return MemOrder::SeqCst;
  return static_cast<MemOrder>(*v);
}

// cuda::thread_scope: system 0, device 1, block 2, thread 10.
MemScope cudaScope(int64_t v) {
  switch (v) {
  case 0: return MemScope::System;
  case 2: return MemScope::Block;
  case 10: return MemScope::Thread;
  default: return MemScope::Device;
  }
}

MemScope syncScope(SyncScope s) {
  switch (s) {
  case SyncScope::SystemScope:
  case SyncScope::HIPSystem:
  case SyncScope::OpenCLAllSVMDevices:
    return MemScope::System;
  case SyncScope::ClusterScope:
  case SyncScope::HIPCluster:
    return MemScope::Cluster;
  case SyncScope::WorkgroupScope:
  case SyncScope::HIPWorkgroup:
  case SyncScope::OpenCLWorkGroup:
    return MemScope::Block;
  case SyncScope::WavefrontScope:
  case SyncScope::SingleScope:
  case SyncScope::HIPSingleThread:
  case SyncScope::HIPWavefront:
  case SyncScope::OpenCLSubGroup:
    return MemScope::Thread;
  default:
    return MemScope::Device;
  }
}

bool inNamespace(const Decl *d, llvm::StringRef ns) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *n = dyn_cast<NamespaceDecl>(dc); n && n->getName() == ns) return true;
  return false;
}

// The class template specialization `type` is, or derives from, named `name`
// in namespace cuda (any nesting: cuda::std::__4::atomic_ref).
const ClassTemplateSpecializationDecl *cudaClass(QualType type, llvm::ArrayRef<llvm::StringRef> names) {
  const CXXRecordDecl *rd = type.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd) return nullptr;
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
  if (!spec) return nullptr;
  for (llvm::StringRef n : names)
    if (spec->getName() == n && (inNamespace(spec, "cuda") || inNamespace(spec, "std"))) return spec;
  return nullptr;
}

// The scope template argument of cuda::atomic<T, S>, cuda::atomic_ref<T, S>,
// cuda::barrier<S>; cuda::std:: types are system-scoped.
MemScope classScope(const ClassTemplateSpecializationDecl *spec, unsigned index) {
  const TemplateArgumentList &args = spec->getTemplateArgs();
  if (index < args.size() && args[index].getKind() == TemplateArgument::Integral)
    return cudaScope(args[index].getAsIntegral().getExtValue());
  return MemScope::System;
}

const Expr *arg(const CallExpr *call, unsigned i) { return i < call->getNumArgs() ? call->getArg(i) : nullptr; }

std::optional<FenceOp> asmFence(const GCCAsmStmt *as) {
  static const std::regex fence(R"(\b(membar\.(cta|gl|sys)|fence(\.(sc|acq_rel|acquire|release))?\.(cta|cluster|gpu|sys))\b)");
  static const std::regex ordered(R"(\b(ld|st|atom|red)(\.\w+)*\.(acquire|release|acq_rel)\b)");
  std::string text = as->getAsmString();
  std::smatch m;
  auto scopeOf = [](const std::string &s) {
    if (s.find("cta") != std::string::npos) return MemScope::Block;
    if (s.find("cluster") != std::string::npos) return MemScope::Cluster;
    if (s.find("sys") != std::string::npos) return MemScope::System;
    return MemScope::Device;
  };
  auto orderOfText = [](const std::string &s) {
    if (s.find("acq_rel") != std::string::npos) return MemOrder::AcqRel;
    if (s.find("acquire") != std::string::npos) return MemOrder::Acquire;
    if (s.find("release") != std::string::npos) return MemOrder::Release;
    if (s.find("fence.") != std::string::npos && s.find(".sc") == std::string::npos) return MemOrder::AcqRel;
    return MemOrder::SeqCst;
  };
  if (std::regex_search(text, m, fence)) return FenceOp{orderOfText(m.str()), scopeOf(m.str())};
  // An acquire load or release store in assembly orders like a fence on
  // its side: treated as one, so that such code is not reported.
  if (std::regex_search(text, m, ordered)) return FenceOp{orderOfText(m.str()), scopeOf(text)};
  return std::nullopt;
}

std::optional<RmwOp> legacyRmw(llvm::StringRef op) {
  return llvm::StringSwitch<std::optional<RmwOp>>(op)
      .Case("Add", RmwOp::Add)
      .Case("Sub", RmwOp::Sub)
      .Case("Inc", RmwOp::Inc)
      .Case("Dec", RmwOp::Dec)
      .Case("And", RmwOp::And)
      .Case("Or", RmwOp::Or)
      .Case("Xor", RmwOp::Xor)
      .Case("Exch", RmwOp::Exch)
      .Case("CAS", RmwOp::CAS)
      .Case("Min", RmwOp::Min)
      .Case("Max", RmwOp::Max)
      .Default(std::nullopt);
}

RmwOp rmwFromText(llvm::StringRef s) {
  if (s.contains("compare")) return RmwOp::CAS;
  if (s.contains("exchange") || s.contains("test_and_set")) return RmwOp::Exch;
  if (s.contains("add")) return RmwOp::Add;
  if (s.contains("sub")) return RmwOp::Sub;
  if (s.contains("xor")) return RmwOp::Xor;
  if (s.contains("and")) return RmwOp::And;
  if (s.contains("or")) return RmwOp::Or;
  if (s.contains("min")) return RmwOp::Min;
  if (s.contains("max")) return RmwOp::Max;
  if (s.contains("inc")) return RmwOp::Inc;
  if (s.contains("dec")) return RmwOp::Dec;
  return RmwOp::Other;
}

// atomicAdd, atomicCAS_system, atomicInc_block, HIP's (un)safeAtomicAdd...
std::optional<AtomicOp> legacyAtomic(const CallExpr *call, llvm::StringRef name) {
  llvm::StringRef rest = name;
  if (!rest.consume_front("atomic") && !rest.consume_front("unsafeAtomic") && !rest.consume_front("safeAtomic"))
    return std::nullopt;
  MemScope scope = MemScope::Device;
  if (rest.consume_back("_block")) scope = MemScope::Block;
  else if (rest.consume_back("_system")) scope = MemScope::System;
  std::optional<RmwOp> op = legacyRmw(rest);
  if (!op || call->getNumArgs() < 2) return std::nullopt;
  AtomicOp a;
  a.op = *op;
  a.scope = scope;
  a.target = call->getArg(0);
  a.targetIsPointer = true;
  if (*op == RmwOp::CAS && call->getNumArgs() >= 3) {
    a.expected = call->getArg(1);
    a.operand = call->getArg(2);
  } else {
    a.operand = call->getArg(1);
  }
  a.name = name.str();
  return a;
}

std::optional<AtomicOp> builtinAtomic(const AtomicExpr *ae, ASTContext &ast) {
  AtomicOp a;
  llvm::StringRef op = ae->getOpAsString();
  a.name = op.str();
  if (op.contains("load")) a.kind = AtomicKind::Load;
  else if (op.contains("store") || op.contains("clear")) a.kind = AtomicKind::Store;
  else a.op = rmwFromText(op.drop_front(op.find("atomic") + 6));
  a.order = orderOf(ae->getOrder(), ast);
  a.scope = MemScope::System;
  if (std::unique_ptr<AtomicScopeModel> model = ae->getScopeModel()) {
    if (std::optional<int64_t> s = constInt(ae->getScope(), ast)) a.scope = syncScope(model->map(*s));
    else a.scope = MemScope::Device;
  }
  a.target = ae->getPtr();
  a.targetIsPointer = true;
  if (ae->hasVal1Operand() && !ae->isCmpXChg()) a.operand = ae->getVal1();
  return a;
}

// Members and operators of cuda::atomic, cuda::atomic_ref and their
// cuda::std:: twins. Orders default to seq_cst, as in the library.
std::optional<AtomicOp> memberAtomic(const Expr *object, const FunctionDecl *method, const CallExpr *call,
                                     unsigned firstArg, ASTContext &ast) {
  if (!object || !method) return std::nullopt;
  object = object->IgnoreParenImpCasts(); // the member may be a base class's
  const ClassTemplateSpecializationDecl *spec = cudaClass(object->getType(), {"atomic", "atomic_ref"});
  if (!spec) return std::nullopt;
  AtomicOp a;
  a.scope = classScope(spec, 1);
  a.target = object;
  auto argAt = [&](unsigned i) { return arg(call, firstArg + i); };
  std::string name;
  if (const auto *conv = dyn_cast<CXXConversionDecl>(method)) {
    (void)conv;
    a.kind = AtomicKind::Load;
    a.order = MemOrder::SeqCst;
    a.name = "load";
    return a;
  }
  if (method->getDeclName().isIdentifier()) name = method->getName().str();
  else if (method->isOverloadedOperator()) name = getOperatorSpelling(method->getOverloadedOperator());
  a.name = name;
  llvm::StringRef n = name;
  if (n == "load") {
    a.kind = AtomicKind::Load;
    a.order = orderOf(argAt(0), ast);
  } else if (n == "store") {
    a.kind = AtomicKind::Store;
    a.operand = argAt(0);
    a.order = orderOf(argAt(1), ast);
  } else if (n == "=") {
    a.kind = AtomicKind::Store;
    a.operand = argAt(0);
  } else if (n == "exchange") {
    a.op = RmwOp::Exch;
    a.operand = argAt(0);
    a.order = orderOf(argAt(1), ast);
  } else if (n.starts_with("compare_exchange")) {
    a.op = RmwOp::CAS;
    a.expected = argAt(0);
    a.operand = argAt(1);
    a.order = orderOf(argAt(2), ast);
  } else if (n.starts_with("fetch_")) {
    a.op = rmwFromText(n.drop_front(6));
    a.operand = argAt(0);
    a.order = orderOf(argAt(1), ast);
  } else if (n == "++" || n == "--" || n == "+=" || n == "-=" || n == "&=" || n == "|=" || n == "^=") {
    a.op = rmwFromText(llvm::StringSwitch<llvm::StringRef>(n)
                           .Cases({"++", "+="}, "add")
                           .Cases({"--", "-="}, "sub")
                           .Case("&=", "and")
                           .Case("|=", "or")
                           .Default("xor"));
    a.operand = argAt(0);
  } else {
    return std::nullopt; // wait, notify_*, is_lock_free...
  }
  return a;
}

} // namespace

std::optional<FenceOp> fenceOf(const Stmt *s, ASTContext &ast) {
  if (const auto *as = dyn_cast<GCCAsmStmt>(s)) return asmFence(as);
  const auto *call = dyn_cast<CallExpr>(s);
  if (!call) return std::nullopt;
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) return std::nullopt;
  // Member functions of synchronisation objects that imply a fence.
  if (const auto *m = dyn_cast<CXXMethodDecl>(fd)) {
    const CXXRecordDecl *cls = m->getParent();
    llvm::StringRef mn = m->getDeclName().isIdentifier() ? m->getName() : "";
    if (cls && (cls->getName() == "grid_group" || cls->getName() == "multi_grid_group") &&
        inCgNamespace(cls, CgDetails::Included) && (mn == "sync" || mn == "barrier_wait"))
      return FenceOp{MemOrder::SeqCst, MemScope::Device};
    const Expr *object = nullptr;
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) object = mc->getImplicitObjectArgument();
    // The barrier operations taken as fences: arrive, arrive_and_wait,
    // arrive_and_drop and wait(token); the try_waits may return before the
    // phase completes, and the parity waits are not modelled (yet).
    BarrierMember member = barrierMemberOf(mn);
    bool orders = member.kind == BarrierMember::Arrive || member.kind == BarrierMember::ArriveAndWait ||
                  member.kind == BarrierMember::ArriveAndDrop ||
                  (member.kind == BarrierMember::Wait && !member.parity && !member.tries);
    if (object && orders)
      if (const auto *spec = cudaClass(object->IgnoreParenImpCasts()->getType(), {"barrier"}))
        return FenceOp{MemOrder::SeqCst, classScope(spec, 0)};
    return std::nullopt;
  }
  llvm::StringRef name = calleeName(call);
  switch (threadfenceScope(name)) {
  case ThreadfenceScope::Block:
    return FenceOp{MemOrder::SeqCst, MemScope::Block};
  case ThreadfenceScope::Device:
    return FenceOp{MemOrder::SeqCst, MemScope::Device};
  case ThreadfenceScope::System:
    return FenceOp{MemOrder::SeqCst, MemScope::System};
  case ThreadfenceScope::None:
    break;
  }
  if (name.starts_with("__nvvm_fence")) {
    MemScope scope = name.contains("cta") ? MemScope::Block
                     : name.contains("cluster") ? MemScope::Cluster
                     : name.contains("sys") ? MemScope::System
                                            : MemScope::Device;
    return FenceOp{name.contains("acq_rel") ? MemOrder::AcqRel : MemOrder::SeqCst, scope};
  }
  // Grid synchronisation as a free function: cg::sync(grid).
  if (name == "sync" && inCgNamespace(fd, CgDetails::Included) && call->getNumArgs() == 1) {
    QualType t = call->getArg(0)->getType().getNonReferenceType();
    if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
        rd && (rd->getName() == "grid_group" || rd->getName() == "multi_grid_group"))
      return FenceOp{MemOrder::SeqCst, MemScope::Device};
    return std::nullopt;
  }
  std::optional<FenceOp> f;
  if (name == "atomic_thread_fence" && (inNamespace(fd, "cuda") || inNamespace(fd, "std"))) {
    f = FenceOp{orderOf(arg(call, 0), ast), MemScope::System};
    if (const Expr *scope = arg(call, 1))
      if (std::optional<int64_t> v = constInt(scope, ast)) f->scope = cudaScope(*v);
  } else if (name == "__atomic_thread_fence" || name == "__c11_atomic_thread_fence") {
    f = FenceOp{orderOf(arg(call, 0), ast), MemScope::System};
  } else if (name == "__scoped_atomic_thread_fence") {
    f = FenceOp{orderOf(arg(call, 0), ast), MemScope::Device};
    if (std::optional<int64_t> v = constInt(arg(call, 1), ast))
      f->scope = syncScope(AtomicScopeModel::create(AtomicScopeModelKind::Generic)->map(*v));
  } else if (name == "__builtin_amdgcn_fence") {
    f = FenceOp{orderOf(arg(call, 0), ast), MemScope::System};
    if (const auto *lit = dyn_cast_or_null<StringLiteral>(arg(call, 1) ? arg(call, 1)->IgnoreParenImpCasts() : nullptr))
      f->scope = llvm::StringSwitch<MemScope>(lit->getString())
                     .Case("agent", MemScope::Device)
                     .Case("workgroup", MemScope::Block)
                     .Cases({"wavefront", "singlethread"}, MemScope::Thread)
                     .Default(MemScope::System);
  }
  if (f && f->order == MemOrder::Relaxed) return std::nullopt; // a relaxed fence is no fence
  return f;
}

std::optional<AtomicOp> atomicOf(const Stmt *s, ASTContext &ast) {
  if (const auto *ae = dyn_cast<AtomicExpr>(s)) return builtinAtomic(ae, ast);
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s))
    return memberAtomic(mc->getImplicitObjectArgument(), mc->getMethodDecl(), mc, 0, ast);
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(s)) {
    if (oc->getNumArgs() == 0) return std::nullopt;
    return memberAtomic(oc->getArg(0), oc->getDirectCallee(), oc, 1, ast);
  }
  const auto *call = dyn_cast<CallExpr>(s);
  if (!call || !call->getDirectCallee() || isa<CXXMethodDecl>(call->getDirectCallee())) return std::nullopt;
  return legacyAtomic(call, calleeName(call));
}

// ---- where memory lives ---------------------------------------------------

namespace {

bool isLocalVar(const VarDecl *v) { return v->hasLocalStorage() && !isa<ParmVarDecl>(v); }

const DeclRefExpr *refTo(const Expr *e) { return dyn_cast_or_null<DeclRefExpr>(e ? e->IgnoreParenImpCasts() : nullptr); }

// Local pointers whose value is their initialiser, possibly advanced
// (`p += stride`, `++p`, `p = p + n`): they name the same memory.
class PointerDefs : public RecursiveASTVisitor<PointerDefs> {
public:
  llvm::DenseMap<const VarDecl *, const Expr *> defs;
  llvm::SmallPtrSet<const VarDecl *, 8> spoiled;

  bool VisitVarDecl(VarDecl *v) {
    if (isLocalVar(v) && v->getType()->isPointerType() && v->getInit()) defs[v] = v->getInit();
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *bo) {
    if (!bo->isAssignmentOp()) return true;
    const DeclRefExpr *lhs = refTo(bo->getLHS());
    const auto *v = lhs ? dyn_cast<VarDecl>(lhs->getDecl()) : nullptr;
    if (!v) return true;
    if (bo->getOpcode() == BO_AddAssign || bo->getOpcode() == BO_SubAssign) return true;
    if (bo->getOpcode() == BO_Assign)
      if (const auto *rhs = dyn_cast<BinaryOperator>(bo->getRHS()->IgnoreParenImpCasts());
          rhs && rhs->isAdditiveOp() &&
          ((refTo(rhs->getLHS()) && refTo(rhs->getLHS())->getDecl() == v) ||
           (refTo(rhs->getRHS()) && refTo(rhs->getRHS())->getDecl() == v)))
        return true;
    spoiled.insert(v);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *uo) {
    if (uo->getOpcode() == UO_AddrOf)
      if (const DeclRefExpr *d = refTo(uo->getSubExpr()))
        if (const auto *v = dyn_cast<VarDecl>(d->getDecl())) spoiled.insert(v);
    return true;
  }
};

MemRoot unknown() { return MemRoot{MemSpace::Global, "", ""}; }

std::string qualified(const NamedDecl *d) { return d->getQualifiedNameAsString(); }

} // namespace

MemRoots::MemRoots(const FunctionDecl *fn, const ClassSet *privateClasses) : privateClasses_(privateClasses) {
  if (!fn || !fn->getBody()) return;
  PointerDefs scan;
  scan.TraverseStmt(fn->getBody());
  for (auto &[v, init] : scan.defs)
    if (!scan.spoiled.count(v)) definedOnce_[v] = init;
}

MemRoot MemRoots::lvalue(const Expr *lv, int depth) const {
  if (!lv || depth > 8) return unknown();
  const Expr *e = lv->IgnoreParenCasts();
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return unknown();
    std::string name = v->getName().str();
    if (v->hasAttr<CUDASharedAttr>()) return MemRoot{MemSpace::Shared, "s:" + qualified(v), name};
    if (isa<ParmVarDecl>(v)) {
      // A reference to an object of a thread-private class is the caller's
      // own local object (threadPrivateClasses).
      const CXXRecordDecl *c = v->getType()->isReferenceType() ? v->getType()->getPointeeCXXRecordDecl() : nullptr;
      bool privateObject = c && privateClasses_ && privateClasses_->count(c->getCanonicalDecl());
      return v->getType()->isReferenceType() && !privateObject ? MemRoot{MemSpace::Global, "p:" + name, name}
                                                                : MemRoot{MemSpace::Local, "", name};
    }
    if (isLocalVar(v)) {
      if (v->getType()->isReferenceType() && v->getInit()) return lvalue(v->getInit(), depth + 1);
      return MemRoot{MemSpace::Local, "", name};
    }
    return MemRoot{MemSpace::Global, "g:" + qualified(v), name}; // __device__, __managed__, static
  }
  if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr *base = ase->getBase()->IgnoreParens();
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(base); ice && ice->getCastKind() == CK_ArrayToPointerDecay)
      return lvalue(ice->getSubExpr(), depth + 1);
    return pointer(ase->getBase(), depth + 1);
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e); uo && uo->getOpcode() == UO_Deref)
    return pointer(uo->getSubExpr(), depth + 1);
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    if (const auto *self = dyn_cast<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts());
        self && privateClasses_ && self->getType()->getPointeeCXXRecordDecl() &&
        privateClasses_->count(self->getType()->getPointeeCXXRecordDecl()->getCanonicalDecl()))
      return MemRoot{MemSpace::Local, "", me->getMemberDecl()->getName().str()};
    MemRoot base = me->isArrow() ? pointer(me->getBase(), depth + 1) : lvalue(me->getBase(), depth + 1);
    if (base.space == MemSpace::Local) return base;
    const ValueDecl *field = me->getMemberDecl();
    return MemRoot{base.space, base.space == MemSpace::Shared ? base.key : "f:" + qualified(field),
                   field->getName().str()};
  }
  return unknown();
}

MemRoot MemRoots::pointer(const Expr *p, int depth) const {
  if (!p || depth > 8) return unknown();
  const Expr *e = p->IgnoreParens();
  while (const auto *ce = dyn_cast<CastExpr>(e)) {
    if (ce->getCastKind() == CK_ArrayToPointerDecay) return lvalue(ce->getSubExpr(), depth + 1);
    e = ce->getSubExpr()->IgnoreParens();
  }
  if (const auto *uo = dyn_cast<UnaryOperator>(e)) {
    if (uo->getOpcode() == UO_AddrOf) return lvalue(uo->getSubExpr(), depth + 1);
    if (uo->isIncrementDecrementOp()) return pointer(uo->getSubExpr(), depth + 1);
    return unknown();
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isAdditiveOp() || bo->isCompoundAssignmentOp())
      return pointer(bo->getLHS()->getType()->isPointerType() ? bo->getLHS() : bo->getRHS(), depth + 1);
    if (bo->getOpcode() == BO_Comma) return pointer(bo->getRHS(), depth + 1);
    return unknown();
  }
  if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
    MemRoot a = pointer(co->getTrueExpr(), depth + 1), b = pointer(co->getFalseExpr(), depth + 1);
    if (a.space == b.space && a.key == b.key) return a;
    return MemRoot{a.space == MemSpace::Shared && b.space == MemSpace::Shared ? MemSpace::Shared : MemSpace::Global,
                   "", ""};
  }
  // The pointer value held by a variable or field.
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return unknown();
    std::string name = v->getName().str();
    if (isa<ParmVarDecl>(v)) {
      // A pointer to an object of a thread-private class points to the
      // caller's own local object (threadPrivateClasses).
      const CXXRecordDecl *c = v->getType()->getPointeeCXXRecordDecl();
      if (c && privateClasses_ && privateClasses_->count(c->getCanonicalDecl())) return MemRoot{MemSpace::Local, "", name};
      return MemRoot{MemSpace::Global, "p:" + name, name};
    }
    if (isLocalVar(v)) {
      if (v->getType()->isReferenceType() && v->getInit()) return pointer(v->getInit(), depth + 1);
      auto it = definedOnce_.find(v);
      if (it != definedOnce_.end()) {
        MemRoot r = pointer(it->second, depth + 1);
        if (r.name.empty()) r.name = name;
        return r;
      }
      return MemRoot{MemSpace::Global, "l:" + std::to_string(reinterpret_cast<uintptr_t>(v)), name};
    }
    if (v->hasAttr<CUDASharedAttr>()) return MemRoot{MemSpace::Global, "", name}; // a pointer stored in shared memory
    return MemRoot{MemSpace::Global, "g:" + qualified(v), name};
  }
  if (const auto *me = dyn_cast<MemberExpr>(e))
    return MemRoot{MemSpace::Global, "f:" + qualified(me->getMemberDecl()), me->getMemberDecl()->getName().str()};
  return unknown();
}

MemRoot MemRoots::ofAtomic(const AtomicOp &op) const {
  if (op.targetIsPointer) return pointer(op.target, 0);
  const Expr *object = op.target->IgnoreParenImpCasts();
  // An atomic_ref names the object it was constructed from.
  if (cudaClass(object->getType(), {"atomic_ref"})) {
    const Expr *init = nullptr;
    if (const auto *dre = dyn_cast<DeclRefExpr>(object)) {
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()); v && isLocalVar(v)) init = v->getInit();
    } else {
      init = object;
    }
    while (init) {
      init = init->IgnoreParenImpCasts();
      if (const auto *ewc = dyn_cast<ExprWithCleanups>(init)) init = ewc->getSubExpr();
      else if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(init)) init = mt->getSubExpr();
      else if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(init)) init = bt->getSubExpr();
      else if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(init)) init = fc->getSubExpr();
      else break;
    }
    if (const auto *ctor = dyn_cast_or_null<CXXConstructExpr>(init); ctor && ctor->getNumArgs() >= 1 &&
                                                                     !ctor->getConstructor()->isCopyOrMoveConstructor())
      return lvalue(ctor->getArg(0), 0);
    return unknown();
  }
  return lvalue(object, 0);
}

} // namespace warpcheck

namespace warpcheck {

using namespace clang;

namespace {

// How the functions use objects of each class (see threadPrivateClasses).
class ObjectUses : public RecursiveASTVisitor<ObjectUses> {
public:
  ClassSet local, shared;

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *m = call->getMethodDecl();
    const Expr *obj = call->getImplicitObjectArgument();
    if (!m || !obj) return true;
    const CXXRecordDecl *c = m->getParent()->getCanonicalDecl();
    obj = obj->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(obj)) return true;
    if (const auto *dre = dyn_cast<DeclRefExpr>(obj))
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()); v && isPrivateObject(v)) {
        local.insert(c);
        return true;
      }
    shared.insert(c);
    return true;
  }
  // An object passed to a free function by reference or by pointer
  // (`loadFlags(flags, p)` with `void loadFlags(Flags &f, ...)`,
  // `loadFlags(&flags, p)` with `Flags *f`): a local one, or the caller's
  // own parameter passed on, is a local use; anything else (shared or
  // global memory, an element of an array, a pointer from elsewhere) is not.
  bool VisitCallExpr(CallExpr *call) {
    if (isa<CXXMemberCallExpr, CXXOperatorCallExpr>(call)) return true;
    const FunctionDecl *fn = call->getDirectCallee();
    if (!fn) return true;
    for (unsigned i = 0; i < call->getNumArgs() && i < fn->getNumParams(); ++i) {
      QualType t = fn->getParamDecl(i)->getType();
      if (!t->isReferenceType() && !t->isPointerType()) continue;
      const CXXRecordDecl *c = t->getPointeeType()->getAsCXXRecordDecl();
      if (!c) continue;
      const Expr *arg = call->getArg(i)->IgnoreParenImpCasts();
      bool addressOf = false;
      if (const auto *uo = dyn_cast<UnaryOperator>(arg); uo && uo->getOpcode() == UO_AddrOf) {
        arg = uo->getSubExpr()->IgnoreParenImpCasts();
        addressOf = true;
      }
      const auto *dre = dyn_cast<DeclRefExpr>(arg);
      const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      bool own = v && isPrivateObject(v) && (t->isReferenceType() || addressOf);
      bool forwarded = v && !addressOf && isa<ParmVarDecl>(v) &&
                       (v->getType()->isReferenceType() || v->getType()->isPointerType()) &&
                       v->getType()->getPointeeCXXRecordDecl() &&
                       v->getType()->getPointeeCXXRecordDecl()->getCanonicalDecl() == c->getCanonicalDecl();
      (own || forwarded ? local : shared).insert(c->getCanonicalDecl());
    }
    return true;
  }
  // A kernel's pointer to a class points to memory the host gave it.
  bool VisitFunctionDecl(FunctionDecl *fn) {
    if (fn->hasAttr<CUDAGlobalAttr>())
      for (const ParmVarDecl *p : fn->parameters())
        if (const CXXRecordDecl *c = p->getType()->getPointeeCXXRecordDecl()) shared.insert(c->getCanonicalDecl());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *ce) {
    if (const CXXRecordDecl *c = ce->getConstructor()->getParent()) constructs_.push_back({c->getCanonicalDecl(), ce});
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (const Expr *init = v->getInit()) {
      const Expr *e = init;
      if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) e = ewc->getSubExpr();
      if (isPrivateObject(v)) privateInits_.insert(e->IgnoreParenImpCasts());
    }
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *ne) {
    if (const CXXRecordDecl *c = ne->getAllocatedType()->getAsCXXRecordDecl()) shared.insert(c->getCanonicalDecl());
    return true;
  }

  // Constructors that build something other than a local variable (a
  // temporary, a copy into a parameter) are not counted either way, but one
  // that builds a local object counts as a local use.
  void settle() {
    for (auto &[c, ce] : constructs_)
      if (privateInits_.count(ce)) local.insert(c);
  }

private:
  static bool isPrivateObject(const VarDecl *v) {
    return v->hasLocalStorage() && !v->hasAttr<CUDASharedAttr>() && !v->getType()->isReferenceType() &&
           !v->getType()->isPointerType();
  }
  std::vector<std::pair<const CXXRecordDecl *, const CXXConstructExpr *>> constructs_;
  llvm::SmallPtrSet<const Expr *, 16> privateInits_;
};

} // namespace

ClassSet threadPrivateClasses(const std::vector<const FunctionDecl *> &fns) {
  ObjectUses uses;
  for (const FunctionDecl *fn : fns)
    if (fn->getBody()) uses.TraverseStmt(fn->getBody());
  uses.settle();
  ClassSet out;
  for (const CXXRecordDecl *c : uses.local)
    if (!uses.shared.count(c)) out.insert(c);
  return out;
}

} // namespace warpcheck
