// A .cpp file that nvcc compiles as CUDA (-x cu).
#include "nvcc_db.cuh"

__global__ void fill(int *p) { p[threadIdx.x] = 0; }
