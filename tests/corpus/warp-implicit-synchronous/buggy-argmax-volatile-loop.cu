// Block argmax (e.g. the pivot search of a partial-pivoting LU, or greedy
// decoding over a vocabulary slice): a grid-stride scan keeps each
// thread's best (value, index), a barrier-synchronised tree reduces the
// block to 32 candidates, and the last warp finishes with the old
// warp-synchronous loop over volatile shared arrays. Lane i + o wrote its
// slots in the previous step, and lane i reads them in this one: nothing
// orders the lanes of the warp since sm_70 (a lane may run a step ahead),
// and volatile does not help. The racing pairs are the reads at the top of
// the step and the writes at its end, one iteration apart.

#define BLOCK 256

__device__ void warpArgmax(volatile float *val, volatile int *idx, int tid) {
  for (int o = 16; o > 0; o >>= 1) {
    if (tid < o) {
      const float other = val[tid + o];
      const int otherIdx = idx[tid + o];
      if (other > val[tid] || (other == val[tid] && otherIdx < idx[tid])) {
        val[tid] = other;     // expect: warp-implicit-synchronous
        idx[tid] = otherIdx;  // expect: warp-implicit-synchronous
      }
    }
  }
}

__global__ void blockArgmax(const float *__restrict__ x, int n, float *__restrict__ bestVal,
                            int *__restrict__ bestIdx) {
  __shared__ float sval[BLOCK];
  __shared__ int sidx[BLOCK];
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
