// Transpose of a tile with a 2-D early exit: a thread whose row and
// column are both past the matrix leaves before the barrier. The exit
// condition is a compound (`r >= rows && c >= cols`); exited threads are
// not waited for, and every thread that stays reaches the barrier.

__global__ void transposeEdge(const float *__restrict__ in, float *__restrict__ out, int rows, int cols) {
  __shared__ float tile[32][33];
  const int r = blockIdx.y * 32 + threadIdx.y;
  const int c = blockIdx.x * 32 + threadIdx.x;
  if (r >= rows && c >= cols) return;
  tile[threadIdx.y][threadIdx.x] = (r < rows && c < cols) ? in[r * cols + c] : 0.f;
  __syncthreads();
  const int tr = blockIdx.x * 32 + threadIdx.y, tc = blockIdx.y * 32 + threadIdx.x;
  if (tr < cols && tc < rows) out[tr * rows + tc] = tile[threadIdx.x][threadIdx.y];
}
