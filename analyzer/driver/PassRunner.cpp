#include "analyzer/driver/PassRunner.h"
#include "analyzer/core/UserCodeScope.h"
#include "analyzer/frontend/CcclCompat.h"
#include "analyzer/frontend/CudaOverlay.h"
#include "analyzer/frontend/ErrorRecovery.h"
#include "analyzer/frontend/HipOverlay.h"
#include "analyzer/frontend/SourcePath.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace warpcheck {
namespace {

using clang::ast_matchers::MatchFinder;

// Keeps clang's errors as the file's diagnostics; warnings are off (-w).
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  ErrorCollector(std::vector<Diagnostic> &out, std::string pass) : out_(out), pass_(std::move(pass)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == clang::DiagnosticsEngine::Note && inErrorContext_ && inUserFile(info)) {
      // An error in a system header's template instantiated by the user's
      // code (std::sort with a comparator that is not one) is the user's.
      llvm::SmallString<128> msg;
      info.FormatDiagnostic(msg);
      inUserCode |= llvm::StringRef(msg).starts_with("in instantiation of");
    }
    if (level != clang::DiagnosticsEngine::Note) inErrorContext_ = level >= clang::DiagnosticsEngine::Error;
    if (level < clang::DiagnosticsEngine::Error) return;
    locations.push_back(info.getLocation());
    // An error with no place (the command line, too many errors) or in the
    // user's own files (not a system header) stops their analysis.
    inUserCode |= inUserFile(info);
    Diagnostic d;
    d.severity = level == clang::DiagnosticsEngine::Fatal ? "fatal error" : "error";
    llvm::SmallString<256> msg;
    info.FormatDiagnostic(msg);
    d.message = std::string(msg);
    d.pass = pass_;
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      const clang::SourceManager &sm = info.getSourceManager();
      clang::PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(info.getLocation()), false);
      if (p.isValid()) {
        d.where.file = resolvedSourcePath(p.getFilename());
        d.where.line = d.where.endLine = p.getLine();
        d.where.column = d.where.endColumn = p.getColumn();
      }
    }
    // Clang stops after too many errors; keep the first ones only.
    if (out_.size() < 50) out_.push_back(std::move(d));
  }

  std::vector<clang::SourceLocation> locations; // of every error
  bool inUserCode = false;

private:
  static bool inUserFile(const clang::Diagnostic &info) {
    if (!info.hasSourceManager() || info.getLocation().isInvalid()) return true;
    const clang::SourceManager &sm = info.getSourceManager();
    return !sm.isInSystemHeader(sm.getFileLoc(info.getLocation()));
  }

  bool inErrorContext_ = false; // the notes that follow belong to an error
  std::vector<Diagnostic> &out_;
  std::string pass_;
};

class LintConsumer : public clang::ASTConsumer {
public:
  LintConsumer(clang::CompilerInstance &ci, PassResult &result, const AnalysisOptions &opts,
               const std::vector<const CheckFactory *> &factories, const ErrorCollector &errors,
               AnalysisBudget::Clock::time_point started)
      : ci_(ci), result_(result), errors_(errors), ctx_(&ci.getASTContext(), result.pass, opts),
        finder_(matchOptions(opts)), started_(started) {
    bool host = result.pass.host;
    for (const CheckFactory *f : factories) {
      std::unique_ptr<Check> c = f->make(ctx_);
      if (host ? !c->runsInHostPass() : !c->runsInDevicePass()) {
        // Still collect cross-pass facts from every pass.
        if (f->comparePasses) collectOnly_.push_back(std::move(c));
        continue;
      }
      c->registerMatchers(finder_);
      c->registerPPCallbacks(ci.getPreprocessor());
      checks_.push_back(std::move(c));
    }
    for (auto &c : collectOnly_) c->registerPPCallbacks(ci.getPreprocessor());
  }

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    auto analysisStart = AnalysisBudget::Clock::now();
    result_.timing.parseSeconds = secondsSince(started_);
    // A fatal error (a missing header, too many errors) left the TU cut
    // short; other errors leave an AST the checks can run on, minus the
    // functions that hold them (analyzer/frontend/ErrorRecovery.h).
    if (ci_.getDiagnostics().hasFatalErrorOccurred()) return;
    if (ci_.getDiagnostics().hasErrorOccurred()) emptyFunctionsWithErrors(ast, errors_.locations);
    else result_.parsed = true;
    result_.checked = true;
    {
      UserCodeScope scope(ast, ctx_.options().systemHeaders);
      finder_.matchAST(ast);
      for (auto &c : checks_) ctx_.runRule(c->id(), [&] { c->onEndOfTranslationUnit(ast); });
      for (auto *list : {&checks_, &collectOnly_})
        for (auto &c : *list) ctx_.runRule(c->id(), [&] { c->collectFacts(ast, *result_.facts); });
    }
    result_.findings = ctx_.takeFindings();
    double parse = result_.timing.parseSeconds;
    result_.timing = ctx_.timing();
    result_.timing.parseSeconds = parse;
    result_.timing.analysisSeconds = secondsSince(analysisStart);
  }

