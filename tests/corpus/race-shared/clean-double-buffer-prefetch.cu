// corpus-run:
// Matrix-vector product y = A x with x staged through two shared-memory
// slots and ONE barrier per tile, done right: iteration `tile` consumes
// slot tile % 2 and prefetches tile + 1 into the other slot, which every
// thread finished reading before the barrier that ended the previous
// iteration. The register prefetch is issued before the dot product so its
// latency overlaps the math.
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

constexpr int kTile = 128;

__global__ void matvec(const float* A, const float* x, float* y, int n) {
  __shared__ float xs[2][kTile];
  int t = threadIdx.x;
  int row = blockIdx.x * kTile + t;
  int tiles = n / kTile;
  xs[0][t] = x[t];
  __syncthreads();
  float acc = 0.f;
  for (int tile = 0; tile < tiles; ++tile) {
    int cur = tile & 1;
    float next = tile + 1 < tiles ? x[(tile + 1) * kTile + t] : 0.f;
    for (int k = 0; k < kTile; ++k) acc += A[(size_t)row * n + tile * kTile + k] * xs[cur][k];
    if (tile + 1 < tiles) xs[cur ^ 1][t] = next;
    __syncthreads();
  }
  y[row] = acc;
}

int main() {
  constexpr int n = 512, rows = 2 * kTile;
  static float hA[rows * n], hx[n], hy[rows];
  for (int i = 0; i < rows * n; ++i) hA[i] = (float)((i * 7) % 5) - 2.f;
  for (int i = 0; i < n; ++i) hx[i] = (float)(i % 3);
  float *dA, *dx, *dy;
  CHECK(cudaMalloc(&dA, sizeof hA));
  CHECK(cudaMalloc(&dx, sizeof hx));
  CHECK(cudaMalloc(&dy, sizeof hy));
  CHECK(cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  matvec<<<rows / kTile, kTile>>>(dA, dx, dy, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int r = 0; r < rows; ++r) {
    float want = 0.f;
    for (int k = 0; k < n; ++k) want += hA[r * n + k] * hx[k];
    wrong += hy[r] != want;
  }
  printf("matvec: %d of %d rows wrong\n", wrong, rows);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  return 0;
}
