// RUN: %check_warpcheck %s fence-missing
// The kernels of buggy.cu with their fences (or release/acquire atomics).
#include <cuda/atomic>

__device__ float block_sum(const float *in, int n) { return in[blockIdx.x * blockDim.x + threadIdx.x]; }

__device__ unsigned count = 0;
__global__ void sumLastBlock(const float *in, int n, volatile float *partial, float *total) {
  __shared__ bool amLast;
  float s = block_sum(in, n);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s;
    __threadfence();
    unsigned prev = atomicInc(&count, gridDim.x);
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

__device__ unsigned done = 0;
__global__ void rowsThenTotal(const float *in, float *partial, float *out) {
  __shared__ bool last;
  partial[blockIdx.x * blockDim.x + threadIdx.x] = 2.f * in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    last = atomicAdd(&done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!last) return;
  __threadfence();
  float t = 0.f;
  for (unsigned i = threadIdx.x; i < gridDim.x * blockDim.x; i += blockDim.x) t += partial[i];
  atomicAdd(out, t);
}

__device__ int payload;
__device__ volatile int ready = 0;
__global__ void handoff(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    payload = 42;
    __threadfence();
    ready = 1;
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (ready == 0) {
    }
    __threadfence();
    *out = payload;
  }
}

__device__ int payload2;
__device__ volatile int ready2 = 0;
__global__ void handoffReader(int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    payload2 = 7;
    __threadfence();
    ready2 = 1;
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    if (ready2 == 1) {
      __threadfence();
      *out = payload2;
    }
  }
}

// Release/acquire instead of fences.
__global__ void relaxedRef(float *data, int *flag, float *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 1.f;
    __syncthreads();
    if (threadIdx.x == 0) f.store(1, cuda::memory_order_release);
  } else {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    out[threadIdx.x] = data[threadIdx.x];
  }
}

__global__ void chainedScan(const int *in, int *aggregate, volatile int *flags, int *out) {
  if (threadIdx.x != 0) return;
  int prefix = 0;
  if (blockIdx.x > 0) {
    while (flags[blockIdx.x - 1] == 0) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    prefix = aggregate[blockIdx.x - 1];
  }
  int *mine = aggregate + blockIdx.x;
  *mine = prefix + in[blockIdx.x];
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  flags[blockIdx.x] = 1;
  out[blockIdx.x] = prefix;
}

__device__ unsigned tilesDone = 0;
__global__ void tiles(const float *in, float *tileSum, float *result, int tilesN) {
  for (int t = blockIdx.x; t < tilesN; t += gridDim.x) {
    if (threadIdx.x == 0) {
      tileSum[t] = in[t] * 0.5f;
      __threadfence();
      if (atomicAdd(&tilesDone, 1u) == unsigned(tilesN - 1)) {
        __threadfence();
        float s = 0.f;
        for (int k = 0; k < tilesN; ++k) s += tileSum[k];
        *result = s;
      }
    }
  }
}
