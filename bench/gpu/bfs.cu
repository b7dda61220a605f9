// Benchmark: breadth-first search over a random graph of 1M vertices and
// 8M edges (CSR), level by level: one launch per level expands the
// frontier; a vertex is claimed with atomicCAS on its level and appended to
// the next frontier through an atomic counter. Race-free: the only words
// several threads touch in one launch are accessed atomically; levels read
// plainly were written in earlier launches. Exercises the global-memory
// detector on irregular accesses.
//
//   bfs [launches=5] [check]     (launches: whole searches)
//
// Prints the number of vertices reached and the sum of their levels, a
// verification line and `kernel_ms:`.
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr int kVertices = 1 << 20;
constexpr int kDegree = 8;

__global__ void expand(const int* rowStart, const int* columns, int* level, const int* frontier, int frontierSize,
                       int* next, int* nextSize, int depth) {
  for (int f = blockIdx.x * blockDim.x + threadIdx.x; f < frontierSize; f += gridDim.x * blockDim.x) {
    int v = frontier[f];
    for (int e = rowStart[v]; e < rowStart[v + 1]; ++e) {
      int w = columns[e];
      if (atomicCAS(&level[w], -1, depth + 1) == -1) next[atomicAdd(nextSize, 1)] = w;
    }
  }
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  std::vector<int> rowStart(kVertices + 1), columns((size_t)kVertices * kDegree);
  unsigned x = 88172645u;
  for (int v = 0; v <= kVertices; ++v) rowStart[v] = v * kDegree;
  for (size_t e = 0; e < columns.size(); ++e) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    columns[e] = (int)(x % kVertices);
  }
  int *d_row, *d_col, *d_level, *d_a, *d_b, *d_size;
  CHECK(cudaMalloc(&d_row, rowStart.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_col, columns.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_level, kVertices * sizeof(int)));
  CHECK(cudaMalloc(&d_a, kVertices * sizeof(int)));
  CHECK(cudaMalloc(&d_b, kVertices * sizeof(int)));
  CHECK(cudaMalloc(&d_size, sizeof(int)));
  CHECK(cudaMemcpy(d_row, rowStart.data(), rowStart.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_col, columns.data(), columns.size() * sizeof(int), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  float ms = 0;
  int levels = 0;
  LaunchTimer timer;
  for (int l = 0; l < launches; ++l) {
    CHECK(cudaMemset(d_level, 0xff, kVertices * sizeof(int)));
    int zero = 0;
    CHECK(cudaMemcpy(d_level, &zero, sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_a, &zero, sizeof(int), cudaMemcpyHostToDevice));
    int size = 1;
    int *cur = d_a, *nxt = d_b;
    levels = 0;
    CHECK(cudaEventRecord(start));
    for (int depth = 0; size > 0; ++depth) {
      CHECK(cudaMemcpy(d_size, &zero, sizeof(int), cudaMemcpyHostToDevice));
      expand<<<528, 256>>>(d_row, d_col, d_level, cur, size, nxt, d_size, depth);
      CHECK(cudaGetLastError());
      CHECK(cudaMemcpy(&size, d_size, sizeof(int), cudaMemcpyDeviceToHost));
      std::swap(cur, nxt);
      ++levels;
    }
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float t = 0;
    CHECK(cudaEventElapsedTime(&t, start, stop));
    ms += t;
    timer.add(t);
  }
  std::vector<int> level(kVertices), want(kVertices, -1);
  CHECK(cudaMemcpy(level.data(), d_level, kVertices * sizeof(int), cudaMemcpyDeviceToHost));
  std::queue<int> q;
  want[0] = 0;
  q.push(0);
  while (!q.empty()) {
    int v = q.front();
    q.pop();
    for (int e = rowStart[v]; e < rowStart[v + 1]; ++e)
      if (want[columns[e]] < 0) {
        want[columns[e]] = want[v] + 1;
        q.push(columns[e]);
      }
  }
  int wrong = 0, reached = 0;
  long long sum = 0;
  for (int v = 0; v < kVertices; ++v) {
    if (level[v] != want[v]) ++wrong;
    if (level[v] >= 0) ++reached, sum += level[v];
  }
  printf("bfs: %d vertices reached, level sum %lld, %d levels\n", reached, sum, levels);
  printf("bfs: %d of %d levels wrong\n", wrong, kVertices);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  for (int* p : {d_row, d_col, d_level, d_a, d_b, d_size}) CHECK(cudaFree(p));
  return wrong != 0;
}
