#include "runtime/host/RunFindings.h"
#include "support/Demangle.h"
#include "instrument/PatchState.h"
#include "runtime/common/KernelFilter.h"
#include "rules/RuleIds.h"
#include "support/Hex.h"
#include <algorithm>
#include <cstdio>
#include <regex>
#include <set>

namespace warpcheck::run {

using namespace patch;

namespace {

// Headers of the CUDA toolkit (and its CCCL), wherever it is installed.
bool isToolkitHeader(const std::string &path) {
  for (const char *marker : {"/targets/x86_64-linux/include/", "/targets/sbsa-linux/include/",
                             "/targets/aarch64-linux/include/", "/cuda/include/", "/include/cccl/"})
    if (path.find(marker) != std::string::npos) return true;
  return path.rfind("/usr/local/cuda", 0) == 0 || path.rfind("/usr/include/", 0) == 0;
}

class Builder {
public:
  Builder(const RawLog &log, Symbolizer &sym, RunSummary &summary) : log_(log), sym_(sym), summary_(summary) {}

  Finding build(const RawRecord &r) {
    Finding f;
    RunEvidence e;
    e.kernel = demangle(r.kernel);
    e.count = r.count;
    e.block = {r.block[0], r.block[1], r.block[2]};
    std::string inKernel = " in block " + coordinates(e.block) + " of " + e.kernel;
    // The earlier access of a race with another launch is in that launch's block shape.
    bool otherLaunch = (r.flags & kFlagInterLaunch) && !r.kernel1.empty();
    auto t1 = threadCoords(r.thread1, otherLaunch ? r.blockDim1 : r.blockDim),
         t2 = threadCoords(r.thread2, r.blockDim);
    if (const KindRow *k = kindRow(r.kind)) {
      // The rule's catalogue severity at run time; a builder lowers it for
      // the lesser cases its rule doc names.
      f.rule = k->rule.id;
      f.severity = k->rule.runSeverity;
      (this->*k->build)(f, e, r, t1, t2, inKernel);
    } else {
      // A record of a kind no row describes (a log of another version):
      // shown as it is, under no rule of the catalogue.
      f.rule = "internal";
      f.message = "unknown record kind " + std::to_string(r.kind);
    }
    if (!f.where.valid()) f.message += " at" + where(r.second);
    f.passes = {"run"};
    f.evidence = std::move(e);
    return f;
  }

private:
  // A finding kind's message builder: fills the finding (message, places,
  // notes, severity when lower than the rule's) and its evidence.
  using BuildFn = void (Builder::*)(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> t1,
                                    std::array<unsigned, 3> t2, const std::string &inKernel);
  struct KindRow {
    uint32_t kind; // patch::FindingKind
    const RuleId &rule;
    BuildFn build;
  };
  // The row of runtime/host/FindingKinds.inc for `kind`, or null.
  static const KindRow *kindRow(uint32_t kind) {
    static const KindRow rows[] = {
#define WARPCHECK_FINDING_KIND(KIND, RULE, BUILDER) {patch::KIND, rule::RULE, &Builder::BUILDER},
#include "runtime/host/FindingKinds.inc"
#undef WARPCHECK_FINDING_KIND
    };
    for (const KindRow &row : rows)
      if (row.kind == kind) return &row;
    return nullptr;
  }

