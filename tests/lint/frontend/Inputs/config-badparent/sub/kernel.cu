// Never analysed: the configuration it inherits is malformed.
__global__ void k(int *out) { out[threadIdx.x] = 1; }
