// RUN: %check_warpcheck %s fence-missing
// The fixed form of thread-private-flags.cu's nearest bug (issue 23): the
// per-block object in global memory is posted with a fence before the
// signal, and the reader fences after seeing it. Beside it, a thread's own
// copy of a flags object kept in a local array (not only a local
// variable): its fields are still not data handed between blocks.

struct Mailbox {
  float value;
  __device__ void post(float v, unsigned *ready) {
    value = v;
    __threadfence();
    atomicAdd(ready, 1u);
  }
};

__global__ void producer(Mailbox *boxes, unsigned *ready, const float *in) {
  if (threadIdx.x == 0) boxes[blockIdx.x].post(in[blockIdx.x], ready);
}

__global__ void consumer(const Mailbox *boxes, unsigned *ready, float *out, unsigned blocks) {
  if (threadIdx.x == 0) {
    while (*(volatile unsigned *)ready < blocks) {
    }
    __threadfence();
    out[0] = boxes[0].value;
  }
}

struct Epoch {
  unsigned value;
  unsigned slot;
  __device__ void advance() {
    value += 1;
    slot = value % 3;
  }
};

__global__ void local_epochs(unsigned *epochPtr, unsigned *arrive, float *bufs, int n) {
  Epoch e[2];
  e[0].value = *(volatile unsigned *)epochPtr;
  e[0].slot = e[0].value % 3;
  e[1] = e[0];
  e[1].advance();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) bufs[e[0].slot * n + i] = 0.f;
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(arrive, 1u);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*(volatile unsigned *)arrive < gridDim.x) {
    }
    *(volatile unsigned *)epochPtr = e[1].value;
  }
}