  // race-shared: two accesses of shared memory (one may be an asynchronous
  // copy), unordered.
  void sharedRace(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> t1,
                  std::array<unsigned, 3> t2, const std::string &inKernel) {
    bool sameWarp = r.flags & kFlagSameWarp;
    bool async = r.flags & kFlagFirstAsync, inFlight = r.flags & kFlagAsyncInFlight;
    const char *firstKind = r.kind == kRaceWAR               ? "read"
                            : async                          ? "asynchronous copy"
                            : (r.flags & kFlagFirstAtomic)   ? "atomic"
                                                             : "write";
    const char *secondKind = r.kind == kRaceRAW ? "read" : (r.flags & kFlagSecondAtomic) ? "atomic" : "write";
    const char *hazard = r.kind == kRaceRAW ? "read-after-write" : r.kind == kRaceWAR ? "write-after-read"
                                                                                     : "write-after-write";
    bool otherKnown = !(r.flags & kFlagOtherUnknown);
    bool self = r.thread1 == r.thread2;
    std::string other = self ? std::string("the same thread") : otherKnown ? "thread " + coordinates(t1) : "another thread";
    // Lanes of one warp: a __syncwarp() orders them, a lesser finding. A
    // copy in flight is a bug whatever the warp: no thread is ordered after it.
    if (sameWarp && !inFlight) f.severity = Severity::Warning;
    if (inFlight) {
      f.message = std::string(hazard) + " race on shared memory at offset " + hex(r.offset) + ": " + secondKind +
                  " by thread " + coordinates(t2) + " while an asynchronous copy issued by " + other + inKernel +
                  " is still in flight: wait for the copy first (__pipeline_wait_prior, "
                  "pipeline.consumer_wait, cooperative_groups::wait, or the cuda::barrier it completes on)" +
                  (self ? "" : ", then __syncthreads() so that other threads see it");
    } else if (async) {
      f.message = std::string(hazard) + " race on shared memory at offset " + hex(r.offset) + ": " + secondKind +
                  " by thread " + coordinates(t2) + " and an asynchronous copy by " + other + inKernel +
                  " with no barrier between them: waiting for a copy orders it for the thread that waited "
                  "only; add __syncthreads() after the wait";
    } else {
      f.message = std::string(hazard) + " race on shared memory at offset " + hex(r.offset) + ": " + secondKind +
                  " by thread " + coordinates(t2) + " and " + firstKind + " by " + other + inKernel +
                  " with no barrier between them";
    }
    f.where = place(r.second);
    f.notes.push_back({place(r.first), std::string("the ") + firstKind + " by " + other +
                                           (inFlight ? " is issued here" : " is here") + where(r.first)});
    if (sameWarp && !async)
      f.notes.push_back({f.where, "both threads are in warp " + std::to_string(r.thread2 / 32) +
                                      ": lanes of a warp are not in lockstep on sm_70 and newer, and a "
                                      "__syncwarp() between the accesses is enough to order them"});
    // A thread racing with its own copy has no relation to name.
    if (!self) e.relation = sameWarp ? "intra-warp" : "inter-warp";
    e.sharedOffset = r.offset;
    // The report's access kinds: an asynchronous copy is a write.
    e.accesses = {access(async ? "write" : firstKind, r.first, t1, otherKnown),
                  access(secondKind, r.second, t2, true)};
  }

  void barrierDivergent(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3>,
                        std::array<unsigned, 3> t2, const std::string &inKernel) {
    f.message = "threads of one block wait at different barriers: thread " + coordinates(t2) +
                " is at this __syncthreads() while others are at another one" + inKernel;
    f.where = place(r.second);
    f.notes.push_back({place(r.first), "the other barrier" + where(r.first)});
    e.accesses = {access("barrier", r.first, {}, false), access("barrier", r.second, t2, true)};
  }

  void syncwarpMissingLane(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3>,
                           std::array<unsigned, 3> t2, const std::string &inKernel) {
    f.message = "__syncwarp(" + hex(r.offset) + ") called by lane " + laneRanges(r.extra) + " (thread " +
                coordinates(t2) + ") whose bit is not in the mask" + inKernel;
    syncwarpFinding(f, e, r, t2);
  }

  void syncwarpInactiveLane(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3>,
                            std::array<unsigned, 3> t2, const std::string &inKernel) {
    if (r.flags & kFlagLanesExited) {
      // Reported at the call; the lanes' exit is the note.
      f.message = "lanes " + laneRanges(r.extra) + " named in the mask of this __syncwarp(" + hex(r.offset) +
                  ") were running when other lanes called it, and exit without calling it (thread " +
                  coordinates(t2) + "); it orders memory only among the lanes that take part" + inKernel;
      syncwarpFinding(f, e, r, t2);
      f.where = place(r.first);
      e.accesses = {access("syncwarp", r.first, t2, true)};
      f.notes.push_back({place(r.second), "where they exit" + where(r.second)});
      return;
    }
    f.message = "lanes " + laneRanges(r.extra) + " named in the mask of __syncwarp(" + hex(r.offset) +
                ") call this other __syncwarp() instead of it (thread " + coordinates(t2) + ")" + inKernel;
    syncwarpFinding(f, e, r, t2);
    // Both calls break the rule (each names lanes that do not reach it at
    // that program point): the evidence names both, the first the one
    // whose mask names the lanes, as the reference checker's finding does.
    e.accesses = {access("syncwarp", r.first, {}, false), access("syncwarp", r.second, t2, true)};
    f.notes.push_back({place(r.first), "the __syncwarp() whose mask names them" + where(r.first)});
  }

