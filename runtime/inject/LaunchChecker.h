#pragma once
// One checked launch: size the detector's device memory for the launch,
// hand it to the kernel, and after the kernel has run read back the distinct
// hazards and the counters of what was not checked.
#include "instrument/PatchState.h"
#include "runtime/RawLog.h"
#include <cuda.h>
#include <map>
#include <sanitizer.h>
#include <string>
#include <vector>

namespace warpcheck::run {

struct LaunchLimits {
  uint64_t tableCapacity = 4096;
  uint64_t shadowBudgetBytes = 4ull << 30;
  bool intraWarp = true;
  bool debug = false;
};

class LaunchChecker {
public:
  explicit LaunchChecker(LaunchLimits limits) : limits_(limits) {}

  // Returns false (with `error`) when the launch cannot be checked.
  bool begin(const Sanitizer_LaunchData &launch, std::string &error, std::vector<std::string> &warnings);
  // Waits for the kernel and appends its records (locations unresolved
  // beyond the launched function) to `out`; adds the counters to `log`.
  bool end(const Sanitizer_LaunchData &launch, uint32_t moduleIndex, std::vector<RawRecord> &out,
           RawLog &log, std::string &error);
  void onContextDestroyed(CUcontext ctx);
  bool pending(Sanitizer_LaunchHandle h) const { return pending_.count(h) != 0; }
  // The counters of the last launch, with WARPCHECK_DEBUG only.
  std::string lastCounters;

private:
  struct Buffers {
    void *device = nullptr;
    size_t size = 0;
    void *journal = nullptr; // pinned host memory, LaunchState::journal
    size_t journalSize = 0;
  };
  struct Pending {
    patch::LaunchState state;
    std::array<uint32_t, 3> blockDim{};
  };

  LaunchLimits limits_;
  std::map<CUcontext, Buffers> buffers_;
  std::map<Sanitizer_LaunchHandle, Pending> pending_;
};

} // namespace warpcheck::run
