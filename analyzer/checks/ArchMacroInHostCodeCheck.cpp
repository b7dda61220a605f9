// arch-macro-in-host-code: host-only code never sees __CUDA_ARCH__ defined,
// so testing it there picks the "undefined" branch every time (CUDA C++
// Programming Guide §5.4.3.2: "MyKernel will launch with 256 threads per
// block"). The preprocessor callbacks record, in the host pass, every
// conditional that depends on __CUDA_ARCH__ and every expansion of a macro
// whose definition such a conditional chose; at the end of the TU the AST
// tells which of them sit inside the body of a host-only function.
#include "analyzer/checks/ArchRuleSupport.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/core/WholeUnit.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace warpcheck {

using namespace clang;

namespace {

struct ArchMacroState; // what the preprocessor callbacks record
struct MacroOrigin;    // a macro a __CUDA_ARCH__ conditional chose

class ArchMacroInHostCodeCheck : public Check {
public:
  ArchMacroInHostCodeCheck(std::string id, CheckContext &ctx);
  ~ArchMacroInHostCodeCheck() override;
  // Host-only code exists as such in the host pass only.
  bool runsInHostPass() const override { return true; }
  bool runsInDevicePass() const override { return false; }
  void registerPPCallbacks(clang::Preprocessor &pp) override;
  void onEndOfTranslationUnit(clang::ASTContext &ast) override;

private:
  void reportArchVariables(clang::ASTContext &ast,
                           const std::map<clang::SourceLocation::UIntTy, std::pair<std::string, MacroOrigin>> &outside);
  std::shared_ptr<ArchMacroState> state_;
};

// How something depends on __CUDA_ARCH__: not at all, only on whether it is
// defined (the host/device split), or on its value (the architecture).
enum class ArchUse { None, Defined, Value };

struct Dependence {
  ArchUse use = ArchUse::None;
  std::string via;       // the macro it depends through; "" when direct
  SourceLocation viaLoc; // that macro's definition
};

// A macro whose definition a __CUDA_ARCH__ conditional selected.
struct MacroOrigin {
  ArchUse use = ArchUse::None;
  SourceLocation conditional; // the directive that tests __CUDA_ARCH__
  SourceLocation definition;
  // Its replacement, tokens joined by spaces; none for a function-like
  // macro (not compared).
  std::optional<std::string> body;
};

bool isArchMacro(StringRef name) {
  // The arch-specific and family-specific macros are device-only too
  // (§5.4.7.2).
  return name == "__CUDA_ARCH__" || name == "__CUDA_ARCH_SPECIFIC__" ||
         name == "__CUDA_ARCH_FAMILY_SPECIFIC__";
}

StringRef identifierOf(const Token &t) {
  if (t.is(tok::raw_identifier)) return t.getRawIdentifier();
  if (const IdentifierInfo *ii = t.getIdentifierInfo()) return ii->getName();
  return {};
}

// What the dependence of a token list needs: identifiers and parentheses.
struct Word {
  std::string ident; // empty: not an identifier
  bool lparen = false;
};

Word wordOf(const Token &t) { return Word{identifierOf(t).str(), t.is(tok::l_paren)}; }

struct ArchMacroState {
  Preprocessor *pp = nullptr;
  const CheckContext *ctx = nullptr;

  // An open #if/#ifdef/#ifndef group.
  struct Group {
    SourceLocation archLoc; // first directive of the group testing __CUDA_ARCH__
    Dependence dep;         // strongest dependence of its conditions so far
    bool firstTaken = false;
    unsigned branches = 1;
    FileID file;         // where the #if is
    bool system = false; // in a system header
  };
  std::vector<Group> open;
  std::map<const MacroInfo *, MacroOrigin> chosen;    // defined in a live branch
  std::map<std::string, MacroOrigin> chosenSkipped;   // defined in a skipped branch
  // The replacements each skipped branch of an arch conditional gives a
  // macro, by (name, conditional), and how many branches each conditional
  // has: a macro that every branch defines alike does not depend on the
  // architecture (a tuning table whose block size is the same throughout).
  std::map<std::pair<std::string, SourceLocation::UIntTy>, std::vector<std::optional<std::string>>> skippedBodies;
  std::map<SourceLocation::UIntTy, unsigned> branchesOf;
  std::map<const MacroInfo *, Dependence> bodyCache;
  MacroOrigin lastClosed; // the groups open just before the last #endif
  MacroOrigin lastClosedLocal; // the same, of the #endif's own file only
  SourceLocation lastEndif;

