// Never analysed: the configuration next to it is malformed.
__global__ void k(int *p) { p[threadIdx.x] = 0; }
