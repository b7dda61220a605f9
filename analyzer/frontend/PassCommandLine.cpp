#include "analyzer/frontend/PassCommandLine.h"
#include "analyzer/frontend/CudaOverlay.h"
#include "analyzer/frontend/HipOverlay.h"
#include "support/GpuArch.h"
#include <algorithm>
#include <cstdlib>

namespace warpcheck {

std::vector<std::string> passCommandLine(const TranslationUnit &tu, const Pass &pass,
                                         const FrontendConfig &config) {
  const CudaToolkit &tk = config.toolkit;
  std::vector<std::string> args{"clang++"};
  args.push_back(tu.language == SourceLanguage::Hip ? "-xhip" : "-xcuda");
  args.push_back("-fsyntax-only");
  args.push_back("-w"); // lint reports its own findings, not clang's warnings
  args.push_back("-Wno-unknown-cuda-version");
  // Without carets clang also skips its "N errors generated when compiling
  // for host." line on stderr; the errors reach the report through
  // ErrorCollector, and the report's formatter prints them.
  args.push_back("-fno-caret-diagnostics");
  if (!config.resourceDir.empty()) args.push_back("-resource-dir=" + config.resourceDir);
  if (tu.language == SourceLanguage::Cuda) {
    args.push_back("--cuda-path=" + tk.root);
    // nvcc puts CCCL (cub, thrust, libcu++) on the system include path.
    args.push_back("-isystem");
    args.push_back(tk.root + "/include/cccl");
    // Toolkit headers test nvcc's version macros; clang does not define them.
    args.push_back("-D__CUDACC_VER_MAJOR__=" + std::to_string(tk.major));
    args.push_back("-D__CUDACC_VER_MINOR__=" + std::to_string(tk.minor));
    args.push_back("-D__CUDACC_VER_BUILD__=" + std::to_string(tk.build));
    // What else nvcc gives (analyzer/frontend/CudaOverlay.h).
    addCudaOverlayArgs(pass, tu.args, args);
  }
  if (tu.language == SourceLanguage::Hip) {
    args.push_back("--hip-path=" + config.hip.root);
    // Syntax only: the device libraries (ROCm's bitcode) are not needed.
    args.push_back("-nogpulib");
    // HIP headers before ROCm 7 define warpSize as __AMDGCN_WAVEFRONT_SIZE,
    // which clang no longer predefines; the host pass gets 64, as clang
    // gave it before.
    args.push_back("-D__AMDGCN_WAVEFRONT_SIZE=" + std::to_string(pass.warpSize));
    addHipOverlayArgs(config.hip, args);
  }
  if (tu.relocatableDeviceCode) {
    args.push_back("-fgpu-rdc");
    // nvcc's macro for -rdc, which CUDA's headers test; clang defines only
    // __CLANG_RDC__.
    if (tu.language == SourceLanguage::Cuda) args.push_back("-D__CUDACC_RDC__");
  }
  args.insert(args.end(), tu.args.begin(), tu.args.end());
  if (pass.host) {
    args.push_back("--offload-host-only");
    // The host pass sees the same __CUDA_ARCH_LIST__ as nvcc gives it: the
    // archs of the device passes (CCCL selects policies from it).
    for (const Pass &p : planPasses(tu.archs, tu.language, tu.args))
      if (!p.host) args.push_back("--offload-arch=" + p.arch);
  } else {
    args.push_back("--offload-device-only");
    args.push_back("--offload-arch=" + pass.arch);
    // nvcc (and clang compiling all archs at once) define the list of every
    // arch in every pass; a lone device pass would see only its own.
    std::vector<Pass> all = planPasses(tu.archs, tu.language, tu.args);
    if (all.size() > 2) {
      std::vector<int> numbers;
      for (const Pass &p : all)
        if (!p.host && p.arch.rfind("sm_", 0) == 0) numbers.push_back(int(cudaArchNumber(p.arch)) * 10);
      std::sort(numbers.begin(), numbers.end());
      std::string list;
      for (int n : numbers) list += (list.empty() ? "" : ",") + std::to_string(n);
      args.push_back("-U__CUDA_ARCH_LIST__");
      args.push_back("-D__CUDA_ARCH_LIST__=" + list);
    }
  }
  args.push_back(tu.file);
  return args;
}

} // namespace warpcheck
