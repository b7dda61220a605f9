#include "analyzer/frontend/CudaOverlay.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

namespace warpcheck {
namespace {

const char *const kHeaderPath = "/.warpcheck-cuda-overlay/include/warpcheck_cuda_compat.h";

const char *const kHeader = R"__wc(// warpcheck: what nvcc's headers give CUDA code and clang's wrappers lack.
#pragma once
// A toolkit header, as what it stands in for: not the user's code (no
// findings, no per-function budget).
#pragma clang system_header
#if defined(__CUDA__) && !defined(__HIP__) && !defined(__WARPCHECK_CUDA_COMPAT)
#define __WARPCHECK_CUDA_COMPAT 1

// Cache hints (sm_32_intrinsics.h): clang has the loads __ldg, __ldcg,
// __ldcs and __ldcv and the store __stwt, but not the loads __ldlu and
// __ldca nor the stores __stcg, __stcs and __stwb (nor __stwt of long).
// A plain load or store is what the analysis needs of them.
#define __WARPCHECK_STORE(name, T) \
  static __device__ __inline__ void name(T *__ptr, T __value) { *__ptr = __value; }
#define __WARPCHECK_LOAD(name, T) \
  static __device__ __inline__ T name(const T *__ptr) { return *__ptr; }
// `F(name, T)` for every type nvcc's header gives these intrinsics.
#define __WARPCHECK_EACH_TYPE(F, name) \
  F(name, long) F(name, unsigned long) \
  F(name, char) F(name, signed char) F(name, short) F(name, int) \
  F(name, long long) F(name, char2) F(name, char4) F(name, short2) \
  F(name, short4) F(name, int2) F(name, int4) F(name, longlong2) \
  F(name, unsigned char) F(name, unsigned short) F(name, unsigned int) \
  F(name, unsigned long long) F(name, uchar2) F(name, uchar4) \
  F(name, ushort2) F(name, ushort4) F(name, uint2) F(name, uint4) \
  F(name, ulonglong2) F(name, float) F(name, double) F(name, float2) \
  F(name, float4) F(name, double2)
__WARPCHECK_EACH_TYPE(__WARPCHECK_STORE, __stcg)
__WARPCHECK_EACH_TYPE(__WARPCHECK_STORE, __stcs)
__WARPCHECK_EACH_TYPE(__WARPCHECK_STORE, __stwb)
__WARPCHECK_STORE(__stwt, long) __WARPCHECK_STORE(__stwt, unsigned long)
__WARPCHECK_EACH_TYPE(__WARPCHECK_LOAD, __ldlu)
__WARPCHECK_EACH_TYPE(__WARPCHECK_LOAD, __ldca)
#undef __WARPCHECK_STORE
#undef __WARPCHECK_LOAD
#undef __WARPCHECK_EACH_TYPE

// nvcc's crt/math_functions.hpp defines min/max (and umin, llmax, ...) as
// __host__ __device__; clang's wrapper keeps only the __device__ ones, so a
// plain `max(a, b)` in host code (or in a lambda, which clang makes
// __host__ __device__) has no host candidate. Host functions get nvcc's set
// in every pass (the device pass checks host bodies too).
#define __WARPCHECK_MINMAX(R, A, B) \
  static inline __host__ R min(A __a, B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
  static inline __host__ R max(A __a, B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__WARPCHECK_MINMAX(int, int, int)
__WARPCHECK_MINMAX(unsigned int, unsigned int, unsigned int)
__WARPCHECK_MINMAX(unsigned int, int, unsigned int)
__WARPCHECK_MINMAX(unsigned int, unsigned int, int)
__WARPCHECK_MINMAX(long, long, long)
__WARPCHECK_MINMAX(unsigned long, unsigned long, unsigned long)
__WARPCHECK_MINMAX(unsigned long, long, unsigned long)
__WARPCHECK_MINMAX(unsigned long, unsigned long, long)
__WARPCHECK_MINMAX(long long, long long, long long)
__WARPCHECK_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__WARPCHECK_MINMAX(unsigned long long, long long, unsigned long long)
__WARPCHECK_MINMAX(unsigned long long, unsigned long long, long long)
__WARPCHECK_MINMAX(float, float, float)
__WARPCHECK_MINMAX(double, double, double)
__WARPCHECK_MINMAX(double, float, double)
__WARPCHECK_MINMAX(double, double, float)
#undef __WARPCHECK_MINMAX
static inline __host__ unsigned int umin(unsigned int __a, unsigned int __b) { return __a < __b ? __a : __b; }
static inline __host__ unsigned int umax(unsigned int __a, unsigned int __b) { return __a > __b ? __a : __b; }
static inline __host__ long long llmin(long long __a, long long __b) { return __a < __b ? __a : __b; }
static inline __host__ long long llmax(long long __a, long long __b) { return __a > __b ? __a : __b; }
static inline __host__ unsigned long long ullmin(unsigned long long __a, unsigned long long __b) { return __a < __b ? __a : __b; }
static inline __host__ unsigned long long ullmax(unsigned long long __a, unsigned long long __b) { return __a > __b ? __a : __b; }

#if defined(__CUDA_ARCH__) && __has_include(<bits/functexcept.h>)
// Constexpr standard-library functions that may throw (std::array::at)
// are implicitly __host__ __device__ under clang and call libstdc++'s
// host-only __throw_* helpers: calling them from device code is an error
// under clang, accepted by nvcc (--expt-relaxed-constexpr). Device
// overloads, declared only, make the device pass take those calls as nvcc
// does (on the GPU they would trap).
#include <bits/functexcept.h>
namespace std {
__device__ __attribute__((__noreturn__)) void __throw_bad_exception(void);
__device__ __attribute__((__noreturn__)) void __throw_bad_alloc(void);
__device__ __attribute__((__noreturn__)) void __throw_bad_array_new_length(void);
__device__ __attribute__((__noreturn__)) void __throw_bad_cast(void);
__device__ __attribute__((__noreturn__)) void __throw_bad_typeid(void);
__device__ __attribute__((__noreturn__)) void __throw_logic_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_domain_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_invalid_argument(const char *);
__device__ __attribute__((__noreturn__)) void __throw_length_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_out_of_range(const char *);
__device__ __attribute__((__noreturn__)) void __throw_out_of_range_fmt(const char *, ...);
__device__ __attribute__((__noreturn__)) void __throw_runtime_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_range_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_overflow_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_underflow_error(const char *);
__device__ __attribute__((__noreturn__)) void __throw_bad_function_call();
// <optional>, <variant> and <any> define theirs inline
// (std::optional::value(), std::get, std::any_cast).
__device__ __attribute__((__noreturn__)) void __throw_bad_optional_access();
__device__ __attribute__((__noreturn__)) void __throw_bad_variant_access(const char *);
__device__ __attribute__((__noreturn__)) void __throw_bad_variant_access(bool);
__device__ __attribute__((__noreturn__)) void __throw_bad_any_cast();
} // namespace std
#endif

#endif
)__wc";

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withCudaOverlay(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> base) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory(new llvm::vfs::InMemoryFileSystem);
  memory->addFile(kHeaderPath, 0, llvm::MemoryBuffer::getMemBuffer(kHeader, "warpcheck_cuda_compat.h"));
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(new llvm::vfs::OverlayFileSystem(base));
  overlay->pushOverlay(memory);
  return overlay;
}

std::string openmpMacroValue(const std::vector<std::string> &tuArgs) {
  bool on = false;
  std::string version = "51"; // clang 22's default OpenMP version
  for (llvm::StringRef a : tuArgs) {
    if (a == "-fopenmp" || a.starts_with("-fopenmp=")) on = true;
    else if (a == "-fno-openmp") on = false;
    else if (a.consume_front("-fopenmp-version=")) version = a.str();
  }
  if (!on) return "";
  // As clang's InitPreprocessor maps -fopenmp-version.
  static const std::pair<const char *, const char *> kValues[] = {
      {"31", "201107"}, {"40", "201307"}, {"45", "201511"}, {"50", "201811"},
      {"51", "202011"}, {"52", "202111"}, {"60", "202411"}};
  for (const auto &[v, value] : kValues)
    if (version == v) return value;
  return "202011";
}

void addCudaOverlayArgs(const Pass &pass, const std::vector<std::string> &tuArgs,
                        std::vector<std::string> &args) {
  args.push_back("-include");
  args.push_back(kHeaderPath);
  args.push_back("-D_CG_CLUSTER_INTRINSICS_AVAILABLE");
  if (!pass.host)
    if (std::string omp = openmpMacroValue(tuArgs); !omp.empty()) args.push_back("-D_OPENMP=" + omp);
}

} // namespace warpcheck
