// Files and directories named on the command line, without a database.
#include "analyzer/frontend/Inputs.h"
#include "analyzer/frontend/SourceDiscovery.h"
#include "FrontendTempDir.h"
#include <algorithm>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace warpcheck;
using Args = std::vector<std::string>;

namespace {

bool has(const Args &v, const std::string &s) { return std::find(v.begin(), v.end(), s) != v.end(); }
bool anyContains(const Args &v, const std::string &s) {
  return std::any_of(v.begin(), v.end(), [&](const std::string &x) { return x.find(s) != std::string::npos; });
}

void writeTree(const test::TempDir &t) {
  for (const char *f : {"tree/a.cu", "tree/sub/deeper/b.cu", "tree/.hidden/c.cu", "tree/.d.cu",
                        "tree/x.cuh", "tree/y.cpp", "tree/z.hip", "tree/notes.txt",
                        "tree/build/gen.cu"})
    t.write(f, "__global__ void k() {}\n");
  // A symlinked directory pointing up would loop if followed.
  llvm::sys::fs::create_link(t / "tree", t / "tree/sub/loop");
  llvm::sys::fs::create_link(t / "tree/a.cu", t / "tree/sub/alias.cu");
}

} // namespace

TEST(InputsDiscovery, FindsCudaAndHipSourcesRecursively) {
  test::TempDir t;
  writeTree(t);
  std::vector<std::string> found;
  std::string error;
  ASSERT_TRUE(findSources(t / "tree", found, error)) << error;
  EXPECT_EQ(found, (Args{t / "tree/a.cu", t / "tree/build/gen.cu", t / "tree/sub/alias.cu",
                         t / "tree/sub/deeper/b.cu", t / "tree/z.hip"}));
}

// What a walk leaves out for a reason is said, naming the path (issue 24):
// a looping or dangling .cu symlink, a FIFO named .cu (never opened: reading
// it would block), an unreadable subdirectory (not as root, who reads it).
TEST(InputsDiscovery, SaysWhatItLeavesOut) {
  test::TempDir t;
  writeTree(t);
  llvm::sys::fs::create_link("loop.cu", t / "tree/loop.cu");
  llvm::sys::fs::create_link("nowhere.cu", t / "tree/dangling.cu");
  ASSERT_EQ(mkfifo((t / "tree/fifo.cu").c_str(), 0600), 0);
  bool root = geteuid() == 0;
  if (!root) {
    t.write("tree/locked/d.cu", "__global__ void k() {}\n");
    chmod((t / "tree/locked").c_str(), 0);
  }
  std::vector<std::string> found, warnings;
  std::string error;
  ASSERT_TRUE(findSources(t / "tree", found, error, &warnings)) << error;
  if (!root) chmod((t / "tree/locked").c_str(), 0755);
  EXPECT_EQ(found, (Args{t / "tree/a.cu", t / "tree/build/gen.cu", t / "tree/sub/alias.cu",
                         t / "tree/sub/deeper/b.cu", t / "tree/z.hip"}));
  auto said = [&](const std::string &line) { return has(warnings, line); };
  EXPECT_TRUE(said("skipping '" + t / "tree/loop.cu" + "': Too many levels of symbolic links")) << warnings.size();
  EXPECT_TRUE(said("skipping '" + t / "tree/dangling.cu" + "': No such file or directory"));
  EXPECT_TRUE(said("skipping '" + t / "tree/fifo.cu" + "': not a regular file"));
  if (!root)
    EXPECT_TRUE(said("cannot read directory '" + t / "tree/locked" + "': Permission denied; its sources are not analysed"));
  EXPECT_EQ(warnings.size(), root ? 3u : 4u);
}