  void syncwarpNonuniform(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3>,
                          std::array<unsigned, 3> t2, const std::string &inKernel) {
    f.message = "lanes of one warp call this __syncwarp() with different masks (thread " +
                coordinates(t2) + " passes " + hex(r.offset) + "; lanes " + laneRanges(r.extra) +
                " pass others)" + inKernel;
    syncwarpFinding(f, e, r, t2);
  }

  // Global memory: who made the earlier access, and where the address is.
  std::string otherThread(const RawRecord &r, std::array<unsigned, 3> t1) {
    std::string s = "thread " + coordinates(t1);
    if (r.flags & kFlagInterLaunch)
      return s + " of block " + coordinates(otherBlock(r)) + " of " +
             (r.kernel1.empty() ? std::string("another kernel") : demangle(r.kernel1)) +
             ", launched earlier on another stream";
    if (r.flags & kFlagInterBlock) s += " of block " + coordinates(otherBlock(r));
    return s;
  }
  std::array<unsigned, 3> otherBlock(const RawRecord &r) {
    bool otherLaunch = (r.flags & kFlagInterLaunch) && !r.kernel1.empty();
    return threadCoords(r.block1, otherLaunch ? r.gridDim1 : r.gridDim);
  }
  std::string address(const RawRecord &r) {
    return hex(r.address) + (r.allocation.empty() ? "" : " (" + r.allocation + ", offset " +
                                                               hex(r.address - r.allocationBase) + ")");
  }
  // Where the memory was allocated: a kernel's malloc() call, or the host
  // code that called the CUDA API.
  void allocationNote(Finding &f, const RawRecord &r) {
    if (r.allocationSite.pc)
      f.notes.push_back({place(r.allocationSite), "the memory was allocated by this malloc()" + where(r.allocationSite)});
    if (r.allocationStack.empty()) return;
    // Each frame as source positions (its inlined callers after it); the
    // API's own frames (cudaMalloc, its templates, cudart) left out.
    struct Position {
      HostLine line;
      const HostFrame *frame;
    };
    std::vector<Position> chain;
    for (const HostFrame &fr : r.allocationStack) {
      const std::vector<HostLine> &lines = sym_.host().lookup(fr);
      if (lines.empty()) chain.push_back({HostLine{demangle(fr.symbol), "", 0}, &fr});
      for (const HostLine &l : lines) chain.push_back({l, &fr});
    }
    // Unnamed frames before the first named one are the runtime's too
    // (cudart linked statically has local symbols only).
    auto api = [&](const HostLine &l) {
      return isCudaApiFunction(l.function) || isToolkitHeader(l.file) || (l.function.empty() && l.file.empty());
    };
    size_t first = 0;
    while (first < chain.size() && api(chain[first].line)) ++first;
    if (first == chain.size()) return;
    auto name = [&](const Position &p) {
      std::string fn = p.line.function.empty() ? "?" : p.line.function;
      if (!p.line.file.empty()) return fn + " at " + p.line.file + ":" + std::to_string(p.line.line);
      std::string module = p.frame->module.substr(p.frame->module.rfind('/') + 1);
      return fn + " (" + module + "+" + hex(p.frame->address) + ")";
    };
    const Position &site = chain[first];
    SourceRange at;
    if (!site.line.file.empty()) {
      at.file = site.line.file;
      at.line = at.endLine = site.line.line;
    }
    std::string text = "the memory was allocated here, in " + name(site);
    for (size_t i = first + 1; i < chain.size() && i <= first + 2; ++i) text += (i == first + 1 ? ", called from " : ", from ") + name(chain[i]);
    if (site.line.file.empty()) text += " (build the program with -g to see the source line)";
    f.notes.push_back({at, text});
  }
  void globalEvidence(RunEvidence &e, const RawRecord &r) {
    e.address = (long long)r.address;
    e.allocation = r.allocation;
    if (r.flags & (kFlagInterBlock | kFlagInterLaunch)) e.otherBlock = otherBlock(r);
  }

