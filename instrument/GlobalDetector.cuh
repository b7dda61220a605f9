// The global-memory detector, included by Patches.cu inside its anonymous
// namespace (it uses record(), currentSlot() and the thread identity there).
//
// Shadow: per 4-byte word of a tracked allocation, the last writer and the
// last reader (GEntry below) with the low 32 bits of their pcs. An entry
// belongs to one launch (its tag); entries of earlier launches are ordered
// before everything of this one (stream order: the runtime checks one launch
// at a time).
//
// Happens-before (CUDA C++ Programming Guide, memory fence functions;
// PTX memory consistency model):
// - in one block, barriers order every access: same barrier epoch and not
//   both synchronising -> race (lanes of one warp: same __syncwarp epoch);
// - across blocks, only synchronising accesses (atomics, strong
//   volatile/relaxed/acquire/release accesses of device scope) combined with
//   device-scope fences order plain accesses. A thread *publishes* with a
//   synchronising write; the publication is *fenced* when no plain global
//   write of the thread came after its last device fence. Another block's
//   thread *observes* it with a synchronising read of the same word, and
//   *acquires* when a fence (or an acquire) follows. Its later plain
//   accesses to other blocks' data are then ordered. Which fences ran comes
//   from the SASS (PcInfo): the API has no callback for them.
// The detector does not check that the observed publication is the one
// that covers the data read: a thread that acquired any fenced publication
// is trusted (fewer reports, never more). A volatile access also asks when
// the thread last acquired (the sync clock below).

// Entry bits: 0-3 bytes, 4-13 thread, 14-33 block (low 20 bits), 34-45
// barrier epoch, 46-49 __syncwarp epoch, 50-57 launch tag, 58 synchronising,
// 59 block scope, 60 unfenced publication, 61 publication after a
// block-scope fence only, 62 several readers (a reader entry) or no release
// (a synchronising writer entry), 63 atomic (not a strong store).
struct GEntry {
  uint32_t bytes, thread, block, epoch, warpSync, tag;
  bool sync, narrow, unfenced, narrowFence, several, atomic;
  // A synchronising write that releases nothing: its thread had not fenced
  // nor written since the kernel began, and it continues no release
  // sequence (a poll with atomicAdd(&sem, 0) before any work). Observing it
  // acquires nothing (PTX: a release pattern needs a fence or a release
  // before the strong write).
  bool noRelease;
};

constexpr uint32_t kGBlockMask = (1u << 20) - 1, kGEpochMask = (1u << 12) - 1, kGSyncMask = 0xf;

__device__ __forceinline__ unsigned long long gEncode(const GEntry &e) {
  return (unsigned long long)(e.bytes & 0xf) | ((unsigned long long)(e.thread & 0x3ff) << 4) |
         ((unsigned long long)(e.block & kGBlockMask) << 14) |
         ((unsigned long long)(e.epoch & kGEpochMask) << 34) |
         ((unsigned long long)(e.warpSync & kGSyncMask) << 46) | ((unsigned long long)(e.tag & 0xff) << 50) |
         ((unsigned long long)e.sync << 58) | ((unsigned long long)e.narrow << 59) |
         ((unsigned long long)e.unfenced << 60) | ((unsigned long long)e.narrowFence << 61) |
         ((unsigned long long)(e.several || e.noRelease) << 62) | ((unsigned long long)e.atomic << 63);
}
// A synchronising writer entry's no-release bit (GEntry::noRelease), which
// it loses when it turns out to continue a release (carryRelease).
constexpr unsigned long long kGNoRelease = 1ull << 62;
__device__ __forceinline__ GEntry gDecode(unsigned long long v) {
  GEntry e;
  e.bytes = v & 0xf;
  e.thread = (v >> 4) & 0x3ff;
  e.block = (v >> 14) & kGBlockMask;
  e.epoch = (v >> 34) & kGEpochMask;
  e.warpSync = (v >> 46) & kGSyncMask;
  e.tag = (v >> 50) & 0xff;
  e.sync = (v >> 58) & 1;
  e.narrow = (v >> 59) & 1;
  e.unfenced = (v >> 60) & 1;
  e.narrowFence = (v >> 61) & 1;
  e.several = e.noRelease = (v >> 62) & 1;
  e.atomic = (v >> 63) & 1;
  return e;
}

// The full pc from its low 32 bits: the code of one kernel is far smaller
// than 4 GiB, so the nearest candidate to the current pc is the one.
__device__ __forceinline__ uint64_t widenPc32(uint32_t low, uint64_t now) {
  uint64_t c = (now & ~0xffffffffull) | low;
  if (c > now + (1ull << 31)) c -= 1ull << 32;
  else if (c + (1ull << 31) < now) c += 1ull << 32;
  return c;
}

// The PcInfo of instruction `i`, its fences being those on the paths from
// the global access `from` (an instruction index, or kFromEntry).
__device__ __forceinline__ uint8_t pcInfoFrom(const LaunchState *st, uint64_t i, uint32_t from) {
  uint32_t e = st->pcInfo[i];
  uint32_t bits = e & 0xff, count = (e >> 8) & 0xf, first = (e >> 12) & (kMaxEdges - 1);
  for (uint32_t k = 0; k < count; ++k) {
    uint32_t edge = st->pcEdges[first + k];
    if ((edge >> 8) == from) return (uint8_t)((bits & (kPcStrong | kPcBlockScope | kPcVolatile | kPcKnown)) | (edge & 0xff));
  }
  return (uint8_t)bits;
}

// The index of the instruction at `pc` in the kernel's PcInfo, or ~0 when
// it has none (unknown code, or a callee's instruction).
__device__ __forceinline__ uint64_t pcIndex(const LaunchState *st, uint64_t pc) {
  uint64_t i = pc >= st->pcBase ? (pc - st->pcBase) >> 4 : ~0ull;
  return st->pcInfo && i < st->pcCount ? i : ~0ull;
}

// The bar.arrive that follows the instruction at `pc` (PcArrival), or 0.
__device__ __forceinline__ uint32_t arrivalAfter(const LaunchState *st, uint64_t pc) {
  if (!st->pcArrive) return 0;
  uint64_t i = pcIndex(st, pc);
  return i == ~0ull ? 0 : st->pcArrive[i];
}

// Whether the waiting barrier at `pc` is in a kernel with arrivals no
// callback carries (kPcUnattributedArrive).
__device__ __forceinline__ bool arrivalsUnknown(const LaunchState *st, uint64_t pc) {
  uint64_t i = pcIndex(st, pc);
  return i != ~0ull && (st->pcInfo[i] & kPcUnattributedArrive);
}

// Whether `w` is a synchronising write of another block than `block`
// (its low bits), made in this launch, that may release something (not
// GEntry::noRelease): what an observation takes.
__device__ __forceinline__ bool otherBlockSync(const LaunchState *st, const GEntry &w, uint32_t block) {
  return w.bytes && w.tag == (st->launchTag & 0xff) && w.sync && w.block != (block & kGBlockMask) && !w.noRelease;
}

// ---- the sync clock ----
// Which publications a thread acquired is not kept (one bit, kAcquired),
// but when: each strong write takes a ticket of the launch's sync clock
// before its entry is swapped in, and an observation reads the clock after
// it found the entry. A happens-before chain from an access to another
// block's thread runs through releases made after the access, so their
// tickets are larger than the clock at the access; a thread whose latest
// observation read the clock at or below that cannot have acquired it.
// Kept only for race-volatile, in kernels with volatile accesses
// (LaunchState::syncClock), where "a thread that acquired any publication
// is ordered" lost the polls of grid barriers and persistent kernels
// (docs/run-memory-model.md).
__device__ __forceinline__ uint32_t syncWordKey(const unsigned long long *word) {
  return (uint32_t)((unsigned long long)word >> 4);
}
// A thread's period between barriers and __syncwarp()s, as shadow entries
// name it (their low bits), never 0.
__device__ __forceinline__ uint32_t syncPeriodKey(uint32_t epoch, uint32_t warpSync) {
  return 0x80000000u | (epoch & kGEpochMask) << 4 | (warpSync & kGSyncMask);
}
__device__ __forceinline__ uint32_t syncClockNow(const LaunchState *st) { return (uint32_t)__ldcg(st->syncClock); }

