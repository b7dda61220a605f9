// HIP block sum that deliberately works in 32-lane groups on 64-lane
// wavefronts, so that one code path serves the wave32 and wave64 builds:
// the group index and the position in the group use 32 on purpose, and
// the shuffles pass an explicit width of 32. The warpsize rule reports the
// 32-based index expressions anyway; its documentation says to silence
// such deliberate 32-lane groups with a comment naming the rule, which is
// what the comments below do (spelt correctly).

#include <hip/hip_runtime.h>

__global__ void blockSumGroups32(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float partial[1024 / 32];
  const int grp = threadIdx.x >> 5;  // NOLINT(hip-warpsize-hardcoded): 32-lane groups on purpose
  const int sub = threadIdx.x & 31;  // NOLINT(hip-warpsize-hardcoded): 32-lane groups on purpose
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor(v, o, 32);
  if (sub == 0) partial[grp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0.f;
    const int groups = blockDim.x >> 5;  // NOLINT(hip-warpsize-hardcoded): number of 32-lane groups
    for (int g = 0; g < groups; ++g) t += partial[g];
    atomicAdd(out, t);
  }
}
