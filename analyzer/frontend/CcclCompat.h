#pragma once
// Makes clang accept CCCL code that nvcc accepts.
//
// nvcc lets a `__shared__` variable have a non-empty constructor or
// destructor (it warns, static_var_with_dynamic_init, and runs neither);
// clang rejects it ("initialization is not supported for __shared__
// variables") and drops the variable from the AST. CCCL's
// `cuda::barrier<cuda::thread_scope_block>` has such a destructor (it
// invalidates the mbarrier), so the canonical
//     __shared__ cuda::barrier<cuda::thread_scope_block> bar;
// and every `__shared__ cuda::pipeline_shared_state` would make the whole
// file a parse error. The passes read that one header through this file
// system, which defaults the destructor: the same bytes, the same lines,
// the same locations, and the semantics nvcc gives it (never run).
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <optional>
#include <string>

namespace warpcheck {

// `fs` with CCCL's block-scope barrier header patched wherever it is found
// (the toolkit's copy or a CCCL checkout on the include path).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> withCcclCompat(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs);

// The patched text of barrier_block_scope.h, the same length as `text`;
// nullopt when it has no destructor body to default.
std::optional<std::string> patchBlockScopeBarrier(llvm::StringRef text);

} // namespace warpcheck
