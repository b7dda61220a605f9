// corpus-run:
// Stream-compaction offsets: each block computes an inclusive scan of its
// keep-flags (Hillis-Steele) in place in shared memory and writes the
// offsets for the scatter pass. The in-place scan needs two barriers per
// step (one between reading buf[t - off] and writing buf[t]); with only the
// barrier at the end of the step, thread t reads buf[t - off] while thread
// t - off is overwriting it in the same step, so it may add an element
// twice. Read and write of each racing pair are on the scan-step line.
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

__global__ void keepOffsets(const int* in, int n, int* offsets, int* blockKept) {
  __shared__ int buf[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  int v = i < n ? in[i] : 0;
  int keep = v % 3 != 0;
  buf[t] = keep;
  __syncthreads();
  for (int off = 1; off < kBlock; off <<= 1) {
    if (t >= off) buf[t] += buf[t - off];  // expect-run: race-shared
    __syncthreads();
  }
  if (i < n) offsets[i] = keep ? buf[t] - 1 : -1;
  if (t == kBlock - 1) blockKept[blockIdx.x] = buf[t];
}

int main() {
  constexpr int n = 4 * kBlock, grid = n / kBlock;
  static int h_in[n], h_out[n];
  int h_kept[grid];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 11) % 17;
  int *d_in, *d_out, *d_kept;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_kept, grid * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_out, 0, n * sizeof(int)));
  keepOffsets<<<grid, kBlock>>>(d_in, n, d_out, d_kept);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_kept, d_kept, sizeof h_kept, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  int kept = 0, want = 0;
  for (int b = 0; b < grid; ++b) kept += h_kept[b];
  for (int i = 0; i < n; ++i) want += h_in[i] % 3 != 0;
  printf("keepOffsets: %d blocks done\n", grid);
  fprintf(stderr, "kept %d, reference %d\n", kept, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_kept));
  return 0;
}
