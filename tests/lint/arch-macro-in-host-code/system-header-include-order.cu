// RUN: %check_warpcheck %s arch-macro-in-host-code -- --cuda-arch=sm_90 -- -isystem %S/Inputs -I %S/Inputs
// A system header's macro is not blamed on __CUDA_ARCH__ because another
// header included it first from inside an arch conditional: its own
// definition does not depend on the arch (issue 23: SO_RCVTIMEO after
// cooperative_groups.h). A project header chosen by an arch conditional
// still is.
#include <arch_split_lib.h>
#include <sock_opts.h>

int set_timeout_option() { return RECV_TIMEOUT_OPT; }

#if __CUDA_ARCH__ >= 800
#include "dev_tile.h"
#else
#include "host_tile.h"
#endif

int host_tile() { return PROJECT_TILE; }
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: macro 'PROJECT_TILE' is {{.*}} [arch-macro-in-host-code]
