#pragma once
// nvdisasm's listings of kernels (`-bbcfg`, SassAccessIndex), kept on disk
// between runs. nvdisasm takes about 0.4 s per call whatever the kernel's
// size, and `warpcheck run` calls it once per kernel at the kernel's first
// checked launch: a program with 100 kernels paid 40 s of set-up on every
// run. An entry is named by a hash of what decides the listing -- the
// cubin's bytes, the function's symbol index, nvdisasm itself (its path,
// size and time) and the arguments -- and holds that key again, so a
// collision or a torn file reads as a miss. Written to a temporary file and
// renamed (processes of one program share the cache); the oldest entries go
// once the folder passes its size cap.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace warpcheck::run {

class SassCache {
public:
  // `dir` "" disables the cache: get() misses and put() does nothing.
  explicit SassCache(std::string dir, uint64_t capBytes = 256ull << 20) : dir_(std::move(dir)), cap_(capBytes) {}
  bool enabled() const { return !dir_.empty(); }
  // A 128-bit hash of a cubin's bytes (hashed once per module: a library's
  // cubin is megabytes).
  static std::string imageHash(const char *image, size_t size);
  // The key of `function` (symbol index) of the cubin of `imageHash` as
  // nvdisasm at path `nvdisasm` lists it with `args`.
  static std::string key(const std::string &imageHash, long function, const std::string &nvdisasm,
                         const std::string &args);
  std::optional<std::string> get(const std::string &key) const;
  // Keeps `listing` under `key`; false when it could not be written (the
  // cache is best effort: a run works the same without it).
  bool put(const std::string &key, const std::string &listing) const;

  // $XDG_CACHE_HOME/warpcheck/sass, else $HOME/.cache/warpcheck/sass, else "".
  static std::string defaultDir();

private:
  std::string path(const std::string &key) const;
  void prune() const;
  std::string dir_;
  uint64_t cap_;
};

} // namespace warpcheck::run
