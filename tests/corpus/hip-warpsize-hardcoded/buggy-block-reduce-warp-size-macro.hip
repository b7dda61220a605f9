// Block-wide sum reduction from a CUDA code base, half ported to HIP: the
// kernel's leader test was changed to `threadIdx.x % warpSize == 0`, but
// the helpers still use `#define WARP_SIZE 32`. On gfx90a (64-lane
// wavefronts) the shuffle tree only folds 32 lanes into lane 0, so the
// leader's partial misses lanes 32-63; the warp index gives every
// wavefront two slots of which only the even one is written; and the warp
// count makes the second level read the odd, never-written slots.
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define MAX_BLOCK 1024

__device__ __forceinline__ float warpReduceSum(float val) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) // expect: hip-warpsize-hardcoded
    val += __shfl_down(val, offset);
  return val;
}

__device__ float blockReduceSum(float val) {
  __shared__ float partials[MAX_BLOCK / WARP_SIZE];
  const bool leader = threadIdx.x % warpSize == 0;
  const int wid = threadIdx.x / WARP_SIZE; // expect: hip-warpsize-hardcoded

  val = warpReduceSum(val);
  if (leader) partials[wid] = val;
  __syncthreads();

  // The first wavefront reduces the per-warp partials.
  const int numWarps = (blockDim.x + WARP_SIZE - 1) / WARP_SIZE; // expect: hip-warpsize-hardcoded
  if (threadIdx.x < warpSize) {
    val = threadIdx.x < numWarps ? partials[threadIdx.x] : 0.f;
    val = warpReduceSum(val);
  }
  return val;
}

__global__ void reduceSum(const float *__restrict__ in, float *__restrict__ out, size_t n) {
  float sum = 0.f;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) atomicAdd(out, sum);
}

void launchReduceSum(const float *in, float *out, size_t n, hipStream_t stream) {
  const int threads = 256;
  const int blocks = (int)((n + threads - 1) / threads);
  hipLaunchKernelGGL(reduceSum, dim3(blocks < 1024 ? blocks : 1024), dim3(threads), 0, stream, in, out, n);
}
