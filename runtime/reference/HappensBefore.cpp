// The vector-clock implementation of docs/run-memory-model.md: a clock per
// thread; per-location release sets (release sequences continued by RMWs);
// fence-based release and acquire patterns modelled as ThreadSanitizer
// models C++ fences; barrier, named-barrier, syncwarp and mbarrier phases
// joining the clocks of their participants; scopes deciding who
// synchronises with whom. The shadow is exact: every access of every byte.
#include "runtime/reference/HappensBefore.h"
#include "runtime/reference/VectorClock.h"
#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace warpcheck::reference {
namespace {

// What a release published at one location: the releasing thread's clock,
// the release's scope and the releasing thread's block. `sc`: not a
// release but what a strong write carries for Fence-SC order (see
// `fence`): the clocks of the device-scope SC fences before the write,
// which only an SC fence after the observing read acquires.
struct ReleaseEntry {
  VectorClock clock;
  int level = LevelCta;
  uint64_t launch = 0, block = 0;
  bool sc = false;
};

// Entries that differ only in clock synchronise with the same readers:
// merge them, so spinning RMWs keep the set small.
void addEntry(std::vector<ReleaseEntry> &set, ReleaseEntry e) {
  for (auto &old : set)
    if (old.level == e.level && old.launch == e.launch && old.block == e.block && old.sc == e.sc) {
      old.clock.join(e.clock);
      return;
    }
  set.push_back(std::move(e));
}

using BlockKey = std::pair<uint64_t, uint64_t>;                      // launch, block
using BarKey = std::tuple<uint64_t, uint64_t, uint64_t>;             // launch, block, barrier id
using WarpKey = std::tuple<uint64_t, uint64_t, uint32_t>;            // launch, block, warp
using SyncwarpKey = std::tuple<uint64_t, uint64_t, uint32_t, uint32_t, uint32_t>; // + mask, instance
using LocKey = std::tuple<int, uint64_t, uint64_t, uint64_t>;        // space, launch, block, address

struct ThreadState {
  uint32_t idx = 0; // in threads_
  ThreadRef ref;
  uint64_t launch = 0, block = 0;
  VectorClock clock;
  // Clock at the latest fence whose scope is at least level i.
  std::optional<VectorClock> fenceRelease[LevelCount];
  // What strong reads observed, waiting for an acquire fence: indexed by
  // whether the releaser is in this thread's block and the read's scope.
  // A block-wide barrier acquires these too (the guide's last-block
  // reduction and cuBLAS's polled semaphore, see `barrier`).
  VectorClock pending[2][LevelCount];
  // Fence-SC order (see `fence`): the join of the clocks of the device-scope
  // SC fences that happen before the thread's current event (followed
  // through program order, barriers and __syncwarp), and what its strong
  // reads observed of other threads' such fences, waiting for its next
  // device-scope SC fence.
  std::optional<VectorClock> scPast, scPending;
  bool waitingBar = false;
  BarKey barKey;
  uint64_t barSerial = 0;
  bool inSyncwarp = false;
  SyncwarpKey syncwarp;
  std::map<uint32_t, uint32_t> syncwarpCalls; // per mask: how many so far
  // Its latest __syncwarp: the call's pc and mask (warp-mask-nonuniform
  // compares the masks of one program point), how many it had made before
  // it, and whether it is still its latest event.
  bool atSyncwarp = false;
  uint64_t syncwarpPc = 0;
  uint32_t syncwarpMask = 0;
  uint32_t syncwarpIndex = 0, syncwarpsMade = 0;
  // Every __syncwarp it made, in order: (pc, mask). A lane that runs ahead
  // alone (masks that name only lanes before it serialise the warp) is
  // compared by the lanes that come later with its call that had as many
  // calls made before it.
  std::vector<std::pair<uint64_t, uint32_t>> syncwarpsPast;
  // A strong read whose observation waits for the thread's next event
  // (see `step`): its event index, or none.
  std::optional<uint32_t> observing;
};

struct BarPhase {
  uint64_t serial = 0;
  uint64_t count = 0; // 0: the whole block
  uint64_t arrivals = 0;
  VectorClock joined;
  std::optional<VectorClock> scJoined; // the participants' scPast
  std::vector<uint32_t> waiters;
};

void joinSc(std::optional<VectorClock> &into, const std::optional<VectorClock> &from) {
  if (!from)
    return;
  if (into)
    into->join(*from);
  else
    into = from;
}

struct SyncwarpGroup {
  uint32_t arrived = 0; // lanes
  VectorClock joined;
  std::optional<VectorClock> scJoined;
  std::vector<uint32_t> members;
  uint32_t firstEvent = 0;
  uint64_t pc = 0;           // of the first call: the group's program point
  uint32_t exitedAtCall = 0; // lanes already exited when the first lane called it
  // Lanes that came with the same mask from another program point (the
  // first such event), and named lanes that called this program point
  // with another mask: each a finding of its own, not an absent lane.
  uint32_t elsewhere = 0, elsewhereEvent = 0;
  uint32_t otherMask = 0;
  bool resolved = false;
};

struct MbarState {
  std::vector<ReleaseEntry> current, completed;
};

// A thread's asynchronous copies (cp.async). Each copy writes on its own,
// some time between its issue and its completion: it is an event of a
// virtual thread (`idx` in threads_, one per issuing thread, its own clock
// component) whose clock is the issuer's at the issue, and the issuer joins
// that component up to a copy's epoch when the copy completes. Copies are
// numbered in issue order and complete group by group, oldest first, so
// one component per issuer is exact for cp.async.wait_group; a copy bound
// to an mbarrier completes with its phase (cp_mbar_arrive).
struct CopyAgent {
  uint32_t idx = 0;
  uint32_t epoch = 0;     // of its latest copy
  uint32_t committed = 0; // groups closed so far; the open group is `committed`
  std::vector<std::pair<uint32_t, uint32_t>> inFlight; // (group, epoch), in issue order
};

struct ByteShadow {
  std::vector<uint32_t> reads, writes; // event indices; RMWs are in writes
};

// Observation order (PTX "Causality order"): the strong writes of one
// location that a morally strong read observes -- the write it reads and
// the morally strong RMWs before it back to the non-RMW write heading them
// -- are ordered before everything the reader does after the read. A chain
// is that run of writes; each observer is recorded once, with the position
// up to which it observed the chain.
struct Observer {
  uint32_t thread = 0, epoch = 0, upTo = 0;
};
struct ObservationChain {
  uint32_t length = 0, last = 0; // writes so far, the latest one's event index
  std::vector<Observer> observers;
};

class Scanner {
public:
  Scanner(const Trace &t, const Variant &v, const ModelOptions &o)
      : trace_(t), variant_(v), options_(o), tid_(t.events.size()), epoch_(t.events.size()), ref_(t.events.size()),
        chainOf_(t.events.size(), kNoChain), chainPos_(t.events.size()) {}

