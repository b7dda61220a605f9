// Early termination of a per-pixel iterative kernel (Mandelbrot escape
// time, one pixel per thread) written with CUDA 9 warp intrinsics and run
// through hipify unchanged: `unsigned active = __ballot_sync(0xffffffff,
// ...)` and `__any_sync`. HIP's _sync functions take a 64-bit mask (ROCm
// 6.2+ rejects a 32-bit one), the ballot's upper 32 lanes are dropped on
// gfx90a, and 0xffffffff does not name lanes 32-63 of the wavefront.
#include <hip/hip_runtime.h>

__global__ void escapeTime(int width, int height, float x0, float y0, float dx, float dy, int maxIter,
                           unsigned short *iters, int *warpsDone) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y;
  const bool inside = px < width && py < height;
  const float cr = x0 + px * dx, ci = y0 + py * dy;
  float zr = 0.f, zi = 0.f;
  int it = 0;
  bool running = inside;

  for (int k = 0; k < maxIter; ++k) {
    if (running) {
      const float t = zr * zr - zi * zi + cr;
      zi = 2.f * zr * zi + ci;
      zr = t;
      ++it;
      running = zr * zr + zi * zi < 4.f;
    }
    if (!__any_sync(0xffffffff, running)) break; // expect: hip-mask-32bit, warp-mask-missing-lane
  }
  unsigned escaped = __ballot_sync(0xffffffff, inside && !running); // expect: hip-mask-32bit, warp-mask-missing-lane
  if (inside) iters[py * width + px] = (unsigned short)it;
  if (__lane_id() == 0 && escaped != 0) atomicAdd(warpsDone, 1);
}
