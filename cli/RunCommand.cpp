// `warpcheck run [options] -- <program> [args]`: runs the program with the
// injection library, waits for it, and reports what the GPU found. The
// program's stdout, stderr and exit code pass through; the report goes to
// stderr (or -o), so the program's own output stays unchanged.
#include "cli/ArgParser.h"
#include "cli/ChildEnvironment.h"
#include "cli/ChildProcess.h"
#include "cli/Commands.h"
#include "cli/ConfigOptions.h"
#include "reports/OutputFile.h"
#include "cli/RunFlagOptions.h"
#include "cli/RunSetup.h"
#include "cli/SanitizerOptions.h"
#include "cli/ReportOutput.h"
#include "cli/ReportControls.h"
#include "config/ConfigApply.h"
#include "support/Demangle.h"
#include "support/Files.h"
#include "reports/formats/TextFormat.h"
#include "runtime/host/LogFileName.h"
#include "runtime/host/ProcessLogs.h"
#include "runtime/host/RunFindings.h"
#include "runtime/common/FlagValidators.h"
#include "runtime/common/Flags.h"
#include "runtime/common/KernelFilter.h"
#include "runtime/common/SassCache.h"
#include "runtime/common/TargetProcesses.h"
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

namespace warpcheck::cli {
namespace {

std::string makeTempDir() {
  const char *base = std::getenv("TMPDIR");
  std::string templ = std::string(base && *base ? base : "/tmp") + "/warpcheck-run-XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) return "";
  return buf.data();
}

// Where the journals of running launches go (runtime/common/Journal.h): shared
// memory, whose pages the driver may pin for the GPU to write; the run's
// own directory where /dev/shm is not usable.
std::string makeJournalDir(const std::string &work) {
  if (::access("/dev/shm", W_OK | X_OK) == 0) {
    char templ[] = "/dev/shm/warpcheck-journal-XXXXXX";
    if (mkdtemp(templ)) return templ;
  }
  std::string dir = work + "/journals";
  return ::mkdir(dir.c_str(), 0700) == 0 ? dir : "";
}

void removeTree(const std::string &dir) {
  std::error_code ec;
  if (!dir.empty() && std::filesystem::remove_all(dir, ec) == static_cast<std::uintmax_t>(-1))
    std::cerr << "warpcheck: warning: could not remove " << dir << ": " << ec.message() << "\n";
}

} // namespace

int runCommand(const std::vector<std::string> &args) {
  OutputOptions out;
  ControlOptions controls;
  ConfigOptions configOpts;
  uint64_t printLimit = 0;
  int errorExit = -1;
  std::string traceOut;
  std::string logPattern; // --log-file, expanded once the program's pid is known
  std::map<std::string, std::string> flags;
  // Always given, so that a value in our own environment is not inherited.
  flags[run::flagEnvName("target_processes")] = run::Flags().target_processes;

  CommandSpec spec{
      "run",
      "warpcheck run [options] [--] <program> [args...]",
      "Run a CUDA program with its kernels instrumented on the GPU and report races in shared\n"
      "and global memory, missing fences, too-narrow scopes, divergent barriers and __syncwarp\n"
      "mask errors. The program's output and exit\n"
      "code pass through; the report goes to stderr, or to -o FILE.\n"
      "Exit code: the program's; N (--error-exitcode) when there are findings; 2 for bad\n"
      "usage, a program that cannot be started or a report that cannot be written; 3 when the program cannot be checked here\n"
      "(no GPU or driver, warpcheck's runtime missing).",
      {},
      /*takesPositionals=*/false,
      /*takesTrailingArgs=*/true,
      /*positionalStartsTrailing=*/true};
  // The options that set a runtime flag come from runtime/common/Flags.inc
  // (cli/RunFlagOptions.h); run's own go between their groups.
  addRunFlagOptions(spec.options, run::FlagGroup::Launches, flags);
  spec.options.push_back(
      {"--error-exitcode", "", "N", "exit with N when there are findings (at or above the config's FailOn, default warning)",
       [&](const std::string &v, std::string &e) {
         uint64_t n;
         if (!run::parseCount(v, n) || n > 255) return e = "expected a number from 0 to 255", false;
         errorExit = (int)n;
         return true;
       }});
  spec.options.push_back({"--print-limit", "", "N", "show at most N findings in text output (0: all)",
                          [&](const std::string &v, std::string &e) {
                            if (!run::parseCount(v, printLimit)) return e = "expected a non-negative number", false;
                            return true;
                          }});
  spec.options.push_back({"--log-file", "", "FILE",
                          "write the report to FILE, as compute-sanitizer: %p is the program's process id, %q{VAR} an "
                          "environment variable, %% a '%'",
                          [&](const std::string &v, std::string &) {
                            logPattern = v; // checked below, where it is first expanded
                            return true;
                          }});
  addRunFlagOptions(spec.options, run::FlagGroup::Checks, flags);
  // The runtime writes the trace into the run's directory (the trace flag,
  // set below); run copies the program's to FILE.
  spec.options.push_back({"--trace", "", "FILE",
                          "write every event of the first checked launches to FILE, in the reference checker's trace "
                          "format (docs/run-memory-model.md; check it with warpcheck-reference)",
                          [&](const std::string &v, std::string &e) {
                            if (v.empty()) return e = "expected a file name", false;
                            traceOut = v;
                            return true;
                          }});
  addRunFlagOptions(spec.options, run::FlagGroup::Trace, flags);
  addRunFlagOptions(spec.options, run::FlagGroup::Patching, flags);
  out.addTo(spec.options, "stderr");
  configOpts.addTo(spec.options, "the current directory");
  controls.addTo(spec.options);

  ParsedArgs parsed;
  // An unknown compute-sanitizer option: say what to use instead.
  auto advise = [&args](std::string &error) {
    for (const std::string &a : args) {
      if (a == "--") break;
      std::string advice = sanitizerOptionAdvice(a);
      if (!advice.empty() && error.find("'" + a + "'") != std::string::npos) error = advice;
    }
  };
  if (std::optional<int> exit = parseCommandLine(spec, args, parsed, "warpcheck run", advise)) return *exit;
  std::string error;
  // Rules, Severities, WarningsAsErrors, FailOn and Include/Exclude (of the
  // findings' source files) apply to run; Archs and ExtraArgs are lint's.
  ProjectConfig config;
  if (!configOpts.load(".", config, error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }
  if (configOpts.dump) {
    dumpConfig(std::cout, config);
    return kExitClean;
  }
  if (parsed.trailing.empty()) {
    std::cerr << "warpcheck run: error: no program given; usage: " << spec.usage << "\n";
    return kExitUsage;
  }
  if (!logPattern.empty() && !out.output.empty()) {
    std::cerr << "warpcheck run: error: give the report's file once: --log-file or -o, not both\n";
    return kExitUsage;
  }
  // Checked now with our own pid standing in for the program's (the same
  // directory and clashes); named for real once the program has run.
  if (!logPattern.empty() && !run::expandLogFileName(logPattern, (uint64_t)getpid(), out.output, error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }
  std::string program;
  if (!resolveProgram(parsed.trailing[0], program, error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }
  if (!out.open(error) || !controls.load(error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }
  // The report must not replace the program, the configuration or a
  // control's file. (The raw log lives in a fresh temporary directory.)
  std::vector<NamedPath> outputs, inputs = {{"the program", program}};
  if (!config.file.empty()) inputs.push_back({"the configuration", config.file});
  out.addOutputs(outputs);
  controls.addPaths(outputs, inputs);
  if (!traceOut.empty()) outputs.push_back({"the trace", traceOut});
  if (error = findOutputClash(outputs, inputs); !error.empty()) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }
  RunFiles files;
  bool floor = flags.count(run::flagEnvName("patch_floor")) != 0;
  if (!locateRunFiles(files, error, floor) || !checkGpu(error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitInternal;
  }

  std::string work = makeTempDir();
  if (work.empty()) {
    std::cerr << "warpcheck run: error: cannot create a temporary directory\n";
    return kExitInternal;
  }
  std::string rawPrefix = work + "/raw";
  std::string journalDir = makeJournalDir(work);
  flags[run::flagEnvName("report")] = rawPrefix;
  flags[run::flagEnvName("journal_dir")] = journalDir;
  flags[run::flagEnvName("patches")] = files.patches;
  flags[run::flagEnvName("cubin_dir")] = work;
  if (!traceOut.empty()) flags[run::flagEnvName("trace")] = work + "/trace";
  if (!files.nvdisasm.empty()) flags[run::flagEnvName("nvdisasm")] = files.nvdisasm;
  flags[run::flagEnvName("sass_cache_dir")] = run::SassCache::defaultDir();

  ChildStatus status;
  // Read by the runtime of each process to tell the program from its
  // children (runtime/common/TargetProcesses.h).
  flags[run::flagEnvName("launcher_pid")] = std::to_string(getpid());
  std::vector<std::string> inherited;
  for (char **e = environ; *e; ++e) inherited.push_back(*e);
  std::vector<std::string> env = childEnvironment(inherited, files.runtime, files.sanitizerDir, flags,
                                                  std::getenv("WARPCHECK_KEEP_MODULE_LOADING") != nullptr);
  if (!runChild(program, parsed.trailing, env, status, error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    removeTree(work);
    if (journalDir.rfind(work, 0) != 0) removeTree(journalDir);
    return kExitUsage;
  }

  Report report;
  report.toolVersion = WARPCHECK_VERSION;
  report.command = "run";
  RunSummary summary;
  summary.command = parsed.trailing;
  summary.exitCode = status.exitCode;
  summary.signal = status.signal;
  std::vector<run::ProcessLog> logs = run::readProcessLogs(rawPrefix, status.pid);
  std::vector<run::InterruptedLaunch> interrupted;
  run::addJournals(journalDir, logs, interrupted, summary.warnings);
  if (status.signal) {
    std::string during;
    for (const run::InterruptedLaunch &i : interrupted)
      if (i.pid == status.pid) during = " while " + demangle(i.kernel) + " was running";
    summary.errors.push_back("the program was killed by signal " + std::to_string(status.signal) + " (" +
                             strsignal(status.signal) + ")" + during + "; the report covers what was collected before");
  }
  for (const run::InterruptedLaunch &i : interrupted) summary.warnings.push_back(run::describe(i));
  if (logs.empty() || logs.front().pid != status.pid || !logs.front().read) {
    // The library never wrote: it was not loaded (a static program, or one
    // that clears LD_PRELOAD) or died before its first write.
    std::string why = logs.empty() || logs.front().pid != status.pid ? "no raw log" : logs.front().error;
    summary.errors.push_back("the warpcheck runtime did not report from the program (" + why +
                             "); was it started through a setuid wrapper or linked statically?");
  }
  run::Symbolizer symbolizer(files.nvdisasm);
  bool anyRecords = false;
  for (const run::ProcessLog &p : logs) {
    if (!p.read) continue;
    bool program = p.pid == status.pid && &p == &logs.front();
    anyRecords |= !p.log.records.empty();
    if (program) {
      run::summarize(p.log, summary);
    } else if (!run::addChildProcess(p, summary)) {
      continue; // launched nothing, said nothing
    }
    std::vector<Finding> found = run::findingsFromLog(p.log, symbolizer, summary);
    report.findings.insert(report.findings.end(), found.begin(), found.end());
    if (program && !p.log.finished && !status.signal)
      summary.warnings.push_back("the program ended without running its exit handlers (_exit or abort); "
                                 "the report covers the launches that completed");
  }
  for (const run::ProcessLog &p : logs)
    if (!p.read && p.pid != status.pid)
      summary.warnings.push_back("process " + std::to_string(p.pid) + " of the program was not checked: " + p.error);
  if (files.nvdisasm.empty() && anyRecords)
    summary.warnings.push_back("nvdisasm not found (set WARPCHECK_NVDISASM): findings show function+offset only");
  if (!traceOut.empty()) {
    // The program's own trace; its children's stay unwritten.
    std::string traced = work + "/trace-" + std::to_string(status.pid) + ".jsonl", text, why;
    if (!readWholeFile(traced, text)) why = "the program wrote no trace (no launch was checked)";
    if (why.empty() && !writeOutputFile(traceOut, text, why)) why = "cannot write it: " + why;
    if (!why.empty()) summary.errors.push_back("no trace written to " + traceOut + ": " + why);
  }
  // Its children were left alone: "launched no CUDA kernels" must not read
  // as "the program's processes launched none".
  if (flags[run::flagEnvName("target_processes")] == "application-only" && summary.launches == 0)
    summary.warnings.push_back("--target-processes application-only: processes the program started were not "
                               "checked, whatever they launched (--target-processes all checks them)");
  // The same pattern and environment expanded before: it cannot fail now.
  if (!logPattern.empty() && !run::expandLogFileName(logPattern, status.pid, out.output, error))
    summary.errors.push_back("--log-file: " + error);
  report.run = summary;
  removeTree(work);
  if (journalDir.rfind(work, 0) != 0) removeTree(journalDir);

  // finish() merges the findings of the program's processes too.
  if (!finish(report, controls.loaded(), {out.sourceRoot, {}, configuring(config)}, error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }

  // The run's messages follow on stderr where the format does not carry them.
  EmitOptions emitting = out.emitOptions(isatty(STDERR_FILENO));
  emitting.formatOptions.printLimit = printLimit;
  if (!emit(report, emitting, std::cerr, "standard error", std::cerr, error)) {
    std::cerr << "warpcheck run: error: " << error << "\n";
    return kExitUsage;
  }

  if (errorExit >= 0 && failsRun(config, report.findings)) return errorExit;
  if (status.signal) {
    // End the way the program ended, so callers (shells, CI, test runners)
    // see the same signal; 128+N if the signal does not end us.
    std::signal(status.signal, SIG_DFL);
    std::raise(status.signal);
  }
  return status.exitCode;
}

} // namespace warpcheck::cli
