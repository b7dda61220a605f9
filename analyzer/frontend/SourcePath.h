#pragma once
// The path a report gives for a file clang read.
//
// clang names headers as it found them, e.g. libstdc++'s as
// /lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/array. Removing
// "dir/.." lexically is wrong after a symbolic link (/lib -> usr/lib on
// merged-/usr systems): it gave /include/c++/12/array, a file that does not
// exist. The file system decides instead.
#include "llvm/ADT/StringRef.h"
#include <string>

namespace warpcheck {

// Absolute, without "." and "..": the lexical form when it names the same
// file, else the real path (symbolic links resolved).
std::string resolvedSourcePath(llvm::StringRef name);

} // namespace warpcheck
