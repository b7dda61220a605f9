// corpus-run:
// Stream-compaction offsets with a block-wide inclusive scan (Hillis-Steele)
// over two ping-pong buffers: each step reads buffer `in` and writes buffer
// `out`, so one barrier per step is enough -- the buffer a step writes was
// last read before the previous barrier. Looks like the in-place scan with
// one barrier per step, but no slot is read and written in the same step.
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

__global__ void compact(const int* in, int n, int* out, int* blockKept) {
  __shared__ int buf[2][kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  int v = i < n ? in[i] : 0;
  int keep = i < n && v % 3 != 0;
  int src = 0;
  buf[src][t] = keep;
  __syncthreads();
  for (int off = 1; off < kBlock; off <<= 1) {
    int dst = src ^ 1;
    buf[dst][t] = t >= off ? buf[src][t] + buf[src][t - off] : buf[src][t];
    __syncthreads();
    src = dst;
  }
  int pos = buf[src][t];
  if (keep) out[blockIdx.x * kBlock + pos - 1] = v;
  if (t == kBlock - 1) blockKept[blockIdx.x] = pos;
}

int main() {
  constexpr int n = 4 * kBlock - 17, grid = (n + kBlock - 1) / kBlock;
  static int h_in[n];
  int h_kept[grid];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 11) % 17;
  int *d_in, *d_out, *d_kept;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, grid * kBlock * sizeof(int)));
  CHECK(cudaMalloc(&d_kept, grid * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  compact<<<grid, kBlock>>>(d_in, n, d_out, d_kept);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_kept, d_kept, sizeof h_kept, cudaMemcpyDeviceToHost));
  int kept = 0, want = 0;
  for (int b = 0; b < grid; ++b) kept += h_kept[b];
  for (int i = 0; i < n; ++i) want += h_in[i] % 3 != 0;
  printf("compact: kept %d (reference %d)\n", kept, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_kept));
  return 0;
}
