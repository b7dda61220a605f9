// corpus-args: --cuda-arch=sm_80,sm_90 -- -fgpu-rdc
// Adaptive mesh refinement: a parent kernel inspects each coarse cell and,
// for cells whose error estimate is high, launches a child grid from
// device code to refine them. The child specializations are named only in
// device code (dynamic parallelism), which each device pass compiles for
// itself; the host only launches the non-template parent.
#include <cuda_runtime.h>

template <int REFINE>
__global__ void refineCell(const float *coarse, float *fine, int cell, int coarseW, int numCells) {
  const int fx = threadIdx.x, fy = threadIdx.y;
  const int cx = cell % coarseW;
  const float v = coarse[cell];
  const float right = cx + 1 < coarseW ? coarse[cell + 1] : v;
  const float down = cell + coarseW < numCells ? coarse[cell + coarseW] : v;
  const float tx = (fx + 0.5f) / REFINE, ty = (fy + 0.5f) / REFINE;
  fine[((size_t)cell * REFINE + fy) * REFINE + fx] = v + tx * (right - v) + ty * (down - v);
}

__global__ void refineWhereNeeded(const float *coarse, const float *error, float *fine, int numCells, int coarseW,
                                  float tol) {
  const int cell = blockIdx.x * blockDim.x + threadIdx.x;
  if (cell >= numCells || error[cell] <= tol) return;
  if (error[cell] > 4 * tol)
    refineCell<8><<<1, dim3(8, 8), 0, cudaStreamFireAndForget>>>(coarse, fine, cell, coarseW, numCells);
  else
    refineCell<4><<<1, dim3(4, 4), 0, cudaStreamFireAndForget>>>(coarse, fine, cell, coarseW, numCells);
}

void refine(const float *coarse, const float *err, float *fine, int cells, int w, float tol, cudaStream_t s) {
  refineWhereNeeded<<<(cells + 127) / 128, 128, 0, s>>>(coarse, err, fine, cells, w, tol);
}
