// Block-local sort of short segments (odd-even transposition sort in
// shared memory). The author believed that `activeThreads` always equals
// blockDim.x and silenced the analysis on the barriers -- but the rule id
// in the comment is misspelt ("divergant"), so the comment silences
// nothing, and the finding it meant to hide is real: the launcher passes
// min(len, 256), so for short segments the threads past `activeThreads`
// never reach the barriers.

#define BLOCK 256

__global__ void sortSegments(float *__restrict__ keys, const int *__restrict__ segStart, int activeThreads) {
  __shared__ float s[BLOCK];
  const int seg = blockIdx.x;
  const int begin = segStart[seg], len = segStart[seg + 1] - begin;
  const int t = threadIdx.x;
  if (t < activeThreads) {
    s[t] = t < len ? keys[begin + t] : INFINITY;
    __syncthreads();  // NOLINT(barrier-divergant): activeThreads == blockDim.x  // expect: barrier-divergent, suppression-invalid
    for (int phase = 0; phase < activeThreads; ++phase) {
      const int partner = (phase & 1) ? (t & 1 ? t + 1 : t - 1) : (t & 1 ? t - 1 : t + 1);
      float mine = s[t], other = partner >= 0 && partner < activeThreads ? s[partner] : mine;
      __syncthreads();  // NOLINT(barrier-divergant)  // expect: barrier-divergent, suppression-invalid
      if (partner >= 0 && partner < activeThreads) s[t] = (t < partner) ? fminf(mine, other) : fmaxf(mine, other);
      __syncthreads();  // NOLINT(barrier-divergant)  // expect: barrier-divergent, suppression-invalid
    }
    if (t < len) keys[begin + t] = s[t];
  }
}

void sortAll(float *keys, const int *segStart, int segments, int len, cudaStream_t st) {
  const int active = len < BLOCK ? len : BLOCK;
  sortSegments<<<segments, BLOCK, 0, st>>>(keys, segStart, active);
}
