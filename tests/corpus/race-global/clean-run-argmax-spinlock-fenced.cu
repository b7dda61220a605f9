// corpus-run:
// Peak picking: the position and height of the largest sample of a
// correlation signal. Each block reduces its slice to a (value, index) pair
// in shared memory; thread 0 then merges it into the global best pair under
// a spin lock (ties go to the smaller index, so the answer is unique).
//
// Clean: the lock is taken with atomicCAS and followed by __threadfence(),
// and released by __threadfence() then atomicExch -- not by a plain store.
// The release is a fenced atomic publication; the next owner's atomicCAS
// observes it and fences, so its plain reads of *best come after the
// previous owner's plain writes. The lock word itself is only touched by
// atomics. At most 16 blocks, all resident at once, so the spin ends.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kThreads = 256, kBlocks = 16, kN = 50000;

struct Peak {
  float value;
  int index;
};

__device__ bool better(float v, int i, float bv, int bi) { return v > bv || (v == bv && i < bi); }

__global__ void find_peak(const float* signal, int n, Peak* best, int* lock) {
  __shared__ float sv[kThreads];
  __shared__ int si[kThreads];
  const int tid = threadIdx.x;
  float v = -1e30f;
  int idx = n;
  for (int i = blockIdx.x * kThreads + tid; i < n; i += gridDim.x * kThreads)
    if (better(signal[i], i, v, idx)) {
      v = signal[i];
      idx = i;
    }
  sv[tid] = v;
  si[tid] = idx;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride && better(sv[tid + stride], si[tid + stride], sv[tid], si[tid])) {
      sv[tid] = sv[tid + stride];
      si[tid] = si[tid + stride];
    }
    __syncthreads();
  }
  if (tid == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    __threadfence();
    if (better(sv[0], si[0], best->value, best->index)) {
      best->value = sv[0];
      best->index = si[0];
    }
    __threadfence();
    atomicExch(lock, 0);
  }
}

int main() {
  float* signal;
  Peak* best;
  int* lock;
  CHECK(cudaMallocManaged(&signal, kN * sizeof(float)));
  CHECK(cudaMallocManaged(&best, sizeof(Peak)));
  CHECK(cudaMalloc(&lock, sizeof(int)));
  for (int i = 0; i < kN; ++i) signal[i] = (float)((i * 7919) % 10007) / 10007.f;
  best->value = -1e30f;
  best->index = kN;
  CHECK(cudaMemset(lock, 0, sizeof(int)));
  find_peak<<<kBlocks, kThreads>>>(signal, kN, best, lock);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("peak: %.6f at %d\n", best->value, best->index);
  CHECK(cudaFree(signal));
  CHECK(cudaFree(best));
  CHECK(cudaFree(lock));
  return 0;
}