// ---- unreleased writes ----
// A plain write reaches another block only through a release made after it
// by its thread, or by a thread its block orders after it: a fence, then a
// strong write (docs/run-memory-model.md, rule 6). Each thread keeps the
// word of its latest plain write until its next fence; an earlier write, or
// one followed by code whose fences are unknown (a callee's), counts as
// released (a race may be missed, never invented).
__device__ __forceinline__ void clearUnreleased(GlobalThread *me) { me->state &= ~(kUnreleased | kPublishedUnfenced); }

// A plain write to `word`, which the caller also marks kDirty.
__device__ __forceinline__ void noteUnreleasedWrite(GlobalThread *me, const unsigned long long *word) {
  me->unreleased = (unsigned long long)word;
  me->state |= kUnreleased;
}

// What the SASS says about the access at `pc` (PcInfo), the fences being
// those on the paths from the thread's previous global access; updates it.
__device__ __forceinline__ uint8_t pcInfoAt(const LaunchState *st, uint64_t pc, GlobalThread *me) {
  uint64_t i = pcIndex(st, pc);
  uint32_t from = me->last;
  // Fences on unknown paths may have released the thread's writes.
  if (i == ~0ull || from == kFromUnknown) clearUnreleased(me);
  if (i == ~0ull) {
    // A callee's access: its paths, and the fences on them, are unknown.
    // Its writes are taken as fenced: a publication there (a lock released
    // by a helper that fences first) must not be called unfenced.
    me->last = kFromUnknown;
    me->state = (me->state & ~(kDirty | kNarrowFenced)) | kFencedEver;
    if (me->state & kWrotePlain) me->state |= kMayHaveReleased;
    return 0;
  }
  me->last = (uint32_t)i;
  return pcInfoFrom(st, i, from);
}

// What the fences in `info` do to the thread's state; `epoch`: its barrier
// epoch.
__device__ __forceinline__ void applyFences(GlobalThread *me, uint8_t info, uint32_t epoch) {
  if (info & (kPcFenceDevice | kPcFenceBlock)) {
    me->fenceEpoch = epoch + 1;
    me->state |= kFencedEver;
    clearUnreleased(me);
  }
  if (info & kPcFenceDevice) me->state &= ~(kDirty | kNarrowFenced);
  if (info & (kPcAcquire | kPcFenceDevice)) me->state |= kFencedSinceSync;
  else if ((info & kPcFenceBlock) && (me->state & kDirty)) me->state |= kNarrowFenced;
}

// Release/acquire between warps of one block (a lock or flag only the
// block's warps use, block scope enough): at the first fence after a
// synchronising read, when the word holds a synchronising write of another
// warp of the block, the thread's warp acquires what every warp of the block
// did so far. Not only that writer's: the read's callback ran before the
// read, other warps' failed lock attempts keep replacing the shadow's one
// writer entry, so which release it read is not known. From then on the
// block's accesses are ordered through warpKnows, like named barriers (a
// race with an access another warp makes at the same barrier epoch but
// after the release may be missed, never invented).
__device__ void acquireInBlock(const LaunchState *st, Slot *slot, GlobalThread *me, uint32_t thread, uint8_t info) {
  if (!(me->state & kBlockAcquirePending) || !(info & (kPcFenceDevice | kPcFenceBlock | kPcAcquire))) return;
  bool observed = me->state & kBlockObserved; // what the read swapped out or found
  me->state &= ~(kBlockAcquirePending | kBlockObserved);
  if (!observed && me->lastSync) { // ... or what the word holds now
    GEntry w = gDecode(__ldcg(me->lastSync));
    observed = w.bytes && w.tag == (st->launchTag & 0xff) && w.sync && w.block == (linearBlock() & kGBlockMask) &&
               (w.thread >> 5) != (thread >> 5);
  }
  if (observed) barrierAcquireAll(st, slot, thread >> 5);
}

// Whether the fences in `info` complete the acquisition of a publication
// the thread observed (and had not acquired yet).
__device__ __forceinline__ bool completesAcquire(const GlobalThread *me, uint8_t info) {
  return (info & (kPcAcquire | kPcFenceDevice)) && (me->state & kObserved) && !(me->state & kAcquired);
}

// The range holding `addr`, or null.
__device__ __forceinline__ const GlobalRange *findRange(const LaunchState *st, uint64_t addr) {
  uint32_t lo = 0, hi = st->rangeCount;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (st->ranges[mid].base <= addr) lo = mid + 1;
    else hi = mid;
  }
  if (lo == 0) return nullptr;
  const GlobalRange *r = &st->ranges[lo - 1];
  return addr < r->end ? r : nullptr;
}

// ---- device-side malloc (HeapState) ----

__device__ __forceinline__ uint32_t heapHash(const HeapState *h, unsigned long long key) {
  return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (h->granuleCapacity - 1);
}

// The table slot of the granule holding `addr`, or ~0u. Keys are never
// moved, so the first empty key ends a search; with `Take` that key is
// claimed for the granule instead (~0u then means the table is too full).
template <bool Take> __device__ __forceinline__ uint32_t heapSlot(const HeapState *h, uint64_t addr) {
  unsigned long long key = (addr >> 4) + 1;
  uint32_t i = heapHash(h, key);
  for (uint32_t n = 0; n < kHeapMaxProbes; ++n, i = (i + 1) & (h->granuleCapacity - 1)) {
    unsigned long long k = Take ? atomicCAS(&h->keys[i], 0ull, key) : __ldcg(&h->keys[i]);
    if (k == key) return i;
    if (k == 0) return Take ? i : ~0u;
  }
  return ~0u;
}
__device__ __forceinline__ uint32_t heapFind(const HeapState *h, uint64_t addr) { return heapSlot<false>(h, addr); }

// After malloc() returned `ptr`: its granules start with an empty shadow
// (the memory may have been another allocation's earlier in this launch).
__device__ void heapMalloc(const LaunchState *st, uint64_t pc, uint64_t ptr, uint64_t size) {
  HeapState *h = st->heap;
  if (!h || !ptr) return;
  uint32_t head = ~0u;
  for (uint64_t g = ptr & ~15ull; g < ptr + (size ? size : 1); g += 16) {
    uint32_t i = heapSlot<true>(h, g);
    if (i == ~0u) {
      // Too full: the granules taken so far stay unowned.
      atomicAdd(&st->counters->heapUntracked, 1ull);
      return;
    }
    if (head == ~0u) {
      head = i;
      h->heads[i] = HeapAllocation{ptr, size, pc, linearBlock(), linearThread()};
    }
    for (uint32_t w = 0; w < 8; ++w) {
      __stcg(&h->shadow[8ull * i + w], 0ull);
      __stcg(&h->pcs[8ull * i + w], 0u);
    }
    __threadfence();
    atomicExch(&h->owner[i], head + 1);
  }
}

// Before free(ptr): its granules belong to no allocation any more.
__device__ void heapFree(const LaunchState *st, uint64_t ptr) {
  HeapState *h = st->heap;
  if (!h || !ptr) return;
  uint32_t head = heapFind(h, ptr);
  if (head == ~0u || __ldcg(&h->owner[head]) != head + 1) return;
  HeapAllocation a = h->heads[head];
  if (a.base != ptr) return;
  for (uint64_t g = ptr & ~15ull; g < ptr + (a.size ? a.size : 1); g += 16) {
    uint32_t j = heapFind(h, g);
    if (j != ~0u) atomicCAS(&h->owner[j], head + 1, 0u);
  }
}

// The granule of a live heap allocation holding `addr`, as a range of its
// own (the shadow is per table slot), or false.
__device__ __forceinline__ bool heapRange(const LaunchState *st, uint64_t addr, GlobalRange &out) {
  const HeapState *h = st->heap;
  uint32_t i = heapFind(h, addr);
  if (i == ~0u) return false;
  uint32_t owner = __ldcg(&h->owner[i]);
  if (!owner) return false;
  const HeapAllocation &a = h->heads[owner - 1];
  out.base = addr & ~15ull;
  out.end = min(out.base + 16, a.base + a.size);
  out.shadow = h->shadow + 8ull * i;
  out.pcs = h->pcs + 8ull * i;
  out.id = kHeapAllocationBit | (owner - 1);
  return out.end > addr;
}

// The access being checked, and who makes it.
struct GAccess {
  const LaunchState *st;
  Slot *slot;
  GlobalThread *me;
  const GlobalRange *range;
  uint64_t pc, address;
  uint32_t thread, block, epoch, warpSync, size;
  bool write, sync, narrow, atomic;
  bool vol; // a system-scope strong load or store: volatile (kPcVolatile)
};

