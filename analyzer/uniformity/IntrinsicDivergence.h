#pragma once
// The thread dependence of the results of CUDA and HIP intrinsics (votes,
// shuffles, special registers, atomics, AMD work-item queries): their
// bodies in the toolkit's headers, where they have one, do not reveal it.
#include "analyzer/uniformity/Divergence.h"
#include "clang/AST/Expr.h"
#include <optional>

namespace warpcheck {

// The thread dependence of the result of a call to a known intrinsic, or
// nullopt when the callee is not special (analyse its body, or join args).
std::optional<Divergence> intrinsicResult(const clang::CallExpr *call, llvm::StringRef name);

} // namespace warpcheck
