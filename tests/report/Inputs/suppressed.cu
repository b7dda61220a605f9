// check_sarif.py: findings a NOLINT comment silences are SARIF results with
// an inSource suppression; the one left is a plain result.
__global__ void kept(float *o, int n) {
  if (threadIdx.x < n) __syncthreads();
}
__global__ void silenced(float *o, int n) {
  if (threadIdx.x < n) __syncthreads(); // NOLINT(barrier-divergent)
}
