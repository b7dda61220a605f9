// Fixture for errors-in-user-code.test: an error in one function (line 4),
// a bug in another (line 9).
__global__ void broken(int *p) {
  p[0] = undeclared_value;
  if (threadIdx.x < 8) __syncthreads(); // not analysed: its function has an error
}

__global__ void fine_but_buggy(int *p) {
  if (threadIdx.x < 16) __syncthreads();
  p[threadIdx.x] = 1;
}
