// Fused bias + activation + per-channel statistics over an NCHW tensor,
// with a 2-D grid: blockIdx.y is the channel, blockIdx.x a slice of it.
// Barriers appear under a condition on blockIdx.y and a kernel parameter
// (the first `lutChannels` channels use a 256-entry lookup-table
// activation that is staged in shared memory), and under a kernel
// parameter alone (`withStats`); both are the same for every thread of a
// block. The thread-dependent guards cover loads and stores only.

#define BLOCK 256
#define LUT 256

__device__ float gelu(float v) { return 0.5f * v * (1.f + erff(v * 0.70710678f)); }

__global__ void biasActStats(float *__restrict__ x, const float *__restrict__ bias, int hw,
                             const float *__restrict__ lutTable, int lutChannels, float lutLo, float lutStep,
                             bool withStats, float *__restrict__ chanSum, float *__restrict__ chanSumSq) {
  __shared__ float lut[LUT];
  __shared__ float s1[BLOCK], s2[BLOCK];
  const int ch = blockIdx.y;
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  float *plane = x + (size_t)ch * hw;

  const bool useLut = ch < lutChannels;
  if (useLut) {
    lut[threadIdx.x] = lutTable[(size_t)ch * LUT + threadIdx.x];
    __syncthreads();
  }

  float v = 0.f;
  if (i < hw) {
    v = plane[i] + bias[ch];
    if (useLut) {
      int q = (int)((v - lutLo) / lutStep);
      v = lut[q < 0 ? 0 : q >= LUT ? LUT - 1 : q];
    } else {
      v = gelu(v);
    }
    plane[i] = v;
  }

  if (withStats) {
    s1[threadIdx.x] = v;
    s2[threadIdx.x] = v * v;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
      if (threadIdx.x < s) {
        s1[threadIdx.x] += s1[threadIdx.x + s];
        s2[threadIdx.x] += s2[threadIdx.x + s];
      }
      __syncthreads();
    }
    if (threadIdx.x == 0) {
      atomicAdd(&chanSum[ch], s1[0]);
      atomicAdd(&chanSumSq[ch], s2[0]);
    }
  }
}

void launch(float *x, const float *bias, int n, int c, int hw, const float *lut, int lutChannels, float lo,
            float step, bool stats, float *sum, float *sumSq, cudaStream_t st) {
  dim3 grid((hw + BLOCK - 1) / BLOCK, c);
  for (int b = 0; b < n; ++b)
    biasActStats<<<grid, BLOCK, 0, st>>>(x + (size_t)b * c * hw, bias, hw, lut, lutChannels, lo, step, stats, sum,
                                         sumSq);
}
