// Loading compile_commands.json and turning its entries into TUs.
#include "analyzer/frontend/CompileDatabase.h"
#include "analyzer/frontend/Inputs.h"
#include "FrontendTempDir.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace warpcheck;
using Args = std::vector<std::string>;

namespace {

bool has(const Args &v, const std::string &s) { return std::find(v.begin(), v.end(), s) != v.end(); }

bool anyContains(const Args &v, const std::string &s) {
  return std::any_of(v.begin(), v.end(), [&](const std::string &x) { return x.find(s) != std::string::npos; });
}

std::string entry(const std::string &dir, const std::string &file, const std::string &command) {
  return "{\"directory\": \"" + dir + "\", \"file\": \"" + file + "\", \"command\": \"" + command + "\"}";
}

// A CMake-like build: nvcc for .cu, c++ for .cpp, a HIP file, a .cpp
// compiled as CUDA.
std::string writeProject(const test::TempDir &t) {
  t.write("src/a.cu", "__global__ void a() {}\n");
  t.write("src/sub/b.cu", "__global__ void b() {}\n");
  t.write("src/host.cpp", "int main() {}\n");
  t.write("src/as_cuda.cpp", "__global__ void c() {}\n");
  t.write("src/d.hip", "\n");
  t.write("src/e.cu", "\n");
  std::string nvcc = "/usr/local/cuda/bin/nvcc -DFROM_DB -I" + t / "include" +
                     " --generate-code=arch=compute_80,code=[compute_80,sm_80] -rdc=true";
  return t.write("build/compile_commands.json",
                 "[" + entry(t / "build", t / "src/a.cu", nvcc + " -x cu -c " + t / "src/a.cu") + ",\n" +
                     entry(t / "build", t / "src/sub/b.cu", nvcc + " -DONLY_B -c " + t / "src/sub/b.cu") + ",\n" +
                     entry(t / "build", t / "src/host.cpp", "/usr/bin/c++ -DHOST -c " + t / "src/host.cpp") + ",\n" +
                     entry(t / "build", t / "src/as_cuda.cpp", nvcc + " -x cu -c " + t / "src/as_cuda.cpp") + ",\n" +
                     entry(t / "build", t / "src/d.hip", "/usr/bin/hipcc --offload-arch=gfx90a:xnack+ -c " + t / "src/d.hip") + ",\n" +
                     entry(t / "build", t / "src/e.cu", "/opt/rocm/llvm/bin/clang++ -x hip --offload-arch=gfx1100 -mwavefrontsize64 -c " + t / "src/e.cu") + "]\n");
}

const TranslationUnit *unitFor(const Inputs &in, const std::string &file) {
  for (const TranslationUnit &u : in.units)
    if (u.file == file) return &u;
  return nullptr;
}

} // namespace

TEST(FrontendCompileDatabase, LoadsCommandAndArgumentsForms) {
  test::TempDir t;
  t.write("a.cu", "");
  t.write("b.cu", "");
  t.write("compile_commands.json",
          "[" + entry(t.path(), "a.cu", "nvcc -DA -c a.cu") + ",\n"
          "{\"directory\": \"" + t.path() + "\", \"file\": \"b.cu\", \"arguments\": [\"nvcc\", \"-DB=1 2\", \"-c\", \"b.cu\"]},\n" +
          entry(t.path(), "a.cu", "nvcc -DSECOND -c a.cu") + "]");
  std::string error;
  auto db = CompileDatabase::load(t.path(), error);
  ASSERT_TRUE(db) << error;
  EXPECT_EQ(db->path(), t / "compile_commands.json");
  ASSERT_EQ(db->entries().size(), 2u); // a.cu once: its first entry wins
  const CompileEntry *a = db->find(t / "a.cu");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->argv, (Args{"nvcc", "-DA", "-c", "a.cu"}));
  EXPECT_EQ(a->directory, t.path());
  const CompileEntry *b = db->find(t / "./b.cu");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->argv[1], "-DB=1 2");
  EXPECT_FALSE(db->find(t / "c.cu"));
  // -p may also name the file itself.
  EXPECT_TRUE(CompileDatabase::load(t / "compile_commands.json", error)) << error;
}

TEST(FrontendCompileDatabase, RelativeDirectoryIsRelativeToTheDatabase) {
  test::TempDir t;
  t.write("proj/src/k.cu", "");
  t.write("proj/build/compile_commands.json", "[" + entry("../src", "k.cu", "nvcc -c k.cu") + "]");
  std::string error;
  auto db = CompileDatabase::load(t / "proj/build", error);
  ASSERT_TRUE(db) << error;
  ASSERT_EQ(db->entries().size(), 1u);
  EXPECT_EQ(db->entries()[0].directory, t / "proj/src");
  EXPECT_EQ(db->entries()[0].file, t / "proj/src/k.cu");
  EXPECT_TRUE(db->find(t / "proj/src/k.cu"));
}

