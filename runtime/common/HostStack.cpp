#include "runtime/common/HostStack.h"
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <execinfo.h>
#include <sstream>
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

std::vector<HostLine> parseAddr2line(const std::string &output) {
  std::vector<HostLine> out;
  std::istringstream in(output);
  std::string function, location;
  std::getline(in, function); // the address (-a)
  while (std::getline(in, function) && std::getline(in, location)) {
    HostLine l;
    if (function != "??") l.function = function;
    size_t colon = location.rfind(':');
    std::string file = colon == std::string::npos ? location : location.substr(0, colon);
    if (file != "??" && colon != std::string::npos) {
      l.file = file;
      l.line = (unsigned)std::strtoul(location.c_str() + colon + 1, nullptr, 10);
    }
    if (l.line == 0) l.file.clear();
    if (!l.function.empty() || !l.file.empty()) out.push_back(std::move(l));
  }
  return out;
}

const std::vector<HostLine> &HostSymbolizer::lookup(const HostFrame &frame) {
  auto key = std::make_pair(frame.module, frame.address);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  std::vector<HostLine> &lines = cache_[key];
  if (access(frame.module.c_str(), R_OK) != 0) return lines;
  auto quote = [](const std::string &s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  };
  char address[32];
  std::snprintf(address, sizeof address, "0x%llx", (unsigned long long)frame.address);
  std::string cmd = quote(addr2line_) + " -a -f -C -i -e " + quote(frame.module) + " " + address + " 2>/dev/null";
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) return lines;
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  if (pclose(p) == 0) lines = parseAddr2line(out);
  return lines;
}

bool isCudaApiFunction(const std::string &f) {
  if (f.rfind("cudart::", 0) == 0 || f.rfind("__cudart", 0) == 0 || f.rfind("libcudart", 0) == 0) return true;
  // cudaMalloc, cudaMallocManaged<float>, cuMemAlloc_v2: the API's names.
  for (const char *prefix : {"cuda", "cu"}) {
    size_t n = std::strlen(prefix);
    if (f.size() > n && f.rfind(prefix, 0) == 0 && std::isupper((unsigned char)f[n])) return true;
  }
  return false;
}

} // namespace warpcheck::run
