// RUN: %check_warpcheck %s arch-dependent-definition -- --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Arch-dependent definitions that no other object can link against, or that
// every object that uses them emits itself: none is a finding.

#if __CUDA_ARCH__ >= 800
static __device__ void internal_helper() {}           // internal linkage
namespace {
__device__ int anonymous_counter;                      // internal linkage
}
inline __device__ int inline_helper() { return 1; }   // vague linkage
__forceinline__ __device__ int forced() { return 2; } // inline
constexpr __device__ int constexpr_helper() { return 3; }
template <class T> __device__ T twice(T x) { return 2 * x; }
struct Accumulator {
  __device__ void add(int) {}                          // defined in the class: inline
};
extern __device__ int declared_elsewhere;              // a declaration only
#endif

// Host-only definitions hidden from device passes are the normal idiom, and
// the host object is not part of the device link.
#ifndef __CUDA_ARCH__
void host_function() {}
#endif

// Defined in every device pass, whatever the value of __CUDA_ARCH__.
#if __CUDA_ARCH__ >= 700
__device__ int everywhere;
#endif
