#pragma once
#include <map>
#include <string>
#include <vector>

namespace warpcheck {

// Reads source files once to show the line a finding points at.
class SourceCache {
public:
  // The text of a 1-based line without its newline, or nullptr.
  const std::string *line(const std::string &file, unsigned lineNo);
  // Every line of `file` (empty when it cannot be read as a source file).
  const std::vector<std::string> &lines(const std::string &file);

private:
  std::map<std::string, std::vector<std::string>> files_;
};

} // namespace warpcheck
