// corpus-run:
// Matrix-vector product y = A x with x staged through a two-slot ring of
// shared-memory tiles and one barrier per tile. The prologue fills both
// slots; each iteration consumes slot tile % 2 and prefetches tile + 2 into
// slot (tile + 2) % 2 -- the very slot being consumed: a prefetch distance
// of two needs three slots (or a second barrier before the prefetch). A
// thread that finished its dot product overwrites x values that slower
// threads of its own and other warps have not read yet.
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
constexpr int kStages = 2;
constexpr int kDistance = 2;

__global__ void matvec(const float* A, const float* x, float* y, int n) {
  __shared__ float xs[kStages][kTile];
  int t = threadIdx.x;
  int row = blockIdx.x * kTile + t;
  int tiles = n / kTile;
  for (int s = 0; s < kDistance && s < tiles; ++s) xs[s % kStages][t] = x[s * kTile + t];
  __syncthreads();
  float acc = 0.f;
  for (int tile = 0; tile < tiles; ++tile) {
    const float* cur = xs[tile % kStages];
    for (int k = 0; k < kTile; ++k) acc += A[(size_t)row * n + tile * kTile + k] * cur[k];
    int ahead = tile + kDistance;
    if (ahead < tiles) xs[ahead % kStages][t] = x[ahead * kTile + t];  // expect-run: race-shared
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
  printf("matvec: %d rows\n", rows);
  fprintf(stderr, "%d of %d rows wrong\n", wrong, rows);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  return 0;
}
