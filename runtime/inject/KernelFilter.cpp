#include "runtime/inject/KernelFilter.h"

namespace warpcheck::run {

NamePattern::NamePattern(const std::string &spec) : text_(spec) {
  static const std::string kRegex = "regex:";
  if (spec.compare(0, kRegex.size(), kRegex) == 0) regex_.emplace(spec.substr(kRegex.size()));
}

bool NamePattern::matches(const std::string &mangled, const std::string &demangled) const {
  if (regex_) return std::regex_search(mangled, *regex_) || std::regex_search(demangled, *regex_);
  return mangled.find(text_) != std::string::npos || demangled.find(text_) != std::string::npos;
}

KernelFilter::KernelFilter(const std::string &include, const std::string &exclude, uint64_t skip,
                           uint64_t count)
    : include_(include), exclude_(exclude), skip_(skip), count_(count) {}

bool KernelFilter::nameWanted(const std::string &mangled, const std::string &demangled) const {
  if (!include_.empty() && !include_.matches(mangled, demangled)) return false;
  return exclude_.empty() || !exclude_.matches(mangled, demangled);
}

bool KernelFilter::shouldCheck(const std::string &mangled, const std::string &demangled) {
  if (!nameWanted(mangled, demangled)) return false;
  uint64_t index = passed_++;
  if (index < skip_) return false;
  return count_ == 0 || index - skip_ < count_;
}

} // namespace warpcheck::run
