// RUN: %check_warpcheck %s fence-missing
// Atomics that publish nothing: a naive checker would ask for fences here.

// Histogram: the results of the atomics are unused.
__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&bins[data[i]], 1u);
}

// A block reduction accumulated into the output with one atomic per block.
__global__ void reduceSum(const float *in, int n, float *out, float *scratch) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : 0.f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    scratch[blockIdx.x] = s[0];
    atomicAdd(out, s[0]);
  }
}

// Stream compaction: the counter hands out slots (its result is an index).
__global__ void compact(const int *in, int n, int *out, unsigned *count, unsigned cap) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int v = in[i];
    if (v > 0) {
      unsigned pos = atomicAdd(count, 1u);
      if (pos < cap) out[pos] = v;
    }
  }
}

// A dynamic work queue: the counter hands out work items.
__device__ int nextItem = 0;
__global__ void workQueue(const float *in, float *out, int n) {
  __shared__ int item;
  while (true) {
    if (threadIdx.x == 0) item = atomicAdd(&nextItem, 1);
    __syncthreads();
    int it = item;
    if (it >= n) break;
    out[it * blockDim.x + threadIdx.x] = in[it * blockDim.x + threadIdx.x] * 2.f;
    __syncthreads();
  }
}

// BFS: atomicCAS claims a vertex; the graph itself is never written.
__global__ void bfsLevel(const int *rowPtr, const int *cols, int *dist, int *visited, const int *frontier,
                         int frontierSize, int *next, int *nextSize, int level) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= frontierSize) return;
  int v = frontier[t];
  for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e) {
    int u = cols[e];
    if (atomicCAS(&visited[u], 0, 1) == 0) {
      dist[u] = level + 1;
      next[atomicAdd(nextSize, 1)] = u;
    }
  }
}

// Error reporting: the first thread to fail records where.
__global__ void validate(const float *v, int n, float *clean, int *errors, int *firstBad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  clean[i] = v[i] < 0.f ? 0.f : v[i];
  if (v[i] < 0.f && atomicAdd(errors, 1) == 0) *firstBad = i;
}

// A grid-stride loop of max/min reductions.
__global__ void extrema(const int *v, int n, int *lo, int *hi, int *copy) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    copy[i] = v[i];
    atomicMin(lo, v[i]);
    atomicMax(hi, v[i]);
  }
}
