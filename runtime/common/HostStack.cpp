#include "runtime/common/HostStack.h"
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <execinfo.h>
#include <unistd.h>

namespace warpcheck::run {

std::vector<uintptr_t> captureHostStack(int skip, int max) {
  std::vector<void *> frames(max + skip);
  int n = backtrace(frames.data(), (int)frames.size());
  std::vector<uintptr_t> out;
  for (int i = skip; i < n; ++i) out.push_back(reinterpret_cast<uintptr_t>(frames[i]));
  return out;
}

namespace {

std::string baseName(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Objects whose frames are the machinery between the program's call and
// the allocation callback.
bool isMachinery(const std::string &module) {
  std::string b = baseName(module);
  for (const char *prefix : {"libcuda.so", "libsanitizer", "libwarpcheck-runtime", "libcudart.so", "libc.so"})
    if (b.rfind(prefix, 0) == 0) return true;
  return false;
}

std::string mainExecutable() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, n) : std::string();
}

} // namespace

std::vector<HostFrame> hostFrames(const std::vector<uintptr_t> &stack, size_t max) {
  std::vector<HostFrame> out;
  for (uintptr_t pc : stack) {
    if (out.size() >= max) break;
    Dl_info info{};
    // A return address: the call is the instruction before it.
    if (!pc || !dladdr(reinterpret_cast<void *>(pc - 1), &info) || !info.dli_fbase) continue;
    HostFrame f;
    f.module = info.dli_fname && *info.dli_fname ? info.dli_fname : mainExecutable();
    if (f.module.empty() || isMachinery(f.module)) continue;
    if (f.module[0] != '/') {
      // The program named as it was started ("./app"): made absolute so
      // the CLI finds it from anywhere.
      if (char *real = realpath(f.module.c_str(), nullptr)) {
        f.module = real;
        std::free(real);
      }
    }
    // Shared objects and position-independent executables are looked up by
    // offset; a fixed-address executable by the address itself.
    auto *eh = static_cast<const Elf64_Ehdr *>(info.dli_fbase);
    bool fixed = std::memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_type == ET_EXEC;
    f.address = fixed ? pc - 1 : pc - 1 - reinterpret_cast<uintptr_t>(info.dli_fbase);
    if (info.dli_sname) f.symbol = info.dli_sname;
    out.push_back(std::move(f));
  }
  return out;
}

} // namespace warpcheck::run
