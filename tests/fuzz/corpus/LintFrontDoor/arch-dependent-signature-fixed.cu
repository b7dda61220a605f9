// buggy.cu with one type per entity in every pass; the arch-specific code
// moved inside the kernels, where it changes no layout.

typedef long long elem_t;
__global__ void store(elem_t v, elem_t *out) { *out = v; }

__constant__ float coeffs[16];

__device__ float scale;

struct Params {
  float alpha;
  elem_t count;
};
__global__ void axpy(const float *x, Params p) {
#if __CUDA_ARCH__ >= 900
  // an sm_90 code path
#endif
}

struct Stats {
  int n;
  int device_only; // present in every pass, unused on the host
};
__global__ void reduce(Stats s) {}

__global__ void fill(elem_t *out, int n) {}

__global__ void extra(int a, int b) {}

template <class T> __global__ void tscale(T *data, elem_t n) {}
template <class T> struct Pair { T first; elem_t second; };
template <class T> __global__ void tpair(Pair<T> p) {}
void launch(float *d) {
  tscale<<<1, 1>>>(d, 4);
  tpair<<<1, 1>>>(Pair<float>{});
}
