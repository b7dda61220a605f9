// RUN: %check_warpcheck %s warp-implicit-synchronous
// The fixes of buggy.cu: __syncwarp() between one lane's write and another
// lane's read, as the guide rewrites them, or registers and shuffles.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// The guide's butterfly reduction (v10.2 §H.6.2): read, sync, write, sync.
__global__ void guideButterfly(const float *in, float *output) {
  __shared__ float s_buff[256];
  unsigned tid = threadIdx.x;
  s_buff[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int i = 256 / 2; i > 32; i /= 2) {
    if (tid < i) s_buff[tid] += s_buff[tid + i];
    __syncthreads();
  }
  if (tid < 32) {
    float temp;
    temp = s_buff[tid ^ 16]; __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
    temp = s_buff[tid ^ 8];  __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
    temp = s_buff[tid ^ 4];  __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
    temp = s_buff[tid ^ 2];  __syncwarp();
    s_buff[tid] += temp;     __syncwarp();
  }
  if (tid == 0) *output = s_buff[0] + s_buff[1];
  __syncthreads();
}

// The unrolled reduction with the fix-it applied to every step.
__device__ void warpReduce(volatile int *sdata, unsigned tid) {
  sdata[tid] += sdata[tid + 32];
  __syncwarp();
  { auto v = sdata[tid + 16]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  { auto v = sdata[tid + 8]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  { auto v = sdata[tid + 4]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  { auto v = sdata[tid + 2]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
  { auto v = sdata[tid + 1]; __syncwarp(); sdata[tid] += v; __syncwarp(); }
}

__global__ void reduce(const int *in, int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 128; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce(sdata, tid);
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

// The same in a loop over the offset.
__global__ void reduceLoop(const float *in, float *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    float v = s[t] + s[t + 32];
    __syncwarp();
    for (int o = 16; o > 0; o >>= 1) {
      s[t] = v;
      __syncwarp();
      v += s[t + o];
      __syncwarp();
    }
    if (t == 0) out[blockIdx.x] = v;
  }
}

// Registers instead of shared memory (the catalogue's fix).
__global__ void reduceShfl(const float *in, float *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    float v = s[t] + s[t + 32];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
    if (t == 0) out[blockIdx.x] = v;
  }
}

// The legacy scan with each step split; the masks name the lanes on the path.
__device__ int scanWarp(volatile int *s, int idx) {
  const int lane = idx & 31;
  if (lane >= 1) { auto v = s[idx - 1] + s[idx]; __syncwarp(0xfffffffe); s[idx] = v; __syncwarp(0xfffffffe); }
  if (lane >= 2) { auto v = s[idx - 2] + s[idx]; __syncwarp(0xfffffffc); s[idx] = v; __syncwarp(0xfffffffc); }
  if (lane >= 4) { auto v = s[idx - 4] + s[idx]; __syncwarp(0xfffffff0); s[idx] = v; __syncwarp(0xfffffff0); }
  if (lane >= 8) { auto v = s[idx - 8] + s[idx]; __syncwarp(0xffffff00); s[idx] = v; __syncwarp(0xffffff00); }
  if (lane >= 16) { auto v = s[idx - 16] + s[idx]; __syncwarp(0xffff0000); s[idx] = v; __syncwarp(0xffff0000); }
  return s[idx];
}

__global__ void scan(int *data) {
  __shared__ int s[256];
  int idx = threadIdx.x;
  s[idx] = data[blockIdx.x * 256 + idx];
  __syncthreads();
  data[blockIdx.x * 256 + idx] = scanWarp(s, idx);
}

// Broadcast from lane 0 with __syncwarp() before the other lanes read.
__global__ void broadcast(const float *in, float *out) {
  __shared__ float leader[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float x = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (lane == 0) leader[warp] = x * 2.f;
  __syncwarp();
  out[blockIdx.x * blockDim.x + threadIdx.x] = x - leader[warp];
}

// The guide's __syncwarp example, and its disjoint masks.
__global__ void example_syncwarp(int *input_data, int *output_data) {
  if (threadIdx.x < warpSize) {
    __shared__ int shared_data[32];
    shared_data[threadIdx.x] = input_data[threadIdx.x];
    __syncwarp();
    if (threadIdx.x == 0) output_data[0] = shared_data[1];
  }
}

__global__ void example_syncwarp_with_mask_branches(int *input_data, int *output_data) {
  if (threadIdx.x < warpSize) {
    __shared__ int shared_data[32];
    shared_data[threadIdx.x] = input_data[threadIdx.x];
    if (threadIdx.x < 16) {
      unsigned mask = 0xFFFF;
      __syncwarp(mask);
      output_data[threadIdx.x] = shared_data[15 - threadIdx.x];
    } else {
      unsigned mask = 0xFFFF0000;
      __syncwarp(mask);
      output_data[threadIdx.x] = shared_data[31 - threadIdx.x];
    }
  }
}

// A tile's sync() orders its lanes' shared-memory accesses.
__global__ void tileExchange(const int *in, int *out) {
  __shared__ int s[32];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (threadIdx.x < 32) {
    s[threadIdx.x] = in[threadIdx.x];
    tile.sync();
    out[threadIdx.x] = s[31 - threadIdx.x];
  }
}

// The write-back of a loop ordered on both sides.
__device__ float treeSum(float *s, int lane) {
  for (int o = 16; o > 0; o >>= 1) {
    float v = s[lane + o];
    __syncwarp();
    s[lane] += v;
    __syncwarp();
  }
  return s[0];
}

__global__ void sums(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) out[blockIdx.x] = treeSum(s, threadIdx.x);
}
