// libFuzzer target: the reference checker's trace reader
// (runtime/reference/TraceParser.cpp) on arbitrary bytes, and the checker
// on every trace it accepts: errors are fine, crashes, leaks and UB are not.
#include "runtime/reference/Findings.h"
#include "runtime/reference/TraceParser.h"
#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace warpcheck::reference;
  Trace trace;
  try {
    trace = parseTraceText(std::string(reinterpret_cast<const char *>(data), size), "fuzz.jsonl");
  } catch (const TraceError &e) {
    if (std::string(e.what()).rfind("fuzz.jsonl:", 0) != 0)
      __builtin_trap(); // every error names file:line
    return 0;
  }
  for (bool ptx : {false, true}) {
    ModelOptions o;
    o.volatileIsPtx = ptx;
    checkTrace(trace, o);
  }
  return 0;
}
