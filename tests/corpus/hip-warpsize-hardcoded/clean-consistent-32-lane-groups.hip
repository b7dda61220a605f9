// Block-wide sum from a CUDA code base ported with `#define WARP_SIZE 32`
// left in, but used consistently: lane and warp indices, the warp count
// and the shuffle tree all describe 32-thread groups, and every consumer
// of a shuffle result is that group's lane 0. On a 64-lane gfx90a
// wavefront the two halves reduce separately (__shfl_down from lanes 0-15
// never reads past lane 31), each half's lane 0 writes its own slot, and
// the second level reads exactly the slots written. Wasteful, but correct:
// the results are the same as on 32-lane hardware.
#include <hip/hip_runtime.h>

#define WARP_SIZE 32
#define MAX_BLOCK 1024

__device__ __forceinline__ float warpReduceSum(float val) {
  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) val += __shfl_down(val, offset);
  return val;
}

__device__ float blockReduceSum(float val) {
  __shared__ float partials[MAX_BLOCK / WARP_SIZE];
  const int lane = threadIdx.x % WARP_SIZE;
  const int wid = threadIdx.x / WARP_SIZE;

  val = warpReduceSum(val);
  if (lane == 0) partials[wid] = val;
  __syncthreads();

  const int numWarps = blockDim.x / WARP_SIZE;
  val = threadIdx.x < numWarps ? partials[lane] : 0.f;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void reduceSum(const float *__restrict__ in, float *__restrict__ out, size_t n) {
  float sum = 0.f;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) atomicAdd(out, sum);
}
