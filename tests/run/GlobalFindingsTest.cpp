// Decoding of the global-memory records (race-global, fence-missing,
// scope-too-narrow) into findings, with the same virtual line table as
// RunFindingsTest: 0x100 line 10, 0x200 line 20, 0x400 line 30 (inlined).
#include "instrument/PatchState.h"
#include "runtime/host/RunFindings.h"
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace warpcheck;
using namespace warpcheck::run;

namespace {

struct GlobalFixture {
  RawLog log;
  Symbolizer sym{"/nonexistent/nvdisasm"};
  GlobalFixture() {
    log.modules = {{"/virtual/g.cubin", true, ""}};
    LineTable t;
    auto &s = t.sections["_Z1gPi"];
    s[0x100] = {"/src/g.cu", 10, {}};
    s[0x200] = {"/src/g.cu", 20, {}};
    s[0x300] = {"/src/g.cu", 25, {}};
    sym.preload("/virtual/g.cubin", t);
  }
  RawRecord record(uint32_t kind, uint32_t flags) {
    RawRecord r;
    r.kind = kind;
    r.flags = flags;
    r.kernel = "_Z1gPi";
    r.first = {0, "_Z1gPi", 0x100, 0x9100};
    r.second = {0, "_Z1gPi", 0x200, 0x9200};
    r.count = 1;
    r.block = {3, 0, 0};
    r.blockDim = {64, 1, 1};
    r.gridDim = {8, 2, 1};
    r.block1 = 9; // blockIdx (1,1,0) in an 8 x 2 grid
    r.thread1 = 5;
    r.thread2 = 7;
    r.address = 0x7f0000001010;
    r.allocationId = 4;
    r.allocation = "device allocation of 4096 bytes at 0x7f0000001000";
    r.allocationBase = 0x7f0000001000;
    return r;
  }
  // The findings of a log holding just `records`.
  std::vector<Finding> findingsOf(std::vector<RawRecord> records) {
    log.records = std::move(records);
    RunSummary summary;
    return findingsFromLog(log, sym, summary);
  }
};

} // namespace

