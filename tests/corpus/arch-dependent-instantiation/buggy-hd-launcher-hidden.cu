// corpus-args: --cuda-arch=sm_80,sm_90
// A library "dispatch" function declared __host__ __device__ so that it
// can be called from both sides, which launches the reduction kernel only
// on the host, under #if !defined(__CUDA_ARCH__). Device passes never see
// the launch, so they never instantiate blockReduce<float, 256>: the
// device code has no such kernel and the launch fails at run time with
// cudaErrorInvalidDeviceFunction (the guide's constraint 2 example).
#include <cuda_runtime.h>

template <typename T, int BLOCK>
__global__ void blockReduce(const T *in, int n, T *out) {
  __shared__ T s[BLOCK];
  T acc = T(0);
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) acc += in[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int k = BLOCK / 2; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

__host__ __device__ void sumAsync(const float *in, int n, float *out, cudaStream_t stream) {
#if !defined(__CUDA_ARCH__)
  const int blocks = (n + 255) / 256 < 1024 ? (n + 255) / 256 : 1024;
  blockReduce<float, 256><<<blocks, 256, 0, stream>>>(in, n, out); // expect: arch-dependent-instantiation
#else
  // Device callers are expected to reduce within their own block.
  (void)in; (void)n; (void)out; (void)stream;
#endif
}