  void globalRace(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> t1,
                  std::array<unsigned, 3> t2, const std::string &inKernel) {
    bool interLaunch = r.flags & kFlagInterLaunch;
    bool interBlock = (r.flags & kFlagInterBlock) && !interLaunch, sameWarp = (r.flags & kFlagSameWarp) && !interLaunch;
    bool firstSync = r.flags & kFlagFirstStrong, secondSync = r.flags & kFlagSecondStrong;
    const char *firstKind = r.kind == kGlobalRaceWAR ? (firstSync ? "atomic/strong read" : "read")
                                                     : (firstSync ? "atomic/strong write" : "write");
    const char *secondKind = r.kind == kGlobalRaceRAW ? (secondSync ? "atomic/strong read" : "read")
                                                      : (secondSync ? "atomic/strong write" : "write");
    const char *hazard = r.kind == kGlobalRaceRAW   ? "read-after-write"
                         : r.kind == kGlobalRaceWAR ? "write-after-read"
                                                    : "write-after-write";
    // Lanes of one warp: a __syncwarp() orders them, a lesser finding.
    if (sameWarp) f.severity = Severity::Warning;
    std::string why = interLaunch
                          ? ": nothing orders the two launches (they ran on different streams with no event "
                            "recorded after the first and waited for before the second, and no stream or device "
                            "synchronisation between them)"
                      : firstSync || secondSync
                          ? ": a plain access to a word other threads access atomically is a data race"
                      : interBlock ? " with no synchronisation between the blocks (an atomic or strong flag, "
                                     "published after __threadfence() and observed before reading)"
                                   : " with no barrier between them";
    f.message = std::string(hazard) + " race on global memory at " + address(r) + ": " + secondKind +
                " by thread " + coordinates(t2) + " and " + firstKind + " by " + otherThread(r, t1) + inKernel + why;
    f.where = place(r.second);
    f.notes.push_back({place(r.first), std::string("the ") + firstKind + " by " + otherThread(r, t1) + " is here" +
                                           where(r.first)});
    if (sameWarp)
      f.notes.push_back({f.where, "both threads are in warp " + std::to_string(r.thread2 / 32) +
                                      ": a __syncwarp() between the accesses is enough to order them"});
    allocationNote(f, r);
    e.relation = interLaunch ? "inter-launch" : interBlock ? "inter-block" : sameWarp ? "intra-warp" : "intra-block";
    globalEvidence(e, r);
    e.accesses = {access(r.kind == kGlobalRaceWAR ? "read" : firstSync ? "atomic" : "write", r.first, t1, true),
                  access(r.kind == kGlobalRaceRAW ? "read" : secondSync ? "atomic" : "write", r.second, t2, true)};
  }

  // race-volatile: a volatile access (second) and another thread's strong
  // or atomic one, unordered. A warning: PTX reads volatile as relaxed
  // system-scope, so the hardware keeps the accesses whole; CUDA C++ does
  // not promise it (docs/run-memory-model.md, "volatile").
  void volatileRace(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> t1,
                    std::array<unsigned, 3> t2, const std::string &inKernel) {
    bool interBlock = r.flags & kFlagInterBlock, sameWarp = r.flags & kFlagSameWarp;
    const char *firstKind = r.flags & kFlagFirstRead ? "strong read" : "strong write";
    const char *secondKind = r.flags & kFlagSecondWrite ? "volatile write" : "volatile read";
    f.message = std::string(secondKind) + " of global memory at " + address(r) + " by thread " + coordinates(t2) +
                " and " + firstKind + " by " + otherThread(r, t1) + inKernel +
                ", not ordered: volatile is not atomic in CUDA C++, so this is a data race on the flag itself; "
                "use cuda::atomic_ref<T, cuda::thread_scope_device> (relaxed, or release/acquire, which also "
                "makes the fences unnecessary)";
    f.where = place(r.second);
    f.notes.push_back({place(r.first), std::string("the ") + firstKind + " by " + otherThread(r, t1) + " is here" +
                                           where(r.first)});
    allocationNote(f, r);
    e.relation = interBlock ? "inter-block" : sameWarp ? "intra-warp" : "intra-block";
    globalEvidence(e, r);
    e.accesses = {access(r.flags & kFlagFirstRead ? "read" : "write", r.first, t1, true),
                  access(r.flags & kFlagSecondWrite ? "write" : "read", r.second, t2, true)};
  }

