// Vectorised copy with a "fast path when the whole warp is here": the
// author checks __activemask() == 0xffffffff to decide whether the warp
// can take the float4 path with a full-mask shuffle. Whether all lanes are
// converged at that instant is not defined -- the same input may take
// either path from run to run, and lanes of one warp may even take
// different ones, so the full-mask broadcast inside names lanes that may
// be on the other path.

__global__ void scaleRows(const float *__restrict__ in, float *__restrict__ out, const float *__restrict__ rowScale,
                          int rows, int cols) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;
  const float *src = in + (size_t)row * cols;
  float *dst = out + (size_t)row * cols;

  if (__activemask() == 0xffffffffu && cols % 128 == 0) { // expect: warp-activemask-misuse
    float s = lane == 0 ? rowScale[row] : 0.f;
    s = __shfl_sync(0xffffffffu, s, 0); // expect: warp-mask-inactive-lane
    const float4 *s4 = reinterpret_cast<const float4 *>(src);
    float4 *d4 = reinterpret_cast<float4 *>(dst);
    for (int k = lane; k < cols / 4; k += 32) {
      float4 v = s4[k];
      v.x *= s; v.y *= s; v.z *= s; v.w *= s;
      d4[k] = v;
    }
  } else {
    const float s = rowScale[row];
    for (int k = lane; k < cols; k += 32) dst[k] = src[k] * s;
  }
}
