// RUN: %check_warpcheck %s arch-macro-in-host-code -- --cuda-arch=sm_90 -- -I %S/Inputs
// A header without include guard, included again under a conditional on
// __CUDA_ARCH__ (as cooperative_groups.h includes <cuda/atomic>, which
// includes <cassert>), defines its macro as it already was: whichever
// branch is taken, host code gets the same definition. No finding.
#include "unguarded_assert.h"
#if __CUDA_ARCH__ >= 700
#include "unguarded_assert.h"
#endif
void host_check(int n) { CHECK_POSITIVE(n); }

// A definition that differs between the branches is still reported, also
// when the header defines it again identically under the conditional.
#if __CUDA_ARCH__ >= 800
#define TILE 32
#else
#define TILE 16
#include "unguarded_assert.h"
#endif
int host_tile() { return TILE; }
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: macro 'TILE' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'host_tile', {{.*}} [arch-macro-in-host-code]
