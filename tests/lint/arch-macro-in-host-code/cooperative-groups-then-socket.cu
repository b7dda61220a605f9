// RUN: %check_warpcheck %s arch-macro-in-host-code
// The real headers of issue 23: cooperative_groups.h includes the C
// library first, and SO_RCVTIMEO's definition in <asm-generic/socket.h>
// depends on __BITS_PER_LONG, not on __CUDA_ARCH__.
#include <cooperative_groups.h>
#include <sys/socket.h>
#include <sys/time.h>

int set_receive_timeout(int fd) {
  timeval tv{1, 0};
  return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

__global__ void touch(int *p) { p[threadIdx.x] = 0; }
