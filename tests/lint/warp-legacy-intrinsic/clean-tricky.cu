// RUN: %check_warpcheck %s warp-legacy-intrinsic

// Names that merely look like the legacy intrinsics.
struct Vote { __device__ int __any_of(int x) { return x; } };
__device__ int my__shfl(int v) { return v; }
__global__ void lookalikes(int *out) {
  Vote v;
  out[threadIdx.x] = v.__any_of(1) + my__shfl(2) + __shfl_sync(0xffffffff, 3, 0);
}

// Host code may have its own functions with these names.
namespace host { int __ballot(int x) { return x; } }
int use_host() { return host::__ballot(1); }