  ScanResult run() {
    for (uint32_t i = 0; i < trace_.events.size(); ++i)
      step(i);
    while (!openSyncwarps_.empty()) // the trace ended with lanes still missing
      resolveSyncwarp(*openSyncwarps_.begin());
    return std::move(result_);
  }

private:
  const Trace &trace_;
  Variant variant_;
  ModelOptions options_;
  ScanResult result_;
  std::vector<ThreadState> threads_;
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, uint32_t> threadIndex_;
  std::map<uint64_t, VectorClock> launchStart_;
  std::map<uint64_t, std::vector<uint32_t>> launchThreads_;
  std::vector<uint32_t> tid_, epoch_; // per event: thread index, own clock at the access
  std::vector<ThreadRef> ref_;
  std::map<BlockKey, uint32_t> slots_; // clock chunk of each block
  std::map<LocKey, std::vector<ReleaseEntry>> releases_;
  std::map<LocKey, MbarState> mbars_;
  std::map<uint32_t, CopyAgent> agents_; // by issuing thread
  std::map<LocKey, ByteShadow> shadow_;
  static constexpr uint32_t kNoChain = ~0u;
  std::map<LocKey, uint32_t> currentChain_; // per location, the chain its latest write is in
  std::vector<ObservationChain> chains_;
  std::vector<uint32_t> chainOf_, chainPos_; // per strong write: its chain and position in it
  std::map<BarKey, BarPhase> bars_;
  std::map<BlockKey, uint64_t> exitedInBlock_;
  std::map<WarpKey, uint32_t> exitedLanes_;
  std::map<WarpKey, uint32_t> syncwarpsMade_; // the most any lane of the warp made
  std::map<SyncwarpKey, SyncwarpGroup> syncwarps_;
  std::set<SyncwarpKey> openSyncwarps_;

  int level(const Event &e) const { return eventLevel(e, variant_.widenScopes); }

