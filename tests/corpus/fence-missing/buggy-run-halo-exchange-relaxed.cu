// corpus-run:
// Persistent 1-D Jacobi smoother: each block keeps 128 cells in shared
// memory and, every sweep, exchanges its edge cells with its neighbours
// through global memory. A block stores its two edges for the sweep, and
// thread 0 announces them by storing the sweep number to the block's
// `ready` word with a relaxed libcu++ atomic; a neighbour waits for that
// number with an acquire load and reads the edge. The acquire on the
// reading side is right, but a relaxed store releases nothing and no fence
// precedes it: the neighbour can see the sweep number before the edge.
#include <cstdio>
#include <cuda/atomic>
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

constexpr int kBlocks = 16, kCells = 128, kSweeps = 8;

__device__ float waitForEdge(int* ready, const float* edges, int sweep, int block, int side) {
  cuda::atomic_ref<int, cuda::thread_scope_device> flag(ready[block]);
  while (flag.load(cuda::memory_order_acquire) <= sweep) {
  }
  return edges[(sweep * kBlocks + block) * 2 + side];  // expect-run: fence-missing
}

__global__ void jacobi1d(float* u, float* edges, int* ready) {
  __shared__ float cur[kCells];
  const int t = threadIdx.x, b = blockIdx.x;
  cur[t] = u[b * kCells + t];
  __syncthreads();
  for (int sweep = 0; sweep < kSweeps; ++sweep) {
    if (t == 0) edges[(sweep * kBlocks + b) * 2 + 0] = cur[0];
    if (t == kCells - 1) edges[(sweep * kBlocks + b) * 2 + 1] = cur[kCells - 1];
    __syncthreads();
    if (t == 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> mine(ready[b]);
      mine.store(sweep + 1, cuda::memory_order_relaxed);  // expect: fence-missing
    }
    float left = 0.f, right = 0.f;
    if (t > 0) left = cur[t - 1];
    else if (b > 0) left = waitForEdge(ready, edges, sweep, b - 1, 1);
    if (t < kCells - 1) right = cur[t + 1];
    else if (b < kBlocks - 1) right = waitForEdge(ready, edges, sweep, b + 1, 0);
    float next = 0.5f * (left + right);
    __syncthreads();
    cur[t] = next;
    __syncthreads();
  }
  u[b * kCells + t] = cur[t];
}

int main() {
  constexpr int n = kBlocks * kCells;
  float *u, *edges;
  int* ready;
  CHECK(cudaMallocManaged(&u, n * sizeof(float)));
  CHECK(cudaMalloc(&edges, kSweeps * kBlocks * 2 * sizeof(float)));
  CHECK(cudaMalloc(&ready, kBlocks * sizeof(int)));
  for (int i = 0; i < n; ++i) u[i] = (float)(i % 16);
  CHECK(cudaMemset(ready, 0, kBlocks * sizeof(int)));
  jacobi1d<<<kBlocks, kCells>>>(u, edges, ready);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double total = 0;
  for (int i = 0; i < n; ++i) total += u[i];
  printf("jacobi1d: %d cells, %d sweeps\n", n, kSweeps);
  fprintf(stderr, "sum after smoothing %.3f\n", total);
  CHECK(cudaFree(u));
  CHECK(cudaFree(edges));
  CHECK(cudaFree(ready));
  return 0;
}
