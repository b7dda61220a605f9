#pragma once
// The memory the device patches and the host runtime share for one launch.
// Included by the patch code (nvcc, device) and by runtime/ (host C++): keep
// it plain data with fixed-width fields.
//
// Detection runs on the GPU: each resident block borrows a *slot* (per-thread
// barrier and syncwarp epochs, exited lanes) and the shadow of
// its shared memory. Slots are bounded by how many blocks can be resident,
// not by the grid. Distinct hazards land in a hash table keyed by
// (kind, pc, pc, intra/inter-warp); the host reads it once the launch has
// finished.
#include <stdint.h>

namespace warpcheck::patch {

// What a record in the finding table is. Races are split by hazard so the
// host can name them; the others are synchronisation misuse.
enum FindingKind : uint32_t {
  kRaceRAW = 1,          // read after a write by another thread, same epoch
  kRaceWAR = 2,          // write after a read by another thread
  kRaceWAW = 3,          // write after a write by another thread
  kBarrierDivergent = 4, // threads of a block wait at different barriers
  kSyncwarpMissingLane = 5,  // caller not named in its own __syncwarp mask
  kSyncwarpInactiveLane = 6, // named lanes met the caller at another __syncwarp()
  kSyncwarpNonuniform = 7,   // lanes reaching one call pass different masks
  // Global memory (GlobalDetector.cuh).
  kGlobalRaceRAW = 8,        // RaceFlags say intra-warp / intra-block / inter-block
  kGlobalRaceWAR = 9,
  kGlobalRaceWAW = 10,
  kFenceMissing = 11,        // data read through a publication without a device-scope fence
  kScopeTooNarrow = 12,      // block-scope atomic, strong access or fence used across blocks
  kRaceVolatile = 13,        // a volatile access and another thread's strong one, unordered (volatile is not atomic)
};

// Flags of a race record.
enum RaceFlags : uint32_t {
  kFlagSameWarp = 1u << 0,     // both threads are in one warp
  kFlagFirstAtomic = 1u << 1,  // the earlier access was an atomic
  kFlagSecondAtomic = 1u << 2, // the later access was an atomic
  kFlagOtherUnknown = 1u << 3, // several threads read; the other is one of them
  kFlagFirstAsync = 1u << 4,   // the earlier access is an asynchronous copy (cp.async)
  kFlagAsyncInFlight = 1u << 5, // ... that its thread had not waited for yet
  kFlagInterBlock = 1u << 6,   // the threads are in different blocks (global memory)
  kFlagReaderSide = 1u << 7,   // fence-missing: the reader did not fence after observing
  kFlagNarrowFence = 1u << 8,  // scope-too-narrow: a block-scope fence, not the access
  kFlagFirstStrong = 1u << 9,  // the earlier access was a strong (volatile/relaxed) one
  kFlagSecondStrong = 1u << 10,
  kFlagInterLaunch = 1u << 11, // the earlier access is another launch's, on a stream nothing orders with this one
  kFlagLanesExited = 1u << 12, // warp-mask-inactive-lane: the named lanes exited without calling (pc2: their exit)
  kFlagFirstRead = 1u << 13,   // race-volatile: the earlier access is a read (else a write)
  kFlagSecondWrite = 1u << 14, // race-volatile: the later (volatile) access is a write
  kFlagNarrowFlag = 1u << 15,  // scope-too-narrow: data handed over through a block-scope flag or atomic
};

// What the runtime learnt from a module's SASS (runtime/common/SassAccessIndex.h)
// about one global-memory instruction, one byte per instruction of the
// launched function. The Sanitizer API reports accesses but neither fences
// nor the scope of strong accesses.
enum PcInfo : uint8_t {
  kPcFenceDevice = 1u << 0, // a device/system-scope fence on every path since the previous global access
  kPcFenceBlock = 1u << 1,  // ... a block-scope fence
  kPcAcquire = 1u << 2,     // ... an acquire (CCTL.IVALL after ld.acquire, or a device fence)
  kPcStrong = 1u << 3,      // the access itself is strong or atomic (.STRONG.GPU/.SYS)
  kPcBlockScope = 1u << 4,  // the access is strong or atomic of block scope (.STRONG.SM)
  // A waiting barrier (BAR.SYNC/RED) of a function with a bar.arrive whose
  // arrival no callback carries (see PcArrival): it acquires what every warp
  // did so far.
  kPcUnattributedArrive = 1u << 5,
  // The access is a system-scope strong load or store, not an atomic
  // (LDG/STG.STRONG.SYS): how `volatile` compiles -- and, indistinguishably,
  // cuda::atomic_ref<T, thread_scope_system> relaxed loads and stores.
  kPcVolatile = 1u << 6,
  kPcKnown = 1u << 7,       // the instruction was found in the SASS
};

// Per instruction (LaunchState::pcArrive, when the kernel has bar.arrive):
// the Compute Sanitizer API gives BAR.ARV no callback, so the callback of
// the instruction before it (a shared/global access, a waiting barrier's
// release, a WARPSYNC) makes the thread's arrival after its own work:
// kArriveAfter | barrier id << 16 | thread count.
enum PcArrival : uint32_t { kArriveAfter = 1u << 31 };

// Per instruction: PcInfo (bits 0-7; the fences on every path from every
// access before it), the number of PcEdges (8-11) and the first (12-31).
// A PcEdge: the instruction index of an earlier global access (or
// kFromEntry) << 8 | the fence bits of the paths from there.
constexpr uint32_t kFromEntry = 0xffffff, kFromUnknown = 0xfffffe;
constexpr uint32_t kMaxEdgesPerAccess = 15;
constexpr uint32_t kMaxEdges = 1u << 19; // the first edge's index takes bits 12-30
// Bit 31, on shared-memory loads only: no other thread of the block can
// store to shared memory in any barrier interval the load is in
// (runtime/common/QuietSharedLoads.h), so the load need not be recorded
// nor checked while the block's threads meet at the same barriers.
constexpr uint32_t kPcQuietSharedLoad = 1u << 31;

// Asynchronous copies into shared memory (cp.async: __pipeline_memcpy_async,
// cuda::memcpy_async, cooperative_groups::memcpy_async) write when they
// complete, not when they are issued. A copy belongs to its thread's next
// commit group; `cp.async.wait_group N` completes all but the newest N
// groups, and a copy bound to an mbarrier (cp.async.mbarrier.arrive)
// completes when the barrier's phase does. Per thread of a slot, written by
// that thread only; reset when a block enters.
struct AsyncThread {
  unsigned int committed;       // groups committed (and mbarrier bindings made) so far
  unsigned int usesBarrier;     // 1 once the thread bound copies to an mbarrier
  // The two latest waits that completed more groups: (groups complete << 32)
  // | (syncwarp epoch << 18) | barrier epoch -- when they became visible.
  unsigned long long waits[2];
  // The four latest mbarrier bindings: (group << 32) | slot clock at binding.
  unsigned long long binds[4];
};

// One distinct problem. `key` is 0 while the entry is free; the inserting
// thread fills the example fields and then sets `ready`.
struct FindingRecord {
  unsigned long long key;
  unsigned long long pc1;   // earlier access / first barrier / the call
  unsigned long long pc2;   // later access / second barrier
  unsigned long long count; // hazards (or calls) seen
  uint32_t kind;
  uint32_t flags;
  uint32_t block[3];        // blockIdx of the example
  uint32_t thread1;         // linear thread index in the block (earlier access)
  uint32_t thread2;         // linear thread index (later access)
  uint32_t offset;          // shared-memory byte offset, or the mask for syncwarp
  uint32_t extra;           // access sizes (races) or lanes (syncwarp)
  uint32_t ready;
  // Global memory: the linear block of the earlier access (low 20 bits),
  // the allocation (GlobalRange::id), the address, and the pc of the
  // publication (fence-missing, scope-too-narrow with a narrow fence).
  uint32_t block1;
  uint32_t alloc;
  unsigned long long address;
  unsigned long long pc3;
  uint32_t launch1;         // kFlagInterLaunch: the launch tag of the earlier access
  uint32_t pad;
};

// One tracked allocation with its shadow: per 4-byte word a writer and a
// reader entry (GlobalDetector.cuh), then the low 32 bits of their pcs.
// Sorted by base; `shadow` is null when the shadow budget did not cover it.
struct GlobalRange {
  unsigned long long base, end;
  unsigned long long *shadow; // [words][2]
  unsigned int *pcs;          // [words][2]
  uint32_t id;                // the runtime's allocation number, for reports
  uint32_t pad;
};

// Memory from device-side malloc() (and __nv_aligned_device_malloc): the
// Sanitizer API reports no allocation for it, only the calls, by patching
// them. The patches register each allocation's 16-byte granules in an
// open-addressing table; the slot a granule lands in also indexes its
// shadow (4 words of writer and reader entries and pcs, as a GlobalRange's).
// Granule keys are never removed -- a free clears the granule's allocation
// and a later malloc of the same memory takes the slot again -- so a lookup
// stops at the first empty key. One table per context, kept across
// launches like the memory it describes.
constexpr uint32_t kHeapAllocationBit = 0x80000000u; // GlobalRange::id of a heap allocation: bit | head slot
constexpr uint32_t kHeapMaxProbes = 64;

// An allocation, kept at the slot of its first granule (its head).
struct HeapAllocation {
  unsigned long long base, size;
  unsigned long long pc; // the malloc() call
  uint32_t block;        // linear block and thread that called it
  uint32_t thread;
};

struct HeapState {
  uint32_t granuleCapacity;     // power of two
  uint32_t pad;
  unsigned long long *keys;     // [granuleCapacity] (address >> 4) + 1; 0: empty
  uint32_t *owner;              // [granuleCapacity] head slot + 1 of the allocation holding it; 0: none
  HeapAllocation *heads;        // [granuleCapacity], valid at head slots
  unsigned long long *shadow;   // [granuleCapacity][4 words][2]
  unsigned int *pcs;            // [granuleCapacity][4 words][2]
};

// Per thread of a slot: what orders its global accesses with other blocks'.
// Reset when its block enters; only the thread writes it.
struct GlobalThread {
  uint32_t state;       // GlobalThreadState bits
  uint32_t publishPc;   // low 32 bits of the publication it observed
  uint32_t publishBlock; // the block that published it
  uint32_t last;        // instruction index of its previous global access (PcEdge), kFromEntry at start
  unsigned long long *lastSync; // shadow writer entry of its last synchronising read
  unsigned int *lastSyncPc;     // ... and its pc slot
  unsigned long long lastSeen;  // the entry that read found there
  // The shadow writer entry of its latest plain write, valid with
  // kUnreleased: written since its last fence, no release of its own
  // covers it yet.
  unsigned long long unreleased;
  uint32_t fenceEpoch;    // barrier epoch + 1 of its latest fence (0: none)
  uint32_t unfencedPubPc; // low 32 bits of a strong write it made with unreleased writes (kPublishedUnfenced)
  // When its accesses were made, on the launch's sync clock
  // (LaunchState::syncClock; kept only when that is set):
  // which publications the thread acquired is not kept, but when they were
  // made is: a strong access made after all of them cannot be ordered
  // before the thread's next accesses (GlobalDetector.cuh, madeAfterAcquired).
  unsigned long long syncWrite; // (syncWordKey << 32) | the clock ticket of its latest strong write
  uint32_t seenClock;           // the clock just after its latest observation of another block's write (0: none)
  uint32_t readClock;           // the clock at its first strong read of the period readClockKey names
  uint32_t readClockKey;        // syncPeriodKey() of that period, 0: none
};

enum GlobalThreadState : uint32_t {
  kDirty = 1u << 0,        // plain global writes since its last device-scope fence
  kNarrowFenced = 1u << 1, // ... followed by a block-scope fence only
  kObserved = 1u << 2,     // read a publication by another block (fenced)
  kAcquired = 1u << 3,     // ... and fenced (or acquired) after it
  kObservedUnfenced = 1u << 4,    // read a publication made without a device fence
  kObservedNarrowFence = 1u << 5, // ... made after a block-scope fence only
  kFencedSinceSync = 1u << 6,  // a fence (or acquire) since its last synchronising read
  kLastSyncRmw = 1u << 7,      // that read was an atomic read-modify-write
  kBlockAcquirePending = 1u << 8, // its last synchronising read may acquire from a warp of its block at its next fence
  // 1u << 9: free
  kBlockObserved = 1u << 10,  // that synchronising read found a synchronising write of another warp of its block
  kUnreleased = 1u << 11,     // GlobalThread::unreleased holds a word
  kPublishedUnfenced = 1u << 12, // a strong write since its last fence, after plain writes
  kObservedNarrowFlag = 1u << 13, // its first observation (kObserved) was through a block-scope flag or atomic,
                                  // and no device-scope one came since
  kWrotePlain = 1u << 14,      // a plain global write
  kMayHaveReleased = 1u << 15, // a strong write after a plain one, or code whose accesses are unknown
                               // (a callee's): its plain writes so far may be released
  kRelooked = 1u << 16,        // its last synchronising read was looked at again (observeAtFence)
  kLookAgain = 1u << 17,       // its read-modify-write found nothing to observe: look again before it runs
  kFencedEver = 1u << 18,      // a fence (any scope) or code whose accesses are unknown since the kernel
                               // began: its strong writes may release something
  kObservedNoRelease = 1u << 19, // read another block's strong write that released nothing (GEntry::noRelease)
  kRmwObservedChain = 1u << 20,  // its last synchronising access, an RMW, observed another block's
                                 // synchronising write (orderedByObservation)
};

// __syncwarp() calls kept per warp (Slot::warpSyncCalls): a lane that comes
// to a call after another lane has made this many more is not compared
// with the lanes that made it (the reference keeps the same bound).
constexpr uint32_t kSyncwarpCallsKept = 32;

// Per resident block. Epochs continue from one occupant to the next so that
// stale shadow entries of an earlier block never compare equal.
struct Slot {
  unsigned int occupant;    // linear block id + 1 of the block holding it (or that last did)
  unsigned int live;        // threads of the block that have not exited
  unsigned int maxEpoch;    // highest barrier epoch a thread of the block reached
  unsigned int epochBase;   // epoch the next block starts at
  unsigned long long barrierArrival; // (epoch << 32) | low 32 bits of the barrier pc
  unsigned int warpExited[32];  // lanes that have exited, per warp
  // Barriers and __syncwarp()s each thread has passed; only the thread itself
  // writes its own (barriers after the release, __syncwarp on arrival).
  unsigned int threadEpoch[1024];
  unsigned int threadSync[1024];
  // A __syncwarp() some lanes of the warp entered while other named lanes
  // were elsewhere: (low 32 bits of its pc << 32) | lanes arrived so far,
  // and its mask. 0 when none is open.
  unsigned long long warpOpenSync[32];
  unsigned int warpOpenMask[32];
  // Each thread's latest __syncwarp(): its mask, its program point and how
  // many the thread had made before it (syncCallRecord), 0 for none;
  // a group that comes to the call later compares its mask with these.
  unsigned long long threadLastSync[1024];
  // Per warp, the first lane to make each __syncwarp() call, by call
  // number (how many calls the lane had made before it) modulo
  // kSyncwarpCallsKept (syncCallEntry): lanes that come to the call after
  // that lane has moved on -- masks naming only lower lanes serialise a
  // warp, each lane running the loop alone -- compare their mask with its.
  unsigned long long warpSyncCalls[32][kSyncwarpCallsKept];
  // Ticks at each mbarrier binding and wait, so that a binding can be
  // compared with the latest wait on any mbarrier of the block.
  unsigned int mbarrierClock;
  unsigned int mbarrierLastWait;
  // Global memory: a thread of the block acquired a publication of another
  // block (or observed an unfenced one) at barrier epoch e: stored as e + 1.
  // Threads past a barrier after it inherit it (the guide's last-block
  // reduction: thread 0 sees the count, the block reads the partials).
  unsigned int acquiredEpoch;
  unsigned int unfencedEpoch;
  unsigned int unfencedPc;      // low 32 bits of that publication
  unsigned int unfencedNarrow;  // ... made after a block-scope fence only
  unsigned int acquiredClock;   // the highest GlobalThread::seenClock of a thread of the block that acquired
  // Barriers as happens-before between warps (docs/run-memory-model.md,
  // rules 2-3), kept at every barrier; the detectors use them instead of
  // comparing epochs once the block has used a named barrier (`namedUsed`),
  // where warps pass different barriers and equal epochs say nothing.
  // warpKnows[w][u]: warp u's accesses at epochs below this value happen
  // before warp w's current point. barrierReleased[id][u]: the same for
  // whoever completes a phase of barrier `id` by waiting (bar.sync/red):
  // the join of what every warp arriving at it so far had released or knew.
  // Values only grow (a phase may thus hand on a later phase's arrivals:
  // a race may be missed, never invented). Reset per warp at block entry.
  // Row kMbarrierRow stands for every mbarrier (cuda::barrier) of the
  // block: an arrive releases into it, a completed wait acquires from it
  // (one row for all mbarriers and phases: a race may be missed).
  unsigned int namedUsed;
  unsigned int warpKnows[32][32];
  unsigned int barrierReleased[17][32];
};

constexpr uint32_t kMbarrierRow = 16; // Slot::barrierReleased's row of the mbarriers
constexpr uint32_t kMaxSlotsPerSM = 32;
constexpr uint32_t kNoSlot = 0xffffffffu;
// blockSlot[] values besides slot + 1: a warp of the block is claiming one;
// no slot was free (the block runs unchecked).
constexpr uint32_t kClaiming = 0xfffffffeu;
constexpr uint32_t kUnchecked = 0xfffffffdu;

// Counters of what was not checked or not recorded; all reported.
struct Counters {
  unsigned long long uncheckedAccesses; // outside the shadowed window
  unsigned long long uncheckedBlocks;   // threads of blocks that found no slot
  unsigned long long droppedFindings;   // hazards whose record found no room
  unsigned long long globalUntracked;   // global accesses outside every known allocation
  unsigned long long globalUnshadowed;  // ... inside one the shadow budget did not cover
  // Conflicts between blocks left unreported: the kernel's SASS could not
  // be read, so the fences and strong accesses that may order them are
  // unknown.
  unsigned long long globalInterBlockUnknown;
  // Device-side malloc()s the heap table had no room for (their accesses
  // then count as outside every allocation).
  unsigned long long heapUntracked;
  // Set when the threads of a block met at different barrier instructions in
  // one epoch: kPcQuietSharedLoad assumes they do not, so from then on the
  // launch checks every shared load.
  unsigned long long barriersDiverged;
  // Counted only with LaunchState::debug (WARPCHECK_DEBUG): an atomic per event.
  unsigned long long debugEnters, debugAccesses, debugNoSlot, debugBarriers, debugGlobal;
};

// One event of a traced launch (`warpcheck run --trace`): what the
// reference checker (runtime/reference, docs/run-memory-model.md) reads,
// in the GPU's form. Events are numbered by an atomic counter; that order
// is the trace's order.
enum TraceKind : uint8_t {
  kTraceRead = 1, kTraceWrite, kTraceRmw, kTraceFence, kTraceBarrier, kTraceSyncwarp, kTraceExit,
  kTraceMbarArrive, kTraceMbarWait, kTraceArrive,
  kTraceMalloc, // device-side malloc() returned `address` (aux: its size, at least 1, at most 2^32 - 1)
  // cp.async: its shared-memory write (address: the shared offset, aux: bytes);
  // the thread's group closed; a wait leaving `aux` groups in flight; the
  // open group bound to the mbarrier at shared address `address` (kTraceMbar*
  // name mbarriers by their shared address too: Patches.cu mbarrierTraceKey).
  kTraceCpAsync, kTraceCpCommit, kTraceCpWait, kTraceCpMbarArrive,
};
// kSemRelease: written by the host only (runtime/common/TraceWriter.h).
enum TraceSem : uint8_t { kSemPlain = 0, kSemRelaxed, kSemAcquire, kSemSc, kSemVolatile, kSemRelease };
enum TraceScope : uint8_t { kScopeCta = 0, kScopeGpu, kScopeSys };
enum TraceSpace : uint8_t { kSpaceGlobal = 0, kSpaceShared };
struct TraceEvent {
  unsigned long long address; // byte address (shared: the shared-window address), or the mbarrier's
  unsigned long long pc;
  uint32_t block, thread;     // linear ids
  uint8_t kind, space, sem, scope;
  uint32_t aux;               // access bytes; barrier id << 16 | thread count; syncwarp mask
};

struct LaunchState {
  uint32_t blockDim[3];
  uint32_t threadsPerBlock;
  uint32_t numSlots;          // shadow slots available
  uint32_t shadowWords;       // 4-byte words of shared memory shadowed per slot
  uint32_t tableCapacity;     // power of two
  uint32_t checkIntraWarp;    // report hazards between lanes of one warp
  uint32_t debug;             // count events in Counters::debug*
  uint32_t slotsPerSm;        // where an SM starts looking for a free slot: sm * slotsPerSm
  uint32_t gridBlocks;        // blocks of the launch: the size of blockSlot
  // --sample-blocks: only blocks sampleFirst .. sampleFirst + sampleBlocks - 1
  // (linear ids, modulo gridBlocks) are checked; 0: every block.
  uint32_t sampleBlocks, sampleFirst;
  Slot *slots;                // [numSlots]
  unsigned long long *shadow; // [numSlots][shadowWords][2]: writer, reader
  unsigned int *slotBusy;     // [numSlots] 1 while a block holds it
  // [gridBlocks] slot + 1 of each block, by linear block id (0: none yet).
  // Block ids are unique within a launch, so no entry is ever reused: the
  // first warp of a block claims, the others wait for its answer -- no locks.
  unsigned int *blockSlot;
  // [numSlots][threadsPerBlock]; not cleared per launch: each thread resets
  // its own entry when its block enters.
  AsyncThread *async;
  FindingRecord *table;       // [tableCapacity]
  // [tableCapacity] in pinned host memory, or null: a copy of each record
  // when it is first made, at the same index. A kernel that faults (a bad
  // address) takes the context and `table` with it; the journal stays
  // readable.
  FindingRecord *journal;
  Counters *counters;
  // Global memory; ranges null when it is not checked.
  const GlobalRange *ranges;  // [rangeCount], sorted by base
  uint32_t rangeCount;
  uint32_t launchTag;         // 1..255: shadow entries of other tags are from earlier launches
  GlobalThread *global;       // [numSlots][threadsPerBlock]
  const uint32_t *pcInfo;     // [pcCount] per 16-byte instruction from pcBase, or null
  const uint32_t *pcEdges;
  const uint32_t *pcArrive;   // [pcCount] PcArrival words, or null (no bar.arrive placed)
  unsigned long long pcBase;
  uint32_t pcCount;
  uint32_t volatileRaces;    // report kRaceVolatile (0: --volatile=ptx, volatile as relaxed system-scope)
  HeapState *heap;            // device-side malloc memory, or null (no module of the context calls it)
  // Bit t: the launch of tag t ran on a stream that nothing (stream order,
  // events, host synchronisation) orders with this launch; its shadow
  // entries are races with this launch's conflicting accesses.
  uint32_t concurrentTags[8];
  // Incremented by every strong global write, in kernels with volatile
  // accesses when volatileRaces is on (else null): orders strong accesses
  // against acquisitions in time (GlobalDetector.cuh, madeAfterAcquired).
  unsigned long long *syncClock;
  // Tracing (null: off): events[traceCapacity], and the count of events
  // made (it may pass the capacity: those past it are dropped and counted).
  TraceEvent *trace;
  unsigned long long *traceNext;
  unsigned long long traceCapacity;
};

} // namespace warpcheck::patch