  static LocKey locOf(const Event &e, uint64_t addr) {
    bool shared = e.space == Space::Shared; // shared memory is per block
    return {static_cast<int>(e.space), shared ? e.launch : 0, shared ? e.block : 0, addr};
  }

  uint32_t launchOrdinal(uint64_t launch) const { return static_cast<uint32_t>(trace_.launchIndex.at(launch)); }

  ThreadState &threadOf(const Event &e) {
    auto key = std::make_tuple(e.launch, e.block, e.thread);
    auto it = threadIndex_.find(key);
    if (it != threadIndex_.end())
      return threads_[it->second];
    auto start = launchStart_.find(e.launch);
    if (start == launchStart_.end()) {
      // A launch starts after everything of the launches "after" names:
      // each of them is over in the trace (the parser checks it), so it is
      // marked done, and their threads' clocks bring what they knew of
      // other launches.
      VectorClock c;
      for (uint64_t before : trace_.launch(e.launch).after)
        c.markDone(launchOrdinal(before));
      for (uint64_t before : trace_.launch(e.launch).after)
        for (uint32_t t : launchThreads_[before])
          c.join(threads_[t].clock);
      start = launchStart_.emplace(e.launch, c).first;
    }
    ThreadState t;
    t.idx = static_cast<uint32_t>(threads_.size());
    t.launch = e.launch;
    t.block = e.block;
    t.clock = start->second;
    auto slot = slots_.emplace(BlockKey{e.launch, e.block}, static_cast<uint32_t>(slots_.size())).first;
    t.ref = {slot->second, static_cast<uint32_t>(e.thread), launchOrdinal(e.launch)};
    t.clock.set(t.ref, 1);
    threadIndex_[key] = t.idx;
    launchThreads_[e.launch].push_back(t.idx);
    threads_.push_back(std::move(t));
    return threads_.back();
  }

  void step(uint32_t i) {
    const Event &e = trace_.events[i];
    uint32_t idx = threadOf(e).idx;
    // A strong read observes the latest write of its location as of the
    // thread's next event, not of its own: the GPU writes each event before
    // its instruction runs, so another thread's release traced after the
    // read (the lock's previous holder releasing while the next one makes
    // its last, successful attempt) may still be what it read. Observing
    // the latest candidate can only add ordering (a race may be missed,
    // never invented).
    if (threads_[idx].observing) {
      uint32_t r = *threads_[idx].observing;
      threads_[idx].observing.reset();
      acquireFrom(releases_[locOf(trace_.events[r], trace_.events[r].addr)], trace_.events[r], threads_[idx]);
      observe(r, threads_[idx]);
    }
    // A thread that moves on leaves the syncwarp or barrier it was at.
    threads_[idx].atSyncwarp = false;
    if (threads_[idx].inSyncwarp)
      resolveSyncwarp(threads_[idx].syncwarp);
    if (threads_[idx].waitingBar)
      leaveBarrier(threads_[idx]);
    ThreadState &t = threads_[idx];
    switch (e.kind) {
    case Kind::Read:
    case Kind::Write:
    case Kind::Rmw: access(i, t); break;
    case Kind::Fence: fence(e, t); break;
    case Kind::Bar:
    case Kind::Arrive: barrier(e, t); break;
    case Kind::Syncwarp: syncwarp(i, t); break;
    case Kind::MbarArrive: addEntry(mbars_[locOf(e, e.addr)].current, {t.clock, level(e), t.launch, t.block}); break;
    case Kind::MbarWait: mbarWait(e, t); break;
    case Kind::Exit: threadExit(e); break;
    case Kind::Malloc: freshAllocation(e); break;
    case Kind::CpAsync: copyIssued(i, idx); break;
    case Kind::CpCommit: agentOf(idx).committed += 1; break;
    case Kind::CpWait: copiesWaited(e, idx); break;
    case Kind::CpMbarArrive: copiesBound(e, idx); break;
    }
    threads_[idx].clock.tick(threads_[idx].ref);
  }

  // --- accesses -----------------------------------------------------------

  void access(uint32_t i, ThreadState &t) {
    const Event &e = trace_.events[i];
    LocKey loc = locOf(e, e.addr);
    if (e.reads() && isStrong(e))
      t.observing = i; // at the thread's next event (step)
    tid_[i] = t.idx;
    epoch_[i] = t.clock.get(t.ref);
    ref_[i] = t.ref;
    checkRaces(i, t);
    if (e.writes()) {
      releaseTo(releases_[loc], e, t);
      extendChain(i, loc);
    }
  }

