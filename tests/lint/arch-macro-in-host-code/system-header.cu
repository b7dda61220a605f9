// RUN: %check_warpcheck %s arch-macro-in-host-code -- --cuda-arch=sm_90 -- -isystem %S/Inputs
// A host function in a system header testing __CUDA_ARCH__: not reported;
// the same macro used in user host code is.
#include <arch_macros.h>
int user_host() { return SYS_TILE; }
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: macro 'SYS_TILE' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'user_host', {{.*}} [arch-macro-in-host-code]
