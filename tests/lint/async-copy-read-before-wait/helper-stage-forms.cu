// RUN: %check_warpcheck %s async-copy-read-before-wait
// Double buffers whose stage is chosen, computed or waited for inside
// helpers, in each copy API (issue 23): each correct form is followed by
// its nearest bug, the prefetch going into the stage being read.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;
constexpr int N = 128;

__device__ void copy_stage(float *base, const float *g, int stage) {
  __pipeline_memcpy_async(&base[stage * N + threadIdx.x], &g[threadIdx.x], sizeof(float));
  __pipeline_commit();
}

// The stage index is computed by a helper, at the copy and at the read.
__device__ __forceinline__ int stage_of(int chunk) { return chunk & 1; }
__global__ void stage_helper(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  copy_stage(sh, g, 0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * N, stage_of(chunk + 1));
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[chunk * N + threadIdx.x] = sh[stage_of(chunk) * N + (threadIdx.x + 1) % N];
    __syncthreads();
  }
}
__global__ void stage_helper_bug(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  copy_stage(sh, g, 0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * N, stage_of(chunk));
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[chunk * N + threadIdx.x] = sh[stage_of(chunk) * N + (threadIdx.x + 1) % N];
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: {{.*}} [async-copy-read-before-wait]
    __syncthreads();
  }
}

// A helper does the wait (and the barrier after it).
__device__ void wait_stage() {
  __pipeline_wait_prior(1);
  __syncthreads();
}
__global__ void wait_helper(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  copy_stage(sh, g, 0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * N, (chunk + 1) & 1);
    else __pipeline_commit();
    wait_stage();
    out[chunk * N + threadIdx.x] = sh[(chunk & 1) * N + (threadIdx.x + 1) % N];
    __syncthreads();
  }
}
__global__ void wait_helper_bug(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  copy_stage(sh, g, 0);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * N, chunk & 1);
    else __pipeline_commit();
    wait_stage();
    out[chunk * N + threadIdx.x] = sh[(chunk & 1) * N + (threadIdx.x + 1) % N];
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: {{.*}} [async-copy-read-before-wait]
    __syncthreads();
  }
}

// A stage variable toggled at the end of each iteration.
__global__ void toggled(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  int stage = 0;
  copy_stage(sh, g, stage);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * N, stage ^ 1);
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[chunk * N + threadIdx.x] = sh[stage * N + (threadIdx.x + 1) % N];
    __syncthreads();
    stage ^= 1;
  }
}
__global__ void toggled_bug(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  int stage = 0;
  copy_stage(sh, g, stage);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage(sh, g + (chunk + 1) * N, stage);
    else __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    out[chunk * N + threadIdx.x] = sh[stage * N + (threadIdx.x + 1) % N];
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: {{.*}} [async-copy-read-before-wait]
    __syncthreads();
    stage ^= 1;
  }
}

