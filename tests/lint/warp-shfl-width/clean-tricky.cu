// RUN: %check_warpcheck %s warp-shfl-width

// Widths from templates and run-time values: each instantiation is checked,
// run-time widths are not guessed.
template <int W> __device__ float seg(float v) { return __shfl_up_sync(0xffffffff, v, 1, W); }
__global__ void segments(float *v, int w) {
  v[threadIdx.x] = seg<1>(v[0]) + seg<2>(v[0]) + seg<4>(v[0]) + seg<32>(v[0]);
  v[threadIdx.x] += __shfl_sync(0xffffffff, v[0], 0, w);
}
