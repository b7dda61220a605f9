// RUN: %check_warpcheck %s async-copy-read-before-wait,pipeline-protocol
// Functions that only issue and commit copies are not explored as entry
// points (analyzer/analyses/AsyncCopyFindingSites.h): nothing can be
// reported on their paths. A function counts as such only when no helper
// it calls reads, writes or waits either: here each kernel does nothing
// but call helpers, and the read and the wait that make the findings are
// one call further down.
#include <cuda_pipeline.h>

__device__ void issue(float *sh, const float *g) {
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[threadIdx.x], sizeof(float));
  __pipeline_commit();
}

__device__ void issue_uncommitted(float *sh, const float *g) {
  __pipeline_memcpy_async(&sh[threadIdx.x], &g[threadIdx.x], sizeof(float));
}

__device__ void peek(const float *sh, float *out) {
  out[threadIdx.x] = sh[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: {{.*}} [async-copy-read-before-wait]
}

__device__ void wait_all() {
  __pipeline_wait_prior(0);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: '__pipeline_wait_prior(0)' does not wait for the copies issued since the last commit{{.*}} [pipeline-protocol]
}

__device__ void issue_then_peek(float *sh, const float *g, float *out) {
  issue(sh, g);
  peek(sh, out);
}

// The read is two calls down.
__global__ void read_in_helper(const float *g, float *out) {
  __shared__ float sh[128];
  issue_then_peek(sh, g, out);
}

// The wait is in a helper.
__global__ void wait_in_helper(const float *g, float *out) {
  __shared__ float sh[128];
  issue_uncommitted(sh, g);
  wait_all();
  out[threadIdx.x] = sh[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: {{.*}} the copy is not committed to a batch{{.*}} [async-copy-read-before-wait]
}

// Tricky clean: copy-only functions (a lambda among them), explored or
// not, report nothing.
__global__ void only_copies(const float *g, int n) {
  __shared__ float sh[128];
  auto load = [&](int k) { __pipeline_memcpy_async(&sh[k], &g[k], sizeof(float)); };
  for (int i = threadIdx.x; i < n && i < 128; i += 32) load(i);
  issue(sh, g);
  __pipeline_commit();
}
