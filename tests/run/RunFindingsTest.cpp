#include "instrument/PatchState.h"
#include "reports/formats/JsonFormat.h"
#include "runtime/host/RunFindings.h"
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::run;

namespace {

// A log with one module whose line table says: offsets 0x100.. line 10,
// 0x200.. line 20, 0x300.. line 20 (a second instruction of that line).
struct Fixture {
  RawLog log;
  Symbolizer sym{"/nonexistent/nvdisasm"};
  Fixture() {
    log.modules = {{"/virtual/m.cubin", true, ""}};
    log.kernelsChecked = {"_Z1kPi"};
    log.launches = log.launchesChecked = 1;
    LineTable t;
    auto &s = t.sections["_Z1kPi"];
    s[0x100] = {"/src/k.cu", 10, {}};
    s[0x200] = {"/src/k.cu", 20, {}};
    s[0x300] = {"/src/k.cu", 20, {}};
    // __syncwarp inlined from the toolkit into line 30 of the program
    s[0x400] = {"/usr/local/cuda/bin/../targets/x86_64-linux/include/sm_30_intrinsics.hpp", 110,
                {{"/src/k.cu", 30}}};
    sym.preload("/virtual/m.cubin", t);
  }
  RawRecord race(uint32_t kind, uint64_t off1, uint64_t off2, uint32_t t1, uint32_t t2, uint32_t flags) {
    RawRecord r;
    r.kind = kind;
    r.flags = flags;
    r.kernel = "_Z1kPi";
    r.first = {0, "_Z1kPi", off1, 0x7000 + off1};
    r.second = {0, "_Z1kPi", off2, 0x7000 + off2};
    r.count = 3;
    r.block = {2, 0, 0};
    r.blockDim = {128, 1, 1};
    r.thread1 = t1;
    r.thread2 = t2;
    r.offset = 0x84;
    r.extra = 4;
    return r;
  }
};

} // namespace

TEST(RunFindings, InterWarpRaceIsAnErrorWithBothAccesses) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceRAW, 0x100, 0x200, 33, 0, 0)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  const Finding &f = fs[0];
  EXPECT_EQ(f.rule, "race-shared");
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_EQ(f.where.line, 20u);
  ASSERT_EQ(f.notes.size(), 1u);
  EXPECT_EQ(f.notes[0].where.line, 10u);
  EXPECT_NE(f.message.find("read-after-write"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("offset 0x84"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("thread (0,0,0)"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("thread (33,0,0)"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("block (2,0,0) of k(int*)"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("(3 times)"), std::string::npos) << f.message;
  ASSERT_TRUE(f.evidence);
  EXPECT_EQ(f.evidence->relation, "inter-warp");
  ASSERT_EQ(f.evidence->accesses.size(), 2u);
  EXPECT_EQ(f.evidence->accesses[0].kind, "write");
  EXPECT_EQ(f.evidence->accesses[1].kind, "read");
}

TEST(RunFindings, IntraWarpRaceIsAWarningThatNamesSyncwarp) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceWAR, 0x100, 0x200, 1, 2, patch::kFlagSameWarp)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].severity, Severity::Warning);
  ASSERT_EQ(fs[0].notes.size(), 2u);
  EXPECT_NE(fs[0].notes[1].message.find("__syncwarp()"), std::string::npos);
  EXPECT_EQ(fs[0].evidence->relation, "intra-warp");
}

TEST(RunFindings, ReadOfACopyInFlightIsAnErrorEvenForTheIssuingThread) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceRAW, 0x100, 0x200, 5, 5,
                            patch::kFlagSameWarp | patch::kFlagFirstAsync | patch::kFlagAsyncInFlight)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  const Finding &f = fs[0];
  EXPECT_EQ(f.severity, Severity::Error);
  EXPECT_NE(f.message.find("asynchronous copy issued by the same thread"), std::string::npos) << f.message;
  EXPECT_NE(f.message.find("still in flight"), std::string::npos) << f.message;
  EXPECT_EQ(f.message.find("__syncthreads()"), std::string::npos) << f.message;
  ASSERT_EQ(f.notes.size(), 1u); // no "lanes are not in lockstep" hint
  EXPECT_NE(f.notes[0].message.find("is issued here"), std::string::npos) << f.notes[0].message;
  EXPECT_EQ(f.notes[0].where.line, 10u);
  ASSERT_TRUE(f.evidence);
  EXPECT_EQ(f.evidence->relation, "");
  EXPECT_EQ(f.evidence->accesses[0].kind, "write");
}

TEST(RunFindings, CopyWaitedForByAnotherThreadNamesTheMissingBarrier) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceRAW, 0x100, 0x200, 40, 3, patch::kFlagFirstAsync),
                    fx.race(patch::kRaceWAW, 0x100, 0x400, 41, 3, patch::kFlagFirstAsync | patch::kFlagAsyncInFlight)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_NE(fs[0].message.find("an asynchronous copy by thread (40,0,0)"), std::string::npos) << fs[0].message;
  EXPECT_NE(fs[0].message.find("add __syncthreads() after the wait"), std::string::npos) << fs[0].message;
  EXPECT_EQ(fs[0].evidence->relation, "inter-warp");
  EXPECT_NE(fs[1].message.find("then __syncthreads()"), std::string::npos) << fs[1].message;
  EXPECT_NE(fs[1].message.find("write-after-write"), std::string::npos) << fs[1].message;
}

