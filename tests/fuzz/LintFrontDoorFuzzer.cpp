// libFuzzer target: lint's front door. Each input is the text of a .cu file;
// it goes through the whole analysis as `warpcheck lint FILE` runs it
// (runLint: the real front end with the CUDA overlay headers and the
// toolkit, the host pass and the sm_90 device pass, every rule, the
// cross-pass comparison), then through what lint does next
// (finish() of reports/Finish.cpp without the files a user names: fingerprints and
// NOLINT comments) and every report format. Checked beyond "no crash": the
// file gets exactly one status, it is never skipped, a file whose parse
// failed has a diagnostic saying why, and every finding has a rule, a
// message and a place.
//
// Hangs are failures: run_fuzzers.py gives this target a -timeout per input
// and no --max-time-per-file, so an input whose analysis does not end is a
// timeout with its reproducer, not a budget note in a report.
//
// How it is built (run_fuzzers.py, "@llvm"): warpcheck's own sources
// (analyzer/, reports/) are compiled with -fsanitize=fuzzer,address,undefined
// and linked against Debian's libclang-cpp and libLLVM as they are. Clang is
// not instrumented: its coverage would drown warpcheck's in the fuzzer's
// feedback, an ASan build of all of clang takes hours, and bugs of clang's
// own parser are not what this target looks for. ASan still sees every
// allocation (its malloc serves the whole process), so warpcheck code that
// reads or frees clang's memory wrongly is caught.
#include "analyzer/driver/Lint.h"
#include "reports/suppress/Fingerprint.h"
#include "reports/formats/Formats.h"
#include "reports/model/SourceCache.h"
#include "reports/suppress/Nolint.h"
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace {

std::string kernelPath; // the file each input is written to

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  char dir[] = "/tmp/warpcheck-lint-fuzz-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    abort();
  }
  kernelPath = std::string(dir) + "/kernel.cu";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace warpcheck;
  {
    std::ofstream out(kernelPath, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), std::streamsize(size));
    if (!out.flush()) abort(); // the harness's own failure, not the input's
  }

  LintOptions opts;
  opts.inputs.paths = {kernelPath};
  opts.jobs = 1;               // one thread: reproducible, and the passes in order
  opts.maxSecondsPerFile = 0;  // no budget: a hang must show as a timeout
  LintOutcome outcome = runLint(opts);
  if (outcome.usageError) {
    // A readable .cu file is never a usage error; the toolkit missing is the
    // machine's problem: say it once and stop.
    fprintf(stderr, "lint refused the input: %s\n", outcome.error.c_str());
    if (outcome.error.find("CUDA") != std::string::npos) exit(1);
    __builtin_trap();
  }
  Report &report = outcome.report;
  report.command = "lint";
  if (report.files.size() != 1 || report.files[0].status == FileStatusKind::Skipped) __builtin_trap();
  const FileStatus &status = report.files[0];
  if (status.status == FileStatusKind::ParseError && status.diagnostics.empty()) __builtin_trap();
  if (!status.incompleteRules.empty()) __builtin_trap(); // no budget was set
  for (const Finding &f : report.findings)
    if (f.rule.empty() || f.message.empty() || f.where.file.empty() || f.where.line == 0) __builtin_trap();

  // What `lint` does after the analysis: fingerprints, NOLINT comments,
  // then the report.
  SourceCache sources;
  assignFingerprints(report.findings, "", sources);
  applyNolint(report.findings, sources, {status.path});
  std::string formats = formatNames();
  std::stringstream names(formats);
  std::string name;
  while (std::getline(names, name, ',')) {
    name.erase(0, name.find_first_not_of(' '));
    std::ostringstream os;
    writeReport(os, report, name, FormatOptions{});
    // gcc and github print nothing for a clean file; JSON always has a report.
    if (name == "json" && os.str().empty()) __builtin_trap();
  }
  return 0;
}
