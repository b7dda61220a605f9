// A fixed-point accumulator class used on both sides: its member functions
// are __host__ __device__ and choose an arch-specific device path with
// `#if __CUDA_ARCH__ >= 700` / `#else`, falling back to portable code on
// the host. Being __host__ __device__, they are not host-only code.
#include <cuda_runtime.h>

class FixedAccumulator {
public:
  __host__ __device__ explicit FixedAccumulator(long long *slot) : slot_(slot) {}

  __host__ __device__ void add(float v) const {
    const long long q = (long long)(v * 65536.f);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    atomicAdd(reinterpret_cast<unsigned long long *>(slot_), (unsigned long long)q);
#elif defined(__CUDA_ARCH__)
    atomicAdd(reinterpret_cast<unsigned long long *>(slot_), (unsigned long long)q);
    __threadfence();
#else
    *slot_ += q;
#endif
  }

  __host__ __device__ float value() const { return (float)(*slot_) / 65536.f; }

private:
  long long *slot_;
};

__global__ void accumulate(const float *x, int n, long long *slot) {
  const FixedAccumulator acc(slot);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) acc.add(x[i]);
}

float referenceSum(const float *x, int n) {
  long long slot = 0;
  const FixedAccumulator acc(&slot);
  for (int i = 0; i < n; ++i) acc.add(x[i]);
  return acc.value();
}
