// `warpcheck lint [options] <files|dirs>... [-- <compiler args>]`
#include "analyzer/driver/Lint.h"
#include "cli/ArgParser.h"
#include "cli/Commands.h"
#include "cli/ConfigOptions.h"
#include "cli/FixOptions.h"
#include "cli/LintConfigs.h"
#include "cli/OutputClash.h"
#include "cli/ReportOutput.h"
#include "cli/ReportControls.h"
#include "cli/TimeReport.h"
#include "config/ConfigApply.h"
#include "reports/formats/TextFormat.h"
#include "support/GpuArch.h"
#include "reports/Emit.h"
#include "reports/model/SourcePaths.h"
#include <algorithm>
#include <iostream>
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

// What lint reads before the analysis: the named files, the compile
// database, --config-file and the controls' files. (The configurations
// found per source are known once the inputs are collected.)
std::vector<NamedPath> knownInputs(const LintOptions &opts, const ConfigOptions &configOpts) {
  std::vector<NamedPath> inputs;
  if (!configOpts.file.empty()) inputs.push_back({"the configuration", configOpts.file});
  for (const std::string &p : opts.inputs.paths) inputs.push_back({"the input", p});
  if (!opts.inputs.buildDir.empty()) {
    inputs.push_back({"the compile database", opts.inputs.buildDir});
    inputs.push_back({"the compile database", opts.inputs.buildDir + "/compile_commands.json"});
  }
  return inputs;
}

// Why nothing was analysed, in one line, or "" when something was: a run
// that checked nothing must not look clean.
std::string nothingAnalysed(const Report &report) {
  size_t skipped = 0, unincluded = 0;
  const FileStatus *first = nullptr;
  for (const FileStatus &f : report.files) {
    if (f.status != FileStatusKind::Skipped) return "";
    if (!first) first = &f;
    ++skipped;
    unincluded += f.reason.rfind(kNoIncluderReason, 0) == 0;
  }
  if (!first) return "nothing was analysed: no input file";
  // Headers no source includes yet (a new header staged for a commit)
  // have nothing to be checked through: their warning is the note.
  if (unincluded == skipped) return "";
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
  bool exitZero = false, quiet = false, verbose = false;

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
          {"--quiet", "-q", "", "do not print the summary line nor the progress",
           [&](const std::string &, std::string &) { quiet = true; return true; }},
          {"--verbose", "", "", "print on stderr, for each file: its configuration, the clang command of each pass and the times",
           [&](const std::string &, std::string &) { verbose = true; return true; }},
      },
      true,
      true};
  out.addTo(spec.options, "stdout");
  configOpts.addTo(spec.options, "each source file");
  controls.addTo(spec.options);
  fixes.addTo(spec.options);

  ParsedArgs parsed;
  if (std::optional<int> exit = parseCommandLine(spec, args, parsed, "warpcheck")) return *exit;
  std::string error;
  opts.inputs.paths = parsed.positionals;
  // Each TU takes the configuration of its main file; the command line is
  // checked once here, before anything is read.
  CommandLineSettings cli{opts.enable, opts.disable, warningsAsErrors, opts.inputs.archs, parsed.trailing, failOn};
  ProjectConfig unused;
  if (configOpts.none && !configOpts.file.empty()) error = "--config-file and --no-config exclude each other";
  if (!error.empty() || !applyCommandLine(unused, cli, error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  LintConfigs configs(configOpts, cli);
  if (configOpts.dump) {
    // The configuration of the first input (of the build directory without one).
    std::string firstInput = !parsed.positionals.empty() ? parsed.positionals[0] : opts.inputs.buildDir;
    const ProjectConfig *config = configs.resolver().forSource(firstInput.empty() ? "." : firstInput, error);
    if (!config) {
      std::cerr << "warpcheck: error: " << error << '\n';
      return kExitUsage;
    }
    dumpConfig(std::cout, *config);
    return kExitClean;
  }
  configs.useIn(opts, verbose);
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
  std::vector<NamedPath> outputs, inputs = knownInputs(opts, configOpts);
  out.addOutputs(outputs);
  controls.addPaths(outputs, inputs);
  fixes.addPaths(outputs);
  if (error = findOutputClash(outputs, inputs); !error.empty()) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  // Progress on stderr only, so that stdout holds the report alone: a line
  // redrawn on a terminal, plain lines every few files in a log.
  bool terminal = isatty(STDERR_FILENO);
  opts.progress = quiet                ? LintOptions::Progress::Off
                  : !terminal          ? LintOptions::Progress::Lines
                  : out.output.empty() ? LintOptions::Progress::Terminal
                                       : LintOptions::Progress::Off;

  LintOutcome outcome = runLint(opts);
  if (outcome.usageError) {
    std::cerr << "warpcheck: error: " << outcome.error << '\n';
    return kExitUsage;
  }
  Report &report = outcome.report;
  report.toolVersion = WARPCHECK_VERSION;
  // The files a directory or a database named (a source among them may be
  // -o's target too), and the configurations of their TUs.
  inputs.clear();
  std::string cwd = currentDirectory();
  for (const FileStatus &f : report.files) inputs.push_back({"the input", displayPath(f.path, cwd)});
  for (const std::string &c : configs.resolver().filesRead()) inputs.push_back({"the configuration", c});
  if (error = findOutputClash(outputs, inputs); !error.empty()) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  std::vector<std::string> analysed;
  for (const FileStatus &f : report.files)
    if (f.status == FileStatusKind::Analyzed) analysed.push_back(f.path);
  // Each TU's findings took its configuration in the analysis; a
  // suppression-invalid finding of a NOLINT comment takes that of its file.
  std::string configError;
  FinishOptions finishing{out.sourceRoot, analysed, configs.forControls(configError)};
  if (!finish(report, controls.loaded(), finishing, error) || !(error = configError).empty()) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  // After finish(): it names a file as the report shows it.
  std::string nothing = nothingAnalysed(report);
  if (!nothing.empty()) report.problems.push_back(nothing);

  // The time report and summary on stderr, so that stdout holds the report
  // and nothing else.
  EmitOptions emitting = out.emitOptions(isatty(STDOUT_FILENO));
  emitting.quiet = quiet;
  if (opts.timeReport) emitting.beforeSummary = [&report](std::ostream &os) { writeTimeReport(os, report); };
  if (!emit(report, emitting, std::cout, "standard output", std::cerr, error)) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
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
  EmitVerdict verdict = verdictOf(report);
  if (verdict.parseErrors || verdict.incomplete) return kExitUsage;
  if (exitZero) return kExitClean;
  bool fails = configs.failRun(report.findings, error);
  if (!error.empty()) {
    std::cerr << "warpcheck: error: " << error << '\n';
    return kExitUsage;
  }
  if (fails) return kExitFindings;
  return kExitClean;
}

} // namespace warpcheck::cli
