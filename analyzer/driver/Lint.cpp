#include "analyzer/driver/Lint.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/driver/PassRunner.h"
#include "reports/model/RuleCatalog.h"
#include "reports/model/SourcePaths.h"
#include "support/Glob.h"
#include "support/Printable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <mutex>

#ifndef WARPCHECK_CLANG_RESOURCE_DIR
#define WARPCHECK_CLANG_RESOURCE_DIR ""
#endif

namespace warpcheck {
namespace {

// Rule globs as the configuration's Rules and the suppression files take
// them (support/Glob.h), so that one pattern means the same everywhere.
bool matchesAny(const std::string &id, const std::vector<std::string> &globs) {
  for (const std::string &g : globs)
    if (globMatch(g, id)) return true;
  return false;
}

// Validates --enable/--disable: every entry must name a rule or match one.
bool selectChecks(const LintOptions &opts, std::vector<const CheckFactory *> &out,
                  std::string &error) {
  for (const auto *list : {&opts.enable, &opts.disable}) {
    for (const std::string &g : *list) {
      if (!globError(g).empty()) {
        error = "invalid rule pattern '" + g + "'";
        return false;
      }
      // Any rule lint reports counts: its checks, and the static rules it
      // reports after analysis (suppression-invalid and unused-suppression,
      // from NOLINT comments and the baseline).
      bool any = false, dynamicOnly = false;
      for (const RuleInfo &r : ruleCatalog()) {
        if (!globMatch(g, r.id)) continue;
        any |= r.isStatic;
        dynamicOnly |= !r.isStatic;
      }
      if (!any) {
        std::string near = nearestRuleId(g);
        error = dynamicOnly ? "rule '" + g + "' is reported by `warpcheck run` only, not by lint"
                            : "unknown rule '" + g + "'" + (near.empty() ? "" : "; did you mean '" + near + "'?");
        return false;
      }
    }
  }
  for (const CheckFactory &f : allChecks()) {
    bool on = opts.enable.empty() || matchesAny(f.id, opts.enable);
    if (on && !matchesAny(f.id, opts.disable)) out.push_back(&f);
  }
  return true;
}

// A TU analysed for the named headers it includes reports their findings
// only, wherever clang spelled their paths.
void keepFindingsIn(const std::vector<std::string> &headers, std::vector<Finding> &findings) {
  std::set<std::string> wanted(headers.begin(), headers.end());
  std::map<std::string, bool> inWanted;
  auto keep = [&](const std::string &file) {
    auto [at, fresh] = inWanted.emplace(file, false);
    if (fresh) {
      llvm::SmallString<256> real;
      at->second = wanted.count(file) || (!llvm::sys::fs::real_path(file, real) && wanted.count(std::string(real)));
    }
    return at->second;
  };
  findings.erase(std::remove_if(findings.begin(), findings.end(), [&](const Finding &f) { return !keep(f.where.file); }),
                 findings.end());
}

// The report's file entries of a TU: itself, and each named header it was
// analysed for, with its status. A TU analysed for its headers alone is not
// listed; its clang messages go with the first header, so they are shown
// once.
void addHeaderStatuses(const TranslationUnit &tu, FileStatus status, std::vector<FileStatus> &files) {
  bool first = !tu.headersOnly;
  if (first) files.push_back(status);
  for (const std::string &h : tu.headers) {
    FileStatus s = status;
    s.path = h;
    if (first) s.diagnostics.clear();
    first = true;
    files.push_back(std::move(s));
  }
  if (tu.headers.empty() && tu.headersOnly) files.push_back(std::move(status));
}

// Plain progress lines come every this many files: every file up to 20,
// else about every 5%, so that a log holds some 20 of them.
size_t progressLineInterval(size_t files) { return files <= 20 ? 1 : (files + 19) / 20; }

// --verbose's lines for one TU, each "warpcheck: FILE: ...": its
// configuration (`describe`), where its flags come from, the clang command
// line of each pass as runPass hands it to clang, and the passes' times.
std::string verboseUnitLines(const TranslationUnit &tu, const FrontendConfig &config, const std::string &cwd,
                             const std::vector<std::string> &describe,
                             const std::vector<std::pair<std::string, double>> &passSeconds) {
  std::string out, head = "warpcheck: " + printable(displayPath(tu.file, cwd)) + ": ";
  for (const std::string &line : describe) out += head + printable(line) + '\n';
  out += head + "compile flags from " +
         (tu.origin == "command line" ? "the command line" : printable(displayPath(tu.origin, cwd))) + '\n';
  for (const Pass &p : planPasses(tu.archs, tu.language, tu.args)) {
    out += head + p.name() + " pass:";
    for (const std::string &arg : passCommandLine(tu, p, config)) out += " " + printable(shellQuoted(arg));
    out += '\n';
  }
  double total = 0;
  std::string each;
  char buf[64];
  for (const auto &[pass, seconds] : passSeconds) {
    total += seconds;
    std::snprintf(buf, sizeof buf, "%.2f s", seconds);
    each += (each.empty() ? "" : ", ") + pass + " " + buf;
  }
  std::snprintf(buf, sizeof buf, "%.2f s", total);
  return out + head + "passes took " + buf + " in all (" + each + ")\n";
}

// Why rules were not completed on a file: its budget ran out, or that of
// some of its functions (named, each with its rules; the first few only,
// generated code can have thousands).
std::string budgetReason(const LintOptions &opts, const std::set<std::string> &fileIncomplete,
                         const std::map<std::string, std::set<std::string>> &functions) {
  std::ostringstream why;
  if (!fileIncomplete.empty())
    why << "the time budget of " << opts.maxSecondsPerFile << " s per file (--max-time-per-file) ran out";
  if (functions.empty()) return why.str();
  if (!fileIncomplete.empty()) why << "; ";
  why << "the time budget of " << opts.maxSecondsPerFunction << " s per function (--max-time-per-function) ran out in ";
  const size_t shown = 5;
  size_t n = 0;
  for (const auto &[fn, rules] : functions) {
    if (n == shown) break;
    why << (n ? ", " : "") << "'" << printable(fn) << "' (";
    size_t r = 0;
    for (const std::string &rule : rules) why << (r++ ? ", " : "") << rule;
    why << ')';
    ++n;
  }
  if (functions.size() > shown) why << " and " << functions.size() - shown << " more functions";
  return why.str();
}

} // namespace

std::vector<std::string> staticRuleIds() {
  std::vector<std::string> ids;
  for (const CheckFactory &f : allChecks()) ids.push_back(f.id);
  return ids;
}

LintOutcome runLint(const LintOptions &opts) {
  LintOutcome outcome;
  Report &report = outcome.report;
  report.command = "lint";

  std::vector<const CheckFactory *> checks;
  if (!selectChecks(opts, checks, outcome.error)) {
    outcome.usageError = true;
    return outcome;
  }
  Inputs inputs;
  if (!collectInputs(opts.inputs, inputs, outcome.error)) {
    outcome.usageError = true;
    return outcome;
  }
  // Paths found in directories and databases may hold any byte.
  for (const std::string &w : inputs.warnings) llvm::errs() << "warpcheck: warning: " << printable(w) << '\n';
  if (opts.outOfScope) {
    std::vector<TranslationUnit> inScope;
    for (TranslationUnit &tu : inputs.units) {
      FileStatus skipped;
      skipped.reason = opts.outOfScope(tu.file);
      if (skipped.reason.empty()) {
        inScope.push_back(std::move(tu));
        continue;
      }
      if (opts.verbose) {
        // Which configuration put it out of scope.
        std::string head = "warpcheck: " + printable(displayPath(tu.file, currentDirectory())) + ": ";
        if (opts.describeUnit)
          for (const std::string &line : opts.describeUnit(tu.file)) llvm::errs() << head << printable(line) << '\n';
        llvm::errs() << head << "not analysed: " << printable(skipped.reason) << '\n';
      }
      skipped.path = tu.file;
      skipped.status = FileStatusKind::Skipped;
      inputs.skipped.push_back(std::move(skipped));
    }
    inputs.units = std::move(inScope);
  }
  FrontendConfig config;
  // Each language's installation is needed only when a TU is in it.
  bool anyCuda = false, anyHip = false;
  for (const TranslationUnit &tu : inputs.units)
    (tu.language == SourceLanguage::Hip ? anyHip : anyCuda) = true;
  std::string tkError;
  if (anyCuda || !anyHip) {
    auto tk = findCudaToolkit(opts.cudaPath, tkError);
    if (!tk) {
      outcome.usageError = true;
      outcome.error = tkError;
      return outcome;
    }
    config.toolkit = *tk;
  }
  if (anyHip) {
    auto hip = findHipInstallation(opts.hipPath, tkError);
    if (!hip) {
      outcome.usageError = true;
      outcome.error = tkError;
      return outcome;
    }
    config.hip = *hip;
  }
  config.resourceDir = opts.resourceDir.empty() ? WARPCHECK_CLANG_RESOURCE_DIR : opts.resourceDir;

  // The rules each TU's configuration runs.
  std::vector<std::vector<const CheckFactory *>> unitChecks(inputs.units.size());
  for (size_t u = 0; u < inputs.units.size(); ++u)
    for (const CheckFactory *c : checks)
      if (!opts.ruleEnabled || opts.ruleEnabled(inputs.units[u].file, c->id)) unitChecks[u].push_back(c);

  // One job per (TU, pass); results land in per-TU slots.
  struct Job { size_t unit; Pass pass; };
  std::vector<Job> jobs;
  std::vector<std::vector<PassResult>> results(inputs.units.size());
  std::vector<size_t> passesLeft(inputs.units.size());
  for (size_t u = 0; u < inputs.units.size(); ++u) {
    const TranslationUnit &tu = inputs.units[u];
    std::vector<Pass> passes = planPasses(tu.archs, tu.language, tu.args);
    results[u].resize(passes.size());
    passesLeft[u] = passes.size();
    for (const Pass &p : passes) jobs.push_back(Job{u, p});
  }
  std::vector<size_t> slot(jobs.size());
  {
    std::vector<size_t> next(inputs.units.size(), 0);
    for (size_t j = 0; j < jobs.size(); ++j) slot[j] = next[jobs[j].unit]++;
  }

  // One time budget per TU, shared by its passes.
  std::vector<std::unique_ptr<AnalysisBudget>> budgets;
  for (size_t u = 0; u < inputs.units.size(); ++u)
    budgets.push_back(std::make_unique<AnalysisBudget>(opts.maxSecondsPerFile, opts.maxSecondsPerFunction));

  std::string cwd = currentDirectory();
  std::vector<double> jobSeconds(jobs.size());
  size_t done = 0, unitsDone = 0;
  const size_t lineEvery = progressLineInterval(inputs.units.size());
  std::mutex progressMutex;
  auto runJob = [&](size_t j) {
    const Job &job = jobs[j];
    const TranslationUnit &tu = inputs.units[job.unit];
    AnalysisOptions analysis = opts.analysis;
    analysis.budget = budgets[job.unit].get();
    budgets[job.unit]->start();
    auto t0 = AnalysisBudget::Clock::now();
    results[job.unit][slot[j]] = runPass(tu, job.pass, config, analysis, unitChecks[job.unit]);
    jobSeconds[j] = secondsSince(t0);
    std::lock_guard<std::mutex> lock(progressMutex);
    size_t n = ++done;
    bool unitDone = --passesLeft[job.unit] == 0;
    unitsDone += unitDone;
    if (opts.progress == LintOptions::Progress::Terminal) {
      llvm::errs() << "\r[" << n << "/" << jobs.size() << "] "
                   << printable(llvm::sys::path::filename(tu.file).str()) << " (" << job.pass.name() << ")\033[K";
      if (n == jobs.size()) llvm::errs() << "\r\033[K";
    }
    if (!unitDone) return;
    if (opts.verbose) {
      if (opts.progress == LintOptions::Progress::Terminal) llvm::errs() << "\r\033[K";
      std::vector<std::pair<std::string, double>> passSeconds;
      for (size_t k = j - slot[j]; k < jobs.size() && jobs[k].unit == job.unit; ++k) // a TU's jobs are adjacent
        passSeconds.push_back({jobs[k].pass.name(), jobSeconds[k]});
      std::vector<std::string> describe;
      if (opts.describeUnit) describe = opts.describeUnit(tu.file);
      llvm::errs() << verboseUnitLines(tu, config, cwd, describe, passSeconds);
    }
    if (opts.progress == LintOptions::Progress::Lines && inputs.units.size() > 1 &&
        (unitsDone % lineEvery == 0 || unitsDone == inputs.units.size()))
      llvm::errs() << "warpcheck: [" << unitsDone << "/" << inputs.units.size() << "] "
                   << printable(displayPath(tu.file, cwd)) << '\n';
  };
  unsigned threads = opts.jobs ? opts.jobs : llvm::hardware_concurrency().compute_thread_count();
  if (threads <= 1 || jobs.size() <= 1) {
    for (size_t j = 0; j < jobs.size(); ++j) runJob(j);
  } else {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(threads));
    for (size_t j = 0; j < jobs.size(); ++j) pool.async([&, j] { runJob(j); });
    pool.wait();
  }

