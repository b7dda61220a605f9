// Host allocation stacks: capturing the caller's frames, addr2line's output,
// and which functions are the CUDA API's rather than the program's. This
// file is built with -g (tests/run/CMakeLists.txt) so that addr2line can
// name its own lines.
#include "runtime/common/HostStack.h"
#include "runtime/host/HostSymbolizer.h"
#include <cstdlib>
#include <gtest/gtest.h>

using namespace warpcheck::run;

TEST(HostStack, ParsesAddr2lineWithInlinedCallers) {
  auto lines = parseAddr2line("0x0000000000001234\n"
                              "cudaMalloc<int>(int**, unsigned long)\n"
                              "/usr/local/cuda/include/cuda_runtime.h:145\n"
                              "main\n"
                              "/src/app.cu:30 (discriminator 2)\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].function, "cudaMalloc<int>(int**, unsigned long)");
  EXPECT_EQ(lines[0].line, 145u);
  EXPECT_EQ(lines[1].function, "main");
  EXPECT_EQ(lines[1].file, "/src/app.cu");
  EXPECT_EQ(lines[1].line, 30u);
}

TEST(HostStack, UnknownPositionsHaveNoFile) {
  auto lines = parseAddr2line("0x10\nmain\n??:0\n0x20\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].function, "main");
  EXPECT_TRUE(lines[0].file.empty());
  EXPECT_TRUE(parseAddr2line("0x10\n??\n??:0\n").empty());
  EXPECT_TRUE(parseAddr2line("").empty());
}

TEST(HostStack, TellsTheCudaApiFromTheProgram) {
  for (const char *api : {"cudaMalloc", "cudaMallocManaged<float>(float**, unsigned long, unsigned int)",
                          "cuMemAlloc_v2", "cudart::cudaApiMalloc(void**, unsigned long)", "__cudart1234"})
    EXPECT_TRUE(isCudaApiFunction(api)) << api;
  for (const char *program : {"main", "cuda_setup()", "customAlloc", "allocateBuffers(int)", "cub::DeviceScan", ""})
    EXPECT_FALSE(isCudaApiFunction(program)) << program;
}

namespace {
constexpr unsigned kCallLine = __LINE__ + 3; // the captureHostStack call below
__attribute__((noinline)) std::vector<uintptr_t> allocateHere() {
  // Skips captureHostStack's own frame: the first is this function's.
  auto stack = captureHostStack(1, 8);
  asm volatile("" ::: "memory");       // keeps the call from being a tail call
  return stack;
}
} // namespace

TEST(HostStack, NamesTheLineThatCalled) {
  if (std::system("addr2line --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "needs binutils' addr2line";
  std::vector<HostFrame> frames = hostFrames(allocateHere(), 4);
  ASSERT_FALSE(frames.empty());
  EXPECT_EQ(frames[0].module.find('/'), 0u) << frames[0].module;
  HostSymbolizer sym;
  const std::vector<HostLine> &lines = sym.lookup(frames[0]);
  ASSERT_FALSE(lines.empty()) << frames[0].module << " +" << frames[0].address;
  EXPECT_NE(lines[0].function.find("allocateHere"), std::string::npos) << lines[0].function;
  EXPECT_NE(lines[0].file.find("HostStackTest.cpp"), std::string::npos) << lines[0].file;
  EXPECT_EQ(lines[0].line, kCallLine);
  // A module that is gone gives nothing, and says so by being empty.
  EXPECT_TRUE(sym.lookup(HostFrame{"/nonexistent/lib.so", 0x10, ""}).empty());
}
