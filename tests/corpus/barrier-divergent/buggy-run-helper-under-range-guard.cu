// corpus-run:
// Per-block centring: each block subtracts its mean from its elements and
// records the largest absolute deviation. The mean comes from a helper that
// synchronises the block (two __syncthreads()), but the kernel calls it
// inside `if (gid < n)`: in the last, partial block the threads past the
// end skip the helper's barriers and wait at the kernel's barrier instead,
// so the first barrier of the helper is released by threads that are
// somewhere else. (An early `return` of those threads would be fine: exited
// threads are not waited for. Here they stay, for the barrier below.) The
// run reports the pair at the later barrier in the code, the kernel's.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBlock = 128;

// Mean of v over the first `count` threads; all of them get it back.
__device__ float blockMean(float* scratch, float* result, float v, int count) {
  scratch[threadIdx.x] = v;
  __syncthreads();  // expect-run-also: barrier-divergent
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int k = 0; k < count; ++k) s += scratch[k];
    *result = s / count;
  }
  __syncthreads();
  return *result;
}

__global__ void centreBlocks(const float* in, float* out, float* blockMaxDev, int n) {
  __shared__ float scratch[kBlock];
  __shared__ float mean;
  int gid = blockIdx.x * kBlock + threadIdx.x;
  int count = min(kBlock, n - (int)blockIdx.x * kBlock);
  float dev = 0.f;
  if (gid < n) {
    float v = in[gid];
    float m = blockMean(scratch, &mean, v, count);  // expect: barrier-divergent
    out[gid] = v - m;
    dev = fabsf(v - m);
  }
  scratch[threadIdx.x] = dev;
  __syncthreads();  // expect-run: barrier-divergent
  if (threadIdx.x == 0) {
    float mx = 0.f;
    for (int k = 0; k < kBlock; ++k) mx = fmaxf(mx, scratch[k]);
    blockMaxDev[blockIdx.x] = mx;
  }
}

int main() {
  constexpr int n = 3 * kBlock + 64, grid = (n + kBlock - 1) / kBlock;
  static float h_in[n], h_out[n], h_dev[grid];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 17) % 23);
  float *d_in, *d_out, *d_dev;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMalloc(&d_dev, sizeof h_dev));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  centreBlocks<<<grid, kBlock>>>(d_in, d_out, d_dev, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_dev, d_dev, sizeof h_dev, cudaMemcpyDeviceToHost));
  printf("centreBlocks: %d blocks\n", grid);
  for (int b = 0; b < grid; ++b) fprintf(stderr, "block %d max deviation %.3f\n", b, h_dev[b]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_dev));
  return 0;
}
