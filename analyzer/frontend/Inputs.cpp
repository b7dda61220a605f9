#include "analyzer/frontend/Inputs.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warpcheck {

// Minimal version: explicit files only. Compile databases, directories and
// nvcc flag translation come in the frontend work.
bool collectInputs(const InputOptions &opts, Inputs &out, std::string &error) {
  for (const std::string &p : opts.paths) {
    if (!llvm::sys::fs::exists(p)) {
      error = "no such file or directory: '" + p + "'";
      return false;
    }
    TranslationUnit tu;
    llvm::SmallString<256> abs(p);
    llvm::sys::fs::make_absolute(abs);
    llvm::sys::path::remove_dots(abs, true);
    tu.file = std::string(abs);
    llvm::SmallString<256> cwd;
    llvm::sys::fs::current_path(cwd);
    tu.directory = std::string(cwd);
    tu.args = opts.extraArgs;
    tu.archs = opts.archs;
    tu.origin = "command line";
    out.units.push_back(std::move(tu));
  }
  return true;
}

} // namespace warpcheck
