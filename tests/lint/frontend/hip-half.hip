// REQUIRES: hip
// HIP 5's half-precision header calls __llvm_amdgcn_rcp_f16, which clang 22's
// HIP wrapper no longer declares: lint declares it (HipOverlay.cpp), so a
// file using __half parses in every pass, whether it includes hip_fp16.h
// before or after hip_runtime.h.
// RUN: %warpcheck lint --no-config --offload-arch=gfx90a,gfx1100 %s > %t.out 2>&1; echo "exit $?" >> %t.out
// RUN: %FileCheck %s --input-file %t.out
// CHECK: 0 findings (0 errors, 0 warnings) in 1 file
// CHECK-NOT: failed to parse
// CHECK: exit 0
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

__global__ void scale_half(__half2 *v, __half s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = __hmul2(h2rcp(v[i]), __half2half2(s));
}
