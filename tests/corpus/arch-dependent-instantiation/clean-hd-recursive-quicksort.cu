// corpus-args: --cuda-arch=sm_80,sm_90 -- -fgpu-rdc
// Recursive quicksort with dynamic parallelism (the CUDA sample's shape):
// a __host__ __device__ helper launches the partition kernel for a
// sub-range, from the host for the first level and from device code for
// the recursion. Both branches of its #ifdef __CUDA_ARCH__ name
// quicksortKernel<int>, so every device pass instantiates it.
#include <cuda_runtime.h>

template <typename T>
__global__ void quicksortKernel(T *data, int left, int right, int depth);

template <typename T>
__host__ __device__ void launchPartition(T *data, int left, int right, int depth, cudaStream_t s) {
#ifdef __CUDA_ARCH__
  quicksortKernel<T><<<1, 1, 0, cudaStreamFireAndForget>>>(data, left, right, depth);
  (void)s;
#else
  quicksortKernel<T><<<1, 1, 0, s>>>(data, left, right, depth);
#endif
}

template <typename T>
__device__ void insertionSort(T *data, int left, int right) {
  for (int i = left + 1; i <= right; ++i) {
    const T v = data[i];
    int j = i - 1;
    while (j >= left && data[j] > v) { data[j + 1] = data[j]; --j; }
    data[j + 1] = v;
  }
}

template <typename T>
__global__ void quicksortKernel(T *data, int left, int right, int depth) {
  if (depth >= 16 || right - left <= 32) { insertionSort(data, left, right); return; }
  const T pivot = data[(left + right) / 2];
  int l = left, r = right;
  while (l <= r) {
    while (data[l] < pivot) ++l;
    while (data[r] > pivot) --r;
    if (l <= r) { const T t = data[l]; data[l] = data[r]; data[r] = t; ++l; --r; }
  }
  if (left < r) launchPartition(data, left, r, depth + 1, 0);
  if (l < right) launchPartition(data, l, right, depth + 1, 0);
}

void sortInts(int *d, int n, cudaStream_t s) { launchPartition(d, 0, n - 1, 0, s); }
