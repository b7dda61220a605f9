// `warpcheck report [options] <report.json | ->`: a JSON report saved by
// `lint` or `run` written again in any format, e.g. codeclimate for GitLab
// from the report a GPU machine wrote. Exit codes as lint's.
#include "cli/ArgParser.h"
#include "cli/Commands.h"
#include "cli/ReportOutput.h"
#include "cli/ReportControls.h"
#include "reports/input/JsonReader.h"
#include <iostream>
#include <unistd.h>

namespace warpcheck::cli {
namespace {

// Keys a newer warpcheck may have added: said once, not an error.
void warnIgnored(const std::string &name, const std::vector<std::string> &keys) {
  if (keys.empty()) return;
  std::cerr << "warpcheck report: warning: " << name << ": ignored " << keys.size() << " unknown field"
            << (keys.size() == 1 ? "" : "s") << " (written by a newer warpcheck?): ";
  for (size_t i = 0; i < keys.size() && i < 3; ++i) std::cerr << (i ? ", " : "") << keys[i];
  std::cerr << (keys.size() > 3 ? ", ...\n" : "\n");
}

} // namespace

int reportCommand(const std::vector<std::string> &args) {
  OutputOptions out;
  ControlOptions controls;
  Severity failOn = Severity::Warning;
  bool exitZero = false, quiet = false;

  CommandSpec spec{
      "report",
      "warpcheck report [options] <report.json | ->",
      "Read a JSON report written by `warpcheck lint` or `warpcheck run` (--format json)\n"
      "and write it in another format; '-' reads standard input. Findings without a\n"
      "fingerprint (a report of an older warpcheck) get one.\n"
      "Exit code: 0, or 1 when findings at or above --fail-on remain; 2 when the report\n"
      "cannot be read, lists files that failed to parse or says nothing was analysed,\n"
      "or when the output cannot be written.",
      {
          {"--fail-on", "", "SEV", "exit 1 when a finding is at least SEV: error, warning (default) or note",
           [&](const std::string &v, std::string &e) {
             auto s = parseSeverity(v);
             if (!s) return e = "expected error, warning or note", false;
             failOn = *s;
             return true;
           }},
          {"--exit-zero", "", "", "exit 0 even when there are findings (an unreadable report still exits 2)",
           [&](const std::string &, std::string &) { return exitZero = true; }},
          {"--quiet", "-q", "", "do not print the summary line",
           [&](const std::string &, std::string &) { return quiet = true; }},
      },
      /*takesPositionals=*/true,
      /*takesTrailingArgs=*/false};
  out.addTo(spec.options, "stdout");
  controls.addTo(spec.options);

  ParsedArgs parsed;
  if (std::optional<int> exit = parseCommandLine(spec, args, parsed, "warpcheck report")) return *exit;
  std::string error;
  if (parsed.positionals.size() != 1) {
    std::cerr << "warpcheck report: error: expected one report file (or - for standard input); usage: "
              << spec.usage << '\n';
    return kExitUsage;
  }
  const std::string &input = parsed.positionals[0];

  // Read before -o truncates its file: it may be the report itself.
  Report report;
  std::vector<std::string> ignored;
  if (!readJsonReportFile(input, report, error, &ignored)) {
    std::cerr << "warpcheck report: error: " << error << '\n';
    return kExitUsage;
  }
  warnIgnored(input == "-" ? "<stdin>" : input, ignored);
  // NOLINT comments (where the sources are here), suppression files and
  // baselines apply to a saved report as to a fresh one.
  // -o may name the report read (it is read whole, and replaced by a
  // rename), but not a suppression file or baseline.
  std::vector<NamedPath> outputs, inputs;
  out.addOutputs(outputs);
  controls.addPaths(outputs, inputs);
  if (error = findOutputClash(outputs, inputs); !error.empty()) {
    std::cerr << "warpcheck report: error: " << error << '\n';
    return kExitUsage;
  }
  if (!out.open(error) || !controls.load(error) || !finish(report, controls.loaded(), {out.sourceRoot, {}, {}}, error)) {
    std::cerr << "warpcheck report: error: " << error << '\n';
    return kExitUsage;
  }

  // As the command that wrote the report shows it: a run report's text ends
  // with what the run has to say, and other formats leave that to stderr.
  EmitOptions emitting = out.emitOptions(isatty(STDOUT_FILENO));
  emitting.quiet = quiet;
  if (!emit(report, emitting, std::cout, "standard output", std::cerr, error)) {
    std::cerr << "warpcheck report: error: " << error << '\n';
    return kExitUsage;
  }

  // A lint that analysed nothing said so in its report; it is still not
  // clean. (A file's incomplete rules are left to the findings, as ever.)
  EmitVerdict verdict = verdictOf(report);
  if (verdict.parseErrors || verdict.problems) return kExitUsage;
  if (exitZero) return kExitClean;
  for (const Finding &f : report.findings)
    if (f.severity >= failOn) return kExitFindings;
  return kExitClean;
}

} // namespace warpcheck::cli
