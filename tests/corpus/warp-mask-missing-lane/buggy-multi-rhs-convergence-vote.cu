// Block conjugate gradient with NRHS right-hand sides solved together: one
// warp tracks convergence, lane k holding the residual norm of system k.
// The vote runs on the lanes that own a system, but RHS_MASK was written for
// five systems when NRHS went from 5 to 6: lane 5 calls __all_sync without
// its bit in the mask (the guide's "threads 2, 3 are active but not set in
// mask" case).

#define NRHS 6
#define RHS_MASK 0x1fu

__global__ void checkConvergence(const double *__restrict__ rr, const double *__restrict__ bb, double tol,
                                 int *__restrict__ allConverged, int *__restrict__ converged) {
  const int lane = threadIdx.x;
  if (lane < NRHS) {
    const double rel = sqrt(rr[lane] / bb[lane]);
    const int done = rel < tol;
    converged[lane] = done;
    const int all = __all_sync(RHS_MASK, done); // expect: warp-mask-missing-lane
    if (lane == 0) *allConverged = all;
  }
}

void cgCheck(const double *rr, const double *bb, double tol, int *allConverged, int *converged, cudaStream_t s) {
  checkConvergence<<<1, 32, 0, s>>>(rr, bb, tol, allConverged, converged);
}
