// Broadcasts within groups of 24 lanes (one per RGB triple of 8 pixels) with
// __shfl_sync's width argument. width must be a power of two from 1 to 32:
// 24 gives undefined results.
//
// warpcheck lint: warp-shfl-width at the __shfl_sync on line 17 (the width argument).
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kGroup = 24;

__global__ void broadcast_group_leader(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  // Every lane takes the value of lane 0 of its 24-lane group.
  // source lane, __shfl_sync(0xffffffff, v, (lane / 24) * 24).
  float leader = __shfl_sync(0xffffffffu, v, 0, kGroup);
  if (i < n) out[i] = leader;
}

int main() {
  const int n = 64;
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  for (int i = 0; i < n; ++i) in[i] = float(i);
  broadcast_group_leader<<<1, n>>>(in, out, n);
  cudaDeviceSynchronize();
  std::printf("out[30] = %g (lane 30 is in the group of lane 24)\n", out[30]);
  cudaFree(in);
  cudaFree(out);
}
