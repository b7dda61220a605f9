#pragma once
// Where a launched kernel's code lies, read once per launch, to turn the
// pcs the GPU records into function + offset. Callees are laid out in
// their kernel's code section, so the kernel's start is the base of every
// pc the kernel reaches.
#include "runtime/RawLog.h"
#include <sanitizer.h>
#include <string>

namespace warpcheck::run {

struct LaunchedCode {
  uint32_t module = 0;      // index into RawLog::modules
  std::string function;     // mangled
  uint64_t pc = 0, size = 0; // both 0 when the API could not say

  static LaunchedCode of(const Sanitizer_LaunchData &l, uint32_t moduleIndex) {
    LaunchedCode c;
    c.module = moduleIndex;
    c.function = l.functionName ? l.functionName : "";
    if (sanitizerGetFunctionPcAndSize(l.module, c.function.c_str(), &c.pc, &c.size) != SANITIZER_SUCCESS)
      c.pc = c.size = 0;
    return c;
  }

  // `at` in this code as function + offset; unresolved when it lies elsewhere.
  CodeLocation locate(uint64_t at) const {
    CodeLocation c;
    c.module = module;
    c.pc = at;
    if (at >= pc && at < pc + size) {
      c.function = function;
      c.offset = at - pc;
    }
    return c;
  }

  // The pc in this code whose low 32 bits are `low` (the shadow keeps no
  // more): code of one kernel is far smaller than 4 GiB.
  uint64_t widen(uint32_t low) const {
    uint64_t at = (pc & ~0xffffffffull) | low;
    return at < pc ? at + (1ull << 32) : at;
  }
};

} // namespace warpcheck::run
