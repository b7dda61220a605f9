#pragma once
// Memory fences and the other ordering intrinsics of CUDA, HIP and clang,
// by name: the one list that the memory model (fences with their order and
// scope, analyses/MemoryOps) and the warp-synchronous access model (what
// orders the lanes of a warp, analyses/SharedAccessModel) read.
#include "llvm/ADT/StringRef.h"

namespace warpcheck {

// __threadfence_block, __threadfence, __threadfence_system and their NVVM
// builtins __nvvm_membar_cta, _gl, _sys: sequentially consistent fences of
// the scope the name says. None for other names.
enum class ThreadfenceScope { None, Block, Device, System };
ThreadfenceScope threadfenceScope(llvm::StringRef name);

// A fence by its name alone: __threadfence*, __nvvm_membar*, __nvvm_fence*,
// atomic_thread_fence, __atomic_thread_fence, __builtin_amdgcn_fence. (The
// memory model also decodes __c11_atomic_thread_fence and
// __scoped_atomic_thread_fence from their arguments; the access model does
// not count them as ordering.)
bool isFenceName(llvm::StringRef name);

// Whatever orders memory between threads by name: block barriers,
// __syncwarp and the other warp and AMD barriers, and fences. Warp votes and
// shuffles are not: "these intrinsics do not imply a memory barrier".
bool isOrderingIntrinsic(llvm::StringRef name);

} // namespace warpcheck
