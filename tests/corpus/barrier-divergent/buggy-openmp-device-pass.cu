// corpus-args: -- -fopenmp
// The buggy twin of clean-openmp-device-pass.cu: built with -Xcompiler
// -fopenmp, so _OPENMP is defined in the device pass too (a shared header
// picks its reduction width from it), but the tree reduction puts its
// barrier inside `if (threadIdx.x < stride)`: the upper half of the block
// never reaches it.

#ifndef _OPENMP
#error "built with OpenMP"
#endif
#define REDUCE_WIDTH (_OPENMP >= 201511 ? 256 : 128)

__global__ void blockSum(const float *__restrict__ x, float *__restrict__ out, int n) {
  __shared__ float s[REDUCE_WIDTH];
  const int i = blockIdx.x * REDUCE_WIDTH + threadIdx.x;
  s[threadIdx.x] = i < n ? x[i] : 0.f;
  __syncthreads();
  for (int stride = REDUCE_WIDTH / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) {
      s[threadIdx.x] += s[threadIdx.x + stride];
      __syncthreads(); // expect: barrier-divergent
    }
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

void sumRows(const float *x, float *out, int rows, int n) {
#pragma omp parallel for
  for (int r = 0; r < rows; ++r) {
    float acc = 0.f;
    for (int k = 0; k < n; ++k) acc += x[(long)r * n + k];
    out[r] = acc;
  }
}