  struct Conditional {
    SourceLocation loc;
    Dependence dep;
  };
  std::vector<Conditional> conditionals;
  struct Expansion {
    SourceLocation loc;
    std::string macro;
    MacroOrigin origin;
  };
  std::vector<Expansion> expansions;
  std::vector<clang::SourceRange> conditions; // #if/#elif expressions

  SourceManager &sm() { return pp->getSourceManager(); }

  // Expansions are kept in reportable code only, so their conditions are too.
  void addCondition(clang::SourceRange cond) {
    if (cond.isValid() && reportable(cond.getBegin())) conditions.push_back(cond);
  }
  bool reportable(SourceLocation loc) { return ctx->isReportable(loc); }

  // `name` as an identifier of a condition; `tested`: under `defined`.
  Dependence nameDependence(StringRef name, bool tested, unsigned depth) {
    Dependence d;
    if (isArchMacro(name)) {
      d.use = tested ? ArchUse::Defined : ArchUse::Value;
      return d;
    }
    const MacroInfo *mi = pp->getMacroInfo(pp->getIdentifierInfo(name));
    if (!mi) {
      // Defined only in a branch the host pass skipped: `defined(NAME)` and
      // `NAME` still depend on __CUDA_ARCH__.
      auto it = chosenSkipped.find(name.str());
      if (it != chosenSkipped.end()) d = {it->second.use, name.str(), it->second.definition};
      return d;
    }
    auto it = chosen.find(mi);
    if (it != chosen.end()) d = {it->second.use, name.str(), it->second.definition};
    if (!tested && depth < 16) {
      Dependence body = bodyDependence(mi, depth + 1);
      if (body.use > d.use) d = {body.use, name.str(), mi->getDefinitionLoc()};
    }
    return d;
  }

  // A macro whose replacement mentions __CUDA_ARCH__ (or such a macro).
  // Cached per definition: nested macros are rarely redefined.
  Dependence bodyDependence(const MacroInfo *mi, unsigned depth) {
    auto it = bodyCache.find(mi);
    if (it != bodyCache.end()) return it->second;
    bodyCache[mi] = Dependence(); // breaks cycles
    std::vector<Word> body;
    for (const Token &t : mi->tokens()) body.push_back(wordOf(t));
    Dependence d = wordsDependence(body, depth);
    bodyCache[mi] = d;
    return d;
  }

  Dependence wordsDependence(const std::vector<Word> &words, unsigned depth) {
    Dependence d;
    for (size_t i = 0; i < words.size(); ++i) {
      const std::string &name = words[i].ident;
      if (name.empty() || name == "defined") continue;
      bool tested = (i >= 1 && words[i - 1].ident == "defined") ||
                    (i >= 2 && words[i - 1].lparen && words[i - 2].ident == "defined");
      Dependence n = nameDependence(name, tested, depth);
      if (n.use > d.use) d = n;
    }
    return d;
  }

  // The words of a directive's condition, lexed again from the source:
  // the preprocessor does not report identifiers that are not macros, and
  // __CUDA_ARCH__ is not one in the host pass.
  std::vector<Word> rawWords(clang::SourceRange range) {
    std::vector<Word> out;
    if (range.isInvalid() || range.getBegin().isMacroID()) return out;
    bool invalid = false;
    StringRef text = Lexer::getSourceText(CharSourceRange::getTokenRange(range), sm(),
                                          pp->getLangOpts(), &invalid);
    if (invalid) return out;
    lexRaw(range.getBegin(), text, [&](const Token &t) { out.push_back(wordOf(t)); });
    return out;
  }

