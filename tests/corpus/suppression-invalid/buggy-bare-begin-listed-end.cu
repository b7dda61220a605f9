// Split-K reduction with a per-tile semaphore: every K-slice block stores
// its partial tile in a workspace and bumps the tile's counter, and the
// last slice to arrive sums the partials and applies bias + ReLU. The
// hand-off was wrapped in a suppression region while it was debugged: the
// region opens with a bare BEGIN (all rules) and closes with an END that
// names fence-missing. An END closes only a BEGIN with the same list, so
// neither comment matches the other: the region is unclosed and
// suppresses nothing, and the stray END is reported too. The finding
// inside is real: no __threadfence() between the partial-tile stores and
// the counter increment.

#define TILE 64

__global__ void splitKReduce(const float *__restrict__ partials, float *__restrict__ workspace,
                             int *__restrict__ counters, const float *__restrict__ bias, float *__restrict__ out) {
  __shared__ int last;
  const int tile = blockIdx.x, slice = blockIdx.y, slices = gridDim.y;
  const size_t tileElems = (size_t)TILE * TILE;
  float *slot = workspace + ((size_t)tile * slices + slice) * tileElems;
  const float *part = partials + ((size_t)tile * slices + slice) * tileElems;

  // NOLINTBEGIN  // expect: suppression-invalid
  for (int e = threadIdx.x; e < TILE * TILE; e += blockDim.x) slot[e] = part[e];
  __syncthreads();
  if (threadIdx.x == 0) last = atomicAdd(&counters[tile], 1) == slices - 1;  // expect: fence-missing
  __syncthreads();
  // NOLINTEND(fence-missing)  // expect: suppression-invalid
  if (!last) return;

  __threadfence();
  for (int e = threadIdx.x; e < TILE * TILE; e += blockDim.x) {
    float s = 0.f;
    for (int k = 0; k < slices; ++k) s += workspace[((size_t)tile * slices + k) * tileElems + e];
    out[(size_t)tile * tileElems + e] = fmaxf(s + bias[e % TILE], 0.f);
  }
  if (threadIdx.x == 0) counters[tile] = 0;
}
