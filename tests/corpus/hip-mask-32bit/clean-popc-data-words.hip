// Binary neural network layer: XNOR-popcount dot products on bit-packed
// 32-bit words, one wavefront per output neuron. __popc and `1u << bit`
// here work on 32-bit data words (the packing format), not on lane masks;
// the wavefront reduction uses warpSize.
#include <hip/hip_runtime.h>

__device__ __forceinline__ int waveSum(int v) {
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  return v;
}

// Packs the signs of 32 consecutive activations into one word.
__global__ void packSigns(const float *act, int n, unsigned int *packed) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w * 32 >= n) return;
  unsigned int word = 0;
  for (int bit = 0; bit < 32 && w * 32 + bit < n; ++bit)
    if (act[w * 32 + bit] >= 0.f) word |= 1u << bit;
  packed[w] = word;
}

__global__ void xnorDot(const unsigned int *weights, const unsigned int *input, int words, int bits,
                        int numNeurons, float *out) {
  const int neuron = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  if (neuron >= numNeurons) return;
  const unsigned int *w = weights + (size_t)neuron * words;
  int matches = 0;
  for (int k = __lane_id(); k < words; k += warpSize) matches += __popc(~(w[k] ^ input[k]));
  matches = waveSum(matches);
  // Padding bits of the last word are zero in both operands: they "match".
  if (__lane_id() == 0) out[neuron] = (float)(2 * (matches - (words * 32 - bits)) - bits);
}