  // --- observation order ------------------------------------------------------

  // A strong write heads a new chain, or continues the current one when it
  // is an RMW morally strong with the chain's latest write; a plain write
  // ends it.
  void extendChain(uint32_t i, const LocKey &loc) {
    const Event &e = trace_.events[i];
    auto cur = currentChain_.find(loc);
    if (!isStrong(e)) {
      if (cur != currentChain_.end())
        currentChain_.erase(cur);
      return;
    }
    bool continues = e.kind == Kind::Rmw && cur != currentChain_.end() &&
                     morallyStrong(trace_.events[chains_[cur->second].last], e, variant_.widenScopes, options_);
    uint32_t c;
    if (continues) {
      c = cur->second;
    } else {
      c = static_cast<uint32_t>(chains_.size());
      chains_.emplace_back();
      currentChain_[loc] = c;
    }
    chainOf_[i] = c;
    chainPos_[i] = chains_[c].length++;
    chains_[c].last = i;
  }

  // The strong read `r` of thread t observes its location's chain as it is
  // now (see `step`), when it is morally strong with the chain's latest write.
  void observe(uint32_t r, const ThreadState &t) {
    const Event &e = trace_.events[r];
    auto cur = currentChain_.find(locOf(e, e.addr));
    if (cur == currentChain_.end())
      return;
    ObservationChain &c = chains_[cur->second];
    if (!morallyStrong(trace_.events[c.last], e, variant_.widenScopes, options_))
      return;
    c.observers.push_back({t.idx, epoch_[r], c.length - 1});
  }

  // Whether the strong write p was observed by a read that is ordered
  // before the current event of thread t (program order or happens-before).
  bool observedBefore(uint32_t p, const ThreadState &t) const {
    if (chainOf_[p] == kNoChain)
      return false;
    for (const Observer &o : chains_[chainOf_[p]].observers)
      if (o.upTo >= chainPos_[p] && (o.thread == t.idx || o.epoch <= t.clock.get(threads_[o.thread].ref)))
        return true;
    return false;
  }

  bool acquires(const Event &e) const {
    return e.sem == Sem::Acquire || e.sem == Sem::AcqRel || (variant_.strongIsReleaseAcquire && isStrong(e));
  }
  bool releases(const Event &e) const {
    return e.sem == Sem::Release || e.sem == Sem::AcqRel || (variant_.strongIsReleaseAcquire && isStrong(e));
  }

  // The read observes the latest write of the location: synchronise with
  // its release set now (acquire) or at the next acquire fence (relaxed).
  void acquireFrom(const std::vector<ReleaseEntry> &set, const Event &e, ThreadState &t) {
    int readLevel = level(e);
    for (const auto &entry : set) {
      bool same = entry.launch == t.launch && entry.block == t.block;
      if (!levelIncludes(entry.level, same))
        continue; // the release does not reach this thread
      if (entry.sc) { // observed: the write and the read morally strong
        if (levelIncludes(readLevel, same))
          joinSc(t.scPending, entry.clock);
        continue;
      }
      if (acquires(e)) {
        if (levelIncludes(readLevel, same))
          t.clock.join(entry.clock);
      } else {
        t.pending[same][readLevel].join(entry.clock);
      }
    }
  }

  // A strong write heads a new release sequence (a release, or a fence
  // before it); an RMW continues the current one; a plain write ends it.
  void releaseTo(std::vector<ReleaseEntry> &set, const Event &e, ThreadState &t) {
    if (!isStrong(e)) {
      set.clear();
      return;
    }
    std::vector<ReleaseEntry> mine;
    int writeLevel = level(e);
    if (releases(e))
      addEntry(mine, {t.clock, writeLevel, t.launch, t.block});
    for (int l = 0; l <= writeLevel; ++l)
      if (t.fenceRelease[l])
        addEntry(mine, {*t.fenceRelease[l], l, t.launch, t.block});
    if (t.scPast)
      addEntry(mine, {*t.scPast, writeLevel, t.launch, t.block, true});
    if (e.kind == Kind::Write)
      set.clear();
    for (auto &entry : mine)
      addEntry(set, std::move(entry));
  }

