// RUN: %check_warpcheck %s arch-macro-in-host-code
// A tuning table whose every branch gives a macro the same replacement: the
// host's definition is the one every architecture gets, so host code may use
// it. Only macros that differ between the branches (or that a branch leaves
// out) are reported.

#if __CUDA_ARCH__ >= 900
#define BLOCK_THREADS 256
#define ITEMS 16
#define GRID_FACTOR (4 * 2)
#elif __CUDA_ARCH__ >= 800
#define BLOCK_THREADS 256
#define ITEMS 12
#define GRID_FACTOR (4*2)
#else
#define BLOCK_THREADS 256
#define ITEMS 8
#define GRID_FACTOR (4 * 2)
#endif

__global__ void __launch_bounds__(BLOCK_THREADS) k(float *p) { p[threadIdx.x * ITEMS] = 0.f; }

void launch_same(float *p, int sms) {
  k<<<GRID_FACTOR * sms, BLOCK_THREADS>>>(p);
}

int host_items() { return ITEMS; }
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: macro 'ITEMS' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'host_items', {{.*}} [arch-macro-in-host-code]

// One branch does not define it: not the same everywhere.
#if __CUDA_ARCH__ >= 900
#define WARPS 8
#elif __CUDA_ARCH__ >= 800
#else
#define WARPS 8
#endif
int host_warps() { return WARPS; }
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: macro 'WARPS' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'host_warps', {{.*}} [arch-macro-in-host-code]

// The same text in every branch, naming a macro that differs: reported
// through that macro.
#if __CUDA_ARCH__ >= 900
#define TILE 64
#define TILE_BYTES (TILE * 4)
#else
#define TILE 32
#define TILE_BYTES (TILE * 4)
#endif
unsigned host_tile_bytes() { return TILE_BYTES; }
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: macro 'TILE' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'host_tile_bytes', {{.*}} [arch-macro-in-host-code]
