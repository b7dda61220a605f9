// nvcc command lines -> clang arguments, device archs, rdc and language.
#include "analyzer/frontend/CompileFlags.h"
#include "FrontendTempDir.h"
#include "support/GpuArch.h"
#include <gtest/gtest.h>

using namespace warpcheck;
using Args = std::vector<std::string>;

namespace {

CompileFlags nvcc(Args args, const std::string &dir = "/build") {
  args.insert(args.begin(), "/usr/local/cuda/bin/nvcc");
  return translateCompileCommand(args, dir);
}

std::string joined(const Args &v) {
  std::string s;
  for (const std::string &a : v) s += (s.empty() ? "" : " ") + a;
  return s;
}

} // namespace

TEST(NvccFlags, CMakeGeneratedCommand) {
  // What CMake 3.25 writes for a CUDA target with CUDA_ARCHITECTURES 80;90,
  // separable compilation and a PIC library.
  CompileFlags f = nvcc({"-forward-unknown-to-host-compiler", "-DKERNELS_BLOCK=256",
                         "-I/src/include", "-isystem=/opt/dep/include", "-O3", "-DNDEBUG",
                         "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
                         "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                         "-Xcompiler=-fPIC", "--extended-lambda", "-std=c++17", "-x", "cu",
                         "-rdc=true", "-MD", "-MT", "CMakeFiles/k.dir/a.cu.o", "-MF",
                         "CMakeFiles/k.dir/a.cu.o.d", "-c", "/src/a.cu", "-o",
                         "CMakeFiles/k.dir/a.cu.o"});
  EXPECT_EQ(joined(f.args), "-DKERNELS_BLOCK=256 -I/src/include -isystem /opt/dep/include -O3 "
                            "-DNDEBUG -fPIC -D__CUDACC_EXTENDED_LAMBDA__ -std=c++17");
  EXPECT_EQ(f.archs, (Args{"sm_80", "sm_90"}));
  EXPECT_TRUE(f.relocatableDeviceCode);
  EXPECT_EQ(f.language, ForcedLanguage::Cuda);
  EXPECT_EQ(f.inputs, (Args{"/src/a.cu"}));
  EXPECT_TRUE(f.warnings.empty()) << joined(f.warnings);
}

struct Spelling {
  Args nvcc;
  std::string clang;
};

// What a failure (and --gtest_list_tests) shows for a case.
void PrintTo(const Spelling &s, std::ostream *os) { *os << "nvcc " << joined(s.nvcc) << " -> clang " << s.clang; }

class NvccSpelling : public ::testing::TestWithParam<Spelling> {};

TEST_P(NvccSpelling, TranslatesToClang) {
  CompileFlags f = nvcc(GetParam().nvcc);
  EXPECT_EQ(joined(f.args), GetParam().clang) << joined(GetParam().nvcc);
  EXPECT_TRUE(f.warnings.empty()) << joined(f.warnings);
  EXPECT_TRUE(f.inputs.empty()) << joined(f.inputs);
}