  void checkRaces(uint32_t i, const ThreadState &t) {
    const Event &e = trace_.events[i];
    std::set<uint32_t> partners;
    for (uint32_t k = 0; k < e.bytes; ++k) {
      ByteShadow &byte = shadow_[locOf(e, e.addr + k)];
      auto check = [&](const std::vector<uint32_t> &prior) {
        for (uint32_t p : prior) {
          if (tid_[p] == t.idx || epoch_[p] <= t.clock.get(ref_[p]))
            continue; // program order or happens-before
          if (morallyStrong(trace_.events[p], e, variant_.widenScopes, options_))
            continue;
          if (observedBefore(p, t))
            continue; // observation order
          partners.insert(p);
        }
      };
      check(byte.writes);
      if (e.writes())
        check(byte.reads);
      (e.writes() ? byte.writes : byte.reads).push_back(i);
    }
    for (uint32_t p : partners)
      result_.races.insert({p, i});
  }

  // --- fences -------------------------------------------------------------

  // An `acquire` fence has only the first half, a `release` fence only the
  // second (docs/run-memory-model.md, trace format).
  void fence(const Event &e, ThreadState &t) {
    int f = level(e);
    // Acquire: what earlier strong reads observed, where the pattern's
    // scope (the narrower of read and fence) reaches the releaser.
    if (e.sem != Sem::Release)
      for (int same = 0; same < 2; ++same)
        for (int r = 0; r < LevelCount; ++r)
          if (levelIncludes(std::min(r, f), same))
            t.clock.join(t.pending[same][r]);
    // Fence-SC order (PTX "Fence-SC order", "Synchronizes with"): two
    // morally strong fence.sc are ordered one way or the other, the earlier
    // synchronising with the later, and the order cannot contradict
    // causality. A device-scope SC fence F1 that happens before a strong
    // write which this thread's strong read observed (morally strong), read
    // before this SC fence F2, is therefore ordered before F2: the other
    // order would have the read happen before the write it read. This
    // orders what came before F1 before what follows F2 even when F1's
    // thread made no strong write after it (`__threadfence();
    // __syncthreads();` then one thread publishes).
    if (e.sem == Sem::Sc && f >= LevelGpu) {
      if (t.scPending)
        t.clock.join(*t.scPending);
      t.scPending.reset();
      t.scPast = t.clock;
    }
    // Release: later strong writes publish the clock as it is now.
    if (e.sem != Sem::Acquire)
      for (int l = 0; l <= f; ++l)
        t.fenceRelease[l] = t.clock;
  }

  // --- barriers -----------------------------------------------------------

  uint64_t blockThreads(uint64_t launch) const { return trace_.launch(launch).threadsPerBlock(); }

  void barrier(const Event &e, ThreadState &t) {
    // A block-wide barrier after a relaxed strong read (a read-modify-write
    // or a load) that observed a release acquires it, as a device-scope
    // fence would: the CUDA C++ Programming Guide's last-block reduction
    // (atomicInc, __syncthreads(), then the partial sums read with no
    // fence) is correct by the guide, which this model follows there rather
    // than PTX's letter, and so is cuBLAS's serial split-K, which polls its
    // semaphore with `volatile` loads instead of the RMW (docs/
    // run-memory-model.md). A lock's atomicCAS followed by the critical
    // section, with no fence and no barrier, still acquires nothing.
    if (e.kind == Kind::Bar && (e.aux & 0xffff) == 0 && (e.aux >> 16) == 0)
      for (int same = 0; same < 2; ++same)
        for (int r = 0; r < LevelCount; ++r)
          if (levelIncludes(std::min(r, (int)LevelGpu), same))
            t.clock.join(t.pending[same][r]);
    BarKey key{e.launch, e.block, e.aux >> 16};
    BarPhase &phase = bars_[key];
    if (phase.arrivals == 0)
      phase.count = e.aux & 0xffff;
    ++phase.arrivals;
    phase.joined.join(t.clock);
    joinSc(phase.scJoined, t.scPast);
    if (e.kind == Kind::Bar) { // bar.sync / bar.red wait; bar.arrive does not
      phase.waiters.push_back(t.idx);
      t.waitingBar = true;
      t.barKey = key;
      t.barSerial = phase.serial;
    }
    completeBarrier(key);
  }

  void completeBarrier(const BarKey &key) {
    BarPhase &phase = bars_[key];
    uint64_t launch = std::get<0>(key), block = std::get<1>(key);
    uint64_t expected = phase.count ? phase.count : blockThreads(launch) - exitedInBlock_[{launch, block}];
    if (phase.arrivals == 0 || phase.arrivals < expected)
      return;
    for (uint32_t w : phase.waiters) {
      threads_[w].clock.join(phase.joined);
      joinSc(threads_[w].scPast, phase.scJoined);
      threads_[w].waitingBar = false;
    }
    BarPhase next;
    next.serial = phase.serial + 1;
    phase = std::move(next);
  }

