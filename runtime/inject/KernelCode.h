#pragma once
// Per launched kernel, the PcInfo table of its instructions (fences and
// access scopes from the SASS, runtime/common/SassAccessIndex.h) in device memory,
// made once per kernel: nvdisasm runs on that kernel alone, at its first
// checked launch.
#include "runtime/common/SassAccessIndex.h"
#include <cuda.h>
#include <map>
#include <sanitizer.h>
#include <string>

namespace warpcheck::run {

class KernelCode {
public:
  explicit KernelCode(std::string nvdisasm) : nvdisasm_(std::move(nvdisasm)) {}

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

private:
  std::string nvdisasm_;
  std::map<CUmodule, std::string> images_;              // the saved cubins' bytes
  std::map<std::pair<CUmodule, std::string>, Table> tables_;
  std::map<CUmodule, CUcontext> contextOf_;
  std::map<std::pair<CUmodule, std::string>, std::vector<uint32_t>> hostCopies_; // alive while copies run
};

} // namespace warpcheck::run
