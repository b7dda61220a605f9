#include "runtime/host/Symbolizer.h"
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <unistd.h>

using namespace warpcheck::run;

// An excerpt of `nvdisasm -c -g -gi` on a cubin built with -lineinfo.
static const char *kListing = R"(
	.section	.text._Z4kernPf,"ax",@progbits
_Z4kernPf:
	//## File "/src/k.cu", line 3
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   S2R R9, SR_TID.X ;
	//## File "/src/k.cu", line 2 inlined at "/src/k.cu", line 3
	//## File "/src/k.cu", line 3
        /*0080*/                   IMAD R2, R9, 0x3, RZ ;
	//## File "/src/k.cu", line 3
        /*0090*/                   STS [R5+UR4], R0 ;
$_Z4kernPf$_Z6helperPfi:
	//## File "/src/k.cu", line 1
        /*0180*/                   LDS R2, [R0+0x4] ;
	.section	.text._Z5otherv,"ax",@progbits
        /*0000*/                   EXIT ;
)";

TEST(Symbolizer, ParsesLinesInlinedAtChainsAndSections) {
  LineTable t = parseNvdisasm(kListing);
  auto l = t.lookup("_Z4kernPf", 0x10);
  ASSERT_TRUE(l);
  EXPECT_EQ(l->file, "/src/k.cu");
  EXPECT_EQ(l->line, 3u);
  auto in = t.lookup("_Z4kernPf", 0x80);
  ASSERT_TRUE(in);
  EXPECT_EQ(in->line, 2u);
  ASSERT_EQ(in->inlinedAt.size(), 1u);
  EXPECT_EQ(in->inlinedAt[0].second, 3u);
  // The call site's line after an inlined one (as nvdisasm prints them)
  // does not take the inlined instructions; a later one does.
  EXPECT_EQ(t.lookup("_Z4kernPf", 0x90)->line, 3u);
  EXPECT_TRUE(t.lookup("_Z4kernPf", 0x90)->inlinedAt.empty());
  // A callee laid out in the kernel's section keeps the section's name.
  EXPECT_EQ(t.lookup("_Z4kernPf", 0x180)->line, 1u);
  // No line info in that section: no answer rather than a wrong one.
  EXPECT_FALSE(t.lookup("_Z5otherv", 0));
  EXPECT_FALSE(t.lookup("_Z7missingv", 0));
}

// Compiles dir/k.cu (written with `source` unless it is empty) into
// dir/NAME.cubin with nvcc -O2 -arch=sm_90 and `flags`; the command that
// failed, else "".
static std::string compileCubin(const std::string &dir, const std::string &source, const std::string &name,
                                const std::string &flags) {
  if (!source.empty()) {
    if (std::system(("mkdir -p " + dir).c_str()) != 0) return "mkdir -p " + dir;
    std::ofstream(dir + "/k.cu") << source;
  }
  std::string cmd = std::string(WARPCHECK_TEST_NVCC) + " -O2 -arch=sm_90 " + flags + " -cubin -o " + dir + "/" +
                    name + ".cubin " + dir + "/k.cu";
  return std::system(cmd.c_str()) == 0 ? "" : cmd;
}

// Two kernels, one calling a helper nvcc inlines.
static const char *kKernels = "__global__ void kern(float *out) {\n"
                              "  __shared__ float s[256];\n"
                              "  s[threadIdx.x] = threadIdx.x;\n"
                              "  __syncthreads();\n"
                              "  out[threadIdx.x] = s[threadIdx.x ^ 1];\n"
                              "}\n"
                              "__device__ void helper(volatile int *s, int t) {\n"
                              "  s[t] += s[t + 16];\n"
                              "}\n"
                              "__global__ void callsHelper(int *out) {\n"
                              "  __shared__ int s[64];\n"
                              "  s[threadIdx.x] = threadIdx.x;\n"
                              "  if (threadIdx.x < 32) helper(s, threadIdx.x);\n"
                              "  out[threadIdx.x] = s[threadIdx.x];\n"
                              "}\n";

