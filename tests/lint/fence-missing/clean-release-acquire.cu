// RUN: %check_warpcheck %s fence-missing
// Release/acquire atomics order the data themselves: no fence is needed.
#include <cuda/atomic>

__global__ void producerConsumer(float *data, int *flag, float *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    data[threadIdx.x] = float(threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) f.store(1, cuda::memory_order_release);
  } else {
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    out[threadIdx.x] = data[threadIdx.x];
  }
}

// Default orders are seq_cst.
__device__ cuda::atomic<unsigned, cuda::thread_scope_device> arrived{0};
__global__ void lastBlockSeqCst(const float *in, float *partial, float *total) {
  __shared__ bool last;
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = in[blockIdx.x];
    last = arrived.fetch_add(1) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    float t = 0.f;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
    arrived.store(0, cuda::memory_order_relaxed);
  }
}

// acq_rel counter.
__global__ void lastBlockAcqRel(const float *in, float *partial, float *total, unsigned *counter) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> c(*counter);
  if (threadIdx.x != 0) return;
  partial[blockIdx.x] = in[blockIdx.x];
  if (c.fetch_add(1, cuda::memory_order_acq_rel) == gridDim.x - 1) {
    float t = 0.f;
    for (unsigned b = 0; b < gridDim.x; ++b) t += partial[b];
    *total = t;
  }
}

// Clang's builtins.
__global__ void builtins(int *payload, int *ready, int *out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *payload = 5;
    __atomic_store_n(ready, 1, __ATOMIC_RELEASE);
  } else if (threadIdx.x == 0) {
    while (__atomic_load_n(ready, __ATOMIC_ACQUIRE) == 0) {
    }
    *out = *payload;
  }
}
