#pragma once
// HIP passes see <hip/hip_runtime.h> through a wrapper that lives in memory
// only: it includes the real header, then declares the warp `_sync`
// functions (and __activemask) that HIP headers before ROCm 6.2 lack, so
// that code written for current ROCm parses against older headers such as
// Debian 12's (HIP 5.2). They are declarations without ROCm's static_assert
// on the mask type: a 32-bit mask parses, and hip-mask-32bit reports it.
// Like ROCm, the wrapper declares nothing when the including code defines
// HIP_DISABLE_WARP_SYNC_BUILTINS. Before HIP's own headers (through
// <hip/hip_runtime.h> and <hip/hip_fp16.h>) it declares the half-precision
// helpers that HIP 5's headers expect from clang's wrapper of old.
#include "analyzer/frontend/Toolkit.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <string>
#include <vector>

namespace warpcheck {

// `base` with the wrapper's directory laid over it.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withHipOverlay(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base);

// Puts the wrapper's directory first on the system include path when `hip`
// lacks the functions it declares; adds nothing otherwise.
void addHipOverlayArgs(const HipInstallation &hip, std::vector<std::string> &args);

} // namespace warpcheck
