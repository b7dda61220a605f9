// Triangle counting by sorted-list intersection, one warp per edge (u, v):
// each lane takes a neighbour w of u and binary-searches it in v's list;
// the warp counts the hits with __popc(__ballot(found)). The port kept
// __popc, which counts the low 32 bits only: on gfx90a the hits of lanes
// 32-63 are dropped and the triangle count comes out low.
#include <hip/hip_runtime.h>

__device__ bool binarySearch(const int *list, int len, int key) {
  int lo = 0, hi = len - 1;
  while (lo <= hi) {
    const int mid = (lo + hi) >> 1;
    const int x = list[mid];
    if (x == key) return true;
    if (x < key) lo = mid + 1; else hi = mid - 1;
  }
  return false;
}

__global__ void countTriangles(const int *rowPtr, const int *cols, const int2 *edges, int numEdges,
                               unsigned long long *triangles) {
  const int wavesPerBlock = blockDim.x / warpSize;
  const int edge = blockIdx.x * wavesPerBlock + threadIdx.x / warpSize;
  const int lane = __lane_id();
  if (edge >= numEdges) return;

  const int2 uv = edges[edge];
  const int *nu = cols + rowPtr[uv.x], *nv = cols + rowPtr[uv.y];
  const int du = rowPtr[uv.x + 1] - rowPtr[uv.x], dv = rowPtr[uv.y + 1] - rowPtr[uv.y];

  unsigned long long local = 0;
  for (int base = 0; base < du; base += warpSize) {
    const int k = base + lane;
    const bool found = k < du && nu[k] > uv.y && binarySearch(nv, dv, nu[k]);
    local += __popc(__ballot(found)); // expect: hip-mask-32bit
  }
  if (lane == 0 && local) atomicAdd(triangles, local);
}
