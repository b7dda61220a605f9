// RUN: %check_warpcheck %s arch-dependent-signature -- --system-headers -- -isystem %S/Inputs
// With --system-headers the finding in the header is reported.
#include <arch_sys.h>
// CHECK-MESSAGES: arch_sys.h:8:17: error: parameter 1 of kernel 'sys_kernel' is 'float' (4 bytes) in the host pass but 'double' (8 bytes) in the sm_90 pass [arch-dependent-signature]
void launch() { sys_kernel<<<1, 1>>>(1.f); }
