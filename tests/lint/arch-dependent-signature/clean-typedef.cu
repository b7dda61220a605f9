// RUN: %check_warpcheck %s arch-dependent-signature -- --cuda-arch=sm_80,sm_90
// Declarations spelled differently per pass but laid out alike, and things
// this rule does not compare: none is a finding.
#include <cstdint>

#ifdef __CUDA_ARCH__
typedef long count_t;           // LP64: 8-byte signed integer...
typedef int32_t i32;
typedef unsigned int u32;
typedef const float *in_ptr;
typedef void *raw_ptr;
struct DeviceVec { float x, y; };
typedef DeviceVec vec_t;
enum class Mode : int { A, B };
typedef Mode mode_type;
#else
typedef long long count_t;      // ...exactly like long long
typedef int i32;
typedef uint32_t u32;
typedef float *in_ptr;          // constness is no layout
typedef char *raw_ptr;          // a void pointee has no layout to compare
struct HostVec { float a, b; }; // another name, same fields and offsets
typedef HostVec vec_t;
typedef int mode_type;          // an enum with an int underlying type
#endif

__global__ void kernel(count_t n, i32 a, u32 b, in_ptr p, raw_ptr r, vec_t v, mode_type m) {}
__device__ count_t counter;
__constant__ vec_t origin;

// Overloads declared in a different order per pass pair by layout.
#ifdef __CUDA_ARCH__
__global__ void overloaded(float x) {}
__global__ void overloaded(int x) {}
#else
__global__ void overloaded(int x) {}
__global__ void overloaded(float x) {}
#endif

// Only device passes declare it: nothing to compare with the host, and the
// device passes agree.
#ifdef __CUDA_ARCH__
__global__ void device_only(double d) {}
#endif

// Not kernels or device variables: a __device__ function and a namespace
// constexpr (which clang makes __constant__ in device passes only).
#ifdef __CUDA_ARCH__
typedef double real;
#else
typedef float real;
#endif
__device__ real helper(real x) { return x; }
constexpr real kEps = 1;

// A template parameter that depends on T only: nothing to compare until a
// specialization exists, and T is the same in every pass.
template <class T> __global__ void generic(T x) {}
void launch() { generic<<<1, 1>>>(1.0); }
