// corpus-run:
// Vector normalisation in one launch with a hand-rolled grid barrier, done
// right: phase 1, each block stores its sum of squares in blockSq[] and
// counts its non-zero entries in shared memory with atomicAdd_block (a
// counter private to the block), adding the block's count to the global
// total with a device-scope atomicAdd. The barrier: thread 0 fences with
// __threadfence(), arrives with a device-scope atomicAdd, spins on a
// volatile read of the counter and fences again. Phase 2, every block reads
// all of blockSq[] and scales its slice. The grid (12 blocks of 256) is
// small enough for all blocks to be resident at once.
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

__device__ void gridBarrier(unsigned int* arrived) {
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned int*)arrived < gridDim.x) {  // expect-run: race-volatile
    }
    __threadfence();
  }
  __syncthreads();
}

__global__ void normalise(float* x, int n, float* blockSq, unsigned int* arrived, unsigned int* nonZeros) {
  __shared__ float sq[kBlock];
  __shared__ unsigned int nz;
  __shared__ float invNorm;
  int tid = threadIdx.x;
  if (tid == 0) nz = 0;
  __syncthreads();
  int i = blockIdx.x * kBlock + tid;
  float v = i < n ? x[i] : 0.f;
  if (v != 0.f) atomicAdd_block(&nz, 1u);
  sq[tid] = v * v;
  __syncthreads();
  for (int off = kBlock / 2; off > 0; off >>= 1) {
    if (tid < off) sq[tid] += sq[tid + off];
    __syncthreads();
  }
  if (tid == 0) {
    atomicAdd(nonZeros, nz);
    blockSq[blockIdx.x] = sq[0];
  }
  gridBarrier(arrived);
  if (tid == 0) {
    float total = 0.f;
    for (int b = 0; b < gridDim.x; ++b) total += blockSq[b];
    invNorm = rsqrtf(total);
  }
  __syncthreads();
  if (i < n) x[i] = v * invNorm;
}

int main() {
  constexpr int grid = 12, n = grid * kBlock - 100;
  static float h_x[n];
  for (int i = 0; i < n; ++i) h_x[i] = (i % 5 == 0) ? 0.f : (float)(i % 7) - 3.f;
  float *d_x, *d_blockSq;
  unsigned int *d_arrived, *d_nz, h_nz = 0;
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_blockSq, grid * sizeof(float)));
  CHECK(cudaMalloc(&d_arrived, sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_nz, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_arrived, 0, sizeof(unsigned int)));
  CHECK(cudaMemset(d_nz, 0, sizeof(unsigned int)));
  normalise<<<grid, kBlock>>>(d_x, n, d_blockSq, d_arrived, d_nz);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_nz, d_nz, sizeof h_nz, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_x, d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("normalise: %d elements, %u non-zero, %d blocks\n", n, h_nz, grid);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_blockSq));
  CHECK(cudaFree(d_arrived));
  CHECK(cudaFree(d_nz));
  return 0;
}
