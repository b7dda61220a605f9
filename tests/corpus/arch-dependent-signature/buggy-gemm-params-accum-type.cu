// corpus-args: --cuda-arch=sm_80,sm_90
// Batched GEMV with a parameter block passed by value. The accumulation
// type was made `double` for device code ("more accuracy on the GPU") and
// left `float` for the host, which fills and launches the struct. The
// host packs {x, alpha (4 bytes), n} while the kernel reads alpha as 8
// bytes and n from the wrong offset: nvcc accepts this silently.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
typedef double accum_t;
#else
typedef float accum_t;
#endif

struct GemvParams {
  const float *A;
  const float *x;
  float *y;
  accum_t alpha;
  int rows;
  int cols;
};

__global__ void gemvRows(GemvParams p) { // expect: arch-dependent-signature
  const int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= p.rows) return;
  accum_t acc = 0;
  for (int c = threadIdx.x; c < p.cols; c += blockDim.x) acc += (accum_t)p.A[(size_t)row * p.cols + c] * p.x[c];
  for (int o = 16; o > 0; o /= 2) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if (threadIdx.x == 0) p.y[row] = (float)(p.alpha * acc);
}

void gemv(const float *A, const float *x, float *y, int rows, int cols, float alpha, cudaStream_t s) {
  GemvParams p{A, x, y, alpha, rows, cols};
  dim3 block(32, 8), grid((rows + 7) / 8);
  gemvRows<<<grid, block, 0, s>>>(p);
}
