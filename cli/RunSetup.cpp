#include "cli/RunSetup.h"
#include <climits>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

namespace warpcheck::cli {
namespace {

bool isFile(const std::string &p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}
bool isExecutable(const std::string &p) { return isFile(p) && access(p.c_str(), X_OK) == 0; }

std::string dirOf(const std::string &p) {
  size_t slash = p.rfind('/');
  return slash == std::string::npos ? "." : p.substr(0, slash);
}

std::string realPath(const std::string &p) {
  char buf[PATH_MAX];
  return realpath(p.c_str(), buf) ? std::string(buf) : p;
}

std::string selfDir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? dirOf(std::string(buf, (size_t)n)) : ".";
}

std::string env(const char *name) {
  const char *v = std::getenv(name);
  return v ? v : "";
}

std::string firstOf(const std::vector<std::string> &candidates, bool (*ok)(const std::string &),
                    std::string &tried) {
  for (const std::string &c : candidates) {
    if (c.empty()) continue;
    if (ok(c)) return c;
    tried += (tried.empty() ? "" : ", ") + c;
  }
  return "";
}

std::string onPath(const std::string &name) {
  std::string path = env("PATH");
  size_t start = 0;
  while (start <= path.size()) {
    size_t colon = path.find(':', start);
    std::string dir = path.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
    std::string c = (dir.empty() ? "." : dir) + "/" + name;
    if (isExecutable(c)) return c;
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return "";
}

} // namespace

bool resolveProgram(const std::string &name, std::string &path, std::string &error) {
  if (name.find('/') != std::string::npos) {
    if (!isFile(name)) {
      error = "cannot run '" + name + "': no such file";
      return false;
    }
    if (access(name.c_str(), X_OK) != 0) {
      error = "cannot run '" + name + "': not executable";
      return false;
    }
    path = name;
    return true;
  }
  path = onPath(name);
  if (path.empty()) {
    error = "cannot run '" + name + "': not found on PATH";
    return false;
  }
  return true;
}

bool locateRunFiles(RunFiles &f, std::string &error, bool floor) {
  std::string self = selfDir();
  std::string tried;
  f.runtime = firstOf({env("WARPCHECK_RUNTIME_LIB"), self + "/../lib/libwarpcheck-runtime.so",
                       self + "/../lib/warpcheck/libwarpcheck-runtime.so"},
                      isFile, tried);
  if (f.runtime.empty()) {
    error = "the warpcheck runtime library is missing (looked for " + tried +
            "); this warpcheck was built without `warpcheck run`, or is not installed with it";
    return false;
  }
  f.runtime = realPath(f.runtime);
  tried.clear();
  f.patches = floor ? firstOf({dirOf(f.runtime) + "/warpcheck-patches-floor.fatbin"}, isFile, tried)
                    : firstOf({env("WARPCHECK_PATCHES"), dirOf(f.runtime) + "/warpcheck-patches.fatbin"}, isFile, tried);
  if (f.patches.empty()) {
    error = "the device patches are missing (looked for " + tried + ")";
    return false;
  }
  f.patches = realPath(f.patches);

  // The sanitizer library must match the driver: prefer compute-sanitizer's
  // own copy over the one the build found.
  std::vector<std::string> dirs = {env("WARPCHECK_SANITIZER_LIBDIR")};
  std::string cs = onPath("compute-sanitizer");
  if (!cs.empty()) dirs.push_back(dirOf(realPath(cs)));
  if (!env("CUDA_HOME").empty()) dirs.push_back(env("CUDA_HOME") + "/compute-sanitizer");
  dirs.push_back("/usr/local/cuda/compute-sanitizer");
#ifdef WARPCHECK_SANITIZER_LIBDIR
  dirs.push_back(WARPCHECK_SANITIZER_LIBDIR);
#endif
  tried.clear();
  for (const std::string &d : dirs) {
    if (d.empty()) continue;
    if (isFile(d + "/libsanitizer-public.so")) {
      f.sanitizerDir = d;
      break;
    }
    tried += (tried.empty() ? "" : ", ") + d;
  }
  if (f.sanitizerDir.empty()) {
    error = "libsanitizer-public.so not found (looked in " + tried +
            "); install compute-sanitizer or set WARPCHECK_SANITIZER_LIBDIR";
    return false;
  }

  std::vector<std::string> nv = {env("WARPCHECK_NVDISASM"), onPath("nvdisasm")};
  if (!env("CUDA_HOME").empty()) nv.push_back(env("CUDA_HOME") + "/bin/nvdisasm");
  nv.push_back("/usr/local/cuda/bin/nvdisasm");
#ifdef WARPCHECK_NVDISASM
  nv.push_back(WARPCHECK_NVDISASM);
#endif
  tried.clear();
  f.nvdisasm = firstOf(nv, isExecutable, tried);
  return true;
}

bool checkGpu(std::string &error) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    error = "no CUDA driver: libcuda.so.1 cannot be loaded; warpcheck run needs an NVIDIA GPU and its driver";
    return false;
  }
  using InitFn = int (*)(unsigned);
  using CountFn = int (*)(int *);
  using VersionFn = int (*)(int *);
  auto init = reinterpret_cast<InitFn>(dlsym(lib, "cuInit"));
  auto count = reinterpret_cast<CountFn>(dlsym(lib, "cuDeviceGetCount"));
  auto version = reinterpret_cast<VersionFn>(dlsym(lib, "cuDriverGetVersion"));
  if (!init || !count || !version) {
    error = "libcuda.so.1 lacks cuInit/cuDeviceGetCount/cuDriverGetVersion";
    return false;
  }
  int v = 0;
  version(&v);
  if (v < 13000) {
    error = "the driver supports CUDA " + std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10) +
            "; warpcheck run needs a driver for CUDA 13.0 or newer";
    return false;
  }
  int rc = init(0);
  if (rc != 0) {
    error = "cuInit failed with CUDA error " + std::to_string(rc) +
            (rc == 100 ? " (no CUDA-capable device)" : "");
    return false;
  }
  int n = 0;
  if (count(&n) != 0 || n == 0) {
    error = "no CUDA device";
    return false;
  }
  return true;
}

} // namespace warpcheck::cli
