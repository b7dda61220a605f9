// RUN: %check_warpcheck %s fence-missing
// The Lamport flags of thread-private-flags.cu written C-style: a plain
// struct, each thread's own local copy, set and advanced by free functions
// that take it by reference (session 27: each field read after the arrival
// poll was reported). Every call passes the local object (or the reference
// it was given), so the fields are the thread's own, not data of other
// blocks. (The nearest bug, such an object in global memory, is in
// thread-private-flags.cu.)
#include <cstdint>

struct Flags {
  uint32_t *epochPtr;
  uint32_t epoch;
  uint32_t current;
};

__device__ void load_flags(Flags &f, uint32_t *p) {
  f.epochPtr = p;
  f.epoch = *(volatile uint32_t *)p;
  f.current = f.epoch % 3;
}

__device__ void bump_epoch(Flags &f) { *(volatile uint32_t *)f.epochPtr = f.epoch + 1; }

__device__ void advance(Flags &f, uint32_t *arrivals, uint32_t blocks) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*(volatile uint32_t *)arrivals < blocks) {
    }
    *arrivals = 0;
    bump_epoch(f);
  }
  f.current = (f.current + 1) % 3;
  f.epoch += 1;
}

__global__ void lamport_step(uint32_t *buffers, const uint32_t *in, uint32_t *out, uint32_t *epochs, uint32_t *arrive,
                             int n) {
  Flags flags;
  load_flags(flags, epochs);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  volatile uint32_t *slot = buffers + flags.current * n;
  if (i < n) {
    slot[i] = in[i];
    uint32_t v;
    while ((v = slot[i]) == 0xffffffffu) {
    }
    out[i] = v;
  }
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(arrive, 1u);
  advance(flags, arrive, gridDim.x);
}

// The pointer form: the state set up through a pointer to the local copy.
__device__ void load_flags_ptr(Flags *f, uint32_t *p) {
  f->epochPtr = p;
  f->epoch = *(volatile uint32_t *)p;
}

__device__ void advance_ptr(Flags *f, uint32_t *arrivals, uint32_t blocks) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*(volatile uint32_t *)arrivals < blocks) {
    }
    *(volatile uint32_t *)f->epochPtr = f->epoch + 1;
  }
}

__global__ void lamport_step_ptr(uint32_t *epochs, uint32_t *arrive) {
  Flags flags;
  load_flags_ptr(&flags, epochs);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(arrive, 1u);
  advance_ptr(&flags, arrive, gridDim.x);
}

// Nearest bug: free functions handed an element of a global array of such
// structs (one mailbox per block): their fields are data of other blocks,
// posted with no fence.
struct Mailbox {
  float value;
};

__device__ void post(Mailbox *box, float v, unsigned *ready) {
  box->value = v;
  atomicAdd(ready, 1u);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'atomicAdd' on 'ready' signals other blocks that 'value' is ready, but no fence orders the store to 'value' before it{{.*}} [fence-missing]
}

__global__ void producer(Mailbox *boxes, unsigned *ready, const float *in) {
  if (threadIdx.x == 0) post(&boxes[blockIdx.x], in[blockIdx.x], ready);
}

__global__ void consumer(const Mailbox *boxes, unsigned *ready, float *out, unsigned blocks) {
  if (threadIdx.x == 0) {
    while (*(volatile unsigned *)ready < blocks) {
    }
    out[0] = boxes[0].value;
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: {{.*}} [fence-missing]
  }
}
