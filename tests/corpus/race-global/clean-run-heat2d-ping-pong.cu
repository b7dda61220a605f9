// corpus-run:
// Explicit 2-D heat diffusion on a square plate with a hot edge, 5-point
// stencil, 16x16 thread blocks. Every time step is one launch that reads
// the temperature field `cur` and writes `next`; the host then swaps the
// two pointers (ping-pong buffers) for the next launch.
//
// Clean: within a launch, `cur` is only read and each element of `next`
// is written by exactly one thread, although the stencil reads
// neighbours that belong to other blocks. The buffer that one launch
// writes is read by the next launch (and overwritten by the one after), and
// launches on one stream are ordered: no two accesses of one launch
// conflict.
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

constexpr int kSize = 96, kSteps = 50;
constexpr float kAlpha = 0.2f;

__global__ void heat_step(const float* cur, float* next, int size) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= size || y >= size) return;
  const int i = y * size + x;
  if (x == 0 || y == 0 || x == size - 1 || y == size - 1) {
    next[i] = cur[i];  // fixed boundary temperature
    return;
  }
  const float lap = cur[i - 1] + cur[i + 1] + cur[i - size] + cur[i + size] - 4.f * cur[i];
  next[i] = cur[i] + kAlpha * lap;
}

int main() {
  float *a, *b;
  const size_t bytes = kSize * kSize * sizeof(float);
  CHECK(cudaMallocManaged(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) a[y * kSize + x] = y == 0 ? 100.f : 0.f;
  const dim3 block(16, 16), grid((kSize + 15) / 16, (kSize + 15) / 16);
  float *cur = a, *next = b;
  for (int s = 0; s < kSteps; ++s) {
    heat_step<<<grid, block>>>(cur, next, kSize);
    CHECK(cudaGetLastError());
    float* t = cur;
    cur = next;
    next = t;
  }
  CHECK(cudaDeviceSynchronize());
  static float field[kSize * kSize];
  CHECK(cudaMemcpy(field, cur, bytes, cudaMemcpyDefault));
  double heat = 0;
  for (int i = 0; i < kSize * kSize; ++i) heat += field[i];
  printf("heat2d: %dx%d plate, %d steps, centre %.6f, total %.3f\n", kSize, kSize, kSteps,
         field[(kSize / 2) * kSize + kSize / 2], heat);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  return 0;
}
