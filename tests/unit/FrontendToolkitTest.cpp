// The toolkit's version macros and the pass command line built from a TU.
#include "analyzer/frontend/CudaOverlay.h"
#include "analyzer/frontend/PassCommandLine.h"
#include "analyzer/frontend/Toolkit.h"
#include "FrontendTempDir.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace warpcheck;
using Args = std::vector<std::string>;

namespace {

bool has(const Args &v, const std::string &s) { return std::find(v.begin(), v.end(), s) != v.end(); }

void writeFakeToolkit(const test::TempDir &t, int cudaVersion) {
  t.write("include/cuda.h", "#define CUDA_VERSION " + std::to_string(cudaVersion) + "\n");
}

} // namespace

TEST(FrontendToolkit, BuildNumberFromVersionJson) {
  test::TempDir t;
  writeFakeToolkit(t, 12040);
  t.write("version.json", R"json({
   "cuda" : { "name" : "CUDA SDK", "version" : "12.4.1" },
   "cuda_cudart" : { "name" : "CUDA Runtime (cudart)", "version" : "12.4.127" },
   "cuda_nvcc" : { "name" : "CUDA NVCC", "version" : "12.4.131" }
})json");
  std::string error;
  auto tk = findCudaToolkit(t.path(), error);
  ASSERT_TRUE(tk) << error;
  EXPECT_EQ(tk->major, 12);
  EXPECT_EQ(tk->minor, 4);
  EXPECT_EQ(tk->build, 131);
}

TEST(FrontendToolkit, BuildNumberFromPipDistInfo) {
  test::TempDir t;
  writeFakeToolkit(t, 13000);
  llvm::sys::fs::create_directories(t / "dist-info/nvidia_cuda_nvcc-13.0.88.dist-info");
  llvm::sys::fs::create_directories(t / "dist-info/nvidia_cuda_runtime-13.0.96.dist-info");
  EXPECT_EQ(readNvccBuild(t.path(), 13, 0), 88);
}

TEST(FrontendToolkit, BuildNumberOfAnotherVersionDoesNotCount) {
  test::TempDir t;
  t.write("version.json", R"json({"cuda_nvcc" : { "name" : "CUDA NVCC", "version" : "12.3.52" }})json");
  llvm::sys::fs::create_directories(t / "dist-info/nvidia_cuda_nvcc-12.3.52.dist-info");
  EXPECT_EQ(readNvccBuild(t.path(), 12, 4), 0);
  EXPECT_EQ(readNvccBuild(t.path(), 12, 3), 52);
}

TEST(FrontendPassCommandLine, VersionMacrosNoCaretsAndRdc) {
  FrontendConfig config;
  config.toolkit.root = "/opt/cuda";
  config.toolkit.major = 13;
  config.toolkit.minor = 0;
  config.toolkit.build = 88;
  TranslationUnit tu;
  tu.file = "/src/a.cu";
  tu.args = {"-DUSER"};
  tu.relocatableDeviceCode = true;
  Args host = passCommandLine(tu, Pass{true, ""}, config);
  EXPECT_TRUE(has(host, "-D__CUDACC_VER_BUILD__=88"));
  // Clang's "N errors generated" line goes away with the carets.
  EXPECT_TRUE(has(host, "-fno-caret-diagnostics"));
  EXPECT_TRUE(has(host, "-fgpu-rdc"));
  EXPECT_TRUE(has(host, "-D__CUDACC_RDC__"));
  EXPECT_TRUE(has(host, "--offload-host-only"));
  EXPECT_EQ(host.back(), "/src/a.cu");
  Args device = passCommandLine(tu, Pass{false, "sm_80"}, config);
  EXPECT_TRUE(has(device, "--offload-arch=sm_80"));
  EXPECT_TRUE(has(device, "-DUSER"));

  tu.relocatableDeviceCode = false;
  EXPECT_FALSE(has(passCommandLine(tu, Pass{true, ""}, config), "-D__CUDACC_RDC__"));
}

// What nvcc gives that clang lacks (analyzer/frontend/CudaOverlay.h): the
// compat header and the cluster gate in every CUDA pass, _OPENMP in device
// passes under -fopenmp only, with clang's value for the version.
TEST(FrontendPassCommandLine, NvccCompatMacrosAndHeader) {
  FrontendConfig config;
  config.toolkit.root = "/opt/cuda";
  TranslationUnit tu;
  tu.file = "/src/a.cu";
  Args host = passCommandLine(tu, Pass{true, ""}, config);
  Args device = passCommandLine(tu, Pass{false, "sm_90"}, config);
  for (const Args *a : {&host, &device}) {
    EXPECT_TRUE(has(*a, "-D_CG_CLUSTER_INTRINSICS_AVAILABLE"));
    EXPECT_TRUE(has(*a, "/.warpcheck-cuda-overlay/include/warpcheck_cuda_compat.h"));
  }
  EXPECT_FALSE(has(device, "-D_OPENMP=202011"));

  tu.args = {"-fopenmp"};
  EXPECT_TRUE(has(passCommandLine(tu, Pass{false, "sm_90"}, config), "-D_OPENMP=202011"));
  EXPECT_FALSE(has(passCommandLine(tu, Pass{true, ""}, config), "-D_OPENMP=202011")); // clang's own
  tu.args = {"-fopenmp", "-fopenmp-version=45"};
  EXPECT_TRUE(has(passCommandLine(tu, Pass{false, "sm_90"}, config), "-D_OPENMP=201511"));
  tu.args = {"-fopenmp", "-fno-openmp"};
  EXPECT_EQ(openmpMacroValue(tu.args), "");
  EXPECT_EQ(openmpMacroValue({"-fopenmp=libomp"}), "202011");
}
