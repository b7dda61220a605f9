__global__ void fromTreeB(int *p) { p[threadIdx.x] = 2; }
