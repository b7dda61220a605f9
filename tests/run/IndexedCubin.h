#pragma once
// The test cubins of the SASS analyses: CUDA source compiled by nvcc for
// sm_90 (-O2), then indexed by nvdisasm (runtime/common/SassAccessIndex.h).
// WARPCHECK_TEST_NVCC and WARPCHECK_TEST_NVDISASM come from the build;
// without them `error` is kNeedsTools and the tests skip.
#include "runtime/common/SassAccessIndex.h"
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace warpcheck::run::test {

inline const char *const kNeedsTools = "needs nvcc and nvdisasm";

struct IndexedCubin {
  std::string cubin, image, error; // the cubin's path and bytes; why not, when empty
  SassAccessIndex index;
};

// The image nvcc makes of `source` (as `name`.cu), or "" with `error` set;
// `path` receives the cubin's path.
inline std::string compileCubin(const char *source, const std::string &name, std::string &error,
                                std::string *path = nullptr) {
  std::string nvcc = WARPCHECK_TEST_NVCC;
  if (nvcc.empty()) {
    error = kNeedsTools;
    return "";
  }
  std::string dir = "/tmp/warpcheck-sass-" + std::to_string(getpid());
  std::system(("mkdir -p " + dir).c_str());
  std::ofstream(dir + "/" + name + ".cu") << source;
  std::string cubin = dir + "/" + name + ".cubin";
  if (path) *path = cubin; // set even when nvcc fails: a failure, not a skip
  std::string cmd = nvcc + " -O2 -arch=sm_90 -cubin -o " + cubin + " " + dir + "/" + name + ".cu";
  if (std::system(cmd.c_str()) != 0) {
    error = "nvcc failed: " + cmd;
    return "";
  }
  std::ifstream in(cubin, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `source` compiled and indexed.
inline IndexedCubin indexSource(const char *source, const std::string &name) {
  IndexedCubin out;
  if (std::string(WARPCHECK_TEST_NVDISASM).empty()) {
    out.error = kNeedsTools;
    return out;
  }
  out.image = compileCubin(source, name, out.error, &out.cubin);
  if (!out.image.empty()) indexCubin(WARPCHECK_TEST_NVDISASM, out.cubin, out.index, out.error);
  return out;
}

} // namespace warpcheck::run::test
