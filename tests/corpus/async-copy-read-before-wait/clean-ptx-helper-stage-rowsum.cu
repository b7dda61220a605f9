// Row sums of a matrix streamed through shared memory in two stages with
// cp.async in inline PTX behind small helpers (the shape of CUTLASS and
// ggml): the stage of a chunk comes from a helper, the wait from another.
// While chunk k is read from its stage, the prefetch of chunk k + 1 is in
// flight into the other one, and wait_group 1 completes chunk k.
constexpr int kChunk = 256;

__device__ __forceinline__ int stageOf(int chunk) { return chunk & 1; }

__device__ __forceinline__ void cpAsync16(void *smem, const void *gmem) {
  unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}
__device__ __forceinline__ void cpAsyncCommit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int n> __device__ __forceinline__ void cpAsyncWait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(n)); }

__device__ void loadChunk(float4 (*stages)[kChunk], int stage, const float4 *src) {
  cpAsync16(&stages[stage][threadIdx.x], &src[threadIdx.x]);
  cpAsyncCommit();
}

// One block per row, kChunk threads, `chunks` chunks of kChunk float4 per row.
__global__ void rowSums(const float4 *__restrict__ m, float *__restrict__ sums, int chunks) {
  __shared__ float4 stages[2][kChunk];
  __shared__ float partial[kChunk / 32];
  const float4 *row = m + static_cast<size_t>(blockIdx.x) * chunks * kChunk;
  float acc = 0.f;
  loadChunk(stages, stageOf(0), row);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) loadChunk(stages, stageOf(chunk + 1), row + (chunk + 1) * kChunk);
    else cpAsyncCommit();
    cpAsyncWait<1>();
    __syncthreads();
    float4 v = stages[stageOf(chunk)][(threadIdx.x + 1) % kChunk];
    acc += v.x + v.y + v.z + v.w;
    __syncthreads();
  }
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffff, acc, o);
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int w = 0; w < kChunk / 32; ++w) s += partial[w];
    sums[blockIdx.x] = s;
  }
}
