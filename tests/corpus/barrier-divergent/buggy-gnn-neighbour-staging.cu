// Graph neural network aggregation (mean of neighbour features), one thread
// per destination vertex, 128 vertices per block. In round r every thread
// publishes its r-th neighbour, the block copies the 128 feature rows into
// shared memory with coalesced loads (consecutive threads, consecutive
// floats), and each thread adds its own row. The round loop runs to the
// vertex's own degree, so threads of low-degree vertices leave it -- and
// its barriers -- while the others wait at them (and the copy reads their
// stale neighbour ids). The loop must run to the block's maximum degree.

#define THREADS 128
#define FEAT 8

__global__ void meanAggregate(const int *__restrict__ rowPtr, const int *__restrict__ colIdx,
                              const float *__restrict__ feat, float *__restrict__ out, int numVertices) {
  __shared__ int nbr[THREADS];
  __shared__ float stage[THREADS][FEAT + 1];
  const int v = blockIdx.x * THREADS + threadIdx.x;
  const int begin = v < numVertices ? rowPtr[v] : 0;
  const int degree = v < numVertices ? rowPtr[v + 1] - begin : 0;

  float acc[FEAT] = {};
  for (int r = 0; r < degree; ++r) {
    nbr[threadIdx.x] = colIdx[begin + r];
    __syncthreads();  // expect: barrier-divergent
    for (int k = threadIdx.x; k < THREADS * FEAT; k += THREADS) {
      const int t = k / FEAT, f = k % FEAT;
      stage[t][f] = feat[(size_t)nbr[t] * FEAT + f];
    }
    __syncthreads();  // expect: barrier-divergent
#pragma unroll
    for (int f = 0; f < FEAT; ++f) acc[f] += stage[threadIdx.x][f];
    __syncthreads();  // expect: barrier-divergent
  }
  if (v < numVertices) {
    const float inv = degree > 0 ? 1.f / degree : 0.f;
#pragma unroll
    for (int f = 0; f < FEAT; ++f) out[(size_t)v * FEAT + f] = acc[f] * inv;
  }
}
