// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Per-architecture helpers with vague linkage: inline and __forceinline__
// functions, constexpr functions, function templates and member functions
// defined in their class. Every object that uses one emits its own copy,
// so none is missing at device link time even though they exist only for
// some architectures.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 800
__forceinline__ __device__ unsigned warpMaxU(unsigned v) { return __reduce_max_sync(0xffffffffu, v); }
inline __device__ int warpAddI(int v) { return __reduce_add_sync(0xffffffffu, v); }
#endif

constexpr __host__ __device__ int ceilDiv(int a, int b) { return (a + b - 1) / b; }

template <typename T>
__device__ T clampTo(T v, T lo, T hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

struct RunningMax {
  unsigned value;
#if __CUDA_ARCH__ >= 800
  __device__ void merge(unsigned v) { value = max(value, warpMaxU(v)); }
#else
  __device__ void merge(unsigned v) {
    for (int o = 16; o > 0; o /= 2) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
    value = max(value, v);
  }
#endif
};

__global__ void clampedMax(const unsigned *x, int n, unsigned lo, unsigned hi, unsigned *out) {
  RunningMax m{0};
  for (int base = blockIdx.x * blockDim.x; base < ceilDiv(n, 32) * 32; base += blockDim.x * gridDim.x) {
    const int i = base + threadIdx.x;
    m.merge(i < n ? clampTo(x[i], lo, hi) : 0u);
  }
  if ((threadIdx.x & 31) == 0) atomicMax(out, m.value);
}
