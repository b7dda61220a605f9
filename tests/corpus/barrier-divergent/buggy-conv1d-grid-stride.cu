// 1-D convolution with a shared-memory tile and halo, turned into a
// grid-stride loop so that a fixed grid covers any length. Each iteration
// stages blockDim.x + 2*RADIUS inputs and synchronises -- but the loop
// condition is per thread (`i < n`): in the last iteration only part of a
// block still runs the body, and the threads that already left are not at
// the barriers the others wait at. The loop must iterate over tiles with a
// block-uniform condition and guard the loads and the store instead.

#define RADIUS 4
#define BLOCK 256

__constant__ float taps[2 * RADIUS + 1];

__global__ void conv1d(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  const int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const int s = threadIdx.x + RADIUS;
    tile[s] = in[i];
    if (threadIdx.x < RADIUS) {
      tile[s - RADIUS] = i >= RADIUS ? in[i - RADIUS] : 0.f;
      tile[s + BLOCK] = i + BLOCK < n ? in[i + BLOCK] : 0.f;
    }
    __syncthreads();  // expect: barrier-divergent
    float acc = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k) acc += taps[k + RADIUS] * tile[s + k];
    out[i] = acc;
    __syncthreads();  // expect: barrier-divergent
  }
}
