// Compiled without -rdc for sm_75 and sm_90: whole-program compilation.
#if __CUDA_ARCH__ >= 900
__device__ int histogram[256];
#endif
