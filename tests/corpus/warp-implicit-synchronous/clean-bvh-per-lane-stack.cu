// BVH traversal with the traversal stack in shared memory, laid out
// stack[warp][depth][lane] so that the lanes of a warp push and pop in
// separate banks. Each lane only ever touches its own column: the stacks
// are private, nothing is exchanged between lanes, and no __syncwarp() is
// needed even though the lanes diverge freely.

#define WARPS 4
#define STACK_DEPTH 24

struct Node {
  float lo[3], hi[3];
  int left, right;  // children; left < 0: leaf holding primitive ~left
};

__device__ bool hitBox(const Node &n, const float *o, const float *inv, float tmax) {
  float t0 = 0.f, t1 = tmax;
  for (int a = 0; a < 3; ++a) {
    float ta = (n.lo[a] - o[a]) * inv[a], tb = (n.hi[a] - o[a]) * inv[a];
    t0 = fmaxf(t0, fminf(ta, tb));
    t1 = fminf(t1, fmaxf(ta, tb));
  }
  return t0 <= t1;
}

__global__ void anyHit(const Node *__restrict__ nodes, const float *__restrict__ origins,
                       const float *__restrict__ dirs, int numRays, float tmax, int *__restrict__ hitPrim) {
  __shared__ int stack[WARPS][STACK_DEPTH][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int ray = blockIdx.x * blockDim.x + threadIdx.x;
  if (ray >= numRays) return;

  float o[3], inv[3];
  for (int a = 0; a < 3; ++a) {
    o[a] = origins[3 * ray + a];
    inv[a] = 1.f / dirs[3 * ray + a];
  }
  int sp = 0, found = -1;
  stack[warp][sp++][lane] = 0;
  while (sp > 0 && found < 0) {
    const Node n = nodes[stack[warp][--sp][lane]];
    if (!hitBox(n, o, inv, tmax)) continue;
    if (n.left < 0) {
      found = ~n.left;
    } else if (sp + 2 <= STACK_DEPTH) {
      stack[warp][sp++][lane] = n.right;
      stack[warp][sp++][lane] = n.left;
    }
  }
  hitPrim[ray] = found;
}
