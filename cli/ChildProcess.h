#pragma once
// Starting a program and waiting for it, for `run` (the program checked) and
// `lint-launcher` (the compiler): Ctrl-C reaches the child, which shares our
// process group, while we stay to finish the job.
#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck::cli {

struct ChildStatus {
  int exitCode = 0, signal = 0; // exitCode is 128 + signal when a signal ended it
  uint64_t pid = 0;
};

// Runs `program` (a path) with `args` (args[0] included) and `env`
// ("K=V"); false with `error` when it cannot be started.
bool runChild(const std::string &program, const std::vector<std::string> &args,
              const std::vector<std::string> &env, ChildStatus &status, std::string &error);

// This process's environment, as `env` above takes it.
std::vector<std::string> currentEnvironment();

} // namespace warpcheck::cli
