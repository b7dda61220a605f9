// Device patches: the Compute Sanitizer API calls these from the patched
// instructions of the application's kernels (see runtime/inject/ModulePatcher.cpp
// for which instruction calls which). Built with
// `nvcc --fatbin --compile-as-tools-patch` for every arch.
//
// The detector is the barrier-epoch scheme of the fast published detectors:
// each thread counts the barriers (its epoch) and the __syncwarp()s it has
// passed. A shadow entry remembers, per 4-byte word of
// shared memory, the last writer and the last reader (thread, epoch, syncwarp
// epoch, bytes, pc). Two accesses of different threads race when they touch a
// common byte in the same epoch, at least one writes, they are not both
// atomics, and -- for lanes of one warp -- no __syncwarp() came between.
#include "instrument/PatchState.h"
#include <sanitizer_patching.h>

using namespace warpcheck::patch;

namespace {

// ---- thread identity --------------------------------------------------------

__device__ __forceinline__ uint32_t linearThread() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ uint32_t linearBlock() {
  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

// ---- shadow entry encoding (64 bits) -----------------------------------------
// bits 0-3 bytes of the word, 4-13 thread, 14-31 barrier epoch, 32-38 syncwarp
// epoch, 39 atomic (writer) / several readers (reader), 40-62 low pc bits,
// 63 asynchronous copy (writer). While an asynchronous copy is in flight its
// entry keeps the issuing epoch and the commit group (mod 128, in the
// syncwarp field); once its thread has waited for it, bit 39 is set and the
// epochs are those of the wait.
constexpr uint32_t kEpochBits = 18, kSyncBits = 7;
constexpr uint32_t kEpochMask = (1u << kEpochBits) - 1, kSyncMask = (1u << kSyncBits) - 1;
constexpr uint64_t kPcMask = (1ull << 23) - 1;

struct Entry {
  uint32_t bytes, thread, epoch, sync, flag;
  uint64_t pcLow;
  uint32_t async;
};

__device__ __forceinline__ unsigned long long encode(const Entry &e) {
  return (unsigned long long)(e.bytes & 0xf) | ((unsigned long long)(e.thread & 0x3ff) << 4) |
         ((unsigned long long)(e.epoch & kEpochMask) << 14) |
         ((unsigned long long)(e.sync & kSyncMask) << 32) | ((unsigned long long)(e.flag & 1) << 39) |
         ((unsigned long long)(e.pcLow & kPcMask) << 40) | ((unsigned long long)(e.async & 1) << 63);
}
__device__ __forceinline__ Entry decode(unsigned long long v) {
  Entry e;
  e.bytes = v & 0xf;
  e.thread = (v >> 4) & 0x3ff;
  e.epoch = (v >> 14) & kEpochMask;
  e.sync = (v >> 32) & kSyncMask;
  e.flag = (v >> 39) & 1;
  e.pcLow = (v >> 40) & kPcMask;
  e.async = v >> 63;
  return e;
}
// The full pc of an entry: the high bits of the current pc, choosing the
// neighbouring 8 MiB window when that is closer (the code of one kernel is
// contiguous and far smaller than 8 MiB).
__device__ __forceinline__ uint64_t widenPc(uint64_t low, uint64_t now) {
  uint64_t c = (now & ~kPcMask) | (low & kPcMask);
  uint64_t half = (kPcMask + 1) / 2;
  if (c > now + half) c -= kPcMask + 1;
  else if (c + half < now) c += kPcMask + 1;
  return c;
}

// ---- finding table -----------------------------------------------------------

__device__ __forceinline__ unsigned long long mix(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

// What a global-memory record adds (FindingRecord::block1 and after).
struct GlobalDetail {
  uint32_t block1, alloc;
  unsigned long long address, pc3;
  uint32_t launch1;
};

// Copies a new record to host memory, ready flag last, so that the host
// can read it even when the kernel faults later (one write per distinct
// finding: the PCIe traffic is negligible).
__device__ void journal(FindingRecord *j, const FindingRecord &r) {
  volatile FindingRecord *v = j;
  v->pc1 = r.pc1;
  v->pc2 = r.pc2;
  v->count = 1;
  v->kind = r.kind;
  v->flags = r.flags;
  for (int i = 0; i < 3; ++i) v->block[i] = r.block[i];
  v->thread1 = r.thread1;
  v->thread2 = r.thread2;
  v->offset = r.offset;
  v->extra = r.extra;
  v->block1 = r.block1;
  v->alloc = r.alloc;
  v->address = r.address;
  v->pc3 = r.pc3;
  v->launch1 = r.launch1;
  v->key = r.key;
  __threadfence_system();
  v->ready = 1;
}

// Records one hazard: a new (kind, pc1, pc2) gets an entry with this
// example; a known one only counts. Returns the entry or null when full.

__device__ FindingRecord *record(const LaunchState *st, uint32_t kind, uint64_t pc1, uint64_t pc2,
                                 uint32_t thread1, uint32_t thread2, uint32_t offset, uint32_t flags,
                                 uint32_t extra, const GlobalDetail *global = nullptr) {
  // Intra- and inter-warp hazards of one pair of instructions are distinct
  // records: they differ in severity and in the fix.
  uint32_t keyKind = kind | ((flags & kFlagSameWarp) << 8);
  unsigned long long key = mix(pc1 * 31 + keyKind) ^ mix(pc2 + 0x9e3779b97f4a7c15ull * keyKind);
  if (key == 0) key = 1;
  uint32_t cap = st->tableCapacity;
  for (uint32_t probe = 0; probe < 64 && probe < cap; ++probe) {
    FindingRecord *r = &st->table[(key + probe) & (cap - 1)];
    unsigned long long old = atomicCAS(&r->key, 0ull, key);
    if (old == 0) {
      r->pc1 = pc1;
      r->pc2 = pc2;
      r->kind = kind;
      r->flags = flags;
      r->block[0] = blockIdx.x;
      r->block[1] = blockIdx.y;
      r->block[2] = blockIdx.z;
      r->thread1 = thread1;
      r->thread2 = thread2;
      r->offset = offset;
      r->extra = extra;
      if (global) {
        r->block1 = global->block1;
        r->alloc = global->alloc;
        r->address = global->address;
        r->pc3 = global->pc3;
        r->launch1 = global->launch1;
      }
      __threadfence();
      atomicAdd(&r->count, 1ull);
      atomicExch(&r->ready, 1u);
      if (st->journal) journal(&st->journal[r - st->table], *r);
      return r;
    }
    if (old == key) {
      atomicAdd(&r->count, 1ull);
      return r;
    }
  }
  atomicAdd(&st->counters->droppedFindings, 1ull);
  return nullptr;
}

// ---- tracing (warpcheck run --trace) -------------------------------------------

__device__ void trace(const LaunchState *st, uint8_t kind, uint64_t pc, uint64_t address = 0, uint32_t aux = 0,
                      uint8_t space = kSpaceGlobal, uint8_t sem = kSemPlain, uint8_t scope = kScopeGpu) {
  unsigned long long i = atomicAdd(st->traceNext, 1ull);
  if (i >= st->traceCapacity) return;
  st->trace[i] = TraceEvent{address, pc, linearBlock(), linearThread(), kind, space, sem, scope, aux};
}

// The fences the SASS shows on every path since the thread's previous
// global access (PcInfo bits), as trace events.
__device__ __forceinline__ void traceFences(const LaunchState *st, uint64_t pc, uint8_t info) {
  if (info & kPcFenceDevice) trace(st, kTraceFence, pc, 0, 0, kSpaceGlobal, kSemSc, kScopeGpu);
  else if (info & kPcFenceBlock) trace(st, kTraceFence, pc, 0, 0, kSpaceGlobal, kSemSc, kScopeCta);
  if ((info & kPcAcquire) && !(info & kPcFenceDevice)) trace(st, kTraceFence, pc, 0, 0, kSpaceGlobal, kSemAcquire, kScopeGpu);
}

__device__ __forceinline__ uint8_t traceAccessKind(bool write, bool atomic) {
  return atomic ? kTraceRmw : write ? kTraceWrite : kTraceRead;
}

// ---- slots -------------------------------------------------------------------

__device__ __forceinline__ uint32_t smId() {
  uint32_t v;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(v));
  return v;
}

// The slot of the calling thread's block, or kNoSlot.
__device__ __forceinline__ uint32_t currentSlot(const LaunchState *st) {
  uint32_t v = *(volatile unsigned int *)&st->blockSlot[linearBlock()];
  return v == 0 || v >= kUnchecked ? kNoSlot : v - 1;
}

// Whether --sample-blocks leaves the calling thread's block out: it then
// never claims a slot (its blockSlot entry stays 0) and every patch finds
// it unchecked, as a block that found no slot, without counting it so.
__device__ __forceinline__ bool sampledOut(const LaunchState *st) {
  if (!st->sampleBlocks) return false;
  uint32_t n = st->gridBlocks, at = linearBlock();
  return (at + n - st->sampleFirst) % n >= st->sampleBlocks;
}

// Called by one lane of each warp entering its block: the first warp of the
// block takes a free slot; the others wait for the slot it publishes.
__device__ uint32_t claimSlot(const LaunchState *st) {
  unsigned int *entry = &st->blockSlot[linearBlock()];
  uint32_t v = atomicCAS(entry, 0u, kClaiming);
  if (v == 0) {
    uint32_t n = st->numSlots, found = kNoSlot;
    // Start in this SM's share of the slots: the first one tried is usually
    // free and SMs rarely contend.
    uint32_t start = (smId() * st->slotsPerSm) % n;
    for (uint32_t i = 0; i < n && found == kNoSlot; ++i) {
      uint32_t s = (start + i) % n;
      if (atomicCAS(&st->slotBusy[s], 0u, 1u) == 0u) found = s;
    }
    if (found != kNoSlot) {
      Slot *slot = &st->slots[found];
      slot->occupant = linearBlock() + 1;
      slot->live = st->threadsPerBlock;
      slot->barrierArrival = 0;
      slot->mbarrierClock = 0;
      slot->mbarrierLastWait = 0;
      slot->acquiredEpoch = 0;
      slot->acquiredClock = 0;
      slot->unfencedEpoch = 0;
      slot->namedUsed = 0;
      uint32_t warps = (st->threadsPerBlock + 31) / 32;
      for (uint32_t w = 0; w < 32; ++w) {
        // Lanes past the end of the block count as exited.
        uint32_t first = w * 32, tail = st->threadsPerBlock > first ? st->threadsPerBlock - first : 0;
        slot->warpExited[w] = w >= warps ? 0xffffffffu : (tail >= 32 ? 0u : ~((1u << tail) - 1u));
        slot->warpOpenSync[w] = 0;
      }
      __threadfence();
    }
    atomicExch(entry, found == kNoSlot ? kUnchecked : found + 1);
    return found;
  }
  while (v == kClaiming) {
    __nanosleep(64);
    v = *(volatile unsigned int *)entry;
  }
  __threadfence();
  return v == kUnchecked ? kNoSlot : v - 1;
}

__device__ void releaseSlot(const LaunchState *st, uint32_t s) {
  Slot *slot = &st->slots[s];
  slot->epochBase = slot->maxEpoch + 2;
  __threadfence();
  atomicExch(&st->slotBusy[s], 0u);
}

// The largest v of the active lanes. (ptxas refuses redux, hence
// __reduce_max_sync, in tools patches.)
__device__ __forceinline__ uint32_t warpMax(uint32_t active, uint32_t v) {
  uint32_t top = v;
  for (uint32_t m = active; m; m &= m - 1) top = max(top, (uint32_t)__shfl_sync(active, v, __ffs(m) - 1));
  return top;
}

__device__ __forceinline__ const LaunchState *state(void *userdata) {
  return static_cast<const LaunchState *>(userdata);
}

// ---- asynchronous copies -----------------------------------------------------

__device__ __forceinline__ AsyncThread *asyncOf(const LaunchState *st, uint32_t s, uint32_t thread) {
  return &st->async[(size_t)s * st->threadsPerBlock + thread];
}

// Group g (mod 128) is before count n: the window of outstanding groups is
// assumed below 64.
__device__ __forceinline__ bool groupBefore(uint32_t g, uint32_t n) { return ((g - n) & kSyncMask) >= 64; }

enum class AsyncState { Stale, InFlight, Visible, Done };

// What an asynchronous copy's writer entry means now. Visible: its thread
// waited for it; `w` becomes a write at the thread's epoch and syncwarp
// epoch of that wait (bit 39 set). Done: it completed through an mbarrier some
// thread waited on, or in a way the detector does not follow; no hazard is
// reported against it. Stale: left by an earlier block of the slot.
__device__ AsyncState resolveAsync(const LaunchState *st, uint32_t s, const Slot *slot, Entry &w, uint32_t epoch) {
  uint32_t base = *(volatile unsigned int *)&slot->epochBase;
  if (((epoch - w.epoch) & kEpochMask) > ((epoch - base) & kEpochMask)) return AsyncState::Stale;
  if (w.flag) return AsyncState::Visible;
  const volatile AsyncThread *a = asyncOf(st, s, w.thread);
  uint32_t g = w.sync;
  if (!groupBefore(g, a->committed)) return AsyncState::InFlight; // never committed nor bound
  unsigned long long newest = a->waits[0], older = a->waits[1];
  if (groupBefore(g, (uint32_t)(newest >> 32))) {
    // Completed at the earliest wait the thread remembers that covers it.
    unsigned long long at = groupBefore(g, (uint32_t)(older >> 32)) ? older : newest;
    w.epoch = (uint32_t)at & kEpochMask;
    w.sync = ((uint32_t)at >> kEpochBits) & kSyncMask;
    w.flag = 1;
    return AsyncState::Visible;
  }
  for (int i = 0; i < 4; ++i) {
    unsigned long long b = a->binds[i];
    if (b != 0 && ((uint32_t)(b >> 32) & kSyncMask) == g) {
      uint32_t lastWait = *(volatile unsigned int *)&slot->mbarrierLastWait;
      return (int32_t)(lastWait - (uint32_t)b) > 0 ? AsyncState::Done : AsyncState::InFlight;
    }
  }
  // Committed and not waited for -- unless the thread also binds copies to
  // mbarriers and this one's binding was forgotten.
  return a->usesBarrier ? AsyncState::Done : AsyncState::InFlight;
}

// ---- barriers as happens-before between warps (Slot::warpKnows) ---------------

// Whether the block has used a named barrier: from then on barrier epochs
// of different warps are compared through warpKnows, not for equality.
__device__ __forceinline__ bool barriersNamed(const Slot *slot) {
  return *(const volatile unsigned int *)&slot->namedUsed != 0;
}

// Whether an access of warp `u` at barrier epoch `epoch` (its low bits,
// `mask`) happens before warp `w`'s current point: its epoch is below what
// `w` knows of `u`. Only the low bits are kept, so "ahead of what w knows"
// is taken to mean ahead by less than 1/16 of the window (warps of one block
// are never far apart); anything else is older, hence ordered (entries of
// an earlier occupant of the slot included).
__device__ __forceinline__ bool barrierOrdered(const Slot *slot, uint32_t w, uint32_t u, uint32_t epoch,
                                               uint32_t mask) {
  uint32_t known = *(const volatile unsigned int *)&slot->warpKnows[w][u];
  uint32_t d = (known - epoch) & mask;
  return d != 0 && d < mask + 1 - ((mask + 1) >> 4);
}

// A warp entering its block knows of every warp only the block's start.
__device__ void resetWarpKnows(const LaunchState *st, Slot *slot, uint32_t warp) {
  uint32_t base = *(volatile unsigned int *)&slot->epochBase, warps = (st->threadsPerBlock + 31) / 32;
  for (uint32_t u = 0; u < warps; ++u) slot->warpKnows[warp][u] = base;
  for (uint32_t id = 0; id <= kMbarrierRow; ++id) slot->barrierReleased[id][warp] = base;
}

// Lanes `active` of warp `warp` arrive at barrier `id` (bar.sync, bar.red
// or bar.arrive), at epochs up to `top`: what they did so far, and what
// their warp knows of the others, is released to whoever waits on `id`.
__device__ void barrierArrive(const LaunchState *st, Slot *slot, uint32_t warp, uint32_t id, uint32_t top) {
  uint32_t warps = (st->threadsPerBlock + 31) / 32;
  atomicMax(&slot->barrierReleased[id][warp], top + 1);
  for (uint32_t u = 0; u < warps; ++u)
    if (u != warp) atomicMax(&slot->barrierReleased[id][u], *(volatile unsigned int *)&slot->warpKnows[warp][u]);
  __threadfence();
}

// Warp `warp` waited on barrier `id`: it acquires what its arrivals released.
__device__ void barrierAcquire(const LaunchState *st, Slot *slot, uint32_t warp, uint32_t id) {
  uint32_t warps = (st->threadsPerBlock + 31) / 32;
  for (uint32_t u = 0; u < warps; ++u)
    atomicMax(&slot->warpKnows[warp][u], *(volatile unsigned int *)&slot->barrierReleased[id][u]);
}

// Warp `warp` acquires everything every warp of its block did so far: after
// a barrier of a kernel whose bar.arrive some callback could not carry, or
// a release/acquire within the block (acquireInBlock). A race with what
// another warp does later at the same epoch may be missed.
__device__ void barrierAcquireAll(const LaunchState *st, Slot *slot, uint32_t warp) {
  uint32_t warps = (st->threadsPerBlock + 31) / 32;
  if (!barriersNamed(slot)) atomicExch(&slot->namedUsed, 1u);
  for (uint32_t u = 0; u < warps; ++u) {
    uint32_t top = 0;
    for (uint32_t l = 0; l < 32 && u * 32 + l < st->threadsPerBlock; ++l)
      top = max(top, *(volatile unsigned int *)&slot->threadEpoch[u * 32 + l]);
    atomicMax(&slot->warpKnows[warp][u], top + 1);
  }
}

// ---- the shared-memory check ---------------------------------------------------

__device__ __forceinline__ bool concurrent(const Slot *slot, const Entry &other, uint32_t thread, uint32_t epoch,
                                           uint32_t sync, bool checkIntraWarp) {
  if (other.bytes == 0) return false;
  bool sameWarp = (other.thread >> 5) == (thread >> 5);
  if (!sameWarp && barriersNamed(slot)) return !barrierOrdered(slot, thread >> 5, other.thread >> 5, other.epoch, kEpochMask);
  if (other.epoch != (epoch & kEpochMask)) return false;
  if (sameWarp && (!checkIntraWarp || other.sync != (sync & kSyncMask))) return false;
  return true;
}

// Remembers a read in the reader half of a shared word's shadow, whose
// entry was `r`. A second reader in the same epoch keeps the first one's
// identity and marks the entry as read by several threads, so a later write
// by either of them still sees a reader other than itself. An entry that
// would not change is not stored again (a tile row that every thread of the
// block reads). Shared by the general and the quick path.
__device__ __forceinline__ void recordSharedRead(unsigned long long *readerWord, const Entry &r, uint32_t bytes,
                                                 uint32_t thread, uint32_t epoch, uint32_t sync, uint64_t pc) {
  bool sameEpoch = r.bytes && r.epoch == (epoch & kEpochMask) && r.sync == (sync & kSyncMask);
  if (sameEpoch && (r.thread == thread || r.flag) && (r.bytes & bytes) == bytes) return;
  Entry mine{bytes, thread, epoch, sync, 0, pc & kPcMask, 0};
  if (sameEpoch) {
    mine = r;
    mine.bytes |= bytes;
    if (r.thread != thread) mine.flag = 1;
  }
  __stcg(readerWord, encode(mine));
}

// `asyncGroup` is the commit group of an asynchronous copy doing this write,
// or -1 for an ordinary access.
__device__ void checkWord(const LaunchState *st, uint32_t s, const Slot *slot, unsigned long long *word,
                          uint32_t bytes, bool write, bool atomic, uint64_t pc, uint32_t offset,
                          uint32_t size, uint32_t thread, uint32_t epoch, uint32_t sync, int asyncGroup) {
  unsigned long long *writerWord = word, *readerWord = word + 1;
  unsigned long long rawWriter = __ldcg(writerWord);
  Entry w = decode(rawWriter);
  Entry r = decode(__ldcg(readerWord));
  bool intra = st->checkIntraWarp != 0;
  bool asyncWriter = false;
  if (w.bytes && w.async) {
    AsyncState as = resolveAsync(st, s, slot, w, epoch);
    if (as == AsyncState::InFlight) {
      // No thread is ordered after a copy that is still in flight, not even
      // the one that issued it.
      if (w.bytes & bytes) {
        uint32_t flags = ((w.thread >> 5) == (thread >> 5) ? kFlagSameWarp : 0) | kFlagFirstAsync |
                         kFlagAsyncInFlight | (atomic ? kFlagSecondAtomic : 0);
        record(st, write ? kRaceWAW : kRaceRAW, widenPc(w.pcLow, pc), pc, w.thread, thread, offset, flags, size);
      }
      w.bytes = 0;
    } else if (as == AsyncState::Visible) {
      // From now on a write at the time its thread waited; remembered so
      // that later checks need not look the wait up.
      unsigned long long visible = encode(w);
      if (visible != rawWriter) atomicCAS(writerWord, rawWriter, visible);
      asyncWriter = true;
      w.flag = 0; // not an atomic
    } else {
      w.bytes = 0;
    }
  }
  // Against the last writer: RAW for reads, WAW for writes; atomics are
  // ordered with each other.
  if ((w.bytes & bytes) && (w.thread != thread) && concurrent(slot, w, thread, epoch, sync, intra) &&
      !(atomic && w.flag)) {
    uint32_t flags = ((w.thread >> 5) == (thread >> 5) ? kFlagSameWarp : 0) |
                     (w.flag ? kFlagFirstAtomic : 0) | (atomic ? kFlagSecondAtomic : 0) |
                     (asyncWriter ? kFlagFirstAsync : 0);
    record(st, write ? kRaceWAW : kRaceRAW, widenPc(w.pcLow, pc), pc, w.thread, thread, offset, flags,
           size);
  }
  if (write) {
    // Against the last reader(s): WAR.
    if ((r.bytes & bytes) && (r.thread != thread || r.flag) && concurrent(slot, r, thread, epoch, sync, intra)) {
      uint32_t flags = ((r.thread >> 5) == (thread >> 5) ? kFlagSameWarp : 0) |
                       (atomic ? kFlagSecondAtomic : 0) | (r.thread == thread ? kFlagOtherUnknown : 0);
      record(st, kRaceWAR, widenPc(r.pcLow, pc), pc, r.thread, thread, offset, flags, size);
    }
    Entry mine{bytes, thread, epoch, sync, atomic ? 1u : 0u, pc & kPcMask, 0};
    if (asyncGroup >= 0) mine = Entry{bytes, thread, epoch, (uint32_t)asyncGroup, 0, pc & kPcMask, 1};
    // An aligned 64-bit store is single-copy atomic; the old value is not
    // needed, so no atomic unit round trip.
    __stcg(writerWord, encode(mine));
    return;
  }
  recordSharedRead(readerWord, r, bytes, thread, epoch, sync, pc);
}

// The common case of a shared-memory access, kept small: the patch ABI
// leaves a patch about two dozen registers, and every value live across the
// general path's calls is spilled to the stack on every access. A load,
// store or atomic within one word, in a block without named barriers, whose
// shadow entries show no access it could race with (for an atomic, the
// writer may be another thread's atomic: atomics are ordered with each
// other): the shadow is updated as checkWord() would and true is returned.
// Anything else -- a possible race, an asynchronous copy's entry, tracing
// or debug counters -- returns false before changing anything, and the
// general path (sharedAccess) runs.
__device__ __forceinline__ bool quickSharedAccess(const LaunchState *st, uint64_t pc, uint32_t offset,
                                                  uint32_t size, uint32_t byteMask, bool write, bool atomic) {
  if (st->trace || st->debug || (offset & 3) + size > 4 || offset + size > st->shadowWords * 4u) return false;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return false;
  const Slot *slot = &st->slots[s];
  if (barriersNamed(slot)) return false;
  uint32_t bytes = ((byteMask & ((1u << size) - 1u)) << (offset & 3)) & 0xfu;
  if (!bytes) return false;
  uint32_t thread = linearThread();
  uint32_t epoch = slot->threadEpoch[thread] & kEpochMask, sync = slot->threadSync[thread] & kSyncMask;
  unsigned long long *word = st->shadow + 2ull * st->shadowWords * s + 2ull * (offset >> 2);
  // Whether an entry may be of an access concurrent with this one
  // (concurrent(), without named barriers).
  auto mayRace = [&](unsigned long long raw) {
    Entry e = decode(raw);
    if (!(e.bytes & bytes) || e.epoch != epoch) return false;
    if ((e.thread >> 5) == (thread >> 5)) return st->checkIntraWarp && e.sync == sync;
    return true;
  };
  unsigned long long w = __ldcg(word), r = __ldcg(word + 1);
  if ((w >> 63) || (mayRace(w) && decode(w).thread != thread && !(atomic && decode(w).flag))) return false;
  if (write) {
    if (mayRace(r) && (decode(r).thread != thread || decode(r).flag)) return false;
    __stcg(word, encode(Entry{bytes, thread, epoch, sync, atomic ? 1u : 0u, pc & kPcMask, 0}));
    return true;
  }
  recordSharedRead(word + 1, decode(r), bytes, thread, epoch, sync, pc);
  return true;
}

__device__ __noinline__ void sharedAccess(void *userdata, uint64_t pc, uint32_t offset, uint32_t size,
                                          uint32_t byteMask, bool write, bool atomic, bool asyncCopy = false) {
  const LaunchState *st = state(userdata);
  if (!st) return;
  uint32_t s = currentSlot(st);
  if (st->debug) atomicAdd(s == kNoSlot ? &st->counters->debugNoSlot : &st->counters->debugAccesses, 1ull);
  if (s == kNoSlot) return;
  if (offset + size > st->shadowWords * 4u || offset + size < offset) {
    atomicAdd(&st->counters->uncheckedAccesses, 1ull);
    return;
  }
  const Slot *slot = &st->slots[s];
  uint32_t thread = linearThread();
  if (st->trace)
    trace(st, asyncCopy ? (uint8_t)kTraceCpAsync : traceAccessKind(write, atomic), pc, offset, size, kSpaceShared,
          atomic ? kSemRelaxed : kSemPlain, kScopeCta);
  uint32_t epoch = slot->threadEpoch[thread];
  uint32_t sync = slot->threadSync[thread];
  unsigned long long *shadow = st->shadow + 2ull * st->shadowWords * s;
  int asyncGroup = asyncCopy ? (int)(asyncOf(st, s, thread)->committed & kSyncMask) : -1;
  // Up to five words for a misaligned 16-byte access; bytes outside the
  // access (or unused bytes of a load) are not in the mask.
  uint32_t first = offset >> 2, last = (offset + size - 1) >> 2;
  for (uint32_t word = first; word <= last; ++word) {
    uint32_t bytes = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      uint32_t at = word * 4 + b;
      if (at >= offset && at < offset + size && ((byteMask >> (at - offset)) & 1u)) bytes |= 1u << b;
    }
    if (bytes)
      checkWord(st, s, slot, shadow + 2ull * word, bytes, write, atomic, pc, offset, size, thread, epoch, sync,
                asyncGroup);
  }
}

// ---- global memory ---------------------------------------------------------------

#include "instrument/GlobalDetector.cuh"

// ---- bar.arrive (the API gives it no callback) -------------------------------

// The converged lanes of a warp arrive at row `id` of the barriers without
// waiting (a bar.arrive, an mbarrier arrive): what their warp did so far is
// released to whoever completes a wait on it, and what they do after
// arriving is of a later epoch.
__device__ void arriveWithoutWait(const LaunchState *st, Slot *slot, uint32_t id) {
  uint32_t thread = linearThread(), active = __activemask(), lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint32_t top = warpMax(active, slot->threadEpoch[thread]);
  if (lane == (uint32_t)(__ffs(active) - 1)) {
    if (!barriersNamed(slot)) atomicExch(&slot->namedUsed, 1u);
    barrierArrive(st, slot, thread >> 5, id, top);
  }
  __syncwarp(active);
  slot->threadEpoch[thread] += 1;
}

// The bar.arrive right after the instruction at `pc`, which has no callback
// of its own (PcArrival): the calling lanes arrive now, their work at `pc`
// done. Called by the converged lanes of a warp.
__device__ void arriveAfter(const LaunchState *st, uint64_t pc) {
  uint32_t word = arrivalAfter(st, pc);
  if (!word) return;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return;
  uint32_t id = (word >> 16) & 15;
  if (st->trace) trace(st, kTraceArrive, pc, 0, (id << 16) | (word & 0xffff));
  arriveWithoutWait(st, &st->slots[s], id);
}

// A load of shared memory that no store of another thread can race with
// (kPcQuietSharedLoad, from the SASS), in a launch whose blocks' threads
// have met at the same barrier instructions so far (Counters::barriersDiverged):
// the detector needs nothing from it. Not while tracing or counting: the
// trace has every access.
// -DWC_NO_QUIET turns this off alone, to measure it (bench/README, "Quiet
// shared loads").
__device__ __forceinline__ bool quietSharedLoad(const LaunchState *st, uint64_t pc) {
#ifdef WC_NO_QUIET
  return false;
#endif
  if (st->trace || st->debug) return false;
  uint64_t i = pcIndex(st, pc);
  return i != ~0ull && (st->pcInfo[i] & kPcQuietSharedLoad) &&
         *(volatile unsigned long long *)&st->counters->barriersDiverged == 0;
}

} // namespace

