// HIP block reduction and non-finite census (a port of a CUDA reduction to
// ROCm). In HIP, __shfl_down, __ballot and __any without a mask are the
// regular cross-lane API -- AMD wavefronts execute in lockstep -- so they
// are not the removed CUDA intrinsics. The code is wave-size agnostic: lane
// and wave indices come from warpSize, ballots are 64-bit and counted with
// __popcll.

#include <hip/hip_runtime.h>

__device__ inline float waveReduceSum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) v += __shfl_down(v, offset);
  return v;
}

__global__ void sumAndCountNonFinite(const float *__restrict__ x, int n, float *__restrict__ sum,
                                     unsigned long long *__restrict__ nonFinite) {
  __shared__ float partial[1024 / 32];  // enough for wave32 and wave64
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int waves = (blockDim.x + warpSize - 1) / warpSize;

  float acc = 0.f;
  unsigned long long bad = 0;
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    const int i = base + threadIdx.x;
    const float v = i < n ? x[i] : 0.f;
    const bool finite = isfinite(v);
    if (__any(!finite)) {  // rare: count the wave's bad lanes once
      unsigned long long badLanes = __ballot(!finite);
      if (lane == 0) bad += __popcll(badLanes);
    }
    acc += finite ? v : 0.f;
  }

  acc = waveReduceSum(acc);
  if (lane == 0) partial[wave] = acc;
  __syncthreads();
  if (wave == 0) {
    acc = lane < waves ? partial[lane] : 0.f;
    acc = waveReduceSum(acc);
    if (lane == 0) atomicAdd(sum, acc);
  }
  if (lane == 0 && bad) atomicAdd(nonFinite, bad);
}
