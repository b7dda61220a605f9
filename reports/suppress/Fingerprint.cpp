#include "reports/suppress/Fingerprint.h"
#include "reports/model/SourcePaths.h"
#include <algorithm>
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
  assignFingerprints(findings, sourceRoot, sources);
}

void assignFingerprints(std::vector<Finding> &findings, const std::string &sourceRoot, SourceCache &sources) {
  std::map<uint64_t, unsigned> seen;
  for (Finding &f : findings) {
    Fnv1a h;
    h.add(f.rule);
    auto place = [&](const SourceRange &r) {
      const std::string *line = r.valid() ? sources.line(r.file, r.line) : nullptr;
      return relativeToRoot(r.file, sourceRoot) + '\n' +
             (line ? without(*line, ::isspace) : "#" + std::to_string(r.line));
    };
    if (f.evidence) {
      // Run findings: which of two racing accesses came first, the example
      // threads and the shared offset change from run to run; the kernel and
      // the two source lines do not.
      std::vector<std::string> places{place(f.where)};
      if (!f.notes.empty()) places.push_back(place(f.notes[0].where));
      std::sort(places.begin(), places.end());
      for (const std::string &p : places) h.add(p);
      h.add(f.evidence->kernel);
    } else {
      h.add(place(f.where));
      h.add(without(f.message, ::isdigit));
    }
    unsigned n = ++seen[h.h];
    if (!f.fingerprint.empty()) continue;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h.h);
    f.fingerprint = std::string(hex) + ":" + std::to_string(n);
  }
}

} // namespace warpcheck