// Records a hazard between an earlier access (entry `e`, pc `epc`) and this
// one, named by how the two are ordered, or not.
__device__ __noinline__ void observe(const GAccess &a, const GEntry &w, uint64_t wpc);

// The thread's last synchronising read, looked at again: its callback ran
// before the instruction, and another block's publication may have landed
// between the two (the poll that ended a spin loop).
__device__ void observeLate(const GAccess &a) {
  GlobalThread *me = a.me;
  if (!me->lastSync || (me->state & (kObserved | kObservedUnfenced))) return;
  GEntry w = gDecode(__ldcg(me->lastSync));
  if (!otherBlockSync(a.st, w, a.block)) return;
  GAccess at = a;
  at.write = me->state & kLastSyncRmw; // see observe(): a read-modify-write and a barrier acquire
  at.narrow = false;
  observe(at, w, widenPc32(__ldcg(me->lastSyncPc), a.pc));
  if ((me->state & kObserved) && (me->state & kFencedSinceSync)) me->state |= kAcquired;
}

// A shadow entry's pc and the entry are swapped separately: two stores at
// the same moment can pair an entry with the pc slot's empty (0) low bits.
// Such a pair is left unreported (the race shows at other pairs) rather
// than reported at no code address.
__device__ __forceinline__ bool lostPc(uint64_t pc) { return (uint32_t)pc == 0; }

// The same race can pair an entry with another access's pc: a plain
// `*lock = 0` entry with the pc of an atomicCAS that swapped its pc at the
// same moment (lock_plain_release_bug reported race-global at the CAS
// against itself). When the SASS says the pc's instruction is strong or
// atomic and the entry says the opposite, the pair names the wrong
// instruction: left unreported, like lostPc (the race shows at other pairs).
// Whether the SASS says the instruction at `pc` is strong or atomic: 1 or
// 0, or -1 when it does not know (another function's code, no SASS).
__device__ __forceinline__ int pcSync(const LaunchState *st, uint64_t pc) {
  uint64_t i = pcIndex(st, pc);
  if (i == ~0ull || !(st->pcInfo[i] & kPcKnown)) return -1;
  return (st->pcInfo[i] & (kPcStrong | kPcBlockScope)) != 0;
}
__device__ __forceinline__ bool pcDisagrees(const LaunchState *st, const GEntry &e, uint64_t pc) {
  int sync = pcSync(st, pc);
  return sync >= 0 && sync != (int)e.sync;
}

// The pc of the writer entry `w` a store swapped out, when the pc it swapped
// out before was lost: two stores at once can swap the pc slot and the
// entry interleaved (T0's pc, T1's pc, T1's entry, T0's entry), so T0 gets
// T1's entry with the slot's empty pc. The slot then holds the pc of the
// last store that swapped its pc in, T1's unless a third came between:
// taken when the SASS agrees with the entry about being strong or atomic,
// else the pc stays lost (two block-scope atomics at kernel start lost
// transitive_scope_bug's finding in a quarter of the runs).
__device__ __forceinline__ uint64_t recoveredPc(const LaunchState *st, const GEntry &w, uint64_t wpc,
                                                const unsigned int *pcs, uint64_t pc) {
  if (!lostPc(wpc) || !w.bytes) return wpc;
  uint64_t now = widenPc32(__ldcg(pcs), pc);
  return !lostPc(now) && pcSync(st, now) == (int)w.sync ? now : wpc;
}

// The slot of the block that made entry `e` while that block still holds
// it (its threads' state is then the entry's thread's), or null: a grid too
// large for the entry's block bits, a block that was not checked or has
// left its slot. Callers read the state, then ask writerHolds() again: a
// new block may have come meanwhile. writerSlot: the same for another
// block's plain write only.
__device__ __forceinline__ bool writerHolds(const Slot *slot, const GEntry &e) {
  return *(const volatile unsigned int *)&slot->occupant == e.block + 1;
}
__device__ __forceinline__ const Slot *slotOfEntry(const LaunchState *st, const GEntry &e) {
  if (st->gridBlocks > kGBlockMask + 1) return nullptr;
  uint32_t held = *(const volatile unsigned int *)&st->blockSlot[e.block];
  if (held == 0 || held >= kUnchecked) return nullptr;
  const Slot *slot = &st->slots[held - 1];
  return writerHolds(slot, e) ? slot : nullptr;
}
__device__ __forceinline__ const Slot *writerSlot(const LaunchState *st, const GEntry &e) {
  return e.sync ? nullptr : slotOfEntry(st, e);
}
// The GlobalThread state of the threads of the block in `slot`.
__device__ __forceinline__ const GlobalThread *slotThreads(const LaunchState *st, const Slot *slot) {
  return st->global + (size_t)(slot - st->slots) * st->threadsPerBlock;
}
// The GlobalThread state of the thread that made entry `e`, in `slot` (the
// slot of its block, see slotOfEntry). What is read from it is the entry's
// thread's only if writerHolds(slot, e) still holds afterwards.
__device__ __forceinline__ const volatile GlobalThread *entryThread(const LaunchState *st, const Slot *slot,
                                                                    const GEntry &e) {
  return slotThreads(st, slot) + e.thread;
}
// Whether the block in `slot` orders its warps by more than block-wide
// barriers (named barriers, mbarriers, flags within the block).
__device__ __forceinline__ bool warpsOrdered(const Slot *slot) {
  return barriersNamed(slot) || *(const volatile unsigned int *)&slot->mbarrierClock != 0;
}

// Whether `e`, another block's plain write to `word`, was never released
// (see noteUnreleasedWrite): its thread has not fenced since, and no other
// thread of its block that is ordered after it has -- past a barrier, a
// lane of its warp, or any thread of a block whose warps also order each
// other by named barriers, mbarriers or flags. Then nothing the accessing
// thread acquired orders the two. Returns 0 (released, or not known), else
// the kind to report: `raceKind`, or kFenceMissing when the writer made a
// strong write since without a fence before it (its pc in `publishPc`).
__device__ __noinline__ uint32_t unreleasedKind(const GAccess &a, const GEntry &e, const unsigned long long *word,
                                                uint32_t raceKind, uint32_t &publishPc) {
  const LaunchState *st = a.st;
  const Slot *slot = raceKind == kGlobalRaceWAR ? nullptr : writerSlot(st, e);
  if (!slot) return 0;
  const GlobalThread *threads = slotThreads(st, slot);
  const volatile GlobalThread *w = entryThread(st, slot, e);
  uint32_t ws = w->state;
  if (!(ws & kUnreleased) || w->unreleased != (unsigned long long)word) return 0;
  uint32_t pub = w->unfencedPubPc;
  // The write's full barrier epoch: the latest at or below its thread's
  // current one that matches the entry's low bits.
  uint32_t top = *(const volatile unsigned int *)&slot->threadEpoch[e.thread];
  uint32_t written = top - ((top - e.epoch) & kGEpochMask);
  bool ordered = warpsOrdered(slot);
  for (uint32_t t = 0; t < st->threadsPerBlock; ++t) {
    if (t == e.thread) continue;
    uint32_t fenced = ((const volatile GlobalThread *)threads + t)->fenceEpoch;
    if (!fenced) continue;
    if (fenced - 1 > written) return 0;
    if (fenced - 1 == written && (ordered || (t >> 5) == (e.thread >> 5))) return 0;
  }
  // A new block in the slot since: what was read may be its threads'.
  if (!writerHolds(slot, e)) return 0;
  if (ws & kPublishedUnfenced) {
    publishPc = pub;
    return kFenceMissing;
  }
  return raceKind;
}

// Whether `e`, another block's plain write, was released by nothing: its
// thread made no strong write (nor ran a callee's unknown accesses) after
// any plain write, and nothing orders another thread of its block after it
// (no barrier or __syncwarp of its thread since the write, no named
// barriers, mbarriers or flags between the block's warps). Then fences on
// either side would not order a pair with it: the model calls it a data
// race (race-global), not fence-missing, whatever the reader observed (a
// lock released with a plain `*lock = 0`). False when not known.
__device__ __noinline__ bool neverReleased(const GAccess &a, const GEntry &e) {
  const Slot *slot = writerSlot(a.st, e);
  if (!slot) return false;
  uint32_t ws = entryThread(a.st, slot, e)->state;
  if (!(ws & kWrotePlain) || (ws & kMayHaveReleased)) return false;
  if ((*(const volatile unsigned int *)&slot->threadEpoch[e.thread] & kGEpochMask) != e.epoch ||
      (*(const volatile unsigned int *)&slot->threadSync[e.thread] & kGSyncMask) != e.warpSync)
    return false;
  if (warpsOrdered(slot)) return false;
  // A new block in the slot since: the state read may be its thread's.
  return writerHolds(slot, e);
}

