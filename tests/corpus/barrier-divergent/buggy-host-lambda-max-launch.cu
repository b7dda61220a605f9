// The buggy twin of clean-host-lambda-max-launch.cu: the launch
// configuration is still computed on the host with the unqualified max/min
// of nvcc's headers inside a lambda (which lint must parse), but the
// kernel's bounds check now wraps the smoothing barrier: in the last,
// partial block the threads past `n` never reach it.

#include <vector>

__global__ void clampScale(float *__restrict__ v, int n, float lo) {
  __shared__ float s[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[threadIdx.x] = fmaxf(v[i], lo);
    __syncthreads(); // expect: barrier-divergent
    const int j = max((int)threadIdx.x - 1, 0);
    v[i] = 0.5f * (s[threadIdx.x] + s[j]);
  }
}

void launchAll(std::vector<float *> &bufs, const std::vector<int> &sizes) {
  auto blocksFor = [](int n) { return max(1, min((n + 255) / 256, 65535)); };
  for (size_t b = 0; b < bufs.size(); ++b) clampScale<<<blocksFor(sizes[b]), 256>>>(bufs[b], sizes[b], 0.f);
}
