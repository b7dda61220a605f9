// Vectorised AXPY-style kernel with 16-byte loads, in a code base that
// also runs clang-tidy. Its suppression comments name clang-tidy checks
// only (reinterpret_cast for vector loads, magic numbers, narrowing):
// names far from every warpcheck rule are taken to be other tools' checks
// and are fine. None of these lines has a warpcheck finding.

#include <cstdint>

__global__ void axpyVec4(float alpha, const float *__restrict__ x, float *__restrict__ y, std::int64_t n) {
  const std::int64_t nVec = n / 4;
  const auto *x4 = reinterpret_cast<const float4 *>(x);  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
  auto *y4 = reinterpret_cast<float4 *>(y);              // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
  const std::int64_t stride = (std::int64_t)blockDim.x * gridDim.x;
  for (std::int64_t i = (std::int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nVec; i += stride) {
    float4 a = x4[i], b = y4[i];
    b.x += alpha * a.x;
    b.y += alpha * a.y;
    b.z += alpha * a.z;
    b.w += alpha * a.w;
    y4[i] = b;
  }
  // The scalar tail: at most three elements, handled by the first threads.
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;  // NOLINT(bugprone-narrowing-conversions)
  // NOLINTNEXTLINE(readability-magic-numbers, cppcoreguidelines-avoid-magic-numbers)
  if (tid < 3 && nVec * 4 + tid < n) y[nVec * 4 + tid] += alpha * x[nVec * 4 + tid];
}

void axpy(float alpha, const float *x, float *y, std::int64_t n, cudaStream_t s) {
  const int threads = 256;  // NOLINT(readability-magic-numbers)
  std::int64_t blocks = (n / 4 + threads - 1) / threads;
  if (blocks < 1) blocks = 1;
  if (blocks > 65535) blocks = 65535;  // NOLINT(readability-magic-numbers)
  axpyVec4<<<(unsigned)blocks, threads, 0, s>>>(alpha, x, y, n);
}