// `unorderedMixed`: a plain access and another block's atomic or strong
// access the thread did not observe: a race whatever it acquired. `word`:
// the shadow word, when the access was checked against one.
__device__ __noinline__ void reportGlobal(const GAccess &a, const GEntry &e, uint64_t epc, uint32_t raceKind,
                                          bool firstSync, bool unorderedMixed = false,
                                          const unsigned long long *word = nullptr) {
  if (lostPc(epc)) return;
  bool sameBlock = e.block == (a.block & kGBlockMask);
  uint32_t flags = (firstSync ? (e.narrow ? 0 : kFlagFirstStrong) : 0) | (a.sync ? kFlagSecondStrong : 0);
  uint32_t kind = raceKind;
  uint64_t pc3 = 0;
  if (sameBlock) {
    if ((e.thread >> 5) == (a.thread >> 5)) flags |= kFlagSameWarp;
  } else {
    flags |= kFlagInterBlock;
    // Without the kernel's SASS, a flag read through `volatile` looks plain
    // and a fence is invisible: reporting would cry wolf. Counted instead.
    if (!a.st->pcInfo) {
      atomicAdd(&a.st->counters->globalInterBlockUnknown, 1ull);
      return;
    }
    if (!unorderedMixed) observeLate(a);
    uint32_t s = unorderedMixed ? 0u : a.me->state;
    uint32_t publishPc = a.me->publishPc;
    // What another thread of the block saw before a barrier this one passed.
    const volatile Slot *slot = a.slot;
    uint32_t acquired = unorderedMixed ? 0u : slot->acquiredEpoch;
    uint32_t unfenced = unorderedMixed ? 0u : slot->unfencedEpoch;
    bool blockAcquired = acquired && acquired <= a.epoch;
    if (blockAcquired) s |= kAcquired;
    // The thread's own acquisition came through another block's
    // block-scope flag or atomic only (observe()), and no other thread's
    // acquisition reaches it through a barrier.
    bool narrowOnly = !unorderedMixed && !blockAcquired &&
                      (a.me->state & (kAcquired | kObservedNarrowFlag)) == (kAcquired | kObservedNarrowFlag);
    if (unfenced && unfenced <= a.epoch && !(s & kObservedUnfenced)) {
      s |= kObservedUnfenced | (slot->unfencedNarrow ? kObservedNarrowFence : 0);
      publishPc = slot->unfencedPc;
    }
    // Only strong writes that released nothing were observed: classified
    // as if they were unfenced publications (observedNothing).
    if ((s & kObservedNoRelease) && !(s & (kObserved | kObservedUnfenced))) s |= kObservedUnfenced;
    // A write-after-read is ordered by whatever the writer acquired; a
    // read or write of another block's data needs a fenced publication.
    if (s & kAcquired) {
      // Ordered after what the thread acquired -- unless the write was
      // never released at all, or the acquisition came through a
      // block-scope flag (scope-too-narrow, the flag named as the
      // publication).
      uint32_t releasePc = 0;
      kind = word ? unreleasedKind(a, e, word, raceKind, releasePc) : 0;
      if (kind == kFenceMissing) pc3 = widenPc32(releasePc, a.pc);
      if (!kind && narrowOnly) {
        kind = kScopeTooNarrow;
        flags |= kFlagNarrowFlag;
        pc3 = widenPc32(a.me->publishPc, a.pc);
      }
      if (!kind) return;
    } else if (raceKind == kGlobalRaceWAR && (s & (kObserved | kObservedUnfenced))) {
      return;
    } else if (raceKind != kGlobalRaceWAR && (s & (kObserved | kObservedUnfenced)) && neverReleased(a, e)) {
      // A data race, named by its own kind: no fence would order it.
    } else if (raceKind != kGlobalRaceWAR && (s & kObservedUnfenced)) {
      kind = (s & kObservedNarrowFence) ? kScopeTooNarrow : kFenceMissing;
      if (kind == kScopeTooNarrow) flags |= kFlagNarrowFence;
      pc3 = widenPc32(publishPc, a.pc);
    } else if (raceKind != kGlobalRaceWAR && (s & kObserved)) {
      kind = kFenceMissing;
      flags |= kFlagReaderSide;
      pc3 = widenPc32(publishPc, a.pc);
    }
  }
  GlobalDetail d{e.block, a.range->id, a.address, pc3};
  record(a.st, kind, epc, a.pc, e.thread, a.thread, (uint32_t)min(a.address - a.range->base, 0xffffffffull),
         flags, a.size, &d);
}

// The thread acquired: so does the rest of its block after the next
// barrier (epochs past the thread's `epoch`).
__device__ __forceinline__ void acquire(GlobalThread *me, Slot *slot, uint32_t epoch) {
  me->state |= kAcquired;
  atomicCAS(&slot->acquiredEpoch, 0u, epoch + 1);
  if (me->seenClock) atomicMax(&slot->acquiredClock, me->seenClock);
}
__device__ __forceinline__ void acquire(const GAccess &a) { acquire(a.me, a.slot, a.epoch); }

__device__ __noinline__ void noteObserved(const LaunchState *st, GlobalThread *me, Slot *slot, uint32_t epoch,
                                          const GEntry &w, uint64_t wpc, bool narrow, bool deviceScope);

// Whether a synchronising access of another block meets `w` through block
// scope (either side): the communication itself is unordered, whatever the
// fences, and reported scope-too-narrow -- unless the thread already
// acquired from another block (a chain of device-scope releases and
// acquires may order two block-scope operations of different blocks).
__device__ __forceinline__ bool narrowCommunication(const GAccess &a, const GEntry &w) {
  return (w.narrow || a.narrow) && !(a.me->state & kAcquired);
}
__device__ __noinline__ void reportNarrowCommunication(const GAccess &a, const GEntry &w, uint64_t wpc) {
  if (lostPc(wpc)) return;
  GlobalDetail d{w.block, a.range->id, a.address, 0};
  record(a.st, kScopeTooNarrow, wpc, a.pc, w.thread, a.thread,
         (uint32_t)min(a.address - a.range->base, 0xffffffffull), kFlagInterBlock, a.size, &d);
}

// A synchronising read of a word another block published through.
__device__ __noinline__ void observe(const GAccess &a, const GEntry &w, uint64_t wpc) {
  bool narrow = narrowCommunication(a, w);
  if (narrow) reportNarrowCommunication(a, w, wpc);
  // Then taken as the observation it was meant to be, marked
  // kObservedNarrowFlag: the data it hands over is scope-too-narrow too
  // (reportGlobal), as the model classifies it -- widening the scopes alone
  // would order it.
  noteObserved(a.st, a.me, a.slot, a.epoch, w, wpc, narrow, !w.narrow && !a.narrow);
}

// A synchronising access that found no release of another block to observe
// (otherBlockSync): another block's strong write that releases nothing
// (GEntry::noRelease) is still a conflict when either side is of block
// scope; a read-modify-write looks again before its instruction runs
// (lookAgainAfterRmw).
// It acquires nothing, but a race it would have ordered had that write
// been a release is still fence-missing, as the model classifies it (a lock
// taken by a block's first atomicCAS, whose thread had not fenced, and
// released with a plain store: lock_plain_release_bug): kObservedNoRelease,
// read by reportGlobal as an unfenced publication.
__device__ __noinline__ void observedNothing(const GAccess &a, const GEntry &w, uint64_t wpc) {
  if (w.noRelease && w.bytes && w.tag == (a.st->launchTag & 0xff) && w.sync &&
      w.block != (a.block & kGBlockMask)) {
    if (narrowCommunication(a, w)) reportNarrowCommunication(a, w, wpc);
    if (!(a.me->state & (kObserved | kObservedUnfenced | kObservedNoRelease))) {
      a.me->publishPc = (uint32_t)wpc;
      a.me->publishBlock = w.block;
    }
    a.me->state |= kObservedNoRelease;
  }
  if (a.write) a.me->state |= kLookAgain;
}

