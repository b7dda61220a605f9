// Per-pixel 4x4 matrix times colour vector (colour-space transforms with a
// per-pixel matrix). Each warp handles four pixels: the lower half-warp
// computes the 16 row dot products (one per lane) and gathers the four rows
// of each pixel into its first lane with width-4 shuffles, then the upper
// half-warp writes the results out. The shuffles run under `if (lane < 16)`
// with the mask 0x0000ffff -- exactly the lanes that call.

#define LOWER_HALF 0x0000ffffu

__global__ void pixelTransform(const float4 *__restrict__ mats, const float4 *__restrict__ px,
                               float4 *__restrict__ out, int numPixels) {
  __shared__ float staged[8][16];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int group = blockIdx.x * (blockDim.x >> 5) + warp;  // 4 pixels per warp
  const int pix = group * 4 + (lane & 15) / 4;
  const int row = lane & 3;

  if (lane < 16) {
    float acc = 0.f;
    if (pix < numPixels) {
      const float4 m = mats[pix * 4 + row];
      const float4 p = px[pix];
      acc = m.x * p.x + m.y * p.y + m.z * p.z + m.w * p.w;
    }
    // Gather the four rows of each pixel into lane 4k of the group.
    const float r1 = __shfl_down_sync(LOWER_HALF, acc, 1, 4);
    const float r2 = __shfl_down_sync(LOWER_HALF, acc, 2, 4);
    const float r3 = __shfl_down_sync(LOWER_HALF, acc, 3, 4);
    if (row == 0) {
      staged[warp][lane] = acc;
      staged[warp][lane + 1] = r1;
      staged[warp][lane + 2] = r2;
      staged[warp][lane + 3] = r3;
    }
  }
  __syncwarp();
  if (lane >= 16) {
    const int k = lane - 16;
    const int p = group * 4 + k / 4;
    if (p < numPixels && k % 4 == 0)
      out[p] = make_float4(staged[warp][k], staged[warp][k + 1], staged[warp][k + 2], staged[warp][k + 3]);
  }
}
