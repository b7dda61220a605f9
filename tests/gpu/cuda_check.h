#pragma once
// CHECK(call): print the failing CUDA call and return 1 from main. Shared by
// the GPU test programs and bench/gpu.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                             \
  do {                                                                          \
    cudaError_t err_ = (call);                                                  \
    if (err_ != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error %s at %s:%d: %s\n", cudaGetErrorName(err_),    \
              __FILE__, __LINE__, cudaGetErrorString(err_));                    \
      return 1;                                                                 \
    }                                                                           \
  } while (0)
