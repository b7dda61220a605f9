#pragma once
#include <string>
#include <vector>

namespace warpcheck {

// One of clang's CUDA compilations of a TU: the host side, or the device
// side for one arch. `__CUDA_ARCH__` is defined in device passes only.
struct Pass {
  bool host = true;
  std::string arch; // "sm_90" for a device pass, "" for the host pass
  std::string name() const { return host ? "host" : arch; }
};

// The host pass plus one device pass per arch (sm_90 when none is named).
std::vector<Pass> planPasses(const std::vector<std::string> &archs);

} // namespace warpcheck
