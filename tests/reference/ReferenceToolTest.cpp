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

Result runTool(const std::string &args) {
  Result r;
  std::string cmd = std::string(WARPCHECK_REFERENCE_TOOL) + " " + args + " 2>&1";
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
