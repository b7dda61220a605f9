// An application's use of rocPRIM (Debian's librocprim-dev 5.3.3): block,
// warp and device-wide primitives instantiated the way the rocPRIM
// documentation shows them, so that lint analyses rocPRIM's device code
// for the archs named on the command line.
#include <hip/hip_runtime.h>
#include <rocprim/rocprim.hpp>

constexpr unsigned kBlock = 256;

__global__ void block_sum(const float* in, float* out) {
  using reduce_t = rocprim::block_reduce<float, kBlock>;
  __shared__ reduce_t::storage_type storage;
  float v = in[blockIdx.x * kBlock + threadIdx.x], r;
  reduce_t().reduce(v, r, storage);
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}

__global__ void block_prefix(const int* in, int* out) {
  using scan_t = rocprim::block_scan<int, kBlock>;
  __shared__ scan_t::storage_type storage;
  int v = in[blockIdx.x * kBlock + threadIdx.x];
  scan_t().inclusive_scan(v, v, storage);
  out[blockIdx.x * kBlock + threadIdx.x] = v;
}

__global__ void warp_sums(const float* in, float* out) {
  using warp_reduce_t = rocprim::warp_reduce<float, 16>;
  __shared__ warp_reduce_t::storage_type storage[kBlock / 16];
  float v = in[blockIdx.x * kBlock + threadIdx.x], r;
  warp_reduce_t().reduce(v, r, storage[threadIdx.x / 16]);
  if (threadIdx.x % 16 == 0) out[(blockIdx.x * kBlock + threadIdx.x) / 16] = r;
}

__global__ void warp_prefix(const int* in, int* out) {
  using warp_scan_t = rocprim::warp_scan<int, 32>;
  __shared__ warp_scan_t::storage_type storage[kBlock / 32];
  int v = in[blockIdx.x * kBlock + threadIdx.x];
  warp_scan_t().exclusive_scan(v, v, 0, storage[threadIdx.x / 32]);
  out[blockIdx.x * kBlock + threadIdx.x] = v;
}

__global__ void warp_sorted(int* keys) {
  rocprim::warp_sort<int, 8> sorter;
  int k = keys[blockIdx.x * kBlock + threadIdx.x];
  sorter.sort(k);
  keys[blockIdx.x * kBlock + threadIdx.x] = k;
}

__global__ void block_radix(unsigned* keys) {
  using sort_t = rocprim::block_radix_sort<unsigned, kBlock, 4>;
  __shared__ sort_t::storage_type storage;
  unsigned k[4];
  for (int i = 0; i < 4; ++i) k[i] = keys[(blockIdx.x * kBlock + threadIdx.x) * 4 + i];
  sort_t().sort(k, storage);
  for (int i = 0; i < 4; ++i) keys[(blockIdx.x * kBlock + threadIdx.x) * 4 + i] = k[i];
}

__global__ void block_hist(const unsigned char* in, unsigned* bins) {
  using hist_t = rocprim::block_histogram<unsigned char, kBlock, 4, 256>;
  __shared__ hist_t::storage_type storage;
  unsigned char v[4];
  rocprim::block_load_direct_striped<kBlock>(threadIdx.x, in + blockIdx.x * kBlock * 4, v);
  hist_t().histogram(v, bins + blockIdx.x * 256, storage);
}

// Device-wide algorithms: the host code instantiates rocPRIM's kernels.
hipError_t device_algorithms(const float* in, float* out, float* prefix, unsigned* keys_in,
                             unsigned* keys_out, size_t n, hipStream_t stream) {
  size_t bytes = 0;
  void* temp = nullptr;
  hipError_t e = rocprim::reduce(temp, bytes, in, out, 0.0f, n, rocprim::plus<float>(), stream);
  if (e != hipSuccess) return e;
  e = rocprim::inclusive_scan(temp, bytes, in, prefix, n, rocprim::plus<float>(), stream);
  if (e != hipSuccess) return e;
  return rocprim::radix_sort_keys(temp, bytes, keys_in, keys_out, n, 0, 32, stream);
}