INSTANTIATE_TEST_SUITE_P(
    Forms, NvccSpelling,
    ::testing::Values(
        // Every value option: -o v, -o=v, --long v, --long=v; single letters joined.
        Spelling{{"-DX=1"}, "-DX=1"}, Spelling{{"-D", "X=1"}, "-DX=1"},
        Spelling{{"-D=X=1"}, "-DX=1"}, Spelling{{"--define-macro", "X=1"}, "-DX=1"},
        Spelling{{"--define-macro=X=1"}, "-DX=1"},
        // nvcc splits list values on commas, macros too.
        Spelling{{"-DA,B=2"}, "-DA -DB=2"}, Spelling{{"-UA"}, "-UA"},
        Spelling{{"--undefine-macro", "A"}, "-UA"}, Spelling{{"-I/x"}, "-I/x"},
        Spelling{{"-I", "/x"}, "-I/x"}, Spelling{{"--include-path=/x,/y"}, "-I/x -I/y"},
        Spelling{{"-isystem", "/s"}, "-isystem /s"}, Spelling{{"-isystem=/s"}, "-isystem /s"},
        Spelling{{"--system-include", "/s"}, "-isystem /s"},
        Spelling{{"-include", "pre.h"}, "-include pre.h"},
        Spelling{{"--pre-include=pre.h"}, "-include pre.h"},
        Spelling{{"-std=c++17"}, "-std=c++17"}, Spelling{{"-std", "c++20"}, "-std=c++20"},
        Spelling{{"--std", "c++17"}, "-std=c++17"}, Spelling{{"--std=c++14"}, "-std=c++14"},
        Spelling{{"-O3"}, "-O3"}, Spelling{{"-O", "2"}, "-O2"}, Spelling{{"--optimize=0"}, "-O0"},
        Spelling{{"-ftemplate-depth=512"}, "-ftemplate-depth=512"},
        Spelling{{"--no-exceptions"}, "-fno-exceptions"},
        // nvcc's flags that define macros get the same macros.
        Spelling{{"--extended-lambda"}, "-D__CUDACC_EXTENDED_LAMBDA__"},
        Spelling{{"-extended-lambda"}, "-D__CUDACC_EXTENDED_LAMBDA__"},
        Spelling{{"--expt-extended-lambda"}, "-D__CUDACC_EXTENDED_LAMBDA__"},
        Spelling{{"--expt-relaxed-constexpr"}, "-D__CUDACC_RELAXED_CONSTEXPR__"},
        Spelling{{"-expt-relaxed-constexpr"}, "-D__CUDACC_RELAXED_CONSTEXPR__"},
        Spelling{{"-G"}, "-D__CUDACC_DEBUG__"},
        Spelling{{"--default-stream", "per-thread"}, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"},
        Spelling{{"-default-stream=per-thread"}, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"},
        Spelling{{"--default-stream", "legacy"}, ""},
        // Host compiler options clang knows pass through; the list splits.
        Spelling{{"-Xcompiler=-fPIC"}, "-fPIC"}, Spelling{{"-Xcompiler", "-fPIC,-Wall"}, "-fPIC -Wall"},
        Spelling{{"--compiler-options", "-fopenmp"}, "-fopenmp"},
        Spelling{{"-Xcompiler", "-Wall -Wextra"}, "-Wall -Wextra"},
        Spelling{{"-Xcompiler", "-O2"}, "-O2"},
        Spelling{{"-forward-unknown-to-host-compiler", "-fPIC", "-pthread"}, "-fPIC -pthread"},
        // Understood, and nothing a parse depends on: dropped quietly.
        Spelling{{"-Xptxas", "-v"}, ""}, Spelling{{"-Xptxas=-v,-O3"}, ""},
        Spelling{{"--ptxas-options=-v"}, ""}, Spelling{{"-Xnvlink", "--suppress-stack-size-warning"}, ""},
        Spelling{{"-Xcudafe", "--diag_suppress=177"}, ""}, Spelling{{"-ccbin", "/usr/bin/g++"}, ""},
        Spelling{{"-ccbin=g++"}, ""}, Spelling{{"--compiler-bindir", "g++"}, ""},
        Spelling{{"--use_fast_math"}, ""}, Spelling{{"-use_fast_math"}, ""},
        Spelling{{"-lineinfo"}, ""}, Spelling{{"--generate-line-info"}, ""}, Spelling{{"-g"}, ""},
        Spelling{{"--threads", "4"}, ""}, Spelling{{"-t", "4"}, ""}, Spelling{{"-t4"}, ""},
        Spelling{{"--keep"}, ""}, Spelling{{"--keep-dir", "/tmp"}, ""}, Spelling{{"-res-usage"}, ""},
        Spelling{{"--resource-usage"}, ""}, Spelling{{"-Werror", "all-warnings"}, ""},
        Spelling{{"--Werror=cross-execution-space-call,reorder"}, ""},
        Spelling{{"--diag-suppress", "20012,20013"}, ""}, Spelling{{"-diag-suppress=177"}, ""},
        Spelling{{"-MD", "-MT", "a.o", "-MF", "a.o.d"}, ""}, Spelling{{"-M"}, ""},
        Spelling{{"-o", "a.o"}, ""}, Spelling{{"--output-file=a.o"}, ""}, Spelling{{"-c"}, ""},
        Spelling{{"-w"}, ""}, Spelling{{"-m64"}, ""}, Spelling{{"--machine", "64"}, ""},
        Spelling{{"-maxrregcount=64"}, ""}, Spelling{{"--ftz=true", "-prec-div=false"}, ""},
        Spelling{{"-cudart", "shared"}, ""}, Spelling{{"-lcublas", "-L/opt/lib"}, ""},
        Spelling{{"-Wno-deprecated-gpu-targets"}, ""}, Spelling{{"--allow-unsupported-compiler"}, ""},
        Spelling{{"-forward-unknown-to-host-compiler"}, ""}));

TEST(NvccFlags, DeviceArchsAreTheVirtualArchs) {
  struct Case {
    Args nvcc;
    Args archs;
  } cases[] = {
      {{"-arch=sm_80"}, {"sm_80"}},
      {{"-arch", "sm_80"}, {"sm_80"}},
      {{"--gpu-architecture=sm_86"}, {"sm_86"}},
      {{"--gpu-architecture", "compute_75"}, {"sm_75"}},
      // __CUDA_ARCH__ follows the virtual arch, not the real one.
      {{"-arch=compute_80", "-code=sm_80,sm_86"}, {"sm_80"}},
      {{"-gencode", "arch=compute_80,code=sm_86"}, {"sm_80"}},
      {{"-gencode=arch=compute_80,code=[sm_80,compute_80]"}, {"sm_80"}},
      {{"--generate-code", "arch=compute_90a,code=[sm_90a]"}, {"sm_90a"}},
      {{"-gencode", "arch=compute_70,code=sm_70", "-gencode", "arch=compute_80,code=sm_80",
        "-gencode", "arch=compute_70,code=compute_70"},
       {"sm_70", "sm_80"}},
      {{"-gencode", "arch=compute_80,code=\"sm_80,compute_80\""}, {"sm_80"}},
      {{"-code=sm_75"}, {"sm_75"}},
      {{"--gpu-code", "sm_75,sm_89"}, {"sm_75", "sm_89"}},
      // Archs lint cannot pick statically fall back to the default.
      {{"-arch=native"}, {}},
      {{"-arch=all"}, {}},
      {{"-arch", "all-major"}, {}},
      {{}, {}},
  };
  for (const Case &c : cases) {
    CompileFlags f = nvcc(c.nvcc);
    EXPECT_EQ(f.archs, c.archs) << joined(c.nvcc);
    EXPECT_TRUE(f.args.empty()) << joined(c.nvcc) << " -> " << joined(f.args);
    EXPECT_TRUE(f.warnings.empty()) << joined(c.nvcc) << " -> " << joined(f.warnings);
  }
}

TEST(NvccFlags, RelocatableDeviceCode) {
  for (Args on : {Args{"-rdc=true"}, Args{"-rdc", "true"}, Args{"--relocatable-device-code=true"},
                  Args{"--relocatable-device-code", "true"}, Args{"-dc"}, Args{"--device-c"}})
    EXPECT_TRUE(nvcc(on).relocatableDeviceCode) << joined(on);
  for (Args off : {Args{}, Args{"-rdc=false"}, Args{"-rdc=true", "-rdc=false"}, Args{"-dw"},
                   Args{"-c"}})
    EXPECT_FALSE(nvcc(off).relocatableDeviceCode) << joined(off);
}

TEST(NvccFlags, Language) {
  EXPECT_EQ(nvcc({"-x", "cu", "a.cpp"}).language, ForcedLanguage::Cuda);
  EXPECT_EQ(nvcc({"--x=cu", "a.cpp"}).language, ForcedLanguage::Cuda);
  EXPECT_EQ(nvcc({"-x", "c++", "a.cu"}).language, ForcedLanguage::Other);
  EXPECT_EQ(nvcc({"a.cu"}).language, ForcedLanguage::Unspecified);
}

TEST(NvccFlags, UnknownOptionsAreDroppedWithAWarning) {
  CompileFlags f = nvcc({"--frobnicate", "-DX", "-fPIC", "a.cu"});
  EXPECT_EQ(joined(f.args), "-DX");
  ASSERT_EQ(f.warnings.size(), 2u);
  EXPECT_NE(f.warnings[0].find("'--frobnicate'"), std::string::npos) << f.warnings[0];
  EXPECT_NE(f.warnings[1].find("'-fPIC'"), std::string::npos) << f.warnings[1];
  EXPECT_EQ(f.inputs, (Args{"a.cu"}));
}

TEST(NvccFlags, HostOptionsClangDoesNotKnowAreDroppedWithAWarning) {
  CompileFlags f = nvcc({"-Xcompiler", "-fno-gnu-unique,-fPIC"});
  EXPECT_EQ(joined(f.args), "-fPIC");
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_NE(f.warnings[0].find("'-fno-gnu-unique'"), std::string::npos) << f.warnings[0];

  f = nvcc({"-forward-unknown-to-host-compiler", "-fno-gnu-unique", "-Wall"});
  EXPECT_EQ(joined(f.args), "-Wall");
  EXPECT_EQ(f.warnings.size(), 1u);
}

TEST(NvccFlags, MissingValueIsAWarningNotACrash) {
  CompileFlags f = nvcc({"-DX", "-I"});
  EXPECT_EQ(joined(f.args), "-DX");
  EXPECT_EQ(f.warnings.size(), 1u);
}

TEST(NvccFlags, OptionsFileIsReadRelativeToTheDirectory) {
  test::TempDir dir;
  dir.write("flags/includes.rsp", "-I/opt/inc \"-DSPACED=a b\"\n--extended-lambda -arch=sm_86\n");
  CompileFlags f = nvcc({"-DBEFORE", "--options-file", "flags/includes.rsp", "-DAFTER", "a.cu"},
                        dir.path());
  EXPECT_EQ(f.args, (Args{"-DBEFORE", "-I/opt/inc", "-DSPACED=a b", "-D__CUDACC_EXTENDED_LAMBDA__",
                          "-DAFTER"}));
  EXPECT_EQ(f.archs, (Args{"sm_86"}));
  EXPECT_TRUE(f.warnings.empty()) << joined(f.warnings);

  f = nvcc({"-optf=" + dir / "flags/includes.rsp"}, "/elsewhere");
  EXPECT_EQ(f.archs, (Args{"sm_86"}));

  f = nvcc({"--options-file", "missing.rsp"}, dir.path());
  ASSERT_EQ(f.warnings.size(), 1u);
  EXPECT_NE(f.warnings[0].find("missing.rsp"), std::string::npos) << f.warnings[0];
}

TEST(NvccFlags, CompilerLaunchersAreSkipped) {
  CompileFlags f = translateCompileCommand({"/usr/bin/ccache", "/usr/local/cuda/bin/nvcc",
                                            "--expt-relaxed-constexpr", "a.cu"},
                                           "/build");
  EXPECT_EQ(joined(f.args), "-D__CUDACC_RELAXED_CONSTEXPR__");
}

TEST(NvccFlags, CompilerKind) {
  EXPECT_EQ(compilerKind("/usr/local/cuda/bin/nvcc"), CompilerKind::Nvcc);
  EXPECT_EQ(compilerKind("nvcc.exe"), CompilerKind::Nvcc);
  EXPECT_EQ(compilerKind("/usr/bin/clang++-22"), CompilerKind::Clang);
  EXPECT_EQ(compilerKind("/usr/bin/g++"), CompilerKind::Clang);
}

TEST(NvccFlags, NormalizeArch) {
  EXPECT_EQ(normalizeArch("sm_80"), "sm_80");
  EXPECT_EQ(normalizeArch("compute_90"), "sm_90");
  EXPECT_EQ(normalizeArch("lto_89"), "sm_89");
  EXPECT_EQ(normalizeArch("90a"), "sm_90a");
  EXPECT_EQ(normalizeArch("sm_100f"), "sm_100f");
  EXPECT_EQ(normalizeArch("native"), "");
  EXPECT_EQ(normalizeArch("all-major"), "");
  // AMD targets pass through as clang takes them (a HIP compile database).
  EXPECT_EQ(normalizeArch("gfx90a"), "gfx90a");
  EXPECT_EQ(normalizeArch("gfx90a:xnack+"), "gfx90a:xnack+");
  EXPECT_EQ(normalizeArch("pentium"), "");
}