TEST(GlobalFindings, InterBlockRaceNamesBothBlocksAndTheAllocation) {
  GlobalFixture fx;
  fx.log.records = {fx.record(patch::kGlobalRaceWAW, patch::kFlagInterBlock)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  const Finding &f = fs[0];
  EXPECT_EQ(f.rule, "race-global");
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_EQ(f.where.line, 20u);
  ASSERT_FALSE(f.notes.empty());
  EXPECT_EQ(f.notes[0].where.line, 10u);
  EXPECT_NE(f.message.find("write-after-write"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("of block (1,1,0)"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("in block (3,0,0)"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("device allocation of 4096 bytes"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("offset 0x10"), std::string::npos) << f.message;
  ASSERT_TRUE(f.evidence);
  EXPECT_EQ(f.evidence->relation, "inter-block");
  EXPECT_EQ(f.evidence->address, 0x7f0000001010ll);
  ASSERT_TRUE(f.evidence->otherBlock);
  EXPECT_EQ((*f.evidence->otherBlock)[0], 1u);
  EXPECT_EQ((*f.evidence->otherBlock)[1], 1u);
}

TEST(GlobalFindings, IntraWarpRaceIsAWarning) {
  GlobalFixture fx;
  fx.log.records = {fx.record(patch::kGlobalRaceRAW, patch::kFlagSameWarp)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].rule, "race-global");
  EXPECT_EQ(fs[0].severity, Severity::Warning);
  EXPECT_EQ(fs[0].evidence->relation, "intra-warp");
  EXPECT_FALSE(fs[0].evidence->otherBlock);
}

TEST(GlobalFindings, MixedAtomicAndPlainSaysSo) {
  GlobalFixture fx;
  fx.log.records = {fx.record(patch::kGlobalRaceWAW, patch::kFlagInterBlock | patch::kFlagFirstStrong)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_NE(fs[0].message.find("other threads access atomically"), std::string::npos) << fs[0].message;
  EXPECT_EQ(fs[0].evidence->accesses[0].kind, "atomic");
}

TEST(GlobalFindings, FenceMissingShowsDataPublicationAndRead) {
  GlobalFixture fx;
  RawRecord r = fx.record(patch::kFenceMissing, patch::kFlagInterBlock);
  r.third = {0, "_Z1gPi", 0x300, 0x9300};
  auto fs = fx.findingsOf({r});
  ASSERT_EQ(fs.size(), 1u);
  const Finding &f = fs[0];
  EXPECT_EQ(f.rule, "fence-missing");
  EXPECT_EQ(f.where.line, 20u);
  ASSERT_EQ(f.notes.size(), 2u);
  EXPECT_EQ(f.notes[0].where.line, 10u);
  EXPECT_EQ(f.notes[1].where.line, 25u);
  EXPECT_NE(f.notes[1].message.find("published here"), std::string::npos);
  EXPECT_NE(f.message.find("before the atomic or store that publishes it"), std::string::npos) << f.message;

  r.flags |= patch::kFlagReaderSide;
  fs = fx.findingsOf({r});
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_NE(fs[0].message.find("after observing the flag"), std::string::npos) << fs[0].message;
  EXPECT_NE(fs[0].notes[1].message.find("the publication it observed"), std::string::npos);
}

TEST(GlobalFindings, ScopeTooNarrowTellsAccessFromFence) {
  GlobalFixture fx;
  fx.log.records = {fx.record(patch::kScopeTooNarrow, patch::kFlagInterBlock)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].rule, "scope-too-narrow");
  EXPECT_NE(fs[0].message.find("block-scope atomic or strong access"), std::string::npos) << fs[0].message;

  fx.log.records[0].flags |= patch::kFlagNarrowFence;
  fs = findingsFromLog(fx.log, fx.sym, summary);
  EXPECT_NE(fs[0].message.find("__threadfence_block"), std::string::npos) << fs[0].message;
}

// The data a block-scope flag hands to another block (block_scope_flag_bug's
// data[0]): the data's write and its reader, the flag as the publication.
TEST(GlobalFindings, ScopeTooNarrowOnDataHandedOverByABlockScopeFlag) {
  GlobalFixture fx;
  RawRecord r = fx.record(patch::kScopeTooNarrow, patch::kFlagInterBlock | patch::kFlagNarrowFlag);
  r.third = r.first;
  fx.log.records = {r};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].rule, "scope-too-narrow");
  EXPECT_NE(fs[0].message.find("through a block-scope flag or atomic"), std::string::npos) << fs[0].message;
  EXPECT_EQ(fs[0].message.find("__threadfence_block"), std::string::npos) << fs[0].message;
  EXPECT_NE(fs[0].notes[0].message.find("the data written"), std::string::npos) << fs[0].notes[0].message;
  EXPECT_NE(fs[0].notes[1].message.find("published here"), std::string::npos) << fs[0].notes[1].message;
  EXPECT_EQ(fs[0].evidence->accesses[0].kind, "write");
  EXPECT_EQ(fs[0].evidence->accesses[1].kind, "read");
}

TEST(GlobalFindings, UncheckedGlobalAccessesAreCounted) {
  GlobalFixture fx;
  fx.log.globalUntracked = 12;
  fx.log.globalUnshadowed = 3;
  fx.log.globalUnshadowedBytes = 5u << 20;
  fx.log.globalInterBlockUnknown = 7;
  RunSummary summary;
  summarize(fx.log, summary);
  std::string all;
  for (const std::string &w : summary.warnings) all += w + "\n";
  EXPECT_NE(all.find("12 global-memory accesses fell outside every known allocation"), std::string::npos) << all;
  EXPECT_NE(all.find("3 global-memory accesses to 5 MiB"), std::string::npos) << all;
  EXPECT_NE(all.find("7 conflicting global-memory accesses of different blocks were not reported"),
            std::string::npos)
      << all;
}

TEST(GlobalFindings, RawLogKeepsTheGlobalFields) {
  GlobalFixture fx;
  RawRecord r = fx.record(patch::kFenceMissing, patch::kFlagInterBlock);
  r.third = {0, "_Z1gPi", 0x300, 0x9300};
  fx.log.records = {r};
  fx.log.globalUntracked = 2;
  fx.log.globalInterBlockUnknown = 4;
  RawLog back = rawLogFromJson(toJson(fx.log));
  ASSERT_EQ(back.records.size(), 1u);
  EXPECT_EQ(back.records[0].address, r.address);
  EXPECT_EQ(back.records[0].allocation, r.allocation);
  EXPECT_EQ(back.records[0].gridDim, r.gridDim);
  EXPECT_EQ(back.records[0].block1, 9u);
  EXPECT_EQ(back.records[0].third.offset, 0x300u);
  EXPECT_EQ(back.globalUntracked, 2u);
  EXPECT_EQ(back.globalInterBlockUnknown, 4u);
}

TEST(GlobalFindings, DeviceHeapMemoryNamesItsMallocCall) {
  GlobalFixture fx;
  RawRecord r = fx.record(patch::kGlobalRaceRAW, 0);
  r.allocationId = patch::kHeapAllocationBit | 77;
  r.allocation = "device-side malloc() allocation of 512 bytes at 0x7f0000001000 by thread 0 of block 3 "
                 "(linear indices)";
  r.allocationSite = {0, "_Z1gPi", 0x300, 0x9300};
  fx.log.records = {r};
  fx.log.heapUntracked = 6;
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_NE(fs[0].message.find("device-side malloc() allocation of 512 bytes"), std::string::npos)
      << fs[0].message;
  bool site = false;
  for (const auto &n : fs[0].notes)
    if (n.where.line == 25u && n.message.find("allocated by this malloc()") != std::string::npos) site = true;
  EXPECT_TRUE(site) << "no note at the malloc() call";
  summarize(fx.log, summary);
  std::string all;
  for (const std::string &w : summary.warnings) all += w + "\n";
  EXPECT_NE(all.find("6 device-side malloc() allocations did not fit the heap table"), std::string::npos) << all;

  RawLog back = rawLogFromJson(toJson(fx.log));
  ASSERT_EQ(back.records.size(), 1u);
  EXPECT_EQ(back.records[0].allocationSite.offset, 0x300u);
  EXPECT_EQ(back.records[0].allocationId, r.allocationId);
  EXPECT_EQ(back.heapUntracked, 6u);

  // Without a site (the malloc() ran in another kernel's code): no note.
  fx.log.records[0].allocationSite = {};
  fs = findingsFromLog(fx.log, fx.sym, summary);
  for (const auto &n : fs[0].notes) EXPECT_EQ(n.message.find("malloc()"), std::string::npos) << n.message;
}

TEST(GlobalFindings, HostAllocationNamesTheProgramsCallNotTheApis) {
  GlobalFixture fx;
  RawRecord r = fx.record(patch::kGlobalRaceWAW, patch::kFlagInterBlock);
  HostFrame runtime{"/app/bin/app", 0x5000, "cudaMalloc"}; // static cudart, in the program
  HostFrame caller{"/app/bin/app", 0x1234, ""};
  HostFrame outer{"/app/lib/libsetup.so", 0x88, "_Z5setupv"};
  HostFrame unnamed{"/app/bin/app", 0x5100, ""}; // a local symbol of static cudart
  r.allocationStack = {unnamed, runtime, caller, outer};
  fx.sym.host().preload(unnamed, {});
  fx.sym.host().preload(runtime, {{"cudart::cudaApiMalloc(void**, unsigned long)", "", 0}});
  fx.sym.host().preload(caller, {{"cudaMalloc<int>(int**, unsigned long)", "/usr/local/cuda/include/cuda_runtime.h", 145},
                                 {"makeBuffers(int)", "/src/app.cu", 42}});
  // libsetup.so has no debug information: its dladdr symbol stands in.
  fx.sym.host().preload(outer, {});
  auto fs = fx.findingsOf({r});
  ASSERT_EQ(fs.size(), 1u);
  const Note &n = fs[0].notes.back();
  EXPECT_EQ(n.where.file, "/src/app.cu");
  EXPECT_EQ(n.where.line, 42u);
  EXPECT_NE(n.message.find("allocated here, in makeBuffers(int) at /src/app.cu:42"), std::string::npos)
      << n.message;
  EXPECT_NE(n.message.find("called from setup() (libsetup.so+0x88)"), std::string::npos) << n.message;

  // Only the API's frames: no note rather than one inside cudart.
  r.allocationStack = {runtime};
  fs = fx.findingsOf({r});
  for (const auto &note : fs[0].notes) EXPECT_EQ(note.message.find("allocated"), std::string::npos) << note.message;

  // The stack survives the raw log.
  RawLog back = rawLogFromJson(toJson(fx.log));
  ASSERT_EQ(back.records[0].allocationStack.size(), 1u);
  EXPECT_EQ(back.records[0].allocationStack[0].module, "/app/bin/app");
  EXPECT_EQ(back.records[0].allocationStack[0].address, 0x5000u);
  EXPECT_EQ(back.records[0].allocationStack[0].symbol, "cudaMalloc");
}

TEST(GlobalFindings, InterLaunchRaceNamesTheOtherKernelAndItsGrid) {
  GlobalFixture fx;
  RawRecord r = fx.record(patch::kGlobalRaceRAW, patch::kFlagInterLaunch);
  r.kernel1 = "_Z7producePi";
  r.gridDim1 = {4, 4, 1};
  r.blockDim1 = {32, 2, 1};
  r.block1 = 6;  // blockIdx (2,1,0) in the producer's 4 x 4 grid
  r.thread1 = 33; // threadIdx (1,1,0) in its 32 x 2 blocks
  auto fs = fx.findingsOf({r});
  ASSERT_EQ(fs.size(), 1u);
  const Finding &f = fs[0];
  EXPECT_EQ(f.rule, "race-global");
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_NE(f.message.find("thread (1,1,0) of block (2,1,0) of produce(int*), launched earlier on another stream"),
            std::string::npos)
      << f.message;
  EXPECT_NE(f.message.find("nothing orders the two launches"), std::string::npos) << f.message;
  ASSERT_TRUE(f.evidence);
  EXPECT_EQ(f.evidence->relation, "inter-launch");
  ASSERT_TRUE(f.evidence->otherBlock);
  EXPECT_EQ((*f.evidence->otherBlock)[0], 2u);
  EXPECT_EQ((*f.evidence->otherBlock)[1], 1u);

  RawLog back = rawLogFromJson(toJson(fx.log));
  EXPECT_EQ(back.records[0].kernel1, "_Z7producePi");
  EXPECT_EQ(back.records[0].gridDim1, r.gridDim1);
  EXPECT_EQ(back.records[0].blockDim1, r.blockDim1);
}

TEST(GlobalFindings, VolatileRaceIsAWarningOnTheFlagWithTheAtomicRefFix) {
  GlobalFixture fx;
  RunSummary summary;
  fx.log.records = {fx.record(patch::kRaceVolatile, patch::kFlagInterBlock | patch::kFlagFirstRead)};
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].rule, "race-volatile");
  EXPECT_EQ(fs[0].severity, Severity::Warning);
  EXPECT_EQ(fs[0].where.line, 20u);
  EXPECT_NE(fs[0].message.find("volatile read"), std::string::npos) << fs[0].message;
  EXPECT_NE(fs[0].message.find("strong read by thread"), std::string::npos) << fs[0].message;
  EXPECT_NE(fs[0].message.find("cuda::atomic_ref"), std::string::npos) << fs[0].message;
  ASSERT_TRUE(fs[0].evidence);
  EXPECT_EQ(fs[0].evidence->relation, "inter-block");
}

