#include "analyzer/frontend/SourceDiscovery.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace warpcheck {
namespace {

namespace fs = llvm::sys::fs;

// One directory level by hand, not recursive_directory_iterator: that one
// stops (or skips silently) at the first subdirectory it cannot read, where
// the user must hear which one was left out.
void walk(const std::string &dir, std::vector<std::string> &found, std::vector<std::string> &warnings) {
  std::error_code ec;
  std::vector<std::string> subdirs;
  for (fs::directory_iterator it(dir, ec, /*follow_symlinks=*/false), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (llvm::sys::path::filename(path).starts_with(".")) continue;
    if (it->type() == fs::file_type::directory_file) {
      subdirs.push_back(path.str());
      continue;
    }
    llvm::StringRef ext = llvm::sys::path::extension(path);
    if (ext != ".cu" && ext != ".hip") continue;
    fs::file_status st; // follows a symlink to its target
    if (std::error_code sec = fs::status(path, st))
      warnings.push_back("skipping '" + path.str() + "': " + sec.message());
    else if (fs::is_regular_file(st))
      found.push_back(path.str());
    else if (!fs::is_directory(st))
      warnings.push_back("skipping '" + path.str() + "': not a regular file");
  }
  if (ec) warnings.push_back("cannot read directory '" + dir + "': " + ec.message() + "; its sources are not analysed");
  for (const std::string &sub : subdirs) walk(sub, found, warnings);
}

} // namespace

bool findSources(const std::string &dir, std::vector<std::string> &out, std::string &error,
                 std::vector<std::string> *warnings) {
  std::error_code ec;
  fs::directory_iterator probe(dir, ec);
  if (ec) {
    error = "cannot read directory '" + dir + "': " + ec.message();
    return false;
  }
  std::vector<std::string> found, said;
  walk(dir, found, said);
  if (warnings) warnings->insert(warnings->end(), said.begin(), said.end());
  std::sort(found.begin(), found.end());
  out.insert(out.end(), found.begin(), found.end());
  return true;
}

} // namespace warpcheck
