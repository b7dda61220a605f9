#pragma once
// One checked launch: size the detector's device memory for the launch,
// hand it to the kernel, and after the kernel has run read back the distinct
// hazards and the counters of what was not checked.
#include "instrument/PatchState.h"
#include "runtime/common/RawLog.h"
#include "runtime/inject/LaunchedCode.h"
#include <cuda.h>
#include <map>
#include <sanitizer.h>
#include <string>
#include <vector>

namespace warpcheck::run {

// What the global-memory detector gets for one launch (null ranges: off).
struct GlobalSetup {
  const patch::GlobalRange *ranges = nullptr;
  uint32_t rangeCount = 0;
  uint32_t tag = 0;
  const uint32_t *pcInfo = nullptr;
  const uint32_t *pcEdges = nullptr;
  const uint32_t *pcArrive = nullptr;
  uint64_t pcBase = 0;
  uint32_t pcCount = 0;
  patch::HeapState *heap = nullptr;
  uint32_t concurrentTags[8] = {};
  bool volatileAccesses = false; // KernelCode::Table::volatileAccesses
};

struct LaunchLimits {
  uint64_t tableCapacity = 4096;
  uint64_t shadowBudgetBytes = 4ull << 30;
  bool intraWarp = true;
  bool debug = false;
  uint64_t traceEvents = 1u << 22; // capacity of a traced launch's event buffer
  bool volatileRaces = true; // report race-volatile (CUDA C++'s reading of volatile)
  uint64_t sampleBlocks = 0;  // --sample-blocks: blocks checked per launch (0: all)
};

// Gives a launch's patches their detector state (null: every patch returns
// at once). A kernel node of a CUDA graph gets it per kernel
// (sanitizerSetCallbackData): the per-launch data set for one node applies
// to every node of the graph launch, the last one set winning -- seen with
// CUDA 13.0 on an H200, where graph_edges_fixed's two nodes both ran with
// the second's state, and the per-launch data also overrides the
// per-kernel one. Nodes of one kernel in one graph launch therefore share
// a state (Injection.cpp leaves them unchecked).
SanitizerResult setLaunchState(const Sanitizer_LaunchData &launch, bool graphNode, const void *state);

class LaunchChecker {
public:
  explicit LaunchChecker(LaunchLimits limits) : limits_(limits) {}

  // Returns false (with `error`) when the launch cannot be checked.
  // `graphNode`: a kernel node of a CUDA graph launch (setLaunchState).
  bool begin(const Sanitizer_LaunchData &launch, const GlobalSetup &global, bool graphNode, std::string &error,
             std::vector<std::string> &warnings);
  // Waits for the kernel and appends its records (locations unresolved
  // beyond the launched function's `code`) to `out`; adds the counters to `log`.
  bool end(const Sanitizer_LaunchData &launch, const LaunchedCode &code, std::vector<RawRecord> &out,
           RawLog &log, std::string &error);
  void onContextDestroyed(CUcontext ctx);
  // Host memory the GPU can write, to journal each new finding in (its
  // host and device addresses): a file-backed journal (JournalFile.h)
  // outlives the process. Without one a context gets pinned memory.
  void useJournal(CUcontext ctx, patch::FindingRecord *host, patch::FindingRecord *device, size_t bytes);
  uint64_t tableCapacity() const { return limits_.tableCapacity; }
  // The most device memory the launches' state took at once.
  uint64_t peakDeviceBytes() const { return peakHeld_; }
  bool pending(Sanitizer_LaunchHandle h) const { return pending_.count(h) != 0; }
  // The counters of the last launch, with WARPCHECK_DEBUG only.
  std::string lastCounters;
  // Whether the next begin() traces its launch; end() then fills
  // lastTrace (in event order) and lastTraceMade (events made, which may
  // exceed the capacity: the trace is then incomplete).
  bool traceNext = false;
  std::vector<patch::TraceEvent> lastTrace;
  uint64_t lastTraceMade = 0;

private:
  // The detector's device memory (state, table, shadow, trace) and pinned
  // journal of one launch. A launch that begins while another of its
  // context is pending -- the kernel nodes of a CUDA graph launch all begin
  // before the first ends -- gets a set of its own: sharing one ran the
  // nodes with one detector state and one trace buffer.
  struct Buffers {
    void *device = nullptr;
    size_t size = 0;
    void *journal = nullptr; // pinned host memory, LaunchState::journal
    size_t journalSize = 0;
    bool busy = false; // a pending launch uses it
  };
  struct ContextBuffers {
    std::vector<Buffers> sets;
    // A journal given by useJournal(), for the first set: not ours to free.
    patch::FindingRecord *journalHost = nullptr, *journalDevice = nullptr;
    size_t journalHostSize = 0;
  };
  struct Pending {
    patch::LaunchState state;
    patch::FindingRecord *journalHost = nullptr; // state.journal as the host reads it
    std::array<uint32_t, 3> blockDim{};
    std::array<uint32_t, 3> gridDim{}; // the end callback's launch data may not have it
    CUcontext context = nullptr;
    size_t set = 0; // its ContextBuffers::sets entry
  };

  LaunchLimits limits_;
  // --sample-blocks: where the next checked launch's window starts (in
  // blocks; taken modulo its grid), so that the windows move on.
  uint64_t sampleNext_ = 0;
  uint64_t held_ = 0, peakHeld_ = 0; // device bytes of every context's Buffers
  std::map<CUcontext, ContextBuffers> buffers_;
  std::map<Sanitizer_LaunchHandle, Pending> pending_;
};

} // namespace warpcheck::run
