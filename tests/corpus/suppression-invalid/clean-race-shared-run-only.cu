// Early-exit search for any negative entry in each row: the block's
// threads set a shared "found" flag, and the block stops scanning once the
// flag is up. Many threads may store 1 to the flag in the same interval --
// the same value, so the outcome is the same whichever store lands --
// and the flag is read with a barrier in between. The runtime checker
// (`warpcheck run`) reports such same-value stores as a shared race, and
// the team silenced that run-time finding on the store with a comment
// naming race-shared. That is a valid rule id; lint has no finding here.

#define BLOCK 256

__global__ void rowHasNegative(const float *__restrict__ a, int cols, int *__restrict__ hasNeg) {
  __shared__ int found;
  const float *row = a + (size_t)blockIdx.x * cols;
  if (threadIdx.x == 0) found = 0;
  __syncthreads();
  for (int base = 0; base < cols; base += BLOCK) {
    const int c = base + threadIdx.x;
    if (c < cols && row[c] < 0.f) found = 1;  // NOLINT(race-shared): every writer stores 1
    __syncthreads();
    if (found) break;  // the same value for the whole block after the barrier
    __syncthreads();
  }
  if (threadIdx.x == 0) hasNeg[blockIdx.x] = found;
}
