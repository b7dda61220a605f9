// The near twin of clean-lamport-thread-flags.cu: the same kind of flag
// struct with methods, but here there is one per block in global memory
// (reached through a pointer, not a local copy), and its fields are the
// data other blocks read. Each block's leader stores its partial sum in
// its own struct and bumps the arrival counter; block 0 waits for every
// arrival and reads every struct. Nothing orders the store of `partial` before the
// atomicAdd that announces it, nor the reads after the count was seen.
#include <cstdint>

struct BlockSlot {
  float partial;
  uint32_t epoch;

  __device__ void publish(float v, uint32_t e, uint32_t *arrivals) {
    partial = v;
    epoch = e;
    atomicAdd(arrivals, 1u); // expect: fence-missing
  }
};

__global__ void sumAcrossBlocks(const float *__restrict__ in, BlockSlot *slots, uint32_t *arrivals,
                                float *__restrict__ out, uint32_t epoch, int n) {
  __shared__ float warpSums[32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  if ((threadIdx.x & 31) == 0) warpSums[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float block = 0.f;
    for (int w = 0; w < (int)(blockDim.x >> 5); ++w) block += warpSums[w];
    slots[blockIdx.x].publish(block, epoch, arrivals);
    if (blockIdx.x == 0) {
      while (*(volatile uint32_t *)arrivals < gridDim.x) {
      }
      float total = 0.f;
      for (unsigned b = 0; b < gridDim.x; ++b) total += slots[b].partial; // expect: fence-missing
      *out = total;
      *arrivals = 0;
    }
  }
}
