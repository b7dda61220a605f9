#include "analyzer/frontend/SourcePath.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warpcheck {

std::string resolvedSourcePath(llvm::StringRef name) {
  llvm::SmallString<256> path(name);
  llvm::sys::fs::make_absolute(path);
  llvm::SmallString<256> lexical(path);
  llvm::sys::path::remove_dots(lexical, /*remove_dot_dot=*/true);
  if (!llvm::StringRef(path).contains("/..") || llvm::sys::fs::equivalent(lexical, path))
    return std::string(lexical);
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(path, real)) return std::string(real);
  return std::string(lexical); // a file clang read but that is gone: the best guess
}

} // namespace warpcheck
