// RUN: %check_warpcheck %s async-copy-read-before-wait
// The notes: the copy, the wait that left it in flight, the call it came through.
// A finding comes first and its notes follow it, so the checks sit after the code.
#include <cuda_pipeline.h>

__global__ void double_buffer(const float4 *g, float4 *out, int tiles) {
  __shared__ float4 buf[2][128];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[0][t], &g[t], sizeof(float4));
  __pipeline_commit();
  for (int i = 0; i < tiles; ++i) {
    if (i + 1 < tiles)
      __pipeline_memcpy_async(&buf[(i + 1) & 1][t], &g[(i + 1) * 128 + t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(2);
    out[i * 128 + t] = buf[i & 1][t];
  }
}
// CHECK-NOTES: :[[@LINE-3]]:24: error: 'buf[i & 1][t]' is read while an asynchronous copy into it may still be in flight: '__pipeline_wait_prior(2)' leaves the 2 most recently committed batches in flight, and the copy is in one of them [async-copy-read-before-wait]
// CHECK-NOTES: :[[@LINE-11]]:3: note: asynchronous copy into 'buf' issued here
// CHECK-NOTES: :[[@LINE-6]]:5: note: the copy is still in flight after this wait

__device__ void load_row(float *row, const float *src) {
  __pipeline_memcpy_async(row + threadIdx.x, src + threadIdx.x, sizeof(float));
  __pipeline_commit();
}
__device__ float first_of(const float *row) { return row[0]; }
__device__ void consume(float *row, const float *g, float *out) {
  load_row(row, g);
  out[0] = first_of(row);
  __pipeline_wait_prior(0);
}
__global__ void kernel(const float *g, float *out) {
  __shared__ float row[256];
  consume(row, g, out);
}
// CHECK-NOTES: :[[@LINE-10]]:54: error: 'row[0]' is read while an asynchronous copy into it may still be in flight: nothing waits for it first (__pipeline_wait_prior()) [async-copy-read-before-wait]
// CHECK-NOTES: :[[@LINE-14]]:3: note: asynchronous copy into 'row' issued here
// CHECK-NOTES: :[[@LINE-10]]:3: note: through this call
// CHECK-NOTES: :[[@LINE-10]]:12: note: in the call to 'first_of' here
