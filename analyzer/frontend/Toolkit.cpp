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

bool readHipVersion(const std::string &root, int &major, int &minor) {
  llvm::SmallString<256> runtime(root), version(root);
  llvm::sys::path::append(runtime, "include", "hip", "hip_runtime.h");
  llvm::sys::path::append(version, "include", "hip", "hip_version.h");
  if (!llvm::sys::fs::exists(runtime)) return false;
  auto buf = llvm::MemoryBuffer::getFile(version);
  if (!buf) return false;
  static const std::regex majorRe(R"(#define\s+HIP_VERSION_MAJOR\s+(\d+))"),
      minorRe(R"(#define\s+HIP_VERSION_MINOR\s+(\d+))");
  std::string text = (*buf)->getBuffer().str();
  std::smatch ma, mi;
  if (!std::regex_search(text, ma, majorRe) || !std::regex_search(text, mi, minorRe)) return false;
  major = std::stoi(ma[1]);
  minor = std::stoi(mi[1]);
  return true;
}

static std::optional<HipInstallation> tryHipRoot(const std::string &root) {
  HipInstallation hip;
  if (root.empty() || !readHipVersion(root, hip.major, hip.minor)) return std::nullopt;
  llvm::SmallString<256> real;
  hip.root = llvm::sys::fs::real_path(root, real) ? root : std::string(real);
  return hip;
}

std::optional<HipInstallation> findHipInstallation(const std::string &explicitPath, std::string &error) {
  if (!explicitPath.empty()) {
    if (auto hip = tryHipRoot(explicitPath)) return hip;
    error = "--hip-path '" + explicitPath +
            "' is not a HIP installation (no include/hip/hip_runtime.h and hip_version.h)";
    return std::nullopt;
  }
  std::string tried;
  for (const char *var : {"HIP_PATH", "ROCM_PATH"}) {
    if (const char *v = std::getenv(var); v && *v) {
      if (auto hip = tryHipRoot(v)) return hip;
      tried += std::string(" $") + var + "=" + v + ",";
    }
  }
  if (auto hipcc = llvm::sys::findProgramByName("hipcc")) {
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*hipcc, real)) {
      std::string root = llvm::sys::path::parent_path(llvm::sys::path::parent_path(real)).str();
      if (auto hip = tryHipRoot(root)) return hip;
      tried += " " + root + " (from hipcc on PATH),";
    }
  }
  for (const char *root : {"/opt/rocm", "/usr"}) {
    if (auto hip = tryHipRoot(root)) return hip;
    tried += std::string(" ") + root + ",";
  }
  tried.pop_back();
  error = "no HIP installation found (tried" + tried +
          "); install the HIP headers (Debian: apt-get install libamdhip64-dev) or pass --hip-path=DIR";
  return std::nullopt;
}

} // namespace warpcheck
