// Every pass sees the same __CUDA_ARCH_LIST__ as nvcc gives it: all the
// device archs, in the host pass and in each device pass (CCCL picks its
// tuning policies from it, so a mismatch instantiates different kernels).
// A static_assert that fails is a parse error: exit 2.
// RUN: %warpcheck lint --cuda-arch=sm_75,sm_80,sm_90 -q %s
// RUN: %warpcheck lint -q %s -- -DONE_ARCH
#ifdef ONE_ARCH
constexpr int archs[] = {__CUDA_ARCH_LIST__};
static_assert(sizeof(archs) / sizeof(int) == 1 && archs[0] == 900, "default: sm_90 only");
#else
constexpr int archs[] = {__CUDA_ARCH_LIST__};
static_assert(sizeof(archs) / sizeof(int) == 3 && archs[0] == 750 && archs[1] == 800 && archs[2] == 900,
              "every pass lists every arch");
#endif
