// Compiled with nvcc -rdc=true for sm_75 and sm_90 (see compile_commands.json).
#if __CUDA_ARCH__ >= 900
__device__ int histogram[256];
#endif
