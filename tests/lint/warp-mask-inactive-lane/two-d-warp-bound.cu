// RUN: %check_warpcheck %s warp-mask-inactive-lane
// Blocks of (32, nwarps) threads, the thread's linear index
// tid = 32 * threadIdx.y + threadIdx.x (ggml's fattn-vec): `tid < D` with D
// a multiple of the warp size keeps or drops whole warps, whatever
// threadIdx.y is, so a full-mask collective under it is fine. A bound that
// cuts a warp in two is not.

template <int width = 32> __device__ float warp_reduce_sum(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffff, x, offset, width);
  return x;
}

template <int D, int nthreads>
__global__ void combine(const float *partial, float *out) {
  const int tid = 32 * threadIdx.y + threadIdx.x;
  float s = 0.f;
  if (nthreads <= D || tid < D) {
    s = warp_reduce_sum(partial[tid]);
    if (threadIdx.x == 0) out[threadIdx.y] = s;
  }
  if (tid >= 2 * D) return;
  s = __shfl_xor_sync(0xffffffff, s, 1);
  if (tid <= D - 1) out[tid] += s;
  if (tid > 3 * D - 1) out[tid] = warp_reduce_sum(s);
}
template __global__ void combine<64, 128>(const float *, float *);

// Nearest bugs: the bound is not on a warp boundary.
template <int D, int nthreads>
__global__ void combine_odd(const float *partial, float *out) {
  const int tid = 32 * threadIdx.y + threadIdx.x;
  float s = 0.f;
  if (nthreads <= D || tid < D) {
    s = warp_reduce_sum(partial[tid]);
// CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'warp_reduce_sum' runs a warp collective whose mask names every lane of the warp, but lanes that may not reach this call are in it{{.*}} [warp-mask-inactive-lane]
  }
  if (tid <= D) out[tid] = warp_reduce_sum(s);
// CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'warp_reduce_sum' runs a warp collective whose mask names every lane of the warp, but lanes that may not reach this call are in it{{.*}} [warp-mask-inactive-lane]
}
template __global__ void combine_odd<48, 128>(const float *, float *);
