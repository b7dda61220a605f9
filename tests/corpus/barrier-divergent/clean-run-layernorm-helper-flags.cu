// corpus-run:
// LayerNorm over rows of 512 floats, one block of 128 threads per row. A
// block-reduction helper (warp shuffles, then the warp totals through
// shared memory) has a barrier inside a branch on its `broadcast`
// parameter: only callers that want the total in every thread pay for the
// second barrier. Every call site passes a constant, and all threads make
// the same calls, so the branch is the same for the whole block.
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

constexpr int kBlock = 128, kWarps = kBlock / 32, kCols = 512, kPer = kCols / kBlock;

// Sum of v over the block. Thread 0 always gets it; with `broadcast` every
// thread does. `partials` holds kWarps + 1 floats.
__device__ float blockSum(float* partials, float v, bool broadcast) {
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  if (lane == 0) partials[warp] = v;
  __syncthreads();
  float total = 0.f;
  if (threadIdx.x == 0) {
    for (int w = 0; w < kWarps; ++w) total += partials[w];
    partials[kWarps] = total;
  }
  if (broadcast) {
    __syncthreads();
    total = partials[kWarps];
  }
  return total;
}

__global__ void layerNorm(const float* in, float* out, float* rowVar, float eps) {
  __shared__ float partialsMean[kWarps + 1], partialsVar[kWarps + 1];
  const float* x = in + blockIdx.x * kCols;
  float v[kPer], s = 0.f;
  for (int j = 0; j < kPer; ++j) s += v[j] = x[threadIdx.x + j * kBlock];
  float mean = blockSum(partialsMean, s, true) / kCols;
  float q = 0.f;
  for (int j = 0; j < kPer; ++j) q += (v[j] - mean) * (v[j] - mean);
  float var = blockSum(partialsVar, q, false) / kCols;
  if (threadIdx.x == 0) rowVar[blockIdx.x] = var;
  __syncthreads();
  float inv = rsqrtf(partialsVar[kWarps] / kCols + eps);
  for (int j = 0; j < kPer; ++j) out[blockIdx.x * kCols + threadIdx.x + j * kBlock] = (v[j] - mean) * inv;
}

int main() {
  constexpr int rows = 4, n = rows * kCols;
  static float h_in[n], h_out[n], h_var[rows];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 37) % 29) * 0.1f;
  float *d_in, *d_out, *d_var;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMalloc(&d_var, sizeof h_var));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  layerNorm<<<rows, kBlock>>>(d_in, d_out, d_var, 1e-5f);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_var, d_var, sizeof h_var, cudaMemcpyDeviceToHost));
  for (int r = 0; r < rows; ++r) printf("row %d: variance %.3f\n", r, h_var[r]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_var));
  return 0;
}