  // A thread seen moving on before its phase completed acquires nothing
  // from that phase.
  void leaveBarrier(ThreadState &t) {
    t.waitingBar = false;
    BarPhase &phase = bars_[t.barKey];
    if (phase.serial != t.barSerial)
      return;
    auto &w = phase.waiters;
    w.erase(std::remove(w.begin(), w.end(), t.idx), w.end());
  }

  // --- __syncwarp ----------------------------------------------------------

  uint32_t existingLanes(uint64_t launch, uint32_t warp) const {
    uint64_t n = blockThreads(launch), first = uint64_t(warp) * 32;
    if (n >= first + 32)
      return 0xffffffffu;
    return n <= first ? 0 : (1u << (n - first)) - 1;
  }

  // Lanes named in the mask that have not called it, leaving out those in
  // `exited`.
  uint32_t absentLanes(const SyncwarpKey &key, const SyncwarpGroup &g, uint32_t exited) const {
    auto [launch, block, warp, mask, k] = key;
    (void)block, (void)k;
    return mask & existingLanes(launch, warp) & ~g.arrived & ~exited;
  }
  uint32_t exitedNow(const SyncwarpKey &key) {
    return exitedLanes_[{std::get<0>(key), std::get<1>(key), std::get<2>(key)}];
  }

  // The thread of lane `lane` of the warp of `e`, if it has had an event.
  const ThreadState *laneThread(const Event &e, uint32_t lane) const {
    auto it = threadIndex_.find(std::make_tuple(e.launch, e.block, uint64_t(e.warp()) * 32 + lane));
    return it == threadIndex_.end() ? nullptr : &threads_[it->second];
  }

  // A lane's k-th __syncwarp with a given mask matches the k-th call with
  // that mask of the other lanes of its warp (rule 4): they order each
  // other wherever they called it, as the hardware releases them together.
  // Lanes that call it from another program point, and named lanes that
  // call the same program point with another mask, are recorded for the
  // findings (warp-mask-inactive-lane, warp-mask-nonuniform).
  void syncwarp(uint32_t i, ThreadState &t) {
    const Event &e = trace_.events[i];
    uint32_t mask = static_cast<uint32_t>(e.aux), bit = 1u << e.lane();
    noteOtherMask(e, mask);
    t.atSyncwarp = true;
    t.syncwarpPc = e.pc;
    t.syncwarpMask = mask;
    t.syncwarpIndex = t.syncwarpsMade++;
    t.syncwarpsPast.push_back({e.pc, mask});
    uint32_t &warpMade = syncwarpsMade_[{e.launch, e.block, e.warp()}];
    warpMade = std::max(warpMade, t.syncwarpsMade);
    uint32_t k = t.syncwarpCalls[mask]++; // the lane's k-th syncwarp with this mask
    SyncwarpKey key{e.launch, e.block, e.warp(), mask, k};
    SyncwarpGroup &g = syncwarps_[key];
    if (g.resolved)
      return; // the others moved on already: it orders nothing
    if (g.members.empty()) {
      g.firstEvent = i;
      g.pc = e.pc;
      g.exitedAtCall = exitedNow(key);
      openSyncwarps_.insert(key);
      // Named lanes waiting at this program point with another mask
      // (converged lanes may be traced in any order), or whose call with
      // as many calls made before it was this one with another mask: they
      // passed it in an earlier group of the diverged warp.
      for (uint32_t m = mask & ~bit; m; m &= m - 1) {
        const ThreadState *o = laneThread(e, __builtin_ctz(m));
        if (o && (waitingWithOtherMask(*o, e.pc, mask) || passedWithOtherMask(*o, t.syncwarpIndex, e, mask)))
          g.otherMask |= m & -m;
      }
    } else if (e.pc != g.pc) {
      if (!g.elsewhere)
        g.elsewhereEvent = i;
      g.elsewhere |= bit;
    }
    g.arrived |= bit;
    g.joined.join(t.clock);
    joinSc(g.scJoined, t.scPast);
    g.members.push_back(t.idx);
    t.inSyncwarp = true;
    t.syncwarp = key;
    if (absentLanes(key, g, exitedNow(key)) == 0)
      resolveSyncwarp(key);
  }

  static bool waitingWithOtherMask(const ThreadState &o, uint64_t pc, uint32_t mask) {
    return o.atSyncwarp && o.syncwarpPc == pc && o.syncwarpMask != mask;
  }

