// Source for the HTML report tests (tests/report/HtmlFormatTest.cpp), whose
// run findings point at these lines: keep the line numbers when editing.
// A tiled transpose without the second __syncthreads() of its loop.
__global__ void transpose(const float *in, float *out, int width) {
  __shared__ float tile[32][33];
  for (int t = 0; t < width; t += 32) {
    tile[threadIdx.y][threadIdx.x] = in[(t + threadIdx.y) * width + threadIdx.x];
    __syncthreads();
    out[(t + threadIdx.x) * width + threadIdx.y] = tile[threadIdx.x][threadIdx.y];
    if (threadIdx.x < 16) __syncwarp(0xffffffff);
  }
}
