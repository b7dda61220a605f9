// warpcheck-reference's command line: JSON findings on stdout or -o FILE,
// exit 0 (none) / 1 (findings) / 2 (bad usage or input, naming file:line).
#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Result {
  int code = -1;
  std::string out; // stdout and stderr
};

// `prefix`: shell commands run before the tool (a ulimit).
Result runTool(const std::string &args, const std::string &prefix = "") {
  Result r;
  std::string cmd = prefix + std::string(WARPCHECK_REFERENCE_TOOL) + " " + args + " 2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0)
    r.out.append(buf, n);
  int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string writeTemp(const std::string &name, const std::string &text) {
  std::string path = ::testing::TempDir() + "/" + std::to_string(getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

const std::string kTwoVolatileStores =
    R"({"launch":0,"kernel":"flag","grid":[2,1,1],"block":[1,1,1],"after":[]})" "\n"
    R"({"l":0,"b":0,"t":0,"k":"w","a":64,"n":4,"sp":"g","sem":"volatile","pc":16,"file":"f.cu","line":3})" "\n"
    R"({"l":0,"b":1,"t":0,"k":"w","a":64,"n":4,"sp":"g","sem":"volatile","pc":16,"file":"f.cu","line":3})" "\n";

} // namespace

TEST(ReferenceTool, FindingsGoToStdoutAsJsonAndExitOne) {
  Result r = runTool(writeTemp("v.jsonl", kTwoVolatileStores));
  ASSERT_EQ(r.code, 1) << r.out;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["findings"].size(), 1u);
  const auto &f = j["findings"][0];
  EXPECT_EQ(f["rule"], "race-volatile");
  EXPECT_EQ(f["severity"], "warning");
  EXPECT_EQ(f["relation"], "inter-block");
  EXPECT_EQ(f["first"]["block"], 0);
  EXPECT_EQ(f["second"]["block"], 1);
  EXPECT_EQ(f["second"]["kernel"], "flag");
  EXPECT_EQ(f["second"]["file"], "f.cu");
  EXPECT_EQ(f["second"]["line"], 3);
  EXPECT_EQ(f["second"]["sem"], "volatile");
  EXPECT_EQ(f["second"]["address"], 64);
  EXPECT_EQ(f["shadow_kept"], 1); // the first store was still the word's last writer
  EXPECT_NE(f["message"].get<std::string>().find("cuda::atomic_ref"), std::string::npos);
  EXPECT_EQ(j["reference"]["volatile"], "cuda");
}

TEST(ReferenceTool, PtxReadingAndOutputFileExitZeroWithoutFindings) {
  std::string out = ::testing::TempDir() + "/" + std::to_string(getpid()) + "_out.json";
  Result r = runTool("--volatile=ptx -o " + out + " " + writeTemp("v2.jsonl", kTwoVolatileStores));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "");
  std::ifstream in(out);
  auto j = nlohmann::json::parse(in);
  EXPECT_TRUE(j["findings"].empty());
  EXPECT_EQ(j["reference"]["volatile"], "ptx");
}

TEST(ReferenceTool, BadInputAndUsageExitTwoWithTheirReason) {
  Result bad = runTool(writeTemp("bad.jsonl", kTwoVolatileStores + R"({"l":0,"b":0,"t":0,"k":"jump","pc":1})"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("bad.jsonl:4: unknown kind \"jump\""), std::string::npos) << bad.out;
  Result missing = runTool("/nonexistent/trace.jsonl");
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.out.find("cannot open '/nonexistent/trace.jsonl'"), std::string::npos) << missing.out;
  EXPECT_EQ(runTool("").code, 2);
  EXPECT_EQ(runTool("--volatile=c a.jsonl").code, 2);
  EXPECT_EQ(runTool("--frobnicate a.jsonl").code, 2);
  EXPECT_EQ(runTool("--help").code, 0);
}

TEST(ReferenceTool, InactiveLaneFindingNamesTheSyncwarpAndTheMissingLanes) {
  std::string t = R"({"launch":0,"kernel":"w","grid":[1,1,1],"block":[4,1,1],"after":[]})" "\n"
                  R"({"l":0,"b":0,"t":0,"k":"syncwarp","x":15,"pc":32})" "\n"
                  R"({"l":0,"b":0,"t":1,"k":"syncwarp","x":15,"pc":32})" "\n"
                  R"({"l":0,"b":0,"t":0,"k":"exit","pc":40})" "\n";
  Result r = runTool(writeTemp("sw.jsonl", t));
  ASSERT_EQ(r.code, 1) << r.out;
  auto f = nlohmann::json::parse(r.out)["findings"];
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]["rule"], "warp-mask-inactive-lane");
  EXPECT_EQ(f[0]["severity"], "error");
  EXPECT_EQ(f[0]["mask"], 15);
  EXPECT_EQ(f[0]["missing_lanes"], 12) << "lanes 2 and 3 are alive and never called it";
  EXPECT_EQ(f[0]["syncwarp"]["pc"], 32);
}

