// REQUIRES: hip
// RUN: %check_warpcheck %s hip-warpsize-hardcoded -- --offload-arch=gfx90a
// 32 that is not the warp size, and warp-size-aware code: no finding.
#include <hip/hip_runtime.h>

// A 32x32 tile transpose: 32 is the tile width, and no warp function runs.
__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int row = threadIdx.x / 32, col = threadIdx.x % 32;
  int x = blockIdx.x * 32 + col, y = blockIdx.y * 32 + row;
  if (x < n && y < n) tile[row][col] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * 32 + row) * n + blockIdx.y * 32 + col] = tile[col][row];
}

// `& 31` on data, not on the thread index; 32 as a byte count.
__global__ void bits(const unsigned *in, unsigned *out) {
  unsigned v = in[threadIdx.x];
  unsigned rot = v & 31;
  out[threadIdx.x] = (v << rot) | (v >> ((32 - rot) & 31)) | __ballot(v > 32) / 32;
}

// The warp size chosen on the host and passed as a template parameter.
template <int WarpSize> __global__ void reduce_t(const float *in, float *out) {
  float v = in[threadIdx.x];
  int lane = threadIdx.x % WarpSize;
  for (int o = WarpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  if (lane == 0) atomicAdd(out, v);
}
template __global__ void reduce_t<32>(const float *, float *);
template __global__ void reduce_t<64>(const float *, float *);

// Code that branches on warpSize already knows what it is doing.
__global__ void branchy(int *out) {
  int lane = warpSize == 32 ? (threadIdx.x & 31) : (threadIdx.x & 63);
  if (warpSize == 32) {
    out[threadIdx.x] = __shfl(lane, threadIdx.x / 32);
  }
}

// Explicit 32-lane sub-groups: an explicit shuffle width of 32.
__global__ void halves(float *data) {
  float v = data[threadIdx.x];
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor(v, o, 32);
  data[threadIdx.x] = v;
}

// NVIDIA-only code is not compiled for AMD.
__global__ void nvidia_only(int *out) {
#ifdef __HIP_PLATFORM_NVIDIA__
  out[threadIdx.x] = __shfl_sync(0xffffffff, threadIdx.x & 31, 0);
#else
  out[threadIdx.x] = __lane_id();
#endif
}

// Host code: blockDim-like arithmetic on the host is not device code.
int blocks_for(int n) { return (n + 31) / 32; }
