// RUN: %check_warpcheck %s barrier-divergent -- --system-headers -- -isystem %S/Inputs
// RUN: %warpcheck lint --no-config --enable=barrier-divergent --color=never -q %s -- -isystem %S/Inputs 2>&1 | %FileCheck %s --check-prefix=HIDDEN --allow-empty
// The rules' matchers skip the declarations of system headers
// (analyzer/driver/PassRunner.cpp) unless --system-headers asks for
// findings there: with it, the kernel of the system header is matched and
// its divergent barrier reported; without it, nothing is.
#include <sys_divergent.cuh>
// CHECK-MESSAGES: sys_divergent.cuh:5:5: error: {{.*}} [barrier-divergent]
// HIDDEN-NOT: sys_divergent.cuh
void launch(float *d) { sys_reduce<<<1, 32>>>(d); }
