#include "reports/model/SourcePaths.h"
#include <filesystem>

namespace fs = std::filesystem;

namespace warpcheck {

std::string findSourceRoot(const std::string &start) {
  std::error_code ec;
  fs::path dir = fs::absolute(start.empty() ? fs::path(".") : fs::path(start), ec).lexically_normal();
  if (ec) return start;
  if (dir.has_filename() == false && dir != dir.root_path()) dir = dir.parent_path();
  for (fs::path p = dir;; p = p.parent_path()) {
    if (fs::exists(p / ".git", ec)) return p.string();
    if (p == p.root_path() || p.parent_path() == p) break;
  }
  return dir.string();
}

std::string relativeToRoot(const std::string &path, const std::string &root) {
  if (path.empty()) return path;
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec).lexically_normal();
  if (ec) return path;
  if (root.empty()) return abs.generic_string();
  fs::path rel = abs.lexically_relative(fs::path(root).lexically_normal());
  if (rel.empty() || *rel.begin() == "..") return abs.generic_string();
  return rel.generic_string();
}

std::string displayPath(const std::string &path, const std::string &cwd) {
  if (!cwd.empty() && path.size() > cwd.size() && path.compare(0, cwd.size(), cwd) == 0 && path[cwd.size()] == '/')
    return path.substr(cwd.size() + 1);
  return path;
}

std::string currentDirectory() {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  return ec ? std::string() : cwd.string();
}

} // namespace warpcheck
