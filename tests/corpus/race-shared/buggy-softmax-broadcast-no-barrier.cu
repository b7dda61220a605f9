// corpus-run:
// Row softmax, one block of 128 threads per row of 512 floats. Each thread
// finds the max of its four elements, thread 0 combines the 128 partial
// maxima and publishes the row max in shared memory, and every thread then
// exponentiates against it. The barrier after thread 0 publishes the max is
// missing: the other threads read rowMax while thread 0 is still looping
// (the old, uninitialised value), and thread 0's store lands after their
// loads. (nvcc even issues their load before thread 0's branch, since
// nothing orders it after the store: the store is the second access of
// every racing pair, a write-after-read.)
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

constexpr int kBlock = 128, kCols = 512, kPerThread = kCols / kBlock;

__global__ void softmaxRows(const float* in, float* out) {
  __shared__ float partMax[kBlock];
  __shared__ float partSum[kBlock];
  __shared__ float rowMax, rowSum;
  const float* x = in + blockIdx.x * kCols;
  float* y = out + blockIdx.x * kCols;
  float v[kPerThread], m = -INFINITY;
  for (int j = 0; j < kPerThread; ++j) {
    v[j] = x[threadIdx.x + j * kBlock];
    m = fmaxf(m, v[j]);
  }
  partMax[threadIdx.x] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = partMax[0];
    for (int k = 1; k < kBlock; ++k) r = fmaxf(r, partMax[k]);
    rowMax = r;  // expect-run: race-shared
  }
  float mx = rowMax;
  float s = 0.f;
  for (int j = 0; j < kPerThread; ++j) {
    v[j] = __expf(v[j] - mx);
    s += v[j];
  }
  partSum[threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = 0.f;
    for (int k = 0; k < kBlock; ++k) r += partSum[k];
    rowSum = r;
  }
  __syncthreads();
  float inv = 1.f / rowSum;
  for (int j = 0; j < kPerThread; ++j) y[threadIdx.x + j * kBlock] = v[j] * inv;
}

int main() {
  constexpr int rows = 4, n = rows * kCols;
  static float h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 29) % 13) * 0.25f;
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  softmaxRows<<<rows, kBlock>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  printf("softmaxRows: %d rows\n", rows);
  for (int r = 0; r < rows; ++r) {
    double total = 0;
    for (int c = 0; c < kCols; ++c) total += h_out[r * kCols + c];
    fprintf(stderr, "row %d sums to %.4f\n", r, total);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