  // Whether `o`'s call number `index` was at `e`'s program point with
  // another mask. Bounded as the GPU detector is (Slot::warpSyncCalls, one
  // entry per call number modulo kSyncwarpCallsKept): once a lane of the
  // warp has made that many more calls, the call is no longer compared.
  bool passedWithOtherMask(const ThreadState &o, uint32_t index, const Event &e, uint32_t mask) const {
    if (index >= o.syncwarpsPast.size())
      return false;
    auto it = syncwarpsMade_.find({e.launch, e.block, e.warp()});
    if (it != syncwarpsMade_.end() && it->second > index + kSyncwarpCallsKept)
      return false;
    return o.syncwarpsPast[index].first == e.pc && o.syncwarpsPast[index].second != mask;
  }

  // Open groups of this warp at the same program point whose (other) mask
  // names this lane: it passed another mask there.
  void noteOtherMask(const Event &e, uint32_t mask) {
    uint32_t bit = 1u << e.lane();
    for (auto it = openSyncwarps_.lower_bound(SyncwarpKey{e.launch, e.block, e.warp(), 0, 0});
         it != openSyncwarps_.end() && std::get<0>(*it) == e.launch && std::get<1>(*it) == e.block &&
         std::get<2>(*it) == e.warp();
         ++it) {
      SyncwarpGroup &g = syncwarps_[*it];
      if (std::get<3>(*it) != mask && (std::get<3>(*it) & bit) && !(g.arrived & bit) && g.pc == e.pc)
        g.otherMask |= bit;
    }
  }

  // The lanes that took part order each other. Lanes named in the mask that
  // had not exited when it was called and never called it are reported,
  // even if they exited since (the syncwarp then stopped waiting for them);
  // so are the lanes that came from another program point, and the named
  // lanes that called it with another mask.
  // `key` by value: callers pass elements of openSyncwarps_, erased here.
  void resolveSyncwarp(SyncwarpKey key) {
    SyncwarpGroup &g = syncwarps_[key];
    if (g.resolved)
      return;
    g.resolved = true;
    openSyncwarps_.erase(key);
    for (uint32_t m : g.members) {
      threads_[m].clock.join(g.joined);
      joinSc(threads_[m].scPast, g.scJoined);
      threads_[m].inSyncwarp = false;
    }
    uint32_t absent = absentLanes(key, g, g.exitedAtCall);
    if (uint32_t missing = absent & ~g.otherMask)
      result_.inactive.push_back({g.firstEvent, missing, g.firstEvent});
    if (g.elsewhere)
      result_.inactive.push_back({g.firstEvent, g.elsewhere, g.elsewhereEvent});
    // Lanes that passed it with another mask did, whether or not they have
    // exited since.
    if (uint32_t other = absentLanes(key, g, 0) & g.otherMask)
      result_.nonuniform.push_back({g.firstEvent, other, g.firstEvent});
  }

  // --- mbarrier / cuda::barrier ----------------------------------------------

  void mbarWait(const Event &e, ThreadState &t) {
    MbarState &m = mbars_[locOf(e, e.addr)];
    if (!m.current.empty()) { // this wait completes the phase
      m.completed = std::move(m.current);
      m.current.clear();
    }
    int waitLevel = level(e);
    for (const auto &entry : m.completed) {
      bool same = entry.launch == t.launch && entry.block == t.block;
      if (levelIncludes(entry.level, same) && levelIncludes(waitLevel, same))
        t.clock.join(entry.clock);
    }
  }

  // --- asynchronous copies ----------------------------------------------------

  // Not a reference into threads_: making the virtual thread may move them.
  CopyAgent &agentOf(uint32_t issuer) {
    auto it = agents_.find(issuer);
    if (it != agents_.end())
      return it->second;
    ThreadState v;
    const ThreadState &t = threads_[issuer];
    v.idx = static_cast<uint32_t>(threads_.size());
    v.launch = t.launch;
    v.block = t.block;
    // Its own component: the local indices past the block's threads.
    v.ref = {t.ref.slot, static_cast<uint32_t>(blockThreads(t.launch)) + t.ref.local, t.ref.launch};
    CopyAgent a;
    a.idx = v.idx;
    threads_.push_back(std::move(v));
    return agents_.emplace(issuer, a).first->second;
  }

