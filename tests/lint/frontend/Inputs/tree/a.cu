__global__ void fromTreeA(int *p) { p[threadIdx.x] = 1; }
