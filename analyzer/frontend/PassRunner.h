#pragma once
// Runs one clang pass (host, or device for one arch) over a TU and runs the
// enabled checks on its AST.
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/frontend/Pass.h"
#include "analyzer/frontend/Toolkit.h"
#include "analyzer/frontend/TranslationUnit.h"
#include "reports/Report.h"
#include <memory>
#include <vector>

namespace warpcheck {

struct FrontendConfig {
  CudaToolkit toolkit;      // for CUDA TUs
  HipInstallation hip;      // for HIP TUs
  std::string resourceDir; // clang's builtin headers (CUDA wrappers)
};

struct PassResult {
  Pass pass;
  bool parsed = false;  // clang reported no error
  bool checked = false; // the checks ran (also after non-fatal errors, see ErrorRecovery.h)
  bool errorsInUserCode = false; // an error outside system headers, or a fatal one
  std::vector<Diagnostic> diagnostics;
  std::vector<Finding> findings;
  std::unique_ptr<PassFacts> facts;
  PassTiming timing; // phases and rules (--time-report), rules cut short
};

// The clang command line of a pass, argv[0] included (for --print-passes
// and tests).
std::vector<std::string> passCommandLine(const TranslationUnit &tu, const Pass &pass,
                                         const FrontendConfig &config);

PassResult runPass(const TranslationUnit &tu, const Pass &pass, const FrontendConfig &config,
                   const AnalysisOptions &opts, const std::vector<const CheckFactory *> &checks);

} // namespace warpcheck
