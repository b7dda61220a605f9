// Flags that do not announce data: reading them as 0 lets a thread go on,
// which says nothing about what other blocks wrote.

// Jacobi sweeps that stop once any block saw convergence.
__global__ void jacobiSweep(const float *x, float *y, volatile int *converged, int n, float eps) {
  if (*converged) return;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= 0 || i >= n - 1) return;
  y[i] = 0.5f * (x[i - 1] + x[i + 1]);
  if (fabsf(y[i] - x[i]) < eps) *converged = 1;
}

// Search that stops early when another block found the key.
__global__ void findKey(const int *keys, int n, int key, int *where, volatile int *found, float *scores) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    if (*found != 0) return;
    scores[i] = float(keys[i] - key);
    if (keys[i] == key) {
      *where = i;
      *found = 1;
    }
  }
}

// A kernel-wide error counter checked before doing more work.
__device__ int errorCount = 0;
__global__ void guardedCopy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (atomicAdd(&errorCount, 0) != 0) return;
  if (i < n) {
    out[i] = in[i];
    if (in[i] != in[i]) atomicAdd(&errorCount, 1);
  }
}