  // fence-missing and scope-too-narrow: data, its publication, the reader.
  void publication(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> t1,
                   std::array<unsigned, 3> t2, const std::string &inKernel) {
    f.where = place(r.second);
    std::string reader = "thread " + coordinates(t2) + inKernel;
    bool narrowAccess = r.kind == kScopeTooNarrow && !(r.flags & (kFlagNarrowFence | kFlagNarrowFlag));
    if (r.kind == kFenceMissing) {
      if (r.flags & kFlagReaderSide)
        f.message = "read of global memory at " + address(r) + " by " + reader + " after it observed a " +
                    "publication by another block, with no fence between: data written by " +
                    otherThread(r, t1) + " may be read stale; add __threadfence() after observing the flag "
                    "(or load it with acquire semantics)";
      else
        f.message = "read of global memory at " + address(r) + " by " + reader + ", published by " +
                    otherThread(r, t1) + " with no device-scope fence between the write and its publication: " +
                    "the flag or counter may be seen before the data; add __threadfence() before the "
                    "atomic or store that publishes it";
    } else if (r.flags & kFlagNarrowFlag) {
      f.message = "access to global memory at " + address(r) + " by " + reader + ", handed over by " +
                  otherThread(r, t1) + " through a block-scope flag or atomic (atomicExch_block, "
                  "atomicCAS_block, thread_scope_block), which orders nothing for another block: use device "
                  "scope for the flag";
    } else if (!narrowAccess) {
      f.message = "read of global memory at " + address(r) + " by " + reader + ", published by " +
                  otherThread(r, t1) + " after a block-scope fence only (__threadfence_block): another block " +
                  "needs __threadfence()";
    } else {
      f.message = "block-scope atomic or strong access used across blocks at " + address(r) + ": " + reader +
                  " reads a value " + otherThread(r, t1) + " wrote, and one of the two accesses has block scope "
                  "(atomicAdd_block, thread_scope_block), which does not reach other blocks; use device scope";
    }
    f.notes.push_back({place(r.first), std::string(narrowAccess ? "the other block's access" : "the data written") +
                                           " by " + otherThread(r, t1) + " is here" + where(r.first)});
    if (r.third.pc)
      f.notes.push_back({place(r.third), std::string(r.flags & kFlagReaderSide ? "the publication it observed"
                                                                                : "published here") +
                                             where(r.third)});
    allocationNote(f, r);
    e.relation = "inter-block";
    globalEvidence(e, r);
    e.accesses = {access(narrowAccess ? "atomic" : "write", r.first, t1, true),
                  access(narrowAccess ? "atomic" : "read", r.second, t2, true)};
  }

  // scripts/add_rule.py --dynamic adds the builder of a new finding kind above this line.

  // What the three __syncwarp() findings share: the call, the mask (kept
  // in `offset`) and the lanes concerned (in `extra`).
  void syncwarpFinding(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> thread) {
    f.where = place(r.second);
    e.mask = r.offset;
    e.lanes = r.extra;
    e.accesses = {access("syncwarp", r.second, thread, true)};
  }

  const LineTable *table(uint32_t module, const std::string &function) {
    if (module >= log_.modules.size() || log_.modules[module].cubin.empty()) return nullptr;
    std::string error;
    const LineTable *t = sym_.table(log_.modules[module].cubin, function, error);
    if (!t && reported_.insert(error).second) summary_.warnings.push_back("no source lines: " + error);
    return t;
  }

