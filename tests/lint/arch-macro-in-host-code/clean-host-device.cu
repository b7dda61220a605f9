// RUN: %check_warpcheck %s arch-macro-in-host-code
// Uses of __CUDA_ARCH__ that are not in host-only code, or lose nothing
// there: none is a finding.

// The canonical host/device split in a __host__ __device__ function.
__host__ __device__ int lane_count() {
#if defined(__CUDA_ARCH__)
  return warpSize;
#else
  return 32;
#endif
}
// The guide's per-architecture paths (v10.2 §B.1.3), in an HD function.
__host__ __device__ void func() {
#if __CUDA_ARCH__ >= 700
#elif __CUDA_ARCH__ >= 600
#elif !defined(__CUDA_ARCH__)
#endif
}

// Device and kernel code.
#if __CUDA_ARCH__ >= 900
#define TILE 256
#else
#define TILE 128
#endif
__device__ int tile() {
#if __CUDA_ARCH__ >= 800
  return TILE;
#else
  return TILE / 2;
#endif
}
__global__ void __launch_bounds__(TILE) kernel(int *out) { out[0] = TILE; }

// Hiding host code from device passes, at file scope and inside a host
// function, with no #else: host code loses nothing.
#if !defined(__CUDA_ARCH__)
#include <cstdio>
void report(int x) { std::printf("%d\n", x); }
#endif
void log_value(int x) {
#ifndef __CUDA_ARCH__
  report(x);
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 700
  report(x + 1);
#endif
}

// A macro chosen only by whether __CUDA_ARCH__ is defined: host code is meant
// to get the host definition.
#ifdef __CUDA_ARCH__
#define TRACE(x) ((void)0)
#else
#define TRACE(x) report(x)
#endif
void traced(int x) { TRACE(x); }

// constexpr functions are __host__ __device__ for clang.
constexpr int default_tile() {
#ifdef __CUDA_ARCH__
  return 256;
#else
  return 128;
#endif
}

// An explicitly __device__ lambda inside a host function.
void with_device_lambda() {
  auto body = [] __device__ (int *p) {
#if __CUDA_ARCH__ >= 800
    p[0] = TILE;
#endif
  };
  (void)body;
}

// A conditional on something else that merely sits next to __CUDA_ARCH__.
#define USE_FAST_PATH 1
void fast() {
#if USE_FAST_PATH
#endif
}
