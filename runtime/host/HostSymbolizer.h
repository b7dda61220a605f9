#pragma once
// Host call stacks of allocations (runtime/common/HostStack.h) turned into
// source lines by `warpcheck run` once the program has ended, with
// binutils' addr2line: the host side of HostStack, so the injected library
// runs no symbolizer.
#include "runtime/common/HostStack.h"
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace warpcheck::run {

// A source position addr2line gave, innermost inlined function first.
struct HostLine {
  std::string function;
  std::string file; // "" when the object has no line information
  unsigned line = 0;
};

// Parses the output of `addr2line -a -f -C -i` for one address; exposed
// for tests.
std::vector<HostLine> parseAddr2line(const std::string &output);

class HostSymbolizer {
public:
  explicit HostSymbolizer(std::string addr2line = "addr2line") : addr2line_(std::move(addr2line)) {}
  // The source of the frame (inlined callers after it); empty when unknown
  // (no addr2line, a stripped object, a module that is gone).
  const std::vector<HostLine> &lookup(const HostFrame &frame);
  // Uses `lines` for the frame without running addr2line (tests).
  void preload(const HostFrame &frame, std::vector<HostLine> lines) {
    cache_[{frame.module, frame.address}] = std::move(lines);
  }

private:
  std::string addr2line_;
  std::map<std::pair<std::string, uint64_t>, std::vector<HostLine>> cache_;
};

// Whether a function belongs to the CUDA runtime or driver API rather than
// to the program (cudaMalloc, its templates in cuda_runtime.h, cudart's
// internals, cuMemAlloc): an allocation is reported where the program
// called them.
bool isCudaApiFunction(const std::string &function);

} // namespace warpcheck::run
