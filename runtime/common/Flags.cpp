#include "runtime/common/Flags.h"
#include <cctype>
#include <cstdlib>

namespace warpcheck::run {
namespace {

bool parse(const std::string &text, std::string &out) {
  out = text;
  return true;
}
bool parse(const std::string &text, uint64_t &out) {
  if (text.empty()) return false;
  char *end = nullptr;
  unsigned long long v = std::strtoull(text.c_str(), &end, 10);
  if (*end || text[0] == '-') return false;
  out = v;
  return true;
}
bool parse(const std::string &text, bool &out) {
  if (text == "1" || text == "true" || text == "yes") return out = true, true;
  if (text == "0" || text == "false" || text == "no") return out = false, true;
  return false;
}

} // namespace

std::string flagEnvName(const char *name) {
  std::string s = "WARPCHECK_";
  for (const char *p = name; *p; ++p) s += (char)std::toupper((unsigned char)*p);
  return s;
}

Flags readFlags(std::vector<std::string> &problems) {
  Flags f;
#define WARPCHECK_FLAG(name, type, def, desc)                                                       \
  if (const char *v = std::getenv(flagEnvName(#name).c_str())) {                                    \
    if (!parse(v, f.name))                                                                          \
      problems.push_back(flagEnvName(#name) + "='" + v + "' is not a valid value; using the default"); \
  }
#include "runtime/common/Flags.inc"
  return f;
}

} // namespace warpcheck::run