TEST(FrontendCompileDatabase, ErrorsAreOneLineNamingTheProblem) {
  test::TempDir t;
  std::string error;
  EXPECT_FALSE(CompileDatabase::load(t / "missing", error));
  EXPECT_NE(error.find("no such build directory"), std::string::npos) << error;
  EXPECT_NE(error.find(t / "missing"), std::string::npos) << error;

  EXPECT_FALSE(CompileDatabase::load(t.path(), error));
  EXPECT_NE(error.find("no compile_commands.json in"), std::string::npos) << error;

  t.write("bad/compile_commands.json", "[{\"directory\": \"/x\", \"file\": \n");
  EXPECT_FALSE(CompileDatabase::load(t / "bad", error));
  EXPECT_NE(error.find("cannot load compile database"), std::string::npos) << error;
  EXPECT_NE(error.find("bad/compile_commands.json"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;

  t.write("nokey/compile_commands.json", "[{\"file\": \"a.cu\", \"command\": \"nvcc a.cu\"}]");
  EXPECT_FALSE(CompileDatabase::load(t / "nokey", error));
  EXPECT_NE(error.find("cannot load compile database"), std::string::npos) << error;
}

TEST(FrontendCompileDatabase, AllCudaAndHipEntriesWhenNoFilesAreNamed) {
  test::TempDir t;
  writeProject(t);
  InputOptions opts;
  opts.buildDir = t / "build";
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 5u);
  EXPECT_EQ(in.units[0].file, t / "src/a.cu");
  EXPECT_EQ(in.units[1].file, t / "src/sub/b.cu");
  EXPECT_EQ(in.units[2].file, t / "src/as_cuda.cpp"); // -x cu
  // hipcc's .hip file and clang's -x hip .cu file, with their AMD archs.
  EXPECT_EQ(in.units[3].file, t / "src/d.hip");
  EXPECT_EQ(in.units[3].language, SourceLanguage::Hip);
  EXPECT_EQ(in.units[3].archs, (Args{"gfx90a:xnack+"}));
  EXPECT_EQ(in.units[4].file, t / "src/e.cu");
  EXPECT_EQ(in.units[4].language, SourceLanguage::Hip);
  EXPECT_EQ(in.units[4].archs, (Args{"gfx1100"}));
  EXPECT_TRUE(has(in.units[4].args, "-mwavefrontsize64"));
  const TranslationUnit &a = in.units[0];
  EXPECT_TRUE(has(a.args, "-DFROM_DB"));
  EXPECT_TRUE(has(a.args, "-I" + t / "include"));
  EXPECT_FALSE(has(a.args, "-DONLY_B"));
  EXPECT_FALSE(anyContains(a.args, "a.cu")); // the input is the pass's to add
  EXPECT_EQ(a.archs, (Args{"sm_80"}));
  EXPECT_TRUE(a.relocatableDeviceCode);
  EXPECT_EQ(a.directory, t / "build");
  EXPECT_EQ(a.origin, t / "build/compile_commands.json");
  EXPECT_TRUE(has(in.units[1].args, "-DONLY_B"));
  // host.cpp was not asked for.
  EXPECT_TRUE(in.skipped.empty());
}

TEST(FrontendCompileDatabase, NoCudaEntriesIsAnError) {
  test::TempDir t;
  t.write("a.cpp", "");
  t.write("compile_commands.json", "[" + entry(t.path(), "a.cpp", "c++ -c a.cpp") + "]");
  InputOptions opts;
  opts.buildDir = t.path();
  Inputs in;
  std::string error;
  EXPECT_FALSE(collectInputs(opts, in, error));
  EXPECT_NE(error.find("no CUDA or HIP sources in"), std::string::npos) << error;
  EXPECT_NE(error.find("1 entries"), std::string::npos) << error;

  t.write("empty/compile_commands.json", "[]");
  opts.buildDir = t / "empty";
  EXPECT_FALSE(collectInputs(opts, in, error));
  EXPECT_NE(error.find("no CUDA or HIP sources in"), std::string::npos) << error;
}

TEST(FrontendCompileDatabase, StaleEntryIsSkippedWithWhy) {
  test::TempDir t;
  t.write("here.cu", "");
  t.write("compile_commands.json", "[" + entry(t.path(), "gone.cu", "nvcc -c gone.cu") + ",\n" +
                                       entry(t.path(), "here.cu", "nvcc -c here.cu") + "]");
  InputOptions opts;
  opts.buildDir = t.path();
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  ASSERT_EQ(in.skipped.size(), 1u);
  EXPECT_EQ(in.skipped[0].path, t / "gone.cu");
  EXPECT_NE(in.skipped[0].reason.find("does not exist"), std::string::npos);
}

TEST(FrontendCompileDatabase, NamedFilesUseTheirEntries) {
  test::TempDir t;
  writeProject(t);
  InputOptions opts;
  opts.buildDir = t / "build";
  opts.paths = {t / "src/sub/b.cu", t / "src/host.cpp"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_TRUE(has(in.units[0].args, "-DONLY_B"));
  // A named non-CUDA file is skipped with why, not dropped.
  ASSERT_EQ(in.skipped.size(), 1u);
  EXPECT_EQ(in.skipped[0].path, t / "src/host.cpp");
  EXPECT_NE(in.skipped[0].reason.find("not a CUDA or HIP source"), std::string::npos);
  EXPECT_TRUE(anyContains(in.warnings, "skipping"));
}

TEST(FrontendCompileDatabase, NamedFileWithoutEntryBorrowsTheNearestFlags) {
  test::TempDir t;
  writeProject(t);
  t.write("src/sub/extra.cu", "");
  InputOptions opts;
  opts.buildDir = t / "build";
  opts.paths = {t / "src/sub/extra.cu"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_TRUE(has(in.units[0].args, "-DONLY_B")) << "b.cu shares src/sub";
  EXPECT_EQ(in.units[0].archs, (Args{"sm_80"}));
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_NE(in.warnings[0].find("has no entry"), std::string::npos) << in.warnings[0];
  EXPECT_NE(in.warnings[0].find("sub/b.cu"), std::string::npos) << in.warnings[0];
}

// A named header without an entry is analysed through the entry that
// includes it (here through the database's -I), with that entry's flags;
// the TU is there for the header only. Another header, included by none,
// is skipped with why, not parsed as a TU of its own.
TEST(FrontendCompileDatabase, HeaderGoesThroughAnEntryThatIncludesIt) {
  test::TempDir t;
  writeProject(t);
  t.write("include/shared.cuh", "#pragma once\n");
  t.write("src/sub/b.cu", "#include <shared.cuh>\n__global__ void b() {}\n");
  t.write("src/orphan.cuh", "#pragma once\n");
  InputOptions opts;
  opts.buildDir = t / "build";
  opts.paths = {t / "include/shared.cuh", t / "src/orphan.cuh"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_EQ(in.units[0].file, t / "src/sub/b.cu");
  EXPECT_TRUE(in.units[0].headersOnly);
  EXPECT_EQ(in.units[0].headers, (Args{t / "include/shared.cuh"}));
  EXPECT_TRUE(has(in.units[0].args, "-DONLY_B"));
  EXPECT_EQ(in.units[0].archs, (Args{"sm_80"}));
  EXPECT_FALSE(anyContains(in.warnings, "has no entry")) << "the TU has its own entry";
  ASSERT_EQ(in.skipped.size(), 1u);
  EXPECT_EQ(in.skipped[0].path, t / "src/orphan.cuh");
  EXPECT_NE(in.skipped[0].reason.find("the compile database"), std::string::npos) << in.skipped[0].reason;
}

TEST(FrontendCompileDatabase, CudaArchOptionBeatsTheDatabase) {
  test::TempDir t;
  writeProject(t);
  InputOptions opts;
  opts.buildDir = t / "build";
  opts.paths = {t / "src/a.cu"};
  opts.archs = {"90", "sm_100"};
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  ASSERT_EQ(in.units.size(), 1u);
  EXPECT_EQ(in.units[0].archs, (Args{"sm_90", "sm_100"}));
}

TEST(FrontendCompileDatabase, DroppedOptionsAreWarnedOnce) {
  test::TempDir t;
  t.write("a.cu", "");
  t.write("b.cu", "");
  t.write("compile_commands.json", "[" + entry(t.path(), "a.cu", "nvcc --frobnicate -c a.cu") + ",\n" +
                                       entry(t.path(), "b.cu", "nvcc --frobnicate -c b.cu") + "]");
  InputOptions opts;
  opts.buildDir = t.path();
  Inputs in;
  std::string error;
  ASSERT_TRUE(collectInputs(opts, in, error)) << error;
  EXPECT_EQ(in.units.size(), 2u);
  ASSERT_EQ(in.warnings.size(), 1u);
  EXPECT_NE(in.warnings[0].find("--frobnicate"), std::string::npos);
}