  // Raw-lexes `text`, which starts at `loc`. The lexer needs a
  // NUL-terminated buffer, which a slice of the file is not: lex a copy,
  // with locations still pointing into the file.
  template <class Fn> void lexRaw(SourceLocation loc, StringRef text, Fn &&fn) {
    std::string copy = text.str();
    Lexer lex(loc, pp->getLangOpts(), copy.c_str(), copy.c_str(), copy.c_str() + copy.size());
    Token t;
    while (true) {
      bool atEnd = lex.LexFromRawLexer(t);
      if (t.is(tok::eof)) break;
      fn(t);
      if (atEnd) break;
    }
  }

  // A condition's range ends inside a macro expansion when its last token
  // comes from one: map it back to the directive's text.
  clang::SourceRange fileRange(clang::SourceRange r) {
    if (r.isInvalid()) return r;
    return {sm().getExpansionLoc(r.getBegin()), sm().getExpansionRange(r.getEnd()).getEnd()};
  }

  Dependence conditionDependence(clang::SourceRange range) {
    return wordsDependence(rawWords(range), 0);
  }

  // The strongest dependence of the open groups at this point, and the
  // innermost directive responsible for it; with `only`, leaving out the
  // groups of other system headers.
  MacroOrigin enclosingOrigin(FileID only = FileID()) {
    MacroOrigin o;
    for (auto g = open.rbegin(); g != open.rend(); ++g)
      if (g->dep.use > o.use && (only.isInvalid() || g->file == only || !g->system)) {
        o.use = g->dep.use;
        o.conditional = g->archLoc;
      }
    return o;
  }

  // A system header's own definitions are what its own conditionals (or
  // the project's) choose: `<sys/socket.h>` defines SO_RCVTIMEO the same
  // way whether or not an arch conditional of cooperative_groups.h
  // happened to include it first. (A header that the project includes
  // under `#if __CUDA_ARCH__ >= 800` is chosen by that conditional.)
  MacroOrigin originOfDefinitionAt(SourceLocation loc) {
    if (loc.isValid() && sm().isInSystemHeader(loc)) return enclosingOrigin(sm().getFileID(loc));
    return enclosingOrigin();
  }

  void openGroup(SourceLocation loc, Dependence dep, bool taken) {
    Group g;
    g.file = sm().getFileID(loc);
    g.system = sm().isInSystemHeader(loc);
    g.dep = dep;
    g.firstTaken = taken;
    if (dep.use != ArchUse::None) g.archLoc = loc;
    open.push_back(g);
  }

  void branch(SourceLocation loc, Dependence dep) {
    if (open.empty()) return;
    Group &g = open.back();
    ++g.branches;
    if (dep.use > g.dep.use) {
      if (g.archLoc.isInvalid()) g.archLoc = loc;
      g.dep = dep;
    }
  }

  void closeGroup(SourceLocation endif) {
    if (open.empty()) return;
    Group g = open.back();
    // The preprocessor reports a branch skipped up to this #endif after the
    // #endif itself: remember what chose it.
    lastClosed = enclosingOrigin();
    lastClosedLocal = enclosingOrigin(sm().getFileID(endif));
    lastEndif = endif;
    open.pop_back();
    // A lone branch the host takes (`#if !defined(__CUDA_ARCH__) ...
    // #endif`) only hides host code from device passes: nothing of it is
    // lost in host code.
    bool hostGuard = g.branches == 1 && g.firstTaken;
    if (g.archLoc.isValid()) branchesOf[g.archLoc.getRawEncoding()] = g.branches;
    if (g.dep.use != ArchUse::None && !hostGuard && reportable(g.archLoc))
      conditionals.push_back({g.archLoc, g.dep});
  }

