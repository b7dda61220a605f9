// hip-mask-32bit: lane masks squeezed into 32 bits in HIP device code. The
// HIP guide: "All mask values returned or accepted by these built-ins are
// 64-bit unsigned integer values ... CUDA code ported to HIP requires
// changes to ensure that the correct type is used", and __ballot and
// __activemask "have a 64-bit return value (unlike the 32-bit value
// returned by the CUDA built-ins)".
//
// - A 32-bit mask passed to a `_sync` warp function: ROCm 6.2 and later
//   reject it with a static_assert, on every arch, so it is reported in
//   every HIP device pass.
// - In wave64 passes only (on wave32 the upper 32 bits of a mask are unused
//   and these are harmless): a 64-bit mask (__ballot, __activemask,
//   __match_*, __lanemask_*) converted to 32 bits or counted with __popc,
//   __ffs, __clz, __brev; `1 << lane` with a lane index that reaches 63;
//   a mask compared with 0xffffffff.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/cuda/HipSupport.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

// The 64-bit forms of the 32-bit bit-counting intrinsics.
llvm::StringRef wideBitFunction(llvm::StringRef name) {
  return llvm::StringSwitch<llvm::StringRef>(name)
      .Case("__popc", "__popcll")
      .Case("__ffs", "__ffsll")
      .Case("__clz", "__clzll")
      .Case("__brev", "__brevll")
      .Default("");
}

std::string typeName(ASTContext &ast, QualType t) {
  return t.getUnqualifiedType().getAsString(ast.getPrintingPolicy());
}

