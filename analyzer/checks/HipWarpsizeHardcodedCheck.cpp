// hip-warpsize-hardcoded: a warp size of 32 written into HIP device code
// that also runs on 64-lane wavefronts (gfx9: gfx90a, gfx942...). The HIP
// guide: "warpSize should not be assumed to be a specific value in portable
// HIP applications. NVIDIA devices return 32 for this variable; AMD devices
// return 64 for gfx9 and 32 for gfx10 and above."
//
// Reported only in wave64 device passes, and only for the shapes that use
// 32 as the warp size: the lane index (`tid % 32`, `tid & 31`), the warp
// index (`tid / 32`, `tid >> 5`), warps per block (`blockDim.x / 32`), and
// shuffle loops that cover 32 lanes (`for (o = 16; o > 0; o /= 2)`). The
// thread-index shapes count only in code that does warp-level work (a warp
// function in the function or its callees, or a result named lane/warp):
// elsewhere `tid % 32` is more likely a 32-wide tile.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/cuda/HipSupport.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/StringExtras.h"
#include <map>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

// A constant written into the code, as opposed to one derived from warpSize
// or a template parameter (a WarpSize the host chose).
struct Hardcoded {
  int64_t value = 0;
  const Expr *expr = nullptr;
};

bool derivedFromParameter(const Expr *e) {
  if (isWarpSizeRef(e) || isa<SubstNonTypeTemplateParmExpr>(e)) return true;
  if (const auto *dre = dyn_cast<DeclRefExpr>(e); dre && isa<NonTypeTemplateParmDecl>(dre->getDecl())) return true;
  for (const Stmt *child : e->children())
    if (const auto *ce = dyn_cast_or_null<Expr>(child); ce && derivedFromParameter(ce)) return true;
  return false;
}

std::optional<Hardcoded> hardcoded(ASTContext &ast, const Expr *e) {
  // Before stripping: implicit-cast stripping also drops the
  // SubstNonTypeTemplateParmExpr that says the value is a template argument.
  if (e->isValueDependent() || derivedFromParameter(e)) return std::nullopt;
  e = e->IgnoreParenImpCasts();
  // A named constant (constexpr int kWarp = 32) counts as written here.
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    if (const auto *v = dyn_cast<VarDecl>(dre->getDecl()); v && v->getInit() && derivedFromParameter(v->getInit()))
      return std::nullopt;
  Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ast)) return std::nullopt;
  return Hardcoded{r.Val.getInt().getExtValue(), e};
}

bool isLaneOrWarpName(llvm::StringRef name) {
  std::string n = name.lower();
  return llvm::StringRef(n).contains("lane") || llvm::StringRef(n).contains("warp") || n == "wid" ||
         llvm::StringRef(n).contains("wave");
}

bool isShuffleName(llvm::StringRef name, bool &sync) {
  sync = name.ends_with("_sync");
  llvm::StringRef base = sync ? name.drop_back(5) : name;
  return base == "__shfl_down" || base == "__shfl_xor" || base == "__shfl_up";
}

class HipWarpsizeHardcodedCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    if (!context().ast().getLangOpts().HIP) return;
    auto inDevice = forFunction(functionDecl(isDeviceFunction()).bind("fn"));
    finder.addMatcher(binaryOperator(hasAnyOperatorName("%", "&", "/", ">>"), inDevice).bind("op"), this);
    finder.addMatcher(forStmt(inDevice).bind("loop"), this);
  }

  void registerPPCallbacks(Preprocessor &pp) override { pp_ = &pp; }

  void check(const MatchFinder::MatchResult &result) override {
    if (!isWave64HipPass(context())) return;
    const auto *fn = result.Nodes.getNodeAs<FunctionDecl>("fn");
    if (const auto *op = result.Nodes.getNodeAs<BinaryOperator>("op")) checkOperator(op, fn);
    if (const auto *loop = result.Nodes.getNodeAs<ForStmt>("loop")) checkLoop(loop);
  }

