// RUN: %check_warpcheck %s arch-dependent-signature -- --cuda-arch=sm_90 -- -isystem %S/Inputs
// The mismatch is in a system header: not reported without --system-headers.
#include <arch_sys.h>
void launch() { sys_kernel<<<1, 1>>>(1.f); }
