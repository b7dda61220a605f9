// corpus-run:
// Push-style PageRank: per iteration, one launch sets every next[v] to the
// teleport term (1 - d) / N, and a second launch has each vertex u push
// d * rank[u] / outdeg(u) along its out-edges into next[v]. The host swaps
// rank and next.
//
// Bug: the push is a scatter with colliding indices -- vertices with a
// common neighbour v add into the same next[v], from the same warp, other
// warps and other blocks -- but it is written as a plain `+=` (load, add,
// store) instead of atomicAdd. Two threads load the same old value and one
// contribution is lost: the load and store of one thread race with the
// store of another (read-modify-write on global memory, no atomic).
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

constexpr int kVertices = 4096, kThreads = 256, kIterations = 5;
constexpr float kDamping = 0.85f;

__global__ void teleport(float* next, int n) {
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x)
    next[v] = (1.f - kDamping) / n;
}

__global__ void push(const int* row_ptr, const int* adj, const float* rank, float* next, int n) {
  const int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n) return;
  const int begin = row_ptr[u], end = row_ptr[u + 1];
  if (begin == end) return;
  const float share = kDamping * rank[u] / (float)(end - begin);
  for (int e = begin; e < end; ++e) next[adj[e]] += share;  // expect-run: race-global
}

int main() {
  int *row_ptr, *adj;
  float *rank, *next;
  CHECK(cudaMallocManaged(&row_ptr, (kVertices + 1) * sizeof(int)));
  row_ptr[0] = 0;
  for (int u = 0; u < kVertices; ++u) row_ptr[u + 1] = row_ptr[u] + 1 + u % 6;
  const int edges = row_ptr[kVertices];
  CHECK(cudaMallocManaged(&adj, edges * sizeof(int)));
  for (int u = 0; u < kVertices; ++u)
    for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e)
      adj[e] = (int)(((long long)u * 31 + (e - row_ptr[u]) * 977 + 5) % (kVertices / 4));  // hubs
  CHECK(cudaMallocManaged(&rank, kVertices * sizeof(float)));
  CHECK(cudaMallocManaged(&next, kVertices * sizeof(float)));
  for (int v = 0; v < kVertices; ++v) rank[v] = 1.f / kVertices;
  const int blocks = kVertices / kThreads;
  for (int it = 0; it < kIterations; ++it) {
    teleport<<<blocks, kThreads>>>(next, kVertices);
    CHECK(cudaGetLastError());
    push<<<blocks, kThreads>>>(row_ptr, adj, rank, next, kVertices);
    CHECK(cudaGetLastError());
    float* t = rank;
    rank = next;
    next = t;
  }
  CHECK(cudaDeviceSynchronize());
  double mass = 0;
  for (int v = 0; v < kVertices; ++v) mass += rank[v];
  printf("pagerank: %d vertices, %d edges, %d iterations\n", kVertices, edges, kIterations);
  fprintf(stderr, "total rank %.6f (1 minus the lost contributions)\n", mass);
  CHECK(cudaFree(row_ptr));
  CHECK(cudaFree(adj));
  CHECK(cudaFree(rank));
  CHECK(cudaFree(next));
  return 0;
}
