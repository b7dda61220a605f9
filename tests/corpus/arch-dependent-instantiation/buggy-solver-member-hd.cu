// corpus-args: --cuda-arch=sm_80,sm_90
// Jacobi smoother wrapped in a small solver class. `sweep()` is declared
// __host__ __device__ because the class is also used inside kernels (for
// its accessors); its host branch launches jacobiSweep<double>. That
// branch is #ifndef __CUDA_ARCH__, so device passes never name the
// specialization and never compile it: the launch fails with an invalid
// device function.
#include <cuda_runtime.h>

template <typename T>
__global__ void jacobiSweep(const T *u, T *uNew, const T *f, int nx, int ny, T h2) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  const int i = y * nx + x;
  uNew[i] = (T)0.25 * (u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx] - h2 * f[i]);
}

class PoissonGrid {
public:
  __host__ __device__ PoissonGrid(double *u, double *tmp, const double *f, int nx, int ny, double h)
      : u_(u), tmp_(tmp), f_(f), nx_(nx), ny_(ny), h_(h) {}
  __host__ __device__ double at(int x, int y) const { return u_[y * nx_ + x]; }

  __host__ __device__ void sweep(cudaStream_t s) {
#ifndef __CUDA_ARCH__
    dim3 block(32, 8), grid((nx_ + 31) / 32, (ny_ + 7) / 8);
    jacobiSweep<double><<<grid, block, 0, s>>>(u_, tmp_, f_, nx_, ny_, h_ * h_); // expect: arch-dependent-instantiation
    double *t = u_;
    u_ = tmp_;
    tmp_ = t;
#endif
  }

private:
  double *u_, *tmp_;
  const double *f_;
  int nx_, ny_;
  double h_;
};

void smooth(PoissonGrid &g, int sweeps, cudaStream_t s) {
  for (int k = 0; k < sweeps; ++k) g.sweep(s);
}
