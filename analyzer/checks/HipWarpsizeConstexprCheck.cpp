// hip-warpsize-constexpr: HIP's warpSize used as a compile-time constant
// or on the host, and the __AMDGCN_WAVEFRONT_SIZE macro. The HIP guide:
// "Since warpSize can differ between devices, it can not be assumed to be a
// compile-time constant on the host. It has to be queried using
// hipDeviceGetAttribute or hipDeviceGetProperties"; since ROCm 7 warpSize
// is not constexpr in device code either ("If compile time warp size is
// required ... determine the warp size of the GPU on host side and setup
// the kernel accordingly"). Clang (20 and later) no longer predefines
// __AMDGCN_WAVEFRONT_SIZE.
//
// Older HIP headers (Debian 12's HIP 5.2, which lint parses with) still
// declare `static constexpr int warpSize`, so such code compiles here and
// silently means 64 on the host: the rule reports what ROCm 7 rejects.
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/HipSupport.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include <regex>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

bool isWavefrontMacro(llvm::StringRef name) {
  return name == "__AMDGCN_WAVEFRONT_SIZE" || name == "__AMDGCN_WAVEFRONT_SIZE__";
}

// What the preprocessor saw: uses of the wavefront-size macro and `#if`s
// naming warpSize, kept until the AST is complete (reports need it).
struct PreprocessorUses {
  struct Use {
    SourceLocation loc;
    std::string message;
  };
  std::vector<Use> uses;
};

class Callbacks : public PPCallbacks {
public:
  Callbacks(Preprocessor &pp, PreprocessorUses &out) : pp_(pp), out_(out) {}

  void MacroExpands(const Token &name, const MacroDefinition &, clang::SourceRange, const MacroArgs *) override {
    if (!isWavefrontMacro(nameOf(name))) return;
    // Spelled in a #define of the user's (WS), it is reported there once.
    SourceLocation loc = pp_.getSourceManager().getSpellingLoc(name.getLocation());
    if (pp_.isParsingIfOrElifDirective()) return; // reported as the #if's test
    out_.uses.push_back({loc, "'" + nameOf(name).str() +
                                  "' is no longer predefined by clang (deprecated, gone in clang 20 and later): this "
                                  "does not compile with current HIP compilers; use warpSize in device code, or a "
                                  "WarpSize template parameter chosen on the host"});
  }
  void Defined(const Token &name, const MacroDefinition &, clang::SourceRange) override { test(name); }
  void Ifdef(SourceLocation, const Token &name, const MacroDefinition &) override { test(name); }
  void Ifndef(SourceLocation, const Token &name, const MacroDefinition &) override { test(name); }
  void Elifdef(SourceLocation, const Token &name, const MacroDefinition &) override { test(name); }
  void Elifndef(SourceLocation, const Token &name, const MacroDefinition &) override { test(name); }

  void If(SourceLocation, clang::SourceRange cond, ConditionValueKind) override { condition(cond); }
  void Elif(SourceLocation, clang::SourceRange cond, ConditionValueKind, SourceLocation) override { condition(cond); }

private:
  static llvm::StringRef nameOf(const Token &t) {
    const IdentifierInfo *ii = t.getIdentifierInfo();
    return ii ? ii->getName() : llvm::StringRef();
  }

  void test(const Token &name) {
    if (!isWavefrontMacro(nameOf(name))) return;
    out_.uses.push_back({name.getLocation(),
                         "'" + nameOf(name).str() +
                             "' is no longer predefined by clang (deprecated, gone in clang 20 and later): this test "
                             "silently takes its 'undefined' branch with current HIP compilers; use warpSize in "
                             "device code, or a WarpSize template parameter chosen on the host"});
  }

  // `#if warpSize == 64`: the preprocessor knows no variables, so warpSize
  // is 0 there; `#if __AMDGCN_WAVEFRONT_SIZE == 64` is undefined, hence 0.
  void condition(clang::SourceRange cond) {
    const SourceManager &sm = pp_.getSourceManager();
    std::string text = Lexer::getSourceText(CharSourceRange::getCharRange(cond), sm, pp_.getLangOpts()).str();
    static const std::regex warpSizeRe(R"(\bwarpSize\b)"), macroRe(R"(\b__AMDGCN_WAVEFRONT_SIZE(__)?\b)");
    std::smatch m;
    if (std::regex_search(text, m, macroRe) && !std::regex_search(text, std::regex(R"(defined\s*\(?\s*__AMDGCN)"))) {
      out_.uses.push_back({cond.getBegin().getLocWithOffset(m.position(0)),
                           "'" + m.str(0) + "' is no longer predefined by clang (deprecated, gone in clang 20 and "
                                            "later): this #if silently compares 0 with current HIP compilers; use "
                                            "warpSize in device code, or a WarpSize template parameter chosen on "
                                            "the host"});
    }
    if (std::regex_search(text, m, warpSizeRe))
      out_.uses.push_back({cond.getBegin().getLocWithOffset(m.position(0)),
                           "'warpSize' is a variable, not a macro: in #if it is 0, so this condition never sees the "
                           "warp size; branch on warpSize in device code (if, not #if), or use a WarpSize template "
                           "parameter chosen on the host"});
  }

  Preprocessor &pp_;
  PreprocessorUses &out_;
};

