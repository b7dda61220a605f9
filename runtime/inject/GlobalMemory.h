#pragma once
// The allocations a program's kernels can touch, tracked through the
// Compute Sanitizer's resource callbacks (cudaMalloc and friends, pools,
// managed and host-pinned memory, the `__device__` variables of each
// module), each with the shadow of the global-memory detector
// (GlobalDetector.cuh) while the shadow budget allows. Before each checked
// launch, the sorted table of ranges goes to the device. Memory from
// device-side malloc() is registered by the patches themselves, in a heap
// table made for each context whose modules call malloc().
#include "instrument/PatchState.h"
#include <cuda.h>
#include <map>
#include <sanitizer.h>
#include <string>
#include <vector>

namespace warpcheck::run {

struct Allocation {
  uint64_t base = 0, size = 0;
  uint32_t id = 0;         // GlobalRange::id
  std::string kind;        // "device", "managed", "host-pinned", "module variable", ...
  bool shadowed = false;   // has a shadow (made at the first checked launch after it)
  bool tried = false;      // a shadow was attempted
  void *shadow = nullptr;  // [words][2] entries then [words][2] pcs
  size_t shadowBytes = 0;
  std::vector<uintptr_t> stack; // the host call stack that allocated it (return addresses)
};

class GlobalMemory {
public:
  explicit GlobalMemory(uint64_t budgetBytes) : budget_(budgetBytes) {}

  void onAlloc(const Sanitizer_ResourceMemoryData &m, bool host, std::vector<uintptr_t> stack);
  // The module's `__device__` variables, looked up on entry to the next
  // launch call in its context (the API reports no allocation for them).
  void onModuleLoaded(CUcontext ctx, CUmodule module, const char *cubin, size_t size);
  // Looks up the variables of the context's modules not looked up yet.
  // Outside launch callbacks only: inside one, on a stream the program
  // created, the driver deadlocks.
  void resolveModules(CUcontext ctx);
  void onModuleUnloading(CUmodule module);
  void onFree(const Sanitizer_ResourceMemoryData &m);
  void onContextDestroyed(CUcontext ctx);

  struct Prepared {
    const patch::GlobalRange *ranges = nullptr; // device memory
    uint32_t count = 0;
    uint32_t tag = 0;
    patch::HeapState *heap = nullptr;           // device memory, or null
  };
  // Shadows new allocations of the context, uploads the range table when it
  // changed and picks the launch's tag (clearing every shadow when tags run
  // out). Shadow allocation failures and budget overruns go to `warnings`.
  bool prepare(CUcontext ctx, Sanitizer_StreamHandle stream, Prepared &out, std::vector<std::string> &warnings,
               std::string &error);

  // The allocation with this id, or null (freed since). A device-side
  // malloc() allocation (id with kHeapAllocationBit) is read back from the
  // context's heap table, as it is now.
  const Allocation *byId(uint32_t id) const;
  bool heapAllocation(CUcontext ctx, uint32_t id, Sanitizer_StreamHandle stream, patch::HeapAllocation &out) const;
  uint64_t unshadowedBytes() const { return unshadowedBytes_; }
  uint64_t shadowBytes() const { return used_; }
  // The most shadow held at once, and the allocation bytes it covered then
  // (the device heap counts with its size).
  uint64_t peakShadowBytes() const { return peakShadow_; }
  uint64_t peakShadowedBytes() const { return peakShadowed_; }

private:
  struct Context {
    std::map<uint64_t, Allocation> allocations; // by base
    bool changed = true;
    void *table = nullptr;       // device copy of hostTable
    size_t tableCapacity = 0;
    std::vector<patch::GlobalRange> hostTable;
    uint32_t count = 0;
    uint32_t tag = 0;
    // The device heap: wanted once a module calls malloc(); its size is
    // read on entry to a launch call (CU_LIMIT_MALLOC_HEAP_SIZE).
    bool wantsHeap = false, heapTried = false;
    size_t heapLimit = 0;
    void *heap = nullptr;             // HeapState then its arrays
    size_t heapBytes = 0, heapShadowOffset = 0, heapCovered = 0;
    patch::HeapState heapHeader{};    // host copy (read by an asynchronous upload)
  };

  bool makeHeap(CUcontext ctx, Context &c, Sanitizer_StreamHandle stream, std::vector<std::string> &warnings);

  void add(CUcontext ctx, uint64_t base, uint64_t size, std::string kind, std::vector<uintptr_t> stack = {});
  void remove(CUcontext ctx, uint64_t base);

  struct PendingModule {
    CUcontext context;
    std::vector<std::string> variables;
    std::vector<uint64_t> bases; // once resolved
    bool resolved = false;
  };
  std::map<CUmodule, PendingModule> modules_;
  // A shadow of `shadow` bytes covering `covered` bytes made (or, negative,
  // freed): the running totals and their peaks.
  void account(int64_t shadow, int64_t covered);
  uint64_t budget_, used_ = 0, unshadowedBytes_ = 0;
  uint64_t shadowed_ = 0, peakShadow_ = 0, peakShadowed_ = 0;
  uint32_t nextId_ = 1;
  std::map<CUcontext, Context> contexts_;
  std::map<uint32_t, std::pair<CUcontext, uint64_t>> ids_;
};

} // namespace warpcheck::run