  for (size_t u = 0; u < inputs.units.size(); ++u) {
    FileStatus status;
    status.path = inputs.units[u].file;
    std::vector<const PassFacts *> facts;
    bool allParsed = true, userErrors = false;
    std::set<std::string> incomplete, fileIncomplete;
    std::map<std::string, std::set<std::string>> incompleteFunctions;
    FileTiming timing;
    std::vector<Finding> unitFindings;
    for (PassResult &r : results[u]) {
      status.passes.push_back(r.pass.name());
      allParsed &= r.parsed;
      userErrors |= !r.parsed && (r.errorsInUserCode || !r.checked);
      for (Diagnostic &d : r.diagnostics) status.diagnostics.push_back(std::move(d));
      for (Finding &f : r.findings) unitFindings.push_back(std::move(f));
      facts.push_back(r.facts.get());
      incomplete.insert(r.timing.incompleteRules.begin(), r.timing.incompleteRules.end());
      fileIncomplete.insert(r.timing.incompleteRules.begin(), r.timing.incompleteRules.end());
      for (const auto &[fn, rules] : r.timing.incompleteFunctions) {
        incompleteFunctions[fn].insert(rules.begin(), rules.end());
        incomplete.insert(rules.begin(), rules.end());
      }
      timing.passes.push_back({r.pass.name(), r.timing.parseSeconds, r.timing.analysisSeconds,
                               r.timing.uniformitySeconds});
      for (const auto &[rule, seconds] : r.timing.ruleSeconds) timing.ruleSeconds[rule] += seconds;
    }
    // Errors only inside system headers leave every function of the user's
    // code analysed: the file counts as analysed, with clang's messages.
    status.status = allParsed     ? FileStatusKind::Analyzed
                    : userErrors ? FileStatusKind::ParseError
                                 : FileStatusKind::AnalyzedWithErrors;
    // Passes can only be compared when every pass saw the whole TU, and
    // a comparison of passes whose facts the budget cut short is not made.
    if (allParsed) {
      AnalysisOptions tuOpts = opts.analysis;
      tuOpts.relocatableDeviceCode = inputs.units[u].relocatableDeviceCode;
      for (const CheckFactory *c : unitChecks[u]) {
        if (!c->comparePasses) continue;
        if (incomplete.count(c->id) || budgets[u]->expired()) {
          incomplete.insert(c->id);
          if (budgets[u]->expired()) fileIncomplete.insert(c->id);
          continue;
        }
        auto t0 = AnalysisBudget::Clock::now();
        c->comparePasses(facts, tuOpts, unitFindings);
        timing.ruleSeconds[c->id] += secondsSince(t0);
      }
    }
    if (status.status != FileStatusKind::ParseError && !incomplete.empty()) {
      status.incompleteRules.assign(incomplete.begin(), incomplete.end());
      status.reason = budgetReason(opts, fileIncomplete, incompleteFunctions);
    }
    if (opts.timeReport) status.timing = std::move(timing);
    const TranslationUnit &tu = inputs.units[u];
    if (opts.configureFindings) opts.configureFindings(tu.file, unitFindings);
    if (tu.headersOnly) keepFindingsIn(tu.headers, unitFindings);
    addHeaderStatuses(tu, std::move(status), report.files);
    for (Finding &f : unitFindings) report.findings.push_back(std::move(f));
  }
  for (FileStatus &s : inputs.skipped) report.files.push_back(std::move(s));
  // Paths stay as clang named them: finish() shows them (reports/Finish.h).
  mergeFindings(report.findings);
  return outcome;
}

} // namespace warpcheck
