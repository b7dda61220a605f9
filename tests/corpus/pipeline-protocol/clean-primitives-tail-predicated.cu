// Vector copy-with-scale staged through shared memory with the pipeline
// primitives, grid-stride. The copy is predicated per thread on the tail of
// the array, but the commit and the wait are not: every thread commits one
// (possibly empty) batch per iteration and waits for it.
#include <cuda_pipeline.h>

constexpr int kThreads = 256;

__global__ void scale_copy(const float4 *__restrict__ in, float4 *__restrict__ out, float s, int n4) {
  __shared__ float4 stage[kThreads];
  const int t = threadIdx.x;
  for (int base = blockIdx.x * kThreads; base < n4; base += gridDim.x * kThreads) {
    const int i = base + t;
    if (i < n4) __pipeline_memcpy_async(&stage[t], &in[i], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    if (i < n4) {
      const float4 v = stage[t];
      out[i] = make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
    }
  }
}
