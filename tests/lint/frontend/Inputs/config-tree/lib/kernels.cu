// Takes lib/.warpcheck.yaml alone.
#if defined(ROOT_CONFIG)
#error "lib/ does not inherit the root's configuration"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
#error "lib/ did not get its own Archs"
#endif
#include "../include/shared.cuh"

// warp-legacy-intrinsic: on here (the root turns it off, lib/ does not inherit that).
__global__ void lib_legacy(float *out) { out[threadIdx.x] = __shfl_down(out[threadIdx.x], 1); }
