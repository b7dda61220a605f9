// corpus-run:
// Single-pass exclusive scan with decoupled look-back (the CUB scheme): a
// tile publishes its aggregate as soon as it has it, then walks back over
// the tiles before it, adding aggregates until it meets an inclusive
// prefix, and publishes its own inclusive prefix. Status and value share
// one 64-bit word accessed through
// cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>, so the
// value cannot be seen without its status and every block in the grid is
// covered by the atomic's scope.
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

constexpr int kTile = 128;
constexpr unsigned long long kAggregate = 1ull << 32, kPrefix = 2ull << 32;

using StatusRef = cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>;

__global__ void lookbackScan(const unsigned int* in, unsigned int* out, unsigned long long* status) {
  __shared__ unsigned int s[kTile];
  __shared__ unsigned int exclusive;
  int tid = threadIdx.x, tile = blockIdx.x;
  s[tid] = in[tile * kTile + tid];
  __syncthreads();
  for (int off = 1; off < kTile; off <<= 1) {
    unsigned int v = tid >= off ? s[tid - off] : 0u;
    __syncthreads();
    s[tid] += v;
    __syncthreads();
  }
  if (tid == 0) {
    unsigned int aggregate = s[kTile - 1];
    StatusRef mine(status[tile]);
    if (tile == 0) {
      mine.store(kPrefix | aggregate, cuda::memory_order_release);
      exclusive = 0;
    } else {
      mine.store(kAggregate | aggregate, cuda::memory_order_release);
      unsigned int before = 0;
      for (int p = tile - 1; p >= 0; --p) {
        StatusRef other(status[p]);
        unsigned long long w;
        do {
          w = other.load(cuda::memory_order_acquire);
        } while ((w >> 32) == 0);
        before += (unsigned int)w;
        if ((w >> 32) == 2) break;
      }
      exclusive = before;
      mine.store(kPrefix | (before + aggregate), cuda::memory_order_release);
    }
  }
  __syncthreads();
  out[tile * kTile + tid] = exclusive + s[tid] - in[tile * kTile + tid];
}

int main() {
  constexpr int tiles = 16, n = tiles * kTile;
  static unsigned int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (unsigned int)(i % 5);
  unsigned int *d_in, *d_out;
  unsigned long long* d_status;
  CHECK(cudaMalloc(&d_in, n * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_status, tiles * sizeof(unsigned long long)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(unsigned int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_status, 0, tiles * sizeof(unsigned long long)));
  lookbackScan<<<tiles, kTile>>>(d_in, d_out, d_status);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));
  unsigned int expect = 0;
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    wrong += h_out[i] != expect;
    expect += h_in[i];
  }
  printf("lookbackScan: %d tiles of %d, %d wrong\n", tiles, kTile, wrong);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_status));
  return 0;
}
