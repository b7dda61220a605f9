// Two kernels in one file: an initialisation kernel (block-level sync only)
// launched with <<<>>>, and a persistent histogram-equalisation kernel
// with grid.sync() launched cooperatively.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#define BINS 256

__global__ void clearBins(unsigned *bins, float *cdf) {
  auto block = cg::this_thread_block();
  for (int b = block.thread_rank(); b < BINS; b += block.size()) {
    bins[b] = 0;
    cdf[b] = 0.f;
  }
  block.sync();
}

__global__ void equalize(unsigned char *img, size_t n, unsigned *bins, float *cdf) {
  cg::grid_group grid = cg::this_grid();
  for (size_t i = grid.thread_rank(); i < n; i += grid.size()) atomicAdd(&bins[img[i]], 1u);
  grid.sync();
  if (grid.thread_rank() == 0) {
    unsigned run = 0;
    for (int b = 0; b < BINS; ++b) {
      run += bins[b];
      cdf[b] = (float)run / (float)n;
    }
  }
  grid.sync();
  for (size_t i = grid.thread_rank(); i < n; i += grid.size()) img[i] = (unsigned char)(255.f * cdf[img[i]]);
}

void equalizeImage(unsigned char *img, size_t n, unsigned *bins, float *cdf, int blocks, cudaStream_t s) {
  clearBins<<<1, BINS, 0, s>>>(bins, cdf);
  void *args[] = {&img, &n, &bins, &cdf};
  cudaLaunchCooperativeKernel((void *)equalize, dim3(blocks), dim3(256), args, 0, s);
}
