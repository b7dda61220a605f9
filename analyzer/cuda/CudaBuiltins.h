#pragma once
// What the analyzer knows about CUDA's (and HIP's) builtin variables and
// intrinsics, matched by name: clang's CUDA headers implement many of them
// with bodies (or builtins) that do not reveal what they do. The thread
// dependence of their results is the uniformity analysis's
// (uniformity/IntrinsicDivergence.h).
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

enum class BuiltinVar { None, ThreadIdx, BlockIdx, BlockDim, GridDim };

struct BuiltinVarRef {
  BuiltinVar var = BuiltinVar::None;
  char dim = 0; // 'x', 'y', 'z'
};

// threadIdx.x and friends: CUDA's (a PseudoObjectExpr over an
// MSPropertyRefExpr) and HIP's (a member of a __HIP_Coordinates constant).
BuiltinVarRef builtinVarRef(const clang::Expr *e);

// A block-wide barrier intrinsic: __syncthreads, __syncthreads_{count,and,or},
// __barrier_sync(0)...
bool isBlockBarrierName(llvm::StringRef name);
// `bar.sync 0` / `barrier.sync 0` in inline assembly.
bool isBlockBarrierAsm(const clang::Stmt *s);

enum class WarpCollective {
  None, Shfl, ShflUp, ShflDown, ShflXor, Ballot, All, Any, MatchAny, MatchAll, Reduce, Syncwarp,
  ActiveMask
};
// Warp `_sync` intrinsics (and __activemask); the mask is argument 0.
WarpCollective warpCollectiveOf(llvm::StringRef name);
// The mask naming every lane of a warp of `warpSize` lanes (32, or 64 on AMD).
inline uint64_t fullWarpMask(unsigned warpSize) { return warpSize >= 64 ? ~uint64_t(0) : (uint64_t(1) << warpSize) - 1; }
// The non-sync forms: __shfl, __shfl_up, __shfl_down, __shfl_xor, __ballot,
// __any, __all. Removed from CUDA; ordinary API in HIP.
bool isLegacyWarpIntrinsic(llvm::StringRef name);
// Which collective a non-sync form is (it takes no mask: its operands start
// at argument 0); None for other names.
WarpCollective legacyWarpCollectiveOf(llvm::StringRef name);
// The intrinsics that take a lane mask first: the `_sync` collectives and
// __syncwarp (not __activemask), for matchers.
std::vector<llvm::StringRef> warpMaskedCollectiveNames();
// The shuffles, `_sync` and legacy forms.
std::vector<llvm::StringRef> warpShuffleNames();

// The called function's name without namespace, or "".
llvm::StringRef calleeName(const clang::CallExpr *call);

} // namespace warpcheck