// What thread `me` (at barrier epoch `epoch`) knows once it has read `w`, a
// synchronising write of another block (pc `wpc`): `narrow`, through a
// block-scope flag or atomic; `deviceScope`, both sides of device scope.
__device__ __noinline__ void noteObserved(const LaunchState *st, GlobalThread *me, Slot *slot, uint32_t epoch,
                                          const GEntry &w, uint64_t wpc, bool narrow, bool deviceScope) {
  if (st->syncClock) {
    // After the entry was read: the ticket of the write it names, and of
    // every release before it in a chain, is at most this.
    __threadfence();
    me->seenClock = max(me->seenClock, syncClockNow(st));
  }
  if (w.unfenced || w.narrowFence) {
    me->state |= kObservedUnfenced | (w.narrowFence ? kObservedNarrowFence : 0);
    me->publishPc = (uint32_t)wpc;
    me->publishBlock = w.block;
    if (!slot->unfencedEpoch) {
      slot->unfencedPc = (uint32_t)wpc;
      slot->unfencedNarrow = w.narrowFence;
      atomicCAS(&slot->unfencedEpoch, 0u, epoch + 1);
    }
    return;
  }
  // A fenced publication counts even after an unfenced one was seen: a
  // ticket taken with an atomic after plain stores looks like an unfenced
  // publication, and must not stop the thread acquiring the data's own
  // fenced flag later (a persistent kernel's ticket counter).
  if (!(me->state & kObserved)) {
    me->state |= kObserved | (narrow ? kObservedNarrowFlag : 0);
    if (!(me->state & kObservedUnfenced)) {
      me->publishPc = (uint32_t)wpc;
      me->publishBlock = w.block;
    }
  } else if (deviceScope) {
    me->state &= ~kObservedNarrowFlag; // a device-scope observation too: trusted as before
  }
  // A relaxed strong read acquires nothing by itself (PTX; a lock taken
  // with atomicCAS and no fence after it does not order the critical
  // sections). A block-wide barrier after it does (globalBarrier): the
  // guide's last-block reduction (atomicInc, __syncthreads(), the partial
  // sums read with no fence) and cuBLAS's serial split-K (a `volatile` poll
  // of the semaphore, bar.sync, no fence). The reference checker reads it
  // the same way (docs/run-memory-model.md).
}

// At a fence that may complete an acquisition, or a block-wide barrier
// (which completes one: noteObserved), when the thread's last
// synchronising read (a load, not a read-modify-write) observed nothing:
// that read's callback ran before the load, and the write it read from may
// have swapped its entry in between the two (a spin loop's last poll finds
// the flag its callback did not). Whatever that write was, its callback ran
// before this fence: the word's entry now is that write, or one swapped in
// after it (taken as observed too: a race may be missed, never invented).
// Only once per read: a fence much later must not take a write made since
// for what the read saw. Read-modify-writes are looked at again before
// their instruction instead (lookAgainAfterRmw). The reference checker has
// no such gap: it takes each strong read's observation at the thread's next
// event (docs/run-memory-model.md).
__device__ __noinline__ void observeAtFence(const LaunchState *st, Slot *slot, GlobalThread *me, uint32_t epoch,
                                            uint64_t pc) {
  if (!me->lastSync || (me->state & (kObserved | kObservedUnfenced | kRelooked | kLastSyncRmw))) return;
  me->state |= kRelooked;
  GEntry w = gDecode(__ldcg(me->lastSync));
  if (!otherBlockSync(st, w, linearBlock())) return;
  bool narrow = w.narrow && !(me->state & kAcquired);
  noteObserved(st, me, slot, epoch, w, widenPc32(__ldcg(me->lastSyncPc), pc), narrow, !w.narrow);
}

// At the end of the callback of a read-modify-write whose swap found no
// other block's synchronising write (kLookAgain): of several blocks taking
// tickets at once, the one the hardware serves last may have swapped its
// entry first. Another block's RMW that the hardware ran before this one
// swapped its entry in before its own instruction, a __threadfence() of its
// callback earlier still, so before this look, which comes after this
// callback's own fences and right before its instruction: the word's entry
// now is that write, or one swapped in after it (a race may be missed,
// never invented). Looking later -- at the next fence or barrier -- would
// take tickets taken long after this one for what it read (a block that
// took the first ticket would count as ordered after every other).
__device__ __noinline__ void lookAgainAfterRmw(const GAccess &a) {
  GlobalThread *me = a.me;
  me->state &= ~kLookAgain;
  if (!me->lastSync || (me->state & (kObserved | kObservedUnfenced))) return;
  GEntry w = gDecode(__ldcg(me->lastSync));
  if (!otherBlockSync(a.st, w, a.block)) return;
  observe(a, w, widenPc32(__ldcg(me->lastSyncPc), a.pc));
  me->state |= kRmwObservedChain; // the RMW observed it after all (orderedByObservation)
}

// Whether entry `e` of this launch is unordered with access `a` by the
// barriers of their block (another block's always is, as far as barriers
// go): same barrier epoch, or -- once the block used named barriers or
// synchronised within itself -- not ordered through warpKnows; lanes of
// one warp also by their __syncwarp epochs.
__device__ __forceinline__ bool entryConcurrent(const GAccess &a, const GEntry &e) {
  if (e.block != (a.block & kGBlockMask)) return true;
  bool sameWarp = (e.thread >> 5) == (a.thread >> 5);
  if (!sameWarp && barriersNamed(a.slot))
    return !barrierOrdered(a.slot, a.thread >> 5, e.thread >> 5, e.epoch, kGEpochMask);
  if (e.epoch != (a.epoch & kGEpochMask)) return false;
  return !sameWarp || (a.st->checkIntraWarp && e.warpSync == (a.warpSync & kGSyncMask));
}

// Whether `e`, another block's strong access of `word` (its writer entry,
// or its reader entry when `reader`), was made after everything access `a`'s
// thread acquired (the sync clock above): then nothing orders it before
// `a`. A write's ticket is known while it is its thread's latest strong
// write; a read's time is bounded below by the clock at its thread's first
// strong read in the entry's period (any instance of that entry is as late
// or later). False when not known (a race may be missed, never invented).
__device__ __noinline__ bool madeAfterAcquired(const GAccess &a, const GEntry &e, const unsigned long long *word,
                                               bool reader, bool blockAcquired) {
  uint32_t seen = a.me->seenClock;
  if (blockAcquired) seen = max(seen, *(const volatile unsigned int *)&a.slot->acquiredClock);
  if (!seen) return false;
  const Slot *slot = slotOfEntry(a.st, e);
  if (!slot) return false;
  const volatile GlobalThread *t = entryThread(a.st, slot, e);
  bool after;
  if (reader) {
    if (t->readClockKey != syncPeriodKey(e.epoch, e.warpSync)) return false;
    after = seen <= t->readClock; // releases after the read took larger tickets
  } else {
    unsigned long long w = t->syncWrite;
    if ((uint32_t)(w >> 32) != syncWordKey(word)) return false;
    after = seen < (uint32_t)w;
  }
  return after && writerHolds(slot, e);
}

// Whether a volatile access and another thread's strong one (entry `e` of
// `word`, its reader entry when `reader`) are unordered: in one block by
// barriers; across blocks when the thread (and its block, past a barrier)
// acquired nothing, or nothing made after `e` (madeAfterAcquired).
__device__ __forceinline__ bool volatileUnordered(const GAccess &a, const GEntry &e, const unsigned long long *word,
                                                  bool reader) {
  if (e.block == (a.block & kGBlockMask)) return entryConcurrent(a, e);
  uint32_t acquired = *(volatile unsigned int *)&a.slot->acquiredEpoch;
  bool blockAcquired = acquired && acquired <= a.epoch;
  if (!(a.me->state & kAcquired) && !blockAcquired) return true;
  return a.st->syncClock && madeAfterAcquired(a, e, word, reader, blockAcquired);
}

