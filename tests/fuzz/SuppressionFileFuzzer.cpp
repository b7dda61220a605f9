// libFuzzer target: the suppression-file reader and matcher
// (reports/suppress/SuppressionFile.cpp) on arbitrary bytes.
#include "reports/suppress/SuppressionFile.h"
#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<warpcheck::Suppression> suppressions;
  std::string error;
  bool ok = warpcheck::parseSuppressions(std::string(reinterpret_cast<const char *>(data), size), "fuzz.supp",
                                         suppressions, error);
  if (!ok && error.empty()) __builtin_trap(); // every failure says why
  warpcheck::Finding f;
  f.rule = "race-shared";
  f.where = {"/repo/src/k.cu", 3, 1, 3, 1};
  f.evidence = warpcheck::RunEvidence{};
  f.evidence->kernel = "void k<int>(int*, float)";
  f.evidence->accesses.push_back({});
  f.evidence->accesses[0].function = "_Z1kIiEvPif";
  for (const warpcheck::Suppression &s : suppressions) warpcheck::suppressionMatches(s, f, "/repo");
  return 0;
}
