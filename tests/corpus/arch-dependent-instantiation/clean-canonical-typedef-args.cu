// corpus-args: --cuda-arch=sm_80,sm_90
// Radix-sort key kernels instantiated through per-pass typedefs that are
// spelled differently but name the same types: `uint32_t` on one side,
// `unsigned int` on the other. Template arguments are compared
// canonically, so the host's launch of countDigits<unsigned int> finds
// the same specialization in every device pass.
#include <cuda_runtime.h>
#include <cstdint>

#ifdef __CUDA_ARCH__
typedef uint32_t sort_key_t;
#else
typedef unsigned int sort_key_t;
#endif

template <typename K>
__global__ void countDigits(const K *keys, int n, int shift, unsigned *counts) {
  __shared__ unsigned local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[(keys[i] >> shift) & 0xff], 1u);
  __syncthreads();
  atomicAdd(&counts[threadIdx.x], local[threadIdx.x]);
}

void digitHistogram(const sort_key_t *keys, int n, int shift, unsigned *counts, cudaStream_t s) {
  cudaMemsetAsync(counts, 0, 256 * sizeof(unsigned), s);
  countDigits<sort_key_t><<<240, 256, 0, s>>>(keys, n, shift, counts);
}
