// Index helpers shared by several kernels, declared __host__ __device__
// because they are also unit-tested on the host with an explicit lane
// count. The one that falls back to warpSize is only called from device
// code, where warpSize is the device's warp size.
#include <hip/hip_runtime.h>

struct WaveCoord {
  int wave;
  int lane;
};

__host__ __device__ inline WaveCoord waveCoord(int tid, int lanes) { return {tid / lanes, tid % lanes}; }

__host__ __device__ inline int wavesFor(int threads) { return (threads + warpSize - 1) / warpSize; }

__global__ void columnSums(const float *m, int rows, int cols, float *sums) {
  extern __shared__ float partial[];
  const WaveCoord wc = waveCoord(threadIdx.x, warpSize);
  const int col = blockIdx.x;
  float acc = 0.f;
  for (int r = threadIdx.x; r < rows; r += blockDim.x) acc += m[(size_t)r * cols + col];
  for (int o = warpSize / 2; o > 0; o /= 2) acc += __shfl_down(acc, o);
  if (wc.lane == 0) partial[wc.wave] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.f;
    for (int w = 0; w < wavesFor(blockDim.x); ++w) total += partial[w];
    sums[col] = total;
  }
}
