// corpus-run:
// Exclusive offsets of per-row nonzero counts (CSR row pointers) for a
// number of rows that is not a multiple of 32: one warp per 32 rows, a
// shared-memory scan, and a partial last warp. The padding lanes of the last
// warp store 0 and synchronise "among themselves", with the mask of the
// lanes from `valid` up; the lanes with rows use the full mask.
//
// Bug: in the partial warp all 32 lanes reach the same __syncwarp()
// together, the row lanes passing 0xffffffff and the padding lanes
// 0xffffffff << valid. The masks differ and overlap, which the guide
// forbids. Everyone takes part in the scan: the full mask for all.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kThreads = 64;

__global__ void row_ptr(const int* nnz, int* ptr, int* warp_total, int rows) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int warp_base = blockIdx.x * kThreads + (t & ~31);
  const int valid = min(32, rows - warp_base);  // >= 1 here
  const int i = warp_base + lane;
  unsigned mask = 0xffffffffu;
  if (lane >= valid) mask = 0xffffffffu << valid;
  s[t] = lane < valid ? nnz[i] : 0;
  // expect-run-next-line: warp-mask-nonuniform
  __syncwarp(mask);  // expect: warp-mask-nonuniform
  int sum = 0;
  for (int j = t & ~31; j < t; ++j) sum += s[j];
  if (lane < valid) ptr[i] = sum;
  if (lane == 31) warp_total[warp_base / 32] = sum + s[t];
}

int main() {
  const int rows = 100, blocks = (rows + kThreads - 1) / kThreads;
  int *nnz, *ptr, *total;
  CUDA_CHECK(cudaMallocManaged(&nnz, rows * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&ptr, rows * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&total, 4 * sizeof(int)));
  for (int r = 0; r < rows; ++r) nnz[r] = (r * 7) % 5 + 1;
  row_ptr<<<blocks, kThreads>>>(nnz, ptr, total, rows);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int r = 0; r < rows; ++r) sum += ptr[r];
  printf("row_ptr: checksum %lld, warp totals %d %d %d %d\n", sum, total[0], total[1], total[2], total[3]);
  CUDA_CHECK(cudaFree(nnz));
  CUDA_CHECK(cudaFree(ptr));
  CUDA_CHECK(cudaFree(total));
  return 0;
}
