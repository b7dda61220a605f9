// Block sum in the style of the CUDA samples' reduce6, with the volatile
// tail replaced by shuffles: the shared-memory tree halves down to 128
// values, then `if (tid < 64)` keeps warps 0 and 1 -- whole warps, so the
// full-mask shuffles are called by every lane they name -- and the two warp
// sums are combined with one atomic each.

template <unsigned BLOCK>
__global__ void reduceSum(const float *__restrict__ in, float *__restrict__ out, unsigned n) {
  static_assert(BLOCK >= 128 && BLOCK % 32 == 0, "block too small for this tail");
  __shared__ float sdata[BLOCK];
  const unsigned tid = threadIdx.x;
  float sum = 0.f;
  for (unsigned i = blockIdx.x * BLOCK * 2 + tid; i < n; i += BLOCK * 2 * gridDim.x) {
    sum += in[i];
    if (i + BLOCK < n) sum += in[i + BLOCK];
  }
  sdata[tid] = sum;
  __syncthreads();

  for (unsigned s = BLOCK / 2; s >= 128; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }

  if (tid < 64) {
    float v = sdata[tid] + sdata[tid + 64];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    if ((tid & 31) == 0) atomicAdd(out, v);
  }
}

template __global__ void reduceSum<128>(const float *, float *, unsigned);
template __global__ void reduceSum<256>(const float *, float *, unsigned);
template __global__ void reduceSum<512>(const float *, float *, unsigned);
