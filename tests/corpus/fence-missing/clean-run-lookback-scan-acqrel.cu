// corpus-run:
// Single-pass inclusive scan with decoupled look-back (Merrill & Garland):
// each tile publishes its aggregate as soon as it is reduced (status
// AGGREGATE) and its inclusive prefix once the look-back has found its
// exclusive prefix (status PREFIX). The value is stored with a plain store
// and the status with a release store of a device-scope libcu++
// atomic_ref; the look-back polls the status with acquire loads. Release
// and acquire order the values before and after the status, so no fence
// is written.
#include <cstdio>
#include <cuda/atomic>
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

constexpr int kTileItems = 128;
enum : int { kInvalid = 0, kAggregate = 1, kPrefix = 2 };

using StatusRef = cuda::atomic_ref<int, cuda::thread_scope_device>;

__global__ void lookbackScan(const int* in, int* out, int* aggregate, int* inclusive, int* status) {
  __shared__ int s[kTileItems];
  __shared__ int exclusive;
  const int tile = blockIdx.x, t = threadIdx.x;
  s[t] = in[tile * kTileItems + t];
  __syncthreads();
  for (int off = 1; off < kTileItems; off <<= 1) {
    int v = t >= off ? s[t - off] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  if (t == 0) {
    const int total = s[kTileItems - 1];
    int excl = 0;
    if (tile == 0) {
      inclusive[0] = total;
      StatusRef(status[0]).store(kPrefix, cuda::memory_order_release);
    } else {
      aggregate[tile] = total;
      StatusRef(status[tile]).store(kAggregate, cuda::memory_order_release);
      for (int p = tile - 1; p >= 0; --p) {
        int st;
        while ((st = StatusRef(status[p]).load(cuda::memory_order_acquire)) == kInvalid) {
        }
        if (st == kPrefix) {
          excl += inclusive[p];
          break;
        }
        excl += aggregate[p];
      }
      inclusive[tile] = excl + total;
      StatusRef(status[tile]).store(kPrefix, cuda::memory_order_release);
    }
    exclusive = excl;
  }
  __syncthreads();
  out[tile * kTileItems + t] = exclusive + s[t];
}

int main() {
  constexpr int tiles = 16, n = tiles * kTileItems;
  int *in, *out, *aggregate, *inclusive, *status;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&aggregate, tiles * sizeof(int)));
  CHECK(cudaMalloc(&inclusive, tiles * sizeof(int)));
  CHECK(cudaMalloc(&status, tiles * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = (i * 5) % 13 - 6;
  CHECK(cudaMemset(status, 0, tiles * sizeof(int)));
  lookbackScan<<<tiles, kTileItems>>>(in, out, aggregate, inclusive, status);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0, running = 0;
  for (int i = 0; i < n; ++i) {
    running += in[i];
    if (out[i] != running) ++wrong;
  }
  printf("lookbackScan: %d items in %d tiles, %d wrong\n", n, tiles, wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(aggregate));
  CHECK(cudaFree(inclusive));
  CHECK(cudaFree(status));
  return 0;
}
