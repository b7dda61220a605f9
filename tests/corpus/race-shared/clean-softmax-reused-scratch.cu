// corpus-run:
// Row softmax, one block of 128 threads per 512-float row, with a single
// shared scratch array reused for the max and for the sum. Thread 0 folds
// the partials serially and publishes the result; a barrier follows each
// publication, and the barrier after publishing the max also guarantees
// that thread 0 finished reading the partial maxima before the partial sums
// overwrite the same scratch slots.
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

struct MaxOp {
  __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct SumOp {
  __device__ float operator()(float a, float b) const { return a + b; }
};

// Every thread calls it (the barriers inside are reached by the whole block).
template <typename Op>
__device__ float blockAllReduce(float* scratch, float* result, float v, Op op) {
  scratch[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = scratch[0];
    for (int k = 1; k < kBlock; ++k) r = op(r, scratch[k]);
    *result = r;
  }
  __syncthreads();
  return *result;
}

__global__ void softmaxRows(const float* in, float* out) {
  __shared__ float scratch[kBlock];
  __shared__ float rowMax, rowSum;
  const float* x = in + blockIdx.x * kCols;
  float* y = out + blockIdx.x * kCols;
  float v[kPerThread], m = -INFINITY;
  for (int j = 0; j < kPerThread; ++j) {
    v[j] = x[threadIdx.x + j * kBlock];
    m = fmaxf(m, v[j]);
  }
  float mx = blockAllReduce(scratch, &rowMax, m, MaxOp());
  float s = 0.f;
  for (int j = 0; j < kPerThread; ++j) {
    v[j] = __expf(v[j] - mx);
    s += v[j];
  }
  float inv = 1.f / blockAllReduce(scratch, &rowSum, s, SumOp());
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
  for (int r = 0; r < rows; ++r) {
    double total = 0;
    for (int c = 0; c < kCols; ++c) total += h_out[r * kCols + c];
    printf("row %d sums to %.3f\n", r, total);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
