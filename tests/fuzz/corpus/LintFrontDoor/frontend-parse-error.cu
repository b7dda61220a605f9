// Fixture for parse-error.test: one error, on line 4.
__global__ void k(int *p) {
  int x = 1;
  p[0] = undeclared_value + x;
}
