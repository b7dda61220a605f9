#include "runtime/common/KernelFilter.h"
#include <algorithm>
#include <stdexcept>

namespace warpcheck::run {

namespace {

const char *const kKeys[] = {"kns", "kne", "regex"};

// Whether `s` at `at` starts a `key=` term (a comma splits terms only there,
// so a regex may hold commas: regex=a{1,3}).
bool termAt(const std::string &s, size_t at) {
  for (const char *k : kKeys) {
    std::string key = std::string(k) + "=";
    if (s.compare(at, key.size(), key) == 0) return true;
  }
  return false;
}

// `key=...` with an identifier for a key: compute-sanitizer's syntax (a
// kernel's own name never holds '=').
bool keyed(const std::string &spec) {
  size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0) return false;
  return std::all_of(spec.begin(), spec.begin() + eq, [](char c) { return (c >= 'a' && c <= 'z') || c == '_'; });
}

// The text before the parameter list, at template depth 0.
std::string beforeParameters(const std::string &d) {
  int depth = 0;
  for (size_t i = 0; i < d.size(); ++i) {
    if (d[i] == '<') ++depth;
    else if (d[i] == '>' && depth > 0) --depth;
    else if (d[i] == '(' && depth == 0) return d.substr(0, i);
  }
  return d;
}

// Without the template arguments at the end ("k<int>" -> "k").
std::string withoutTemplate(const std::string &n) {
  if (n.empty() || n.back() != '>') return n;
  int depth = 0;
  for (size_t i = n.size(); i-- > 0;) {
    if (n[i] == '>') ++depth;
    else if (n[i] == '<' && --depth == 0) return n.substr(0, i);
  }
  return n;
}

// The last component of a qualified name ("a::b<c::d>" -> "b<c::d>").
std::string unqualified(const std::string &n) {
  int depth = 0;
  for (size_t i = n.size(); i-- > 1;) {
    if (n[i] == '>') ++depth;
    else if (n[i] == '<') --depth;
    else if (depth == 0 && n[i] == ':' && n[i - 1] == ':') return n.substr(i + 1);
  }
  return n;
}

} // namespace

std::vector<std::string> shortNames(const std::string &demangled) {
  std::string name = beforeParameters(demangled);
  // Kernels return void: drop the return type.
  static const std::string kVoid = "void ";
  if (name.compare(0, kVoid.size(), kVoid) == 0) name = name.substr(kVoid.size());
  std::vector<std::string> out = {name, withoutTemplate(name), unqualified(name), withoutTemplate(unqualified(name))};
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

NamePattern::NamePattern(const std::string &spec) {
  if (spec.empty()) return;
  static const std::string kRegexColon = "regex:";
  if (spec.compare(0, kRegexColon.size(), kRegexColon) == 0) {
    terms_.push_back({Kind::Regex, spec.substr(kRegexColon.size()), std::regex(spec.substr(kRegexColon.size()))});
    return;
  }
  if (!keyed(spec)) {
    terms_.push_back({Kind::Substring, spec, {}});
    return;
  }
  size_t start = 0;
  while (start <= spec.size()) {
    size_t end = start;
    while (end < spec.size() && !(spec[end] == ',' && termAt(spec, end + 1))) ++end;
    std::string term = spec.substr(start, end - start);
    size_t eq = term.find('=');
    std::string key = eq == std::string::npos ? term : term.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : term.substr(eq + 1);
    if (key == "kns" || key == "kne" || key == "regex") {
      if (value.empty()) throw std::invalid_argument("'" + key + "=' needs a value");
      if (key == "kns") terms_.push_back({Kind::Substring, value, {}});
      else if (key == "kne") terms_.push_back({Kind::Exact, value, {}});
      else terms_.push_back({Kind::Regex, value, std::regex(value)});
    } else {
      throw std::invalid_argument("unknown key '" + key + "' in '" + spec +
                                  "' (known: kns=SUBSTRING, kne=EXACT-NAME, regex=REGEX; a plain name is a substring)");
    }
    if (end >= spec.size()) break;
    start = end + 1;
  }
}

bool NamePattern::matches(const std::string &mangled, const std::string &demangled) const {
  for (const Term &t : terms_) {
    bool ok = false;
    switch (t.kind) {
    case Kind::Substring:
      ok = mangled.find(t.text) != std::string::npos || demangled.find(t.text) != std::string::npos;
      break;
    case Kind::Exact: {
      ok = t.text == mangled || t.text == demangled;
      for (const std::string &n : shortNames(demangled)) ok = ok || t.text == n;
      break;
    }
    case Kind::Regex:
      ok = std::regex_search(mangled, t.regex) || std::regex_search(demangled, t.regex);
      break;
    }
    if (!ok) return false;
  }
  return true;
}

KernelFilter::KernelFilter(const std::string &include, const std::string &exclude, uint64_t skip,
                           uint64_t count, uint64_t every)
    : include_(include), exclude_(exclude), skip_(skip), count_(count), every_(every ? every : 1) {}

bool KernelFilter::nameWanted(const std::string &mangled, const std::string &demangled) const {
  if (!include_.empty() && !include_.matches(mangled, demangled)) return false;
  return exclude_.empty() || !exclude_.matches(mangled, demangled);
}

bool KernelFilter::shouldCheck(const std::string &mangled, const std::string &demangled) {
  if (!nameWanted(mangled, demangled)) return false;
  uint64_t index = passed_++;
  if (index < skip_) return false;
  uint64_t after = index - skip_;
  if (after % every_ != 0) return false;
  return count_ == 0 || after / every_ < count_;
}

} // namespace warpcheck::run
