// `warpcheck lint [options] <files|dirs>... [-- <compiler args>]`
#include "analyzer/driver/Lint.h"
#include "cli/ArgParser.h"
#include "cli/Commands.h"
#include "cli/ConfigOptions.h"
#include "cli/FixOptions.h"
#include "cli/OutputClash.h"
#include "cli/ReportOutput.h"
#include "cli/ReportControls.h"
#include "cli/TimeReport.h"
#include "config/ConfigApply.h"
#include "reports/TextFormat.h"
#include <algorithm>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace warpcheck::cli {
namespace {

bool splitList(const std::string &v, std::vector<std::string> &out, std::string &error) {
  size_t start = 0;
  while (start <= v.size()) {
    size_t comma = v.find(',', start);
    std::string item = v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item.empty()) {
      error = "empty item in list";
      return false;
    }
    out.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return true;
}

// A time budget: seconds, 0 or more (0: none).
bool parseSeconds(const std::string &v, double &out, std::string &error) {
  char *end = nullptr;
  double s = std::strtod(v.c_str(), &end);
  if (v.empty() || *end || !(s >= 0) || s > 1e9) {
    error = "expected a number of seconds, 0 or more";
    return false;
  }
  out = s;
  return true;
}

bool checkArchs(const std::vector<std::string> &archs, std::string &error) {
  for (const std::string &a : archs)
    if (!isGpuArchName(a)) return error = gpuArchError(a), false;
  return true;
}

// What the project configuration, the command line folded in, sets for the
// analysis: archs, compiler arguments, the rules it turns off, the files
// out of scope.
void useConfig(const ProjectConfig &config, LintOptions &opts) {
  // --enable's '-GLOB's are in the config's Rules now, and so below in
  // opts.disable; the analysis takes only the globs that turn rules on.
  opts.enable.erase(std::remove_if(opts.enable.begin(), opts.enable.end(), turnsRulesOff), opts.enable.end());
  opts.inputs.archs = config.archs;
  opts.inputs.extraArgs = config.extraArgs;
  for (const std::string &id : staticRuleIds())
    if (!ruleEnabled(config, id)) opts.disable.push_back(id);
  if (!config.include.empty() || !config.exclude.empty())
    opts.outOfScope = [config](const std::string &file) { return outOfScope(config, file); };
}

// What lint reads before the analysis: the named files, the compile
// database, the configuration and the controls' files.
std::vector<NamedPath> knownInputs(const LintOptions &opts, const ProjectConfig &config) {
  std::vector<NamedPath> inputs;
  for (const std::string &p : opts.inputs.paths) inputs.push_back({"the input", p});
  if (!opts.inputs.buildDir.empty()) {
    inputs.push_back({"the compile database", opts.inputs.buildDir});
    inputs.push_back({"the compile database", opts.inputs.buildDir + "/compile_commands.json"});
  }
  if (!config.file.empty()) inputs.push_back({"the configuration", config.file});
  return inputs;
}

// Why nothing was analysed, in one line, or "" when something was: a run
// that checked nothing must not look clean.
std::string nothingAnalysed(const Report &report) {
  size_t skipped = 0;
  const FileStatus *first = nullptr;
  for (const FileStatus &f : report.files) {
    if (f.status != FileStatusKind::Skipped) return "";
    if (!first) first = &f;
    ++skipped;
  }
  if (!first) return "nothing was analysed: no input file";
  return "nothing was analysed: " + std::string(skipped == 1 ? "the only file was" : "all " + std::to_string(skipped) + " files were") +
         " skipped ('" + first->path + "': " + first->reason + ")";
}

} // namespace

