#pragma once
// Where a launched kernel's code lies (RawLog.h's CodeRange), read once per
// launch from the Sanitizer API.
#include "runtime/common/RawLog.h"
#include <sanitizer.h>
#include <string>

namespace warpcheck::run {

struct LaunchedCode : CodeRange {
  static LaunchedCode of(const Sanitizer_LaunchData &l, uint32_t moduleIndex) {
    LaunchedCode c;
    c.module = moduleIndex;
    c.function = l.functionName ? l.functionName : "";
    if (sanitizerGetFunctionPcAndSize(l.module, c.function.c_str(), &c.pc, &c.size) != SANITIZER_SUCCESS)
      c.pc = c.size = 0;
    return c;
  }
};

} // namespace warpcheck::run
