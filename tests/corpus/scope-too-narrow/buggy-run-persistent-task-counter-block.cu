// corpus-run:
// Persistent kernel: a fixed grid of blocks pulls tasks (rows of a matrix
// to normalise) from a global task counter until the counter runs past the
// number of tasks. Thread 0 of each block takes the next task and hands it
// to its block through shared memory. The counter is bumped with
// atomicAdd_block, ported from a version where each block had its own
// queue: the counter is now shared by every block, and a block-scope atomic
// is only atomic with respect to the threads of one block, so two blocks may
// be handed the same row (and another row may be skipped). The task counter
// must be a device-scope atomicAdd.
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

constexpr int kCols = 256;

__global__ void normaliseRows(const float* in, float* out, int rows, unsigned int* nextTask) {
  __shared__ int task;
  __shared__ float partial[kCols];
  for (;;) {
    if (threadIdx.x == 0) task = (int)atomicAdd_block(nextTask, 1u);  // expect-run: scope-too-narrow
    __syncthreads();
    int row = task;
    if (row >= rows) break;
    float v = in[(size_t)row * kCols + threadIdx.x];
    partial[threadIdx.x] = v * v;
    __syncthreads();
    for (int s = kCols / 2; s > 0; s >>= 1) {
      if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
      __syncthreads();
    }
    float norm = sqrtf(partial[0]) + 1e-6f;
    out[(size_t)row * kCols + threadIdx.x] = v / norm;
    __syncthreads();  // task and partial are rewritten by the next iteration
  }
}

int main() {
  constexpr int rows = 512, grid = 8;
  size_t count = (size_t)rows * kCols;
  float* h_in = new float[count];
  for (size_t i = 0; i < count; ++i) h_in[i] = (float)((i * 37) % 11) - 5.f;
  float *d_in, *d_out;
  unsigned int* d_next;
  CHECK(cudaMalloc(&d_in, count * sizeof(float)));
  CHECK(cudaMalloc(&d_out, count * sizeof(float)));
  CHECK(cudaMalloc(&d_next, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_in, h_in, count * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_next, 0, sizeof(unsigned int)));
  normaliseRows<<<grid, kCols>>>(d_in, d_out, rows, d_next);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  unsigned int taken = 0;
  CHECK(cudaMemcpy(&taken, d_next, sizeof taken, cudaMemcpyDeviceToHost));
  printf("normaliseRows: %d rows of %d on %d persistent blocks\n", rows, kCols, grid);
  fprintf(stderr, "task counter ended at %u\n", taken);
  delete[] h_in;
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_next));
  return 0;
}
