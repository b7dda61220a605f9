#include "analyzer/frontend/SourceDiscovery.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace warpcheck {

bool findSources(const std::string &dir, std::vector<std::string> &out, std::string &error) {
  namespace fs = llvm::sys::fs;
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec, /*follow_symlinks=*/false), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (llvm::sys::path::filename(path).starts_with(".")) {
      it.no_push();
      continue;
    }
    llvm::StringRef ext = llvm::sys::path::extension(path);
    if (ext != ".cu" && ext != ".hip") continue;
    fs::file_status st; // follows a symlink to its target
    if (!fs::status(path, st) && fs::is_regular_file(st)) found.push_back(path.str());
  }
  if (ec) {
    error = "cannot read directory '" + dir + "': " + ec.message();
    return false;
  }
  std::sort(found.begin(), found.end());
  out.insert(out.end(), found.begin(), found.end());
  return true;
}

} // namespace warpcheck
