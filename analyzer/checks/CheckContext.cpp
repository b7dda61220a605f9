#include "analyzer/checks/CheckContext.h"
#include "analyzer/checks/Check.h"
#include "analyzer/frontend/SourcePath.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "reports/model/RuleCatalog.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warpcheck {

Check::Check(std::string id, CheckContext &ctx) : id_(std::move(id)), ctx_(ctx) {}

CheckContext::CheckContext(clang::ASTContext *ast, Pass pass, AnalysisOptions opts)
    : AnalysisContext(ast, std::move(pass), std::move(opts)) {}
CheckContext::~CheckContext() = default;

static const clang::FunctionDecl *functionAround(const clang::Decl *decl) {
  if (const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(decl)) return fn;
  for (const clang::DeclContext *dc = decl->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(dc)) return fn;
  return nullptr;
}

// Functions in system headers (unless --system-headers) count as none:
// their findings are not reported, but their steps may record what a rule
// later reports in the user's code, so no per-function budget skips them.
// A match that binds only declarations is attributed when they agree on
// one function (a caller and its callee do not: such a step is the file's).
const clang::FunctionDecl *CheckContext::functionOf(const clang::ast_matchers::BoundNodes &nodes) {
  const clang::FunctionDecl *fn = nullptr;
  bool first = true;
  for (const auto &[id, node] : nodes.getMap()) {
    if (const auto *s = node.get<clang::Stmt>()) {
      fn = uniformity().enclosingFunction(s);
      break;
    }
    const auto *d = node.get<clang::Decl>();
    if (!d) continue;
    const clang::FunctionDecl *around = functionAround(d);
    if (!first && around != fn) fn = nullptr;
    else fn = around;
    first = false;
  }
  return fn && isReportable(fn->getLocation()) ? fn : nullptr;
}

std::string CheckContext::functionName(const clang::FunctionDecl *fn) {
  return fn->getQualifiedNameAsString();
}

PassTiming &CheckContext::timing() {
  timing_.uniformitySeconds = uniformity_ ? uniformity_->secondsSpent() : 0;
  return timing_;
}

static std::string absolutePath(llvm::StringRef name) { return resolvedSourcePath(name); }

SourceRange CheckContext::toRange(clang::SourceLocation loc) const {
  return toRange(clang::SourceRange(loc, loc));
}

SourceRange CheckContext::toRange(clang::SourceRange range) const {
  SourceRange out;
  const clang::SourceManager &sm = sources();
  clang::SourceLocation b = sm.getFileLoc(range.getBegin());
  clang::SourceLocation e = sm.getFileLoc(range.getEnd());
  clang::PresumedLoc pb = sm.getPresumedLoc(b, /*UseLineDirectives=*/false);
  if (pb.isInvalid()) return out;
  out.file = absolutePath(pb.getFilename());
  out.line = pb.getLine();
  out.column = pb.getColumn();
  out.endLine = out.line;
  out.endColumn = out.column;
  if (e.isValid() && sm.getFileID(e) == sm.getFileID(b)) {
    // The end of a token range is the start of its last token: extend it.
    unsigned len = clang::Lexer::MeasureTokenLength(e, sm, ast_->getLangOpts());
    clang::PresumedLoc pe = sm.getPresumedLoc(e, false);
    if (pe.isValid() && (pe.getLine() > out.line ||
                         (pe.getLine() == out.line && pe.getColumn() >= out.column))) {
      out.endLine = pe.getLine();
      out.endColumn = pe.getColumn() + (len ? len - 1 : 0);
    }
  }
  return out;
}

FindingBuilder CheckContext::report(const std::string &rule, clang::SourceLocation loc,
                                    const std::string &message) {
  Finding f;
  f.rule = rule;
  if (const RuleInfo *info = findRule(rule)) f.severity = info->severity;
  f.message = message;
  f.where = toRange(loc);
  f.passes.push_back(pass_.name());
  return FindingBuilder(isReportable(loc) ? this : nullptr, std::move(f));
}

void CheckContext::add(Finding f) { findings_.push_back(std::move(f)); }

FindingBuilder::~FindingBuilder() {
  if (ctx_) ctx_->add(std::move(finding_));
}

FindingBuilder &FindingBuilder::note(clang::SourceLocation loc, const std::string &message) {
  if (ctx_) finding_.notes.push_back(Note{ctx_->toRange(loc), message});
  return *this;
}

FindingBuilder &FindingBuilder::note(const SourceRange &where, const std::string &message) {
  finding_.notes.push_back(Note{where, message});
  return *this;
}

FindingBuilder &FindingBuilder::range(clang::SourceRange range) {
  if (ctx_) {
    SourceRange r = ctx_->toRange(range);
    if (r.file == finding_.where.file && r.line == finding_.where.line &&
        r.column == finding_.where.column) {
      finding_.where.endLine = r.endLine;
      finding_.where.endColumn = r.endColumn;
    }
  }
  return *this;
}

FindingBuilder &FindingBuilder::fixit(clang::CharSourceRange range, const std::string &replacement) {
  if (!ctx_) return *this;
  const clang::SourceManager &sm = ctx_->sources();
  clang::SourceLocation b = sm.getFileLoc(range.getBegin());
  clang::SourceLocation e = sm.getFileLoc(range.getEnd());
  SourceRange r = ctx_->toRange(b);
  clang::PresumedLoc pe = sm.getPresumedLoc(e, false);
  if (pe.isValid()) {
    r.endLine = pe.getLine();
    // Char ranges end one past the last character; token ranges at its start.
    unsigned len = range.isTokenRange()
                       ? clang::Lexer::MeasureTokenLength(e, sm, ctx_->ast().getLangOpts())
                       : 0;
    r.endColumn = pe.getColumn() + len - 1;
  }
  finding_.fixits.push_back(FixIt{r, replacement});
  return *this;
}

FindingBuilder &FindingBuilder::severity(Severity s) {
  finding_.severity = s;
  return *this;
}

} // namespace warpcheck
