// RUN: %check_warpcheck %s arch-dependent-instantiation -- --cuda-arch=sm_80,sm_90
// Launches a naive check would flag: none is a finding.
#include <cuda_runtime.h>

__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in; }

// The launching host code is hidden from device passes, but an explicit
// instantiation definition makes every pass instantiate kernel<float>.
template __global__ void kernel<float>(float);
#ifndef __CUDA_ARCH__
void hidden() { kernel<<<1, 1>>>(1.f); }
#endif

// Host templates and lambdas instantiate the kernel in every pass too: device
// passes parse host code, they just do not emit it.
template <class T> void launcher(T t) { kernel<<<1, 1>>>(t); }
void via_template() {
  launcher(3u);
  auto l = [] { kernel<<<1, 1>>>('c'); };
  l();
}

// The host-only branch of a __host__ __device__ function launches a
// specialization that the other branch also names, so it exists everywhere.
__host__ __device__ void both() {
#ifdef __CUDA_ARCH__
  (void)&kernel<double>;
#else
  kernel<<<1, 1>>>(2.0);
#endif
}

// A non-template kernel hidden from device passes is not this rule's concern.
__global__ void plain(int x) {}
#ifndef __CUDA_ARCH__
void launch_plain() { plain<<<1, 1>>>(1); }
#endif

// Template arguments spelled differently per pass but canonically equal.
#ifdef __CUDA_ARCH__
typedef int count_t;
#else
typedef signed int count_t;
#endif
void launch_count() { kernel<count_t><<<1, 1>>>(0); }
