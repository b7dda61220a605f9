#pragma once
// The pieces of the documented model (docs/run-memory-model.md) that do
// not depend on the order of events: scopes, strength, moral strength.
#include "runtime/reference/Trace.h"
#include <algorithm>

namespace warpcheck::reference {

// __syncwarp() calls compared per warp: a lane that comes to a call after
// another lane of its warp has made this many more is not compared with the
// lanes that made it. The GPU detector's bound (instrument/PatchState.h,
// kSyncwarpCallsKept; the reference includes nothing of the runtime, and a
// reference test checks the two agree).
inline constexpr uint32_t kSyncwarpCallsKept = 32;

struct ModelOptions {
  // --volatile=ptx: volatile accesses are relaxed system-scope operations,
  // morally strong with other strong accesses (PTX's reading). Default:
  // CUDA C++'s -- volatile is not atomic, so a volatile access never makes
  // a conflicting pair morally strong.
  bool volatileIsPtx = false;
};

// One way of computing happens-before. The checker runs three to classify
// a race: as written; with every scope widened to gpu (scope-too-narrow);
// and also with every strong write a release and every strong read an
// acquire (fence-missing).
struct Variant {
  bool widenScopes = false;
  bool strongIsReleaseAcquire = false;
};

// Scope levels. Cluster counts as gpu: a trace carries no cluster shape.
enum Level : int { LevelCta = 0, LevelGpu = 1, LevelSys = 2, LevelCount = 3 };

inline int scopeLevel(Scope s, bool widen) {
  switch (s) {
  case Scope::Cta: return widen ? LevelGpu : LevelCta;
  case Scope::Cluster:
  case Scope::Gpu: return LevelGpu;
  case Scope::Sys: return LevelSys;
  }
  return LevelGpu;
}

// The scope of an event; volatile accesses count as system scope.
inline int eventLevel(const Event &e, bool widen) {
  return e.sem == Sem::Volatile ? LevelSys : scopeLevel(e.scope, widen);
}

inline bool sameBlock(const Event &a, const Event &b) {
  return a.launch == b.launch && a.block == b.block;
}

// Whether an operation of scope `level` reaches a thread that is (or is
// not) in its own block. One GPU: gpu and sys reach every thread.
inline bool levelIncludes(int level, bool inSameBlock) { return level >= LevelGpu || inSameBlock; }

// Strong in PTX's sense: may form release/acquire patterns with fences.
// Volatile accesses do in both readings (PTX: relaxed.sys).
inline bool isStrong(const Event &e) { return e.isAccess() && e.sem != Sem::Plain; }

// Counts as an atomic for the data-race definition.
inline bool isAtomicForRaces(const Event &e, const ModelOptions &o) {
  return isStrong(e) && (e.sem != Sem::Volatile || o.volatileIsPtx);
}

// PTX: two strong operations on the same bytes, each of whose scope
// includes the other's thread, are morally strong and never race.
inline bool morallyStrong(const Event &a, const Event &b, bool widen, const ModelOptions &o) {
  if (!isAtomicForRaces(a, o) || !isAtomicForRaces(b, o))
    return false;
  if (a.addr != b.addr || a.bytes != b.bytes || a.space != b.space)
    return false;
  bool same = sameBlock(a, b);
  return levelIncludes(eventLevel(a, widen), same) && levelIncludes(eventLevel(b, widen), same);
}

// A race that exists only because CUDA C++ does not count volatile as
// atomic: both sides volatile, or one volatile and one strong, and the pair
// would be morally strong under PTX's reading.
inline bool isVolatileRace(const Event &a, const Event &b) {
  if (a.sem != Sem::Volatile && b.sem != Sem::Volatile)
    return false;
  return morallyStrong(a, b, false, ModelOptions{true});
}

} // namespace warpcheck::reference
