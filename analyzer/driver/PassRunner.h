#pragma once
// Runs one clang pass (host, or device for one arch) over a TU and runs the
// enabled checks on its AST. The driver owns the AST consumer: the frontend
// only says how clang is invoked (analyzer/frontend/PassCommandLine.h).
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/frontend/PassCommandLine.h"
#include "reports/model/Report.h"
#include <memory>
#include <vector>

namespace warpcheck {

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

PassResult runPass(const TranslationUnit &tu, const Pass &pass, const FrontendConfig &config,
                   const AnalysisOptions &opts, const std::vector<const CheckFactory *> &checks);

} // namespace warpcheck
