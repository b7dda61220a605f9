#pragma once
// A small table-driven option parser: each subcommand declares its options
// once (name, value name, help), and --help is generated from the table.
// (The CLI cannot use llvm::cl: the GPU build has no LLVM.)
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace warpcheck::cli {

struct OptionSpec {
  std::string name;      // "--format"
  std::string shortName; // "-o" or ""
  std::string valueName; // "" for flags
  std::string help;
  std::function<bool(const std::string &value, std::string &error)> apply;
};

struct CommandSpec {
  std::string name, usage, description;
  std::vector<OptionSpec> options;
  bool takesPositionals = true;
  bool takesTrailingArgs = false; // everything after `--`
  // The first positional and everything after it are trailing arguments
  // (a program and its own options, as compute-sanitizer takes them).
  bool positionalStartsTrailing = false;
};

struct ParsedArgs {
  std::vector<std::string> positionals;
  std::vector<std::string> trailing; // after `--`
  bool help = false;
};

// False on a usage error (unknown option, missing value, bad value) with
// `error` set to one line.
bool parseArgs(const CommandSpec &spec, const std::vector<std::string> &args, ParsedArgs &out,
               std::string &error);
void printHelp(std::ostream &os, const CommandSpec &spec);

// How every command starts: parses `args`; on a usage error prints
// "<who>: error: <error>" on stderr (after `reword`, when given, rewrote
// the error) and returns kExitUsage; on --help prints the help on stdout and
// returns kExitClean; otherwise nullopt: the command goes on.
std::optional<int> parseCommandLine(const CommandSpec &spec, const std::vector<std::string> &args, ParsedArgs &out,
                                    const std::string &who,
                                    const std::function<void(std::string &error)> &reword = {});

} // namespace warpcheck::cli
