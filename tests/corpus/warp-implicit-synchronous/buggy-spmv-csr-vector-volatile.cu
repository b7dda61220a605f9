// CSR SpMV, "vector" kernel in the style of Bell & Garland / CUSP (2008):
// one warp per row, row bounds fetched by lanes 0 and 1 into a per-warp
// shared slot, and the row sum reduced through a volatile shared buffer
// with the unrolled halving tree. All of it relies on the warp executing in
// lockstep: lanes read ptrs[warp][0..1] right after lanes 0 and 1 stored
// them, and lane i reads sdata[i + 16] while lane i + 16 may still be
// writing it. With independent thread scheduling (sm_70 and later) the
// reads can see stale values; every step needs __syncwarp().

#define THREADS 128
#define WARPS (THREADS / 32)

__global__ void spmvCsrVector(int numRows, const int *__restrict__ Ap, const int *__restrict__ Aj,
                              const float *__restrict__ Ax, const float *__restrict__ x, float *__restrict__ y) {
  __shared__ volatile float sdata[THREADS];
  __shared__ volatile int ptrs[WARPS][2];

  const int threadLane = threadIdx.x & 31;
  const int warpLocal = threadIdx.x / 32;
  const int numWarps = WARPS * gridDim.x;

  for (int row = blockIdx.x * WARPS + warpLocal; row < numRows; row += numWarps) {
    if (threadLane < 2) ptrs[warpLocal][threadLane] = Ap[row + threadLane];
    const int rowStart = ptrs[warpLocal][0];  // expect: warp-implicit-synchronous
    const int rowEnd = ptrs[warpLocal][1];    // expect: warp-implicit-synchronous

    float sum = 0.f;
    for (int jj = rowStart + threadLane; jj < rowEnd; jj += 32) sum += Ax[jj] * x[Aj[jj]];

    sdata[threadIdx.x] = sum;
    if (threadLane < 16) sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 16];  // expect: warp-implicit-synchronous
    if (threadLane < 8) sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 8];    // expect: warp-implicit-synchronous
    if (threadLane < 4) sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 4];    // expect: warp-implicit-synchronous
    if (threadLane < 2) sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 2];    // expect: warp-implicit-synchronous
    if (threadLane < 1) sdata[threadIdx.x] = sum = sum + sdata[threadIdx.x + 1];    // expect: warp-implicit-synchronous

    if (threadLane == 0) y[row] = sdata[threadIdx.x];
  }
}
