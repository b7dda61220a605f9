// Dot product with the CUDA-samples-style reduction and its volatile warp
// tail. Someone silenced the tail's first step "for now" with a
// next-line suppression, but the rule list is missing its closing
// parenthesis: such a comment suppresses nothing. The finding it targets
// is a real race on sm_70 and later (lane 0 reads sdata[16] while lane 16
// may still be writing it), and it is reported with the others.

#define BLOCK 256

__global__ void dot(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ partial, int n) {
  __shared__ float sdata[BLOCK];
  const unsigned tid = threadIdx.x;
  float s = 0.f;
  for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) s += a[i] * b[i];
  sdata[tid] = s;
  __syncthreads();
  for (unsigned k = BLOCK / 2; k > 32; k >>= 1) {
    if (tid < k) sdata[tid] += sdata[tid + k];
    __syncthreads();
  }
  if (tid < 32) {
    volatile float *v = sdata;
    v[tid] += v[tid + 32];
    // NOLINTNEXTLINE(warp-implicit-synchronous  // expect: suppression-invalid
    v[tid] += v[tid + 16];  // expect: warp-implicit-synchronous
    v[tid] += v[tid + 8];   // expect: warp-implicit-synchronous
    v[tid] += v[tid + 4];   // expect: warp-implicit-synchronous
    v[tid] += v[tid + 2];   // expect: warp-implicit-synchronous
    v[tid] += v[tid + 1];   // expect: warp-implicit-synchronous
  }
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}
