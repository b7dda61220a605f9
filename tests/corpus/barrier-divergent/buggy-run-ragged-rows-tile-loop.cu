// corpus-run:
// Matrix-vector product over ragged rows (row r has rowLen[r] leading
// non-zeros), x staged through shared memory one tile at a time, then a
// block-wide sum of squares of the results. The tile loop runs to the
// thread's own row length instead of the block's longest row: threads with
// short rows leave the loop and wait at the barrier of the sum while the
// others wait at the barrier after staging the next tile. The tiles the
// short-row threads no longer stage are read stale, and thread 0 sums
// partials the long-row threads have not stored yet. The run reports the
// pair of barriers at the later one in the code, the one in blockSumTo.
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

// Thread 0 gets the block's sum of v (every thread of the block must call).
__device__ void blockSumTo(float* scratch, float v, float* out) {
  scratch[threadIdx.x] = v;
  __syncthreads();  // expect-run: barrier-divergent
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int k = 0; k < kBlock; ++k) s += scratch[k];
    *out = s;
  }
}

__global__ void raggedMatvec(const float* A, const int* rowLen, const float* x, float* y,
                             float* blockNorm, int ld) {
  __shared__ float xs[kTile];
  __shared__ float scratch[kBlock];
  int t = threadIdx.x;
  int row = blockIdx.x * kBlock + t;
  int len = rowLen[row];
  float acc = 0.f;
  for (int base = 0; base < len; base += kTile) {
    xs[t] = x[base + t];
    __syncthreads();  // expect: barrier-divergent  // expect-run-also: barrier-divergent
    int m = min(kTile, len - base);
    for (int k = 0; k < m; ++k) acc += A[(size_t)row * ld + base + k] * xs[k];
    __syncthreads();  // expect: barrier-divergent
  }
  y[row] = acc;
  blockSumTo(scratch, acc * acc, &blockNorm[blockIdx.x]);
}

int main() {
  constexpr int blocks = 2, rows = blocks * kBlock, ld = 3 * kTile;
  static float hA[rows * ld], hx[ld], hy[rows], hnorm[blocks];
  static int hlen[rows];
  for (int r = 0; r < rows; ++r) hlen[r] = r % kBlock < 64 ? 100 : 300;
  for (int i = 0; i < rows * ld; ++i) hA[i] = (float)((i * 3) % 7) - 3.f;
  for (int i = 0; i < ld; ++i) hx[i] = (float)(i % 4);
  float *dA, *dx, *dy, *dnorm;
  int* dlen;
  CHECK(cudaMalloc(&dA, sizeof hA));
  CHECK(cudaMalloc(&dx, sizeof hx));
  CHECK(cudaMalloc(&dy, sizeof hy));
  CHECK(cudaMalloc(&dnorm, sizeof hnorm));
  CHECK(cudaMalloc(&dlen, sizeof hlen));
  CHECK(cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dlen, hlen, sizeof hlen, cudaMemcpyHostToDevice));
  raggedMatvec<<<blocks, kBlock>>>(dA, dlen, dx, dy, dnorm, ld);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hnorm, dnorm, sizeof hnorm, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int r = 0; r < rows; ++r) {
    float want = 0.f;
    for (int k = 0; k < hlen[r]; ++k) want += hA[r * ld + k] * hx[k];
    wrong += hy[r] != want;
  }
  printf("raggedMatvec: %d rows\n", rows);
  fprintf(stderr, "%d rows wrong, block norms %.1f %.1f\n", wrong, hnorm[0], hnorm[1]);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dnorm));
  CHECK(cudaFree(dlen));
  return 0;
}
