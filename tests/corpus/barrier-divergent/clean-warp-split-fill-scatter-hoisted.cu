// The fixed twin of buggy-warp-split-fill-scatter.cu: the same
// warp-specialised fill/scatter (warps 0-3 fill a shared stage, warps 4-7
// scatter it, for two tiles per block), but the branch is closed before
// each barrier, so every thread of the block waits at the same three
// __syncthreads(), as the programming guide requires. Each phase's work
// stays under a warp-uniform condition.

__global__ void fillScatter(const int *__restrict__ in, int *__restrict__ out, const int *__restrict__ perm) {
  __shared__ int stage[128];
  const int warp = threadIdx.x / 32;
  const int base = blockIdx.x * 128;
  const bool filler = warp < 4;
  if (filler) stage[threadIdx.x] = in[base + threadIdx.x];
  __syncthreads();
  if (!filler) {
    const int t = threadIdx.x - 128;
    out[base + perm[t]] = stage[t];
  }
  __syncthreads();
  if (filler) stage[threadIdx.x] = in[base + 128 * gridDim.x + threadIdx.x];
  __syncthreads();
  if (!filler) {
    const int t = threadIdx.x - 128;
    out[base + 128 * gridDim.x + perm[t]] = stage[t];
  }
}
