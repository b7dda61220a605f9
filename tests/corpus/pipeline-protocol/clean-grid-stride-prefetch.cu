// Grid-stride SAXPY-like update with a per-thread cuda::pipeline: the next
// element is prefetched into the other slot while the current one is used.
#include <cuda/pipeline>

__global__ void scaled_add_prefetch(const float4* __restrict__ x, float4* __restrict__ y, float a, int n4) {
  __shared__ float4 slot[2][256];
  auto pipe = cuda::make_pipeline();
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int stride = gridDim.x * blockDim.x;
  if (i >= n4) return;

  pipe.producer_acquire();
  cuda::memcpy_async(&slot[0][t], &x[i], sizeof(float4), pipe);
  pipe.producer_commit();
  for (int k = 0; i < n4; i += stride, ++k) {
    int next = i + stride;
    if (next < n4) {
      pipe.producer_acquire();
      cuda::memcpy_async(&slot[(k + 1) & 1][t], &x[next], sizeof(float4), pipe);
      pipe.producer_commit();
    }
    if (next < n4)
      cuda::pipeline_consumer_wait_prior<1>(pipe);
    else
      cuda::pipeline_consumer_wait_prior<0>(pipe);
    float4 v = slot[k & 1][t];
    float4 w = y[i];
    y[i] = make_float4(a * v.x + w.x, a * v.y + w.y, a * v.z + w.z, a * v.w + w.w);
    pipe.consumer_release();
  }
}
