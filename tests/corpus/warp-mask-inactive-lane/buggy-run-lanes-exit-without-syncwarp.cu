// corpus-run:
// syncwarp_partial_bug: __syncwarp(0xffffffff) reached by lanes 0-15 while
// lanes 16-31, alive, never call it.
//
// Every lane stores s[lane]; lanes 0-15 then call __syncwarp(0xffffffff)
// and read s[lane + 1]. The guide requires every non-exited lane named in
// the mask to execute a corresponding __syncwarp() ("Warp Synchronization
// Function"): lanes 16-31 go on to other work and never do, which is
// undefined. And __syncwarp orders memory only among the lanes that take
// part: lane 15's read of s[16], which lane 16 stored, is unordered. The
// fixed twin, syncwarp_partial_fixed.cu, synchronises the whole warp
// before the branch.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void neighbours(int* out) {
  __shared__ int s[33];
  int lane = threadIdx.x;
  s[lane] = lane * 7;  // expect-run-also: race-shared
  if (lane == 0) s[32] = 0;
  if (lane < 16) {
    __syncwarp(0xffffffff);  // expect: warp-mask-inactive-lane  // expect-run: warp-mask-inactive-lane
    out[lane] = s[lane + 1];  // expect-run: race-shared
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
  fprintf(stderr, "out[15] = %d\n", out[15]);
  printf("syncwarp_partial: done\n");
  CHECK(cudaFree(out));
  return 0;
}
