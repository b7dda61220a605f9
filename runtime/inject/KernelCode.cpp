#include "runtime/inject/KernelCode.h"
#include "instrument/PatchState.h"
#include "runtime/common/CubinSymbols.h"
#include <algorithm>
#include <fstream>
#include <iterator>

namespace warpcheck::run {

bool KernelCode::table(CUcontext ctx, CUmodule module, const std::string &cubin, const char *function,
                       Sanitizer_StreamHandle stream, Table &out, std::string &warning) {
  std::string name = function ? function : "";
  auto key = std::make_pair(module, name);
  auto t = tables_.find(key);
  if (t != tables_.end()) {
    out = t->second;
    return out.info != nullptr;
  }
  Table &made = tables_[key]; // stays empty on failure: not retried
  contextOf_[module] = ctx;
  // The module's image, read once from the saved cubin.
  auto image = images_.find(module);
  if (image == images_.end()) {
    std::ifstream in(cubin, std::ios::binary);
    image = images_.emplace(module, std::string(std::istreambuf_iterator<char>(in), {})).first;
  }
  SassAccessIndex index;
  std::string error;
  long symbol = functionSymbolIndex(image->second.data(), image->second.size(), name);
  if (nvdisasm_.empty()) error = "nvdisasm not found";
  else if (cubin.empty() || image->second.empty()) error = "the module's cubin was not saved";
  else if (symbol < 0) error = "kernel " + name + " not found in its module's symbols";
  else this->index(module, cubin, symbol, index, error);
  if (!error.empty())
    warning = "fences and access scopes unknown (" + error + "): inter-block ordering through flags and locks is not seen";
  auto f = index.find(name);
  uint64_t pc = 0, size = 0;
  if (f == index.end() || sanitizerGetFunctionPcAndSize(module, name.c_str(), &pc, &size) != SANITIZER_SUCCESS) {
    if (warning.empty()) warning = "the code of kernel " + name + " was not found in its module: its fences are unknown";
    out = made;
    return false;
  }
  // One device copy: the entries, the edges they point to, the arrivals.
  std::vector<uint32_t> &host = hostCopies_[key] = f->second.entries;
  size_t entries = host.size();
  host.insert(host.end(), f->second.edges.begin(), f->second.edges.end());
  size_t arrivals = host.size();
  host.insert(host.end(), f->second.arrivals.begin(), f->second.arrivals.end());
  void *device = nullptr;
  size_t bytes = host.size() * sizeof(uint32_t);
  if (host.empty() || sanitizerAlloc(ctx, &device, bytes) != SANITIZER_SUCCESS ||
      sanitizerMemcpyHostToDeviceAsync(device, host.data(), bytes, stream) != SANITIZER_SUCCESS) {
    out = made;
    return false;
  }
  bytes_ += bytes;
  peakBytes_ = std::max(peakBytes_, bytes_);
  const uint32_t *info = static_cast<const uint32_t *>(device);
  made = Table{info, info + entries, f->second.arrivals.empty() ? nullptr : info + arrivals, pc, (uint32_t)entries};
  for (size_t i = 0; i < entries && !made.volatileAccesses; ++i) made.volatileAccesses = host[i] & patch::kPcVolatile;
  out = made;
  return true;
}

void KernelCode::index(CUmodule module, const std::string &cubin, long function, SassAccessIndex &out,
                       std::string &error) {
  std::string key;
  if (cache_.enabled()) {
    auto hash = imageHashes_.find(module);
    if (hash == imageHashes_.end()) {
      const std::string &image = images_[module];
      hash = imageHashes_.emplace(module, SassCache::imageHash(image.data(), image.size())).first;
    }
    key = SassCache::key(hash->second, function, nvdisasm_, kIndexCubinArgs);
  }
  if (std::optional<std::string> listing = cache_.get(key)) {
    out = indexBasicBlockGraph(*listing);
    return;
  }
  std::string listing;
  if (indexCubin(nvdisasm_, cubin, out, error, function, cache_.enabled() ? &listing : nullptr))
    cache_.put(key, listing);
}

void KernelCode::onModuleUnloading(CUmodule module) {
  images_.erase(module);
  imageHashes_.erase(module);
  auto ctx = contextOf_.find(module);
  for (auto it = tables_.begin(); it != tables_.end();) {
    if (it->first.first == module) {
      if (it->second.info && ctx != contextOf_.end()) sanitizerFree(ctx->second, const_cast<uint32_t *>(it->second.info));
      drop(it->first);
      it = tables_.erase(it);
    } else {
      ++it;
    }
  }
  contextOf_.erase(module);
}

void KernelCode::drop(const std::pair<CUmodule, std::string> &key) {
  auto copy = hostCopies_.find(key);
  if (copy == hostCopies_.end()) return;
  auto table = tables_.find(key);
  if (table != tables_.end() && table->second.info) bytes_ -= copy->second.size() * sizeof(uint32_t);
  hostCopies_.erase(copy);
}

void KernelCode::onContextDestroyed(CUcontext ctx) {
  // The driver frees the context's memory with it.
  for (auto it = contextOf_.begin(); it != contextOf_.end();) {
    if (it->second != ctx) {
      ++it;
      continue;
    }
    CUmodule module = it->first;
    images_.erase(module);
    for (auto t = tables_.begin(); t != tables_.end();) {
      if (t->first.first == module) {
        drop(t->first);
        t = tables_.erase(t);
      } else {
        ++t;
      }
    }
    it = contextOf_.erase(it);
  }
}

} // namespace warpcheck::run
