// `warpcheck lint [options] <files|dirs>... [-- <compiler args>]`
#include "analyzer/driver/Lint.h"
#include "cli/ArgParser.h"
#include "cli/Commands.h"
#include "reports/Formats.h"
#include "reports/TextFormat.h"
#include <fstream>
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

} // namespace

int lintCommand(const std::vector<std::string> &args) {
  LintOptions opts;
  std::string format = "text", output;
  Severity failOn = Severity::Warning;
  bool exitZero = false, quiet = false;
  std::string color = "auto";

  CommandSpec spec{
      "lint",
      "warpcheck lint [options] <file|dir>... [-- <compiler args>]\n"
      "       warpcheck lint -p <build-dir> [options] [file...] [-- <compiler args>]",
      "Analyse CUDA sources with Clang: one host pass and one device pass per arch,\n"
      "findings merged across passes. Directories are searched for .cu files.",
      {
          {"--build-path", "-p", "DIR", "read compile_commands.json from DIR",
           [&](const std::string &v, std::string &) { opts.inputs.buildDir = v; return true; }},
          {"--cuda-arch", "", "LIST", "device archs to analyse, e.g. sm_80,sm_90 (default: from the compile command, else sm_90)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.inputs.archs, e); }},
          {"--cuda-path", "", "DIR", "the CUDA toolkit (default: $CUDA_PATH, nvcc on PATH, /usr/local/cuda)",
           [&](const std::string &v, std::string &) { opts.cudaPath = v; return true; }},
          {"--enable", "", "LIST", "only these rules (ids or globs, comma-separated)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.enable, e); }},
          {"--disable", "", "LIST", "skip these rules (ids or globs)",
           [&](const std::string &v, std::string &e) { return splitList(v, opts.disable, e); }},
          {"--format", "-f", "FMT", std::string("output format: ") + formatNames() + " (default text)",
           [&](const std::string &v, std::string &e) {
             if (!isFormat(v)) { e = std::string("expected one of ") + formatNames(); return false; }
             format = v;
             return true;
           }},
          {"--output", "-o", "FILE", "write the report to FILE instead of stdout",
           [&](const std::string &v, std::string &) { output = v; return true; }},
          {"--fail-on", "", "SEV", "exit 1 when a finding is at least SEV: error, warning (default) or note",
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
          {"--color", "", "WHEN", "colour the text output: auto (default), always, never",
           [&](const std::string &v, std::string &e) {
             if (v != "auto" && v != "always" && v != "never") { e = "expected auto, always or never"; return false; }
             color = v;
             return true;
           }},
          {"--quiet", "-q", "", "do not print the summary line",
           [&](const std::string &, std::string &) { quiet = true; return true; }},
      },
      true,
      true};

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
  opts.inputs.extraArgs = parsed.trailing;
  if (opts.inputs.paths.empty() && opts.inputs.buildDir.empty()) {
    std::cerr << "warpcheck: error: no input files (name files or directories, or -p BUILD_DIR)\n";
    return kExitUsage;
  }
  opts.progress = isatty(STDERR_FILENO) && output.empty();

  LintOutcome outcome = runLint(opts);
  if (outcome.usageError) {
    std::cerr << "warpcheck: error: " << outcome.error << '\n';
    return kExitUsage;
  }
  Report &report = outcome.report;
  report.toolVersion = WARPCHECK_VERSION;

  std::ofstream file;
  if (!output.empty()) {
    file.open(output);
    if (!file) {
      std::cerr << "warpcheck: error: cannot write '" << output << "'\n";
      return kExitUsage;
    }
  }
  std::ostream &os = output.empty() ? std::cout : file;
  FormatOptions fo;
  fo.color = color == "always" || (color == "auto" && output.empty() && isatty(STDOUT_FILENO));
  writeReport(os, report, format, fo);
  if (!quiet && (format != "text" || !output.empty() || true))
    writeSummary(format == "text" && output.empty() ? std::cerr : std::cerr, report);

  bool parseErrors = false;
  for (const FileStatus &f : report.files) parseErrors |= f.status == FileStatusKind::ParseError;
  if (parseErrors) return kExitUsage;
  if (exitZero) return kExitClean;
  for (const Finding &f : report.findings)
    if (f.severity >= failOn) return kExitFindings;
  return kExitClean;
}

} // namespace warpcheck::cli
