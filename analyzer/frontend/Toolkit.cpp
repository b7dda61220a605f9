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

int readNvccBuild(const std::string &root, int major, int minor) {
  const std::string version = std::to_string(major) + R"(\.)" + std::to_string(minor) + R"(\.(\d+))";
  llvm::SmallString<256> path(root);
  llvm::sys::path::append(path, "version.json");
  if (auto buf = llvm::MemoryBuffer::getFile(path)) {
    const std::regex re(R"("cuda_nvcc"\s*:\s*\{[^}]*"version"\s*:\s*")" + version + "\"");
    std::smatch m;
    std::string text = (*buf)->getBuffer().str();
    if (std::regex_search(text, m, re)) return std::stoi(m[1]);
  }
  path = root;
  llvm::sys::path::append(path, "dist-info");
  const std::regex distRe("nvidia_cuda_nvcc[a-z0-9_]*-" + version + R"(\.dist-info)");
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(path, ec), end; it != end && !ec; it.increment(ec)) {
    std::smatch m;
    std::string name = llvm::sys::path::filename(it->path()).str();
    if (std::regex_match(name, m, distRe)) return std::stoi(m[1]);
  }
  return 0;
}

static std::optional<CudaToolkit> tryRoot(const std::string &root) {
  CudaToolkit tk;
  if (root.empty() || !readToolkitVersion(root, tk.major, tk.minor)) return std::nullopt;
  llvm::SmallString<256> real;
  tk.root = llvm::sys::fs::real_path(root, real) ? root : std::string(real);
  tk.build = readNvccBuild(tk.root, tk.major, tk.minor);
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
