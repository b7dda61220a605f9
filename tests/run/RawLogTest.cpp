#include "runtime/common/RawLog.h"
#include "instrument/PatchState.h"
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

using namespace warpcheck::run;

namespace {
std::string tempPath(const char *name) { return "/tmp/warpcheck-rawlog-" + std::to_string(getpid()) + name; }
} // namespace

TEST(RawLog, RoundTripsThroughAFile) {
  RawLog log;
  log.errors = {"e"};
  log.warnings = {"w"};
  log.modules = {{"/tmp/m.cubin", true, ""}, {"", false, "cannot patch"}};
  log.kernelsChecked = {"_Z1kv"};
  log.launches = 3;
  log.launchesChecked = 2;
  log.uncheckedAccesses = 5;
  log.droppedHazards = 7;
  log.finished = true;
  RawRecord r;
  r.kind = 2;
  r.flags = 1;
  r.kernel = "_Z1kv";
  r.first = {1, "_Z1kv", 0x40, 0x1040};
  r.second = {1, "", 0, 0x9999};
  r.count = 12;
  r.block = {1, 2, 3};
  r.blockDim = {32, 2, 1};
  r.thread1 = 5;
  r.thread2 = 40;
  r.offset = 0x80;
  r.extra = 4;
  log.records = {r};
  std::string path = tempPath("a.json"), error;
  ASSERT_TRUE(writeRawLog(path, log, error)) << error;
  RawLog back;
  ASSERT_TRUE(readRawLog(path, back, error)) << error;
  EXPECT_EQ(back.errors, log.errors);
  EXPECT_EQ(back.modules[1].error, "cannot patch");
  EXPECT_TRUE(back.modules[0].patched);
  EXPECT_EQ(back.launches, 3u);
  EXPECT_EQ(back.droppedHazards, 7u);
  EXPECT_TRUE(back.finished);
  ASSERT_EQ(back.records.size(), 1u);
  EXPECT_EQ(back.records[0].first.function, "_Z1kv");
  EXPECT_EQ(back.records[0].first.offset, 0x40u);
  EXPECT_FALSE(back.records[0].second.resolved());
  EXPECT_EQ(back.records[0].block[2], 3u);
  EXPECT_EQ(back.records[0].count, 12u);
  std::remove(path.c_str());
}

TEST(RawLog, RejectsMalformedAndForeignVersions) {
  std::string path = tempPath("b.json"), error;
  {
    std::ofstream(path) << "{\"version\": 1, \"errors\": []}";
  }
  RawLog log;
  EXPECT_FALSE(readRawLog(path, log, error));
  EXPECT_NE(error.find("malformed raw log"), std::string::npos) << error;
  {
    std::ofstream(path) << "{\"version\": 99}";
  }
  EXPECT_FALSE(readRawLog(path, log, error));
  EXPECT_NE(error.find("version 99"), std::string::npos) << error;
  // support/JsonRead.h: the JSON path of what is wrong.
  {
    RawLog good;
    good.records.push_back({});
    nlohmann::json j = toJson(good);
    j["records"][0]["block"] = {1, 2};
    std::ofstream(path) << j.dump();
  }
  EXPECT_FALSE(readRawLog(path, log, error));
  EXPECT_EQ(error, path + ": malformed raw log: records[0].block: expected 3 integers (x, y, z), not 2");
  {
    nlohmann::json j = toJson(RawLog{});
    j["finished"] = 1;
    std::ofstream(path) << j.dump();
  }
  EXPECT_FALSE(readRawLog(path, log, error));
  EXPECT_EQ(error, path + ": malformed raw log: finished: expected true or false, not 1");
  {
    std::ofstream(path) << "{\"version\": 1,";
  }
  EXPECT_FALSE(readRawLog(path, log, error));
  EXPECT_EQ(error.rfind(path + ": malformed raw log: not valid JSON: parse error at line 1, column 15", 0), 0u) << error;
  EXPECT_FALSE(readRawLog(tempPath("missing.json"), log, error));
  EXPECT_NE(error.find("cannot open"), std::string::npos);
  std::remove(path.c_str());
}

TEST(RawLog, MergesOneHazardOfManyLaunchesButNotIntraWithInterWarp) {
  RawRecord r;
  r.kind = warpcheck::patch::kGlobalRaceRAW;
  r.kernel = "_Z1kv";
  r.first = {0, "_Z1kv", 0x40, 0x1040};
  r.second = {0, "_Z1kv", 0x80, 0x1080};
  r.count = 3;
  std::vector<RawRecord> records;
  mergeRecord(records, r); // inter-warp
  mergeRecord(records, r); // the same, in a later launch
  RawRecord sameWarp = r;
  sameWarp.flags = warpcheck::patch::kFlagSameWarp;
  mergeRecord(records, sameWarp);
  RawRecord otherPc = r;
  otherPc.second.offset = 0x90;
  mergeRecord(records, otherPc);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].count, 6u);
  EXPECT_EQ(records[1].flags, warpcheck::patch::kFlagSameWarp);
  EXPECT_EQ(records[1].count, 3u);
  EXPECT_EQ(records[2].second.offset, 0x90u);
}
