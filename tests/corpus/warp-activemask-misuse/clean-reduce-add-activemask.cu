// Counting matches of a string search, one text position per thread: the
// positions that match add 1 to a global counter. The count is aggregated
// over the converged matching lanes with __reduce_add_sync on the
// __activemask() snapshot taken inside the branch, right before the call,
// and their lowest lane adds the sum. Each converged group adds its own
// size: the total is right whatever the grouping.
// corpus-args: --cuda-arch sm_80

__device__ __forceinline__ bool matchesAt(const char *text, int n, const char *pat, int m, int pos) {
  if (pos + m > n) return false;
  for (int k = 0; k < m; ++k)
    if (text[pos + k] != pat[k]) return false;
  return true;
}

__global__ void countMatches(const char *__restrict__ text, int n, const char *__restrict__ pat, int m,
                             unsigned long long *__restrict__ count) {
  const int lane = threadIdx.x & 31;
  for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < n; pos += gridDim.x * blockDim.x) {
    if (matchesAt(text, n, pat, m, pos)) {
      const unsigned active = __activemask();
      const unsigned groupCount = __reduce_add_sync(active, 1u);
      const int leader = __ffs(active) - 1;
      if (lane == leader) atomicAdd(count, (unsigned long long)groupCount);
    }
  }
}
