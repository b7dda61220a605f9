// corpus-run:
// Stream compaction with a global offset, consumed by a second kernel:
// the first launch keeps the positive values, each warp reserving room for
// its survivors with one atomicAdd on the global count and storing them
// there; the second launch reads the count and the compacted values and
// sums them. The hand-off goes through a kernel boundary on one stream:
// everything the first launch wrote is visible to the second, so neither
// needs a fence (and the first launch's count only hands out slots).
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

__global__ void compactPositive(const int* in, int n, int* out, int* count) {
  const int lane = threadIdx.x % 32;
  for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
    const int i = base + threadIdx.x;
    const bool keep = i < n && in[i] > 0;
    const unsigned ballot = __ballot_sync(0xffffffffu, keep);
    int first = 0;
    if (lane == 0 && ballot) first = atomicAdd(count, __popc(ballot));
    first = __shfl_sync(0xffffffffu, first, 0);
    if (keep) out[first + __popc(ballot & ((1u << lane) - 1))] = in[i];
  }
}

__global__ void sumCompacted(const int* out, const int* count, long long* total) {
  __shared__ long long s[256];
  const int n = *count;
  long long acc = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) acc += out[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *total = s[0];
}

int main() {
  constexpr int n = 1 << 15;
  int *in, *out, *count;
  long long* total;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&out, n * sizeof(int)));
  CHECK(cudaMallocManaged(&count, sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(long long)));
  long long expected = 0;
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 29) % 23 - 11;
    if (in[i] > 0) {
      expected += in[i];
      ++kept;
    }
  }
  *count = 0;
  compactPositive<<<16, 256>>>(in, n, out, count);
  CHECK(cudaGetLastError());
  sumCompacted<<<1, 256>>>(out, count, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("compactPositive: kept %d of %d (expected %d), sum %lld (expected %lld)\n", *count, n, kept, *total,
         expected);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(count));
  CHECK(cudaFree(total));
  return 0;
}
