// corpus-run:
// Per-tile int8 quantisation: a block quantises a tile of 4 rows x 32
// columns (one warp per row) against the tile's largest magnitude, and
// records the tile's scale. Rows past the end of the matrix are skipped
// with `if (row < rows) quantizeRow(...)`, but quantizeRow reaches a
// block-wide reduction (tileAbsMax, two __syncthreads()) two calls down. In
// the last tile (2 valid rows) the warps of the missing rows wait at the
// kernel's final barrier while the others wait inside tileAbsMax. The run
// reports the pair at the kernel's barrier, the later one in the code.
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

constexpr int kCols = 32, kRowsPerTile = 4, kBlock = kCols * kRowsPerTile;

struct TileShared {
  float scratch[kBlock];
  float absMax;
};

__device__ float tileAbsMax(TileShared& sh, float v) {
  sh.scratch[threadIdx.x] = fabsf(v);
  __syncthreads();  // expect-run-also: barrier-divergent
  if (threadIdx.x == 0) {
    float m = 1e-20f;
    for (int k = 0; k < kBlock; ++k) m = fmaxf(m, sh.scratch[k]);
    sh.absMax = m;
  }
  __syncthreads();
  return sh.absMax;
}

__device__ void quantizeRow(TileShared& sh, const float* in, signed char* q, int row) {
  int c = threadIdx.x % kCols;
  float v = in[row * kCols + c];
  float m = tileAbsMax(sh, v);
  q[row * kCols + c] = (signed char)__float2int_rn(v / m * 127.f);
}

__global__ void quantizeTiles(const float* in, signed char* q, float* scales, int rows) {
  __shared__ TileShared sh;
  int row = blockIdx.x * kRowsPerTile + threadIdx.x / kCols;
  if (row < rows) quantizeRow(sh, in, q, row);  // expect: barrier-divergent
  __syncthreads();  // expect-run: barrier-divergent
  if (threadIdx.x == 0) scales[blockIdx.x] = sh.absMax / 127.f;
}

int main() {
  constexpr int rows = 10, tiles = (rows + kRowsPerTile - 1) / kRowsPerTile;
  static float h_in[rows * kCols], h_scales[tiles];
  static signed char h_q[rows * kCols];
  for (int i = 0; i < rows * kCols; ++i) h_in[i] = (float)((i * 31) % 41) - 20.f;
  float *d_in, *d_scales;
  signed char* d_q;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_q, sizeof h_q));
  CHECK(cudaMalloc(&d_scales, sizeof h_scales));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  quantizeTiles<<<tiles, kBlock>>>(d_in, d_q, d_scales, rows);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_q, d_q, sizeof h_q, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_scales, d_scales, sizeof h_scales, cudaMemcpyDeviceToHost));
  printf("quantizeTiles: %d tiles\n", tiles);
  for (int t = 0; t < tiles; ++t) fprintf(stderr, "tile %d scale %.4f\n", t, h_scales[t]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_q));
  CHECK(cudaFree(d_scales));
  return 0;
}
