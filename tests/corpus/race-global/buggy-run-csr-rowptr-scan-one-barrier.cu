// corpus-run:
// Builds CSR row pointers from per-row nonzero counts: each block turns one
// segment of kSeg counts into an inclusive prefix sum in place, in global
// memory, with a Hillis-Steele scan (kSeg threads, log2(kSeg) steps), and a
// second launch adds the segment offsets.
//
// Bug: each step reads seg[tid - off], waits at __syncthreads(), then
// writes seg[tid], and goes straight on to the next step's read. Without a
// second __syncthreads() after the write, a thread may read
// seg[tid - 2 * off] of the next step before (or while) its owner adds this
// step's value, or after it added the next step's: threads of one block
// race on global memory (the write of one step against the read of the
// next).
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

constexpr int kSeg = 256, kSegments = 8, kRows = kSeg * kSegments;

__global__ void scan_segments(int* counts) {
  int* seg = counts + blockIdx.x * kSeg;
  const int tid = threadIdx.x;
  for (int off = 1; off < kSeg; off <<= 1) {
    const int add = tid >= off ? seg[tid - off] : 0;
    __syncthreads();
    seg[tid] += add;  // expect-run: race-global
  }
}

// One thread per row: add the totals of the segments before this one, and
// shift by one so that row_ptr[0] = 0 and row_ptr[r + 1] = end of row r.
__global__ void add_offsets(const int* scanned, int* row_ptr, int rows) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  int offset = 0;
  for (int s = 0; s < r / kSeg; ++s) offset += scanned[s * kSeg + kSeg - 1];
  row_ptr[r + 1] = offset + scanned[r];
  if (r == 0) row_ptr[0] = 0;
}

int main() {
  int *counts, *row_ptr;
  CHECK(cudaMallocManaged(&counts, kRows * sizeof(int)));
  CHECK(cudaMallocManaged(&row_ptr, (kRows + 1) * sizeof(int)));
  long long expected = 0;
  for (int r = 0; r < kRows; ++r) {
    counts[r] = 1 + (r * 29) % 7;
    expected += counts[r];
  }
  scan_segments<<<kSegments, kSeg>>>(counts);
  CHECK(cudaGetLastError());
  add_offsets<<<(kRows + 127) / 128, 128>>>(counts, row_ptr, kRows);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("row_ptr: %d rows, %lld nonzeros expected\n", kRows, expected);
  fprintf(stderr, "row_ptr[%d] = %d\n", kRows, row_ptr[kRows]);
  CHECK(cudaFree(counts));
  CHECK(cudaFree(row_ptr));
  return 0;
}
