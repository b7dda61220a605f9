// Applying the config (config/ConfigApply.h): rule globs in order, the
// command line's precedence, path scope, severities and the failing
// threshold.
#include "config/ConfigApply.h"
#include <filesystem>
#include <gtest/gtest.h>

namespace warpcheck {
namespace {

ProjectConfig withRules(std::vector<std::string> rules) {
  ProjectConfig c;
  c.rules = std::move(rules);
  return c;
}

ProjectConfig inProject(std::vector<std::string> include, std::vector<std::string> exclude) {
  ProjectConfig c;
  c.file = "/proj/.warpcheck.yaml";
  c.directory = "/proj";
  c.include = std::move(include);
  c.exclude = std::move(exclude);
  return c;
}

Finding finding(const std::string &rule, Severity s, const std::string &file = "/proj/src/k.cu") {
  Finding f;
  f.rule = rule;
  f.severity = s;
  f.where.file = file;
  f.where.line = 1;
  return f;
}

TEST(ConfigApply, RuleGlobsApplyInOrderAndTheLastMatchDecides) {
  EXPECT_TRUE(ruleEnabled(withRules({}), "barrier-divergent"));
  ProjectConfig c = withRules({"*", "-warp-*", "warp-shfl-width"});
  EXPECT_TRUE(ruleEnabled(c, "barrier-divergent"));
  EXPECT_FALSE(ruleEnabled(c, "warp-legacy-intrinsic"));
  EXPECT_TRUE(ruleEnabled(c, "warp-shfl-width"));
  EXPECT_FALSE(ruleEnabled(withRules({"-*"}), "race-shared"));
  EXPECT_TRUE(ruleEnabled(withRules({"-*", "race-*"}), "race-shared"));
  EXPECT_TRUE(ruleEnabled(withRules({"-warp-legacy-intrinsic"}), "warp-shfl-width"));
}

TEST(ConfigApply, CommandLineWins) {
  ProjectConfig c = withRules({"-barrier-divergent"});
  c.archs = {"sm_70"};
  c.extraArgs = {"-DFROM_CONFIG"};
  c.failOn = Severity::Error;
  CommandLineSettings cli;
  cli.enable = {"barrier-divergent", "warp-mask-*"};
  cli.disable = {"warp-mask-nonuniform"};
  cli.archs = {"sm_80", "sm_90"};
  cli.extraArgs = {"-DFROM_CLI"};
  cli.failOn = Severity::Note;
  std::string error;
  ASSERT_TRUE(applyCommandLine(c, cli, error)) << error;
  EXPECT_EQ(c.rules, (std::vector<std::string>{"-barrier-divergent", "-*", "barrier-divergent", "warp-mask-*",
                                               "-warp-mask-nonuniform"}));
  EXPECT_TRUE(ruleEnabled(c, "barrier-divergent")); // --enable turns on what the config turned off
  EXPECT_TRUE(ruleEnabled(c, "warp-mask-missing-lane"));
  EXPECT_FALSE(ruleEnabled(c, "warp-mask-nonuniform"));
  EXPECT_FALSE(ruleEnabled(c, "warp-shfl-width")); // --enable means only those
  EXPECT_EQ(c.archs, (std::vector<std::string>{"sm_80", "sm_90"}));
  EXPECT_EQ(c.extraArgs, (std::vector<std::string>{"-DFROM_CONFIG", "-DFROM_CLI"}));
  EXPECT_EQ(c.failOn, Severity::Note);
}

TEST(ConfigApply, CommandLineWithoutSettingsKeepsTheConfig) {
  ProjectConfig c = withRules({"-barrier-divergent"});
  c.archs = {"sm_70"};
  c.failOn = Severity::Error;
  std::string error;
  ASSERT_TRUE(applyCommandLine(c, CommandLineSettings{}, error));
  EXPECT_EQ(c.rules, std::vector<std::string>{"-barrier-divergent"});
  EXPECT_EQ(c.archs, std::vector<std::string>{"sm_70"});
  EXPECT_EQ(c.failOn, Severity::Error);

  CommandLineSettings disableOnly;
  disableOnly.disable = {"warp-shfl-width"};
  ASSERT_TRUE(applyCommandLine(c, disableOnly, error));
  EXPECT_FALSE(ruleEnabled(c, "barrier-divergent"));
  EXPECT_FALSE(ruleEnabled(c, "warp-shfl-width"));
  EXPECT_TRUE(ruleEnabled(c, "warp-legacy-intrinsic"));
}

// --enable takes Rules' syntax (issue 21): '-GLOB' turns rules off; a list
// of '-GLOB's alone keeps the rest as configured.
TEST(ConfigApply, EnableTakesRulesSyntax) {
  ProjectConfig c = withRules({"-warp-legacy-intrinsic"});
  CommandLineSettings offOnly;
  offOnly.enable = {"-warp-shfl-width"};
  std::string error;
  ASSERT_TRUE(applyCommandLine(c, offOnly, error)) << error;
  EXPECT_FALSE(ruleEnabled(c, "warp-shfl-width"));
  EXPECT_FALSE(ruleEnabled(c, "warp-legacy-intrinsic"));
  EXPECT_TRUE(ruleEnabled(c, "barrier-divergent")); // the rest as configured

  ProjectConfig d;
  CommandLineSettings mixed;
  mixed.enable = {"warp-*", "-warp-shfl-width"};
  ASSERT_TRUE(applyCommandLine(d, mixed, error)) << error;
  EXPECT_TRUE(ruleEnabled(d, "warp-mask-nonuniform"));
  EXPECT_FALSE(ruleEnabled(d, "warp-shfl-width"));
  EXPECT_FALSE(ruleEnabled(d, "barrier-divergent")); // only those

  CommandLineSettings typo;
  typo.enable = {"-barier-divergent"};
  EXPECT_FALSE(applyCommandLine(d, typo, error));
  EXPECT_EQ(error, "unknown rule 'barier-divergent'; did you mean 'barrier-divergent'?");
}

TEST(ConfigApply, WarningsAsErrorsFromTheCommandLine) {
  ProjectConfig c;
  c.warningsAsErrors = {"warp-shfl-width"};
  CommandLineSettings cli;
  cli.warningsAsErrors = {"warp-legacy-*"};
  std::string error;
  ASSERT_TRUE(applyCommandLine(c, cli, error)) << error;
  EXPECT_EQ(c.warningsAsErrors, (std::vector<std::string>{"warp-shfl-width", "warp-legacy-*"}));
  cli.warningsAsErrors = {"warp-legacy-intrinsc"};
  EXPECT_FALSE(applyCommandLine(c, cli, error));
}

TEST(ConfigApply, CommandLineRuleGlobsAreChecked) {
  ProjectConfig c;
  CommandLineSettings cli;
  cli.disable = {"barier-divergent"};
  std::string error;
  EXPECT_FALSE(applyCommandLine(c, cli, error));
  EXPECT_EQ(error, "unknown rule 'barier-divergent'; did you mean 'barrier-divergent'?");
}

TEST(ConfigApply, ExcludedDirectoryCoversEverythingBelowIt) {
  ProjectConfig c = inProject({}, {"third_party"});
  EXPECT_EQ(outOfScope(c, "/proj/third_party/cub/x.cuh"),
            "excluded by /proj/.warpcheck.yaml (Exclude: third_party)");
  EXPECT_EQ(outOfScope(c, "/proj/src/k.cu"), "");
  EXPECT_EQ(outOfScope(c, "/proj/third_party_shim.cu"), "");   // a name, not a prefix
  EXPECT_EQ(outOfScope(c, "/proj/src/third_party/k.cu"), ""); // relative globs start at the config
  EXPECT_NE(outOfScope(inProject({}, {"./third_party/"}), "/proj/third_party/k.cu"), "");
}

TEST(ConfigApply, StarStaysInOneDirectoryAndDoubleStarCrosses) {
  ProjectConfig c = inProject({}, {"gen/*.cu", "**/skip_me"});
  EXPECT_NE(outOfScope(c, "/proj/gen/a.cu"), "");
  EXPECT_EQ(outOfScope(c, "/proj/gen/sub/a.cu"), "");
  EXPECT_NE(outOfScope(c, "/proj/a/b/skip_me/c.cu"), "");
  EXPECT_NE(outOfScope(c, "/proj/skip_me/c.cu"), "");
  EXPECT_EQ(outOfScope(c, "/proj/skip_me_not/c.cu"), "");
}

TEST(ConfigApply, IncludeLimitsTheScopeAndExcludeCutsIntoIt) {
  ProjectConfig c = inProject({"src", "include/**/*.cuh"}, {"src/legacy"});
  EXPECT_EQ(outOfScope(c, "/proj/src/k.cu"), "");
  EXPECT_EQ(outOfScope(c, "/proj/include/a/b/k.cuh"), "");
  EXPECT_EQ(outOfScope(c, "/proj/test/k.cu"), "not under Include of /proj/.warpcheck.yaml");
  EXPECT_EQ(outOfScope(c, "/usr/local/cuda/include/cuda.h"), "not under Include of /proj/.warpcheck.yaml");
  EXPECT_NE(outOfScope(c, "/proj/src/legacy/old.cu"), "");
  EXPECT_NE(outOfScope(c, "/proj/src/../test/k.cu"), "");
}

TEST(ConfigApply, AbsoluteGlobsAndFilesRelativeToTheCurrentDirectory) {
  EXPECT_NE(outOfScope(inProject({}, {"/opt/vendor"}), "/opt/vendor/lib/k.cu"), "");
  ProjectConfig here;
  here.file = ".warpcheck.yaml";
  here.directory = std::filesystem::current_path().string();
  here.exclude = {"third_party"};
  EXPECT_NE(outOfScope(here, "third_party/k.cu"), "");
  EXPECT_EQ(outOfScope(here, "src/k.cu"), "");
  here.directory = ""; // no config file: the current directory
  EXPECT_NE(outOfScope(here, "./third_party/k.cu"), "");
}

TEST(ConfigApply, FindingsOfRulesOffAndOutOfScopeAreDropped) {
  ProjectConfig c = inProject({}, {"third_party"});
  c.rules = {"-warp-legacy-intrinsic"};
  std::vector<Finding> fs = {finding("barrier-divergent", Severity::Error),
                             finding("warp-legacy-intrinsic", Severity::Error),
                             finding("barrier-divergent", Severity::Error, "/proj/third_party/x.cu"),
                             finding("race-shared", Severity::Error, "")};
  applyToFindings(c, fs);
  ASSERT_EQ(fs.size(), 2u);
  EXPECT_EQ(fs[0].rule, "barrier-divergent");
  EXPECT_EQ(fs[0].where.file, "/proj/src/k.cu");
  EXPECT_EQ(fs[1].rule, "race-shared"); // no file: nothing to judge its scope by
}

TEST(ConfigApply, SeveritiesThenWarningsAsErrors) {
  ProjectConfig c;
  c.severities = {{"warp-*", Severity::Note}, {"warp-shfl-width", Severity::Warning}};
  c.warningsAsErrors = {"warp-*", "-warp-legacy-intrinsic", "arch-macro-in-host-code"};
  std::vector<Finding> fs = {finding("warp-shfl-width", Severity::Error),
                             finding("warp-legacy-intrinsic", Severity::Error),
                             finding("warp-activemask-misuse", Severity::Warning),
                             finding("arch-macro-in-host-code", Severity::Warning),
                             finding("barrier-divergent", Severity::Warning)};
  applyToFindings(c, fs);
  EXPECT_EQ(fs[0].severity, Severity::Error);   // warning by the last Severities entry, then an error
  EXPECT_EQ(fs[1].severity, Severity::Note);    // note, and not in WarningsAsErrors
  EXPECT_EQ(fs[2].severity, Severity::Error);   // note, then an error
  EXPECT_EQ(fs[3].severity, Severity::Error);   // WarningsAsErrors alone
  EXPECT_EQ(fs[4].severity, Severity::Warning); // untouched
}

TEST(ConfigApply, FailOnIsTheThreshold) {
  ProjectConfig c;
  std::vector<Finding> warning = {finding("barrier-divergent", Severity::Warning)};
  std::vector<Finding> note = {finding("barrier-divergent", Severity::Note)};
  EXPECT_TRUE(failsRun(c, warning));
  EXPECT_FALSE(failsRun(c, note));
  EXPECT_FALSE(failsRun(c, {}));
  c.failOn = Severity::Error;
  EXPECT_FALSE(failsRun(c, warning));
  c.failOn = Severity::Note;
  EXPECT_TRUE(failsRun(c, note));
}

} // namespace
} // namespace warpcheck
