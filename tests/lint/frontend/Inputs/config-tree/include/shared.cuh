// Included by app/ and lib/: its finding takes the configuration of the TU
// that reports it (barrier-divergent is off in app/, a note in lib/), not
// the root's beside it (where it would be an error).
#pragma once
__global__ void shared_shift(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x > 0) {
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x - 1];
  }
}
