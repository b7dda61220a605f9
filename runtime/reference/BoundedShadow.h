#pragma once
// Which conflicting pairs the GPU detector's shadow can see at all. It keeps,
// per 4-byte word, only the last writer (and one reader): an earlier write
// that another write to the word replaced before the later access ran is
// gone (rules/race-global.md and rules/race-shared.md, "Known limits"). The
// reference checker's shadow is exact; this marks each of its race pairs
// as one the bounded shadow still holds or not, so that the differential
// test can tell a miss the documented bound allows from a real one
// (docs/run-memory-model.md, "Checking the GPU detector against the
// reference").
#include "runtime/reference/Trace.h"
#include <cstdint>
#include <vector>

namespace warpcheck::reference {

class BoundedShadow {
public:
  explicit BoundedShadow(const Trace &trace);

  // Whether, when access `later` ran, the GPU's shadow still held access
  // `earlier` (earlier < later in trace order, touching a common byte):
  // a write is held while it is the last write to a word both touch. A
  // read counts as held: the one-reader bound is not modelled, so every
  // pair with an earlier read is one the GPU must report (strict).
  bool holds(uint32_t earlier, uint32_t later) const;

private:
  const Trace &trace_;
  // Per access event: for each 4-byte word it touches, the last write to
  // that word before it (~0u: none). Other events: empty.
  std::vector<std::vector<uint32_t>> lastWriters_;
};

} // namespace warpcheck::reference
