// The floor of `warpcheck run --patch-floor`: the entry points of Patches.cu
// with their bodies compiled out, so that every patched instruction costs
// what the Compute Sanitizer API's call into a patch costs and nothing more
// (bench/run_vs_racecheck.py --steady). No detector on this API can be
// cheaper; the gap between this and Patches.cu is what detection costs.
// Keep the names and signatures those of Patches.cu.
#include <cstdint>
#include <sanitizer_patching.h>

#define WC_FLOOR(name, ...)                                                                  \
  extern "C" __device__ __noinline__ SanitizerPatchResult name(void *, uint64_t, __VA_ARGS__) { \
    return SANITIZER_PATCH_SUCCESS;                                                           \
  }
#define WC_FLOOR0(name)                                                         \
  extern "C" __device__ __noinline__ SanitizerPatchResult name(void *, uint64_t) { \
    return SANITIZER_PATCH_SUCCESS;                                              \
  }

WC_FLOOR0(wcBlockEnter)
WC_FLOOR0(wcBlockExit)
WC_FLOOR(wcSharedAccess, void *, uint32_t, uint32_t, const void *)
WC_FLOOR(wcGlobalAccess, void *, uint32_t, uint32_t, const void *)
WC_FLOOR(wcDeviceMalloc, void *, uint64_t)
WC_FLOOR(wcDeviceFree, void *)
WC_FLOOR(wcMemcpyAsync, void *, uint32_t, uint32_t)
WC_FLOOR0(wcPipelineCommit)
WC_FLOOR(wcPipelineWait, uint32_t)
WC_FLOOR(wcMemcpyAsyncBarrier, uint32_t)
WC_FLOOR(wcCudaBarrier, void *, uint32_t, uint32_t)
WC_FLOOR(wcCudaBarrierAttempt, void *, uint32_t, uint32_t, uint32_t)
WC_FLOOR(wcBarrier, uint32_t, uint32_t, uint32_t)
WC_FLOOR(wcBarrierRelease, uint32_t, uint32_t, uint32_t)
WC_FLOOR(wcSyncwarp, uint32_t)
