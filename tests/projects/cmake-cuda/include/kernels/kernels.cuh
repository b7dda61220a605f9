#pragma once
#include <cuda_runtime.h>

#ifndef KERNELS_BLOCK
#error "KERNELS_BLOCK comes from the kernels target's compile definitions"
#endif

void launchReduce(float *data, float *sum, int n, float scale, cudaStream_t stream);
void launchScan(const int *in, int *out, int n, cudaStream_t stream);
int hostThreads();
