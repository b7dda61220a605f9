// RUN: %check_warpcheck %s barrier-divergent -- --cuda-arch=sm_90 -- -fopenmp
// RUN: %warpcheck lint --no-config --exit-zero --format json %s -- -fopenmp | %FileCheck %s --check-prefix=JSON
// RUN: %warpcheck lint --no-config --exit-zero -q %s -- -fopenmp -fopenmp-version=45 -DVERSION=201511
// RUN: %warpcheck lint --no-config -q %s > /dev/null 2>&1; test $? = 2
// nvcc defines _OPENMP in every pass under -fopenmp (-Xcompiler -fopenmp);
// clang in the host pass only. With the value clang gives the host pass;
// without -fopenmp the #error stops every pass (exit 2).
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}
#ifndef _OPENMP
#error "_OPENMP must be defined in every pass"
#endif
#ifndef VERSION
#define VERSION 202011
#endif
static_assert(_OPENMP == VERSION, "clang's value for the OpenMP version");

// Buggy.
__global__ void scale_buggy(float *x) {
#if _OPENMP
  if (threadIdx.x & 1) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: barrier '__syncthreads()' {{.*}} [barrier-divergent]
#endif
  x[threadIdx.x] *= 2.f;
}

// Fixed: the host side parallelises, the kernel syncs uniformly.
void scale_host(float *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) x[i] *= 2.f;
}
__global__ void scale_fixed(float *x) {
  __syncthreads();
  x[threadIdx.x] *= 2.f;
}