// The caller computes the stage's pointer; the prefetch is issued after the
// wait, and the tile is copied and read in block-strided loops.
__device__ void copy_tile(float *dst, const float *g, int tile) {
  for (int i = threadIdx.x; i < tile; i += blockDim.x)
    __pipeline_memcpy_async(dst + i, g + i, sizeof(float));
  __pipeline_commit();
}
__global__ void caller_pointer(const float *g, float *out, int chunks, int tile) {
  extern __shared__ float smem[];
  copy_tile(smem, g, tile);
  float acc = 0.f;
  for (int chunk = 0; chunk < chunks; ++chunk) {
    __pipeline_wait_prior(0);
    __syncthreads();
    if (chunk + 1 < chunks) copy_tile(smem + ((chunk + 1) % 2) * tile, g + (chunk + 1) * tile, tile);
    const float *cur = smem + (chunk % 2) * tile;
    for (int i = threadIdx.x; i < tile; i += blockDim.x) acc += cur[i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
__global__ void caller_pointer_bug(const float *g, float *out, int chunks, int tile) {
  extern __shared__ float smem[];
  copy_tile(smem, g, tile);
  float acc = 0.f;
  for (int chunk = 0; chunk < chunks; ++chunk) {
    __pipeline_wait_prior(0);
    __syncthreads();
    if (chunk + 1 < chunks) copy_tile(smem + (chunk % 2) * tile, g + (chunk + 1) * tile, tile);
    const float *cur = smem + (chunk % 2) * tile;
    for (int i = threadIdx.x; i < tile; i += blockDim.x) acc += cur[i];
// CHECK-MESSAGES: :[[@LINE-1]]:65: error: {{.*}} [async-copy-read-before-wait]
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// cp.async in inline PTX behind helpers (the shape of CUTLASS and ggml).
__device__ __forceinline__ void cp_async4(void *smem, const void *gmem) {
  unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(s), "l"(gmem));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int n> __device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(n)); }
__device__ void copy_stage_ptx(float (*stages)[N], int s, const float *g) {
  cp_async4(&stages[s][threadIdx.x], &g[threadIdx.x]);
  cp_async_commit();
}
__global__ void inline_ptx(const float *g, float *out, int chunks) {
  __shared__ float st[2][N];
  copy_stage_ptx(st, 0, g);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    int cur = chunk & 1, nxt = cur ^ 1;
    if (chunk + 1 < chunks) copy_stage_ptx(st, nxt, g + (chunk + 1) * N);
    else cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
    out[chunk * N + threadIdx.x] = st[cur][(threadIdx.x + 1) % N];
    __syncthreads();
  }
}
__global__ void inline_ptx_bug(const float *g, float *out, int chunks) {
  __shared__ float st[2][N];
  copy_stage_ptx(st, 0, g);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    int cur = chunk & 1;
    if (chunk + 1 < chunks) copy_stage_ptx(st, cur, g + (chunk + 1) * N);
    else cp_async_commit();
    cp_async_wait<1>();
    __syncthreads();
    out[chunk * N + threadIdx.x] = st[cur][(threadIdx.x + 1) % N];
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: {{.*}} [async-copy-read-before-wait]
    __syncthreads();
  }
}

// cuda::pipeline (thread scope): a helper acquires, copies into the stage
// and commits.
__device__ void copy_stage_pipe(cuda::pipeline<cuda::thread_scope_thread> &pipe, float (*buf)[N], int stage,
                                const float *g) {
  pipe.producer_acquire();
  cuda::memcpy_async(&buf[stage][threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
}
__global__ void cuda_pipeline(const float *g, float *out, int chunks) {
  __shared__ float buf[2][N];
  auto pipe = cuda::make_pipeline();
  copy_stage_pipe(pipe, buf, 0, g);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage_pipe(pipe, buf, (chunk + 1) & 1, g + (chunk + 1) * N);
    pipe.consumer_wait();
    out[chunk * N + threadIdx.x] = buf[chunk & 1][threadIdx.x];
    pipe.consumer_release();
  }
}
__global__ void cuda_pipeline_bug(const float *g, float *out, int chunks) {
  __shared__ float buf[2][N];
  auto pipe = cuda::make_pipeline();
  copy_stage_pipe(pipe, buf, 0, g);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) copy_stage_pipe(pipe, buf, chunk & 1, g + (chunk + 1) * N);
    pipe.consumer_wait();
    out[chunk * N + threadIdx.x] = buf[chunk & 1][threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: {{.*}} [async-copy-read-before-wait]
    pipe.consumer_release();
  }
}

// cooperative_groups::memcpy_async and wait_prior, the helper takes the stage.
__device__ void copy_stage_cg(cg::thread_block &block, float *base, int stage, const float *g) {
  cg::memcpy_async(block, base + stage * N, g, sizeof(float) * N);
}
__global__ void cooperative(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  auto block = cg::this_thread_block();
  copy_stage_cg(block, sh, 0, g);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) {
      copy_stage_cg(block, sh, (chunk + 1) & 1, g + (chunk + 1) * N);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    out[chunk * N + threadIdx.x] = sh[(chunk & 1) * N + (threadIdx.x + 1) % N];
    block.sync();
  }
}
__global__ void cooperative_bug(const float *g, float *out, int chunks) {
  __shared__ float sh[2 * N];
  auto block = cg::this_thread_block();
  copy_stage_cg(block, sh, 0, g);
  for (int chunk = 0; chunk < chunks; ++chunk) {
    if (chunk + 1 < chunks) {
      copy_stage_cg(block, sh, chunk & 1, g + (chunk + 1) * N);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    out[chunk * N + threadIdx.x] = sh[(chunk & 1) * N + (threadIdx.x + 1) % N];
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: {{.*}} [async-copy-read-before-wait]
    block.sync();
  }
}