  // `#define NAME` lines of a skipped branch of an arch conditional.
  void scanSkipped(clang::SourceRange range) {
    MacroOrigin o = originOfDefinitionAt(range.getBegin());
    const MacroOrigin &closed = sm().isInSystemHeader(range.getBegin()) ? lastClosedLocal : lastClosed;
    if (lastEndif.isValid() && !sm().isBeforeInTranslationUnit(lastEndif, range.getBegin()) &&
        !sm().isBeforeInTranslationUnit(range.getEnd(), lastEndif) && closed.use > o.use)
      o = closed;
    if (o.use == ArchUse::None) return;
    bool invalid = false;
    StringRef text = Lexer::getSourceText(CharSourceRange::getCharRange(range), sm(),
                                          pp->getLangOpts(), &invalid);
    if (invalid) return;
    Token prev2, prev;
    prev2.startToken();
    prev.startToken();
    // The definition whose replacement is being read: its body's key, and
    // whether the next token is the first after the name.
    std::optional<std::string> *body = nullptr;
    bool afterName = false;
    lexRaw(range.getBegin(), text, [&](const Token &t) {
      if (t.isAtStartOfLine()) body = nullptr; // raw lexing drops the escaped newlines
      if (body) {
        if (afterName && t.is(tok::l_paren) && !t.hasLeadingSpace()) {
          body->reset(); // function-like: not compared
          body = nullptr;
        } else {
          appendSpelling(**body, t);
        }
        afterName = false;
      }
      if (t.is(tok::raw_identifier) && prev.is(tok::raw_identifier) &&
          prev.getRawIdentifier() == "define" && prev2.is(tok::hash) && prev2.isAtStartOfLine()) {
        MacroOrigin mo = o;
        mo.definition = t.getLocation();
        chosenSkipped.emplace(t.getRawIdentifier().str(), mo);
        if (o.conditional.isValid()) {
          auto &bodies = skippedBodies[{t.getRawIdentifier().str(), o.conditional.getRawEncoding()}];
          body = &bodies.emplace_back(std::string());
          afterName = true;
        }
      }
      prev2 = prev;
      prev = t;
    });
  }

  // Whether every other branch of the conditional that chose `o` defines
  // the macro `name` with the same replacement.
  bool sameInEveryBranch(const std::string &name, const MacroOrigin &o) {
    if (!o.body || o.conditional.isInvalid()) return false;
    auto b = branchesOf.find(o.conditional.getRawEncoding());
    auto d = skippedBodies.find({name, o.conditional.getRawEncoding()});
    if (b == branchesOf.end() || d == skippedBodies.end() || d->second.size() != b->second - 1) return false;
    return std::all_of(d->second.begin(), d->second.end(),
                       [&](const std::optional<std::string> &x) { return x == o.body; });
  }

  // A replacement's tokens, joined by spaces, as both the live and the
  // skipped definitions are compared.
  void appendSpelling(std::string &body, const Token &t) { body += (body.empty() ? "" : " ") + pp->getSpelling(t); }
};

class ArchMacroCallbacks : public PPCallbacks {
public:
  explicit ArchMacroCallbacks(std::shared_ptr<ArchMacroState> s) : s_(std::move(s)) {}

  void If(SourceLocation loc, clang::SourceRange cond, ConditionValueKind value) override {
    cond = s_->fileRange(cond);
    s_->openGroup(loc, s_->conditionDependence(cond), value == CVK_True);
    s_->addCondition(cond);
  }
  void Ifdef(SourceLocation loc, const Token &name, const MacroDefinition &md) override {
    s_->openGroup(loc, s_->nameDependence(identifierOf(name), true, 0), bool(md));
  }
  void Ifndef(SourceLocation loc, const Token &name, const MacroDefinition &md) override {
    s_->openGroup(loc, s_->nameDependence(identifierOf(name), true, 0), !md);
  }
  void Elif(SourceLocation loc, clang::SourceRange cond, ConditionValueKind,
            SourceLocation) override {
    cond = s_->fileRange(cond);
    s_->branch(loc, s_->conditionDependence(cond));
    s_->addCondition(cond);
  }
  void Elifdef(SourceLocation loc, const Token &name, const MacroDefinition &) override {
    s_->branch(loc, s_->nameDependence(identifierOf(name), true, 0));
  }
  void Elifdef(SourceLocation loc, clang::SourceRange name, SourceLocation) override {
    elifName(loc, name);
  }
  void Elifndef(SourceLocation loc, const Token &name, const MacroDefinition &) override {
    s_->branch(loc, s_->nameDependence(identifierOf(name), true, 0));
  }
  void Elifndef(SourceLocation loc, clang::SourceRange name, SourceLocation) override {
    elifName(loc, name);
  }
  void Else(SourceLocation loc, SourceLocation) override { s_->branch(loc, Dependence()); }
  void Endif(SourceLocation loc, SourceLocation) override { s_->closeGroup(loc); }

