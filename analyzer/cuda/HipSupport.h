#pragma once
// Shared by the HIP rules (hip-warpsize-hardcoded, hip-mask-32bit,
// hip-warpsize-constexpr): which passes they matter in, how they name the
// wave64 archs, and the HIP values they look for (warpSize, the thread
// index, the 64-bit masks of the warp functions).
#include "analyzer/core/AnalysisContext.h"
#include "clang/AST/Expr.h"
#include <string>

namespace warpcheck {

// A device pass of a HIP TU whose wavefronts have 64 lanes (gfx9: gfx90a,
// gfx942...): where 32-lane assumptions go wrong.
bool isWave64HipPass(const AnalysisContext &ctx);

// "gfx90a", "gfx90a and gfx942": the TU's wave64 archs, the same text in
// every pass so that the passes' findings merge.
std::string wave64Archs(const AnalysisContext &ctx);

// A reference to HIP's built-in `warpSize` (a variable of HIP's headers,
// not a user's variable of that name).
bool isWarpSizeRef(const clang::Expr *e);

// Whether `e` computes with the x thread index: threadIdx.x,
// hipThreadIdx_x, __builtin_amdgcn_workitem_id_x, or a local initialised
// from one (blockIdx.x * blockDim.x + threadIdx.x counts).
bool usesThreadIndexX(const clang::Expr *e, int depth = 0);

// Whether `e` is blockDim.x, possibly plus a constant (`blockDim.x + 31`).
bool isBlockDimX(const clang::Expr *e);

// A call of a HIP warp function that returns a 64-bit lane mask: __ballot,
// __ballot_sync, __activemask, __match_any(_sync), __match_all(_sync),
// __lanemask_lt/le/gt/ge/eq; null otherwise.
const clang::CallExpr *maskProducingCall(const clang::Expr *e);

// Whether `e` holds such a mask: the call, bit operations on one, or a
// local variable initialised or assigned from one. `source` is set to the
// call.
bool holdsLaneMask(const clang::Expr *e, const clang::CallExpr *&source, int depth = 0);

// Whether the code at `s` sits under a condition that already deals with
// the warp size: a test of warpSize (or of a template parameter), or a
// condition that is a compile-time constant in this pass taking the other
// branch.
bool underWarpSizeCondition(clang::ASTContext &ast, const clang::Stmt *s);

} // namespace warpcheck
