// A suppression comment opened and never closed: suppression-invalid, a
// note by this directory's configuration.
// NOLINTBEGIN(barrier-divergent)
__global__ void k(int *out) { out[threadIdx.x] = 1; }
