// corpus-run:
// Warp-specialised pipeline: warp 0 stages tiles of x into shared memory
// and warps 1-3 consume them (a scaled copy). The roles signal each other
// with __syncthreads() -- one inside each role's branch -- instead of named
// barriers (bar.sync with a thread count) or cuda::barrier. The block thus
// waits at two different __syncthreads() in the same barrier interval,
// which CUDA leaves undefined (sm_70+ happens to count both towards barrier
// 0; older parts hang). The common barrier at the end of each iteration is
// fine. (The run reports the pair at the barrier nvcc places last, here
// the producer's.)
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

constexpr int kBlock = 128, kTile = 128;

__global__ void scaleStream(const float* x, float* y, int tiles, float alpha) {
  __shared__ float stage[kTile];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const float* src = x + (size_t)blockIdx.x * tiles * kTile;
  float* dst = y + (size_t)blockIdx.x * tiles * kTile;
  for (int tile = 0; tile < tiles; ++tile) {
    if (warp == 0) {
      for (int k = lane; k < kTile; k += 32) stage[k] = src[tile * kTile + k];
      // expect-next-line: barrier-divergent
      __syncthreads();  // expect-run: barrier-divergent
    } else {
      __syncthreads();  // expect: barrier-divergent
      for (int k = threadIdx.x - 32; k < kTile; k += kBlock - 32)
        dst[tile * kTile + k] = alpha * stage[k];
    }
    __syncthreads();
  }
}

int main() {
  constexpr int blocks = 4, tiles = 3, n = blocks * tiles * kTile;
  static float h_x[n], h_y[n];
  for (int i = 0; i < n; ++i) h_x[i] = (float)(i % 10);
  float *d_x, *d_y;
  CHECK(cudaMalloc(&d_x, sizeof h_x));
  CHECK(cudaMalloc(&d_y, sizeof h_y));
  CHECK(cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice));
  scaleStream<<<blocks, kBlock>>>(d_x, d_y, tiles, 2.f);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_y, d_y, sizeof h_y, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += h_y[i] != 2.f * h_x[i];
  printf("scaleStream: %d tiles per block\n", tiles);
  fprintf(stderr, "%d of %d values wrong\n", wrong, n);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  return 0;
}
