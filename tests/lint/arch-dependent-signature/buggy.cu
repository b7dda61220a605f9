// RUN: %check_warpcheck %s arch-dependent-signature -- --cuda-arch=sm_80,sm_90
// Kernels and device variables whose layout depends on __CUDA_ARCH__.

// The guide's example: the host pushes 4 bytes, the kernel reads 8.
#if !defined(__CUDA_ARCH__)
typedef int elem_t;
#else
typedef long long elem_t;
#endif
__global__ void store(elem_t v, elem_t *out) { *out = v; }
// CHECK-NOTES: :[[@LINE-1]]:17: error: parameter 1 of kernel 'store' is 'int' (4 bytes) in the host pass but 'long long' (8 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-2]]:17: note: declared here in the sm_80 and sm_90 passes

// A __constant__ array declared twice: the host shadow is half the size.
#ifdef __CUDA_ARCH__
__constant__ double coeffs[16];
#else
__constant__ float coeffs[16];
// CHECK-NOTES: :[[@LINE-1]]:20: error: variable 'coeffs' is 'float[16]' (64 bytes) in the host pass but 'double[16]' (128 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-4]]:21: note: declared here in the sm_80 and sm_90 passes
#endif

// Same size, different scalar class, and only in one device pass.
#if __CUDA_ARCH__ >= 900
__device__ float scale;
#else
__device__ int scale;
// CHECK-NOTES: :[[@LINE-1]]:16: error: variable 'scale' is 'int' (4 bytes, signed integer) in the host pass but 'float' (4 bytes, floating) in the sm_90 pass [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-4]]:18: note: declared here in the sm_90 pass
#endif

// A struct parameter whose field changes: the finding names the field.
struct Params {
  float alpha;
  elem_t count;
};
__global__ void axpy(const float *x, Params p) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: field 'count' of parameter 2 of kernel 'axpy' is 'int' (4 bytes) in the host pass but 'long long' (8 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-2]]:17: note: declared here in the sm_80 and sm_90 passes

// A field that only device passes have: size and field count differ.
struct Stats {
  int n;
#ifdef __CUDA_ARCH__
  int device_only;
#endif
};
__global__ void reduce(Stats s) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: parameter 1 of kernel 'reduce' is 'Stats' (4 bytes, 1 field) in the host pass but 'Stats' (8 bytes, 2 fields) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-2]]:17: note: declared here in the sm_80 and sm_90 passes

// Through a pointer: the host allocates ints, the kernel reads long longs.
__global__ void fill(elem_t *out, int n) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: the pointee of parameter 1 of kernel 'fill' is 'int' (4 bytes) in the host pass but 'long long' (8 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-2]]:17: note: declared here in the sm_80 and sm_90 passes

// A parameter only the host pass declares.
#ifdef __CUDA_ARCH__
__global__ void extra(int a) {}
#else
__global__ void extra(int a, int b) {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: kernel 'extra' has 2 parameters in the host pass but 1 parameter in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-4]]:17: note: declared here in the sm_80 and sm_90 passes
#endif

// A kernel template: a parameter that does not depend on T is reported once,
// on the template; one that does is reported per specialization.
template <class T> __global__ void tscale(T *data, elem_t n) {}
// CHECK-NOTES: :[[@LINE-1]]:36: error: parameter 2 of kernel 'tscale' is 'int' (4 bytes) in the host pass but 'long long' (8 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-2]]:36: note: declared here in the sm_80 and sm_90 passes
template <class T> struct Pair { T first; elem_t second; };
template <class T> __global__ void tpair(Pair<T> p) {}
// CHECK-NOTES: :[[@LINE-1]]:36: error: field 'second' of parameter 1 of kernel 'tpair<float>' is 'int' (4 bytes) in the host pass but 'long long' (8 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-2]]:36: note: declared here in the sm_80 and sm_90 passes
void launch(float *d) {
  tscale<<<1, 1>>>(d, 4);
  tpair<<<1, 1>>>(Pair<float>{});
}

// A __managed__ variable: clang drops the attribute in CUDA mode, so the
// keyword is recognised as written.
#ifdef __CUDA_ARCH__
__managed__ double progress;
#else
__managed__ float progress;
// CHECK-NOTES: :[[@LINE-1]]:19: error: variable 'progress' is 'float' (4 bytes) in the host pass but 'double' (8 bytes) in the sm_80 and sm_90 passes [arch-dependent-signature]
// CHECK-NOTES: :[[@LINE-4]]:20: note: declared here in the sm_80 and sm_90 passes
#endif
