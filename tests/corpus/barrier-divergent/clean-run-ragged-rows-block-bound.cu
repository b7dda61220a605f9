// corpus-run:
// Matrix-vector product over ragged rows (row r has rowLen[r] leading
// non-zeros), x staged through shared memory a tile at a time. The tile
// loop runs to the longest row of the block, found with a shared atomicMax
// and read back after a barrier, so its trip count is the same for every
// thread; each thread only skips the products past its own row's end.
// The barriers inside the loop look like the per-row loop's, but no thread
// leaves the loop early.
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

__global__ void raggedMatvec(const float* A, const int* rowLen, const float* x, float* y, int ld) {
  __shared__ float xs[kTile];
  __shared__ int blockLen;
  int t = threadIdx.x;
  int row = blockIdx.x * kBlock + t;
  int len = rowLen[row];
  if (t == 0) blockLen = 0;
  __syncthreads();
  atomicMax(&blockLen, len);
  __syncthreads();
  int maxLen = blockLen;
  float acc = 0.f;
  for (int base = 0; base < maxLen; base += kTile) {
    xs[t] = base + t < ld ? x[base + t] : 0.f;
    __syncthreads();
    int m = min(kTile, len - base);
    for (int k = 0; k < m; ++k) acc += A[(size_t)row * ld + base + k] * xs[k];
    __syncthreads();
  }
  y[row] = acc;
}

int main() {
  constexpr int blocks = 2, rows = blocks * kBlock, ld = 3 * kTile;
  static float hA[rows * ld], hx[ld], hy[rows];
  static int hlen[rows];
  for (int r = 0; r < rows; ++r) hlen[r] = (r * 97) % ld + 1;
  for (int i = 0; i < rows * ld; ++i) hA[i] = (float)((i * 3) % 7) - 3.f;
  for (int i = 0; i < ld; ++i) hx[i] = (float)(i % 4);
  float *dA, *dx, *dy;
  int* dlen;
  CHECK(cudaMalloc(&dA, sizeof hA));
  CHECK(cudaMalloc(&dx, sizeof hx));
  CHECK(cudaMalloc(&dy, sizeof hy));
  CHECK(cudaMalloc(&dlen, sizeof hlen));
  CHECK(cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dlen, hlen, sizeof hlen, cudaMemcpyHostToDevice));
  raggedMatvec<<<blocks, kBlock>>>(dA, dlen, dx, dy, ld);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hy, dy, sizeof hy, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int r = 0; r < rows; ++r) {
    float want = 0.f;
    for (int k = 0; k < hlen[r]; ++k) want += hA[r * ld + k] * hx[k];
    wrong += hy[r] != want;
  }
  printf("raggedMatvec: %d of %d rows wrong\n", wrong, rows);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dlen));
  return 0;
}
