// The config schema (config/ProjectConfig.h): valid files, each error with
// its file:line:col, loading, discovery and the --dump-config round trip.
#include "config/ProjectConfig.h"
#include "support/GpuArch.h"
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace warpcheck {
namespace {

ProjectConfig parse(const std::string &text) {
  ProjectConfig c;
  ConfigError e;
  EXPECT_TRUE(parseProjectConfig(text, "/proj/.warpcheck.yaml", c, e)) << e.describe();
  return c;
}

// The error as the CLI prints it (after "warpcheck: error: "), or "parsed".
std::string errorOf(const std::string &text) {
  ProjectConfig c;
  ConfigError e;
  if (parseProjectConfig(text, "cfg.yaml", c, e)) return "parsed";
  return e.describe();
}

// A fresh directory under the system temp dir, removed afterwards.
struct TempDir {
  TempDir() {
    std::string templ = (fs::temp_directory_path() / "warpcheck-config-XXXXXX").string();
    path = mkdtemp(templ.data());
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

const char *const kFull = R"(# a project
Rules: ['*', '-warp-legacy-intrinsic']
Severities:
  warp-shfl-width: warning
  'arch-*': note
Archs: [sm_80, sm_90a]
Include:
  - src
  - 'include/**/*.cuh'
Exclude: [third_party]
ExtraArgs: [-Iinclude, '-DMODE=fast']
FailOn: error
WarningsAsErrors: [warp-mask-*]
)";

TEST(ProjectConfig, ReadsEveryKey) {
  ProjectConfig c = parse(kFull);
  EXPECT_EQ(c.file, "/proj/.warpcheck.yaml");
  EXPECT_EQ(c.directory, "/proj");
  EXPECT_EQ(c.rules, (std::vector<std::string>{"*", "-warp-legacy-intrinsic"}));
  ASSERT_EQ(c.severities.size(), 2u);
  EXPECT_EQ(c.severities[0].rule, "warp-shfl-width");
  EXPECT_EQ(c.severities[0].severity, Severity::Warning);
  EXPECT_EQ(c.severities[1].rule, "arch-*");
  EXPECT_EQ(c.severities[1].severity, Severity::Note);
  EXPECT_EQ(c.archs, (std::vector<std::string>{"sm_80", "sm_90a"}));
  EXPECT_EQ(c.include, (std::vector<std::string>{"src", "include/**/*.cuh"}));
  EXPECT_EQ(c.exclude, (std::vector<std::string>{"third_party"}));
  EXPECT_EQ(c.extraArgs, (std::vector<std::string>{"-Iinclude", "-DMODE=fast"}));
  EXPECT_EQ(c.failOn, Severity::Error);
  EXPECT_EQ(c.warningsAsErrors, (std::vector<std::string>{"warp-mask-*"}));
}

TEST(ProjectConfig, EmptyFileMeansDefaults) {
  ProjectConfig c = parse("# nothing yet\n");
  EXPECT_TRUE(c.rules.empty());
  EXPECT_TRUE(c.severities.empty());
  EXPECT_EQ(c.failOn, Severity::Warning);
  EXPECT_EQ(parse("Rules: []\nSeverities: {}\n").rules.size(), 0u);
}

TEST(ProjectConfig, UnknownKeysAreErrorsWithASuggestion) {
  EXPECT_EQ(errorOf("FailOn: error\nRule: ['*']\n"), "cfg.yaml:2:1: unknown key 'Rule'; did you mean 'Rules'?");
  EXPECT_EQ(errorOf("rules: ['*']\n"), "cfg.yaml:1:1: unknown key 'rules'; did you mean 'Rules'?");
  EXPECT_EQ(errorOf("Checks: '*'\n"),
            "cfg.yaml:1:1: unknown key 'Checks' (known keys: Rules Severities Archs Include Exclude ExtraArgs "
            "FailOn WarningsAsErrors InheritParentConfig)");
  EXPECT_EQ(errorOf("Severities:\n  barier-divergent: error\n"),
            "cfg.yaml:2:3: unknown rule 'barier-divergent'; did you mean 'barrier-divergent'?");
}

TEST(ProjectConfig, WrongTypesAreErrors) {
  EXPECT_EQ(errorOf("Rules: '*'\n"),
            "cfg.yaml:1:8: 'Rules' must be a list of rule globs ('-' before one turns rules off), like "
            "['*', '-warp-legacy-intrinsic']; found a value");
  EXPECT_EQ(errorOf("Rules:\nFailOn: error\n"),
            "cfg.yaml:1:7: 'Rules' must be a list of rule globs ('-' before one turns rules off), like "
            "['*', '-warp-legacy-intrinsic']; found nothing");
  EXPECT_EQ(errorOf("Include:\n  - [a]\n"), "cfg.yaml:2:5: each entry of 'Include' must be a value, found a list");
  EXPECT_EQ(errorOf("Archs:\n  arch: sm_80\n"),
            "cfg.yaml:2:3: 'Archs' must be a list of archs, like [sm_80, sm_90]; found a mapping");
  EXPECT_EQ(errorOf("Severities: [barrier-divergent]\n"),
            "cfg.yaml:1:13: 'Severities' must be a mapping of rule globs to severities, like "
            "'warp-activemask-misuse: error' on the next line, indented; found a list");
  EXPECT_EQ(errorOf("FailOn: [error]\n"), "cfg.yaml:1:9: 'FailOn' must be error, warning or note; found a list");
  EXPECT_EQ(errorOf("FailOn:error\n"), "cfg.yaml:1:1: the configuration must be a mapping of keys (Rules, Severities, "
                                       "...), found a value (a space must follow the ':' of a key)");
  EXPECT_EQ(errorOf("- Rules\n"),
            "cfg.yaml:1:1: the configuration must be a mapping of keys (Rules, Severities, ...), found a list");
}

TEST(ProjectConfig, BadValuesAreErrors) {
  EXPECT_EQ(errorOf("Rules: ['*', '-warp-legacy-intrinsc']\n"),
            "cfg.yaml:1:14: unknown rule 'warp-legacy-intrinsc'; did you mean 'warp-legacy-intrinsic'?");
  EXPECT_EQ(errorOf("WarningsAsErrors: ['foo-*']\n"),
            "cfg.yaml:1:20: 'foo-*' matches no rule (see 'warpcheck rules')");
  EXPECT_EQ(errorOf("Rules: ['-']\n"), "cfg.yaml:1:9: empty rule glob");
  EXPECT_EQ(errorOf("Severities:\n  barrier-divergent: fatal\n"),
            "cfg.yaml:2:22: 'fatal' is not a severity (expected error, warning or note)");
  EXPECT_EQ(errorOf("FailOn: Error\n"), "cfg.yaml:1:9: 'Error' is not a severity (expected error, warning or note)");
  EXPECT_EQ(errorOf("Archs: [sm_80, sm_8]\n"),
            "cfg.yaml:1:16: 'sm_8' is not a GPU arch (expected sm_NN like sm_80 or sm_90a for CUDA, gfxNNN like gfx90a or gfx1100 for HIP)");
  EXPECT_EQ(errorOf("Exclude: ['']\n"), "cfg.yaml:1:11: empty entry in 'Exclude'");
}

TEST(ProjectConfig, YamlErrorsNameTheFile) {
  EXPECT_EQ(errorOf("Rules: ['*'\n"), "cfg.yaml:1:8: unterminated '[' (no matching ']')");
  EXPECT_EQ(errorOf("FailOn: error\nFailOn: note\n"), "cfg.yaml:2:1: duplicate key 'FailOn' (first at line 1)");
  EXPECT_EQ(errorOf("Rules:\n\t- '*'\n"), "cfg.yaml:2:1: tabs cannot indent YAML; use spaces");
}

TEST(ProjectConfig, DumpReadsBackTheSame) {
  for (const char *text : {kFull, "", "ExtraArgs: [\"-DX=\\\"a b\\\"\", '-DY=#1', \"tab\\there\", 'a: b']\n"}) {
    ProjectConfig c = parse(text);
    std::string dumped = formatProjectConfig(c);
    ProjectConfig again = parse(dumped);
    EXPECT_EQ(formatProjectConfig(again), dumped);
    EXPECT_EQ(again.rules, c.rules);
    EXPECT_EQ(again.extraArgs, c.extraArgs);
    EXPECT_EQ(again.include, c.include);
    EXPECT_EQ(again.failOn, c.failOn);
    ASSERT_EQ(again.severities.size(), c.severities.size());
    for (size_t i = 0; i < c.severities.size(); ++i) {
      EXPECT_EQ(again.severities[i].rule, c.severities[i].rule);
      EXPECT_EQ(again.severities[i].severity, c.severities[i].severity);
    }
  }
  EXPECT_EQ(formatProjectConfig(parse(kFull)), "Rules: ['*', '-warp-legacy-intrinsic']\n"
                                               "Severities:\n"
                                               "  warp-shfl-width: warning\n"
                                               "  arch-*: note\n"
                                               "Archs: [sm_80, sm_90a]\n"
                                               "Include: [src, include/**/*.cuh]\n"
                                               "Exclude: [third_party]\n"
                                               "ExtraArgs: ['-Iinclude', '-DMODE=fast']\n"
                                               "FailOn: error\n"
                                               "WarningsAsErrors: [warp-mask-*]\n"
                                               "InheritParentConfig: false\n");
}

TEST(ProjectConfig, LoadsFilesAndNamesTheProblem) {
  TempDir t;
  fs::path good = t.write("good.yaml", "FailOn: note\n");
  ProjectConfig c;
  ConfigError e;
  ASSERT_TRUE(loadProjectConfig(good.string(), c, e)) << e.describe();
  EXPECT_EQ(c.failOn, Severity::Note);
  EXPECT_EQ(fs::path(c.directory), fs::canonical(t.path));

  EXPECT_FALSE(loadProjectConfig((t.path / "missing.yaml").string(), c, e));
  EXPECT_EQ(e.describe(), (t.path / "missing.yaml").string() + ": cannot read the configuration: No such file or directory");
  EXPECT_FALSE(loadProjectConfig(t.path.string(), c, e));
  EXPECT_EQ(e.describe(), t.path.string() + ": is a directory, not a configuration file");
  fs::path big = t.write("big.yaml", "# " + std::string(1 << 20, 'x') + "\n");
  EXPECT_FALSE(loadProjectConfig(big.string(), c, e));
  EXPECT_EQ(e.message, "larger than 1 MiB: not a warpcheck configuration");
  fs::path bad = t.write("bad.yaml", "FailOn: error\nArchs: sm_90\n");
  EXPECT_FALSE(loadProjectConfig(bad.string(), c, e));
  EXPECT_EQ(e.describe(), bad.string() + ":2:8: 'Archs' must be a list of archs, like [sm_80, sm_90]; found a value");
}

TEST(ProjectConfig, FindsTheNearestFileAtOrAboveTheInput) {
  TempDir t;
  fs::path top = t.write(".warpcheck.yaml", "");
  t.write("a/b/kernel.cu", "");
  fs::create_directories(t.path / "a/.warpcheck.yaml"); // a directory of that name is not a config
  EXPECT_EQ(findProjectConfig((t.path / "a/b/kernel.cu").string()), top.string());
  EXPECT_EQ(findProjectConfig((t.path / "a/b").string()), top.string());
  EXPECT_EQ(findProjectConfig((t.path / "a/b/").string()), top.string());
  EXPECT_EQ(findProjectConfig((t.path / "a/b/not-yet.cu").string()), top.string());
  fs::path nearer = t.write("a/b/.warpcheck.yaml", "");
  EXPECT_EQ(findProjectConfig((t.path / "a/b/kernel.cu").string()), nearer.string());
  EXPECT_EQ(findProjectConfig((t.path / "a").string()), top.string());
}

TEST(ProjectConfig, FoundFileIsRelativeBelowTheCurrentDirectory) {
  TempDir t;
  t.write(".warpcheck.yaml", "");
  t.write("src/k.cu", "");
  fs::path old = fs::current_path();
  fs::current_path(t.path);
  std::string below = findProjectConfig("src/k.cu");
  fs::current_path(t.path / "src");
  std::string above = findProjectConfig("k.cu");
  fs::current_path(old);
  EXPECT_EQ(below, ".warpcheck.yaml");
  EXPECT_EQ(fs::path(above), fs::absolute(t.path / ".warpcheck.yaml"));
}

TEST(ProjectConfig, AmdGpuArchNames) {
  for (const char *ok : {"gfx90a", "gfx942", "gfx1100", "gfx1201", "gfx90a:xnack+", "gfx942:sramecc-:xnack+",
                         "gfx906", "gfx10-3-generic", "gfx9-generic"})
    EXPECT_TRUE(isAmdGpuArchName(ok)) << ok;
  for (const char *bad : {"gfx", "gfxabc", "sm_90", "gfx90a:xnack", "amdgcn", "gfx90a+"})
    EXPECT_FALSE(isAmdGpuArchName(bad)) << bad;
  EXPECT_TRUE(isGpuArchName("sm_80"));
  EXPECT_TRUE(isGpuArchName("gfx1030"));
}

TEST(ProjectConfig, CudaArchNames) {
  for (const char *ok : {"sm_80", "sm_90a", "sm_100f", "compute_90", "lto_89", "90", "sm_120"})
    EXPECT_TRUE(isCudaArchName(ok)) << ok;
  for (const char *bad : {"sm_8", "sm_1000", "native", "all-major", "gfx90a", "sm_90x", "", "sm_"})
    EXPECT_FALSE(isCudaArchName(bad)) << bad;
}

// A malformed glob was taken as a literal and silently excluded or kept the
// wrong files (issue 24, item 3): now an error at its line and column.
TEST(ProjectConfig, MalformedGlobsAreErrors) {
  EXPECT_EQ(errorOf("Exclude: ['[abc']\n"),
            "cfg.yaml:1:11: unclosed '[' at character 1 of '[abc' (write '\\[' for a literal '[')");
  EXPECT_EQ(errorOf("Include:\n  - src\n  - 'lib/[z-a]*'\n"),
            "cfg.yaml:3:5: reversed range 'z-a' at character 5 of 'lib/[z-a]*'");
  EXPECT_EQ(errorOf("Rules: ['barrier-[']\n"),
            "cfg.yaml:1:9: malformed rule glob: unclosed '[' at character 9 of 'barrier-[' (write '\\[' for a "
            "literal '[')");
  EXPECT_EQ(errorOf("Exclude: ['third_party/\\[old\\]']\n"), "parsed");
}

// Errors quote the file: its control bytes are escaped.
TEST(ProjectConfig, ErrorsShowNoRawControlBytes) {
  // (The YAML reader refuses control characters itself; bytes that are
  // not UTF-8 reach the schema's messages.)
  EXPECT_EQ(errorOf("Rul\xff\xc2\x9b" "es: ['*']\n"), "cfg.yaml:1:1: unknown key 'Rul\\xff\\x9bes' (known keys: Rules "
                                                    "Severities Archs Include Exclude ExtraArgs FailOn WarningsAsErrors "
                                                    "InheritParentConfig)");
}

} // namespace
} // namespace warpcheck