// The real thing: nvcc builds a cubin with -lineinfo, nvdisasm reads it.
TEST(Symbolizer, MapsOffsetsOfARealCubin) {
  std::string nvcc = WARPCHECK_TEST_NVCC, nvdisasm = WARPCHECK_TEST_NVDISASM;
  if (nvcc.empty() || nvdisasm.empty()) GTEST_SKIP() << "needs nvcc and nvdisasm (scripts/install-deps.sh)";
  std::string dir = "/tmp/warpcheck-sym-" + std::to_string(getpid());
  ASSERT_EQ(compileCubin(dir, kKernels, "k", "-lineinfo"), "");
  Symbolizer sym(nvdisasm);
  std::string error;
  const LineTable *t = sym.table(dir + "/k.cubin", "_Z4kernPf", error);
  ASSERT_TRUE(t) << error;
  EXPECT_FALSE(t->noLineInfo);
  ASSERT_TRUE(t->sections.count("_Z4kernPf"));
  // nvdisasm read the function asked for, not the rest of the cubin.
  EXPECT_FALSE(t->sections.count("_Z11callsHelperPi"));
  std::set<unsigned> lines;
  for (auto &[offset, where] : t->sections.at("_Z4kernPf")) {
    EXPECT_EQ(where.file, dir + "/k.cu");
    lines.insert(where.line);
  }
  EXPECT_TRUE(lines.count(3) && lines.count(4) && lines.count(5)) << "lines seen: " << lines.size();
  // The helper's shared-memory accesses, inlined into the kernel, map to the
  // helper's line with the call site as their frame.
  t = sym.table(dir + "/k.cubin", "_Z11callsHelperPi", error);
  ASSERT_TRUE(t) << error;
  ASSERT_TRUE(t->sections.count("_Z11callsHelperPi"));
  EXPECT_TRUE(t->sections.count("_Z4kernPf")) << "the section read first is kept";
  bool inlinedLine = false;
  for (auto &[offset, where] : t->sections.at("_Z11callsHelperPi"))
    if (where.line == 8u) {
      inlinedLine = true;
      ASSERT_EQ(where.inlinedAt.size(), 1u);
      EXPECT_EQ(where.inlinedAt[0].second, 13u);
    }
  EXPECT_TRUE(inlinedLine) << "no instruction maps to the inlined helper's line 8";
  EXPECT_FALSE(sym.table(dir + "/missing.cubin", "_Z4kernPf", error));
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;

  // A cubin without line information: nothing to read, and nvdisasm is not
  // run (a library's cubin of thousands of kernels took seconds).
  ASSERT_EQ(compileCubin(dir, "", "plain", ""), "");
  Symbolizer noTool("/nonexistent/nvdisasm");
  t = noTool.table(dir + "/plain.cubin", "_Z4kernPf", error);
  ASSERT_TRUE(t) << error;
  EXPECT_TRUE(t->noLineInfo);
  EXPECT_TRUE(t->sections.empty());
  // With line information, that symbolizer does run its (missing) nvdisasm.
  EXPECT_FALSE(noTool.table(dir + "/k.cubin", "_Z4kernPf", error));
  EXPECT_NE(error.find("failed"), std::string::npos) << error;
  std::system(("rm -rf " + dir).c_str());
}

// A function name the cubin's symbol table does not hold: the whole cubin
// is read, once.
TEST(Symbolizer, ReadsTheWholeCubinForAnUnknownName) {
  std::string nvcc = WARPCHECK_TEST_NVCC, nvdisasm = WARPCHECK_TEST_NVDISASM;
  if (nvcc.empty() || nvdisasm.empty()) GTEST_SKIP() << "needs nvcc and nvdisasm (scripts/install-deps.sh)";
  std::string dir = "/tmp/warpcheck-sym-whole-" + std::to_string(getpid());
  ASSERT_EQ(compileCubin(dir,
                         "__global__ void a(int *o) { o[threadIdx.x] = 1; }\n"
                         "__global__ void b(int *o) { o[threadIdx.x] = 2; }\n",
                         "k", "-lineinfo"),
            "");
  Symbolizer sym(nvdisasm);
  std::string error;
  const LineTable *t = sym.table(dir + "/k.cubin", "not_a_symbol", error);
  ASSERT_TRUE(t) << error;
  EXPECT_TRUE(t->sections.count("_Z1aPi") && t->sections.count("_Z1bPi"));
  std::system(("rm -rf " + dir).c_str());
}
