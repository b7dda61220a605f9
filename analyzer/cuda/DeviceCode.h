#pragma once
// Which functions are device code: as a predicate, and as AST matchers see them.
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"

namespace warpcheck {

// Kernels and __device__ functions: the code a device pass analyses.
inline bool runsOnDevice(const clang::FunctionDecl *fd) {
  return fd->hasAttr<clang::CUDAGlobalAttr>() || fd->hasAttr<clang::CUDADeviceAttr>();
}
AST_MATCHER(clang::FunctionDecl, isDeviceFunction) { return runsOnDevice(&Node); }

} // namespace warpcheck
