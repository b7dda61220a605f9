#include "runtime/host/LogFileName.h"
#include <cstdlib>

namespace warpcheck::run {

bool expandLogFileName(const std::string &pattern, uint64_t pid, std::string &out, std::string &error) {
  out.clear();
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      out += pattern[i];
      continue;
    }
    if (i + 1 == pattern.size()) return error = "'" + pattern + "' ends with a lone '%' (write %% for a '%')", false;
    char c = pattern[++i];
    if (c == '%') {
      out += '%';
    } else if (c == 'p') {
      out += std::to_string(pid);
    } else if (c == 'q') {
      size_t close = pattern.find('}', i + 1);
      if (i + 1 >= pattern.size() || pattern[i + 1] != '{' || close == std::string::npos)
        return error = "'" + pattern + "': %q needs {VARIABLE}", false;
      std::string var = pattern.substr(i + 2, close - i - 2);
      const char *value = std::getenv(var.c_str());
      if (!value) return error = "'" + pattern + "': environment variable " + var + " is not set", false;
      out += value;
      i = close;
    } else {
      return error = "'" + pattern + "': unknown %" + std::string(1, c) + " (known: %p, %q{VAR}, %%)", false;
    }
  }
  return true;
}

} // namespace warpcheck::run
