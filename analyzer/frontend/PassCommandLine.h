#pragma once
// The clang command line of one pass (host, or device for one arch) of a TU:
// what nvcc would give clang for it, from the toolkit and the TU's flags.
#include "analyzer/frontend/Pass.h"
#include "analyzer/frontend/Toolkit.h"
#include "analyzer/frontend/TranslationUnit.h"
#include <string>
#include <vector>

namespace warpcheck {

struct FrontendConfig {
  CudaToolkit toolkit;      // for CUDA TUs
  HipInstallation hip;      // for HIP TUs
  std::string resourceDir; // clang's builtin headers (CUDA wrappers)
};

// The clang command line of a pass, argv[0] included (for --print-passes
// and tests).
std::vector<std::string> passCommandLine(const TranslationUnit &tu, const Pass &pass,
                                         const FrontendConfig &config);

} // namespace warpcheck
