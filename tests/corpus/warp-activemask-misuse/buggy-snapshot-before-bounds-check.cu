// Bias gradient of an NCHW convolution: sum dy over N, H, W per channel.
// `spatial` (H * W) is a multiple of 32, so a warp never straddles two
// channels; each warp reduces its 32 values and lane 0 adds the sum. The
// author took the participating lanes once, at the top of the kernel, with
// __activemask(), and reused the snapshot as the mask of the reduction under
// the bounds check: lanes in the snapshot that fail `i < n` never reach
// the shuffles.

__global__ void biasGrad(const float *__restrict__ dy, int n, int spatial, int channels, float *__restrict__ dbias) {
  const unsigned active = __activemask();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  if (i < n) {
    float g = dy[i];
    for (int o = 16; o > 0; o >>= 1) g += __shfl_down_sync(active, g, o); // expect: warp-activemask-misuse
    if (lane == 0) atomicAdd(&dbias[(i / spatial) % channels], g);
  }
}