TEST(InputsDiscovery, DirectoryBecomesCudaAndHipUnits) {
  test::TempDir t;
  writeTree(t);
  InputOptions opts;
  opts.paths = {t / "tree"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  Args files;
  for (const TranslationUnit &u : in.units) files.push_back(u.file);
  // alias.cu is a symlink to a.cu: the same TU once.
  EXPECT_EQ(files, (Args{t / "tree/a.cu", t / "tree/build/gen.cu", t / "tree/sub/deeper/b.cu", t / "tree/z.hip"}));
  EXPECT_TRUE(in.skipped.empty());
  EXPECT_EQ(in.units[0].language, SourceLanguage::Cuda);
  EXPECT_EQ(in.units[3].language, SourceLanguage::Hip);
}

TEST(Inputs, ArchsGoToTheTusOfTheirLanguage) {
  test::TempDir t;
  writeTree(t);
  InputOptions opts;
  opts.paths = {t / "tree/a.cu", t / "tree/z.hip"};
  opts.archs = {"sm_80", "gfx90a", "gfx1100"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 2u);
  EXPECT_EQ(in.units[0].archs, (Args{"sm_80"}));
  EXPECT_EQ(in.units[1].archs, (Args{"gfx90a", "gfx1100"}));
  // Only AMD archs named: the CUDA TU keeps its default.
  opts.archs = {"gfx942"};
  Inputs again;
  ASSERT_TRUE(collectInputs(opts, again, error)) << error;
  EXPECT_TRUE(again.units[0].archs.empty());
  EXPECT_EQ(again.units[1].archs, (Args{"gfx942"}));
}

TEST(Inputs, ExtraArgsCanMakeACuFileHip) {
  test::TempDir t;
  writeTree(t);
  InputOptions opts;
  opts.paths = {t / "tree/a.cu"};
  opts.extraArgs = {"-x", "hip", "--offload-arch=gfx1100"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_EQ(in.units[0].language, SourceLanguage::Hip);
  EXPECT_EQ(in.units[0].archs, (Args{"gfx1100"}));
}

TEST(InputsDiscovery, DirectoryWithoutSourcesIsAnError) {
  test::TempDir t;
  t.write("empty/readme.txt", "");
  InputOptions opts;
  opts.paths = {t / "empty"};
  Inputs in;
  std::string error;
  EXPECT_FALSE(collectInputs(opts, in, error));
  EXPECT_NE(error.find("no CUDA or HIP sources"), std::string::npos) << error;
}

TEST(Inputs, MissingPathIsAnError) {
  test::TempDir t;
  InputOptions opts;
  opts.paths = {t / "nope.cu"};
  Inputs in;
  std::string error;
  EXPECT_FALSE(collectInputs(opts, in, error));
  EXPECT_EQ(error, "no such file or directory: '" + t / "nope.cu" + "'");
}

TEST(Inputs, ExplicitFiles) {
  test::TempDir t;
  writeTree(t);
  InputOptions opts;
  opts.paths = {t / "tree/x.cuh", t / "tree/y.cpp", t / "tree/.hidden/c.cu", t / "tree/x.cuh"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  // A header is not a TU of its own; nothing named includes x.cuh (and the
  // tree is not under the current directory), so it is skipped, once.
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_EQ(in.units[0].file, t / "tree/.hidden/c.cu"); // named, so not hidden
  EXPECT_EQ(in.units[0].origin, "command line");
  EXPECT_TRUE(in.units[0].archs.empty()); // lint's default
  ASSERT_EQ(in.skipped.size(), 2u);
  EXPECT_EQ(in.skipped[0].path, t / "tree/y.cpp");
  EXPECT_NE(in.skipped[0].reason.find("not a CUDA or HIP source"), std::string::npos);
  EXPECT_EQ(in.skipped[1].path, t / "tree/x.cuh");
  EXPECT_EQ(in.skipped[1].reason.rfind(kNoIncluderReason, 0), 0u) << in.skipped[1].reason;
}

// A named header is analysed through a named source that includes it,
// directly or through another header, found next to the includer or in a
// -I directory; the source's TU lists it and reports all its findings.
TEST(InputsHeaders, ThroughANamedSourceThatIncludesIt) {
  test::TempDir t;
  t.write("p/inc/deep.cuh", "#pragma once\n");
  t.write("p/inc/top.cuh", "#pragma once\n  #  include <deep.cuh>\n");
  t.write("p/local.cuh", "#pragma once\n");
  t.write("p/k.cu", "#include \"local.cuh\"\n#include \"top.cuh\"\n");
  InputOptions opts;
  opts.paths = {t / "p/inc/deep.cuh", t / "p/k.cu", t / "p/local.cuh"};
  opts.extraArgs = {"-I", t / "p/inc"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_EQ(in.units[0].file, t / "p/k.cu");
  EXPECT_FALSE(in.units[0].headersOnly);
  EXPECT_EQ(in.units[0].headers, (Args{t / "p/inc/deep.cuh", t / "p/local.cuh"}));
  EXPECT_TRUE(in.skipped.empty());
}

// Without -I the angled include is not found: the header stays unincluded.
TEST(InputsHeaders, IncludesResolveOnlyThroughTheTusSearchPath) {
  test::TempDir t;
  t.write("p/inc/deep.cuh", "#pragma once\n");
  t.write("p/k.cu", "#include <deep.cuh>\n");
  InputOptions opts;
  opts.paths = {t / "p/inc/deep.cuh", t / "p/k.cu"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_TRUE(in.units[0].headers.empty());
  ASSERT_EQ(in.skipped.size(), 1u);
  EXPECT_EQ(in.skipped[0].path, t / "p/inc/deep.cuh");
  EXPECT_TRUE(anyContains(in.warnings, "no .cu or .hip file includes")) << in.warnings.size();
}

TEST(Inputs, ExtraArgsCanMakeACppFileCuda) {
  test::TempDir t;
  writeTree(t);
  InputOptions opts;
  opts.paths = {t / "tree/y.cpp"};
  opts.extraArgs = {"-x", "cuda", "-DEXTRA", "--cuda-gpu-arch=sm_75", "-c", "-o", "y.o"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_EQ(in.units[0].args, (Args{"-DEXTRA"}));
  EXPECT_EQ(in.units[0].archs, (Args{"sm_75"}));
  EXPECT_TRUE(in.skipped.empty());
}

TEST(Inputs, UnknownExtraArgIsDroppedWithAWarning) {
  test::TempDir t;
  writeTree(t);
  InputOptions opts;
  opts.paths = {t / "tree/a.cu"};
  opts.extraArgs = {"--expt-relaxed-constexpr", "-DKEEP"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_TRUE(has(in.units[0].args, "-DKEEP"));
  EXPECT_FALSE(has(in.units[0].args, "--expt-relaxed-constexpr"));
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_NE(in.warnings[0].find("--expt-relaxed-constexpr"), std::string::npos);
}

// Per-file settings (each TU's project configuration, issue 21): their archs
// and arguments replace the command line's for that file only, a -x among
// them decides the file's language, and a failure stops the collection.
TEST(Inputs, SettingsPerFile) {
  test::TempDir t;
  t.write("a/k.cu", "__global__ void k() {}\n");
  t.write("b/k.cu", "__global__ void k() {}\n");
  t.write("b/host.cpp", "int f();\n");
  InputOptions opts;
  opts.paths = {t / "a", t / "b/k.cu", t / "b/host.cpp"};
  opts.archs = {"sm_70"};
  opts.extraArgs = {"-DCLI"};
  opts.settingsFor = [&](const std::string &file, InputOptions::FileSettings &out, std::string &) {
    if (file.find("/b/") == std::string::npos) return true; // a/: the command line's
    out.archs = {"sm_90"};
    out.extraArgs = {"-DB", "-x", "cuda"};
    return true;
  };
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 3u);
  EXPECT_EQ(in.units[0].archs, (Args{"sm_70"}));
  EXPECT_TRUE(has(in.units[0].args, "-DCLI"));
  EXPECT_EQ(in.units[1].archs, (Args{"sm_90"}));
  EXPECT_TRUE(has(in.units[1].args, "-DB"));
  EXPECT_FALSE(has(in.units[1].args, "-DCLI"));
  EXPECT_EQ(in.units[2].file, t / "b/host.cpp"); // made CUDA by its own -x cuda
  EXPECT_TRUE(in.skipped.empty());

  opts.settingsFor = [](const std::string &file, InputOptions::FileSettings &, std::string &error) {
    error = "bad configuration for " + file;
    return false;
  };
  Inputs none;
  EXPECT_FALSE(collectInputs(opts, none, error));
  EXPECT_EQ(error, "bad configuration for " + t / "a/k.cu");
}
