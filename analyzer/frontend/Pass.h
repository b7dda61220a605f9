#pragma once
#include "analyzer/frontend/TranslationUnit.h"
#include <string>
#include <vector>

namespace warpcheck {

// One of clang's offload compilations of a TU: the host side, or the device
// side for one arch. `__CUDA_ARCH__` (CUDA) or `__HIP_DEVICE_COMPILE__`
// (HIP) is defined in device passes only.
struct Pass {
  bool host = true;
  std::string arch; // "sm_90" or "gfx90a" for a device pass, "" for the host pass
  bool hip = false; // a pass of a HIP TU
  // Threads per warp (wavefront) where the pass's code runs: 32 for CUDA;
  // for HIP the arch's wave size, 64 in the host pass (its warpSize is
  // never the one the device uses).
  unsigned warpSize = 32;
  std::string name() const { return host ? "host" : arch; }
};

// The host pass plus one device pass per arch. With no arch: sm_90 for
// CUDA, gfx90a (a wave64 arch, MI200) for HIP. `tuArgs` are the TU's clang
// arguments: -mwavefrontsize64 makes gfx10+ archs wave64.
std::vector<Pass> planPasses(const std::vector<std::string> &archs,
                             SourceLanguage language = SourceLanguage::Cuda,
                             const std::vector<std::string> &tuArgs = {});

// Threads per wavefront of an AMD arch: 64 for gfx6 to gfx9 (gfx90a,
// gfx942...), 32 for gfx10, gfx11 and gfx12 unless `wave64` (from
// -mwavefrontsize64).
unsigned amdWaveSize(const std::string &arch, bool wave64);

} // namespace warpcheck
