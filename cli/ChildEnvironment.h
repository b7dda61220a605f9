#pragma once
// The environment `warpcheck run` gives the program: its own, plus the
// injection library preloaded, the sanitizer library findable and the
// runtime's flags (WARPCHECK_<NAME>, runtime/common/Flags.inc), which replace any
// the environment already held (a warpcheck run inside another).
#include <map>
#include <string>
#include <vector>

namespace warpcheck::cli {

// `inherited`: "NAME=VALUE" entries (environ). `keepModuleLoading`: keep
// the program's CUDA_MODULE_LOADING (WARPCHECK_KEEP_MODULE_LOADING) instead
// of EAGER.
std::vector<std::string> childEnvironment(const std::vector<std::string> &inherited, const std::string &runtime,
                                          const std::string &sanitizerDir,
                                          const std::map<std::string, std::string> &flags, bool keepModuleLoading);

} // namespace warpcheck::cli
