#pragma once
#include <string>

namespace warpcheck {

// The demangled C++ name (the C++ ABI's demangler, as c++filt), or `name`
// unchanged when it is not a mangled name.
std::string demangle(const std::string &name);

} // namespace warpcheck