TEST(RunFindings, InstructionsOfOneSourceLineMergeAndCountsAdd) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceRAW, 0x100, 0x200, 33, 0, 0),
                    fx.race(patch::kRaceRAW, 0x100, 0x300, 34, 1, 0),
                    // intra-warp on the same lines: a different problem
                    fx.race(patch::kRaceRAW, 0x100, 0x300, 2, 1, patch::kFlagSameWarp)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_EQ(fs[0].evidence->count, 6u);
  EXPECT_NE(fs[0].message.find("(6 times)"), std::string::npos);
}

// The differential test compares the pc pairs the GPU saw: merging by
// source line must not lose them (flag_nofence_bug: 64 load/store pairs
// of an unrolled loop in one finding).
TEST(RunFindings, MergedFindingKeepsThePcsOfEveryMergedHazard) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceRAW, 0x100, 0x200, 33, 0, 0),
                    fx.race(patch::kRaceRAW, 0x100, 0x300, 34, 1, 0),
                    fx.race(patch::kRaceRAW, 0x100, 0x300, 35, 2, 0), // the same pair again: listed once
                    fx.race(patch::kRaceRAW, 0x100, 0x200, 36, 3, 0)}; // the example's own pair: not listed
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].evidence->accesses[0].pc, 0x7100u);
  EXPECT_EQ(fs[0].evidence->accesses[1].pc, 0x7200u);
  using Pcs = std::vector<std::vector<unsigned long long>>;
  EXPECT_EQ(fs[0].evidence->mergedPcs, (Pcs{{0x7100, 0x7300}}));
  EXPECT_EQ(fs[0].evidence->count, 12u);
  std::ostringstream os;
  Report report;
  report.command = "run";
  report.findings = fs;
  writeJson(os, report, {});
  EXPECT_EQ(nlohmann::json::parse(os.str())["findings"][0]["run"]["merged_pcs"], nlohmann::json::parse("[[28928, 29440]]"));
}

TEST(RunFindings, WithoutLinesTheMessageNamesFunctionAndOffset) {
  Fixture fx;
  RawRecord r = fx.race(patch::kRaceWAW, 0x100, 0x200, 33, 0, 0);
  r.first.module = r.second.module = 0;
  fx.log.modules[0].cubin = "";
  fx.log.records = {r};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_FALSE(fs[0].where.valid());
  EXPECT_NE(fs[0].message.find("at (k(int*)+0x200)"), std::string::npos) << fs[0].message;
}

TEST(RunFindings, SyncMisuseKinds) {
  Fixture fx;
  RawRecord b = fx.race(patch::kBarrierDivergent, 0x100, 0x200, 0, 64, 0);
  RawRecord m = fx.race(patch::kSyncwarpMissingLane, 0x200, 0x200, 20, 20, 0);
  m.offset = 0xffff;
  m.extra = 1u << 20;
  RawRecord i = fx.race(patch::kSyncwarpInactiveLane, 0x200, 0x200, 0, 0, 0);
  i.offset = 0xffffffff;
  i.extra = 0xffff0000;
  RawRecord n = fx.race(patch::kSyncwarpNonuniform, 0x100, 0x100, 0, 0, 0);
  fx.log.records = {b, m, i, n};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 4u);
  EXPECT_EQ(fs[0].rule, "barrier-divergent");
  EXPECT_EQ(fs[0].notes[0].where.line, 10u);
  EXPECT_EQ(fs[1].rule, "warp-mask-missing-lane");
  EXPECT_NE(fs[1].message.find("lane 20 "), std::string::npos) << fs[1].message;
  EXPECT_EQ(fs[2].rule, "warp-mask-inactive-lane");
  EXPECT_NE(fs[2].message.find("lanes 16-31"), std::string::npos) << fs[2].message;
  EXPECT_EQ(fs[3].rule, "warp-mask-nonuniform");
}

TEST(RunFindings, InactiveLanesAtAnotherSyncwarpNameBothCalls) {
  // Lanes 0-15 named by the __syncwarp at 0x100 call the one at 0x200
  // instead (syncwarp_inactive_lane_bug): both calls break the rule, and
  // the differential test compares the pcs of both.
  Fixture fx;
  RawRecord i = fx.race(patch::kSyncwarpInactiveLane, 0x100, 0x200, 0, 0, 0);
  i.offset = 0xffffffff;
  i.extra = 0xffff;
  RawRecord exited = fx.race(patch::kSyncwarpInactiveLane, 0x100, 0x300, 16, 16, patch::kFlagLanesExited);
  exited.offset = 0xffffffff;
  exited.extra = 0xffff0000;
  fx.log.records = {i, exited};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 2u);
  ASSERT_TRUE(fs[0].evidence && fs[1].evidence);
  const RunEvidence &other = *fs[0].evidence;
  ASSERT_EQ(other.accesses.size(), 2u);
  EXPECT_EQ(other.accesses[0].pc, 0x7100u) << "the call whose mask names the lanes";
  EXPECT_FALSE(other.accesses[0].threadKnown);
  EXPECT_EQ(other.accesses[1].pc, 0x7200u) << "the call they made instead";
  EXPECT_EQ(fs[0].where.line, 20u);
  // Lanes that exit instead: the call alone, as before.
  const RunEvidence &gone = *fs[1].evidence;
  ASSERT_EQ(gone.accesses.size(), 1u);
  EXPECT_EQ(gone.accesses[0].pc, 0x7100u);
}

