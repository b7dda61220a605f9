// Parses only with what the nvcc command in compile_commands.json means.
#include "nvcc_db.cuh"
#ifndef __CUDACC_EXTENDED_LAMBDA__
#error "--extended-lambda"
#endif
#ifndef __CUDACC_RELAXED_CONSTEXPR__
#error "--expt-relaxed-constexpr"
#endif
#ifndef __CUDACC_RDC__
#error "-rdc=true"
#endif
#ifndef __CUDACC_DEBUG__
#error "-G"
#endif
#if CUDA_API_PER_THREAD_DEFAULT_STREAM != 1
#error "--default-stream per-thread"
#endif

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
