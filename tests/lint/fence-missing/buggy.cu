// RUN: %check_warpcheck %s fence-missing
// RUN: %warpcheck lint --enable=fence-missing --exit-zero --format json %s | %FileCheck --check-prefix=FIX %s
#include <cuda/atomic>

__device__ float block_sum(const float *in, int n) { return in[blockIdx.x * blockDim.x + threadIdx.x]; }

// The guide's last-block sum without its fence (partial sums read through a
// volatile pointer, as the guide does: only the writer is reported).
__device__ unsigned count = 0;
__global__ void sumLastBlock(const float *in, int n, volatile float *partial, float *total) {
  __shared__ bool amLast;
  float s = block_sum(in, n);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s;
    unsigned prev = atomicInc(&count, gridDim.x);
// CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'atomicInc' on 'count' signals other blocks that 'partial' is ready, but no fence orders the store to 'partial' before it: a block that sees the new 'count' can read stale 'partial'; add __threadfence() before the signal [fence-missing]
    amLast = (prev == gridDim.x - 1);
  }
  __syncthreads();
  if (amLast && threadIdx.x == 0) {
    float t = 0.f;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
    count = 0;
  }
}

// Every thread stores, the block meets at a barrier (not a fence for
// other blocks), thread 0 counts; the last block reads plain partials.
__device__ unsigned done = 0;
__global__ void rowsThenTotal(const float *in, float *partial, float *out) {
  __shared__ bool last;
  partial[blockIdx.x * blockDim.x + threadIdx.x] = 2.f * in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) last = atomicAdd(&done, 1u) == gridDim.x - 1;
// CHECK-MESSAGES: :[[@LINE-1]]:32: error: 'atomicAdd' on 'done' signals other blocks that 'partial' is ready{{.*}} [fence-missing]
  __syncthreads();
  if (!last) return;
  float t = 0.f;
  for (unsigned i = threadIdx.x; i < gridDim.x * blockDim.x; i += blockDim.x) t += partial[i];
// CHECK-MESSAGES: :[[@LINE-1]]:84: warning: 'partial' is read after the result of 'atomicAdd' on 'done' said it is ready, but no fence orders the two reads: this one can return data older than the signal; add __threadfence() before it [fence-missing]
  atomicAdd(out, t);
}

// A volatile flag, set with no fence after the payload.
__device__ int payload;
__device__ volatile int ready = 0;
__global__ void handoff(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    payload = 42;
    ready = 1;
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: the volatile store to 'ready' signals other blocks that 'payload' is ready{{.*}} [fence-missing]
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (ready == 0) {
    }
    __threadfence();
    *out = payload;
  }
}

// The reader twin: the producer fences, the consumer does not.
__device__ int payload2;
__device__ volatile int ready2 = 0;
__global__ void handoffReader(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    payload2 = 7;
    __threadfence();
    ready2 = 1;
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    if (ready2 == 1)
      *out = payload2;
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'payload2' is read after the volatile load of 'ready2' said it is ready{{.*}} [fence-missing]
  }
}

// libcu++ with relaxed orders: neither side orders anything.
__global__ void relaxedRef(float *data, int *flag, float *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 1.f;
    __syncthreads();
    if (threadIdx.x == 0) f.store(1, cuda::memory_order_relaxed);
// CHECK-MESSAGES: :[[@LINE-1]]:27: error: the relaxed store to 'flag' signals other blocks that 'data' is ready{{.*}} [fence-missing]
  } else {
    while (f.load(cuda::memory_order_relaxed) == 0) {
    }
    out[threadIdx.x] = data[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'data' is read after the relaxed load of 'flag' said it is ready{{.*}} [fence-missing]
  }
}

// Chained scan (decoupled look-back without fences): each block waits for
// its predecessor's flag, reads its aggregate, publishes its own.
__global__ void chainedScan(const int *in, int *aggregate, volatile int *flags, int *out) {
  if (threadIdx.x != 0) return;
  int prefix = 0;
  if (blockIdx.x > 0) {
    while (flags[blockIdx.x - 1] == 0) {
    }
    prefix = aggregate[blockIdx.x - 1];
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'aggregate' is read after the volatile load of 'flags' said it is ready{{.*}} [fence-missing]
  }
  int *mine = aggregate + blockIdx.x;
  *mine = prefix + in[blockIdx.x];
  flags[blockIdx.x] = 1;
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: the volatile store to 'flags' signals other blocks that 'aggregate' is ready{{.*}} [fence-missing]
  out[blockIdx.x] = prefix;
}

// A persistent grid-stride loop: the store of one iteration reaches the
// counter of the next, around the loop.
__device__ unsigned tilesDone = 0;
__global__ void tiles(const float *in, float *tileSum, float *result, int tilesN) {
  for (int t = blockIdx.x; t < tilesN; t += gridDim.x) {
    if (threadIdx.x == 0) {
      tileSum[t] = in[t] * 0.5f;
      if (atomicAdd(&tilesDone, 1u) == unsigned(tilesN - 1)) {
// CHECK-MESSAGES: :[[@LINE-1]]:11: error: 'atomicAdd' on 'tilesDone' signals other blocks that 'tileSum' is ready{{.*}} [fence-missing]
        __threadfence();
        float s = 0.f;
        for (int k = 0; k < tilesN; ++k) s += tileSum[k];
        *result = s;
      }
    }
  }
}

// The signal as the whole body of an `if` without braces: a statement of
// its own (its result discarded), as it is with braces.
__global__ void rowsReady(const float *in, float *rows, int *ready, float *out) {
  int row = blockIdx.x;
  rows[row * blockDim.x + threadIdx.x] = in[row * blockDim.x + threadIdx.x] * 2.f;
  __syncthreads();
  if (threadIdx.x == 0) atomicExch(&ready[row], 1);
// CHECK-MESSAGES: :[[@LINE-1]]:25: error: 'atomicExch' on 'ready' signals other blocks that 'rows' is ready{{.*}} [fence-missing]
  if (row > 0) {
    while (atomicAdd(&ready[row - 1], 0) == 0) {
    }
    __threadfence();
    out[row * blockDim.x + threadIdx.x] = rows[(row - 1) * blockDim.x + threadIdx.x];
  }
}

// FIX: "replacement": "__threadfence();\n    "
