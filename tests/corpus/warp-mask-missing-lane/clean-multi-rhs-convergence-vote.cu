// Block conjugate gradient with NRHS right-hand sides: lane k of one warp
// holds the residual norm of system k and the lanes that own a system vote
// on convergence. The mask is derived from NRHS, so it names exactly the
// lanes under `if (lane < NRHS)`.

#define NRHS 6
#define RHS_MASK ((1u << NRHS) - 1)

__global__ void checkConvergence(const double *__restrict__ rr, const double *__restrict__ bb, double tol,
                                 int *__restrict__ allConverged, int *__restrict__ converged) {
  const int lane = threadIdx.x;
  if (lane < NRHS) {
    const double rel = sqrt(rr[lane] / bb[lane]);
    const int done = rel < tol;
    converged[lane] = done;
    const int all = __all_sync(RHS_MASK, done);
    if (lane == 0) *allConverged = all;
  }
}

void cgCheck(const double *rr, const double *bb, double tol, int *allConverged, int *converged, cudaStream_t s) {
  checkConvergence<<<1, 32, 0, s>>>(rr, bb, tol, allConverged, converged);
}
