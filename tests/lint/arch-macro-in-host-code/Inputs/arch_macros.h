#pragma once
#if __CUDA_ARCH__ >= 900
#define SYS_TILE 256
#else
#define SYS_TILE 128
#endif
inline int sys_host() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return SYS_TILE;
#endif
}