// ---- the callbacks (names are looked up by the runtime) ------------------------

extern "C" __device__ __noinline__ SanitizerPatchResult wcBlockEnter(void *userdata, uint64_t pc) {
  const LaunchState *st = state(userdata);
  if (!st) return SANITIZER_PATCH_SUCCESS;
  if (st->debug) atomicAdd(&st->counters->debugEnters, 1ull);
  uint32_t active = __activemask(), lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint32_t leader = __ffs(active) - 1;
  uint32_t s = kNoSlot;
  if (lane == leader && !sampledOut(st)) {
    s = claimSlot(st);
    if (s == kNoSlot) atomicAdd(&st->counters->uncheckedBlocks, (unsigned long long)__popc(active));
  }
  s = __shfl_sync(active, s, leader);
  if (s == kNoSlot) return SANITIZER_PATCH_SUCCESS;
  Slot *slot = &st->slots[s];
  if (lane == leader) {
    resetWarpKnows(st, slot, linearThread() >> 5);
    for (uint32_t i = 0; i < kSyncwarpCallsKept; ++i) slot->warpSyncCalls[linearThread() >> 5][i] = 0;
  }
  slot->threadEpoch[linearThread()] = slot->epochBase;
  slot->threadSync[linearThread()] = 0;
  slot->threadLastSync[linearThread()] = 0;
  *asyncOf(st, s, linearThread()) = AsyncThread{};
  if (st->global) st->global[(size_t)s * st->threadsPerBlock + linearThread()] = GlobalThread{0, 0, 0, kFromEntry, nullptr, nullptr, 0, 0, 0, 0};
  return SANITIZER_PATCH_SUCCESS;
}

