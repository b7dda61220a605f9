// corpus-args: --cuda-arch=sm_80,sm_90
// Gather kernel templated on the index type. The index type is chosen per
// pass (64-bit in device code for large tensors, `int` in the host's
// public API), and the host launches gather<float, index_t>. The host pass
// launches gather<float, int>, but the device passes, parsing the same
// launch, instantiate gather<float, long long>: no device code exists for
// the specialization the host registers and launches.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
typedef long long index_t;
#else
typedef int index_t;
#endif

template <typename T, typename I>
__global__ void gather(const T *src, const I *indices, I count, T *dst) {
  for (I i = blockIdx.x * (I)blockDim.x + threadIdx.x; i < count; i += (I)blockDim.x * gridDim.x)
    dst[i] = src[indices[i]];
}

void gatherRows(const float *src, const index_t *idx, index_t count, float *dst, cudaStream_t s) {
  gather<float, index_t><<<(unsigned)((count + 255) / 256), 256, 0, s>>>(src, idx, count, dst); // expect: arch-dependent-instantiation
}