int lintCommand(const std::vector<std::string> &args) {
  LintOptions opts;
  OutputOptions out;
  ControlOptions controls;
  FixOptions fixes;
  ConfigOptions configOpts;
  std::optional<Severity> failOn; // --fail-on, else the config's FailOn
  std::vector<std::string> warningsAsErrors; // --warnings-as-errors
  bool exitZero = false, quiet = false;

  CommandSpec spec{
      "lint",
      "warpcheck lint [options] <file|dir>... [-- <compiler args>]\n"
      "       warpcheck lint -p <build-dir> [options] [file...] [-- <compiler args>]",
      "Analyse CUDA and HIP sources with Clang: one host pass and one device pass per\n"
      "arch, findings merged across passes. Directories are searched for .cu and .hip\n"
      "files.",
      {
          {"--build-path", "-p", "DIR", "read compile_commands.json from DIR",
           [&](const std::string &v, std::string &) { opts.inputs.buildDir = v; return true; }},
          {"--cuda-arch", "", "LIST", "device archs to analyse, e.g. sm_80,sm_90 (default: from the compile command, else sm_90)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.inputs.archs, e) && checkArchs(opts.inputs.archs, e); }},
          {"--offload-arch", "", "LIST", "the same for any GPU, as clang takes it: sm_90, gfx90a, gfx1100 (HIP default: gfx90a)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.inputs.archs, e) && checkArchs(opts.inputs.archs, e); }},
          {"--cuda-path", "", "DIR", "the CUDA toolkit (default: $CUDA_PATH, nvcc on PATH, /usr/local/cuda)",
           [&](const std::string &v, std::string &) { opts.cudaPath = v; return true; }},
          {"--hip-path", "", "DIR", "the HIP installation (default: $HIP_PATH, $ROCM_PATH, hipcc on PATH, /opt/rocm, /usr)",
           [&](const std::string &v, std::string &) { opts.hipPath = v; return true; }},
          {"--enable", "", "LIST", "only these rules (ids or globs, comma-separated); -GLOB turns rules off, as in "
           "Rules: (a list of -GLOBs alone keeps the other rules as configured)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.enable, e); }},
          {"--warnings-as-errors", "", "LIST", "report these rules' warnings as errors (ids or globs), added to the "
           "config's WarningsAsErrors",
           [&](const std::string &v, std::string &e) { return splitList(v, warningsAsErrors, e); }},
          {"--disable", "", "LIST", "skip these rules (ids or globs)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.disable, e); }},
          {"--fail-on", "", "SEV", "exit 1 when a finding is at least SEV: error, warning or note (default: the config's FailOn, else warning)",
           [&](const std::string &v, std::string &e) {
             auto s = parseSeverity(v);
             if (!s) { e = "expected error, warning or note"; return false; }
             failOn = *s;
             return true;
           }},
          {"--exit-zero", "", "", "exit 0 even when there are findings (errors in the run still exit 2)",
           [&](const std::string &, std::string &) { exitZero = true; return true; }},
          {"--jobs", "-j", "N", "analyse N passes in parallel (default: all cores)",
           [&](const std::string &v, std::string &e) {
             char *end = nullptr;
             long n = std::strtol(v.c_str(), &end, 10);
             if (v.empty() || *end || n < 1 || n > 1024) { e = "expected a number from 1 to 1024"; return false; }
             opts.jobs = unsigned(n);
             return true;
           }},
          {"--system-headers", "", "", "also report findings in system headers (CCCL, toolkit)",
           [&](const std::string &, std::string &) { opts.analysis.systemHeaders = true; return true; }},
          {"--max-time-per-file", "", "SECONDS",
           "stop analysing a file after SECONDS (all its passes); the rules not completed are listed in its status (default 300; 0: no limit)",
           [&](const std::string &v, std::string &e) { return parseSeconds(v, opts.maxSecondsPerFile, e); }},
          {"--max-time-per-function", "", "SECONDS",
           "stop analysing a function after SECONDS in one pass; its rules not completed are listed in the file's status (default 60; 0: no limit)",
           [&](const std::string &v, std::string &e) { return parseSeconds(v, opts.maxSecondsPerFunction, e); }},
          {"--time-report", "", "", "print the time of each pass (parsing, analysis) and rule on stderr, and put it in the JSON report",
           [&](const std::string &, std::string &) { opts.timeReport = true; return true; }},
          {"--quiet", "-q", "", "do not print the summary line",
           [&](const std::string &, std::string &) { quiet = true; return true; }},
      },
      true,
      true};
  out.addTo(spec.options, "stdout");
  configOpts.addTo(spec.options, "the first input");
  controls.addTo(spec.options);
  fixes.addTo(spec.options);

  ParsedArgs parsed;
  std::string error;
  if (!parseArgs(spec, args, parsed, error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  if (parsed.help) {
    printHelp(std::cout, spec);
    return kExitClean;
  }
  opts.inputs.paths = parsed.positionals;
  ProjectConfig config;
  std::string firstInput = !parsed.positionals.empty() ? parsed.positionals[0] : opts.inputs.buildDir;
  if (!configOpts.load(firstInput.empty() ? "." : firstInput, config, error) ||
      !applyCommandLine(config, {opts.enable, opts.disable, warningsAsErrors, opts.inputs.archs, parsed.trailing, failOn},
                        error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  if (configOpts.dump) {
    dumpConfig(std::cout, config);
    return kExitClean;
  }
  useConfig(config, opts);
  if (fixes.fix && opts.analysis.systemHeaders) {
    // Their findings would be fixed in the toolkit's (or CCCL's) headers.
    std::cerr << "warpcheck: error: --fix cannot be combined with --system-headers (--export-fixes can)\n";
    return kExitUsage;
  }
  if (opts.inputs.paths.empty() && opts.inputs.buildDir.empty()) {
    std::cerr << "warpcheck: error: no input files (name files or directories, or -p BUILD_DIR)\n";
    return kExitUsage;
  }
  if (!out.open(error) || !controls.load(error) || !fixes.load(error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  std::vector<NamedPath> outputs, inputs = knownInputs(opts, config);
  out.addOutputs(outputs);
  controls.addPaths(outputs, inputs);
  fixes.addPaths(outputs);
  if (error = findOutputClash(outputs, inputs); !error.empty()) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  opts.progress = isatty(STDERR_FILENO) && out.output.empty();

  LintOutcome outcome = runLint(opts);
  if (outcome.usageError) {
    std::cerr << "warpcheck: error: " << outcome.error << '\n';
    return kExitUsage;
  }
  Report &report = outcome.report;
  report.toolVersion = WARPCHECK_VERSION;
  // The files a directory or a database named (a source among them may be
  // -o's target too).
  inputs.clear();
  for (const FileStatus &f : report.files) inputs.push_back({"the input", f.path});
  if (error = findOutputClash(outputs, inputs); !error.empty()) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  std::string nothing = nothingAnalysed(report);
  if (!nothing.empty()) report.problems.push_back(nothing);
  std::vector<std::string> analysed;
  for (const FileStatus &f : report.files)
    if (f.status == FileStatusKind::Analyzed) analysed.push_back(f.path);
  if (!controls.apply(report, out.sourceRoot, analysed, &config, error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }

  std::ostringstream text;
  writeReport(text, report, out.format, out.formatOptions(isatty(STDOUT_FILENO)));
  if (!out.write(text.str(), std::cout, "standard output", error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  // On stderr, so that stdout holds the report and nothing else.
  if (opts.timeReport) writeTimeReport(std::cerr, report);
  if (!quiet) writeSummary(std::cerr, report);
  if (!nothing.empty()) {
    std::cerr << "warpcheck: error: " << nothing << '\n';
    return kExitUsage;
  }
  // After the report, as clang-tidy does: the findings fixed are reported
  // at the places lint saw them.
  if (!fixes.run(report, std::cerr, error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }

  // A file whose analysis a time budget (of the file or of one of its
  // functions) cut short is no clean result.
  bool parseErrors = false, incomplete = false;
  for (const FileStatus &f : report.files) {
    parseErrors |= f.status == FileStatusKind::ParseError;
    incomplete |= !f.incompleteRules.empty();
  }
  if (parseErrors || incomplete) return kExitUsage;
  if (exitZero) return kExitClean;
  return failsRun(config, report.findings) ? kExitFindings : kExitClean;
}

} // namespace warpcheck::cli
