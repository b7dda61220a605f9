#pragma once
// Filters a clang (or gcc) command line down to what a lint pass can use,
// with clang's own option table so every option's arity is right.
#include "analyzer/frontend/CompileFlags.h"
#include <string>
#include <vector>

namespace warpcheck {

// `args` excludes argv[0]. Options clang does not know are dropped with a
// warning naming them as `what` ("compiler option", "host compiler option").
CompileFlags translateClangArgs(const std::vector<std::string> &args,
                                const std::string &what = "compiler option");

} // namespace warpcheck
