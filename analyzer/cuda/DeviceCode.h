#pragma once
// Which functions are device code, as AST matchers see them.
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchersMacros.h"

namespace warpcheck {

// Kernels and __device__ functions: the code a device pass analyses.
AST_MATCHER(clang::FunctionDecl, isDeviceFunction) {
  return Node.hasAttr<clang::CUDAGlobalAttr>() || Node.hasAttr<clang::CUDADeviceAttr>();
}

} // namespace warpcheck
