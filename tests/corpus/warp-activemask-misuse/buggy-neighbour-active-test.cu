// Pairwise smoothing of a particle chain, one particle per thread inside a
// bounds check: each lane takes its right neighbour's position by shuffle,
// and uses it only "if the neighbour lane is active", read from the
// __activemask() snapshot. Convergence is not a property of the data: a
// lane whose neighbour exists may see it as inactive (and skip the
// smoothing) on one run and not on the next.

__global__ void smoothChain(const float3 *__restrict__ pos, float3 *__restrict__ outPos, int n, float alpha) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  if (i < n) {
    const unsigned active = __activemask();
    const float3 p = pos[i];
    float3 r;
    r.x = __shfl_down_sync(active, p.x, 1);
    r.y = __shfl_down_sync(active, p.y, 1);
    r.z = __shfl_down_sync(active, p.z, 1);
    if (lane == 31) r = i + 1 < n ? pos[i + 1] : p;
    else if (!((active >> (lane + 1)) & 1u)) r = p; // expect: warp-activemask-misuse
    outPos[i] = make_float3(p.x + alpha * (r.x - p.x), p.y + alpha * (r.y - p.y), p.z + alpha * (r.z - p.z));
  }
}
