// corpus-run:
// Stream compaction in one persistent launch: phase 1, each block counts
// the elements of its tile that pass the predicate and thread 0 stores the
// count in blockCount[blockIdx.x]; a hand-rolled grid barrier (arrival
// counter); phase 2, each block adds up the counts of the blocks before it
// to find where its survivors go, and writes them there in order. The
// barrier's arrival fences with __threadfence_block() only, so the count a
// block stored is ordered before its arrival for its own threads, not for
// the other blocks that read it after the barrier; they may compute a wrong
// offset. The arrival needs __threadfence().
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

constexpr int kBlock = 256;

__global__ void compactPositive(const int* in, int* out, int* blockCount, unsigned int* arrived, int* outCount) {
  __shared__ int pos[kBlock];
  __shared__ int offset;
  int tid = threadIdx.x;
  int i = blockIdx.x * kBlock + tid;
  int v = in[i];
  int keep = v > 0;
  pos[tid] = keep;
  __syncthreads();
  for (int off = 1; off < kBlock; off <<= 1) {
    int add = tid >= off ? pos[tid - off] : 0;
    __syncthreads();
    pos[tid] += add;
    __syncthreads();
  }
  if (tid == 0) {
    blockCount[blockIdx.x] = pos[kBlock - 1];
    __threadfence_block();
    atomicAdd(arrived, 1u);
    while (atomicAdd(arrived, 0u) < gridDim.x) {
    }
    __threadfence();
    int before = 0;
    for (int b = 0; b < (int)blockIdx.x; ++b) before += blockCount[b];  // expect-run: scope-too-narrow
    offset = before;
    if (blockIdx.x == gridDim.x - 1) *outCount = before + pos[kBlock - 1];
  }
  __syncthreads();
  if (keep) out[offset + pos[tid] - 1] = v;
}

int main() {
  constexpr int grid = 12, n = grid * kBlock;
  static int h_in[n];
  int expected = 0;
  for (int i = 0; i < n; ++i) {
    h_in[i] = ((i * 2654435761u) >> 7) % 9 - 4;
    expected += h_in[i] > 0;
  }
  int *d_in, *d_out, *d_blockCount, *d_outCount, h_outCount = 0;
  unsigned int* d_arrived;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_blockCount, grid * sizeof(int)));
  CHECK(cudaMalloc(&d_outCount, sizeof(int)));
  CHECK(cudaMalloc(&d_arrived, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_arrived, 0, sizeof(unsigned int)));
  compactPositive<<<grid, kBlock>>>(d_in, d_out, d_blockCount, d_arrived, d_outCount);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_outCount, d_outCount, sizeof(int), cudaMemcpyDeviceToHost));
  printf("compactPositive: %d elements, %d blocks\n", n, grid);
  fprintf(stderr, "kept %d (expected %d)\n", h_outCount, expected);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_blockCount));
  CHECK(cudaFree(d_outCount));
  CHECK(cudaFree(d_arrived));
  return 0;
}
