#include "reports/Fingerprint.h"
#include "reports/SourceCache.h"
#include "reports/SourcePaths.h"
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>

namespace warpcheck {
namespace {

// FNV-1a, 64 bits: stable across platforms and releases, unlike std::hash.
struct Fnv1a {
  uint64_t h = 14695981039346656037ull;
  void add(const std::string &s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull; // field separator
  }
};

std::string without(const std::string &s, int (*drop)(int)) {
  std::string out;
  for (unsigned char c : s)
    if (!drop(c)) out += char(c);
  return out;
}

} // namespace

void assignFingerprints(std::vector<Finding> &findings, const std::string &sourceRoot) {
  SourceCache sources;
  std::map<uint64_t, unsigned> seen;
  for (Finding &f : findings) {
    Fnv1a h;
    h.add(f.rule);
    h.add(relativeToRoot(f.where.file, sourceRoot));
    const std::string *line = f.where.valid() ? sources.line(f.where.file, f.where.line) : nullptr;
    h.add(line ? without(*line, ::isspace) : "#" + std::to_string(f.where.line));
    h.add(without(f.message, ::isdigit));
    unsigned n = ++seen[h.h];
    if (!f.fingerprint.empty()) continue;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h.h);
    f.fingerprint = std::string(hex) + ":" + std::to_string(n);
  }
}

} // namespace warpcheck
