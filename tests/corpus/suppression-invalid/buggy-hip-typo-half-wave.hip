// HIP block sum that deliberately works in 32-lane groups on 64-lane
// wavefronts (the code is shared with a wave32 build). The warpsize rule's
// documentation says to silence such code with a NOLINT comment naming
// the rule -- and the author did, but misspelt the id ("hardcode"), so
// the comments suppress nothing and every 32-lane index is still
// reported.

#include <hip/hip_runtime.h>

__global__ void blockSumGroups32(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float partial[1024 / 32];
  const int grp = threadIdx.x >> 5;  // NOLINT(hip-warpsize-hardcode)  // expect: hip-warpsize-hardcoded, suppression-invalid
  const int sub = threadIdx.x & 31;  // NOLINT(hip-warpsize-hardcode)  // expect: hip-warpsize-hardcoded, suppression-invalid
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor(v, o, 32);  // 32-lane groups on purpose: explicit width
  if (sub == 0) partial[grp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0.f;
    const int groups = blockDim.x >> 5;  // NOLINT(hip-warpsize-hardcode)  // expect: hip-warpsize-hardcoded, suppression-invalid
    for (int g = 0; g < groups; ++g) t += partial[g];
    atomicAdd(out, t);
  }
}