// race-volatile between entry `e` (a read when `firstRead`) and this
// volatile access.
__device__ __noinline__ void reportVolatile(const GAccess &a, const GEntry &e, uint64_t epc, bool firstRead) {
  if (lostPc(epc)) return;
  bool sameBlock = e.block == (a.block & kGBlockMask);
  uint32_t flags = (sameBlock ? ((e.thread >> 5) == (a.thread >> 5) ? kFlagSameWarp : 0u) : kFlagInterBlock) |
                   (firstRead ? kFlagFirstRead : 0u) | (a.write ? kFlagSecondWrite : 0u) |
                   (e.narrow ? 0u : kFlagFirstStrong) | kFlagSecondStrong;
  GlobalDetail d{e.block, a.range->id, a.address, 0};
  record(a.st, kRaceVolatile, epc, a.pc, e.thread, a.thread, (uint32_t)min(a.address - a.range->base, 0xffffffffull),
         flags, a.size, &d);
}

// volatile is not atomic (CUDA C++): a volatile access and another thread's
// strong or atomic one race unless something orders them. Only the volatile
// side is known as such (the entry keeps no bit for it), so the pair is
// found when its volatile access comes second. A volatile read looks at
// the writer entry here, before the word's own check; a volatile store
// pairs with the writer entry that check swaps out (volatileStore below):
// stores of several blocks at the same moment would all find the entry
// before any of them swapped it (volatile_store_bug). Both are kept out of
// checkGlobalWord: inlined there, this code broke that function's code on
// sm_90 (misaligned-address faults).
// Whether entry `e` of `word` (its reader entry when `reader`) is another
// thread's strong or atomic access of this launch, overlapping `bytes`,
// that the volatile access `a` is not ordered with.
__device__ __forceinline__ bool volatileRaces(const GAccess &a, const GEntry &e, uint32_t bytes,
                                              const unsigned long long *word, bool reader) {
  return e.bytes && e.tag == (a.st->launchTag & 0xff) && (e.bytes & bytes) &&
         !(e.block == (a.block & kGBlockMask) && e.thread == a.thread) && e.sync &&
         volatileUnordered(a, e, word, reader);
}

__device__ __noinline__ void checkVolatileWord(const GAccess &a, unsigned long long *word, unsigned int *pcs,
                                               uint32_t bytes) {
  GEntry w = gDecode(__ldcg(word)), r = gDecode(__ldcg(word + 1));
  if (!a.write && volatileRaces(a, w, bytes, word, false)) reportVolatile(a, w, widenPc32(__ldcg(pcs), a.pc), false);
  if (a.write && volatileRaces(a, r, bytes, word, true)) reportVolatile(a, r, widenPc32(__ldcg(pcs + 1), a.pc), true);
}

// A volatile store against the writer entry its own swap replaced (`w`, pc
// `wpc`): another thread's strong or atomic access it is not ordered with.
__device__ __noinline__ void volatileStore(const GAccess &a, const GEntry &w, uint64_t wpc, uint32_t bytes,
                                           const unsigned long long *word) {
  if (volatileRaces(a, w, bytes, word, false)) reportVolatile(a, w, wpc, false);
}

// Whether the launch of `tag` ran on a stream nothing orders with this one.
__device__ __forceinline__ bool concurrentLaunch(const LaunchState *st, uint32_t tag) {
  return (st->concurrentTags[(tag >> 5) & 7] >> (tag & 31)) & 1u;
}

// A conflict with an access of another, unordered launch (entry `e` of
// launch tag `e.tag`): a race whatever the blocks did.
__device__ __noinline__ void reportInterLaunch(const GAccess &a, const GEntry &e, uint64_t epc, uint32_t raceKind) {
  if (lostPc(epc)) return;
  uint32_t flags = kFlagInterLaunch | (e.sync && !e.narrow ? kFlagFirstStrong : 0) | (a.sync ? kFlagSecondStrong : 0);
  GlobalDetail d{e.block, a.range->id, a.address, 0, e.tag};
  record(a.st, raceKind, epc, a.pc, e.thread, a.thread, (uint32_t)min(a.address - a.range->base, 0xffffffffull),
         flags, a.size, &d);
}

// Remembers a read (entry `mine`) in the reader half of the word's shadow,
// whose entry was `r` (of this launch when `rLive`). Shared by the general
// and the quick path, so that both record alike.
__device__ __forceinline__ void recordGlobalRead(unsigned long long *word, unsigned int *pcs, const GEntry &r,
                                                 bool rLive, GEntry mine, uint64_t pc) {
  if (rLive) {
    bool sameTime = r.block != mine.block ||
                    (r.epoch == (mine.epoch & kGEpochMask) && r.warpSync == (mine.warpSync & kGSyncMask));
    bool other = r.block != mine.block || r.thread != mine.thread;
    if (!other && sameTime && (r.bytes & mine.bytes) == mine.bytes && r.sync == mine.sync) return;
    // Another thread's read that is not ordered before this one: keep it,
    // marked as one of several, so that a later write by either of them
    // still sees a reader other than itself. A synchronising reader does
    // not hide a plain one.
    if (other && sameTime && !(r.sync && !mine.sync)) {
      if (r.several && (r.bytes & mine.bytes) == mine.bytes) return; // nothing new to remember
      GEntry both = r;
      both.bytes |= mine.bytes;
      both.several = true;
      __stcg(word + 1, gEncode(both));
      return;
    }
    mine.several = other && sameTime;
  }
  __stcg(word + 1, gEncode(mine));
  __stcg(pcs + 1, (unsigned int)pc);
}

// A strong write's ticket of the sync clock, taken before its entry is
// swapped in; and the thread's record of it, made after.
__device__ __noinline__ uint32_t syncTicket(const LaunchState *st) {
  return (uint32_t)atomicAdd(st->syncClock, 1ull) + 1;
}
__device__ __noinline__ void syncWritten(GlobalThread *me, const unsigned long long *word, uint32_t ticket) {
  me->syncWrite = (unsigned long long)syncWordKey(word) << 32 | ticket;
}
// A strong read: the clock at the thread's first one in its period.
__device__ __noinline__ void syncReadPeriod(const GAccess &a) {
  uint32_t key = syncPeriodKey(a.epoch, a.warpSync);
  if (a.me->readClockKey == key) return;
  a.me->readClock = syncClockNow(a.st);
  a.me->readClockKey = key;
}

// A synchronising write continues the release sequence of the entry it
// replaced (checkGlobalWord), but it decided GEntry::noRelease from the
// entry it read before its swap: when the entry the swap returned is a
// release swapped in between, `mine` (on the word, or a later synchronising
// entry of the launch that took its no-release bit from mine) continues
// that release after all and loses the bit. The release flags (unfenced,
// block-scope fence only) are not carried this way: tried on the H200
// (session 24), it found nothing more and reported a last block's plain
// reset of its counter against another block's atomicAdd, a pair the
// reference orders by observation.
__device__ __noinline__ void carryRelease(unsigned long long *word, unsigned long long mine) {
  unsigned long long expect = mine;
  uint32_t tag = gDecode(mine).tag;
  for (int i = 0; i < 8; ++i) {
    unsigned long long old = atomicCAS(word, expect, expect & ~kGNoRelease);
    if (old == expect) return;
    GEntry now = gDecode(old);
    if (!now.bytes || now.tag != tag || !now.sync || !(old & kGNoRelease)) return;
    expect = old;
  }
}

// A plain access to the word the thread's last synchronising access, a
// read-modify-write, observed another block's synchronising write of
// (kRmwObservedChain: at its swap, or when it looked again before its
// instruction), against another block's synchronising write entry:
// the model orders that write before the access by observation order when
// it precedes the RMW in the word's modification order (the last block's
// `count = 0` after its atomicInc, litmus
// ResettingACounterItsRmwObservedIsOrderedByObservation), and calls the pair
// a plain race when it follows it. The shadow cannot tell the two: the
// entry may be an earlier increment whose callback swapped it in after this
// thread's (its atomic ran first, which is why this block was last). Never
// reported: a race may be missed, not invented.
__device__ __forceinline__ bool orderedByObservation(const GAccess &a, const GEntry &w, bool seen) {
  return !a.sync && seen && w.sync && w.block != (a.block & kGBlockMask) && (a.me->state & kLastSyncRmw) &&
         (a.me->state & kRmwObservedChain);
}

