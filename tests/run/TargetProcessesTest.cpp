// `warpcheck run --target-processes`: which processes of the program check
// their kernels (runtime/common/TargetProcesses.h), and the environment the
// CLI gives the program, through which every process learns it.
#include "cli/ChildEnvironment.h"
#include "runtime/common/Flags.h"
#include "runtime/common/TargetProcesses.h"
#include <algorithm>
#include <cstdlib>
#include <gtest/gtest.h>

using namespace warpcheck;
using run::TargetProcesses;

TEST(TargetProcesses, ParsesComputeSanitizerValues) {
  TargetProcesses mode = TargetProcesses::All;
  EXPECT_TRUE(run::parseTargetProcesses("application-only", mode));
  EXPECT_EQ(mode, TargetProcesses::ApplicationOnly);
  EXPECT_TRUE(run::parseTargetProcesses("all", mode));
  EXPECT_EQ(mode, TargetProcesses::All);
  for (const char *bad : {"", "ALL", "application", "children"}) EXPECT_FALSE(run::parseTargetProcesses(bad, mode)) << bad;
}

TEST(TargetProcesses, ApplicationOnlyChecksTheProcessWarpcheckStarted) {
  // warpcheck run is pid 100; the program it started has parent 100; the
  // program's children have the program (200) or init (1) as parent.
  EXPECT_TRUE(run::checksProcess(TargetProcesses::ApplicationOnly, 100, 100));
  EXPECT_FALSE(run::checksProcess(TargetProcesses::ApplicationOnly, 200, 100));
  EXPECT_FALSE(run::checksProcess(TargetProcesses::ApplicationOnly, 1, 100));
  // all: children too.
  EXPECT_TRUE(run::checksProcess(TargetProcesses::All, 200, 100));
  EXPECT_TRUE(run::checksProcess(TargetProcesses::All, 100, 100));
  // No launcher pid (the runtime loaded without warpcheck run): checked.
  EXPECT_TRUE(run::checksProcess(TargetProcesses::ApplicationOnly, 200, 0));
}

TEST(TargetProcesses, RuntimeReadsTheFlagsFromTheEnvironment) {
  std::vector<std::string> problems;
  EXPECT_EQ(run::readFlags(problems).target_processes, "all"); // the default
  setenv("WARPCHECK_TARGET_PROCESSES", "application-only", 1);
  setenv("WARPCHECK_LAUNCHER_PID", "4242", 1);
  run::Flags f = run::readFlags(problems);
  unsetenv("WARPCHECK_TARGET_PROCESSES");
  unsetenv("WARPCHECK_LAUNCHER_PID");
  EXPECT_EQ(f.target_processes, "application-only");
  EXPECT_EQ(f.launcher_pid, 4242u);
  EXPECT_TRUE(problems.empty());
}

TEST(ChildEnvironment, CarriesTheTargetFlagsAndReplacesInheritedOnes) {
  // An outer warpcheck run's values must not reach the program of an inner one.
  std::vector<std::string> inherited = {"PATH=/bin", "WARPCHECK_TARGET_PROCESSES=all", "WARPCHECK_LAUNCHER_PID=1",
                                        "LD_PRELOAD=/other.so", "CUDA_MODULE_LOADING=LAZY"};
  std::map<std::string, std::string> flags = {{"WARPCHECK_TARGET_PROCESSES", "application-only"},
                                              {"WARPCHECK_LAUNCHER_PID", "77"}};
  std::vector<std::string> env = cli::childEnvironment(inherited, "/lib/rt.so", "/san", flags, false);
  auto count = [&](const std::string &prefix) {
    return std::count_if(env.begin(), env.end(), [&](const std::string &kv) { return kv.rfind(prefix, 0) == 0; });
  };
  auto has = [&](const std::string &kv) { return std::find(env.begin(), env.end(), kv) != env.end(); };
  EXPECT_TRUE(has("WARPCHECK_TARGET_PROCESSES=application-only"));
  EXPECT_TRUE(has("WARPCHECK_LAUNCHER_PID=77"));
  EXPECT_EQ(count("WARPCHECK_TARGET_PROCESSES="), 1);
  EXPECT_EQ(count("WARPCHECK_LAUNCHER_PID="), 1);
  EXPECT_TRUE(has("LD_PRELOAD=/lib/rt.so:/other.so"));
  EXPECT_TRUE(has("LD_LIBRARY_PATH=/san"));
  EXPECT_TRUE(has("CUDA_MODULE_LOADING=EAGER"));
  EXPECT_EQ(count("CUDA_MODULE_LOADING="), 1);
  EXPECT_TRUE(has("PATH=/bin"));
}
