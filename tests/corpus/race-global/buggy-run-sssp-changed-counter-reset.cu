// corpus-run:
// Bellman-Ford single-source shortest paths on a CSR graph, one launch per
// round: each thread takes a vertex u, and for every out-edge (u, v, w)
// lowers dist_out[v] to dist_in[u] + w with atomicMin, counting the
// improvements in *changed with atomicAdd. The host swaps the buffers and
// stops when a round changed nothing.
//
// Bug: to save a cudaMemset per round, the kernel resets the counter
// itself: block 0's thread 0 stores `*changed = 0` at the start of the
// round. Blocks run in any order, so other blocks may already have counted
// improvements that the reset then wipes out (the host may stop early). The
// plain store races with the other blocks' atomicAdd on the same word: a
// plain access mixed with atomics, ordered by nothing.
#include <climits>
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

constexpr int kVertices = 2048, kDegree = 4, kThreads = 128;

__global__ void relax_round(const int* row_ptr, const int* adj, const int* weight,
                            const int* dist_in, int* dist_out, unsigned* changed, int n) {
  if (blockIdx.x == 0 && threadIdx.x == 0) *changed = 0;  // expect-run: race-global
  const int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= n || dist_in[u] == INT_MAX) return;
  const int du = dist_in[u];
  unsigned improved = 0;
  for (int e = row_ptr[u]; e < row_ptr[u + 1]; ++e) {
    const int cand = du + weight[e];
    if (atomicMin(&dist_out[adj[e]], cand) > cand) ++improved;
  }
  if (improved) atomicAdd(changed, improved);
}

int main() {
  int *row_ptr, *adj, *weight, *dist[2];
  unsigned* changed;
  CHECK(cudaMallocManaged(&row_ptr, (kVertices + 1) * sizeof(int)));
  CHECK(cudaMallocManaged(&adj, kVertices * kDegree * sizeof(int)));
  CHECK(cudaMallocManaged(&weight, kVertices * kDegree * sizeof(int)));
  CHECK(cudaMalloc(&dist[0], kVertices * sizeof(int)));
  CHECK(cudaMalloc(&dist[1], kVertices * sizeof(int)));
  CHECK(cudaMallocManaged(&changed, sizeof(unsigned)));
  for (int u = 0; u <= kVertices; ++u) row_ptr[u] = u * kDegree;
  const int hops[kDegree] = {1, 7, 61, 389};
  for (int u = 0; u < kVertices; ++u)
    for (int k = 0; k < kDegree; ++k) {
      adj[u * kDegree + k] = (u + hops[k]) % kVertices;
      weight[u * kDegree + k] = 1 + (u * 13 + k * 5) % 17;
    }
  static int h_dist[kVertices];
  for (int v = 0; v < kVertices; ++v) h_dist[v] = v == 0 ? 0 : INT_MAX;
  CHECK(cudaMemcpy(dist[0], h_dist, sizeof h_dist, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dist[1], h_dist, sizeof h_dist, cudaMemcpyHostToDevice));
  int rounds = 0, cur = 0;
  for (; rounds < kVertices; ++rounds) {
    relax_round<<<kVertices / kThreads, kThreads>>>(row_ptr, adj, weight, dist[cur], dist[1 - cur],
                                                    changed, kVertices);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    // The next round starts from this round's result in both buffers.
    CHECK(cudaMemcpy(dist[cur], dist[1 - cur], kVertices * sizeof(int), cudaMemcpyDeviceToDevice));
    cur = 1 - cur;
    if (*changed == 0) break;
  }
  CHECK(cudaMemcpy(h_dist, dist[cur], sizeof h_dist, cudaMemcpyDeviceToHost));
  long long total = 0;
  for (int v = 0; v < kVertices; ++v) total += h_dist[v] == INT_MAX ? 0 : h_dist[v];
  printf("sssp: %d vertices, %d edges each\n", kVertices, kDegree);
  fprintf(stderr, "%d rounds, sum of distances %lld (the lost counts may stop it early)\n", rounds + 1,
          total);
  CHECK(cudaFree(row_ptr));
  CHECK(cudaFree(adj));
  CHECK(cudaFree(weight));
  CHECK(cudaFree(dist[0]));
  CHECK(cudaFree(dist[1]));
  CHECK(cudaFree(changed));
  return 0;
}
