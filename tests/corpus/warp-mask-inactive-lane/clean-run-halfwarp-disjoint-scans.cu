// corpus-run:
// Two 16-wide prefix sums per warp: the lower half-warp scans the row of
// "begin" counts, the upper half-warp the row of "end" counts of a sparse
// block (CSR-style offsets for two row sets). The halves run different code
// in an if/else, and each branch's __syncwarp() names exactly its own
// sixteen lanes (0x0000ffff, 0xffff0000): no call names a lane that is not
// there, and the two masks are disjoint.
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

constexpr unsigned kLow = 0x0000ffffu, kHigh = 0xffff0000u;

__global__ void offsets(const int* begin_cnt, const int* end_cnt, int* begin_off, int* end_off) {
  __shared__ int scratch[2][32];
  const int lane = threadIdx.x & 31, row = lane & 15;
  const int base = (blockIdx.x * 2 + (threadIdx.x >> 5)) * 16;
  int* s = scratch[threadIdx.x >> 5];
  if (lane < 16) {
    s[lane] = begin_cnt[base + row];
    __syncwarp(kLow);
    for (int d = 1; d < 16; d <<= 1) {
      const int add = row >= d ? s[lane - d] : 0;
      __syncwarp(kLow);
      s[lane] += add;
      __syncwarp(kLow);
    }
    begin_off[base + row] = s[lane] - begin_cnt[base + row];  // exclusive
  } else {
    s[lane] = end_cnt[base + row];
    __syncwarp(kHigh);
    for (int d = 1; d < 16; d <<= 1) {
      const int add = row >= d ? s[lane - d] : 0;
      __syncwarp(kHigh);
      s[lane] += add;
      __syncwarp(kHigh);
    }
    end_off[base + row] = s[lane];  // inclusive
  }
}

int main() {
  const int blocks = 2, rows = blocks * 2 * 16;
  int *bc, *ec, *bo, *eo;
  CUDA_CHECK(cudaMallocManaged(&bc, rows * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&ec, rows * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&bo, rows * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&eo, rows * sizeof(int)));
  for (int r = 0; r < rows; ++r) {
    bc[r] = r % 4;
    ec[r] = (r * 3) % 5;
  }
  offsets<<<blocks, 64>>>(bc, ec, bo, eo);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int r = 0; r < rows; ++r) sum += bo[r] * 3 + eo[r];
  printf("offsets: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(bc));
  CUDA_CHECK(cudaFree(ec));
  CUDA_CHECK(cudaFree(bo));
  CUDA_CHECK(cudaFree(eo));
  return 0;
}
