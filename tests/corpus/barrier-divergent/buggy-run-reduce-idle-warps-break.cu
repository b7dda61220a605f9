// corpus-run:
// Block sum with a shared-memory tree down to one warp and a shuffle tail.
// Threads that have no partner left in the tree "retire" with `break`
// instead of running on to the barrier at the end of the step: they skip
// that barrier and wait at the one after the loop, while the threads still
// reducing wait at the step's barrier -- two barriers in one interval,
// once per retiring group (warps 2-3 at s = 64, warp 1 at s = 32).
// (`return` would be fine for the retiring threads if nothing followed.)
// The run reports the pair at the barrier after the loop.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBlock = 128;

__global__ void blockSum(const int* in, int* partial, int n) {
  __shared__ int sdata[kBlock];
  int tid = threadIdx.x;
  int acc = 0;
  for (int i = blockIdx.x * kBlock + tid; i < n; i += gridDim.x * kBlock) acc += in[i];
  sdata[tid] = acc;
  __syncthreads();
  for (int s = kBlock / 2; s >= 32; s >>= 1) {
    if (tid >= s) break;
    sdata[tid] += sdata[tid + s];
    __syncthreads();  // expect: barrier-divergent  // expect-run-also: barrier-divergent
  }
  __syncthreads();  // expect-run: barrier-divergent
  if (tid < 32) {
    int v = sdata[tid];
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    if (tid == 0) partial[blockIdx.x] = v;
  }
}

int main() {
  constexpr int grid = 4, n = grid * kBlock * 4;
  static int h_in[n];
  int h_partial[grid];
  for (int i = 0; i < n; ++i) h_in[i] = i % 9;
  int *d_in, *d_partial;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_partial, sizeof h_partial));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  blockSum<<<grid, kBlock>>>(d_in, d_partial, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_partial, d_partial, sizeof h_partial, cudaMemcpyDeviceToHost));
  long sum = 0, want = 0;
  for (int b = 0; b < grid; ++b) sum += h_partial[b];
  for (int i = 0; i < n; ++i) want += h_in[i];
  printf("blockSum: %d blocks\n", grid);
  fprintf(stderr, "sum %ld, reference %ld\n", sum, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  return 0;
}
