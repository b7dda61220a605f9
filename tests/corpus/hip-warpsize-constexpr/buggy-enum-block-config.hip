// Block-level configuration for a radix-sort upsweep written the
// old-fashioned way, with enumerators computed from warpSize (as CUB's
// pre-C++11 policies did with a constant warp size). An enumerator must
// be a constant expression: with ROCm 7 this does not compile, and with
// older HIP WAVES is fixed when the code is compiled, not taken from the
// GPU it runs on.
#include <hip/hip_runtime.h>

template <int BLOCK_THREADS, int RADIX_BITS>
struct UpsweepConfig {
  enum {
    RADIX = 1 << RADIX_BITS,
    WAVES = BLOCK_THREADS / warpSize, // expect: hip-warpsize-constexpr
    COUNTERS_PER_THREAD = (RADIX * 4 + BLOCK_THREADS - 1) / BLOCK_THREADS,
  };
};

typedef UpsweepConfig<256, 4> Cfg;

__global__ void radixUpsweep(const unsigned *keys, int n, int shift, int *digitCounts) {
  __shared__ int waveCounts[Cfg::WAVES][Cfg::RADIX];
  const int wave = threadIdx.x / warpSize;
  for (int i = threadIdx.x; i < Cfg::WAVES * Cfg::RADIX; i += blockDim.x) (&waveCounts[0][0])[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&waveCounts[wave][(keys[i] >> shift) & (Cfg::RADIX - 1)], 1);
  __syncthreads();
  if (threadIdx.x < Cfg::RADIX) {
    int total = 0;
    for (int w = 0; w < Cfg::WAVES; ++w) total += waveCounts[w][threadIdx.x];
    digitCounts[blockIdx.x * Cfg::RADIX + threadIdx.x] = total;
  }
}
