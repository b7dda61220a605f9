// Host-side planning of a histogram launch: the host keeps the device's
// warp size in a local variable that happens to be called `warpSize`,
// read from the device properties. It shadows HIP's built-in, and its
// value is the real device's; the kernel reads the built-in at run time.
#include <hip/hip_runtime.h>
#include <vector>

__global__ void waveHistograms(const unsigned char *data, size_t n, unsigned *perWave, int bins) {
  const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  unsigned *mine = perWave + (size_t)wave * bins;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&mine[data[i] % bins], 1u);
}

struct HistogramPlan {
  int blocks, threads, waves;
  size_t scratchBytes;
};

HistogramPlan planHistogram(int device, int bins) {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, device);
  const int warpSize = prop.warpSize;
  HistogramPlan p;
  p.threads = 4 * warpSize;
  p.blocks = 2 * prop.multiProcessorCount;
  p.waves = p.blocks * (p.threads / warpSize);
  p.scratchBytes = (size_t)p.waves * bins * sizeof(unsigned);
  return p;
}

void runHistogram(const unsigned char *data, size_t n, unsigned *scratch, int bins, const HistogramPlan &p,
                  hipStream_t s) {
  hipMemsetAsync(scratch, 0, p.scratchBytes, s);
  hipLaunchKernelGGL(waveHistograms, dim3(p.blocks), dim3(p.threads), 0, s, data, n, scratch, bins);
}