// Code added to this function goes into __noinline__ helpers: twice now,
// code inlined here made correct programs fault on sm_90 (misaligned
// addresses with checkVolatileWord's code; illegal addresses in the four GPU
// tests that poll with strong loads, branch run-norelease, 2026-11-28),
// and was fine once moved out of line. A third time the layout alone did it
// (branch run-syncclock, 2026-11-29): the synchronising-read block below
// reordered, or moved out of line, or observe() given one more parameter,
// made 9 to 12 of the tests that poll with strong loads fault, with code
// that does nothing in those kernels (the sync clock is off there); the
// layout kept here passes. The cause is not known: change this function's
// shape with the whole GPU suite at hand.
__device__ void checkGlobalWord(const GAccess &a, unsigned long long *word, unsigned int *pcs, uint32_t bytes,
                                bool read) {
  const LaunchState *st = a.st;
  uint32_t tag = st->launchTag & 0xff, block = a.block & kGBlockMask;
  unsigned long long rawW = __ldcg(word);
  GEntry w = gDecode(rawW), r = gDecode(__ldcg(word + 1));
  bool wLive = w.bytes && w.tag == tag, rLive = r.bytes && r.tag == tag;
  uint64_t wpc = widenPc32(__ldcg(pcs), a.pc);
  GEntry mine{bytes, a.thread, block, a.epoch, a.warpSync, tag, a.sync, a.narrow, false, false, false, a.atomic};
  if (a.write && a.sync) {
    // A publication: its entry is swapped in atomically and made visible
    // before the instruction itself runs (the callback comes first), so a
    // thread that sees the flag finds the entry, and two threads polling
    // and publishing cannot overwrite each other's entries unseen.
    uint32_t s = a.me->state;
    mine.unfenced = (s & kDirty) && !(s & kNarrowFenced);
    mine.narrowFence = (s & kDirty) && (s & kNarrowFenced);
    // An atomic read-modify-write continues the release sequence of the
    // ones before it: whoever observes the word observes them all.
    if (wLive && w.sync) {
      mine.unfenced |= w.unfenced;
      mine.narrowFence |= w.narrowFence;
    }
    mine.noRelease = !(s & (kDirty | kFencedEver)) && !(wLive && w.sync && !w.noRelease);
    // The pc first: a poller that finds the entry must not pair it with
    // the pc of none (0) or of the publication before it. The pc swapped
    // out is the one of the entry swapped out below.
    uint32_t ticket = st->syncClock ? syncTicket(st) : 0;
    wpc = widenPc32(atomicExch(pcs, (unsigned int)a.pc), a.pc);
    __threadfence();
    rawW = atomicExch(word, gEncode(mine));
    __threadfence();
    w = gDecode(rawW);
    wLive = w.bytes && w.tag == tag;
    if (mine.noRelease && wLive && w.sync && !w.noRelease) carryRelease(word, gEncode(mine));
    wpc = recoveredPc(st, w, wpc, pcs, a.pc);
    if (st->syncClock) syncWritten(a.me, word, ticket);
    if (a.vol && st->volatileRaces) volatileStore(a, w, wpc, bytes, word);
  } else if (a.write) {
    // A plain store swaps its entry in too: two blocks storing to one word
    // at the same moment would otherwise both find it empty and both miss
    // the race (8 blocks storing their index at once, alloc_kinds_bug).
    // Its pc is swapped likewise: the pc read before may be older than the
    // entry swapped out (a race reported against pc 0).
    wpc = widenPc32(atomicExch(pcs, (unsigned int)a.pc), a.pc);
    rawW = atomicExch(word, gEncode(mine));
    w = gDecode(rawW);
    wLive = w.bytes && w.tag == tag;
    wpc = recoveredPc(st, w, wpc, pcs, a.pc);
    r = gDecode(__ldcg(word + 1));
    rLive = r.bytes && r.tag == tag;
  }
  bool wSelf = w.block == block && w.thread == a.thread;
  // Whether an earlier synchronising read of this thread ordered it after
  // the entry's access (see the writer check below); before this access
  // updates what the thread saw last.
  bool seen = a.me->lastSync == word && (!a.sync || a.me->lastSeen == rawW);
  bool observedOther = read && a.sync && otherBlockSync(st, w, block);
  if (read && a.sync) {
    if (observedOther) observe(a, w, wpc);
    else observedNothing(a, w, wpc);
    // A spin on one word (no fence since the last attempt): what an earlier
    // attempt found still counts. Its callback may have run after another
    // warp's release callback but before that release's store, so that the
    // attempt that reads the release swaps out only the thread's own
    // previous attempt (block_scope_lock_ok, seen intermittently).
    bool spinning = a.me->lastSync == word && (a.me->state & kBlockAcquirePending);
    bool inBlock = (wLive && w.sync && w.block == block && (w.thread >> 5) != (a.thread >> 5)) ||
                   (spinning && (a.me->state & kBlockObserved));
    if (st->syncClock) syncReadPeriod(a);
    a.me->lastSeen = rawW;
    a.me->lastSync = word;
    a.me->lastSyncPc = pcs;
    a.me->state = (a.me->state & ~(kFencedSinceSync | kLastSyncRmw | kBlockObserved | kRelooked | kRmwObservedChain)) |
                  (a.write ? kLastSyncRmw : 0) | kBlockAcquirePending | (inBlock ? kBlockObserved : 0) |
                  (a.write && observedOther ? kRmwObservedChain : 0);
  }
  // Synchronising accesses are ordered with each other.
  auto concurrent = [&](const GEntry &e) { return entryConcurrent(a, e); };
  // Against the writer: a race unless both synchronise.
  // A plain access after another block's atomic on the same word is ordered
  // only when this thread's last synchronising read was of that word (the
  // last block's `count = 0` after its atomicInc: the shadow may hold a
  // later-swapped entry of an earlier increment). An atomic after another
  // block's plain store (a lock released with `lock = 0` while others spin)
  // is ordered only if it read that very store. Reads are ordered by what
  // the thread acquired, like plain reads of plain stores: a strong read of
  // another block's plain store (cuBLAS's split-K GEMM reads the partial
  // sums so after taking the semaphore), a plain read of a word other
  // blocks updated atomically (the last block reading the histogram the
  // others built with atomicAdd).
  bool strict = !seen && a.write;
  // Another launch's accesses: only those of launches on unordered streams
  // (the entry of an ordered launch is history). Atomics do not race.
  if (w.bytes && w.tag != tag && concurrentLaunch(st, w.tag) && (w.bytes & bytes) && !(w.sync && a.sync))
    reportInterLaunch(a, w, wpc, a.write ? kGlobalRaceWAW : kGlobalRaceRAW);
  if (a.write && r.bytes && r.tag != tag && concurrentLaunch(st, r.tag) && (r.bytes & bytes) && !(r.sync && a.sync))
    reportInterLaunch(a, r, widenPc32(__ldcg(pcs + 1), a.pc), kGlobalRaceWAR);
  if (wLive && (w.bytes & bytes) && !wSelf && !(w.sync && a.sync) && concurrent(w) && !pcDisagrees(st, w, wpc) &&
      !orderedByObservation(a, w, seen))
    reportGlobal(a, w, wpc, a.write ? kGlobalRaceWAW : kGlobalRaceRAW, w.sync, w.sync != a.sync && strict, word);
  if (a.write && rLive && (r.bytes & bytes) && !(r.block == block && r.thread == a.thread && !r.several) &&
      !(r.sync && a.sync) && concurrent(r)) {
    uint64_t rpc = widenPc32(__ldcg(pcs + 1), a.pc);
    if (!pcDisagrees(st, r, rpc)) reportGlobal(a, r, rpc, kGlobalRaceWAR, r.sync);
  }

  if (read && !a.write) recordGlobalRead(word, pcs, r, rLive, mine, a.pc);
}