  void MacroDefined(const Token &, const MacroDirective *md) override {
    if (!md || !md->getMacroInfo()) return;
    MacroOrigin o = s_->originOfDefinitionAt(md->getMacroInfo()->getDefinitionLoc());
    if (o.use == ArchUse::None) return;
    if (redefinesUnchosen(md)) return;
    o.definition = md->getMacroInfo()->getDefinitionLoc();
    if (!md->getMacroInfo()->isFunctionLike()) {
      o.body.emplace();
      for (const Token &t : md->getMacroInfo()->tokens()) s_->appendSpelling(*o.body, t);
    }
    s_->chosen[md->getMacroInfo()] = o;
  }

  void SourceRangeSkipped(clang::SourceRange range, SourceLocation) override {
    s_->scanSkipped(range);
  }

  // Nested expansions are reported too, at the outermost expansion's place:
  // `#define TPB MAX_THREADS` then `<<<n, TPB>>>` uses MAX_THREADS.
  void MacroExpands(const Token &name, const MacroDefinition &md, clang::SourceRange range,
                    const MacroArgs *) override {
    auto it = s_->chosen.find(md.getMacroInfo());
    // A host/device split (`#ifdef __CUDA_ARCH__`) gives host code the host
    // definition on purpose; only a choice by architecture is lost.
    if (it == s_->chosen.end() || it->second.use != ArchUse::Value) return;
    SourceLocation loc = s_->sm().getExpansionLoc(range.getBegin());
    if (s_->reportable(loc)) s_->expansions.push_back({loc, identifierOf(name).str(), it->second});
  }

private:
  // A definition identical to the macro's previous one, which no
  // conditional chose, changes nothing whichever branch is taken: assert.h
  // (no include guard, `#undef assert` first) included again by a header
  // under `#if defined(_CG_HAS_STL_ATOMICS)` keeps the `assert` it had.
  bool redefinesUnchosen(const MacroDirective *md) const {
    for (const MacroDirective *prev = md->getPrevious(); prev; prev = prev->getPrevious()) {
      const auto *def = dyn_cast<DefMacroDirective>(prev);
      if (!def) continue; // an #undef: look at what it removed
      const MacroInfo *mi = def->getInfo();
      return mi && !s_->chosen.count(mi) &&
             mi->isIdenticalTo(*md->getMacroInfo(), *s_->pp, /*Syntactically=*/true);
    }
    return false;
  }

  void elifName(SourceLocation loc, clang::SourceRange name) {
    std::vector<Word> words = s_->rawWords(name);
    Dependence d;
    if (!words.empty()) d = s_->nameDependence(words[0].ident, true, 0);
    s_->branch(loc, d);
  }

  std::shared_ptr<ArchMacroState> s_;
};

// The bodies of the TU's functions and lambdas, to find the innermost
// function around a location.
class FunctionBodies : public RecursiveASTVisitor<FunctionBodies> {
public:
  explicit FunctionBodies(ASTContext &ast) : sm_(ast.getSourceManager()) {
    traverseWholeUnit(*this, ast);
  }

  bool VisitFunctionDecl(FunctionDecl *fd) {
    add(fd);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *e) {
    add(e->getCallOperator());
    return true;
  }