class HipWarpsizeConstexprCheck : public Check {
public:
  using Check::Check;

  bool runsInHostPass() const override { return true; }

  void registerMatchers(MatchFinder &finder) override {
    if (!context().ast().getLangOpts().HIP) return;
    finder.addMatcher(declRefExpr(to(varDecl(hasName("warpSize")))).bind("ref"), this);
  }

  void registerPPCallbacks(Preprocessor &pp) override {
    if (pp.getLangOpts().HIP) pp.addPPCallbacks(std::make_unique<Callbacks>(pp, pp_));
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *ref = result.Nodes.getNodeAs<DeclRefExpr>("ref");
    if (!isWarpSizeRef(ref) || !context().isReportable(ref->getBeginLoc())) return;
    if (std::string where = constantContext(ref); !where.empty()) {
      diag(ref->getBeginLoc(), "'warpSize' used as a compile-time constant (" + where +
                                   "): it is not one since ROCm 7, where this does not compile, and its value is "
                                   "the device's; take the warp size as a template parameter chosen on the host "
                                   "(hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev))")
          .range(ref->getSourceRange());
      return;
    }
    if (context().pass().host && inHostCode(ref))
      diag(ref->getBeginLoc(), "'warpSize' read in host code: it is a device built-in, not the warp size of the GPU "
                               "the kernels run on (ROCm 7 rejects it on the host); query it with "
                               "hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, dev)")
          .range(ref->getSourceRange());
  }

  void onEndOfTranslationUnit(ASTContext &) override {
    for (const PreprocessorUses::Use &u : pp_.uses)
      if (context().isReportable(u.loc)) diag(u.loc, u.message);
  }

private:
  // Where `ref` must be a constant expression, named for the message; ""
  // when it need not be.
  std::string constantContext(const Expr *ref) {
    ASTContext &ast = context().ast();
    DynTypedNode node = DynTypedNode::create(*ref);
    for (int depth = 0; depth < 32; ++depth) {
      DynTypedNodeList parents = ast.getParents(node);
      if (parents.empty()) return "";
      const DynTypedNode &p = parents[0];
      if (const auto *tl = p.get<TypeLoc>()) {
        if (tl->getAs<ArrayTypeLoc>()) return "an array bound";
        if (tl->getAs<TemplateSpecializationTypeLoc>()) return "a template argument";
      }
      if (p.get<TemplateArgumentLoc>()) return "a template argument";
      // A DeclRefExpr has no child expressions but its explicit template
      // arguments: f<warpSize>().
      if (p.get<DeclRefExpr>() || p.get<UnresolvedLookupExpr>()) return "a template argument";
      if (const auto *me = p.get<MemberExpr>(); me && node.get<Stmt>() != me->getBase()) return "a template argument";
      if (p.get<StaticAssertDecl>()) return "a static_assert";
      if (p.get<EnumConstantDecl>()) return "an enumerator";
      if (const auto *fd = p.get<FieldDecl>(); fd && fd->isBitField()) return "a bit-field width";
      if (const auto *a = p.get<Attr>()) {
        // HIP's __launch_bounds__ expands to these AMDGPU attributes.
        if (isa<AMDGPUFlatWorkGroupSizeAttr, AMDGPUWavesPerEUAttr, CUDALaunchBoundsAttr>(a)) return "__launch_bounds__";
        return std::string("the attribute '") + a->getSpelling() + "'";
      }
      if (const auto *cs = p.get<CaseStmt>(); cs && node.get<Stmt>() != cs->getSubStmt()) return "a case label";
      if (const auto *is = p.get<IfStmt>()) {
        if (is->isConstexpr() && node.get<Stmt>() == is->getCond()) return "an if constexpr condition";
        return "";
      }
      if (const auto *v = p.get<VarDecl>())
        return v->isConstexpr() ? "the initializer of constexpr '" + v->getNameAsString() + "'" : "";
      if (p.get<FunctionDecl>() || p.get<CompoundStmt>() || p.get<TranslationUnitDecl>()) return "";
      node = p;
    }
    return "";
  }

  // Code compiled for the host only: a function without __device__ or
  // __global__, or a namespace-scope initialiser of a host variable.
  bool inHostCode(const Expr *ref) {
    ASTContext &ast = context().ast();
    DynTypedNode node = DynTypedNode::create(*ref);
    for (int depth = 0; depth < 64; ++depth) {
      DynTypedNodeList parents = ast.getParents(node);
      if (parents.empty()) return false;
      if (const auto *fd = parents[0].get<FunctionDecl>())
        return !fd->hasAttr<CUDADeviceAttr>() && !fd->hasAttr<CUDAGlobalAttr>();
      if (const auto *v = parents[0].get<VarDecl>(); v && v->isFileVarDecl())
        return !v->hasAttr<CUDADeviceAttr>() && !v->hasAttr<CUDAConstantAttr>() && !v->hasAttr<CUDASharedAttr>();
      if (parents[0].get<LambdaExpr>()) return false; // device lambdas: not worth guessing
      node = parents[0];
    }
    return false;
  }

  PreprocessorUses pp_;
};

} // namespace

CheckFactory hipWarpsizeConstexprCheck() { return checkFactory<HipWarpsizeConstexprCheck>(rule::HipWarpsizeConstexpr); }

} // namespace warpcheck
