// A library's Pascal fallback: the host launches the legacy kernel only on
// devices with compute capability below 7.0, where the non-_sync warp
// intrinsics are the documented API and warps do execute in lockstep;
// newer devices get the _sync kernel. The legacy kernel is still compiled
// for every target, so lint (which checks sm_90) reports its intrinsics;
// the region suppressing them is opened and closed with the same rule
// list and covers only the legacy kernel.

#define FULL_MASK 0xffffffffu

// NOLINTBEGIN(warp-legacy-intrinsic)
__global__ void countNonZeroPascal(const float *__restrict__ x, int n, int *__restrict__ count) {
  const int lane = threadIdx.x & 31;
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    const int i = base + threadIdx.x;
    const unsigned nz = __ballot(i < n && x[i] != 0.f);
    if (lane == 0 && nz) atomicAdd(count, __popc(nz));
  }
}
// NOLINTEND(warp-legacy-intrinsic)

__global__ void countNonZero(const float *__restrict__ x, int n, int *__restrict__ count) {
  const int lane = threadIdx.x & 31;
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    const int i = base + threadIdx.x;
    const unsigned nz = __ballot_sync(FULL_MASK, i < n && x[i] != 0.f);
    if (lane == 0 && nz) atomicAdd(count, __popc(nz));
  }
}

void countNonZeroLaunch(const float *x, int n, int *count, cudaStream_t s) {
  int device = 0;
  cudaDeviceProp prop;
  cudaGetDevice(&device);
  cudaGetDeviceProperties(&prop, device);
  const int threads = 256, blocks = (n + threads - 1) / threads < 1024 ? (n + threads - 1) / threads : 1024;
  cudaMemsetAsync(count, 0, sizeof(int), s);
  if (prop.major < 7) countNonZeroPascal<<<blocks, threads, 0, s>>>(x, n, count);
  else countNonZero<<<blocks, threads, 0, s>>>(x, n, count);
}
