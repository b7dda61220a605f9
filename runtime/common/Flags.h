#pragma once
// The runtime's flags (runtime/common/Flags.inc), read from WARPCHECK_<NAME>.
#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck::run {

struct Flags {
#define WARPCHECK_FLAG(name, type, def, desc) type name = def;
#include "runtime/common/Flags.inc"
};

// Where a flag's `warpcheck run` option goes among run's own options
// (--help's order): the flags that choose the launches, then what is
// checked, then tracing, then patching.
enum class FlagGroup { Launches, Checks, Trace, Patching };

// Unknown values are reported in `problems` (and the default kept), never
// silently ignored.
Flags readFlags(std::vector<std::string> &problems);

// "WARPCHECK_" + upper-case name: what `warpcheck run` sets.
std::string flagEnvName(const char *name);

} // namespace warpcheck::run
