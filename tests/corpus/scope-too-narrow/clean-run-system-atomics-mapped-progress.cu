// corpus-run:
// A long-running checksum kernel that reports its progress to the host
// through mapped (zero-copy) host memory: after each chunk, thread 0 bumps
// the host-visible progress counter with atomicAdd_system. The blocks also
// publish their chunk checksums with __threadfence_system() and an
// atomicAdd_system on a done counter in device memory; the block that
// brings it to gridDim.x fences and folds the checksums into the
// host-visible result. System scope covers every block (and the host):
// nothing here is narrower than the threads it talks to.
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

constexpr int kBlock = 256, kChunk = 4096;

__global__ void checksumChunks(const unsigned int* data, int chunksPerBlock, unsigned int* blockSums,
                               unsigned int* done, unsigned int* hostProgress, unsigned int* hostResult) {
  __shared__ unsigned int acc;
  __shared__ bool isLast;
  if (threadIdx.x == 0) acc = 0;
  __syncthreads();
  for (int c = 0; c < chunksPerBlock; ++c) {
    const unsigned int* chunk = data + ((size_t)blockIdx.x * chunksPerBlock + c) * kChunk;
    unsigned int x = 0;
    for (int i = threadIdx.x; i < kChunk; i += kBlock) x ^= chunk[i] * 2654435761u;
    atomicXor_block(&acc, x);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd_system(hostProgress, 1u);
  }
  if (threadIdx.x == 0) {
    blockSums[blockIdx.x] = acc;
    __threadfence_system();
    isLast = atomicAdd_system(done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast && threadIdx.x == 0) {
    __threadfence_system();
    unsigned int r = 0;
    for (int b = 0; b < gridDim.x; ++b) r ^= blockSums[b];
    *hostResult = r;
  }
}

int main() {
  constexpr int grid = 8, chunksPerBlock = 4;
  constexpr size_t n = (size_t)grid * chunksPerBlock * kChunk;
  unsigned int* h_data = new unsigned int[n];
  for (size_t i = 0; i < n; ++i) h_data[i] = (unsigned int)(i * 7 + 3);
  unsigned int *d_data, *d_blockSums, *d_done, *h_mapped, *d_mapped;
  CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
  CHECK(cudaMalloc(&d_data, n * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_blockSums, grid * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_done, sizeof(unsigned int)));
  CHECK(cudaHostAlloc(&h_mapped, 2 * sizeof(unsigned int), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(&d_mapped, h_mapped, 0));
  h_mapped[0] = h_mapped[1] = 0;
  CHECK(cudaMemcpy(d_data, h_data, n * sizeof(unsigned int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_done, 0, sizeof(unsigned int)));
  checksumChunks<<<grid, kBlock>>>(d_data, chunksPerBlock, d_blockSums, d_done, d_mapped, d_mapped + 1);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("checksumChunks: %u of %d chunks done, checksum %08x\n", h_mapped[0], grid * chunksPerBlock, h_mapped[1]);
  delete[] h_data;
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_blockSums));
  CHECK(cudaFree(d_done));
  CHECK(cudaFreeHost(h_mapped));
  return 0;
}
