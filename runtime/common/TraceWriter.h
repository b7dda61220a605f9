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

class TraceWriter {
public:
  // `path` empty: tracing is off.
  TraceWriter(std::string path, uint64_t maxLaunches) : path_(std::move(path)), maxLaunches_(maxLaunches) {}
  ~TraceWriter();

  bool on() const { return !path_.empty() && written_ < maxLaunches_; }
  // Appends one launch; `after` are earlier trace launch ids ordered before
  // it. Returns its id, or -1 (with `error`) when it could not be written.
  int write(const std::string &kernel, const std::array<uint32_t, 3> &grid, const std::array<uint32_t, 3> &block,
            const std::vector<int> &after, const std::vector<patch::TraceEvent> &events, std::string &error);

private:
  std::string path_;
  uint64_t maxLaunches_;
  uint64_t written_ = 0;
  std::FILE *out_ = nullptr;
};

// One event as a trace line (no newline).
std::string traceLine(int launch, const patch::TraceEvent &e);

} // namespace warpcheck::run