private:
  // The matchers skip the declarations of system headers (the CUDA, CCCL
  // and C++ library headers, and what is instantiated there), unless
  // --system-headers asks for findings there: matching them was most of
  // the analysis time of a file with small kernels, for findings that are
  // not reported anyway. Templates of the user's files are still matched in
  // every instantiation. The parent map covers the user's declarations only
  // (UserCodeScope, set in HandleTranslationUnit); the rules' end-of-unit
  // work and their own visitors see the whole unit (core/WholeUnit.h).
  static MatchFinder::MatchFinderOptions matchOptions(const AnalysisOptions &opts) {
    MatchFinder::MatchFinderOptions o;
    o.IgnoreSystemHeaders = !opts.systemHeaders;
    return o;
  }

  clang::CompilerInstance &ci_;
  PassResult &result_;
  const ErrorCollector &errors_;
  CheckContext ctx_;
  MatchFinder finder_;
  std::vector<std::unique_ptr<Check>> checks_, collectOnly_;
  AnalysisBudget::Clock::time_point started_;
};

class LintAction : public clang::ASTFrontendAction {
public:
  LintAction(PassResult &result, const AnalysisOptions &opts,
             const std::vector<const CheckFactory *> &factories, const ErrorCollector &errors)
      : result_(result), opts_(opts), factories_(factories), errors_(errors),
        started_(AnalysisBudget::Clock::now()) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        llvm::StringRef) override {
    return std::make_unique<LintConsumer>(ci, result_, opts_, factories_, errors_, started_);
  }

private:
  PassResult &result_;
  const AnalysisOptions &opts_;
  const std::vector<const CheckFactory *> &factories_;
  const ErrorCollector &errors_;
  AnalysisBudget::Clock::time_point started_;
};

} // namespace

PassResult runPass(const TranslationUnit &tu, const Pass &pass, const FrontendConfig &config,
                   const AnalysisOptions &opts, const std::vector<const CheckFactory *> &checks) {
  PassResult result;
  result.pass = pass;
  result.facts = std::make_unique<PassFacts>(pass);

  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs(llvm::vfs::createPhysicalFileSystem().release());
  if (tu.language == SourceLanguage::Hip) fs = withHipOverlay(fs);
  else fs = withCudaOverlay(fs);
  if (!tu.directory.empty()) fs->setCurrentWorkingDirectory(tu.directory);
  fs = withCcclCompat(fs); // `__shared__ cuda::barrier` parses as with nvcc
  llvm::IntrusiveRefCntPtr<clang::FileManager> files(
      new clang::FileManager(clang::FileSystemOptions(), fs));
  ErrorCollector errors(result.diagnostics, pass.name());
  AnalysisOptions passOpts = opts;
  passOpts.relocatableDeviceCode = tu.relocatableDeviceCode;
  passOpts.warpSize = pass.warpSize;
  for (const Pass &p : planPasses(tu.archs, tu.language, tu.args))
    if (!p.host && p.hip && p.warpSize == 64) passOpts.wave64Archs.push_back(p.arch);
  clang::tooling::ToolInvocation invocation(passCommandLine(tu, pass, config),
                                            std::make_unique<LintAction>(result, passOpts, checks, errors),
                                            files.get());
  invocation.setDiagnosticConsumer(&errors);
  bool ok = invocation.run();
  if (!ok && result.diagnostics.empty()) {
    Diagnostic d;
    d.severity = "error";
    d.message = "clang could not run this pass";
    d.pass = pass.name();
    d.where.file = tu.file;
    result.diagnostics.push_back(d);
  }
  if (!result.diagnostics.empty()) result.parsed = false;
  result.errorsInUserCode = errors.inUserCode || (!ok && !result.checked);
  return result;
}

} // namespace warpcheck
