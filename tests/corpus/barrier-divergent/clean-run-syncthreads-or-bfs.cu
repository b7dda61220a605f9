// corpus-run:
// Breadth-first distances on small 16x8 grid mazes, one maze per block, one
// thread per cell, distances relaxed in shared memory until nothing
// changes. Each round reads the neighbours' distances, waits at a barrier,
// writes its own, and the loop condition is __syncthreads_or(changed): the
// same value for every thread of the block, so all threads run the same
// number of rounds and meet at the same barriers, although `changed` itself
// differs per thread.
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

constexpr int kW = 16, kH = 8, kCells = kW * kH, kInf = 1 << 20;

__global__ void mazeDistances(const unsigned char* walls, int* dist) {
  __shared__ int d[kCells];
  int c = threadIdx.x, x = c % kW, y = c / kW;
  const unsigned char* wall = walls + blockIdx.x * kCells;
  bool open = !wall[c];
  d[c] = c == 0 && open ? 0 : kInf;
  __syncthreads();
  bool changed;
  do {
    int best = d[c];
    if (open) {
      if (x > 0) best = min(best, d[c - 1] + 1);
      if (x < kW - 1) best = min(best, d[c + 1] + 1);
      if (y > 0) best = min(best, d[c - kW] + 1);
      if (y < kH - 1) best = min(best, d[c + kW] + 1);
    }
    __syncthreads();
    changed = best < d[c];
    d[c] = best;
  } while (__syncthreads_or(changed));
  dist[blockIdx.x * kCells + c] = d[c] >= kInf ? -1 : d[c];
}

int main() {
  constexpr int mazes = 3, n = mazes * kCells;
  static unsigned char h_walls[n];
  static int h_dist[n];
  for (int i = 0; i < n; ++i) {
    int c = i % kCells, x = c % kW, y = c / kW;
    h_walls[i] = c != 0 && x % 4 == 2 && y != (i / kCells + x) % kH;
  }
  unsigned char* d_walls;
  int* d_dist;
  CHECK(cudaMalloc(&d_walls, sizeof h_walls));
  CHECK(cudaMalloc(&d_dist, sizeof h_dist));
  CHECK(cudaMemcpy(d_walls, h_walls, sizeof h_walls, cudaMemcpyHostToDevice));
  mazeDistances<<<mazes, kCells>>>(d_walls, d_dist);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_dist, d_dist, sizeof h_dist, cudaMemcpyDeviceToHost));
  for (int m = 0; m < mazes; ++m) printf("maze %d: far corner at distance %d\n", m, h_dist[m * kCells + kCells - 1]);
  CHECK(cudaFree(d_walls));
  CHECK(cudaFree(d_dist));
  return 0;
}
