#pragma once
// Which source file includes a header, found without running the
// preprocessor: lint analyses a header named as an input through a TU that
// includes it, since most headers are not self-contained and fail to parse
// as their own TU (docs/lint-inputs.md, "Headers").
//
// `#include` lines are read as text, conditionals ignored: a header
// included under an #if that is false for the TU is still taken as
// included (its findings then are simply none).
#include <map>
#include <set>
#include <string>
#include <vector>

namespace warpcheck {

// True for a header's extension: .cuh .h .hh .hpp .hxx .inl .inc.
bool isHeaderPath(const std::string &path);

// The include search directories of clang arguments (-I, -iquote,
// -isystem, joined or not), made absolute against `directory`.
struct IncludeDirs {
  std::vector<std::string> quote;  // -iquote: "..." only
  std::vector<std::string> angled; // -I
  std::vector<std::string> system; // -isystem: searched, not entered
};
IncludeDirs includeDirsOf(const std::vector<std::string> &args, const std::string &directory);

class HeaderIncluders {
public:
  // The canonical paths of every file `source` includes, directly or
  // through other headers found in its directory or the quote and -I
  // directories (at most `limit` files; a system header is listed but not
  // read).
  const std::set<std::string> &includedBy(const std::string &source, const IncludeDirs &dirs);

private:
  // The names of a file's #include lines, each with whether it was "quoted".
  const std::vector<std::pair<std::string, bool>> &includesOf(const std::string &file);
  std::map<std::string, std::vector<std::pair<std::string, bool>>> lines_;
  std::map<std::string, std::set<std::string>> closures_;
  static constexpr size_t limit = 5000;
};

} // namespace warpcheck
