// `warpcheck lint-launcher`: lints each translation unit as the build
// compiles it, as a compiler launcher, so that only what is rebuilt is
// linted again (CMake: CMAKE_CUDA_COMPILER_LAUNCHER="warpcheck;lint-launcher").
//
//   warpcheck lint-launcher [LINT-OPTIONS --] COMPILER ARGS...
//
// The compile command becomes a one-entry compile database, linted like
// `warpcheck lint -p` would lint it; the findings go to the build's output.
// Then the compiler runs; its exit code is the launcher's, unless lint
// found findings at or above --fail-on and `--fail` was given (as
// clang-tidy's WarningsAsErrors fails a build). A file lint cannot analyse
// is reported, and does not stop the build.
#include "cli/ChildProcess.h"
#include "cli/Commands.h"
#include "cli/RunSetup.h"
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace warpcheck::cli {
namespace {

bool isSource(const std::string &a) {
  static const char *const kExtensions[] = {".cu", ".cuh", ".hip", ".cpp", ".cc", ".cxx", ".c"};
  for (const char *e : kExtensions) {
    size_t n = std::strlen(e);
    if (a.size() > n && a.compare(a.size() - n, n, e) == 0) return true;
  }
  return false;
}

// The file being compiled: the argument after -c, else the last source-like
// argument that exists.
std::string sourceOf(const std::vector<std::string> &command) {
  for (size_t i = 1; i + 1 < command.size(); ++i)
    if (command[i] == "-c" && isSource(command[i + 1])) return command[i + 1];
  for (size_t i = command.size(); i-- > 1;)
    if (isSource(command[i]) && std::filesystem::exists(command[i])) return command[i];
  return "";
}

int runCompiler(const std::vector<std::string> &command) {
  std::string program, error;
  ChildStatus status;
  if (!resolveProgram(command[0], program, error) || !runChild(program, command, currentEnvironment(), status, error)) {
    std::cerr << "warpcheck lint-launcher: error: " << error << '\n';
    return 127;
  }
  return status.exitCode;
}

} // namespace

int lintLauncherCommand(const std::vector<std::string> &args) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << "usage: warpcheck lint-launcher [LINT-OPTIONS [--fail] --] COMPILER ARGS...\n\n"
                 "Lint the file a compile command compiles, with that command's flags, then run the\n"
                 "compiler: a compiler launcher (CMake: CMAKE_CUDA_COMPILER_LAUNCHER=\"warpcheck;lint-launcher\"),\n"
                 "so a rebuild lints only what it recompiles. LINT-OPTIONS are `warpcheck lint`'s.\n"
                 "Exit code: the compiler's; 1 with --fail when lint found findings at or above --fail-on.\n";
    return kExitClean;
  }
  std::vector<std::string> lintOptions, command;
  bool fail = false;
  auto dashdash = std::find(args.begin(), args.end(), "--");
  if (dashdash != args.end()) {
    lintOptions.assign(args.begin(), dashdash);
    command.assign(dashdash + 1, args.end());
  } else {
    command = args;
  }
  if (auto f = std::find(lintOptions.begin(), lintOptions.end(), "--fail"); f != lintOptions.end()) {
    fail = true;
    lintOptions.erase(f);
  }
  if (command.empty() || command[0].empty() || command[0][0] == '-') {
    std::cerr << "warpcheck lint-launcher: error: no compiler command; usage: warpcheck lint-launcher "
                 "[LINT-OPTIONS [--fail] --] COMPILER ARGS...\n";
    return kExitUsage;
  }
  std::string source = sourceOf(command);
  int lintRc = kExitClean;
  if (source.empty()) {
    // A link or a query (--version): nothing to lint.
  } else {
    std::error_code ec;
    std::filesystem::path dir = std::filesystem::temp_directory_path(ec) /
                                ("warpcheck-launcher-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir, ec);
    nlohmann::json db = nlohmann::json::array();
    db.push_back({{"directory", std::filesystem::current_path(ec).string()}, {"arguments", command}, {"file", source}});
    std::ofstream(dir / "compile_commands.json") << db.dump(2) << '\n';
    std::vector<std::string> lint = {"-p", dir.string(), "--quiet"};
    lint.insert(lint.end(), lintOptions.begin(), lintOptions.end());
    lint.push_back(source);
    lintRc = lintCommand(lint);
    std::cout.flush();
    std::filesystem::remove_all(dir, ec);
    if (lintRc == kExitUsage)
      std::cerr << "warpcheck lint-launcher: warning: " << source << " was not linted completely (see above); "
                << "compiling it anyway\n";
  }
  int rc = runCompiler(command);
  if (rc == 0 && fail && lintRc == kExitFindings) return kExitFindings;
  return rc;
}

} // namespace warpcheck::cli
