#pragma once
// compute-sanitizer options that `warpcheck run` does not take, each with
// what to use instead: users bring their compute-sanitizer command lines,
// and "unknown option" alone does not tell them what to do.
#include <string>

namespace warpcheck::cli {

// For an argument such as "--tool" or "--leak-check=full": one line naming
// the compute-sanitizer option and what to use instead; "" when `arg` is
// not a compute-sanitizer option warpcheck lacks.
std::string sanitizerOptionAdvice(const std::string &arg);

} // namespace warpcheck::cli