  // The copy is checked as a write of its virtual thread, ordered after
  // everything before its issue and, until it completes, before nothing:
  // the issuer's own later accesses race with it too.
  void copyIssued(uint32_t i, uint32_t issuer) {
    CopyAgent &a = agentOf(issuer);
    ThreadState &v = threads_[a.idx];
    v.clock.join(threads_[issuer].clock);
    v.clock.set(v.ref, ++a.epoch);
    a.inFlight.push_back({a.committed, a.epoch});
    access(i, v);
  }

  // The copies of groups before `groups` complete: what the issuer does from
  // now on is ordered after them.
  void completeCopies(CopyAgent &a, ThreadState &t, uint32_t groups) {
    uint32_t upTo = 0;
    auto done = [&](const std::pair<uint32_t, uint32_t> &c) { return c.first < groups; };
    for (const auto &c : a.inFlight)
      if (done(c))
        upTo = std::max(upTo, c.second);
    a.inFlight.erase(std::remove_if(a.inFlight.begin(), a.inFlight.end(), done), a.inFlight.end());
    if (upTo > t.clock.get(threads_[a.idx].ref))
      t.clock.set(threads_[a.idx].ref, upTo);
  }

  // cp.async.wait_group N: all but the newest N groups complete. N = 0 also
  // stands for cp.async.wait_all, which completes the open group too (the
  // GPU sees one callback for both, instrument/Patches.cu wcPipelineWait).
  void copiesWaited(const Event &e, uint32_t issuer) {
    CopyAgent &a = agentOf(issuer);
    if (e.aux == 0)
      a.committed += 1;
    uint32_t left = static_cast<uint32_t>(e.aux);
    completeCopies(a, threads_[issuer], a.committed > left ? a.committed - left : 0);
  }

  // cp.async.mbarrier.arrive: the open group completes with the mbarrier's
  // current phase; whoever completes a wait on it is ordered after the
  // copies (and after what came before their issue). The virtual thread's
  // clock names its latest copy: copies of earlier groups still in flight
  // count as complete there too (more ordering: a race may be missed).
  void copiesBound(const Event &e, uint32_t issuer) {
    CopyAgent &a = agentOf(issuer);
    bool any = false;
    for (const auto &c : a.inFlight)
      any |= c.first == a.committed;
    uint32_t open = a.committed;
    a.committed += 1;
    if (!any)
      return;
    a.inFlight.erase(std::remove_if(a.inFlight.begin(), a.inFlight.end(),
                                    [&](const std::pair<uint32_t, uint32_t> &c) { return c.first == open; }),
                     a.inFlight.end());
    const ThreadState &v = threads_[a.idx];
    addEntry(mbars_[locOf(e, e.addr)].current, {v.clock, level(e), v.launch, v.block});
  }

  // --- device-side malloc() ----------------------------------------------------

  // Memory malloc() returns is a new object (C++ [basic.life]): what was
  // done to its bytes before -- by the threads that used them until they
  // were freed and handed out again -- is no access to it. The allocator's
  // own synchronisation, which orders a free() before the malloc() that
  // reuses the memory, is not in the trace; forgetting the bytes' history
  // here is what it guarantees, and no more: the new owner is not ordered
  // after anything else the freeing thread did.
  void freshAllocation(const Event &e) {
    auto forget = [&](auto &map) {
      map.erase(map.lower_bound(locOf(e, e.addr)), map.lower_bound(locOf(e, e.addr + e.bytes)));
    };
    forget(shadow_);
    forget(releases_);
    forget(currentChain_);
  }

  // --- exit -----------------------------------------------------------------

  void threadExit(const Event &e) {
    ++exitedInBlock_[{e.launch, e.block}];
    exitedLanes_[{e.launch, e.block, e.warp()}] |= 1u << e.lane();
    // Exited threads no longer count for whole-block barriers or masks.
    for (auto &[key, phase] : bars_)
      if (std::get<0>(key) == e.launch && std::get<1>(key) == e.block && phase.count == 0)
        completeBarrier(key);
    std::vector<SyncwarpKey> done;
    for (const auto &key : openSyncwarps_)
      if (std::get<0>(key) == e.launch && std::get<1>(key) == e.block && std::get<2>(key) == e.warp() &&
          absentLanes(key, syncwarps_[key], exitedNow(key)) == 0)
        done.push_back(key);
    for (const auto &key : done)
      resolveSyncwarp(key);
  }
};

} // namespace

ScanResult scanTrace(const Trace &trace, const Variant &variant, const ModelOptions &options) {
  return Scanner(trace, variant, options).run();
}

} // namespace warpcheck::reference
