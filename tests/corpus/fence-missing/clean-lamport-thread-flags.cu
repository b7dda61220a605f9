// One-shot all-reduce in the Lamport style: every thread keeps its own copy
// of the flag state (which of three buffers is current, the epoch value)
// in a small struct whose methods update it. The data needs no fence: a
// reader spins on each value until it is no longer the sentinel. The
// arrival counter only tells block 0 when every block has taken its
// buffer, after which it reads its own copy of the flag state to publish
// the next epoch. Those fields are each thread's own registers, not data
// handed between blocks.
#include <cstdint>

constexpr uint32_t kSentinel = 0xffffffffu;

struct LamportFlags {
  uint32_t *epochPtr;
  uint32_t *arrivals;
  uint32_t epoch;
  uint32_t current;

  __device__ LamportFlags(uint32_t *epochs, uint32_t *arrive) : epochPtr(epochs), arrivals(arrive) {
    epoch = *(volatile uint32_t *)epochPtr;
    current = epoch % 3;
  }
  __device__ void arrive() {
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(arrivals, 1u);
  }
  __device__ void advance(uint32_t blocks) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      while (*(volatile uint32_t *)arrivals < blocks) {
      }
      *arrivals = 0;
      *(volatile uint32_t *)epochPtr = epoch + 1;
    }
    current = (current + 1) % 3;
    epoch += 1;
  }
};

__global__ void lamportAllReduce(uint32_t *__restrict__ buffers, const uint32_t *__restrict__ in,
                                 uint32_t *__restrict__ out, uint32_t *epochs, uint32_t *arrive, int n) {
  LamportFlags flags(epochs, arrive);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  volatile uint32_t *slot = buffers + flags.current * n;
  if (i < n) {
    slot[i] = in[i];
    uint32_t v;
    while ((v = slot[i]) == kSentinel) {
    }
    out[i] = v;
  }
  flags.arrive();
  flags.advance(gridDim.x);
}
