// libFuzzer target of the JSON report reader (reports/input/JsonReader.h), built
// and run by run_fuzzers.py. No input may crash it, leak, trip a sanitizer
// or let an exception out; an input it accepts must survive
// write -> read -> write unchanged, and a refusal must say why.
#include "reports/formats/JsonFormat.h"
#include "reports/input/JsonReader.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>

using namespace warpcheck;

namespace {

std::string written(const Report &r) {
  std::ostringstream os;
  writeJson(os, r, {});
  return os.str();
}

[[noreturn]] void broken(const char *what, const std::string &detail) {
  std::fprintf(stderr, "JsonReportReaderFuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  Report report;
  std::string error;
  std::vector<std::string> ignored;
  if (!readJsonReport(text, report, error, &ignored)) {
    if (error.empty()) broken("refused without a message", text);
    return 0;
  }
  std::string once = written(report);
  Report again;
  if (!readJsonReport(once, again, error)) broken("refuses its own output", error + "\n" + once);
  std::string twice = written(again);
  if (twice != once) broken("write -> read -> write changed the report", once + "\n---\n" + twice);
  return 0;
}