  const FunctionDecl *innermost(SourceLocation loc) const {
    auto [file, offset] = sm_.getDecomposedLoc(sm_.getExpansionLoc(loc));
    const Body *best = nullptr;
    for (const Body &b : bodies_)
      if (b.file == file && b.begin <= offset && offset <= b.end &&
          (!best || b.begin > best->begin))
        best = &b;
    return best ? best->fn : nullptr;
  }

private:
  struct Body {
    FileID file;
    unsigned begin, end;
    const FunctionDecl *fn;
  };

  void add(const FunctionDecl *fd) {
    if (!fd || !fd->doesThisDeclarationHaveABody() || !fd->getBody()) return;
    clang::SourceRange r = fd->getBody()->getSourceRange();
    auto [bf, bo] = sm_.getDecomposedLoc(sm_.getExpansionLoc(r.getBegin()));
    auto [ef, eo] = sm_.getDecomposedLoc(sm_.getExpansionRange(r.getEnd()).getEnd());
    if (bf == ef && bo <= eo) bodies_.push_back({bf, bo, eo, fd});
  }

  const SourceManager &sm_;
  std::vector<Body> bodies_;
};

bool contains(const SourceManager &sm, clang::SourceRange r, SourceLocation loc) {
  if (r.isInvalid()) return false;
  return !sm.isBeforeInTranslationUnit(loc, r.getBegin()) &&
         !sm.isBeforeInTranslationUnit(r.getEnd(), loc);
}

// Variables outside any function whose initialiser expands an arch-chosen
// macro (`constexpr int kThreads = MY_KERNEL_MAX_THREADS;`), or uses such a
// variable, and the uses of them in host-only functions: the host pass
// initialises them from the definition for an undefined __CUDA_ARCH__.
class ArchVariables : public RecursiveASTVisitor<ArchVariables> {
public:
  struct Origin {
    std::string macro;
    MacroOrigin origin;
    const VarDecl *from = nullptr; // the variable it was initialised from, if not the macro
  };
  struct Use {
    const DeclRefExpr *ref;
    const FunctionDecl *fn;
    bool launchConfig;
  };

  ArchVariables(ASTContext &ast, const std::map<SourceLocation::UIntTy, std::pair<std::string, MacroOrigin>> &atLoc)
      : sm_(ast.getSourceManager()) {
    traverseWholeUnit(*this, ast);
    // Variables initialised from the macro, then those initialised from
    // them, to a fixed point.
    for (const VarDecl *v : vars_)
      for (const auto &[loc, what] : atLoc)
        if (inExpansionOf(v->getInit()->getSourceRange(), SourceLocation::getFromRawEncoding(loc))) {
          origins_[v] = Origin{what.first, what.second, nullptr};
          break;
        }
    for (bool grew = !origins_.empty(); grew;) {
      grew = false;
      for (const auto &[v, refs] : initRefs_)
        if (!origins_.count(v))
          for (const VarDecl *r : refs)
            if (auto it = origins_.find(r); it != origins_.end()) {
              origins_[v] = Origin{it->second.macro, it->second.origin, r};
              grew = true;
              break;
            }
    }
  }

  // Template patterns are enough: a host template's reference to a constant
  // is in its pattern already.
  bool VisitVarDecl(VarDecl *v) {
    if (isConstantOutsideFunctions(v)) vars_.push_back(v);
    return true;
  }
  bool TraverseFunctionDecl(FunctionDecl *fd) { return traverseFunction(fd, [&] { return Base::TraverseFunctionDecl(fd); }); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *fd) {
    return traverseFunction(fd, [&] { return Base::TraverseCXXMethodDecl(fd); });
  }
  bool TraverseCUDAKernelCallExpr(CUDAKernelCallExpr *e) {
    ++inConfig_;
    bool ok = TraverseStmt(e->getConfig());
    --inConfig_;
    if (!ok) return false;
    for (Stmt *c : e->children())
      if (c != e->getConfig() && !TraverseStmt(c)) return false;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    // Only references to the constants that can be followed are kept.
    const auto *v = dyn_cast<VarDecl>(e->getDecl());
    if (!v || !isConstantOutsideFunctions(v)) return true;
    if (fn_) uses_.push_back({e, fn_, inConfig_ > 0});
    else if (initOf_) initRefs_[initOf_].push_back(v->getCanonicalDecl());
    return true;
  }
  bool TraverseVarDecl(VarDecl *v) {
    if (fn_ || !v->hasInit()) return Base::TraverseVarDecl(v);
    const VarDecl *saved = initOf_;
    initOf_ = v->getCanonicalDecl();
    bool ok = Base::TraverseVarDecl(v);
    initOf_ = saved;
    return ok;
  }

