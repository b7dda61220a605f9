// RUN: %check_warpcheck %s fence-missing
// Each thread's own copy of a flags object in a Lamport-style all-reduce
// (issue 23): its fields are set through `this` in the constructor and the
// methods, but the object is a local variable, so they are not data handed
// to other blocks (the data of a Lamport all-reduce is checked by sentinel
// values, not through these flags).
#include <cstdint>

struct LamportFlags {
  uint32_t *bufferFlags;
  uint32_t *arrive;
  uint32_t flagValue;
  uint32_t bufferIndex;
  __device__ LamportFlags(uint32_t *flags, uint32_t *arriveCounter) : bufferFlags(flags), arrive(arriveCounter) {
    flagValue = *(volatile uint32_t *)flags;
    bufferIndex = flagValue % 3;
  }
  __device__ void ctaArrive() {
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(arrive, 1u);
  }
  // Block 0 waits for every block, then bumps the epoch: it reads its own
  // fields (bufferFlags, flagValue) after observing the arrivals.
  __device__ void waitAndUpdate(uint32_t blocks) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      while (*(volatile uint32_t *)arrive < blocks) {
      }
      *arrive = 0;
      *(volatile uint32_t *)bufferFlags = flagValue + 1;
    }
    bufferIndex = (bufferIndex + 1) % 3;
    flagValue += 1;
  }
};

__global__ void allreduce(float *buffers, const float *in, float *out, uint32_t *flags, uint32_t *arrive, int n) {
  LamportFlags f(flags, arrive);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *buf = buffers + f.bufferIndex * n;
  if (i < n) buf[i] = in[i];
  f.ctaArrive();
  f.waitAndUpdate(gridDim.x);
  if (i < n) out[i] = buf[i] + (float)f.flagValue;
}

// Nearest bug: the same kind of object, but one per block in global memory
// (methods called through a pointer): its fields are data other blocks
// read, and the post has no fence.
struct Mailbox {
  float value;
  __device__ void post(float v, unsigned *ready) {
    value = v;
    atomicAdd(ready, 1u);
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'atomicAdd' on 'ready' signals other blocks that 'value' is ready, but no fence orders the store to 'value' before it{{.*}} [fence-missing]
  }
};

__global__ void producer(Mailbox *boxes, unsigned *ready, const float *in) {
  if (threadIdx.x == 0) boxes[blockIdx.x].post(in[blockIdx.x], ready);
}

__global__ void consumer(const Mailbox *boxes, unsigned *ready, float *out, unsigned blocks) {
  if (threadIdx.x == 0) {
    while (*(volatile unsigned *)ready < blocks) {
    }
    out[0] = boxes[0].value;
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [fence-missing]
  }
}
