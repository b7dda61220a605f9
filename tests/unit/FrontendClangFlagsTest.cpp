// clang and gcc compile commands -> what a lint pass keeps.
#include "analyzer/frontend/ClangFlags.h"
#include "analyzer/frontend/CompileFlags.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace warpcheck;
using Args = std::vector<std::string>;

namespace {

bool has(const Args &v, const std::string &s) { return std::find(v.begin(), v.end(), s) != v.end(); }

std::string joined(const Args &v) {
  std::string s;
  for (const std::string &a : v) s += (s.empty() ? "" : " ") + a;
  return s;
}

} // namespace

TEST(FrontendClangFlags, ClangCudaCommand) {
  CompileFlags f = translateCompileCommand(
      {"/usr/bin/clang++", "-x", "cuda", "--cuda-gpu-arch=sm_80", "--offload-arch=sm_90,sm_80",
       "-fgpu-rdc", "-Iinc", "-isystem", "/opt/sys", "-DX=1", "-std=c++17", "-Wall", "-Werror",
       "-Werror=vla", "-pedantic-errors", "--cuda-path=/opt/cuda-12", "-MD", "-MF", "a.d", "-c",
       "/src/a.cu", "-o", "a.o", "-lfoo", "-L/opt/lib"},
      "/build");
  EXPECT_EQ(joined(f.args), "-Iinc -isystem /opt/sys -DX=1 -std=c++17 -Wall");
  EXPECT_EQ(f.archs, (Args{"sm_80", "sm_90"}));
  EXPECT_TRUE(f.relocatableDeviceCode);
  EXPECT_EQ(f.language, ForcedLanguage::Cuda);
  EXPECT_EQ(f.inputs, (Args{"/src/a.cu"}));
  EXPECT_TRUE(f.warnings.empty()) << joined(f.warnings);
}

TEST(FrontendClangFlags, OffloadSelectionIsThePasses) {
  CompileFlags f = translateClangArgs({"--cuda-host-only", "--offload-device-only",
                                       "--cuda-device-only", "--offload-host-only", "-fsyntax-only",
                                       "-E", "-S", "-xcuda", "--no-offload-arch=sm_70",
                                       "--offload-arch=sm_70,sm_75", "--no-offload-arch=sm_70"});
  EXPECT_TRUE(f.args.empty()) << joined(f.args);
  EXPECT_EQ(f.archs, (Args{"sm_75"}));
  EXPECT_FALSE(translateClangArgs({"-fgpu-rdc", "-fno-gpu-rdc"}).relocatableDeviceCode);
}

TEST(FrontendClangFlags, Languages) {
  EXPECT_EQ(translateClangArgs({"-xcuda"}).language, ForcedLanguage::Cuda);
  EXPECT_EQ(translateClangArgs({"-x", "hip"}).language, ForcedLanguage::Hip);
  EXPECT_EQ(translateClangArgs({"-x", "c++"}).language, ForcedLanguage::Other);
  EXPECT_EQ(translateClangArgs({"-x", "c++", "-x", "none"}).language, ForcedLanguage::Unspecified);
  EXPECT_EQ(translateClangArgs({"a.cpp"}).language, ForcedLanguage::Unspecified);
}

TEST(FrontendClangFlags, GccCommandKeepsWhatClangKnows) {
  CompileFlags f = translateCompileCommand({"/usr/bin/g++", "-DX", "-fno-gnu-unique", "-fPIC",
                                            "-O2", "-c", "a.cpp", "-o", "a.o"},
                                           "/build");
  EXPECT_EQ(joined(f.args), "-DX -fPIC -O2");
  EXPECT_EQ(f.language, ForcedLanguage::Unspecified);
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_NE(f.warnings[0].find("'-fno-gnu-unique'"), std::string::npos) << f.warnings[0];
}

TEST(FrontendClangFlags, NativeOffloadArchMeansTheDefault) {
  EXPECT_TRUE(translateClangArgs({"--offload-arch=native"}).archs.empty());
}

TEST(FrontendClangFlags, ArgumentsAfterDashDashNameThemselves) {
  CompileFlags f = translateClangArgs({"--expt-relaxed-constexpr"}, "argument after --");
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_NE(f.warnings[0].find("argument after --"), std::string::npos) << f.warnings[0];
  EXPECT_TRUE(has(f.args, "--expt-relaxed-constexpr") == false);
}
