// corpus-args: --cuda-arch=sm_80,sm_90
// All-pairs N-body acceleration. The position type was padded to float4
// in device code for 16-byte loads, but the host keeps float3 when it
// allocates and uploads the bodies: the kernel walks the host's 12-byte
// records with a 16-byte stride and reads past the end of the buffer.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
typedef float4 body_t;
#else
typedef float3 body_t;
#endif

__global__ void accelerations(const body_t *__restrict__ bodies, float3 *__restrict__ acc, int n, float soft2) { // expect: arch-dependent-signature
  __shared__ body_t tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const body_t bi = bodies[i < n ? i : 0];
  float3 a = make_float3(0.f, 0.f, 0.f);
  for (int base = 0; base < n; base += blockDim.x) {
    const int j = base + threadIdx.x;
    if (j < n) tile[threadIdx.x] = bodies[j];
    __syncthreads();
    for (int k = 0; k < blockDim.x && base + k < n; ++k) {
      const float dx = tile[k].x - bi.x, dy = tile[k].y - bi.y, dz = tile[k].z - bi.z;
      const float inv = rsqrtf(dx * dx + dy * dy + dz * dz + soft2);
      const float s = inv * inv * inv;
      a.x += dx * s; a.y += dy * s; a.z += dz * s;
    }
    __syncthreads();
  }
  if (i < n) acc[i] = a;
}

void computeAccelerations(const float3 *hostBodies, float3 *dAcc, int n, cudaStream_t s) {
  body_t *d = nullptr;
  cudaMallocAsync((void **)&d, n * sizeof(body_t), s);
  cudaMemcpyAsync(d, hostBodies, n * sizeof(body_t), cudaMemcpyHostToDevice, s);
  accelerations<<<(n + 255) / 256, 256, 0, s>>>(d, dAcc, n, 1e-4f);
  cudaFreeAsync(d, s);
}
