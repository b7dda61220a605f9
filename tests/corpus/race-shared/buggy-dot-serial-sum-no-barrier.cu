// corpus-run:
// Batched dot products: block b computes x_b . y_b with a grid-stride style
// loop per thread, parks its partial in shared memory, and thread 0 adds the
// partials up serially. The barrier between parking the partials and thread
// 0's loop is missing: thread 0 may add a slot before the thread that owns
// it (another warp, or a lane of its own warp) has stored its partial.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBlock = 128;

__global__ void batchedDot(const float* x, const float* y, float* out, int len) {
  __shared__ float partial[kBlock];
  const float* xb = x + (size_t)blockIdx.x * len;
  const float* yb = y + (size_t)blockIdx.x * len;
  float acc = 0.f;
  for (int i = threadIdx.x; i < len; i += kBlock) acc += xb[i] * yb[i];
  partial[threadIdx.x] = acc;
  if (threadIdx.x == 0) {
    float sum = 0.f;
    for (int k = 0; k < kBlock; ++k) sum += partial[k];  // expect-run: race-shared
    out[blockIdx.x] = sum;
  }
}

int main() {
  constexpr int batch = 4, len = 1024;
  static float hx[batch * len], hy[batch * len];
  for (int i = 0; i < batch * len; ++i) {
    hx[i] = (float)(i % 9) * 0.5f;
    hy[i] = (float)(i % 4);
  }
  float *dx, *dy, *dout, hout[batch];
  CHECK(cudaMalloc(&dx, sizeof hx));
  CHECK(cudaMalloc(&dy, sizeof hy));
  CHECK(cudaMalloc(&dout, sizeof hout));
  CHECK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice));
  batchedDot<<<batch, kBlock>>>(dx, dy, dout, len);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
  printf("batchedDot: %d products\n", batch);
  for (int b = 0; b < batch; ++b) fprintf(stderr, "dot[%d] = %.1f\n", b, hout[b]);
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dout));
  return 0;
}