__device__ void exitDuringSync(const LaunchState *st, Slot *slot, uint32_t warp, uint64_t pc, uint32_t active,
                               uint32_t thread);

extern "C" __device__ __noinline__ SanitizerPatchResult wcBlockExit(void *userdata, uint64_t pc) {
  const LaunchState *st = state(userdata);
  if (!st) return SANITIZER_PATCH_SUCCESS;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return SANITIZER_PATCH_SUCCESS;
  if (st->trace) trace(st, kTraceExit, pc);
  Slot *slot = &st->slots[s];
  uint32_t thread = linearThread();
  // One lane does the bookkeeping of the lanes exiting together: the block's
  // threads would otherwise queue on the same three words.
  uint32_t active = __activemask(), lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint32_t top = warpMax(active, slot->threadEpoch[thread]);
  if (lane != (uint32_t)(__ffs(active) - 1)) return SANITIZER_PATCH_SUCCESS;
  uint32_t n = __popc(active);
  exitDuringSync(st, slot, thread >> 5, pc, active, thread);
  atomicOr(&slot->warpExited[thread >> 5], active);
  atomicMax(&slot->maxEpoch, top);
  if (atomicSub(&slot->live, n) == n) releaseSlot(st, s);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcSharedAccess(void *userdata, uint64_t pc, void *ptr,
                                                                       uint32_t accessSize, uint32_t flags,
                                                                       const void *pData) {
  // An unchecked launch (no state) pays for the call only.
  if (!state(userdata) || (flags & SANITIZER_MEMORY_DEVICE_FLAG_PREFETCH)) return SANITIZER_PATCH_SUCCESS;
  bool write = flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE;
  bool read = flags & SANITIZER_MEMORY_DEVICE_FLAG_READ;
  // Atomics come as read|write, or as writes without a value.
  bool atomic = (write && read) || (write && pData == nullptr);
  uint32_t byteMask = 0xffffu;
  if (!write && pData) byteMask = *static_cast<const uint32_t *>(pData);
#ifdef WC_NO_QUICK // the general path only (bench/README, "Steady state")
  if (true)
#else
  if (!(read && !write && quietSharedLoad(state(userdata), pc)) &&
      !quickSharedAccess(state(userdata), pc, (uint32_t)(uintptr_t)ptr, accessSize, byteMask, write, atomic))
#endif
    sharedAccess(userdata, pc, (uint32_t)(uintptr_t)ptr, accessSize, byteMask, write, atomic);
  arriveAfter(state(userdata), pc);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcGlobalAccess(void *userdata, uint64_t pc, void *ptr,
                                                                       uint32_t accessSize, uint32_t flags,
                                                                       const void *pData) {
  const LaunchState *st = state(userdata);
  if (!st || (flags & SANITIZER_MEMORY_DEVICE_FLAG_PREFETCH)) return SANITIZER_PATCH_SUCCESS;
  bool write = flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE;
  bool read = flags & SANITIZER_MEMORY_DEVICE_FLAG_READ;
  // Atomics come as read|write, or as writes without a value (reductions).
  bool atomic = (write && read) || (write && pData == nullptr) || (flags & SANITIZER_MEMORY_DEVICE_FLAG_ATOMSYS);
  uint32_t byteMask = 0xffffu;
  if (!write && pData) byteMask = *static_cast<const uint32_t *>(pData);
  // Lanes of one store instruction writing the same address: the shadow
  // cannot see them (they all read it before any of them writes it).
#ifndef WC_NO_QUICK // -DWC_NO_QUICK: the general paths only (bench/README, "Steady state")
  if (!write && !atomic && quickGlobalPlain<false>(st, pc, (uint64_t)(uintptr_t)ptr, accessSize, byteMask, 0)) {
    arriveAfter(st, pc);
    return SANITIZER_PATCH_SUCCESS;
  }
#endif
  uint32_t sameAddress = 0;
  if (write && !atomic) sameAddress = __match_any_sync(__activemask(), (unsigned long long)(uintptr_t)ptr);
#ifndef WC_NO_QUICK
  if (write && !atomic && quickGlobalPlain<true>(st, pc, (uint64_t)(uintptr_t)ptr, accessSize, byteMask, sameAddress)) {
    arriveAfter(st, pc);
    return SANITIZER_PATCH_SUCCESS;
  }
#endif
  globalAccess(st, pc, (uint64_t)(uintptr_t)ptr, accessSize, byteMask, write, read || !write, atomic, sameAddress);
  arriveAfter(st, pc);
  return SANITIZER_PATCH_SUCCESS;
}

// Device-side malloc() (after it returned) and free() (before it runs).
extern "C" __device__ __noinline__ SanitizerPatchResult wcDeviceMalloc(void *userdata, uint64_t pc, void *ptr,
                                                                       uint64_t size) {
  const LaunchState *st = state(userdata);
  if (st && st->ranges) heapMalloc(st, pc, (uint64_t)(uintptr_t)ptr, size);
  // A new allocation: its bytes' history ends here for the reference too
  // (the allocator's synchronisation that hands freed memory on is not
  // traced). Written after malloc() returned, before the thread's next access.
  if (st && st->trace && ptr && currentSlot(st) != kNoSlot)
    trace(st, kTraceMalloc, pc, (uint64_t)(uintptr_t)ptr, (uint32_t)min(size ? size : 1ull, 0xffffffffull));
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcDeviceFree(void *userdata, uint64_t pc, void *ptr) {
  const LaunchState *st = state(userdata);
  if (st && st->ranges) heapFree(st, (uint64_t)(uintptr_t)ptr);
  return SANITIZER_PATCH_SUCCESS;
}

// cp.async: checked as a write when issued (against earlier accesses) and
// remembered as in flight until its thread waits for it (resolveAsync).
extern "C" __device__ __noinline__ SanitizerPatchResult wcMemcpyAsync(void *userdata, uint64_t pc, void *src,
                                                                      uint32_t dst, uint32_t accessSize) {
  sharedAccess(userdata, pc, dst, accessSize, 0xffffu, true, false, true);
  return SANITIZER_PATCH_SUCCESS;
}

// The calling thread's asynchronous-copy state, or null when unchecked.
__device__ __forceinline__ AsyncThread *myAsync(const LaunchState *st, Slot **slot) {
  if (!st) return nullptr;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return nullptr;
  *slot = &st->slots[s];
  return asyncOf(st, s, linearThread());
}

// cp.async.commit_group (__pipeline_commit, pipeline.producer_commit).
extern "C" __device__ __noinline__ SanitizerPatchResult wcPipelineCommit(void *userdata, uint64_t pc) {
  Slot *slot;
  AsyncThread *a = myAsync(state(userdata), &slot);
  if (!a) return SANITIZER_PATCH_SUCCESS;
  a->committed += 1;
  if (state(userdata)->trace) trace(state(userdata), kTraceCpCommit, pc);
  return SANITIZER_PATCH_SUCCESS;
}

// cp.async.wait_group N leaves the newest N groups in flight; 0 also stands
// for cp.async.wait_all, which completes copies not committed yet.
extern "C" __device__ __noinline__ SanitizerPatchResult wcPipelineWait(void *userdata, uint64_t pc, uint32_t groups) {
  Slot *slot;
  AsyncThread *a = myAsync(state(userdata), &slot);
  if (!a) return SANITIZER_PATCH_SUCCESS;
  if (state(userdata)->trace) trace(state(userdata), kTraceCpWait, pc, 0, groups);
  if (groups == 0) a->committed += 1;
  uint32_t done = a->committed > groups ? a->committed - groups : 0;
  if (done <= (uint32_t)(a->waits[0] >> 32)) return SANITIZER_PATCH_SUCCESS; // nothing newly complete
  uint32_t thread = linearThread();
  unsigned long long at = ((unsigned long long)done << 32) |
                          ((slot->threadSync[thread] & kSyncMask) << kEpochBits) |
                          (slot->threadEpoch[thread] & kEpochMask);
  a->waits[1] = a->waits[0];
  a->waits[0] = at;
  return SANITIZER_PATCH_SUCCESS;
}

// cp.async.mbarrier.arrive: the thread's copies not committed yet complete
// with the mbarrier's current phase.
extern "C" __device__ __noinline__ SanitizerPatchResult wcMemcpyAsyncBarrier(void *userdata, uint64_t pc,
                                                                             uint32_t barrier) {
  Slot *slot;
  AsyncThread *a = myAsync(state(userdata), &slot);
  if (!a) return SANITIZER_PATCH_SUCCESS;
  // Keyed like the mbarrier's own events (mbarrierTraceKey).
  if (state(userdata)->trace) trace(state(userdata), kTraceCpMbarArrive, pc, barrier, 0, kSpaceShared);
  uint32_t tick = atomicAdd(&slot->mbarrierClock, 1u) + 1u;
  for (int i = 3; i > 0; --i) a->binds[i] = a->binds[i - 1];
  a->binds[0] = ((unsigned long long)a->committed << 32) | tick;
  a->committed += 1;
  a->usesBarrier = 1;
  return SANITIZER_PATCH_SUCCESS;
}

__device__ __forceinline__ bool mbarrierArrival(uint32_t kind) {
  return kind >= SANITIZER_CUDA_BARRIER_ARRIVE && kind <= SANITIZER_CUDA_BARRIER_ARRIVE_DROP_NOCOMPLETE;
}

// An mbarrier in the trace: its shared-memory address, as the
// cp.async.mbarrier.arrive callback gives it; the barrier callbacks give a
// pointer, generic when it points into shared memory.
__device__ __forceinline__ uint64_t mbarrierTraceKey(const void *barrier) {
  return __isShared(barrier) ? (uint64_t)__cvta_generic_to_shared(barrier) : (uint64_t)(uintptr_t)barrier;
}

// An mbarrier arrive or completed wait of a traced launch.
__device__ void traceMbarrier(const LaunchState *st, uint64_t pc, void *barrier, uint32_t kind) {
  if (!st || !st->trace || currentSlot(st) == kNoSlot) return;
  bool arrive = mbarrierArrival(kind);
  if (!arrive && kind != SANITIZER_CUDA_BARRIER_WAIT) return;
  trace(st, arrive ? kTraceMbarArrive : kTraceMbarWait, pc, mbarrierTraceKey(barrier), 0, kSpaceShared);
}

// An arrive on an mbarrier (cuda::barrier) releases what the thread did
// before it to whoever completes a wait (docs/run-memory-model.md, rule 5),
// through the mbarriers' row. Called by the converged lanes of a warp.
__device__ void mbarrierArrived(const LaunchState *st) {
  if (!st) return;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return;
  arriveWithoutWait(st, &st->slots[s], kMbarrierRow);
}

__device__ void mbarrierWaited(void *userdata) {
  Slot *slot;
  if (!myAsync(state(userdata), &slot)) return;
  uint32_t tick = atomicAdd(&slot->mbarrierClock, 1u) + 1u;
  atomicMax(&slot->mbarrierLastWait, tick);
  // The completed phase acquires what the arrivals released (all
  // mbarriers' arrivals so far: a race may be missed, never invented).
  const LaunchState *st = state(userdata);
  uint32_t active = __activemask(), lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (lane == (uint32_t)(__ffs(active) - 1)) barrierAcquire(st, slot, linearThread() >> 5, kMbarrierRow);
  __syncwarp(active);
}

// cuda::barrier / mbarrier arrivals release, completed waits acquire (and
// complete the copies bound before them).
extern "C" __device__ __noinline__ SanitizerPatchResult wcCudaBarrier(void *userdata, uint64_t pc, void *barrier,
                                                                      uint32_t kind, uint32_t data) {
  traceMbarrier(state(userdata), pc, barrier, kind);
  if (mbarrierArrival(kind)) mbarrierArrived(state(userdata));
  if (kind == SANITIZER_CUDA_BARRIER_WAIT) mbarrierWaited(userdata);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcCudaBarrierAttempt(void *userdata, uint64_t pc,
                                                                             void *barrier, uint32_t kind,
                                                                             uint32_t data, uint32_t result) {
  if (kind != SANITIZER_CUDA_BARRIER_WAIT || result) traceMbarrier(state(userdata), pc, barrier, kind);
  if (mbarrierArrival(kind)) mbarrierArrived(state(userdata));
  if (kind == SANITIZER_CUDA_BARRIER_WAIT && result) mbarrierWaited(userdata);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcBarrier(void *userdata, uint64_t pc, uint32_t barIndex,
                                                                  uint32_t threadCount, uint32_t flags) {
  const LaunchState *st = state(userdata);
  if (!st) return SANITIZER_PATCH_SUCCESS;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return SANITIZER_PATCH_SUCCESS;
  Slot *slot = &st->slots[s];
  uint32_t thread = linearThread();
  if (st->trace) trace(st, kTraceBarrier, pc, 0, ((barIndex & 15) << 16) | threadCount);
  // Lanes converged here are at one barrier instruction: one of them speaks
  // for all (the lowest, with the highest epoch).
  uint32_t active = __activemask(), lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint32_t top = warpMax(active, slot->threadEpoch[thread]);
  bool leader = lane == (uint32_t)(__ffs(active) - 1);
  if (leader) {
    if ((threadCount != 0 || barIndex != 0) && !barriersNamed(slot)) atomicExch(&slot->namedUsed, 1u);
    barrierArrive(st, slot, thread >> 5, barIndex & 15, top);
  }
  // Named partial barriers order through warpKnows only; the rest below
  // (fences before a block-wide barrier, divergent barriers) is for
  // __syncthreads().
  if (threadCount != 0) return SANITIZER_PATCH_SUCCESS;
  globalBarrier(st, slot, s, thread, pc);
  if (!leader) return SANITIZER_PATCH_SUCCESS;
  uint32_t epoch = slot->threadEpoch[thread];
  unsigned long long mine = ((unsigned long long)epoch << 32) | (uint32_t)pc;
  unsigned long long cur = *(volatile unsigned long long *)&slot->barrierArrival;
  // The first thread of an epoch writes its barrier; later ones compare.
  while (cur == 0 || (uint32_t)(cur >> 32) < epoch) {
    unsigned long long seen = atomicCAS(&slot->barrierArrival, cur, mine);
    if (seen == cur) return SANITIZER_PATCH_SUCCESS;
    cur = seen;
  }
  if ((uint32_t)(cur >> 32) != epoch) return SANITIZER_PATCH_SUCCESS;
  // One record per pair of barriers, whichever was reached first.
  if ((uint32_t)cur != (uint32_t)pc) {
    // Before this thread's barrier can complete: every thread it releases
    // then checks its quiet loads too.
    atomicExch(&st->counters->barriersDiverged, 1ull);
    __threadfence();
    uint64_t other = widenPc(cur, pc);
    record(st, kBarrierDivergent, other < pc ? other : pc, other < pc ? pc : other, kNoSlot, thread, barIndex,
           0, 0);
  }
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcBarrierRelease(void *userdata, uint64_t pc,
                                                                         uint32_t barIndex,
                                                                         uint32_t threadCount, uint32_t flags) {
  const LaunchState *st = state(userdata);
  if (!st) return SANITIZER_PATCH_SUCCESS;
  if (st->debug) atomicAdd(&st->counters->debugBarriers, 1ull);
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return SANITIZER_PATCH_SUCCESS;
  Slot *slot = &st->slots[s];
  uint32_t thread = linearThread(), active = __activemask(), lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (lane == (uint32_t)(__ffs(active) - 1)) {
    barrierAcquire(st, slot, thread >> 5, barIndex & 15);
    if (arrivalsUnknown(st, pc)) barrierAcquireAll(st, slot, thread >> 5);
  }
  __syncwarp(active);
  // Only this thread writes its own epoch.
  slot->threadEpoch[thread] += 1;
  arriveAfter(st, pc);
  return SANITIZER_PATCH_SUCCESS;
}

// Slot::threadLastSync's record of a __syncwarp(mask) at `pc`, called after
// `made` others: bit 63 set, bits 52-62 the count, 32-51 the pc's
// instruction index (low bits), 0-31 the mask.
__device__ __forceinline__ unsigned long long syncCallRecord(uint64_t pc, uint32_t mask, uint32_t made) {
  return (1ull << 63) | ((unsigned long long)(made & 0x7ff) << 52) |
         ((unsigned long long)((pc >> 4) & 0xfffff) << 32) | mask;
}

// How many __syncwarp()s the thread made before this one: its latest
// record's count plus one (the counts of lanes that called the same
// sequence agree, however the warp was split when they did).
__device__ __forceinline__ uint32_t syncCallsMade(unsigned long long lastRecord) {
  return lastRecord ? (((uint32_t)(lastRecord >> 52) & 0x7ff) + 1) & 0x7ff : 0;
}

// Slot::warpSyncCalls entry: the lane (bits 59-63), the call number
// (48-58), the pc's instruction index (low bits, 32-47) and the mask.
__device__ __forceinline__ unsigned long long syncCallEntry(uint32_t lane, uint32_t made, uint64_t pc, uint32_t mask) {
  return ((unsigned long long)lane << 59) | ((unsigned long long)(made & 0x7ff) << 48) |
         ((unsigned long long)((pc >> 4) & 0xffff) << 32) | mask;
}

// The lane that made this call first (same call number, same program
// point), when it passed another mask and one of the two masks names the
// other lane: a warp-mask-nonuniform error however far that lane has run
// since (within kSyncwarpCallsKept calls). Otherwise this lane's call is
// kept if it is the first of its number.
__device__ uint32_t earlierCallerWithOtherMask(Slot *slot, uint32_t warp, uint32_t lane, uint32_t made, uint64_t pc,
                                               uint32_t mask) {
  unsigned long long *cell = &slot->warpSyncCalls[warp][made % kSyncwarpCallsKept];
  unsigned long long mine = syncCallEntry(lane, made, pc, mask);
  unsigned long long seen = *(volatile unsigned long long *)cell;
  const unsigned long long callBits = 0x7ffffffull << 32; // call number and pc
  if (seen != 0 && (seen & callBits) == (mine & callBits)) {
    uint32_t first = (uint32_t)(seen >> 59), firstMask = (uint32_t)seen;
    bool named = ((mask >> first) & 1u) || ((firstMask >> lane) & 1u);
    return first != lane && firstMask != mask && named ? 1u << first : 0u;
  }
  uint32_t seenMade = (uint32_t)(seen >> 48) & 0x7ff;
  // Empty, or an older call's entry: this lane makes this call first.
  if (seen == 0 || (seenMade != made && ((made - seenMade) & 0x7ff) < 0x400)) atomicCAS(cell, seen, mine);
  return 0;
}

// The named lanes of `absent` whose latest __syncwarp() was this same call
// (same program point, as many made before it) with another mask:
// they passed it in an earlier group (the warp diverged), and a lane named
// in a mask must pass that same mask.
__device__ uint32_t passedWithOtherMask(const Slot *slot, uint32_t warp, uint64_t pc, uint32_t mask,
                                        uint32_t absent, uint32_t made) {
  uint32_t other = 0;
  unsigned long long same = syncCallRecord(pc, mask, made);
  for (uint32_t m = absent; m; m &= m - 1) {
    uint32_t lane = __ffs(m) - 1;
    unsigned long long rec = *(const volatile unsigned long long *)&slot->threadLastSync[warp * 32 + lane];
    if ((rec >> 32) == (same >> 32) && (uint32_t)rec != mask) other |= 1u << lane;
  }
  return other;
}

// Lanes named in a __syncwarp() mask that are not here yet: they must come
// to this same call or exit (guide §5.4.4.2, §5.4.6.6). The first group opens
// a record of the call; a later group that names the same lanes from another
// program point is reported; the record closes once every named lane that
// has not exited has arrived. Returns whether the call stays open: its lanes
// do not count it as a __syncwarp() yet -- it orders memory only among the
// lanes that take part (Warp Synchronization Function), so they count it
// when the last named lane arrives (the group that closes the record counts
// it for the lanes that opened it, which are waiting in it meanwhile). If a
// named lane exits instead, the call is reported (wcBlockExit) and never
// counted: accesses of the lanes that were not there stay unordered.
__device__ bool trackDivergedSync(const LaunchState *st, Slot *slot, uint32_t warp, uint64_t pc, uint32_t mask,
                                  uint32_t active, uint32_t thread, uint32_t made) {
  unsigned long long *open = &slot->warpOpenSync[warp];
  for (int attempt = 0; attempt < 64; ++attempt) {
    uint32_t exited = *(volatile unsigned int *)&slot->warpExited[warp];
    unsigned long long cur = *(volatile unsigned long long *)open;
    uint32_t openMask = *(volatile unsigned int *)&slot->warpOpenMask[warp];
    // Closed in effect once every named lane arrived or exited.
    bool stale = cur != 0 && (((uint32_t)cur | exited) & openMask) == openMask;
    unsigned long long next;
    if (cur == 0 || stale) {
      uint32_t absent = mask & ~exited & ~active;
      if (absent == 0) return false; // all named lanes are here
      // Named lanes that passed this call before, with another mask: a
      // warp-mask-nonuniform error, and not awaited (nor reported as
      // inactive when they exit, as the reference does not).
      uint32_t other = passedWithOtherMask(slot, warp, pc, mask, absent, made);
      if (other) {
        record(st, kSyncwarpNonuniform, pc, pc, thread, thread, mask, 0, other);
        if ((absent & ~other) == 0) return false;
      }
      next = ((unsigned long long)(uint32_t)pc << 32) | active | other;
      if (atomicCAS(open, cur, next) == cur) {
        atomicExch(&slot->warpOpenMask[warp], mask);
        return true;
      }
      continue;
    }
    uint32_t openPc = (uint32_t)(cur >> 32), arrived = (uint32_t)cur | active;
    if (openPc != (uint32_t)pc && (openMask & active))
      record(st, kSyncwarpInactiveLane, widenPc(openPc, pc), pc, thread, thread, openMask, 0,
             openMask & active);
    // Named lanes that come to the same call in a group of their own with
    // another mask: converged lanes are compared in wcSyncwarp, these only
    // here (a prefix scan whose per-lane masks split the warp at the first
    // call reaches the next one in groups). They count as arrived: the
    // call is reported once, and the lanes' syncwarp counts stay aligned
    // (a race across it may be missed, never invented).
    if (openPc == (uint32_t)pc && mask != openMask && (openMask & active))
      record(st, kSyncwarpNonuniform, pc, pc, thread, thread, mask, 0, (uint32_t)cur);
    bool closes = ((arrived | exited) & openMask) == openMask;
    next = closes ? 0 : ((unsigned long long)openPc << 32) | arrived;
    if (atomicCAS(open, cur, next) != cur) continue;
    if (!closes) return true;
    for (uint32_t waiting = (uint32_t)cur & ~active; waiting; waiting &= waiting - 1)
      slot->threadSync[warp * 32 + __ffs(waiting) - 1] += 1;
    return false;
  }
  return false;
}

// Lanes `active` of warp `warp` exit: those named by a __syncwarp() other
// lanes are waiting in, alive when it was called, never take part in it.
__device__ void exitDuringSync(const LaunchState *st, Slot *slot, uint32_t warp, uint64_t pc, uint32_t active,
                               uint32_t thread) {
  unsigned long long cur = *(volatile unsigned long long *)&slot->warpOpenSync[warp];
  if (cur == 0) return;
  uint32_t openMask = *(volatile unsigned int *)&slot->warpOpenMask[warp];
  uint32_t exited = *(volatile unsigned int *)&slot->warpExited[warp], arrived = (uint32_t)cur;
  if (((arrived | exited) & openMask) == openMask) return; // closed in effect
  uint32_t leaving = openMask & active & ~arrived;
  if (leaving)
    record(st, kSyncwarpInactiveLane, widenPc((uint32_t)(cur >> 32), pc), pc, thread, thread, openMask,
           kFlagLanesExited, leaving);
}

extern "C" __device__ __noinline__ SanitizerPatchResult wcSyncwarp(void *userdata, uint64_t pc, uint32_t mask) {
  const LaunchState *st = state(userdata);
  if (!st) return SANITIZER_PATCH_SUCCESS;
  uint32_t lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint32_t thread = linearThread();
  if (!((mask >> lane) & 1u))
    record(st, kSyncwarpMissingLane, pc, pc, thread, thread, mask, 0, 1u << lane);
  uint32_t active = __activemask();
  // A lane's mask must be the mask of every converged lane it names.
  // Converged lanes may pass different masks when those are disjoint: the
  // two tiles of a warp in tile<16>.sync() do: the constraint binds the
  // lanes a mask names, not the whole warp (Warp __sync Intrinsic Constraints).
  unsigned int same = __match_any_sync(active, mask);
  uint32_t disagree = mask & active & ~same;
  uint32_t reporters = __ballot_sync(active, disagree != 0);
  if (reporters && lane == (uint32_t)(__ffs(reporters) - 1))
    record(st, kSyncwarpNonuniform, pc, pc, thread, thread, mask, 0, disagree);
  bool leader = lane == (uint32_t)(__ffs(active) - 1);
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return SANITIZER_PATCH_SUCCESS;
  if (st->trace) trace(st, kTraceSyncwarp, pc, 0, mask);
  Slot *slot = &st->slots[s];
  // This lane's call, for groups of its warp that come to it later.
  uint32_t made = syncCallsMade(slot->threadLastSync[thread]);
  atomicExch(&slot->threadLastSync[thread], syncCallRecord(pc, mask, made));
  uint32_t earlier = mask ? earlierCallerWithOtherMask(slot, thread >> 5, lane, made, pc, mask) : 0;
  uint32_t late = __ballot_sync(active, earlier != 0);
  if (late && lane == (uint32_t)(__ffs(late) - 1))
    record(st, kSyncwarpNonuniform, pc, pc, thread, thread, mask, 0, earlier);
  // A call whose own callers are missing from its mask is reported as
  // warp-mask-missing-lane; the lanes that wrong mask names are not also
  // reported as inactive (one bug, one finding).
  uint32_t open = 0;
  if (leader && (active & ~mask) == 0) open = trackDivergedSync(st, slot, thread >> 5, pc, mask, active, thread, made);
  open = __shfl_sync(active, open, __ffs(active) - 1);
  // The thread's syncwarp epoch advances on arrival when every named lane
  // is here (or once the last arrives, see trackDivergedSync): no release
  // callback comes on the path the compiler takes for a diverged warp
  // (WARPSYNC.COLLECTIVE). Counting early can only hide a race.
  if (!open) slot->threadSync[thread] += 1;
  arriveAfter(st, pc);
  return SANITIZER_PATCH_SUCCESS;
}
