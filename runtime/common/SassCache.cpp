#include "runtime/common/SassCache.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>
#include <vector>

namespace warpcheck::run {

namespace {

// The first line of an entry; the listing follows.
const char kMagic[] = "warpcheck-sass-cache 1";

// FNV-1a, 64 bits, from `seed`: two seeds give a 128-bit name.
uint64_t fnv(const void *data, size_t size, uint64_t seed) {
  const unsigned char *p = static_cast<const unsigned char *>(data);
  uint64_t h = seed;
  for (size_t i = 0; i < size; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)v);
  return buf;
}

// 128 bits of hash as 32 hex digits: FNV-1a from two seeds.
std::string hash128(const void *data, size_t size) {
  return hex(fnv(data, size, 0xcbf29ce484222325ull)) + hex(fnv(data, size, 0x84222325cbf29ce4ull));
}

bool makeDirs(const std::string &dir) {
  for (size_t i = 1; i <= dir.size(); ++i) {
    if (i < dir.size() && dir[i] != '/') continue;
    std::string part = dir.substr(0, i);
    if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return false;
  }
  return true;
}

} // namespace

std::string SassCache::imageHash(const char *image, size_t size) { return hash128(image, size); }

std::string SassCache::key(const std::string &imageHash, long function, const std::string &nvdisasm,
                           const std::string &args) {
  struct stat st {};
  std::string tool = nvdisasm;
  if (stat(nvdisasm.c_str(), &st) == 0)
    tool += "|" + std::to_string((long long)st.st_size) + "|" + std::to_string((long long)st.st_mtime);
  std::string what = std::string(kMagic) + "|" + tool + "|" + args + "|" + std::to_string(function) + "|" + imageHash;
  return hash128(what.data(), what.size());
}

std::string SassCache::path(const std::string &key) const { return dir_ + "/" + key + ".sass"; }

std::optional<std::string> SassCache::get(const std::string &key) const {
  if (!enabled()) return std::nullopt;
  std::ifstream in(path(key), std::ios::binary);
  if (!in) return std::nullopt;
  std::string header, storedKey, length;
  if (!std::getline(in, header) || header != kMagic || !std::getline(in, storedKey) || storedKey != key ||
      !std::getline(in, length))
    return std::nullopt;
  char *end = nullptr;
  unsigned long long bytes = std::strtoull(length.c_str(), &end, 10);
  // put() keeps nothing larger than a quarter of the cap: a larger length
  // is a damaged entry, not an allocation to make.
  if (length.empty() || *end || bytes > cap_ / 4) return std::nullopt;
  std::string listing(bytes, '\0');
  if (!in.read(listing.data(), (std::streamsize)bytes) || in.peek() != EOF) return std::nullopt;
  utime(path(key).c_str(), nullptr); // recently used: pruned last
  return listing;
}

bool SassCache::put(const std::string &key, const std::string &listing) const {
  if (!enabled() || listing.size() > cap_ / 4 || !makeDirs(dir_)) return false;
  static std::atomic<unsigned> counter{0};
  std::string tmp = dir_ + "/." + key + "." + std::to_string(getpid()) + "." + std::to_string(++counter);
  {
    std::ofstream out(tmp, std::ios::binary);
    out << kMagic << "\n" << key << "\n" << listing.size() << "\n" << listing;
    if (!out.flush()) {
      out.close();
      unlink(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path(key).c_str()) != 0) {
    unlink(tmp.c_str());
    return false;
  }
  prune();
  return true;
}

// Removes the least recently used entries once the folder holds more than
// the cap, down to three quarters of it.
void SassCache::prune() const {
  DIR *d = opendir(dir_.c_str());
  if (!d) return;
  struct Entry {
    std::string path;
    time_t used;
    uint64_t bytes;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  while (dirent *e = readdir(d)) {
    std::string name = e->d_name;
    if (name.size() < 5 || name.compare(name.size() - 5, 5, ".sass") != 0) continue;
    struct stat st {};
    std::string p = dir_ + "/" + name;
    if (stat(p.c_str(), &st) != 0) continue;
    entries.push_back({p, st.st_mtime, (uint64_t)st.st_size});
    total += st.st_size;
  }
  closedir(d);
  if (total <= cap_) return;
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.used < b.used; });
  for (const Entry &e : entries) {
    if (total <= cap_ / 4 * 3) break;
    if (unlink(e.path.c_str()) == 0) total -= e.bytes;
  }
}

std::string SassCache::defaultDir() {
  const char *xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && *xdg == '/') return std::string(xdg) + "/warpcheck/sass";
  const char *home = std::getenv("HOME");
  if (home && *home == '/') return std::string(home) + "/.cache/warpcheck/sass";
  return "";
}

} // namespace warpcheck::run
