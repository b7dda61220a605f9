#include "reports/model/SourceCache.h"
#include <filesystem>
#include <fstream>

namespace warpcheck {

const std::string *SourceCache::line(const std::string &file, unsigned lineNo) {
  const std::vector<std::string> &all = lines(file);
  if (lineNo == 0 || lineNo > all.size())
    return nullptr;
  return &all[lineNo - 1];
}

const std::vector<std::string> &SourceCache::lines(const std::string &file) {
  auto it = files_.find(file);
  if (it == files_.end()) {
    std::vector<std::string> lines;
    // Regular files of source size only: a report read back (`warpcheck
    // report`) may name /dev/zero, a FIFO or a directory.
    std::error_code ec;
    bool readable = std::filesystem::is_regular_file(file, ec) && std::filesystem::file_size(file, ec) <= (64u << 20);
    std::ifstream in;
    if (readable && !ec) in.open(file, std::ios::binary);
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r')
        l.pop_back();
      lines.push_back(std::move(l));
    }
    it = files_.emplace(file, std::move(lines)).first;
  }
  return it->second;
}

} // namespace warpcheck
