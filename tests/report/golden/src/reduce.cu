// Input of the golden SARIF report (tests/report/SarifFormatTest.cpp): the
// non-ASCII comments before the findings make UTF-16 columns differ from bytes.
__global__ void reduce(const float *in, float *out, unsigned n) {
  __shared__ float s[256];
  float v = in[threadIdx.x];
  /* größe */ if (threadIdx.x < n) {
    s[threadIdx.x] = v;
    /* 𝔘 */ __syncthreads();
  }
  v += __shfl_down(v, 16);
  if (threadIdx.x == 0) *out = s[32] + v;
}
