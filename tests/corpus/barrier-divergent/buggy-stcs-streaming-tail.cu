// Streaming copy-and-scale of a large activation buffer: each block stages
// 256 float4 into shared memory, then writes a neighbour's value with the
// evict-first store __stcs (nvcc's sm_32_intrinsics.h; lint supplies it, as
// clang's wrappers lack the cache-hint stores). The tail guard wraps the
// barrier, so in the last, partial block the threads past `n` skip it.

__global__ void shiftScaleStream(const float4 *__restrict__ in, float4 *__restrict__ out, int n, float alpha) {
  __shared__ float4 tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tile[threadIdx.x] = __ldcs(in + i);
    __syncthreads();  // expect: barrier-divergent
    float4 v = tile[(threadIdx.x + 1) % blockDim.x];
    v.x *= alpha; v.y *= alpha; v.z *= alpha; v.w *= alpha;
    __stcs(out + i, v);
  }
}

// The same pass for int2 indices, written back with __stcg (cache at L2).
__global__ void copyIndices(const int2 *__restrict__ in, int2 *__restrict__ out, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x)
    __stcg(out + i, __ldcg(in + i));
}
