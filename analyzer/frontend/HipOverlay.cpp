#include "analyzer/frontend/HipOverlay.h"
#include "llvm/Support/MemoryBuffer.h"

namespace warpcheck {
namespace {

const char *const kOverlayDir = "/.warpcheck-hip-overlay/include";

// Included before HIP's own headers. HIP 5's amd_hip_fp16.h calls
// __llvm_amdgcn_rcp_f16/_2f16, which its hip_fp16_math_fwd.h declares only
// without clang's HIP wrapper (and the wrapper of clang 22 no longer does):
// without them every TU that includes hip_runtime.h fails to parse.
const char *const kPrelude = R"(// warpcheck: declarations HIP 5's headers expect from older clang.
#pragma once
#include <hip/hip_version.h>
#if defined(HIP_VERSION) && HIP_VERSION < 60000000 && defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__) && \
    !defined(__WARPCHECK_HIP_RCP_DECLARED)
#define __WARPCHECK_HIP_RCP_DECLARED 1
extern "C" {
__attribute__((device)) __attribute__((const)) _Float16 __llvm_amdgcn_rcp_f16(_Float16);
__attribute__((device)) inline __2f16 __llvm_amdgcn_rcp_2f16(__2f16 x) {
  return __2f16{__llvm_amdgcn_rcp_f16(x.x), __llvm_amdgcn_rcp_f16(x.y)};
}
}
#endif
)";

const char *const kFp16Wrapper = R"(// warpcheck: <hip/hip_fp16.h> after the prelude.
#pragma once
#include <warpcheck_hip_prelude.h>
#include_next <hip/hip_fp16.h>
)";

// Signatures as ROCm 6.2's amd_warp_sync_functions.h has them, minus the
// static_assert that the mask is a 64-bit integer.
const char *const kWrapper = R"(// warpcheck: <hip/hip_runtime.h>, then declarations that HIP before ROCm 6.2 lacks.
#pragma once
#include <warpcheck_hip_prelude.h>
#include_next <hip/hip_runtime.h>
#if defined(HIP_VERSION) && HIP_VERSION < 60200000 && defined(__HIP_PLATFORM_AMD__) && \
    !defined(HIP_DISABLE_WARP_SYNC_BUILTINS) && !defined(__WARPCHECK_HIP_SYNC_DECLARED)
#define __WARPCHECK_HIP_SYNC_DECLARED 1
#if HIP_VERSION < 60000000
__attribute__((device)) unsigned long long __activemask();
#endif
template <class MaskT> __attribute__((device)) unsigned long long __ballot_sync(MaskT mask, int predicate);
template <class MaskT> __attribute__((device)) int __all_sync(MaskT mask, int predicate);
template <class MaskT> __attribute__((device)) int __any_sync(MaskT mask, int predicate);
template <class MaskT, class T> __attribute__((device)) unsigned long long __match_any_sync(MaskT mask, T value);
template <class MaskT, class T> __attribute__((device)) unsigned long long __match_all_sync(MaskT mask, T value, int *pred);
template <class MaskT, class T> __attribute__((device)) T __shfl_sync(MaskT mask, T var, int srcLane, int width = __AMDGCN_WAVEFRONT_SIZE);
template <class MaskT, class T> __attribute__((device)) T __shfl_up_sync(MaskT mask, T var, unsigned int delta, int width = __AMDGCN_WAVEFRONT_SIZE);
template <class MaskT, class T> __attribute__((device)) T __shfl_down_sync(MaskT mask, T var, unsigned int delta, int width = __AMDGCN_WAVEFRONT_SIZE);
template <class MaskT, class T> __attribute__((device)) T __shfl_xor_sync(MaskT mask, T var, int laneMask, int width = __AMDGCN_WAVEFRONT_SIZE);
#endif
)";

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withHipOverlay(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  memory->addFile(std::string(kOverlayDir) + "/hip/hip_runtime.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(kWrapper, "hip_runtime.h"));
  memory->addFile(std::string(kOverlayDir) + "/hip/hip_fp16.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(kFp16Wrapper, "hip_fp16.h"));
  memory->addFile(std::string(kOverlayDir) + "/warpcheck_hip_prelude.h", 0,
                  llvm::MemoryBuffer::getMemBuffer(kPrelude, "warpcheck_hip_prelude.h"));
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(new llvm::vfs::OverlayFileSystem(base));
  overlay->pushOverlay(memory);
  return overlay;
}

void addHipOverlayArgs(const HipInstallation &hip, std::vector<std::string> &args) {
  if (hip.major > 6 || (hip.major == 6 && hip.minor >= 2)) return;
  args.push_back("-isystem");
  args.push_back(kOverlayDir);
}

} // namespace warpcheck