TEST(RunFindings, SummaryCountsWhatWasNotChecked) {
  RawLog log;
  log.uncheckedBlockThreads = 256;
  log.droppedHazards = 9;
  log.modules = {{"", false, "cannot patch the module: x"}};
  RunSummary s;
  summarize(log, s);
  ASSERT_EQ(s.errors.size(), 1u);
  EXPECT_NE(s.errors[0].find("module 0: cannot patch"), std::string::npos);
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_NE(s.warnings[0].find("256 threads"), std::string::npos);
  EXPECT_NE(s.warnings[1].find("9 hazards"), std::string::npos);
}

TEST(RunFindings, SummarySaysHowManyBlocksASampleChecked) {
  RawLog log;
  log.sampledBlocks = 64;
  log.sampledLaunchBlocks = 1000;
  RunSummary s;
  summarize(rawLogFromJson(toJson(log)), s); // and through the raw log's JSON
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_NE(s.warnings[0].find("--sample-blocks: 64 of the 1000 blocks"), std::string::npos) << s.warnings[0];
  RunSummary none;
  summarize(RawLog{}, none);
  EXPECT_TRUE(none.warnings.empty());
}

TEST(RunFindings, SummaryCarriesTheDeviceMemoryThroughTheRawLog) {
  RawLog log;
  log.globalShadowBytes = 6u << 20;
  log.globalShadowedBytes = 1u << 20;
  log.detectorBytes = 123456789;
  RunSummary s;
  summarize(rawLogFromJson(toJson(log)), s);
  EXPECT_EQ(s.globalShadowBytes, 6u << 20);
  EXPECT_EQ(s.globalShadowedBytes, 1u << 20);
  EXPECT_EQ(s.detectorBytes, 123456789u);
  EXPECT_TRUE(s.warnings.empty());
}

TEST(RunFindings, CodeInlinedFromToolkitHeadersIsPlacedAtTheCall) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kSyncwarpMissingLane, 0x400, 0x400, 3, 3, 0)};
  RunSummary summary;
  auto fs = findingsFromLog(fx.log, fx.sym, summary);
  ASSERT_EQ(fs.size(), 1u);
  EXPECT_EQ(fs[0].where.file, "/src/k.cu");
  EXPECT_EQ(fs[0].where.line, 30u);
}

TEST(RunFindings, ThreadCoordinates) {
  EXPECT_EQ(threadCoords(37, {16, 4, 2}), (std::array<unsigned, 3>{5, 2, 0}));
  EXPECT_EQ(threadCoords(70, {16, 4, 2}), (std::array<unsigned, 3>{6, 0, 1}));
}

// Writes a run report for the schema test (run-report-schema).
TEST(RunReport, WritesSchemaReport) {
  Fixture fx;
  fx.log.records = {fx.race(patch::kRaceRAW, 0x100, 0x200, 33, 0, 0),
                    fx.race(patch::kRaceRAW, 0x100, 0x300, 34, 1, 0), // merged: merged_pcs
                    fx.race(patch::kSyncwarpInactiveLane, 0x200, 0x200, 0, 0, 0)};
  // A global-memory race between blocks: address, allocation, other block.
  RawRecord g = fx.race(patch::kGlobalRaceRAW, 0x100, 0x300, 1, 2, patch::kFlagInterBlock);
  g.gridDim = {4, 1, 1};
  g.block1 = 3;
  g.address = 0x7f0000000040;
  g.allocationId = 1;
  g.allocation = "device allocation of 256 bytes at 0x7f0000000000";
  g.allocationBase = 0x7f0000000000;
  fx.log.records.push_back(g);
  Report report;
  report.toolVersion = "test";
  report.command = "run";
  RunSummary summary;
  summary.command = {"./app", "--n", "4"};
  summarize(fx.log, summary);
  report.findings = findingsFromLog(fx.log, fx.sym, summary);
  report.run = summary;
  std::ostringstream os;
  writeJson(os, report, {});
  auto j = nlohmann::json::parse(os.str());
  EXPECT_EQ(j["run"]["launches"], 1);
  EXPECT_EQ(j["findings"][0]["run"]["accesses"][1]["thread"][0], 0);
  EXPECT_EQ(j["findings"][0]["run"]["merged_pcs"].size(), 1u);
  EXPECT_EQ(j["findings"][2]["run"]["relation"], "inter-block");
  EXPECT_EQ(j["findings"][2]["run"]["other_block"][0], 3);
  if (const char *out = std::getenv("WARPCHECK_TEST_RUN_REPORT")) std::ofstream(out) << os.str();
}
