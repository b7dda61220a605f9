// RUN: %check_warpcheck %s fence-missing
// Locks. A correct spin lock (atomicCAS acquire + fence, fence + atomicExch
// release) is clean; one without its fences is mutex-without-acquire-release,
// not fence-missing.

__device__ void lock(int *mutex) {
  while (atomicCAS(mutex, 0, 1) != 0) {
  }
  __threadfence();
}

__device__ void unlock(int *mutex) {
  __threadfence();
  atomicExch(mutex, 0);
}

__global__ void accumulate(int *mutex, float *total, float *log, const float *in) {
  if (threadIdx.x == 0) {
    lock(mutex);
    *total += in[blockIdx.x];
    log[blockIdx.x] = *total;
    unlock(mutex);
  }
}

// Without fences: another rule's finding.
__global__ void accumulateUnfenced(int *mtx, float *sum, const float *in) {
  if (threadIdx.x == 0) {
    while (atomicCAS(mtx, 0, 1) != 0) {
    }
    *sum += in[blockIdx.x];
    atomicExch(mtx, 0);
  }
}

// Test-and-test-and-set on a volatile lock word.
__global__ void ttas(volatile int *lockWord, int *owner, float *acc, const float *in) {
  if (threadIdx.x != 0) return;
  while (true) {
    while (*lockWord != 0) {
    }
    if (atomicExch((int *)lockWord, 1) == 0) break;
  }
  __threadfence();
  *owner = blockIdx.x;
  *acc += in[blockIdx.x];
  __threadfence();
  *lockWord = 0;
}
