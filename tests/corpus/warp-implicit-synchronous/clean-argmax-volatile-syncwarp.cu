// Block argmax whose last-warp tail keeps the old volatile shared arrays
// but follows the guide's pattern for independent thread scheduling: each
// step reads the partner's slots into registers, __syncwarp(), writes its
// own slots, __syncwarp(). All 32 lanes of the warp run every step and
// every __syncwarp(); only the comparison is guarded. The volatile
// qualifier is now redundant but harmless.

#define BLOCK 256

__device__ void warpArgmax(volatile float *val, volatile int *idx, int tid) {
  for (int o = 16; o > 0; o >>= 1) {
    const float other = val[tid + o];
    const int otherIdx = idx[tid + o];
    const float mine = val[tid];
    const int mineIdx = idx[tid];
    __syncwarp();
    if (tid < o && (other > mine || (other == mine && otherIdx < mineIdx))) {
      val[tid] = other;
      idx[tid] = otherIdx;
    }
    __syncwarp();
  }
}

__global__ void blockArgmax(const float *__restrict__ x, int n, float *__restrict__ bestVal,
                            int *__restrict__ bestIdx) {
  __shared__ float sval[BLOCK + 16];
  __shared__ int sidx[BLOCK + 16];
  const int tid = threadIdx.x;
  float v = -INFINITY;
  int vi = -1;
  for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x)
    if (x[i] > v) {
      v = x[i];
      vi = i;
    }
  sval[tid] = v;
  sidx[tid] = vi;
  __syncthreads();
  for (int s = BLOCK / 2; s >= 32; s >>= 1) {
    if (tid < s && (sval[tid + s] > sval[tid] || (sval[tid + s] == sval[tid] && sidx[tid + s] < sidx[tid]))) {
      sval[tid] = sval[tid + s];
      sidx[tid] = sidx[tid + s];
    }
    __syncthreads();
  }
  if (tid < 32) warpArgmax(sval, sidx, tid);
  if (tid == 0) {
    bestVal[blockIdx.x] = sval[0];
    bestIdx[blockIdx.x] = sidx[0];
  }
}