  SourceRange place(const CodeLocation &c) {
    SourceRange r;
    if (!c.resolved()) return r;
    const LineTable *t = table(c.module, c.function);
    if (!t) return r;
    std::optional<SourceLine> s = t->lookup(c.function, c.offset);
    if (!s || s->line == 0) {
      bool noLines = t->noLineInfo || (t->sections.count(c.function) && t->sections.at(c.function).empty());
      if (noLines && reported_.insert("nolines").second)
        summary_.warnings.push_back("the program has no line information: build it with -lineinfo to "
                                    "see source lines");
      return r;
    }
    // Code inlined from the toolkit's headers (__syncwarp, memcpy_async,
    // CUB) is reported where the program calls it, as compilers report
    // errors in macros at their use.
    std::pair<std::string, unsigned> at{s->file, s->line};
    for (const auto &frame : s->inlinedAt) {
      if (!isToolkitHeader(at.first)) break;
      at = frame;
    }
    r.file = at.first;
    r.line = r.endLine = at.second;
    r.column = r.endColumn = 0;
    return r;
  }

  // " (kernel+0x1f0, inlined at file:line)" for messages and notes.
  std::string where(const CodeLocation &c) {
    std::string s = c.resolved() ? demangle(c.function) + "+" + hex(c.offset) : "pc " + hex(c.pc);
    if (const LineTable *t = c.resolved() ? table(c.module, c.function) : nullptr)
      if (auto line = t->lookup(c.function, c.offset))
        for (auto &[file, l] : line->inlinedAt) s += ", inlined at " + file + ":" + std::to_string(l);
    return " (" + s + ")";
  }

  AccessEvidence access(const char *kind, const CodeLocation &c, std::array<unsigned, 3> thread, bool known) {
    AccessEvidence a;
    a.kind = kind;
    a.thread = thread;
    a.threadKnown = known;
    a.pc = c.pc;
    a.function = c.function;
    a.offset = c.offset;
    return a;
  }

