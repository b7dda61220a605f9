#include "runtime/host/HostSymbolizer.h"
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <unistd.h>

namespace warpcheck::run {

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
