#pragma once
// Which launches are checked: --kernel-name / --kernel-name-exclude, then
// --launch-skip, --launch-sample and --launch-count over the launches that
// pass: after the skipped ones, one in `every` (the first, the every+1-th,
// ...), at most `count` of those (0: no limit).
//
// A name filter is compute-sanitizer's `key=value[,key=value...]`, every
// term to match: kns=S (S is a substring of the mangled or demangled name),
// kne=N (N is the name exactly: mangled, demangled, or the demangled name
// without its return type and parameters, with or without namespaces and
// template arguments), regex=R (an ECMAScript regex found in either name).
// Without a key, a plain substring, and `regex:R` as before.
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

namespace warpcheck::run {

class NamePattern {
public:
  // Throws std::invalid_argument for an unknown key or an empty value and
  // std::regex_error for a bad regex, with the reason in what().
  explicit NamePattern(const std::string &spec);
  bool empty() const { return terms_.empty(); }
  bool matches(const std::string &mangled, const std::string &demangled) const;

private:
  enum class Kind { Substring, Exact, Regex };
  struct Term {
    Kind kind;
    std::string text;
    std::regex regex;
  };
  std::vector<Term> terms_;
};

// The names `kne=` accepts for a kernel besides its mangled and demangled
// names: "void ns::k<int>(int*)" gives ns::k<int>, ns::k, k<int>, k.
std::vector<std::string> shortNames(const std::string &demangled);

class KernelFilter {
public:
  KernelFilter(const std::string &include, const std::string &exclude, uint64_t skip, uint64_t count,
               uint64_t every = 1);
  // The name filters alone (no launch is counted).
  bool nameWanted(const std::string &mangled, const std::string &demangled) const;
  // Call once per launch, in launch order.
  bool shouldCheck(const std::string &mangled, const std::string &demangled);

private:
  NamePattern include_, exclude_;
  uint64_t skip_, count_, every_, passed_ = 0;
};

} // namespace warpcheck::run
