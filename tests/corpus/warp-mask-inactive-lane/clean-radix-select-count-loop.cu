// Radix select (top-k threshold search), counting pass: warps stride over
// the input in chunks of 32 with a warp-uniform loop, and in each chunk the
// lanes that hold an element count how many keys fall in the current
// digit bucket. The participating lanes are the ballot of the bounds test,
// taken before `if (i < n)`, and the match inside uses exactly that
// ballot -- the rule's recommended pattern, inside a loop.
// corpus-args: --cuda-arch sm_80

__global__ void countPrefixMatches(const unsigned *__restrict__ keys, int n, unsigned prefix, unsigned prefixMask,
                                   int shift, unsigned *__restrict__ bucketCount /* 16 buckets */) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16) local[threadIdx.x] = 0;
  __syncthreads();

  const int lane = threadIdx.x & 31;
  const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int nwarps = (gridDim.x * blockDim.x) >> 5;
  for (int base = gwarp * 32; base < n; base += nwarps * 32) {
    const int i = base + lane;
    const unsigned inRange = __ballot_sync(0xffffffffu, i < n);
    if (i < n) {
      const unsigned k = keys[i];
      const bool candidate = (k & prefixMask) == prefix;
      const unsigned digit = candidate ? (k >> shift) & 15u : 16u;
      const unsigned same = __match_any_sync(inRange, digit);
      if (candidate && lane == __ffs(same) - 1) atomicAdd(&local[digit], __popc(same));
    }
  }
  __syncthreads();
  if (threadIdx.x < 16 && local[threadIdx.x]) atomicAdd(&bucketCount[threadIdx.x], local[threadIdx.x]);
}
