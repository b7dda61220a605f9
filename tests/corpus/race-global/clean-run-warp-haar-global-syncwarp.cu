// corpus-run:
// Full Haar wavelet decomposition of many 32-sample blocks of a signal, in
// place in global memory, one warp per block of samples. At each level the
// first `half` lanes read the pair (2 * lane, 2 * lane + 1) of the current
// approximation and write the average to `lane` and the detail to
// `half + lane`; five levels take 32 samples down to one average.
//
// Clean: lanes of a warp exchange data through global memory, which needs
// ordering as much as shared memory does. The __syncwarp() between the
// loads and the stores of a level keeps a lane from overwriting a pair
// another lane has not read yet, and the __syncwarp() after the stores
// makes this level's results visible to the lanes that read them at the
// next level. Every lane of the warp reaches both, and different warps
// work on different samples.
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

constexpr int kSegments = 96, kThreads = 128;
constexpr float kInvSqrt2 = 0.70710678f;

__global__ void haar32_inplace(float* signal) {
  const int lane = threadIdx.x & 31;
  float* seg = signal + (blockIdx.x * blockDim.x + threadIdx.x - lane);
  for (int half = 16; half > 0; half >>= 1) {
    float even = 0.f, odd = 0.f;
    if (lane < half) {
      even = seg[2 * lane];
      odd = seg[2 * lane + 1];
    }
    __syncwarp();
    if (lane < half) {
      seg[lane] = (even + odd) * kInvSqrt2;
      seg[half + lane] = (even - odd) * kInvSqrt2;
    }
    __syncwarp();
  }
}

int main() {
  const int n = kSegments * 32;
  float* signal;
  CHECK(cudaMallocManaged(&signal, n * sizeof(float)));
  for (int i = 0; i < n; ++i) signal[i] = (float)((i * 19) % 23) - 11.f;
  haar32_inplace<<<n / kThreads, kThreads>>>(signal);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  // The transform is orthonormal: the energy of each segment is preserved.
  double energy = 0, dc = 0;
  for (int s = 0; s < kSegments; ++s) {
    dc += signal[s * 32];
    for (int i = 0; i < 32; ++i) energy += (double)signal[s * 32 + i] * signal[s * 32 + i];
  }
  printf("haar32: %d segments, energy %.2f, sum of averages %.4f\n", kSegments, energy, dc);
  CHECK(cudaFree(signal));
  return 0;
}
