// InheritParentConfig and per-source configurations (config/ConfigInherit.h,
// config/ConfigResolver.h): how keys merge, where path globs start, a broken
// parent, and each source taking its nearest file.
#include "config/ConfigApply.h"
#include "config/ConfigInherit.h"
#include "config/ConfigResolver.h"
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace warpcheck {
namespace {

struct TempDir {
  TempDir() {
    std::string templ = (fs::temp_directory_path() / "warpcheck-inherit-XXXXXX").string();
    path = fs::canonical(mkdtemp(templ.data()));
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path write(const std::string &rel, const std::string &text) const {
    fs::path p = path / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  fs::path path;
};

using Strings = std::vector<std::string>;

TEST(ConfigInherit, ListsAppendScalarsAndSeveritiesOverride) {
  TempDir t;
  t.write(".warpcheck.yaml", "Rules: ['*', '-warp-legacy-intrinsic']\n"
                             "Severities:\n  barrier-divergent: note\n  'arch-*': note\n"
                             "Archs: [sm_80]\nInclude: [src]\nExclude: [src/gen, /opt/vendor]\n"
                             "ExtraArgs: [-DTOP]\nFailOn: error\nWarningsAsErrors: ['warp-*']\n");
  fs::path child = t.write("src/sub/.warpcheck.yaml", "InheritParentConfig: true\n"
                                                      "Rules: ['-barrier-divergent']\n"
                                                      "Severities:\n  barrier-divergent: warning\n"
                                                      "Exclude: [old]\nExtraArgs: [-DSUB]\n"
                                                      "WarningsAsErrors: ['-warp-shfl-width']\n");
  ProjectConfig c;
  ConfigError e;
  ASSERT_TRUE(loadConfigWithParents(child.string(), c, e)) << e.describe();
  EXPECT_EQ(c.rules, (Strings{"*", "-warp-legacy-intrinsic", "-barrier-divergent"}));
  EXPECT_EQ(c.warningsAsErrors, (Strings{"warp-*", "-warp-shfl-width"}));
  EXPECT_EQ(c.extraArgs, (Strings{"-DTOP", "-DSUB"}));
  std::string top = t.path.string();
  EXPECT_EQ(c.include, (Strings{top + "/src"}));
  EXPECT_EQ(c.exclude, (Strings{top + "/src/gen", "/opt/vendor", "old"}));
  ASSERT_EQ(c.severities.size(), 2u);
  EXPECT_EQ(c.severities[0].rule, "arch-*");
  EXPECT_EQ(c.severities[1].rule, "barrier-divergent");
  EXPECT_EQ(c.severities[1].severity, Severity::Warning);
  EXPECT_EQ(c.archs, (Strings{"sm_80"}));   // not stated by the child
  EXPECT_EQ(c.failOn, Severity::Error);      // not stated by the child
  EXPECT_EQ(c.inherited, (Strings{(t.path / ".warpcheck.yaml").string()}));
  EXPECT_FALSE(c.inheritParentConfig);
  // The parent's globs still start at the parent's directory.
  EXPECT_NE(outOfScope(c, top + "/src/gen/a.cu"), "");
  EXPECT_NE(outOfScope(c, top + "/src/sub/old/a.cu"), "");
  EXPECT_EQ(outOfScope(c, top + "/src/sub/gen/a.cu"), "");
  EXPECT_NE(outOfScope(c, top + "/test/a.cu"), "");

  // A child that states Archs and FailOn keeps its own, even the defaults.
  t.write("src/sub/.warpcheck.yaml", "InheritParentConfig: true\nArchs: []\nFailOn: warning\n");
  ASSERT_TRUE(loadConfigWithParents(child.string(), c, e)) << e.describe();
  EXPECT_TRUE(c.archs.empty());
  EXPECT_EQ(c.failOn, Severity::Warning);
}

TEST(ConfigInherit, OnlyWhenAskedAndThroughTheChain) {
  TempDir t;
  t.write(".warpcheck.yaml", "ExtraArgs: [-DA]\n");
  t.write("b/.warpcheck.yaml", "InheritParentConfig: true\nExtraArgs: [-DB]\n");
  fs::path c = t.write("b/c/.warpcheck.yaml", "InheritParentConfig: true\nExtraArgs: [-DC]\n");
  ProjectConfig config;
  ConfigError e;
  ASSERT_TRUE(loadConfigWithParents(c.string(), config, e)) << e.describe();
  EXPECT_EQ(config.extraArgs, (Strings{"-DA", "-DB", "-DC"}));
  EXPECT_EQ(config.inherited.size(), 2u);
  t.write("b/.warpcheck.yaml", "ExtraArgs: [-DB]\n"); // the chain stops at b/
  ASSERT_TRUE(loadConfigWithParents(c.string(), config, e)) << e.describe();
  EXPECT_EQ(config.extraArgs, (Strings{"-DB", "-DC"}));
  // Nothing above: nothing to inherit, no error.
  fs::remove(t.path / ".warpcheck.yaml");
  fs::path alone = t.write("x/.warpcheck.yaml", "InheritParentConfig: true\nExtraArgs: [-DX]\n");
  ASSERT_TRUE(loadConfigWithParents(alone.string(), config, e)) << e.describe();
  EXPECT_EQ(config.extraArgs, (Strings{"-DX"}));
}

TEST(ConfigInherit, ABrokenParentIsAnErrorNamingBothFiles) {
  TempDir t;
  fs::path parent = t.write(".warpcheck.yaml", "# broken\nRulez: ['*']\n");
  fs::path child = t.write("sub/.warpcheck.yaml", "InheritParentConfig: true\n");
  ProjectConfig c;
  ConfigError e;
  EXPECT_FALSE(loadConfigWithParents(child.string(), c, e));
  EXPECT_EQ(e.describe(), parent.string() + ":2:1: unknown key 'Rulez'; did you mean 'Rules'? (inherited by " +
                              child.string() + ", which sets InheritParentConfig)");
  t.write("sub/.warpcheck.yaml", "InheritParentConfig: yes\n");
  EXPECT_FALSE(loadConfigWithParents(child.string(), c, e));
  EXPECT_EQ(e.describe(), child.string() + ":1:22: 'InheritParentConfig' must be true or false; found 'yes'");
}

TEST(ConfigResolver, EachSourceTakesItsNearestFile) {
  TempDir t;
  t.write(".warpcheck.yaml", "Archs: [sm_80]\n");
  t.write("lib/.warpcheck.yaml", "Archs: [sm_90]\n");
  ConfigResolver r("", false, CommandLineSettings{});
  std::string error;
  const ProjectConfig *app = r.forSource((t.path / "app/k.cu").string(), error);
  const ProjectConfig *lib = r.forSource((t.path / "lib/k.cu").string(), error);
  ASSERT_TRUE(app && lib) << error;
  EXPECT_EQ(app->archs, (Strings{"sm_80"}));
  EXPECT_EQ(lib->archs, (Strings{"sm_90"}));
  EXPECT_EQ(r.forSource((t.path / "app/other.cu").string(), error), app); // read once
  EXPECT_EQ(r.filesRead().size(), 2u);

  CommandLineSettings cli;
  cli.archs = {"sm_100"};
  ConfigResolver fixed((t.path / "lib/.warpcheck.yaml").string(), false, cli);
  const ProjectConfig *c = fixed.forSource((t.path / "app/k.cu").string(), error);
  ASSERT_TRUE(c) << error;
  EXPECT_EQ(c->archs, (Strings{"sm_100"})); // --config-file for every source, the command line folded in
  ConfigResolver none("", true, CommandLineSettings{});
  c = none.forSource((t.path / "lib/k.cu").string(), error);
  ASSERT_TRUE(c) << error;
  EXPECT_TRUE(c->file.empty());
}

} // namespace
} // namespace warpcheck
