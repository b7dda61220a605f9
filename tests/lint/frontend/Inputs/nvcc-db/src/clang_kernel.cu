// Parses only with what the clang command in compile_commands.json means.
#include "nvcc_db.cuh"
#ifndef FROM_CLANG
#error "-DFROM_CLANG"
#endif
#ifndef __CLANG_RDC__
#error "-fgpu-rdc"
#endif

__global__ void twice(int *p) { p[threadIdx.x] *= 2; }
