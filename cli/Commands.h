#pragma once
#include <string>
#include <vector>

namespace warpcheck::cli {

// Exit codes shared by every subcommand.
enum ExitCode : int {
  kExitClean = 0,     // nothing at or above the failing severity
  kExitFindings = 1,  // findings at or above the failing severity
  kExitUsage = 2,     // usage, configuration, input or parse errors; an output that cannot be
                      // written; a lint that analysed nothing
  kExitInternal = 3,  // warpcheck itself failed, or cannot work here (run: no GPU)
};

int lintCommand(const std::vector<std::string> &args);
int lintLauncherCommand(const std::vector<std::string> &args);
int runCommand(const std::vector<std::string> &args);
int rulesCommand(const std::vector<std::string> &args);
int explainCommand(const std::vector<std::string> &args);
int reportCommand(const std::vector<std::string> &args);

} // namespace warpcheck::cli
