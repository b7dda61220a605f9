// Escape-time fractal with per-warp early termination, a pattern from
// pre-Volta renderers: each lane iterates its own pixel, and the warp leaves
// the loop only when no lane is still iterating, so the divergent lanes do
// not serialise the tail. The vote is the legacy __any: without a mask it
// assumes all 32 lanes reach it together. Lanes of the last, partial row
// block never enter the loop at all (`if (x < width)` below), so the right
// mask is not even 0xffffffff: it must be computed with __ballot_sync before
// the branch.

struct View {
  float x0, y0, dx, dy;
  int width, height, maxIter;
};

__device__ unsigned char shade(int iter, int maxIter) {
  return iter >= maxIter ? 0 : (unsigned char)(255 * iter / maxIter);
}

__global__ void mandelbrot(unsigned char *image, View v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < v.width && y < v.height) {
    float cr = v.x0 + x * v.dx, ci = v.y0 + y * v.dy;
    float zr = 0.f, zi = 0.f;
    int iter = 0;
    bool active = true;
    while (__any(active)) {  // expect: warp-legacy-intrinsic
      if (active) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.f * zr * zi + ci;
        zr = t;
        ++iter;
        active = zr * zr + zi * zi < 4.f && iter < v.maxIter;
      }
    }
    image[y * v.width + x] = shade(iter, v.maxIter);
  }
}

void render(unsigned char *d_image, View v) {
  dim3 block(128, 1);
  dim3 grid((v.width + block.x - 1) / block.x, v.height);
  mandelbrot<<<grid, block>>>(d_image, v);
}
