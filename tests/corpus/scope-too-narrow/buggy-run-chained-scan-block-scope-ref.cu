// corpus-run:
// Single-pass inclusive scan with a serial chain between tiles: each block
// scans its tile in shared memory, waits for the inclusive prefix of the
// tile before it, and publishes its own through a (flag, prefix) pair. The
// flag is written through cuda::atomic_ref<int, cuda::thread_scope_block>
// with memory_order_release: a release of block scope orders the prefix
// before the flag for the threads of the publishing block only. The next
// block, which is the one reading it, may see the flag and a stale prefix.
// The flag must be a thread_scope_device atomic_ref.
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

constexpr int kTile = 256;

__global__ void chainedScan(const int* in, int* out, int* tilePrefix, int* tileReady) {
  __shared__ int s[kTile];
  __shared__ int carry;
  int tid = threadIdx.x;
  int base = blockIdx.x * kTile;
  s[tid] = in[base + tid];
  __syncthreads();
  for (int off = 1; off < kTile; off <<= 1) {
    int v = tid >= off ? s[tid - off] : 0;
    __syncthreads();
    s[tid] += v;
    __syncthreads();
  }
  if (tid == 0) {
    int before = 0;
    if (blockIdx.x > 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> ready(tileReady[blockIdx.x - 1]);
      while (ready.load(cuda::memory_order_acquire) == 0) {
      }
      before = tilePrefix[blockIdx.x - 1];
    }
    carry = before;
    tilePrefix[blockIdx.x] = before + s[kTile - 1];
    cuda::atomic_ref<int, cuda::thread_scope_block> mine(tileReady[blockIdx.x]);
    mine.store(1, cuda::memory_order_release);  // expect-run: scope-too-narrow
  }
  __syncthreads();
  out[base + tid] = s[tid] + carry;
}

int main() {
  constexpr int tiles = 12, n = tiles * kTile;
  static int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i % 3) + 1;
  int *d_in, *d_out, *d_prefix, *d_ready;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_prefix, tiles * sizeof(int)));
  CHECK(cudaMalloc(&d_ready, tiles * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_ready, 0, tiles * sizeof(int)));
  chainedScan<<<tiles, kTile>>>(d_in, d_out, d_prefix, d_ready);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  printf("chainedScan: %d tiles of %d\n", tiles, kTile);
  fprintf(stderr, "last prefix = %d\n", h_out[n - 1]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_prefix));
  CHECK(cudaFree(d_ready));
  return 0;
}
