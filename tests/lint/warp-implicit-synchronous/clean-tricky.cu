// RUN: %check_warpcheck %s warp-implicit-synchronous
// Correct code a naive warp-synchronous checker would report.

// Each lane reads and writes only its own slot.
__global__ void ownSlot(const float *in, float *out) {
  __shared__ volatile float s[256];
  int t = threadIdx.x;
  s[t] = in[t];
  s[t] *= 2.f;
  s[t] += 1.f;
  out[t] = s[t];
}

// Lanes of one warp only read what they share; nobody writes it meanwhile.
__global__ void readOnly(const float *in, float *out) {
  __shared__ float table[32];
  if (threadIdx.x < 32) table[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  int lane = threadIdx.x & 31;
  out[threadIdx.x] = table[lane ^ 1] + table[0] + table[31 - lane];
}

// The block-level steps of a reduction: ordered by __syncthreads().
__global__ void blockReduce(const int *in, int *out) {
  __shared__ int sdata[512];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 512 + tid];
  __syncthreads();
  for (unsigned s = 256; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

// Threads of different warps racing: a block barrier is the fix, which the
// barrier rules report; not this rule's business.
__global__ void crossWarp(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = t;
  s[t] += s[t + 16];
  out[t] = s[(t + 32) % 1024];
}

// One slot per warp written by its leader, read by another warp after the
// barrier.
__global__ void warpLeaders(const int *in, int *out) {
  __shared__ int s[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) s[warp] = in[blockIdx.x * 32 + warp];
  __syncthreads();
  out[blockIdx.x * 1024 + threadIdx.x] = s[(warp + 1) % 32];
}

// A template branch that cannot run in this instantiation.
template <unsigned N>
__device__ void tail(volatile int *s, unsigned tid) {
  if (N >= 64) s[tid] += s[tid + 16];
  s[tid] += s[tid + 32];
}
__global__ void smallTail(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x < 32) tail<32>(s, threadIdx.x);
  if (threadIdx.x == 0) *out = s[0];
}

// Shared atomics order themselves.
__global__ void histogram(const int *keys, int *out) {
  __shared__ int bins[32];
  int lane = threadIdx.x & 31;
  if (threadIdx.x < 32) {
    bins[lane] = 0;
    __syncwarp();
    atomicAdd(&bins[keys[threadIdx.x] & 31], 1);
    __syncwarp();
    out[lane] = bins[lane];
  }
}

// A partial __syncwarp under a branch taken by exactly the lanes of its mask.
__global__ void halves(const int *in, int *out) {
  __shared__ int s[32];
  int lane = threadIdx.x;
  if (lane < 32) {
    s[lane] = in[lane];
    if (lane < 16) {
      __syncwarp(0xffff);
      out[lane] = s[15 - lane];
    } else {
      __syncwarp(0xffff0000);
      out[lane] = s[47 - lane];
    }
  }
}

// Transpose through a tile: both sides of the exchange are at a barrier.
__global__ void transpose(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// Lanes exchange only after each lane's write, with __syncwarp in between,
// inside a loop that keeps them apart on both sides.
__global__ void stencil(const float *in, float *out, int steps) {
  __shared__ float row[8][34];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float v = in[blockIdx.x * 256 + threadIdx.x];
  for (int k = 0; k < steps; ++k) {
    row[warp][lane + 1] = v;
    if (lane == 0) row[warp][0] = 0.f;
    if (lane == 31) row[warp][33] = 0.f;
    __syncwarp();
    v = 0.25f * row[warp][lane] + 0.5f * v + 0.25f * row[warp][lane + 2];
    __syncwarp();
  }
  out[blockIdx.x * 256 + threadIdx.x] = v;
}

// A helper that synchronises: its call orders the lanes around it.
__device__ void warpBarrier() { __syncwarp(); }
__global__ void viaHelper(const int *in, int *out) {
  __shared__ int s[32];
  if (threadIdx.x < 32) {
    s[threadIdx.x] = in[threadIdx.x];
    warpBarrier();
    out[threadIdx.x] = s[threadIdx.x ^ 1];
  }
}
