// corpus-run:
// Squared L2 norm of every row of a matrix, in two launches. The first
// splits each row into kSplits column chunks (blockIdx.y) so that a wide
// row keeps several blocks busy; each block reduces its chunk in shared
// memory and thread 0 stores the chunk's sum. The second launch adds the
// kSplits partial sums of each row.
//
// Bug: the partial sum is stored to partial[row] instead of
// partial[row * kSplits + blockIdx.y]. The kSplits blocks of a row all
// write the same word in the same launch with nothing ordering them
// (inter-block write-after-write): which chunk's sum survives depends on
// scheduling, and the other slots stay uninitialised.
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

constexpr int kRows = 24, kCols = 2048, kSplits = 4, kThreads = 256;
constexpr int kChunk = kCols / kSplits;

__global__ void chunk_sumsq(const float* a, float* partial) {
  __shared__ float s[kThreads];
  const int row = blockIdx.x, tid = threadIdx.x;
  const float* chunk = a + (size_t)row * kCols + blockIdx.y * kChunk;
  float acc = 0.f;
  for (int c = tid; c < kChunk; c += kThreads) acc += chunk[c] * chunk[c];
  s[tid] = acc;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[row] = s[0];  // expect-run: race-global
}

__global__ void finish_rows(const float* partial, float* norm2, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  float t = 0.f;
  for (int k = 0; k < kSplits; ++k) t += partial[row * kSplits + k];
  norm2[row] = t;
}

int main() {
  float *a, *partial, *norm2;
  CHECK(cudaMallocManaged(&a, (size_t)kRows * kCols * sizeof(float)));
  CHECK(cudaMalloc(&partial, kRows * kSplits * sizeof(float)));
  CHECK(cudaMallocManaged(&norm2, kRows * sizeof(float)));
  for (int i = 0; i < kRows * kCols; ++i) a[i] = (float)((i * 7) % 13) * 0.25f;
  CHECK(cudaMemset(partial, 0, kRows * kSplits * sizeof(float)));
  chunk_sumsq<<<dim3(kRows, kSplits), kThreads>>>(a, partial);
  CHECK(cudaGetLastError());
  finish_rows<<<1, 32>>>(partial, norm2, kRows);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double total = 0;
  for (int r = 0; r < kRows; ++r) total += norm2[r];
  printf("rownorm: %d rows of %d columns in %d chunks\n", kRows, kCols, kSplits);
  fprintf(stderr, "sum of squared norms %.1f (depends on which chunk won)\n", total);
  CHECK(cudaFree(a));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(norm2));
  return 0;
}
