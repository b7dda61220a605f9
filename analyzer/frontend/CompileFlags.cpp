#include "analyzer/frontend/CompileFlags.h"
#include "analyzer/frontend/ClangFlags.h"
#include "analyzer/frontend/NvccFlags.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace warpcheck {

void CompileFlags::addArch(const std::string &arch) {
  if (std::find(archs.begin(), archs.end(), arch) == archs.end()) archs.push_back(arch);
}

void CompileFlags::append(const CompileFlags &other) {
  args.insert(args.end(), other.args.begin(), other.args.end());
  for (const std::string &a : other.archs) addArch(a);
  warnings.insert(warnings.end(), other.warnings.begin(), other.warnings.end());
  relocatableDeviceCode |= other.relocatableDeviceCode;
}

static std::string programName(const std::string &argv0) {
  return llvm::sys::path::stem(argv0).lower();
}

CompilerKind compilerKind(const std::string &argv0) {
  return llvm::StringRef(programName(argv0)).contains("nvcc") ? CompilerKind::Nvcc
                                                              : CompilerKind::Clang;
}

CompileFlags translateCompileCommand(std::vector<std::string> argv, const std::string &directory) {
  // Build systems may put a compiler launcher in front of the compiler.
  static const char *const launchers[] = {"ccache", "sccache", "distcc", "icecc", "buildcache"};
  while (argv.size() > 1 &&
         std::any_of(std::begin(launchers), std::end(launchers),
                     [&](const char *l) { return programName(argv[0]) == l; }))
    argv.erase(argv.begin());
  if (argv.empty()) return {};
  std::vector<std::string> args(argv.begin() + 1, argv.end());
  return compilerKind(argv[0]) == CompilerKind::Nvcc ? translateNvccArgs(args, directory)
                                                     : translateClangArgs(args);
}

} // namespace warpcheck
