// Input of errors.test: a finding with a fix-it in a file that fails to parse.
__global__ void legacy(float *o) { o[0] = __shfl_down(o[0], 1); }
__global__ void broken(int *p) { p[0] = undeclared_value; }