namespace {

// Eight launches, each after every earlier one, of 128 blocks of 128
// threads that each write their own word: the shape of
// tests/gpu/streams_race_fixed (eight launches of 256 x 256 threads),
// whose trace took more than 5 GB when every thread's clock listed a
// chunk per block of every earlier launch.
std::string orderedLaunchesTrace() {
  std::string t;
  for (int l = 0; l < 8; ++l) {
    std::string after;
    for (int e = 0; e < l; ++e)
      after += (e ? "," : "") + std::to_string(e);
    t += "{\"launch\":" + std::to_string(l) + ",\"kernel\":\"k\",\"grid\":[128,1,1],\"block\":[128,1,1],\"after\":[" +
         after + "]}\n";
    for (int b = 0; b < 128; ++b)
      for (int th = 0; th < 128; ++th)
        t += "{\"l\":" + std::to_string(l) + ",\"b\":" + std::to_string(b) + ",\"t\":" + std::to_string(th) +
             ",\"k\":\"w\",\"a\":" + std::to_string(4 * (b * 128 + th)) + ",\"n\":4,\"sp\":\"g\",\"sem\":\"plain\",\"pc\":16}\n";
  }
  return t;
}

} // namespace

TEST(ReferenceTool, ManyOrderedLaunchesCheckInLittleMemory) {
  // 1 GB of address space: the per-block chunk lists took 1.4 GB here.
  std::string trace = writeTemp("ordered.jsonl", orderedLaunchesTrace());
  Result r = runTool("-o /dev/null " + trace, "ulimit -v 1000000; ");
  EXPECT_EQ(r.code, 0) << r.out;
}

TEST(ReferenceTool, RunningOutOfMemoryExitsTwoSayingSo) {
  std::string trace = writeTemp("ordered2.jsonl", orderedLaunchesTrace());
  Result r = runTool("-o /dev/null " + trace, "ulimit -v 60000; ");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("out of memory"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ulimit -v"), std::string::npos) << r.out;
}

TEST(ReferenceTool, SyncwarpFindingsNameTheOtherCallAndTheNonuniformRule) {
  std::string t = R"({"launch":0,"kernel":"w","grid":[1,1,1],"block":[4,1,1],"after":[]})" "\n"
                  R"({"l":0,"b":0,"t":2,"k":"syncwarp","x":15,"pc":32})" "\n"
                  R"({"l":0,"b":0,"t":3,"k":"syncwarp","x":15,"pc":32})" "\n"
                  R"({"l":0,"b":0,"t":0,"k":"syncwarp","x":15,"pc":48})" "\n"
                  R"({"l":0,"b":0,"t":1,"k":"syncwarp","x":15,"pc":48})" "\n"
                  R"({"l":0,"b":0,"t":2,"k":"exit","pc":80})" "\n"
                  R"({"l":0,"b":0,"t":3,"k":"exit","pc":80})" "\n"
                  R"({"l":0,"b":0,"t":0,"k":"syncwarp","x":3,"pc":64})" "\n"
                  R"({"l":0,"b":0,"t":1,"k":"syncwarp","x":15,"pc":64})" "\n"
                  R"({"l":0,"b":0,"t":0,"k":"exit","pc":80})" "\n"
                  R"({"l":0,"b":0,"t":1,"k":"exit","pc":80})" "\n";
  Result r = runTool(writeTemp("sw2.jsonl", t));
  ASSERT_EQ(r.code, 1) << r.out;
  auto f = nlohmann::json::parse(r.out)["findings"];
  ASSERT_EQ(f.size(), 2u) << r.out;
  EXPECT_EQ(f[0]["rule"], "warp-mask-inactive-lane");
  EXPECT_EQ(f[0]["syncwarp"]["pc"], 32);
  EXPECT_EQ(f[0]["other_syncwarp"]["pc"], 48);
  EXPECT_EQ(f[0]["missing_lanes"], 3);
  // Lanes 0 and 1 meet at pc 64 with masks 0x3 and 0xf, each naming the
  // other: one finding (rule and pc), both lanes.
  EXPECT_EQ(f[1]["rule"], "warp-mask-nonuniform");
  EXPECT_EQ(f[1]["syncwarp"]["pc"], 64);
  EXPECT_EQ(f[1]["missing_lanes"], 3);
  EXPECT_EQ(f[1]["count"], 2);
  EXPECT_FALSE(f[1].contains("other_syncwarp"));
}