class HipMask32bitCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    if (!context().ast().getLangOpts().HIP) return;
    auto inDevice = forFunction(functionDecl(isDeviceFunction()));
    finder.addMatcher(callExpr(inDevice).bind("call"), this);
    finder.addMatcher(castExpr(hasCastKind(CK_IntegralCast), inDevice).bind("narrow"), this);
    finder.addMatcher(binaryOperator(hasAnyOperatorName("<<", "==", "!="), inDevice).bind("op"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    if (context().pass().host) return;
    if (const auto *call = result.Nodes.getNodeAs<CallExpr>("call")) {
      checkSyncMask(call);
      if (isWave64HipPass(context())) checkBitFunction(call);
    }
    if (!isWave64HipPass(context())) return;
    if (const auto *cast = result.Nodes.getNodeAs<CastExpr>("narrow")) checkNarrowing(cast);
    if (const auto *op = result.Nodes.getNodeAs<BinaryOperator>("op")) {
      if (op->getOpcode() == BO_Shl) checkLaneShift(op);
      else checkFullMaskComparison(op);
    }
  }

private:
  ASTContext &ast() { return context().ast(); }

  // __shfl_sync(0xffffffff, ...): the mask argument keeps its own type (the
  // functions are templates on it), so its type is what the caller wrote.
  void checkSyncMask(const CallExpr *call) {
    llvm::StringRef name = calleeName(call);
    WarpCollective kind = warpCollectiveOf(name);
    if (kind == WarpCollective::None || kind == WarpCollective::ActiveMask || call->getNumArgs() == 0) return;
    const Expr *mask = call->getArg(0);
    if (isa<CXXDefaultArgExpr>(mask) || mask->isTypeDependent()) return;
    const Expr *written = mask->IgnoreParenImpCasts();
    QualType t = written->getType();
    if (!t->isIntegerType() || ast().getIntWidth(t) >= 64) return;
    if (!context().isReportable(mask->getBeginLoc())) return;
    FindingBuilder f = diag(mask->getBeginLoc(),
                            "the mask of '" + name.str() + "' has the " + std::to_string(ast().getIntWidth(t)) +
                                "-bit type '" + typeName(ast(), t) +
                                "': HIP's warp functions take a 64-bit mask (ROCm 6.2 and later reject this with a "
                                "static_assert), and 32 bits cannot name lanes 32-63 of a 64-lane wavefront");
    f.range(mask->getSourceRange());
    Expr::EvalResult r;
    if (!mask->getBeginLoc().isMacroID() && isa<IntegerLiteral, UnaryOperator>(written) &&
        written->EvaluateAsInt(r, ast())) {
      uint64_t v = r.Val.getInt().getZExtValue() & 0xffffffffu;
      f.fixit(CharSourceRange::getTokenRange(written->getSourceRange()),
              v == 0xffffffffu ? "~0ull" : "0x" + llvm::utohexstr(v, /*LowerCase=*/true) + "ull");
    } else if (const auto *dre = dyn_cast<DeclRefExpr>(written)) {
      f.note(dre->getDecl()->getLocation(),
             "'" + dre->getDecl()->getNameAsString() + "' is declared '" + typeName(ast(), t) +
                 "' here; make it 'unsigned long long'");
    }
  }

  // __popc(__ballot(p)): the 32-bit intrinsic counts the low 32 lanes.
  void checkBitFunction(const CallExpr *call) {
    llvm::StringRef name = calleeName(call);
    llvm::StringRef wide = wideBitFunction(name);
    if (wide.empty() || call->getNumArgs() != 1) return;
    const Expr *arg = call->getArg(0)->IgnoreParens();
    const auto *ice = dyn_cast<ImplicitCastExpr>(arg);
    if (!ice || ice->getCastKind() != CK_IntegralCast) return;
    QualType from = ice->getSubExpr()->getType();
    if (!from->isIntegerType() || ast().getIntWidth(from) < 64) return;
    if (!context().isReportable(call->getBeginLoc())) return;
    FindingBuilder f = diag(call->getBeginLoc(),
                            "'" + name.str() + "' counts the low 32 bits of this 64-bit value: lanes 32-63 of the " +
                                "64-lane wavefronts on " + wave64Archs(context()) + " are left out; use '" +
                                wide.str() + "'");
    f.range(call->getSourceRange());
    SourceLocation callee = call->getCallee()->getBeginLoc();
    if (!callee.isMacroID()) f.fixit(CharSourceRange::getTokenRange(callee, callee), wide.str());
    const CallExpr *source = nullptr;
    if (holdsLaneMask(ice->getSubExpr(), source) && source && source != ice->getSubExpr()->IgnoreParenImpCasts())
      f.note(source->getBeginLoc(), "the 64-bit mask comes from '" + calleeName(source).str() + "'");
  }

  // unsigned m = __ballot(p);  (unsigned)__activemask()
  void checkNarrowing(const CastExpr *cast) {
    const Expr *sub = cast->getSubExpr();
    QualType from = sub->getType(), to = cast->getType();
    if (!from->isIntegerType() || !to->isIntegerType() || ast().getIntWidth(from) < 64 || ast().getIntWidth(to) >= 64)
      return;
    const CallExpr *source = nullptr;
    if (!holdsLaneMask(sub, source) || !source) return;
    if (feedsBitFunction(cast) || splitsOnPurpose(sub)) return;
    if (!context().isReportable(sub->getBeginLoc())) return;
    FindingBuilder f = diag(sub->getBeginLoc(),
                            "'" + calleeName(source).str() + "' gives a 64-bit lane mask on HIP; converting it to '" +
                                typeName(ast(), to) + "' drops lanes 32-63 of the 64-lane wavefronts on " +
                                wave64Archs(context()) + "; keep it in 'unsigned long long'");
    f.range(sub->getSourceRange());
    if (source != sub->IgnoreParenImpCasts()) f.note(source->getBeginLoc(), "the mask comes from here");
    if (const VarDecl *v = declaredBy(cast)) {
      f.note(v->getLocation(), "'" + v->getNameAsString() + "' is declared '" + typeName(ast(), v->getType()) + "' here");
      TypeLoc tl = v->getTypeSourceInfo() ? v->getTypeSourceInfo()->getTypeLoc() : TypeLoc();
      if (tl && !tl.getBeginLoc().isMacroID() && !tl.getEndLoc().isMacroID() && !v->getType()->getContainedAutoType() &&
          !v->getType().isConstQualified())
        f.fixit(CharSourceRange::getTokenRange(tl.getSourceRange()), "unsigned long long");
    }
  }

  // 1 << lane, 1u << lane: a 32-bit shift by a lane index that reaches 63.
  void checkLaneShift(const BinaryOperator *op) {
    const auto *one = dyn_cast<IntegerLiteral>(op->getLHS()->IgnoreParenImpCasts());
    if (!one || one->getValue() != 1 || ast().getIntWidth(op->getType()) >= 64) return;
    if (!isWideLaneIndex(op->getRHS(), 0)) return;
    if (!context().isReportable(op->getOperatorLoc())) return;
    std::string lane = Lexer::getSourceText(CharSourceRange::getTokenRange(op->getRHS()->getSourceRange()),
                                            context().sources(), ast().getLangOpts()).str();
    if (lane.empty() || lane.size() > 32) lane = "lane";
    FindingBuilder f = diag(op->getOperatorLoc(),
                            "a 32-bit 1 shifted by a lane index: undefined for lanes 32-63 of the 64-lane "
                            "wavefronts on " + wave64Archs(context()) + "; shift '1ull << " + lane + "'");
    f.range(op->getSourceRange());
    if (!one->getBeginLoc().isMacroID()) f.fixit(CharSourceRange::getTokenRange(one->getSourceRange()), "1ull");
  }

  // __ballot(p) == 0xffffffff: "every lane" written for 32 lanes.
  void checkFullMaskComparison(const BinaryOperator *op) {
    const CallExpr *source = nullptr;
    const Expr *constant = nullptr;
    if (holdsLaneMask(op->getLHS(), source)) constant = op->getRHS();
    else if (holdsLaneMask(op->getRHS(), source)) constant = op->getLHS();
    if (!constant || !source) return;
    Expr::EvalResult r;
    if (!constant->EvaluateAsInt(r, ast()) || r.Val.getInt().getZExtValue() != 0xffffffffu) return;
    if (!context().isReportable(op->getOperatorLoc())) return;
    diag(op->getOperatorLoc(), "compares the 64-bit lane mask of '" + calleeName(source).str() +
                                   "' with 0xffffffff, which names lanes 0-31 only: on " + wave64Archs(context()) +
                                   " it is false when all 64 lanes are set; compare with __activemask() or test "
                                   "lanes against warpSize")
        .range(op->getSourceRange());
  }

  // A lane index that may be 32 or more: __lane_id(), `x % warpSize`,
  // `x & (warpSize - 1)`, `x % 64`, `x & 63`, or a local holding one. `x &
  // 31` and `x % 32` stay below 32 (hip-warpsize-hardcoded's business).
  bool isWideLaneIndex(const Expr *e, int depth) {
    if (depth > 6) return false;
    e = e->IgnoreParenImpCasts();
    if (const auto *call = dyn_cast<CallExpr>(e))
      return calleeName(call) == "__lane_id" || calleeName(call).starts_with("__builtin_amdgcn_mbcnt");
    if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
      if (bo->getOpcode() != BO_Rem && bo->getOpcode() != BO_And) return false;
      const Expr *rhs = bo->getRHS()->IgnoreParenImpCasts();
      bool wide = false;
      if (isWarpSizeRef(rhs)) wide = bo->getOpcode() == BO_Rem;
      else if (const auto *sub = dyn_cast<BinaryOperator>(rhs); sub && sub->getOpcode() == BO_Sub && isWarpSizeRef(sub->getLHS()))
        wide = bo->getOpcode() == BO_And;
      else if (Expr::EvalResult r; rhs->EvaluateAsInt(r, ast()))
        wide = bo->getOpcode() == BO_Rem ? r.Val.getInt().getExtValue() == 64 : r.Val.getInt().getExtValue() == 63;
      return wide && usesThreadIndexX(bo->getLHS());
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e))
      if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()); v && v->hasLocalStorage() && v->getInit())
        return isWideLaneIndex(v->getInit(), depth + 1);
    return false;
  }

  // (unsigned)(mask >> 32), (unsigned)(mask & 0xffffffff): one half of the
  // mask, taken on purpose.
  bool splitsOnPurpose(const Expr *e) {
    const auto *bo = dyn_cast<BinaryOperator>(e->IgnoreParenImpCasts());
    if (!bo || (bo->getOpcode() != BO_Shr && bo->getOpcode() != BO_And)) return false;
    Expr::EvalResult r;
    return bo->getRHS()->EvaluateAsInt(r, ast());
  }

  // The cast is the argument of __popc & co (reported there).
  bool feedsBitFunction(const CastExpr *cast) {
    DynTypedNodeList parents = ast().getParents(*cast);
    if (parents.empty()) return false;
    const auto *call = parents[0].get<CallExpr>();
    return call && !wideBitFunction(calleeName(call)).empty();
  }

  // The variable whose initialisation (or assignment) the cast is.
  const VarDecl *declaredBy(const CastExpr *cast) {
    DynTypedNode node = DynTypedNode::create(*cast);
    for (int i = 0; i < 3; ++i) {
      DynTypedNodeList parents = ast().getParents(node);
      if (parents.empty()) return nullptr;
      if (const auto *v = parents[0].get<VarDecl>()) return v->hasLocalStorage() ? v : nullptr;
      if (const auto *bo = parents[0].get<BinaryOperator>(); bo && bo->getOpcode() == BO_Assign) {
        const auto *dre = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts());
        const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
        return v && v->hasLocalStorage() ? v : nullptr;
      }
      if (!parents[0].get<ParenExpr>() && !parents[0].get<ImplicitCastExpr>()) return nullptr;
      node = parents[0];
    }
    return nullptr;
  }
};

} // namespace

CheckFactory hipMask32bitCheck() { return checkFactory<HipMask32bitCheck>(rule::HipMask32bit); }

} // namespace warpcheck
