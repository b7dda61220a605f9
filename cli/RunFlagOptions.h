#pragma once
// `warpcheck run`'s options that set a runtime flag, generated from
// runtime/common/Flags.inc (its WARPCHECK_OPTION_FLAG entries): name, value
// name, help and validation are declared there once, not here.
#include "cli/ArgParser.h"
#include "runtime/common/Flags.h"
#include <map>
#include <string>
#include <vector>

namespace warpcheck::cli {

// Appends the options of `group`, in Flags.inc's order. Each validates its
// value (an invalid one is a usage error) and stores the flag's value in
// `flags` under its environment name (WARPCHECK_<NAME>). `flags` must
// outlive the options.
void addRunFlagOptions(std::vector<OptionSpec> &options, run::FlagGroup group,
                       std::map<std::string, std::string> &flags);

} // namespace warpcheck::cli
