// The Lamport-style one-shot all-reduce of clean-lamport-thread-flags.cu
// written C-style: the per-thread flag state is a plain struct, and free
// functions set it up and advance it, taking it by pointer (setup) and by
// reference (the rest). Every call passes the thread's own local copy, so
// after block 0 sees every arrival, the fields it reads to publish the next
// epoch are its own registers, not data handed between blocks. The data
// needs no fence: a reader spins on each value until it is no longer the
// sentinel.
#include <cstdint>

constexpr uint32_t kSentinel = 0xffffffffu;

struct FlagState {
  uint32_t *epochPtr;
  uint32_t *arrivals;
  uint32_t epoch;
  uint32_t current;
};

__device__ void flagsInit(FlagState *f, uint32_t *epochs, uint32_t *arrive) {
  f->epochPtr = epochs;
  f->arrivals = arrive;
  f->epoch = *(volatile uint32_t *)epochs;
  f->current = f->epoch % 3;
}

__device__ void flagsArrive(FlagState &f) {
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(f.arrivals, 1u);
}

__device__ void flagsAdvance(FlagState &f, uint32_t blocks) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*(volatile uint32_t *)f.arrivals < blocks) {
    }
    *f.arrivals = 0;
    *(volatile uint32_t *)f.epochPtr = f.epoch + 1;
  }
  f.current = (f.current + 1) % 3;
  f.epoch += 1;
}

__global__ void lamportAllReduce(uint32_t *buffers, const uint32_t *in, uint32_t *out, uint32_t *epochs,
                                 uint32_t *arrive, int n) {
  FlagState flags;
  flagsInit(&flags, epochs, arrive);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  volatile uint32_t *slot = buffers + flags.current * n;
  if (i < n) {
    slot[i] = in[i];
    uint32_t v;
    while ((v = slot[i]) == kSentinel) {
    }
    out[i] = v;
  }
  flagsArrive(flags);
  flagsAdvance(flags, gridDim.x);
}