// The common case of a plain global-memory access, kept small for the same
// reason as quickSharedAccess(): a plain load or store within one word of a
// shadowed allocation, with no fence or strong access on the SASS paths
// since the thread's previous global access, whose word no other thread of
// this launch (nor of an unordered launch) accessed in a way it could race
// with -- for a load, wrote; for a store, wrote or read. It updates the
// shadow as checkGlobalWord() would and returns true; anything else returns
// false before changing anything, and globalAccess() runs.
//
// A store's entry replaces the writer entry only if that is still the one
// looked at (compare-and-swap): a store of another thread in between falls
// back to the general path, which reports the pair. `sameAddress`: the
// lanes of the warp whose store of this instruction goes to the same
// address; several of them are the general path's to report.
template <bool Write>
__device__ __forceinline__ bool quickGlobalPlain(const LaunchState *st, uint64_t pc, uint64_t address, uint32_t size,
                                                 uint32_t byteMask, uint32_t sameAddress) {
  if (!st->ranges || st->trace || st->debug) return false;
  if (Write && (sameAddress & (sameAddress - 1)) && st->checkIntraWarp) return false;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return false;
  uint32_t thread = linearThread();
  GlobalThread *me = &st->global[(size_t)s * st->threadsPerBlock + thread];
  uint64_t i = pcIndex(st, pc);
  if (i == ~0ull || me->last == kFromUnknown || (pcInfoFrom(st, i, me->last) & ~(kPcKnown | kPcUnattributedArrive)))
    return false;
  const GlobalRange *range = findRange(st, address);
  if (!range || !range->shadow) return false;
  uint64_t offset = address - range->base;
  if ((offset & 3) + size > 4) return false;
  uint32_t bytes = ((byteMask & ((1u << size) - 1u)) << (offset & 3)) & 0xfu;
  if (!bytes) return false;
  unsigned long long *word = range->shadow + 2 * (offset >> 2);
  unsigned int *pcs = range->pcs + 2 * (offset >> 2);
  uint32_t tag = st->launchTag & 0xff, block = linearBlock() & kGBlockMask;
  unsigned long long rawW = __ldcg(word);
  GEntry w = gDecode(rawW), r = gDecode(__ldcg(word + 1));
  if (w.bytes & bytes) {
    if (w.tag == tag ? !(w.block == block && w.thread == thread) : concurrentLaunch(st, w.tag)) return false;
  }
  if (Write && (r.bytes & bytes)) {
    if (r.tag == tag ? !(r.block == block && r.thread == thread && !r.several) : concurrentLaunch(st, r.tag))
      return false;
  }
  const Slot *slot = &st->slots[s];
  uint32_t epoch = slot->threadEpoch[thread], warpSync = slot->threadSync[thread];
  GEntry mine{bytes, thread, block, epoch, warpSync, tag, false, false, false, false, false, false};
  if (Write) {
    if (atomicCAS(word, rawW, gEncode(mine)) != rawW) return false;
    __stcg(pcs, (unsigned int)pc);
    me->unreleased = (unsigned long long)word; // noteUnreleasedWrite(), with kDirty in one store
    me->state |= kDirty | kUnreleased | kWrotePlain; // as globalAccess(): data a later publication must fence
  } else {
    recordGlobalRead(word, pcs, r, r.bytes && r.tag == tag, mine, pc);
  }
  me->last = (uint32_t)i; // as pcInfoAt()
  return true;
}

__device__ __noinline__ void globalAccess(const LaunchState *st, uint64_t pc, uint64_t address, uint32_t size,
                                          uint32_t byteMask, bool write, bool read, bool atomic, uint32_t sameAddress) {
  if (!st->ranges) return;
  uint32_t s = currentSlot(st);
  if (s == kNoSlot) return;
  uint32_t thread = linearThread();
  GlobalThread *me = &st->global[(size_t)s * st->threadsPerBlock + thread];
  // The fences the thread ran since its previous global access.
  uint8_t info = pcInfoAt(st, pc, me);
  if (st->trace) {
    // Strong accesses as relaxed ones at their scope; the SASS does not
    // tell `volatile` from `cuda::atomic_ref<T, thread_scope_system>`.
    traceFences(st, pc, info);
    bool strong = atomic || (info & (kPcStrong | kPcBlockScope));
    bool vol = info & kPcVolatile; // a load or store in the SASS, whatever the API's atomic flag says
    trace(st, traceAccessKind(write, atomic), pc, address, size, kSpaceGlobal,
          vol ? kSemVolatile : strong ? kSemRelaxed : kSemPlain,
          vol ? kScopeSys : (info & kPcBlockScope) ? kScopeCta : kScopeGpu);
  }
  acquireInBlock(st, &st->slots[s], me, thread, info);
  if (info & (kPcAcquire | kPcFenceDevice)) observeAtFence(st, &st->slots[s], me, st->slots[s].threadEpoch[thread], pc);
  applyFences(me, info, st->slots[s].threadEpoch[thread]);
  bool acquiring = completesAcquire(me, info);
  bool sync = atomic || (info & (kPcStrong | kPcBlockScope));
  bool narrow = info & kPcBlockScope;
  const GlobalRange *range = findRange(st, address);
  GlobalRange heap;
  if (!range && st->heap && heapRange(st, address, heap)) range = &heap;
  if (st->debug) atomicAdd(&st->counters->debugGlobal, 1ull);
  if (acquiring && (!range || !range->shadow)) me->state |= kAcquired;
  // A publication that leaves earlier plain writes unreleased (fence-missing
  // if another block reads them through it).
  if (write && sync && (me->state & kWrotePlain)) me->state |= kMayHaveReleased;
  if (write && sync && (me->state & kUnreleased) && !(me->state & kPublishedUnfenced)) {
    me->state |= kPublishedUnfenced;
    me->unfencedPubPc = (uint32_t)pc;
  }
  if (!range || !range->shadow) {
    atomicAdd(range ? &st->counters->globalUnshadowed : &st->counters->globalUntracked, 1ull);
  } else {
    Slot *slot = &st->slots[s];
    GAccess a{st, slot, me, range, pc, address, thread, linearBlock(), slot->threadEpoch[thread],
              slot->threadSync[thread], size, write, sync, narrow, atomic, (info & kPcVolatile) != 0};
    if (acquiring) acquire(a);
    uint32_t lane = thread & 31;
    if (__popc(sameAddress) > 1 && st->checkIntraWarp && lane == 31 - __clz(sameAddress)) {
      // The highest lane reports, against the lowest.
      GEntry first{0xf, (thread & ~31u) | (__ffs(sameAddress) - 1), a.block & kGBlockMask, a.epoch, a.warpSync, 0,
                   false, false, false, false, false, false};
      reportGlobal(a, first, pc, kGlobalRaceWAW, false);
    }
    uint64_t offset = address - range->base;
    uint64_t first = offset >> 2, last = (offset + size - 1) >> 2;
    uint64_t words = (range->end - range->base + 3) >> 2;
    for (uint64_t word = first; word <= last && word < words; ++word) {
      uint32_t bytes = 0;
      for (uint32_t b = 0; b < 4; ++b) {
        uint64_t at = word * 4 + b;
        if (at >= offset && at < offset + size && ((byteMask >> (at - offset)) & 1u)) bytes |= 1u << b;
      }
      if (!bytes) continue;
      if (a.vol && st->volatileRaces) checkVolatileWord(a, range->shadow + 2 * word, range->pcs + 2 * word, bytes);
      checkGlobalWord(a, range->shadow + 2 * word, range->pcs + 2 * word, bytes, read || atomic);
      if (write && !atomic) noteUnreleasedWrite(me, range->shadow + 2 * word);
    }
    if (me->state & kLookAgain) lookAgainAfterRmw(a);
  }
  // Any store but an atomic is data a later publication must fence.
  if (write && !atomic) me->state |= kDirty | kWrotePlain;
}

// At a block-wide barrier (before it): the fences the thread ran since its
// last global access take effect now, and an acquisition they complete is
// shared with the block through the slot. Waiting for the thread's next
// global access would be too late: it may come after the barrier, once the
// other threads have read what the acquisition orders (a serial split-K
// reduction: thread 0 takes the semaphore and fences, then the whole block
// reads the partial sums).
__device__ void globalBarrier(const LaunchState *st, Slot *slot, uint32_t s, uint32_t thread, uint64_t pc) {
  uint64_t i = pcIndex(st, pc);
  if (!st->ranges || i == ~0ull) return;
  GlobalThread *me = &st->global[(size_t)s * st->threadsPerBlock + thread];
  uint8_t info = pcInfoFrom(st, i, me->last);
  if (st->trace) traceFences(st, pc, info);
  if (me->last == kFromUnknown) clearUnreleased(me);
  acquireInBlock(st, slot, me, thread, info);
  // The barrier acquires what the thread's last strong read observed, fence
  // or not: look again at what that read found (observeAtFence).
  observeAtFence(st, slot, me, slot->threadEpoch[thread], pc);
  applyFences(me, info, slot->threadEpoch[thread]);
  bool observedThenBarrier = (me->state & kObserved) && !(me->state & kAcquired);
  if (completesAcquire(me, info) || observedThenBarrier) acquire(me, slot, slot->threadEpoch[thread]);
}
