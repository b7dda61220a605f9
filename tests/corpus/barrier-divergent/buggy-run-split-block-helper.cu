// corpus-run:
// Each block handles two rows of a 64-column matrix: threads 0-63 compute
// the L2 norm of the even row, threads 64-127 the largest magnitude of the
// odd row. Both halves use one reduction helper that synchronises with
// __syncthreads(), each from its own branch: the two inlined copies are two
// different barrier instructions, so the halves meet at different barriers
// (the helper's line, from both sides). The halves' scratch arrays are
// distinct, so only the barrier is wrong; a named barrier per half
// (bar.sync id, 64) or splitting the helper per warp group would fix it.
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

constexpr int kCols = 64, kBlock = 2 * kCols;

struct Plus {
  __device__ float operator()(float a, float b) const { return a + b; }
};
struct Max {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

// Combines v over the kCols threads that share `scratch`; all get the result.
template <typename Op>
__device__ float rowReduce(float* scratch, float v, Op op) {
  int c = threadIdx.x % kCols;
  scratch[c] = v;
  __syncthreads();  // expect-run: barrier-divergent
  float r = scratch[0];
  for (int k = 1; k < kCols; ++k) r = op(r, scratch[k]);
  return r;
}

__global__ void rowStats(const float* m, float* l2, float* maxAbs) {
  __shared__ float even[kCols], odd[kCols];
  int t = threadIdx.x;
  int row = blockIdx.x * 2 + t / kCols;
  float v = m[row * kCols + t % kCols];
  if (t < kCols) {
    float ss = rowReduce(even, v * v, Plus());  // expect: barrier-divergent
    if (t == 0) l2[row] = sqrtf(ss);
  } else {
    float mx = rowReduce(odd, fabsf(v), Max());  // expect: barrier-divergent
    if (t == kCols) maxAbs[row] = mx;
  }
}

int main() {
  constexpr int rows = 8, n = rows * kCols;
  static float h_m[n], h_l2[rows], h_max[rows];
  for (int i = 0; i < n; ++i) h_m[i] = (float)((i * 13) % 17) - 8.f;
  float *d_m, *d_l2, *d_max;
  CHECK(cudaMalloc(&d_m, sizeof h_m));
  CHECK(cudaMalloc(&d_l2, sizeof h_l2));
  CHECK(cudaMalloc(&d_max, sizeof h_max));
  CHECK(cudaMemcpy(d_m, h_m, sizeof h_m, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_l2, 0, sizeof h_l2));
  CHECK(cudaMemset(d_max, 0, sizeof h_max));
  rowStats<<<rows / 2, kBlock>>>(d_m, d_l2, d_max);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_l2, d_l2, sizeof h_l2, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_max, d_max, sizeof h_max, cudaMemcpyDeviceToHost));
  printf("rowStats: %d rows\n", rows);
  for (int r = 0; r < rows; r += 2) fprintf(stderr, "row %d l2 %.3f, row %d max %.1f\n", r, h_l2[r], r + 1, h_max[r + 1]);
  CHECK(cudaFree(d_m));
  CHECK(cudaFree(d_l2));
  CHECK(cudaFree(d_max));
  return 0;
}
