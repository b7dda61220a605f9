#include "reports/SourceCache.h"
#include <fstream>

namespace warpcheck {

const std::string *SourceCache::line(const std::string &file, unsigned lineNo) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::vector<std::string> lines;
    std::ifstream in(file, std::ios::binary);
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r')
        l.pop_back();
      lines.push_back(std::move(l));
    }
    it = files_.emplace(file, std::move(lines)).first;
  }
  if (lineNo == 0 || lineNo > it->second.size())
    return nullptr;
  return &it->second[lineNo - 1];
}

} // namespace warpcheck
