// corpus-args: --cuda-arch=sm_70,sm_90
// Long-running Monte Carlo kernel reporting progress through a __device__
// counter that the host reads back by symbol. The counter's type is the
// same in every pass; only the way device code increments it (one
// warp-level __reduce_add_sync then one atomic per warp on sm_80+, one
// atomic per thread before) depends on __CUDA_ARCH__.
#include <cuda_runtime.h>

__device__ unsigned long long g_samplesDone;

__device__ __forceinline__ unsigned hash32(unsigned x) {
  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
  return x;
}

__global__ void estimatePi(unsigned long long samplesPerThread, unsigned long long *hits) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long inside = 0;
  for (unsigned long long s = 0; s < samplesPerThread; ++s) {
    const float x = hash32(tid * 2654435761u + (unsigned)s * 2u) * 2.3283064e-10f;
    const float y = hash32(tid * 2654435761u + (unsigned)s * 2u + 1u) * 2.3283064e-10f;
    inside += x * x + y * y <= 1.f;
  }
  atomicAdd(hits, inside);
#if __CUDA_ARCH__ >= 800
  const unsigned warpTotal = __reduce_add_sync(0xffffffffu, (unsigned)samplesPerThread);
  if ((threadIdx.x & 31) == 0) atomicAdd(&g_samplesDone, (unsigned long long)warpTotal);
#else
  atomicAdd(&g_samplesDone, samplesPerThread);
#endif
}

unsigned long long progress(cudaStream_t s) {
  unsigned long long done = 0;
  cudaMemcpyFromSymbolAsync(&done, g_samplesDone, sizeof(g_samplesDone), 0, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  return done;
}
