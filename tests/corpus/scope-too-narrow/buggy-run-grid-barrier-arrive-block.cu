// corpus-run:
// A 1-D three-point smoothing done in place of a cooperative launch: a
// hand-rolled grid barrier between the sweeps, built from an arrival
// counter. Each block fences its writes, thread 0 arrives and spins until
// every block of this generation has arrived, then fences again. The
// arrival was written with atomicAdd_block ("each block only adds one"),
// which is atomic only among the threads of one block: the blocks' arrivals
// on the shared counter are not atomic with respect to each other, and an
// arrival may be lost (the barrier then hangs) or the spinning blocks may
// not be ordered after it. The arrival must be a device-scope atomicAdd.
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

__device__ void gridBarrier(unsigned int* arrived, unsigned int generation) {
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd_block(arrived, 1u);  // expect-run: scope-too-narrow
    unsigned int target = generation * gridDim.x;
    while (atomicAdd(arrived, 0u) < target) {  // expect-run-also: scope-too-narrow
    }
    __threadfence();
  }
  __syncthreads();
}

__global__ void smoothTwice(float* a, float* b, int n, unsigned int* arrived) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float* src = a;
  float* dst = b;
  for (int sweep = 1; sweep <= 2; ++sweep) {
    if (i < n) {
      float left = i > 0 ? src[i - 1] : src[i];
      float right = i + 1 < n ? src[i + 1] : src[i];
      dst[i] = 0.25f * left + 0.5f * src[i] + 0.25f * right;
    }
    gridBarrier(arrived, (unsigned)sweep);
    float* t = src;
    src = dst;
    dst = t;
  }
}

int main() {
  constexpr int grid = 8, n = grid * kBlock;
  static float h_a[n];
  for (int i = 0; i < n; ++i) h_a[i] = (i % 16 == 0) ? 16.f : 0.f;
  float *d_a, *d_b;
  unsigned int* d_arrived;
  CHECK(cudaMalloc(&d_a, n * sizeof(float)));
  CHECK(cudaMalloc(&d_b, n * sizeof(float)));
  CHECK(cudaMalloc(&d_arrived, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_arrived, 0, sizeof(unsigned int)));
  smoothTwice<<<grid, kBlock>>>(d_a, d_b, n, d_arrived);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_a, d_a, n * sizeof(float), cudaMemcpyDeviceToHost));
  printf("smoothTwice: %d points, %d blocks, 2 sweeps\n", n, grid);
  fprintf(stderr, "a[1] = %f\n", h_a[1]);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_arrived));
  return 0;
}