  const RawLog &log_;
  Symbolizer &sym_;
  RunSummary &summary_;
  std::set<std::string> reported_;
};

} // namespace

std::array<unsigned, 3> threadCoords(uint32_t linear, const std::array<uint32_t, 3> &dim) {
  uint32_t x = dim[0] ? dim[0] : 1, y = dim[1] ? dim[1] : 1;
  return {linear % x, (linear / x) % y, linear / (x * y)};
}

namespace {

// Records of different instructions on the same source lines (unrolled
// loops, one statement compiled to several loads) are one problem to a
// reader: keep the first example and add up the counts.
bool sameSourceProblem(const Finding &a, const Finding &b) {
  auto line = [](const SourceRange &r) { return std::make_pair(r.file, r.line); };
  if (a.rule != b.rule || a.severity != b.severity || !a.where.valid() || !b.where.valid()) return false;
  if (line(a.where) != line(b.where) || a.notes.size() != b.notes.size()) return false;
  if (!a.notes.empty() && (!a.notes[0].where.valid() || line(a.notes[0].where) != line(b.notes[0].where)))
    return false;
  return a.evidence && b.evidence && a.evidence->kernel == b.evidence->kernel &&
         a.evidence->relation == b.evidence->relation;
}

// Adds the pcs of `merged`'s example (a record just built, merged into
// `kept`) to `kept`'s merged pcs, unless they are the example's own or
// already there.
void addMergedPcs(RunEvidence &kept, const RunEvidence &merged) {
  auto pcsOf = [](const RunEvidence &e) {
    std::vector<unsigned long long> pcs;
    for (const AccessEvidence &a : e.accesses) pcs.push_back(a.pc);
    return pcs;
  };
  std::vector<unsigned long long> pcs = pcsOf(merged);
  if (pcs != pcsOf(kept) && std::find(kept.mergedPcs.begin(), kept.mergedPcs.end(), pcs) == kept.mergedPcs.end())
    kept.mergedPcs.push_back(std::move(pcs));
}

// Code of the CUDA toolkit's libraries: its headers (CUB, Thrust, libcu++
// under .../cuda*/include or pip's nvidia/ packages), or no source line at
// all (cuBLAS's and cuDNN's kernels ship without line information).
bool libraryCode(const SourceRange &where) {
  static const std::regex toolkit(R"((^|/)cuda[^/]*/(targets/[^/]+/)?include/|/site-packages/nvidia/)");
  return !where.valid() || std::regex_search(where.file, toolkit);
}

} // namespace

std::vector<Finding> findingsFromLog(const RawLog &log, Symbolizer &symbolizer, RunSummary &summary) {
  Builder b(log, symbolizer, summary);
  std::vector<Finding> out;
  uint64_t libraryVolatile = 0;
  for (const RawRecord &r : log.records) {
    Finding f = b.build(r);
    // race-volatile is about the program's own volatile flags: the
    // libraries' volatile polls (CUB's decoupled look-back, cuBLAS's split-K
    // semaphores) are theirs to keep. Counted, not reported.
    if (f.rule == rule::RaceVolatile.id && libraryCode(f.where)) {
      libraryVolatile += f.evidence ? f.evidence->count : 1;
      continue;
    }
    auto same = std::find_if(out.begin(), out.end(), [&](const Finding &o) { return sameSourceProblem(o, f); });
    if (same != out.end()) {
      same->evidence->count += f.evidence->count;
      addMergedPcs(*same->evidence, *f.evidence);
    } else {
      out.push_back(std::move(f));
    }
  }
  for (Finding &f : out)
    if (f.evidence && f.evidence->count > 1) f.message += " (" + std::to_string(f.evidence->count) + " times)";
  if (libraryVolatile)
    summary.warnings.push_back(std::to_string(libraryVolatile) +
                               " race-volatile hazards in CUDA library code (toolkit headers, kernels without "
                               "source lines) were not reported: volatile flags of the libraries themselves");
  return out;
}

void summarize(const RawLog &log, RunSummary &summary) {
  for (const std::string &k : log.kernelsChecked) summary.kernels.push_back(demangle(k));
  summary.launches = log.launches;
  summary.launchesChecked = log.launchesChecked;
  summary.uncheckedAccesses = log.uncheckedAccesses;
  summary.uncheckedBlockThreads = log.uncheckedBlockThreads;
  summary.droppedHazards = log.droppedHazards;
  summary.globalShadowBytes = log.globalShadowBytes;
  summary.globalShadowedBytes = log.globalShadowedBytes;
  summary.detectorBytes = log.detectorBytes;
  for (const std::string &e : log.errors) summary.errors.push_back(e);
  for (size_t i = 0; i < log.modules.size(); ++i)
    if (!log.modules[i].error.empty())
      summary.errors.push_back("module " + std::to_string(i) + ": " + log.modules[i].error);
  for (const std::string &w : log.warnings) summary.warnings.push_back(w);
  if (log.uncheckedAccesses)
    summary.warnings.push_back(std::to_string(log.uncheckedAccesses) +
                               " shared-memory accesses fell outside the shadowed window and were not checked");
  if (log.sampledLaunchBlocks)
    summary.warnings.push_back("--sample-blocks: " + std::to_string(log.sampledBlocks) + " of the " +
                               std::to_string(log.sampledLaunchBlocks) +
                               " blocks of the launches that sampled were checked; races that involve "
                               "an unchecked block are not found");
  if (log.uncheckedBlockThreads)
    summary.warnings.push_back(std::to_string(log.uncheckedBlockThreads) +
                               " threads ran in blocks that found no shadow slot and were not checked "
                               "(raise --shadow-budget)");
  if (log.globalUntracked)
    summary.warnings.push_back(std::to_string(log.globalUntracked) +
                               " global-memory accesses fell outside every known allocation and were not checked");
  if (log.globalUnshadowed)
    summary.warnings.push_back(std::to_string(log.globalUnshadowed) + " global-memory accesses to " +
                               std::to_string((log.globalUnshadowedBytes + (1u << 20) - 1) >> 20) +
                               " MiB of allocations without a shadow were not checked "
                               "(raise --global-shadow-budget)");
  if (log.globalInterBlockUnknown)
    summary.warnings.push_back(std::to_string(log.globalInterBlockUnknown) +
                               " conflicting global-memory accesses of different blocks were not reported: "
                               "their kernel's SASS could not be read, so the fences and strong accesses "
                               "that may order them are unknown");
  if (log.heapUntracked)
    summary.warnings.push_back(std::to_string(log.heapUntracked) +
                               " device-side malloc() allocations did not fit the heap table; accesses to them "
                               "were not checked");
  if (log.droppedHazards)
    summary.warnings.push_back(std::to_string(log.droppedHazards) +
                               " hazards were not recorded because the finding table was full "
                               "(raise --table-capacity)");
}

} // namespace warpcheck::run
