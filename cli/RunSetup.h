#pragma once
// What `warpcheck run` needs before it starts the program: the injection
// library and the patches (next to the warpcheck binary), the Compute
// Sanitizer library that matches the driver, nvdisasm for source lines, and
// a GPU. Each lookup says what it tried when it fails.
#include <string>
#include <vector>

namespace warpcheck::cli {

struct RunFiles {
  std::string runtime;      // libwarpcheck-runtime.so
  std::string patches;      // warpcheck-patches.fatbin (-floor with --patch-floor)
  std::string sanitizerDir; // directory of libsanitizer-public.so
  std::string nvdisasm;     // "" when not found (no source lines then)
};

// False with `error` naming what is missing and where it was looked for.
// `floor`: the patches with detection compiled out (--patch-floor).
bool locateRunFiles(RunFiles &files, std::string &error, bool floor = false);

// Checks a driver and a device are there, through libcuda.so.1 (dlopen: the
// CLI itself does not link CUDA). False with a one-line reason.
bool checkGpu(std::string &error);

// The program as the shell would find it: a path with a slash as given,
// otherwise the first executable of that name on PATH. False with a reason.
bool resolveProgram(const std::string &name, std::string &path, std::string &error);

} // namespace warpcheck::cli
