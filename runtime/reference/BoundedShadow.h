#pragma once
// Which conflicting pairs the GPU detector's shadow can see at all. It keeps,
// per 4-byte word, only the last writer and one reader (rules/race-global.md
// and rules/race-shared.md, "Known limits"): an earlier write that another
// write to the word replaced, or a read the reader half never stored or
// has replaced since, is gone when the later access runs. The reference
// checker's shadow is exact; this marks each of its race pairs as one the
// bounded shadow still holds or not, so that the differential test can
// tell a miss the documented bound allows from a real one
// (docs/run-memory-model.md, "What counts as agreement").
#include "runtime/reference/Trace.h"
#include <cstdint>
#include <vector>

namespace warpcheck::reference {

class BoundedShadow {
public:
  explicit BoundedShadow(const Trace &trace);

  // Whether, when access `later` ran, the GPU's shadow still held access
  // `earlier` (earlier < later in trace order, touching a common byte) in
  // a word both touch. A write is held while it is the word's last write
  // (plain, strong or read-modify-write). A read is held from when the
  // reader half stored it until a later read certainly replaced it, by the
  // detector's rule: a read of a word whose reader is another block's read
  // of this launch keeps that reader (unless that one is strong and this
  // one plain), as does a read by the same thread with no synchronisation
  // event between; in shared memory, a read in the same barrier epoch as
  // the reader keeps it. Where the rule depends on barrier epochs the trace
  // does not pin down (threads that synchronised within their block), the
  // read counts as stored and the reader before it as still held: a miss
  // there is a difference, never excused.
  bool holds(uint32_t earlier, uint32_t later) const;

private:
  struct WordState {
    uint64_t word = 0;
    uint32_t lastWriter = ~0u; // writes: the last write to the word before this access
    bool stored = false;       // reads: the reader half took it
    uint32_t until = ~0u;      // ... until this read replaced it (~0u: never)
  };
  const Trace &trace_;
  // Per access event, one state per 4-byte word it touches.
  std::vector<std::vector<WordState>> words_;
};

} // namespace warpcheck::reference
