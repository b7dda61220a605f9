#pragma once
// What nvcc gives CUDA code and clang lacks, so that files nvcc compiles
// parse in every pass:
//  - a header in memory only, force-included after clang's CUDA wrapper:
//    the cache-hint stores __stcg/__stcs/__stwb (and __stwt for long),
//    nvcc's host min/max/umin/llmax/... and, in device passes, device
//    overloads of libstdc++'s __throw_* helpers that constexpr functions
//    such as std::array::at() call (nvcc takes them with
//    --expt-relaxed-constexpr; clang makes constexpr functions
//    __host__ __device__ and rejects the host-only callee);
//  - macros nvcc defines: _CG_CLUSTER_INTRINSICS_AVAILABLE (CUDA 13's
//    cooperative groups offer cluster_group, this_cluster() and
//    grid_group::cluster_rank/num_clusters only under __NVCC__ or this
//    macro; clang has every intrinsic they then call, and the headers' own
//    arch gate still limits them to sm_90+), and _OPENMP in device passes
//    under -fopenmp (nvcc defines it in both, clang in the host pass only).
#include "analyzer/frontend/Pass.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <string>
#include <vector>

namespace warpcheck {

// `base` with the compat header laid over it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withCudaOverlay(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

// The arguments a CUDA pass needs for the above; `tuArgs` are the TU's
// clang arguments (for -fopenmp).
void addCudaOverlayArgs(const Pass &pass, const std::vector<std::string> &tuArgs,
                        std::vector<std::string> &args);

// The value clang gives _OPENMP for `tuArgs` (-fopenmp, -fopenmp-version=),
// or "" when OpenMP is off.
std::string openmpMacroValue(const std::vector<std::string> &tuArgs);

} // namespace warpcheck
