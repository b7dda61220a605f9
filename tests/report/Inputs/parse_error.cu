// A syntax error: lint must report the file as parse-error and exit 2.
__global__ void broken(int *x) {
  x[threadIdx.x] = 1
}
