// corpus-run:
// Variable-width lane groups read from a schedule prepared on the host:
// group_mask[g] is the mask of the lanes of warp-local group g, and each
// lane loads the mask of its group (group_of[lane]) before synchronising
// with the group around a shared-memory gather of the group's first value.
//
// Bug: the host builds each group's mask one lane too wide (it includes the
// first lane of the next group), so neighbouring groups' masks overlap:
// lanes of two groups reach the same __syncwarp() together with different,
// overlapping masks, which the guide forbids. Nothing in the kernel shows
// it; the masks only exist at run time.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kGroups = 4;

__global__ void group_gather(const unsigned* group_mask, const int* group_of, const int* x, int* y) {
  __shared__ int s[32];
  const int lane = threadIdx.x & 31;
  const int g = group_of[lane];
  const unsigned mask = group_mask[g];
  const int i = blockIdx.x * 32 + lane;
  s[lane] = x[i];
  // expect-run-next-line: warp-mask-nonuniform
  __syncwarp(mask);
  y[i] = x[i] - s[__ffs(mask) - 1];  // difference to the group's first value
}

int main() {
  const int width[kGroups] = {5, 11, 9, 7};  // lanes per group, 32 in all
  unsigned* group_mask;
  int *group_of, *x, *y;
  const int blocks = 3;
  CUDA_CHECK(cudaMallocManaged(&group_mask, kGroups * sizeof(unsigned)));
  CUDA_CHECK(cudaMallocManaged(&group_of, 32 * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&x, blocks * 32 * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&y, blocks * 32 * sizeof(int)));
  for (int g = 0, first = 0; g < kGroups; first += width[g], ++g) {
    const int end = first + width[g] + 1;  // one lane too many
    group_mask[g] = (end >= 32 ? 0xffffffffu : (1u << end) - 1u) & ~((1u << first) - 1u);
    for (int l = first; l < first + width[g]; ++l) group_of[l] = g;
  }
  for (int i = 0; i < blocks * 32; ++i) x[i] = (i * 31) % 47;
  group_gather<<<blocks, 32>>>(group_mask, group_of, x, y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < blocks * 32; ++i) sum += y[i] * (i % 5 + 1);
  printf("group_gather: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(group_mask));
  CUDA_CHECK(cudaFree(group_of));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
