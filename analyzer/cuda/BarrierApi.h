#pragma once
// The member functions of libcu++'s cuda::barrier (<cuda/barrier>), by name:
// the one list that the async-barrier rules, the async-copy analysis (a
// barrier's wait completes its copies) and the memory model (a barrier's
// arrive and wait order memory) read. Which class a call is on is each
// user's test: they accept different spellings of the barrier type.
#include "llvm/ADT/StringRef.h"

namespace warpcheck {

struct BarrierMember {
  enum Kind { None, Arrive, ArriveAndWait, ArriveAndDrop, Wait };
  Kind kind = None;
  // Wait: on a phase's parity (wait_parity, try_wait_parity*), not on a
  // token from arrive().
  bool parity = false;
  // Wait: try_wait*, which may return before the phase completes.
  bool tries = false;
  // Wait: a try_wait with a time limit (try_wait_for, try_wait_until,
  // try_wait_parity_for, try_wait_parity_until).
  bool timed = false;
};

BarrierMember barrierMemberOf(llvm::StringRef name);

} // namespace warpcheck
