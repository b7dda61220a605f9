// Decoding of the global-memory records (race-global, fence-missing,
// scope-too-narrow) into findings, with the same virtual line table as
// RunFindingsTest: 0x100 line 10, 0x200 line 20, 0x400 line 30 (inlined).
#include "instrument/PatchState.h"
#include "runtime/RunFindings.h"
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
  fx.log.records = {r};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  const Finding &f = fs[0];
  EXPECT_EQ(f.rule, "fence-missing");
  EXPECT_EQ(f.where.line, 20u);
  ASSERT_EQ(f.notes.size(), 2u);
  EXPECT_EQ(f.notes[0].where.line, 10u);
  EXPECT_EQ(f.notes[1].where.line, 25u);
  EXPECT_NE(f.notes[1].message.find("published here"), std::string::npos);
  EXPECT_NE(f.message.find("before the atomic or store that publishes it"), std::string::npos) << f.message;

  fx.log.records[0].flags |= patch::kFlagReaderSide;
  fs = findingsFromLog(fx.log, fx.sym, summary);
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
