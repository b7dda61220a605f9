#include "analyzer/frontend/Toolkit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <cstdlib>
#include <regex>

namespace warpcheck {

bool readToolkitVersion(const std::string &root, int &major, int &minor) {
  llvm::SmallString<256> header(root);
  llvm::sys::path::append(header, "include", "cuda.h");
  auto buf = llvm::MemoryBuffer::getFile(header);
  if (!buf) return false;
  static const std::regex versionRe(R"(#define\s+CUDA_VERSION\s+(\d+))");
  std::cmatch m;
  std::string text = (*buf)->getBuffer().str();
  if (!std::regex_search(text.c_str(), m, versionRe)) return false;
  int v = std::stoi(m[1]);
  major = v / 1000;
  minor = (v % 1000) / 10;
  return true;
}

static std::optional<CudaToolkit> tryRoot(const std::string &root) {
  CudaToolkit tk;
  if (root.empty() || !readToolkitVersion(root, tk.major, tk.minor)) return std::nullopt;
  llvm::SmallString<256> real;
  tk.root = llvm::sys::fs::real_path(root, real) ? root : std::string(real);
  return tk;
}

std::optional<CudaToolkit> findCudaToolkit(const std::string &explicitPath, std::string &error) {
  if (!explicitPath.empty()) {
    if (auto tk = tryRoot(explicitPath)) return tk;
    error = "--cuda-path '" + explicitPath + "' is not a CUDA toolkit (no include/cuda.h with CUDA_VERSION)";
    return std::nullopt;
  }
  std::string tried;
  for (const char *var : {"CUDA_PATH", "CUDA_HOME"}) {
    if (const char *v = std::getenv(var); v && *v) {
      if (auto tk = tryRoot(v)) return tk;
      tried += std::string(" $") + var + "=" + v + ",";
    }
  }
  if (auto nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*nvcc, real)) {
      std::string root = llvm::sys::path::parent_path(llvm::sys::path::parent_path(real)).str();
      if (auto tk = tryRoot(root)) return tk;
      tried += " " + root + " (from nvcc on PATH),";
    }
  }
  if (auto tk = tryRoot("/usr/local/cuda")) return tk;
  tried += " /usr/local/cuda";
  error = "no CUDA toolkit found (tried" + tried + "); pass --cuda-path=DIR";
  return std::nullopt;
}

} // namespace warpcheck
