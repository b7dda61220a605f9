#pragma once
// Per launched kernel, the PcInfo table of its instructions (fences and
// access scopes from the SASS, runtime/common/SassAccessIndex.h) in device memory,
// made once per kernel: nvdisasm runs on that kernel alone, at its first
// checked launch, unless an earlier run left its listing in the cache
// (runtime/common/SassCache.h).
#include "runtime/common/SassAccessIndex.h"
#include "runtime/common/SassCache.h"
#include <cuda.h>
#include <map>
#include <sanitizer.h>
#include <string>

namespace warpcheck::run {

class KernelCode {
public:
  KernelCode(std::string nvdisasm, std::string cacheDir)
      : nvdisasm_(std::move(nvdisasm)), cache_(std::move(cacheDir)) {}

  struct Table {
    const uint32_t *info = nullptr; // device memory (entries, edges, arrivals), or null when unknown
    const uint32_t *edges = nullptr;
    const uint32_t *arrive = nullptr; // per instruction (patch::PcArrival), or null when it has none
    uint64_t base = 0;             // the function's first instruction
    uint32_t count = 0;
    bool volatileAccesses = false; // a load or store the SASS shows as volatile (patch::kPcVolatile)
  };
  // False (with `warning`) when the kernel's code could not be read: its
  // fences are then unknown.
  bool table(CUcontext ctx, CUmodule module, const std::string &cubin, const char *function,
             Sanitizer_StreamHandle stream, Table &out, std::string &warning);
  void onModuleUnloading(CUmodule module);
  void onContextDestroyed(CUcontext ctx);
  // The most device memory the tables took at once.
  uint64_t peakDeviceBytes() const { return peakBytes_; }

private:
  // Reads `function` (symbol index) of the module's cubin through the
  // cache, nvdisasm on a miss.
  void index(CUmodule module, const std::string &cubin, long function, SassAccessIndex &out, std::string &error);

  std::string nvdisasm_;
  SassCache cache_;
  std::map<CUmodule, std::string> images_;              // the saved cubins' bytes
  std::map<CUmodule, std::string> imageHashes_;         // SassCache::imageHash of each, once asked
  std::map<std::pair<CUmodule, std::string>, Table> tables_;
  std::map<CUmodule, CUcontext> contextOf_;
  std::map<std::pair<CUmodule, std::string>, std::vector<uint32_t>> hostCopies_; // alive while copies run
  uint64_t bytes_ = 0, peakBytes_ = 0; // device bytes of the tables (their host copies' sizes)
  // Forgets the table of `key` (its device memory freed, or going with its
  // context).
  void drop(const std::pair<CUmodule, std::string> &key);
};

} // namespace warpcheck::run
