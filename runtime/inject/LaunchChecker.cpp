#include "runtime/inject/LaunchChecker.h"
#include "runtime/inject/DriverApi.h"
#include "runtime/inject/LaunchApi.h"
#include "runtime/common/Journal.h"
#include <algorithm>
#include <cstring>
#include <optional>

namespace warpcheck::run {

using namespace patch;

namespace {

constexpr size_t kAlign = 256;
size_t alignUp(size_t v) { return (v + kAlign - 1) / kAlign * kAlign; }

std::string resultText(SanitizerResult r) {
  const char *s = nullptr;
  sanitizerGetResultString(r, &s);
  return s ? s : "error " + std::to_string((int)r);
}

// The shared-memory window of one block: static, dynamic, and the reserved
// bytes at its start. The dynamic part is the launch's own when the launch
// API told it (LaunchApi.h), else the most the kernel may be given.
uint32_t sharedWindowBytes(CUfunction f, CUdevice dev, std::optional<uint32_t> dynamicBytes) {
  const DriverApi &api = driverApi();
  int staticBytes = 0, maxDynamic = 48 * 1024, reserved = 1024;
  if (api.ok()) {
    api.funcGetAttribute(&staticBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f);
    if (!dynamicBytes) api.funcGetAttribute(&maxDynamic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f);
    api.deviceGetAttribute(&reserved, CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, dev);
  }
  int64_t dynamic = dynamicBytes ? (int64_t)*dynamicBytes : (int64_t)maxDynamic;
  return (uint32_t)std::max<int64_t>(0, staticBytes + dynamic + reserved);
}

int smCount(CUdevice dev) {
  int sms = 0;
  if (driverApi().ok()) driverApi().deviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  return sms > 0 ? sms : 132;
}

// An upper bound of the blocks of this launch resident at once.
uint64_t residentBlocks(CUfunction f, int sms, uint32_t threads) {
  const DriverApi &api = driverApi();
  int perSm = 0;
  if (api.ok()) api.occupancy(&perSm, f, (int)threads, 0);
  if (perSm <= 0) perSm = (int)std::min<uint32_t>(kMaxSlotsPerSM, std::max<uint32_t>(1, 2048 / threads));
  return (uint64_t)sms * (uint64_t)std::min<int>(perSm, (int)kMaxSlotsPerSM);
}

} // namespace

SanitizerResult setLaunchState(const Sanitizer_LaunchData &l, bool graphNode, const void *state) {
  if (graphNode) return sanitizerSetCallbackData(l.function, state);
  return sanitizerSetLaunchCallbackData(l.hLaunch, l.function, l.hStream, state);
}

bool LaunchChecker::begin(const Sanitizer_LaunchData &l, const GlobalSetup &global, bool graphNode,
                          std::string &error, std::vector<std::string> &warnings) {
  uint32_t threads = l.blockDim_x * l.blockDim_y * l.blockDim_z;
  if (threads == 0 || threads > 1024) {
    error = "block of " + std::to_string(threads) + " threads";
    return false;
  }
  uint64_t grid = (uint64_t)l.gridDim_x * l.gridDim_y * l.gridDim_z;
  // One word per block of the grid maps blocks to slots (PatchState.h).
  if (grid > (1ull << 28)) {
    error = "grid of " + std::to_string(grid) + " blocks (the detector handles up to 2^28)";
    return false;
  }
  uint32_t window = sharedWindowBytes(l.function, l.device, currentDynamicSharedBytes());
  uint32_t words = (window + 3) / 4;
  int sms = smCount(l.device);
  uint64_t checkedBlocks = limits_.sampleBlocks ? std::min<uint64_t>(limits_.sampleBlocks, grid) : grid;
  uint64_t slots = std::min<uint64_t>(residentBlocks(l.function, sms, threads), checkedBlocks);
  bool checkGlobal = global.ranges != nullptr;
  uint64_t perSlot = (uint64_t)words * 16 + sizeof(Slot) + sizeof(unsigned int) + sizeof(AsyncThread) * threads +
                     (checkGlobal ? sizeof(GlobalThread) * threads : 0);
  uint64_t affordable = limits_.shadowBudgetBytes / perSlot;
  if (affordable == 0) {
    error = "one block's shadow (" + std::to_string(perSlot >> 10) + " KiB) exceeds the shadow budget";
    return false;
  }
  if (slots > affordable) {
    warnings.push_back("shadow budget allows " + std::to_string(affordable) + " of " +
                       std::to_string(slots) + " resident blocks of " + std::string(l.functionName) +
                       "; blocks beyond them run unchecked (raise --shadow-budget)");
    slots = affordable;
  }

  Pending p;
  LaunchState &st = p.state;
  st = {};
  st.blockDim[0] = l.blockDim_x;
  st.blockDim[1] = l.blockDim_y;
  st.blockDim[2] = l.blockDim_z;
  st.threadsPerBlock = threads;
  st.numSlots = (uint32_t)slots;
  st.shadowWords = words;
  st.tableCapacity = (uint32_t)limits_.tableCapacity;
  st.checkIntraWarp = limits_.intraWarp ? 1 : 0;
  st.volatileRaces = limits_.volatileRaces ? 1 : 0;
  st.debug = limits_.debug ? 1 : 0;
  st.slotsPerSm = (uint32_t)std::max<uint64_t>(1, slots / (uint64_t)sms);
  st.gridBlocks = (uint32_t)grid;
  if (checkedBlocks < grid) {
    st.sampleBlocks = (uint32_t)checkedBlocks;
    st.sampleFirst = (uint32_t)(sampleNext_ % grid);
    sampleNext_ += checkedBlocks;
  }
  st.ranges = global.ranges;
  st.rangeCount = global.rangeCount;
  st.launchTag = global.tag;
  st.pcInfo = global.pcInfo;
  st.pcEdges = global.pcEdges;
  st.pcArrive = global.pcArrive;
  st.pcBase = global.pcBase;
  st.pcCount = global.pcCount;
  st.heap = global.heap;
  std::copy(std::begin(global.concurrentTags), std::end(global.concurrentTags), st.concurrentTags);

  // One allocation per context, grown when a launch needs more.
  size_t off = 0;
  auto take = [&](size_t bytes) {
    size_t at = off;
    off = alignUp(off + bytes);
    return at;
  };
  size_t oState = take(sizeof(LaunchState)), oCounters = take(sizeof(Counters));
  size_t oTable = take(sizeof(FindingRecord) * st.tableCapacity);
  size_t oBlockSlot = take(sizeof(unsigned int) * grid);
  size_t oBusy = take(sizeof(unsigned int) * slots);
  size_t oSlots = take(sizeof(Slot) * slots);
  size_t oShadow = take((size_t)words * 16 * slots);
  size_t oSyncClock = take(sizeof(unsigned long long));
  bool traced = traceNext;
  size_t oTraceNext = traced ? take(sizeof(unsigned long long)) : 0;
  // Threads reset their own asynchronous-copy state: not cleared below.
  size_t cleared = off;
  size_t oAsync = take(sizeof(AsyncThread) * threads * slots);
  size_t oGlobal = checkGlobal ? take(sizeof(GlobalThread) * threads * slots) : 0;
  size_t oTrace = traced ? take(sizeof(TraceEvent) * limits_.traceEvents) : 0;
  ContextBuffers &cb = buffers_[l.context];
  size_t set = 0;
  while (set < cb.sets.size() && cb.sets[set].busy) ++set;
  if (set == cb.sets.size()) cb.sets.emplace_back();
  Buffers &b = cb.sets[set];
  if (b.size < off) {
    if (b.device) sanitizerFree(l.context, b.device);
    held_ -= b.size;
    b.device = nullptr;
    b.size = 0;
    SanitizerResult r = sanitizerAlloc(l.context, &b.device, off);
    if (r != SANITIZER_SUCCESS) {
      error = "cannot allocate " + std::to_string(off >> 20) + " MiB of detector memory: " + resultText(r);
      return false;
    }
    b.size = off;
    held_ += off;
    peakHeld_ = std::max(peakHeld_, held_);
  }
  size_t journalBytes = sizeof(FindingRecord) * st.tableCapacity;
  if (set == 0 && cb.journalHost && cb.journalHostSize >= journalBytes) {
    st.journal = cb.journalDevice;
    p.journalHost = cb.journalHost;
  } else if (b.journalSize < journalBytes) {
    if (b.journal) sanitizerFreeHost(l.context, b.journal);
    b.journal = nullptr;
    b.journalSize = 0;
    // Without it, findings of a kernel that faults are lost.
    if (sanitizerAllocHost(l.context, &b.journal, journalBytes) == SANITIZER_SUCCESS) {
      b.journalSize = journalBytes;
      std::memset(b.journal, 0, journalBytes); // end() clears what each launch wrote
    }
  }
  if (!p.journalHost) p.journalHost = st.journal = static_cast<FindingRecord *>(b.journal);
  char *base = static_cast<char *>(b.device);
  st.counters = reinterpret_cast<Counters *>(base + oCounters);
  st.table = reinterpret_cast<FindingRecord *>(base + oTable);
  st.blockSlot = reinterpret_cast<unsigned int *>(base + oBlockSlot);
  st.slotBusy = reinterpret_cast<unsigned int *>(base + oBusy);
  st.slots = reinterpret_cast<Slot *>(base + oSlots);
  st.shadow = reinterpret_cast<unsigned long long *>(base + oShadow);
  st.async = reinterpret_cast<AsyncThread *>(base + oAsync);
  st.global = checkGlobal ? reinterpret_cast<GlobalThread *>(base + oGlobal) : nullptr;
  // Only a kernel with volatile accesses reads it: the clock costs an
  // atomic on one word per strong write.
  if (st.volatileRaces && global.volatileAccesses) st.syncClock = reinterpret_cast<unsigned long long *>(base + oSyncClock);
  if (traced) {
    st.trace = reinterpret_cast<TraceEvent *>(base + oTrace);
    st.traceNext = reinterpret_cast<unsigned long long *>(base + oTraceNext);
    st.traceCapacity = limits_.traceEvents;
  }

  // The asynchronous copy reads the host state after this returns: copy
  // from the entry kept until the launch ends, not from a local.
  p.blockDim = {l.blockDim_x, l.blockDim_y, l.blockDim_z};
  p.gridDim = {l.gridDim_x, l.gridDim_y, l.gridDim_z};
  p.context = l.context;
  p.set = set;
  Pending &kept = pending_[l.hLaunch] = p;
  SanitizerResult r = sanitizerMemset(base, 0, cleared, l.hStream);
  if (r == SANITIZER_SUCCESS)
    r = sanitizerMemcpyHostToDeviceAsync(base + oState, &kept.state, sizeof(LaunchState), l.hStream);
  if (r == SANITIZER_SUCCESS)
    r = setLaunchState(l, graphNode, base + oState);
  if (r != SANITIZER_SUCCESS) {
    pending_.erase(l.hLaunch);
    error = "cannot set up the launch: " + resultText(r);
    return false;
  }
  b.busy = true;
  return true;
}

bool LaunchChecker::end(const Sanitizer_LaunchData &l, const LaunchedCode &code, std::vector<RawRecord> &out,
                        RawLog &log, std::string &error) {
  auto it = pending_.find(l.hLaunch);
  if (it == pending_.end()) return true;
  Pending p = it->second;
  pending_.erase(it);
  // Its buffers are free again once its results are read (below, before
  // this returns: no other callback runs meanwhile).
  struct Release {
    std::map<CUcontext, ContextBuffers> &all;
    const Pending &p;
    ~Release() {
      auto c = all.find(p.context);
      if (c != all.end() && p.set < c->second.sets.size()) c->second.sets[p.set].busy = false;
    }
  } release{buffers_, p};
  SanitizerResult r = sanitizerStreamSynchronize(l.hStream);
  Counters counters{};
  if (r == SANITIZER_SUCCESS)
    r = sanitizerMemcpyDeviceToHost(&counters, p.state.counters, sizeof(Counters), l.hStream);
  std::vector<FindingRecord> table(p.state.tableCapacity);
  if (r == SANITIZER_SUCCESS)
    r = sanitizerMemcpyDeviceToHost(table.data(), p.state.table, sizeof(FindingRecord) * table.size(),
                                    l.hStream);
  bool failed = r != SANITIZER_SUCCESS;
  lastTrace.clear();
  lastTraceMade = 0;
  if (!failed && p.state.trace &&
      sanitizerMemcpyDeviceToHost(&lastTraceMade, p.state.traceNext, sizeof lastTraceMade, l.hStream) ==
          SANITIZER_SUCCESS) {
    lastTrace.resize(std::min<uint64_t>(lastTraceMade, p.state.traceCapacity));
    if (!lastTrace.empty() &&
        sanitizerMemcpyDeviceToHost(lastTrace.data(), p.state.trace, sizeof(TraceEvent) * lastTrace.size(),
                                    l.hStream) != SANITIZER_SUCCESS)
      lastTrace.clear();
  }
  if (failed) {
    error = "cannot read the results of " + std::string(l.functionName ? l.functionName : "a kernel") +
            " (did the kernel fail?): " + resultText(r);
    if (!p.journalHost) return false;
    // The journal has each finding made before the failure, counted once.
    std::memcpy(table.data(), p.journalHost, sizeof(FindingRecord) * table.size());
    size_t made = std::count_if(table.begin(), table.end(), [](const FindingRecord &f) { return f.ready; });
    error += "; the " + std::to_string(made) + " finding(s) it made before it failed are reported, counted once each";
  }
  // The journal mirrors the table index for index: clear the entries this
  // launch used, not the whole journal at every launch.
  if (p.journalHost)
    for (size_t i = 0; i < table.size(); ++i)
      if (table[i].key) p.journalHost[i] = FindingRecord{};
  if (limits_.debug)
    lastCounters = "slots " + std::to_string(p.state.numSlots) + ", shadow words " +
                 std::to_string(p.state.shadowWords) + ", enters " + std::to_string(counters.debugEnters) +
                 ", accesses " + std::to_string(counters.debugAccesses) + ", no slot " +
                 std::to_string(counters.debugNoSlot) + ", barrier releases " +
                 std::to_string(counters.debugBarriers) + ", global accesses " +
                 std::to_string(counters.debugGlobal) + ", unchecked blocks " +
                 std::to_string(counters.uncheckedBlocks) + ", unchecked accesses " +
                 std::to_string(counters.uncheckedAccesses);
  log.uncheckedAccesses += counters.uncheckedAccesses;
  log.uncheckedBlockThreads += counters.uncheckedBlocks;
  if (p.state.sampleBlocks) {
    log.sampledBlocks += p.state.sampleBlocks;
    log.sampledLaunchBlocks += p.state.gridBlocks;
  }
  log.droppedHazards += counters.droppedFindings;
  log.globalUntracked += counters.globalUntracked;
  log.globalUnshadowed += counters.globalUnshadowed;
  log.globalInterBlockUnknown += counters.globalInterBlockUnknown;
  log.heapUntracked += counters.heapUntracked;

  LaunchShape launch;
  static_cast<CodeRange &>(launch) = code;
  launch.blockDim = p.blockDim;
  launch.gridDim = p.gridDim;
  for (const FindingRecord &rec : table)
    if (rec.key && rec.ready) out.push_back(rawRecordOf(rec, launch));
  return !failed;
}

void LaunchChecker::useJournal(CUcontext ctx, FindingRecord *host, FindingRecord *device, size_t bytes) {
  ContextBuffers &b = buffers_[ctx];
  b.journalHost = host;
  b.journalDevice = device;
  b.journalHostSize = bytes;
}

void LaunchChecker::onContextDestroyed(CUcontext ctx) {
  // The driver frees the context's memory with it.
  auto it = buffers_.find(ctx);
  if (it == buffers_.end()) return;
  for (const Buffers &b : it->second.sets) held_ -= b.size;
  buffers_.erase(it);
}

} // namespace warpcheck::run