  const Origin *originOf(const VarDecl *v) const {
    auto it = origins_.find(v->getCanonicalDecl());
    return it == origins_.end() ? nullptr : &it->second;
  }
  const std::vector<Use> &uses() const { return uses_; }

private:
  using Base = RecursiveASTVisitor<ArchVariables>;
  template <class F> bool traverseFunction(FunctionDecl *fd, F traverse) {
    const FunctionDecl *saved = fn_;
    if (fd->doesThisDeclarationHaveABody()) fn_ = fd;
    bool ok = traverse();
    fn_ = saved;
    return ok;
  }
  // Whether `loc` is in the text of `r`, a range that may begin or end in
  // a macro expansion (an initialiser that is one macro).
  bool inExpansionOf(clang::SourceRange r, SourceLocation loc) const {
    if (r.isInvalid()) return false;
    return contains(sm_, {sm_.getExpansionLoc(r.getBegin()), sm_.getExpansionRange(r.getEnd()).getEnd()}, loc);
  }
  // The constants the check follows: const, initialised, outside functions.
  static bool isConstantOutsideFunctions(const VarDecl *v) {
    return v->hasInit() && !v->isLocalVarDeclOrParm() && v->getType().isConstQualified();
  }

  const SourceManager &sm_;
  std::vector<const VarDecl *> vars_;
  std::map<const VarDecl *, Origin> origins_;
  std::map<const VarDecl *, std::vector<const VarDecl *>> initRefs_;
  std::vector<Use> uses_;
  const FunctionDecl *fn_ = nullptr;
  const VarDecl *initOf_ = nullptr;
  int inConfig_ = 0;
};

std::string describeHostFunction(const FunctionDecl *fd) {
  const FunctionDecl *owner = arch::executionSpaceOwner(fd);
  if (!owner) return "a lambda at namespace scope";
  std::string name = "host-only function '" + arch::entityName(owner) + "'";
  return owner == fd ? name : "a lambda in " + name;
}

std::string conditionalMessage(const Dependence &dep, const std::string &where) {
  bool value = dep.use == ArchUse::Value;
  std::string subject =
      value ? "the value of '__CUDA_ARCH__'" : "whether '__CUDA_ARCH__' is defined";
  if (!dep.via.empty()) subject = "'" + dep.via + "', which depends on " + subject + ",";
  return "conditional on " + subject + " in " + where +
         (value ? ", where '__CUDA_ARCH__' is never defined: it always takes the branch for an "
                  "undefined '__CUDA_ARCH__'"
                : ", where it never is: the device branch is dead code (should the function be "
                  "'__host__ __device__'?)");
}

} // namespace

ArchMacroInHostCodeCheck::ArchMacroInHostCodeCheck(std::string id, CheckContext &ctx)
    : Check(std::move(id), ctx), state_(std::make_shared<ArchMacroState>()) {}
ArchMacroInHostCodeCheck::~ArchMacroInHostCodeCheck() = default;

void ArchMacroInHostCodeCheck::registerPPCallbacks(Preprocessor &pp) {
  state_->pp = &pp;
  state_->ctx = &context();
  pp.addPPCallbacks(std::make_unique<ArchMacroCallbacks>(state_));
}