private:
  void checkOperator(const BinaryOperator *op, const FunctionDecl *fn) {
    ASTContext &ast = context().ast();
    auto c = hardcoded(ast, op->getRHS());
    if (!c) return;
    BinaryOperatorKind k = op->getOpcode();
    const Expr *lhs = op->getLHS();
    enum { Lane, Warp, Count } what;
    if ((k == BO_Rem && c->value == 32) || (k == BO_And && c->value == 31)) {
      if (!usesThreadIndexX(lhs)) return;
      what = Lane;
    } else if ((k == BO_Div && c->value == 32) || (k == BO_Shr && c->value == 5)) {
      if (isBlockDimX(lhs)) what = Count;
      else if (usesThreadIndexX(lhs)) what = Warp;
      else return;
    } else {
      return;
    }
    if (!context().isReportable(op->getOperatorLoc()) || underWarpSizeCondition(ast, op)) return;
    if (what != Count && !namedLaneOrWarp(op) && !doesWarpWork(fn, 0)) return;

    std::string arch = wave64Archs(context());
    std::string shown = quoted(op);
    std::string message =
        what == Lane  ? shown + " assumes 32-lane warps to compute a lane index, but wavefronts on " + arch +
                            " have 64 lanes: lanes 32-63 get the indices of lanes 0-31; use warpSize"
        : what == Warp ? shown + " assumes 32-lane warps to compute a warp index, but wavefronts on " + arch +
                             " have 64 lanes: each wavefront gets two indices; use warpSize"
                       : shown + " assumes 32-lane warps to count the warps of a block, but wavefronts on " + arch +
                             " have 64 lanes: it counts twice as many as there are; use warpSize";
    FindingBuilder f = diag(op->getOperatorLoc(), message);
    f.range(op->getSourceRange());
    noteDefinition(f, c->expr);
    // The replacement keeps the operator where the operator stays right.
    bool plainLhs = isa<DeclRefExpr, MemberExpr, ParenExpr, CallExpr, ImplicitCastExpr>(lhs) &&
                    !isa<BinaryOperator>(lhs->IgnoreParenImpCasts());
    if (k == BO_Shr) {
      if (plainLhs) fixRange(f, op->getOperatorLoc(), c->expr, "/ warpSize");
    } else if (what != Count || isBlockDimPlain(lhs)) {
      fixRange(f, c->expr->getBeginLoc(), c->expr, k == BO_And ? "(warpSize - 1)" : "warpSize");
    }
  }

  // for (o = 16; o > 0; o /= 2) shuffle(v, o)  /  for (o = 1; o < 32; o *= 2) shuffle(v, o)
  void checkLoop(const ForStmt *loop) {
    ASTContext &ast = context().ast();
    const VarDecl *v = nullptr;
    const Expr *init = nullptr;
    if (const auto *ds = dyn_cast_or_null<DeclStmt>(loop->getInit()); ds && ds->isSingleDecl()) {
      v = dyn_cast<VarDecl>(ds->getSingleDecl());
      init = v ? v->getInit() : nullptr;
    } else if (const auto *bo = dyn_cast_or_null<BinaryOperator>(loop->getInit()); bo && bo->getOpcode() == BO_Assign) {
      if (const auto *dre = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())) v = dyn_cast<VarDecl>(dre->getDecl());
      init = bo->getRHS();
    }
    if (!v || !init || !loop->getInc() || !loop->getCond()) return;
    int step = stepOf(loop->getInc(), v);
    if (!step) return;
    const Expr *bound = boundOf(loop->getCond(), v);
    std::optional<Hardcoded> start = hardcoded(ast, init);
    std::optional<Hardcoded> limit = bound ? hardcoded(ast, bound) : std::nullopt;
    const Expr *at = nullptr;
    std::string message, fix;
    std::string arch = wave64Archs(context());
    if (step < 0 && start && start->value == 16) {
      at = start->expr;
      message = "this shuffle loop starts at offset 16, half of a 32-lane warp, but wavefronts on " + arch +
                " have 64 lanes: lanes 0-31 and 32-63 end up with separate results; start at warpSize / 2";
      fix = "warpSize / 2";
    } else if (step > 0 && limit && (limit->value == 32 || limit->value == 16) && coversUpTo(loop->getCond(), 32)) {
      at = limit->expr;
      message = "this shuffle loop stops at offset 16, within a 32-lane warp, but wavefronts on " + arch +
                " have 64 lanes: lanes 32-63 never combine with lanes 0-31; loop up to warpSize";
      fix = limit->value == 32 ? "warpSize" : "warpSize / 2";
    } else {
      return;
    }
    const CallExpr *shuffle = shuffleWithOffset(loop->getBody(), v);
    if (!shuffle || !context().isReportable(at->getBeginLoc()) || underWarpSizeCondition(ast, loop)) return;
    FindingBuilder f = diag(at->getBeginLoc(), message);
    f.range(at->getSourceRange());
    f.note(shuffle->getBeginLoc(), "the shuffle that takes the loop's offset");
    noteDefinition(f, at);
    fixRange(f, at->getBeginLoc(), at, fix);
  }

  // -1 for o /= 2, o >>= 1, o = o / 2, o = o >> 1; +1 for the doubling forms.
  static int stepOf(const Expr *inc, const VarDecl *v) {
    inc = inc->IgnoreParenImpCasts();
    auto isV = [&](const Expr *e) {
      const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
      return dre && dre->getDecl() == v;
    };
    auto isLit = [](const Expr *e, uint64_t n) {
      const auto *lit = dyn_cast<IntegerLiteral>(e->IgnoreParenImpCasts());
      return lit && lit->getValue() == n;
    };
    const auto *bo = dyn_cast<BinaryOperator>(inc);
    if (!bo || !isV(bo->getLHS())) return 0;
    const Expr *rhs = bo->getRHS();
    switch (bo->getOpcode()) {
    case BO_DivAssign: return isLit(rhs, 2) ? -1 : 0;
    case BO_ShrAssign: return isLit(rhs, 1) ? -1 : 0;
    case BO_MulAssign: return isLit(rhs, 2) ? 1 : 0;
    case BO_ShlAssign: return isLit(rhs, 1) ? 1 : 0;
    case BO_Assign:
      if (const auto *r = dyn_cast<BinaryOperator>(rhs->IgnoreParenImpCasts()); r && isV(r->getLHS())) {
        if ((r->getOpcode() == BO_Div && isLit(r->getRHS(), 2)) || (r->getOpcode() == BO_Shr && isLit(r->getRHS(), 1)))
          return -1;
        if ((r->getOpcode() == BO_Mul && isLit(r->getRHS(), 2)) || (r->getOpcode() == BO_Shl && isLit(r->getRHS(), 1)))
          return 1;
      }
      return 0;
    default:
      return 0;
    }
  }

  // The other side of `o < N`, `o <= N`, `N > o`...
  static const Expr *boundOf(const Expr *cond, const VarDecl *v) {
    const auto *bo = dyn_cast<BinaryOperator>(cond->IgnoreParenImpCasts());
    if (!bo || !bo->isRelationalOp()) return nullptr;
    auto isV = [&](const Expr *e) {
      const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
      return dre && dre->getDecl() == v;
    };
    if (isV(bo->getLHS())) return bo->getRHS();
    if (isV(bo->getRHS())) return bo->getLHS();
    return nullptr;
  }

  // An ascending loop whose last offset is 16: `o < 32` or `o <= 16`.
  bool coversUpTo(const Expr *cond, int64_t n) {
    const auto *bo = dyn_cast<BinaryOperator>(cond->IgnoreParenImpCasts());
    Expr::EvalResult r;
    const Expr *other = bo->getRHS();
    bool strict = bo->getOpcode() == BO_LT;
    if (bo->getOpcode() == BO_GT || bo->getOpcode() == BO_GE) {
      other = bo->getLHS();
      strict = bo->getOpcode() == BO_GT;
    }
    if (!other->EvaluateAsInt(r, context().ast())) return false;
    int64_t b = r.Val.getInt().getExtValue();
    return strict ? b == n : b == n / 2;
  }

  // A shuffle in `body` whose offset (or lane mask) is the loop variable and
  // whose width is the whole wavefront (the default, or warpSize): an
  // explicit width of 32 or less works in 32-lane groups on purpose.
  const CallExpr *shuffleWithOffset(const Stmt *body, const VarDecl *v) {
    if (!body) return nullptr;
    if (const auto *call = dyn_cast<CallExpr>(body)) {
      bool sync = false;
      if (isShuffleName(calleeName(call), sync)) {
        unsigned offsetArg = sync ? 2 : 1, widthArg = sync ? 3 : 2;
        const auto *dre = call->getNumArgs() > offsetArg
                              ? dyn_cast<DeclRefExpr>(call->getArg(offsetArg)->IgnoreParenImpCasts())
                              : nullptr;
        if (dre && dre->getDecl() == v) {
          const Expr *width = call->getNumArgs() > widthArg ? call->getArg(widthArg) : nullptr;
          Expr::EvalResult r;
          bool narrow = width && !isa<CXXDefaultArgExpr>(width) && !isWarpSizeRef(width) &&
                        width->EvaluateAsInt(r, context().ast()) && r.Val.getInt().getExtValue() <= 32;
          if (!narrow) return call;
        }
      }
    }
    for (const Stmt *child : body->children())
      if (const CallExpr *c = shuffleWithOffset(child, v)) return c;
    return nullptr;
  }

  // The result is stored in a variable named like a lane or warp index.
  bool namedLaneOrWarp(const Expr *e) {
    DynTypedNode node = DynTypedNode::create(*e);
    for (int i = 0; i < 4; ++i) {
      DynTypedNodeList parents = context().ast().getParents(node);
      if (parents.empty()) return false;
      if (const auto *v = parents[0].get<VarDecl>()) return v->getDeclName().isIdentifier() && isLaneOrWarpName(v->getName());
      if (const auto *bo = parents[0].get<BinaryOperator>(); bo && bo->isAssignmentOp()) {
        const auto *dre = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts());
        return dre && dre->getDecl()->getDeclName().isIdentifier() && isLaneOrWarpName(dre->getDecl()->getName());
      }
      if (!parents[0].get<ImplicitCastExpr>() && !parents[0].get<ParenExpr>() && !parents[0].get<CStyleCastExpr>())
        return false;
      node = parents[0];
    }
    return false;
  }

  // The function, or a function it calls (two levels deep), uses a warp
  // function: the code works in warps, so 32 is the warp size.
  bool doesWarpWork(const FunctionDecl *fn, int depth) {
    if (!fn || depth > 2) return false;
    const FunctionDecl *def = fn->getDefinition();
    if (!def || !def->hasBody()) return false;
    auto it = warpWork_.find(def);
    if (it != warpWork_.end()) return it->second;
    warpWork_[def] = false; // recursion
    bool found = usesWarpFunction(def->getBody(), depth);
    warpWork_[def] = found;
    return found;
  }

  bool usesWarpFunction(const Stmt *s, int depth) {
    if (!s) return false;
    if (const auto *call = dyn_cast<CallExpr>(s)) {
      llvm::StringRef name = calleeName(call);
      if (warpCollectiveOf(name) != WarpCollective::None || legacyWarpCollectiveOf(name) != WarpCollective::None ||
          name == "__lane_id")
        return true;
      if (const FunctionDecl *callee = call->getDirectCallee();
          callee && !context().sources().isInSystemHeader(callee->getLocation()) && doesWarpWork(callee, depth + 1))
        return true;
    }
    for (const Stmt *child : s->children())
      if (usesWarpFunction(child, depth)) return true;
    return false;
  }

  bool isBlockDimPlain(const Expr *e) {
    BuiltinVarRef ref = builtinVarRef(e);
    return ref.var == BuiltinVar::BlockDim;
  }

  // "'threadIdx.x & 31'", or "this expression" when it is not short and
  // written in one place.
  std::string quoted(const Expr *e) {
    const SourceManager &sm = context().sources();
    CharSourceRange range = sm.getExpansionRange(e->getSourceRange());
    std::string text = Lexer::getSourceText(range, sm, context().ast().getLangOpts()).str();
    std::string collapsed;
    for (char c : text) {
      if (c == '\n' || c == '\t') c = ' ';
      if (c == ' ' && !collapsed.empty() && collapsed.back() == ' ') continue;
      collapsed += c;
    }
    if (collapsed.empty() || collapsed.size() > 48) return "this expression";
    return "'" + collapsed + "'";
  }

  // Where the 32 was written when it is not in the expression itself: a
  // macro (WARP_SIZE) or a named constant.
  void noteDefinition(FindingBuilder &f, const Expr *constant) {
    const SourceManager &sm = context().sources();
    SourceLocation loc = constant->getBeginLoc();
    if (loc.isMacroID() && pp_) {
      llvm::StringRef name = Lexer::getImmediateMacroName(loc, sm, context().ast().getLangOpts());
      if (const MacroInfo *mi = pp_->getMacroInfo(pp_->getIdentifierInfo(name)))
        f.note(mi->getDefinitionLoc(), "'" + name.str() + "' is defined here");
      return;
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(constant->IgnoreParenImpCasts()))
      f.note(dre->getDecl()->getLocation(), "'" + dre->getDecl()->getNameAsString() + "' is defined here");
  }

  // Replaces [begin, end of `last`] when both are spelled in one file, outside macros.
  void fixRange(FindingBuilder &f, SourceLocation begin, const Expr *last, const std::string &text) {
    SourceLocation end = last->getEndLoc();
    if (begin.isMacroID() || end.isMacroID()) return;
    const SourceManager &sm = context().sources();
    if (sm.getFileID(begin) != sm.getFileID(end)) return;
    if (isa<DeclRefExpr>(last->IgnoreParenImpCasts())) return; // a named constant: fix its definition instead
    f.fixit(CharSourceRange::getTokenRange(begin, end), text);
  }

  Preprocessor *pp_ = nullptr;
  std::map<const FunctionDecl *, bool> warpWork_;
};

} // namespace

CheckFactory hipWarpsizeHardcodedCheck() { return checkFactory<HipWarpsizeHardcodedCheck>(rule::HipWarpsizeHardcoded); }

} // namespace warpcheck
