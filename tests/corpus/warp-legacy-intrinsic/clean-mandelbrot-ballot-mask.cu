// Escape-time fractal with per-warp early termination, written for
// independent thread scheduling: the mask of the lanes that hold a pixel
// is taken with __ballot_sync(0xffffffff, ...) before the bounds check,
// and the loop vote uses exactly that mask. Lanes of the partial last block
// never call the vote and are not in its mask.

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
  const bool inside = x < v.width && y < v.height;
  const unsigned pixels = __ballot_sync(0xffffffffu, inside);
  if (inside) {
    float cr = v.x0 + x * v.dx, ci = v.y0 + y * v.dy;
    float zr = 0.f, zi = 0.f;
    int iter = 0;
    bool active = true;
    while (__any_sync(pixels, active)) {
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
