// corpus-run:
// syncwarp_partial_fixed: syncwarp_partial_bug.cu with the whole warp
// synchronised before the branch: every lane named in the mask calls the
// same __syncwarp(), and each lane's store of s[lane] is ordered before the
// other lanes' reads.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void neighbours(int* out) {
  __shared__ int s[33];
  int lane = threadIdx.x;
  s[lane] = lane * 7;
  if (lane == 0) s[32] = 0;
  __syncwarp(0xffffffff);
  if (lane < 16) {
    out[lane] = s[lane + 1];
  } else {
    out[lane] = lane;
  }
}

int main() {
  int* out;
  CHECK(cudaMallocManaged(&out, 32 * sizeof(int)));
  neighbours<<<1, 32>>>(out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("syncwarp_partial: out[15] = %d\n", out[15]);
  CHECK(cudaFree(out));
  return 0;
}
