#pragma once
// Writes traced launches (`warpcheck run --trace`) in the reference
// checker's trace format (docs/run-memory-model.md, appendix): a header
// line per launch, then one line per event, in the order the GPU numbered
// them.
#include "instrument/PatchState.h"
#include <array>
#include <cstdio>
#include <string>
#include <vector>

namespace warpcheck::run {

// The instructions of the launched function the SASS index covers (the
// device's pcIndex(): `count` 16-byte instructions from `base`; count 0:
// no index). A global access elsewhere is a callee's: neither the detector
// nor the trace knows the fences on its paths.
struct IndexedCode {
  uint64_t base = 0;
  uint32_t count = 0;
  bool covers(uint64_t pc) const { return pc >= base && (pc - base) / 16 < count; }
};

// The detector takes code whose fences it cannot see as releasing
// (instrument/GlobalDetector.cuh, pcInfoAt: a callee's writes count as
// fenced, and so do the thread's earlier ones once it ran such code). The
// trace says so with a `release` fence of device scope before each global
// access of a callee, and before the thread's next global access or
// block-wide barrier after one. Nothing changes without an index.
std::vector<patch::TraceEvent> withAssumedReleases(const std::vector<patch::TraceEvent> &events,
                                                   const IndexedCode &code);

class TraceWriter {
public:
  // `path` empty: tracing is off.
  TraceWriter(std::string path, uint64_t maxLaunches) : path_(std::move(path)), maxLaunches_(maxLaunches) {}
  ~TraceWriter();

  bool on() const { return !path_.empty() && written_ < maxLaunches_; }
  // Appends one launch; `after` are earlier trace launch ids ordered before
  // it. Returns its id, or -1 (with `error`) when it could not be written.
  // `code`: what the SASS index covered (see IndexedCode).
  int write(const std::string &kernel, const std::array<uint32_t, 3> &grid, const std::array<uint32_t, 3> &block,
            const std::vector<int> &after, const std::vector<patch::TraceEvent> &events, std::string &error,
            const IndexedCode &code = {});

private:
  std::string path_;
  uint64_t maxLaunches_;
  uint64_t written_ = 0;
  std::FILE *out_ = nullptr;
};

// The events of one launch in the order the trace gives them: the GPU's,
// except for the fences the SASS shows before a block-wide barrier. The
// patches write those after the barrier's event (its global-memory
// callback looks them up after the event is written), at the barrier's pc;
// they ran before it, and a fence after the barrier would have the thread
// move on before the barrier completed (it would acquire nothing from it).
// They go back before the barrier's event.
std::vector<const patch::TraceEvent *> traceOrder(const std::vector<patch::TraceEvent> &events);

// One event as a trace line (no newline).
std::string traceLine(int launch, const patch::TraceEvent &e);

} // namespace warpcheck::run
