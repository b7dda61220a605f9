// Warp-specialised fill/scatter: warps 0-3 fill a shared stage, warps 4-7
// scatter it, each group running three __syncthreads() on its own side of
// a warp-uniform branch. bar.sync counts arrivals, so the groups pair up
// and this runs on every GPU so far, but the threads of the block are not
// at the same barrier, which the guide does not allow: lint reports it
// once per branch, as a warning.

__global__ void fillScatter(const int *__restrict__ in, int *__restrict__ out, const int *__restrict__ perm) {
  __shared__ int stage[128];
  const int warp = threadIdx.x / 32;
  const int base = blockIdx.x * 128;
  if (warp < 4) {
    stage[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads(); // expect: barrier-divergent
    __syncthreads();
    __syncthreads();
  } else {
    const int t = threadIdx.x - 128;
    __syncthreads();
    out[base + perm[t]] = stage[t];
    __syncthreads();
    __syncthreads();
  }
}
