// A host helper that sets a socket timeout in a file that also includes
// cooperative_groups.h first. SO_RCVTIMEO comes from the C library's
// socket headers; its definition does not depend on __CUDA_ARCH__, even
// though cooperative_groups.h pulled the system headers in from inside an
// arch conditional.
#include <cooperative_groups.h>
#include <sys/socket.h>
#include <sys/time.h>

namespace cg = cooperative_groups;

int setReceiveTimeout(int fd, int seconds) {
  timeval tv{seconds, 0};
  return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

__global__ void scale(float *v, float a, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + block.thread_rank();
  if (i < n) v[i] *= a;
}
