// 1-D three-point smoothing with a shared-memory tile. Threads past the end
// of the array return before the barrier: exited threads are not waited
// for (guide: __syncthreads waits for "all non-exited threads"), and the
// exiting side runs no barrier and never rejoins the code after it. The
// reads after the barrier only touch slots of threads that stayed -- a
// neighbour inside the tile is read only when its index is < n, and
// neighbours outside the tile come from global memory.

#define BLOCK 256

__global__ void smooth3(const float *__restrict__ in, float *__restrict__ out, int n, float w) {
  __shared__ float tile[BLOCK];
  const int t = threadIdx.x;
  const int i = blockIdx.x * BLOCK + t;
  if (i >= n) return;

  tile[t] = in[i];
  __syncthreads();

  const float left = t > 0 ? tile[t - 1] : (i > 0 ? in[i - 1] : tile[t]);
  const float right = (t + 1 < BLOCK && i + 1 < n) ? tile[t + 1] : (i + 1 < n ? in[i + 1] : tile[t]);
  out[i] = w * left + (1.f - 2.f * w) * tile[t] + w * right;
}

void launchSmooth(const float *in, float *out, int n, float w, cudaStream_t s) {
  smooth3<<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(in, out, n, w);
}