TEST(GlobalFindings, VolatileRacesInLibraryCodeAreCountedNotReported) {
  // A volatile poll inside a toolkit header (CUB's look-back) and one with
  // no source line (a cuBLAS kernel) are the libraries' own idioms.
  GlobalFixture fx;
  LineTable t;
  auto &s = t.sections["_Z1gPi"];
  s[0x100] = {"/usr/local/cuda-13.0/targets/x86_64-linux/include/cub/agent/single_pass_scan_operators.cuh", 10, {}};
  s[0x200] = {"/usr/local/cuda/include/cub/device/dispatch/radix_sort.cuh", 20, {}};
  fx.sym.preload("/virtual/g.cubin", t);
  RawRecord inHeader = fx.record(patch::kRaceVolatile, patch::kFlagInterBlock);
  RawRecord noLine = fx.record(patch::kRaceVolatile, patch::kFlagInterBlock);
  noLine.first.offset = noLine.second.offset = 0x700; // not in the line table
  noLine.first.pc = 0x9700;
  noLine.second.pc = 0x9710;
  noLine.second.offset = 0x710;
  fx.log.records = {inHeader, noLine};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  EXPECT_TRUE(fs.empty());
  bool said = false;
  for (const std::string &w : summary.warnings) said |= w.find("2 race-volatile hazards in CUDA library code") == 0;
  EXPECT_TRUE(said);
}
