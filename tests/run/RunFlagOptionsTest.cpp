// `warpcheck run`'s flag options, generated from runtime/common/Flags.inc
// (cli/RunFlagOptions.cpp), and the validators the file names
// (runtime/common/FlagValidators.cpp): the values each passes to the
// runtime, the errors of bad ones, and the help with the flags' defaults.
#include "cli/ArgParser.h"
#include "cli/RunFlagOptions.h"
#include "runtime/common/FlagValidators.h"
#include "runtime/common/Flags.h"
#include <gtest/gtest.h>
#include <set>
#include <sstream>

using namespace warpcheck;

namespace {

struct RunOptions {
  std::map<std::string, std::string> flags;
  cli::CommandSpec spec{"run", "warpcheck run [options] -- <program>", "", {}, false, true, true};
  RunOptions() {
    for (run::FlagGroup g : {run::FlagGroup::Launches, run::FlagGroup::Checks, run::FlagGroup::Trace,
                             run::FlagGroup::Patching})
      cli::addRunFlagOptions(spec.options, g, flags);
  }
  // The parser's error, "" when the arguments parse.
  std::string parse(const std::vector<std::string> &args) {
    cli::ParsedArgs parsed;
    std::string error;
    std::vector<std::string> all = args;
    all.insert(all.end(), {"--", "app"});
    return cli::parseArgs(spec, all, parsed, error) ? "" : error;
  }
  std::string help(const std::string &option) {
    for (const cli::OptionSpec &o : spec.options)
      if (o.name == option) return o.help;
    return "(no option " + option + ")";
  }
};

} // namespace

TEST(RunFlagsOptions, PassTheRuntimeTheFlagValues) {
  RunOptions r;
  ASSERT_EQ(r.parse({"--kernel-name", "kns=reduce", "--kernel-name-exclude=scan", "--target-processes",
                     "application-only", "--launch-skip", "007", "--launch-count", "3", "--launch-sample", "4",
                     "--sample-blocks", "16", "--table-capacity", "256",
                     "--shadow-budget", "64", "--global-shadow-budget", "128", "--patch-stack", "4096", "--no-global",
                     "--no-intra-warp", "--volatile", "ptx", "--trace-launches", "2", "--trace-events", "100",
                     "--patch-floor", "--patch-on-load"}),
            "");
  std::map<std::string, std::string> want = {
      {"WARPCHECK_KERNEL_NAME", "kns=reduce"},   {"WARPCHECK_KERNEL_NAME_EXCLUDE", "scan"},
      {"WARPCHECK_TARGET_PROCESSES", "application-only"},
      {"WARPCHECK_LAUNCH_SKIP", "7"},            {"WARPCHECK_LAUNCH_COUNT", "3"},
      {"WARPCHECK_LAUNCH_SAMPLE", "4"},          {"WARPCHECK_SAMPLE_BLOCKS", "16"},
      {"WARPCHECK_TABLE_CAPACITY", "256"},       {"WARPCHECK_SHADOW_BUDGET_MIB", "64"},
      {"WARPCHECK_GLOBAL_SHADOW_BUDGET_MIB", "128"}, {"WARPCHECK_PATCH_STACK", "4096"},
      {"WARPCHECK_GLOBAL", "0"},                 {"WARPCHECK_INTRA_WARP", "0"},
      {"WARPCHECK_VOLATILE_RACES", "0"},         {"WARPCHECK_TRACE_LAUNCHES", "2"},
      {"WARPCHECK_TRACE_EVENTS", "100"},         {"WARPCHECK_PATCH_FLOOR", "1"},
      {"WARPCHECK_PATCH_ON_LAUNCH", "0"}};
  EXPECT_EQ(r.flags, want);
}

TEST(RunFlagsOptions, OnlyGivenOptionsSetFlags) {
  RunOptions r;
  ASSERT_EQ(r.parse({"--volatile", "cuda"}), "");
  EXPECT_EQ(r.flags, (std::map<std::string, std::string>{{"WARPCHECK_VOLATILE_RACES", "1"}}));
}

