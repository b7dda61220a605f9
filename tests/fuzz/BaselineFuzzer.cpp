// libFuzzer target: the baseline reader (reports/suppress/Baseline.cpp) on
// arbitrary bytes: errors are fine, crashes, leaks and UB are not.
#include "reports/suppress/Baseline.h"
#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  warpcheck::Baseline baseline;
  std::string error;
  bool ok = warpcheck::parseBaseline(std::string(reinterpret_cast<const char *>(data), size), "fuzz.json", baseline,
                                     error);
  if (!ok && error.empty()) __builtin_trap(); // every failure says why
  std::vector<warpcheck::Finding> findings(2);
  findings[0].fingerprint = "0000000000000000:1";
  if (ok) warpcheck::applyBaseline(findings, baseline);
  return 0;
}