void ArchMacroInHostCodeCheck::onEndOfTranslationUnit(ASTContext &ast) {
  ArchMacroState &s = *state_;
  if (s.conditionals.empty() && s.expansions.empty()) return;
  const SourceManager &sm = ast.getSourceManager();
  FunctionBodies bodies(ast);

  for (const auto &c : s.conditionals) {
    const FunctionDecl *fd = bodies.innermost(c.loc);
    if (!fd || !arch::isHostOnly(fd)) continue;
    std::string msg = conditionalMessage(c.dep, describeHostFunction(fd));
    auto b = diag(c.loc, msg);
    if (!c.dep.via.empty())
      b.note(c.dep.viaLoc, "'" + c.dep.via + "' depends on '__CUDA_ARCH__'");
  }

  std::set<std::pair<unsigned, std::string>> seen;
  // Expansions outside any function: in the initialisers of constants.
  std::map<SourceLocation::UIntTy, std::pair<std::string, MacroOrigin>> outside;
  for (const auto &e : s.expansions) {
    // Uses inside #if conditions were judged as conditionals above.
    if (std::any_of(s.conditions.begin(), s.conditions.end(),
                    [&](clang::SourceRange r) { return contains(sm, r, e.loc); }))
      continue;
    if (!seen.insert({e.loc.getRawEncoding(), e.macro}).second) continue;
    if (s.sameInEveryBranch(e.macro, e.origin)) continue;
    const FunctionDecl *fd = bodies.innermost(e.loc);
    if (!fd) outside.emplace(e.loc.getRawEncoding(), std::make_pair(e.macro, e.origin));
    if (!fd || !arch::isHostOnly(fd)) continue;
    diag(e.loc, "macro '" + e.macro + "' is chosen by the value of '__CUDA_ARCH__' but used in " +
                    describeHostFunction(fd) +
                    ", where '__CUDA_ARCH__' is never defined: host code always gets the "
                    "definition for an undefined '__CUDA_ARCH__'")
        .note(e.origin.definition, "host code uses this definition of '" + e.macro + "'")
        .note(e.origin.conditional, "chosen by this conditional on '__CUDA_ARCH__'");
  }
  if (!outside.empty()) reportArchVariables(ast, outside);
}

// A constant initialised from an arch-chosen macro, used in a host-only
// function: one finding per function and constant, at its use in a launch
// configuration if there is one (the guide's example), else at its first.
void ArchMacroInHostCodeCheck::reportArchVariables(
    ASTContext &ast, const std::map<SourceLocation::UIntTy, std::pair<std::string, MacroOrigin>> &outside) {
  ArchVariables vars(ast, outside);
  std::map<std::pair<const FunctionDecl *, const VarDecl *>, const ArchVariables::Use *> chosen;
  for (const auto &u : vars.uses()) {
    const auto *v = cast<VarDecl>(u.ref->getDecl());
    if (!vars.originOf(v) || !arch::isHostOnly(u.fn) || !context().isReportable(u.ref->getBeginLoc())) continue;
    const ArchVariables::Use *&best = chosen[{u.fn, v->getCanonicalDecl()}];
    if (!best || (u.launchConfig && !best->launchConfig)) best = &u;
  }
  for (const auto &[key, u] : chosen) {
    const VarDecl *v = key.second;
    const ArchVariables::Origin *o = vars.originOf(v);
    auto b = diag(u->ref->getBeginLoc(),
                  "'" + v->getQualifiedNameAsString() + "' is initialised from macro '" + o->macro +
                      "', which is chosen by the value of '__CUDA_ARCH__', and used in " +
                      describeHostFunction(u->fn) +
                      ": the host pass initialises it with the definition for an undefined '__CUDA_ARCH__'");
    for (const VarDecl *at = v; at;) {
      const ArchVariables::Origin *ao = vars.originOf(at);
      std::string name = "'" + at->getQualifiedNameAsString() + "' is initialised from '";
      b.note(at->getLocation(), name + (ao->from ? ao->from->getQualifiedNameAsString() : o->macro) + "' here");
      at = ao->from;
    }
    b.note(o->origin.definition, "host code uses this definition of '" + o->macro + "'")
        .note(o->origin.conditional, "chosen by this conditional on '__CUDA_ARCH__'");
  }
}

CheckFactory archMacroInHostCodeCheck() {
  return checkFactory<ArchMacroInHostCodeCheck>(rule::ArchMacroInHostCode);
}

} // namespace warpcheck