TEST(RunFlagsOptions, BadValuesAreUsageErrorsNamingTheOption) {
  RunOptions r;
  EXPECT_EQ(r.parse({"--table-capacity", "3"}),
            "invalid value '3' for --table-capacity: expected a power of two up to 16777216");
  EXPECT_EQ(r.parse({"--table-capacity", "abc"}),
            "invalid value 'abc' for --table-capacity: expected a power of two up to 16777216");
  EXPECT_EQ(r.parse({"--table-capacity", "33554432"}),
            "invalid value '33554432' for --table-capacity: expected a power of two up to 16777216");
  EXPECT_EQ(r.parse({"--launch-count", "-1"}), "invalid value '-1' for --launch-count: expected a non-negative number");
  EXPECT_EQ(r.parse({"--shadow-budget", "12x"}),
            "invalid value '12x' for --shadow-budget: expected a non-negative number");
  EXPECT_EQ(r.parse({"--volatile", "c++"}), "invalid value 'c++' for --volatile: expected cuda or ptx, not 'c++'");
  EXPECT_EQ(r.parse({"--target-processes", "children"}),
            "invalid value 'children' for --target-processes: expected all or application-only, not 'children'");
  EXPECT_NE(r.parse({"--kernel-name", "knx=reduce"}).find("bad kernel name filter: "), std::string::npos);
  EXPECT_EQ(r.parse({"--no-global=1"}), "option '--no-global' takes no value");
  EXPECT_TRUE(r.flags.empty()) << "a bad value sets no flag";
}

// The help states each numeric default as Flags.inc declares it: the text
// and the runtime cannot drift apart.
TEST(RunFlagsOptions, HelpStatesTheFlagsDefaults) {
  RunOptions r;
  run::Flags d;
  EXPECT_EQ(r.help("--table-capacity"),
            "distinct findings one launch can record (power of two, default " + std::to_string(d.table_capacity) + ")");
  EXPECT_EQ(r.help("--shadow-budget"),
            "device memory for the shared-memory shadow (default " + std::to_string(d.shadow_budget_mib) + " MiB)");
  EXPECT_EQ(r.help("--global-shadow-budget"), "device memory for the global-memory shadow (default " +
                                                  std::to_string(d.global_shadow_budget_mib) + " MiB)");
  EXPECT_EQ(r.help("--patch-stack"),
            "stack added per GPU thread for warpcheck's checks (default " + std::to_string(d.patch_stack) + ")");
  EXPECT_EQ(r.help("--trace-launches"),
            "with --trace: how many checked launches to trace (default " + std::to_string(d.trace_launches) + ")");
  EXPECT_NE(r.help("--trace-events").find("(default " + std::to_string(d.trace_events) + ")"), std::string::npos);
  for (const cli::OptionSpec &o : r.spec.options) EXPECT_EQ(o.help.find('{'), std::string::npos) << o.name;
}

// Groups keep Flags.inc's order; run's own options go between them.
TEST(RunFlagsOptions, GroupsInHelpOrder) {
  std::map<std::string, std::string> flags;
  auto names = [&](run::FlagGroup g) {
    std::vector<cli::OptionSpec> options;
    cli::addRunFlagOptions(options, g, flags);
    std::vector<std::string> out;
    for (const cli::OptionSpec &o : options) out.push_back(o.name + (o.valueName.empty() ? "" : " " + o.valueName));
    return out;
  };
  EXPECT_EQ(names(run::FlagGroup::Launches),
            (std::vector<std::string>{"--kernel-name FILTER", "--kernel-name-exclude FILTER",
                                      "--target-processes all|application-only", "--launch-skip N",
                                      "--launch-count N", "--launch-sample N"}));
  EXPECT_EQ(names(run::FlagGroup::Checks),
            (std::vector<std::string>{"--table-capacity N", "--shadow-budget MIB", "--global-shadow-budget MIB",
                                      "--patch-stack BYTES", "--sample-blocks N", "--no-global", "--no-intra-warp",
                                      "--volatile cuda|ptx"}));
  EXPECT_EQ(names(run::FlagGroup::Trace), (std::vector<std::string>{"--trace-launches N", "--trace-events N"}));
  EXPECT_EQ(names(run::FlagGroup::Patching), (std::vector<std::string>{"--patch-floor", "--patch-on-load", "--no-sass-cache"}));
}

TEST(RunFlagsValidators, CountsAreCanonicalAndTableCapacitiesPowersOfTwo) {
  std::string flag, error;
  EXPECT_TRUE(run::validators::count("0042", flag, error));
  EXPECT_EQ(flag, "42");
  EXPECT_FALSE(run::validators::count("", flag, error));
  EXPECT_EQ(error, "expected a non-negative number");
  EXPECT_TRUE(run::validators::positiveCount("03", flag, error));
  EXPECT_EQ(flag, "3");
  EXPECT_FALSE(run::validators::positiveCount("0", flag, error));
  EXPECT_EQ(error, "expected a positive number");
  EXPECT_TRUE(run::validators::tableCapacity("16777216", flag, error));
  EXPECT_EQ(flag, "16777216");
  EXPECT_FALSE(run::validators::tableCapacity("0", flag, error));
  uint64_t n = 0;
  EXPECT_TRUE(run::parseCount("18", n));
  EXPECT_EQ(n, 18u);
  EXPECT_FALSE(run::parseCount("-0", n));
  EXPECT_FALSE(run::parseCount("1 ", n));
}
