// Block-wide sum reduction, ported properly to HIP: the shuffle tree starts
// at warpSize / 2, lane and warp indices come from warpSize, and the number
// of warps is computed from warpSize at run time. The shared array is sized
// for the narrowest warps (32 lanes), so it is large enough on wave64 too:
// `MAX_BLOCK / 32` here is a capacity, not a warp size.
#include <hip/hip_runtime.h>

#define MAX_BLOCK 1024

__device__ __forceinline__ float warpReduceSum(float val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) val += __shfl_down(val, offset);
  return val;
}

__device__ float blockReduceSum(float val) {
  __shared__ float partials[MAX_BLOCK / 32];
  const int lane = threadIdx.x % warpSize;
  const int wid = threadIdx.x / warpSize;

  val = warpReduceSum(val);
  if (lane == 0) partials[wid] = val;
  __syncthreads();

  const int numWarps = (blockDim.x + warpSize - 1) / warpSize;
  if (wid == 0) {
    val = lane < numWarps ? partials[lane] : 0.f;
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
