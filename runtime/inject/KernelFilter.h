#pragma once
// Which launches are checked: --kernel-name / --kernel-name-exclude (a
// substring of the mangled or demangled name, or `regex:` + an ECMAScript
// regex), then --launch-skip and --launch-count over the launches that pass.
#include <cstdint>
#include <optional>
#include <regex>
#include <string>

namespace warpcheck::run {

class NamePattern {
public:
  // Throws std::regex_error for a bad regex.
  explicit NamePattern(const std::string &spec);
  bool empty() const { return text_.empty(); }
  bool matches(const std::string &mangled, const std::string &demangled) const;

private:
  std::string text_;
  std::optional<std::regex> regex_;
};

class KernelFilter {
public:
  KernelFilter(const std::string &include, const std::string &exclude, uint64_t skip, uint64_t count);
  // The name filters alone (no launch is counted).
  bool nameWanted(const std::string &mangled, const std::string &demangled) const;
  // Call once per launch, in launch order.
  bool shouldCheck(const std::string &mangled, const std::string &demangled);

private:
  NamePattern include_, exclude_;
  uint64_t skip_, count_, passed_ = 0;
};

} // namespace warpcheck::run
