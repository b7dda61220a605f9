// Tensor-core fragment loader: a warp stages a 16x16 half tile with
// cp.async, waits with cp.async.wait_all, syncs the warp, and only then
// loads its fragments with ldmatrix from the staged tile.
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ void cp_async16(void *smem, const void *gmem) {
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(gmem));
}

__global__ void load_a_fragments(const half *__restrict__ A, int lda, uint32_t *__restrict__ frags) {
  __shared__ __align__(16) half tile[16][16];
  const int lane = threadIdx.x;  // one warp
  const half *src = A + (size_t)blockIdx.x * 16 * lda;
  const int r = lane / 2, c = (lane % 2) * 8;
  cp_async16(&tile[r][c], src + (size_t)r * lda + c);
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_all;\n" ::);
  __syncwarp();

  uint32_t a0, a1, a2, a3;
  unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(&tile[lane % 16][(lane / 16) * 8]));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
               : "r"(addr));
  uint32_t *out = frags + ((size_t)blockIdx.x * 32 + lane) * 4;
  out[0] = a0;
  out[1] = a1;
  out[2] = a2;
  out[3] = a3;
}
