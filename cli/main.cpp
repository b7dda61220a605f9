// The `warpcheck` command: dispatches to its subcommands.
#include "cli/Commands.h"
#include "reports/OutputFile.h"
#include <algorithm>
#include <cstring>
#include <exception>
#include <iostream>

#ifndef WARPCHECK_VERSION
#define WARPCHECK_VERSION "0.0.0"
#endif

using namespace warpcheck::cli;

namespace {

struct Subcommand {
  const char *name;
  const char *summary;
  int (*run)(const std::vector<std::string> &);
};

int notBuilt(const char *what) {
  std::cerr << "warpcheck: error: this warpcheck was built without " << what << "\n";
  return kExitUsage;
}

#ifdef WARPCHECK_HAVE_ANALYZER
int lintEntry(const std::vector<std::string> &a) { return lintCommand(a); }
int lintLauncherEntry(const std::vector<std::string> &a) { return lintLauncherCommand(a); }
#else
int lintEntry(const std::vector<std::string> &) { return notBuilt("the analyzer (Clang 22)"); }
int lintLauncherEntry(const std::vector<std::string> &) { return notBuilt("the analyzer (Clang 22)"); }
#endif

#ifdef WARPCHECK_HAVE_RUN
int runEntry(const std::vector<std::string> &a) { return runCommand(a); }
#else
int runEntry(const std::vector<std::string> &) { return notBuilt("the GPU runtime (Compute Sanitizer API)"); }
#endif

const Subcommand kSubcommands[] = {
    {"lint", "statically check CUDA sources for divergence, mask and __CUDA_ARCH__ bugs", lintEntry},
    {"lint-launcher", "lint each file as the build compiles it (a compiler launcher)", lintLauncherEntry},
    {"run", "run a CUDA program with its kernels checked on the GPU (races, barriers, masks)", runEntry},
    {"rules", "list every rule", rulesCommand},
    {"explain", "print the documentation of a rule", explainCommand},
    {"report", "write a saved JSON report in another format (codeclimate, gcc, ...)", reportCommand},
};

void usage(std::ostream &os) {
  os << "usage: warpcheck <command> [options] [args]\n\n"
        "warpcheck finds correctness bugs in CUDA kernels.\n\ncommands:\n";
  size_t width = 0;
  for (const Subcommand &s : kSubcommands) width = std::max(width, std::strlen(s.name));
  for (const Subcommand &s : kSubcommands)
    os << "  " << s.name << std::string(width + 2 - std::strlen(s.name), ' ') << s.summary << '\n';
  os << "\nRun 'warpcheck <command> --help' for the options of a command.\n"
        "  --version   print the version\n";
}

// What a command printed on stdout (`rules`, `explain`, --dump-config,
// --help, a report) must have arrived: a full disk or a closed pipe is an
// error, not a silent success. Commands that found it already returned 2.
int checkedStdout(int rc) {
  std::string error;
  if (rc == kExitUsage || warpcheck::flushStream(std::cout, "standard output", error)) return rc;
  std::cerr << "warpcheck: error: " << error << '\n';
  return kExitUsage;
}

int dispatch(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    usage(std::cerr);
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    usage(std::cout);
    return kExitClean;
  }
  if (args[0] == "--version") {
    std::cout << "warpcheck " << WARPCHECK_VERSION << '\n';
    return kExitClean;
  }
  for (const Subcommand &s : kSubcommands) {
    if (args[0] != s.name) continue;
    try {
      return s.run(std::vector<std::string>(args.begin() + 1, args.end()));
    } catch (const std::exception &e) {
      std::cerr << "warpcheck: internal error: " << e.what() << '\n';
      return kExitInternal;
    }
  }
  std::cerr << "warpcheck: error: unknown command '" << args[0] << "' (see 'warpcheck --help')\n";
  return kExitUsage;
}

} // namespace

int main(int argc, char **argv) { return checkedStdout(dispatch(argc, argv)); }
