#include "runtime/inject/GlobalMemory.h"
#include "runtime/common/CubinSymbols.h"
#include "runtime/inject/DriverApi.h"
#include <algorithm>
#include <cstring>

namespace warpcheck::run {

using namespace patch;

namespace {

std::string kindOf(uint32_t flags, bool host) {
  if (flags & SANITIZER_MEMORY_FLAG_MODULE) return "module variable";
  if (flags & SANITIZER_MEMORY_FLAG_MANAGED) return "managed";
  if (flags & SANITIZER_MEMORY_FLAG_CG_RUNTIME) return "cooperative-groups runtime";
  if (host || (flags & (SANITIZER_MEMORY_FLAG_HOST_MAPPED | SANITIZER_MEMORY_FLAG_HOST_PINNED)))
    return "host-pinned";
  return "device";
}

std::string mib(uint64_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

// Every tag of 8 bits but 0 (empty entries).
constexpr uint32_t kTags = 255;

} // namespace

void GlobalMemory::add(CUcontext ctx, uint64_t base, uint64_t size, std::string kind, std::vector<uintptr_t> stack) {
  if (size == 0) return;
  Context &c = contexts_[ctx];
  if (c.allocations.count(base)) remove(ctx, base); // reused address
  Allocation a;
  a.base = base;
  a.size = size;
  a.id = nextId_++;
  a.kind = std::move(kind);
  a.stack = std::move(stack);
  ids_[a.id] = {ctx, a.base};
  c.allocations[a.base] = std::move(a);
  c.changed = true;
}

void GlobalMemory::remove(CUcontext ctx, uint64_t base) {
  auto c = contexts_.find(ctx);
  if (c == contexts_.end()) return;
  auto it = c->second.allocations.find(base);
  if (it == c->second.allocations.end()) return;
  Allocation &a = it->second;
  if (a.shadow) {
    sanitizerFree(ctx, a.shadow);
    account(-(int64_t)a.shadowBytes, -(int64_t)a.size);
  }
  ids_.erase(a.id);
  c->second.allocations.erase(it);
  c->second.changed = true;
}

void GlobalMemory::onAlloc(const Sanitizer_ResourceMemoryData &m, bool host, std::vector<uintptr_t> stack) {
  add(m.context, m.address, m.size, kindOf(m.flags, host), std::move(stack));
}

void GlobalMemory::onFree(const Sanitizer_ResourceMemoryData &m) { remove(m.context, m.address); }

void GlobalMemory::onModuleLoaded(CUcontext ctx, CUmodule module, const char *cubin, size_t size) {
  if (callsDeviceMalloc(cubin, size)) contexts_[ctx].wantsHeap = true;
  std::vector<std::string> names = deviceVariables(cubin, size);
  if (!names.empty()) modules_[module] = PendingModule{ctx, std::move(names), {}, false};
}

void GlobalMemory::onModuleUnloading(CUmodule module) {
  auto it = modules_.find(module);
  if (it == modules_.end()) return;
  for (uint64_t base : it->second.bases) remove(it->second.context, base);
  modules_.erase(it);
}

void GlobalMemory::resolveModules(CUcontext ctx) {
  const DriverApi &api = driverApi();
  Context &c = contexts_[ctx];
  size_t limit = 0;
  if (c.wantsHeap && !c.heapLimit && api.ctxGetLimit &&
      api.ctxGetLimit(&limit, CU_LIMIT_MALLOC_HEAP_SIZE) == CUDA_SUCCESS)
    c.heapLimit = limit;
  if (!api.moduleGetGlobal) return;
  for (auto &[module, m] : modules_) {
    if (m.resolved || m.context != ctx) continue;
    m.resolved = true;
    for (const std::string &name : m.variables) {
      CUdeviceptr p = 0;
      size_t bytes = 0;
      if (api.moduleGetGlobal(&p, &bytes, module, name.c_str()) != CUDA_SUCCESS || !p) continue;
      add(ctx, p, bytes, "module variable '" + name + "'");
      m.bases.push_back(p);
    }
  }
}

void GlobalMemory::onContextDestroyed(CUcontext ctx) {
  auto it = contexts_.find(ctx);
  if (it == contexts_.end()) return;
  for (auto &[base, a] : it->second.allocations) {
    if (a.shadow) account(-(int64_t)a.shadowBytes, -(int64_t)a.size);
    ids_.erase(a.id);
  }
  if (it->second.heap) account(-(int64_t)it->second.heapBytes, -(int64_t)it->second.heapCovered);
  contexts_.erase(it);
  for (auto m = modules_.begin(); m != modules_.end();)
    m = m->second.context == ctx ? modules_.erase(m) : std::next(m);
}

bool GlobalMemory::heapAllocation(CUcontext ctx, uint32_t id, Sanitizer_StreamHandle stream,
                                  HeapAllocation &out) const {
  auto c = contexts_.find(ctx);
  uint32_t slot = id & ~kHeapAllocationBit;
  if (!(id & kHeapAllocationBit) || c == contexts_.end() || !c->second.heap ||
      slot >= c->second.heapHeader.granuleCapacity)
    return false;
  return sanitizerMemcpyDeviceToHost(&out, c->second.heapHeader.heads + slot, sizeof out, stream) ==
         SANITIZER_SUCCESS;
}

bool GlobalMemory::makeHeap(CUcontext ctx, Context &c, Sanitizer_StreamHandle stream,
                            std::vector<std::string> &warnings) {
  c.heapTried = true;
  // Two table slots per 16-byte granule of the heap (the driver's default
  // heap is 8 MiB when the size could not be read).
  uint64_t limit = c.heapLimit ? c.heapLimit : 8ull << 20;
  uint64_t capacity = 1024;
  while (capacity < limit / 8 && capacity < (1ull << 31)) capacity <<= 1;
  auto align = [](size_t n) { return (n + 255) & ~size_t(255); };
  size_t oKeys = align(sizeof(HeapState)), oOwner = oKeys + align(capacity * 8);
  size_t oHeads = oOwner + align(capacity * 4), oShadow = oHeads + align(capacity * sizeof(HeapAllocation));
  size_t oPcs = oShadow + align(capacity * 64), bytes = oPcs + align(capacity * 32);
  std::string what = " (" + mib(bytes) + " for a " + mib(limit) + " device heap): memory from device-side malloc() "
                     "is not checked for races";
  if (used_ + bytes > budget_) {
    warnings.push_back("global-memory shadow budget (" + mib(budget_) + ") cannot hold the device heap's table" +
                       what + " (raise --global-shadow-budget)");
    return false;
  }
  if (sanitizerAlloc(ctx, &c.heap, bytes) != SANITIZER_SUCCESS ||
      sanitizerMemset(c.heap, 0, bytes, stream) != SANITIZER_SUCCESS) {
    if (c.heap) sanitizerFree(ctx, c.heap);
    c.heap = nullptr;
    warnings.push_back("cannot allocate the device heap's table" + what);
    return false;
  }
  char *base = static_cast<char *>(c.heap);
  HeapState &h = c.heapHeader;
  h.granuleCapacity = (uint32_t)capacity;
  h.keys = reinterpret_cast<unsigned long long *>(base + oKeys);
  h.owner = reinterpret_cast<uint32_t *>(base + oOwner);
  h.heads = reinterpret_cast<HeapAllocation *>(base + oHeads);
  h.shadow = reinterpret_cast<unsigned long long *>(base + oShadow);
  h.pcs = reinterpret_cast<unsigned int *>(base + oPcs);
  if (sanitizerMemcpyHostToDeviceAsync(c.heap, &h, sizeof h, stream) != SANITIZER_SUCCESS) {
    sanitizerFree(ctx, c.heap);
    c.heap = nullptr;
    warnings.push_back("cannot set up the device heap's table" + what);
    return false;
  }
  c.heapBytes = bytes;
  c.heapCovered = limit;
  c.heapShadowOffset = oShadow;
  account((int64_t)bytes, (int64_t)limit);
  return true;
}

void GlobalMemory::account(int64_t shadow, int64_t covered) {
  used_ += shadow;
  shadowed_ += covered;
  if (used_ > peakShadow_) {
    peakShadow_ = used_;
    peakShadowed_ = shadowed_;
  }
}

const Allocation *GlobalMemory::byId(uint32_t id) const {
  auto it = ids_.find(id);
  if (it == ids_.end()) return nullptr;
  auto c = contexts_.find(it->second.first);
  if (c == contexts_.end()) return nullptr;
  auto a = c->second.allocations.find(it->second.second);
  return a == c->second.allocations.end() ? nullptr : &a->second;
}

bool GlobalMemory::prepare(CUcontext ctx, Sanitizer_StreamHandle stream, Prepared &out,
                           std::vector<std::string> &warnings, std::string &error) {
  Context &c = contexts_[ctx];
  // Allocations attached to no context (the callback may say so) are
  // visible to every context's kernels.
  std::vector<Allocation *> all;
  for (auto &[base, a] : c.allocations) all.push_back(&a);
  if (ctx) {
    auto none = contexts_.find(nullptr);
    if (none != contexts_.end()) {
      for (auto &[base, a] : none->second.allocations) all.push_back(&a);
      if (none->second.changed) c.changed = true;
      none->second.changed = false;
    }
  }
  for (Allocation *a : all) {
    if (a->tried) continue;
    a->tried = true;
    c.changed = true;
    uint64_t words = (a->size + 3) / 4;
    size_t bytes = words * (2 * sizeof(unsigned long long) + 2 * sizeof(unsigned int));
    if (used_ + bytes > budget_) {
      unshadowedBytes_ += a->size;
      warnings.push_back("global-memory shadow budget (" + mib(budget_) + ") exhausted: allocations of " +
                         "this run without a shadow are not checked for races (raise --global-shadow-budget)");
      continue;
    }
    if (sanitizerAlloc(ctx, &a->shadow, bytes) != SANITIZER_SUCCESS ||
        sanitizerMemset(a->shadow, 0, bytes, stream) != SANITIZER_SUCCESS) {
      if (a->shadow) sanitizerFree(ctx, a->shadow);
      a->shadow = nullptr;
      unshadowedBytes_ += a->size;
      warnings.push_back("cannot allocate the shadow of a " + mib(a->size) +
                         " allocation: it is not checked for races");
      continue;
    }
    a->shadowed = true;
    a->shadowBytes = bytes;
    account((int64_t)bytes, (int64_t)a->size);
  }
  if (c.wantsHeap && !c.heapTried) makeHeap(ctx, c, stream, warnings);
  // Tags tell this launch's entries from earlier ones; when they run out,
  // every shadow starts empty again (a memset per 255 launches).
  if (++c.tag > kTags) {
    for (Allocation *a : all)
      if (a->shadow) sanitizerMemset(a->shadow, 0, a->shadowBytes, stream);
    if (c.heap)
      sanitizerMemset(static_cast<char *>(c.heap) + c.heapShadowOffset, 0, c.heapBytes - c.heapShadowOffset, stream);
    c.tag = 1;
  }
  out.tag = c.tag;
  out.heap = static_cast<HeapState *>(c.heap);
  if (c.changed) {
    std::vector<GlobalRange> ranges;
    for (Allocation *a : all) {
      GlobalRange r{};
      r.base = a->base;
      r.end = a->base + a->size;
      r.id = a->id;
      if (a->shadow) {
        uint64_t words = (a->size + 3) / 4;
        r.shadow = static_cast<unsigned long long *>(a->shadow);
        r.pcs = reinterpret_cast<unsigned int *>(r.shadow + 2 * words);
      }
      ranges.push_back(r);
    }
    std::sort(ranges.begin(), ranges.end(), [](const GlobalRange &x, const GlobalRange &y) { return x.base < y.base; });
    size_t bytes = std::max<size_t>(1, ranges.size()) * sizeof(GlobalRange);
    if (c.tableCapacity < bytes) {
      if (c.table) sanitizerFree(ctx, c.table);
      c.table = nullptr;
      c.tableCapacity = 0;
      if (sanitizerAlloc(ctx, &c.table, bytes * 2) != SANITIZER_SUCCESS) {
        error = "cannot allocate the table of " + std::to_string(ranges.size()) + " allocations";
        return false;
      }
      c.tableCapacity = bytes * 2;
    }
    // Copied before the launch on its stream: the host copy must outlive
    // the asynchronous copy, so keep it.
    c.hostTable = std::move(ranges);
    if (!c.hostTable.empty() &&
        sanitizerMemcpyHostToDeviceAsync(c.table, c.hostTable.data(), c.hostTable.size() * sizeof(GlobalRange),
                                         stream) != SANITIZER_SUCCESS) {
      error = "cannot upload the table of allocations";
      return false;
    }
    c.count = (uint32_t)c.hostTable.size();
    c.changed = false;
  }
  out.ranges = static_cast<const GlobalRange *>(c.table);
  out.count = c.count;
  return true;
}

} // namespace warpcheck::run
