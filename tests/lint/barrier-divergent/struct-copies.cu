// RUN: %check_warpcheck %s barrier-divergent
// Thread-dependent values carried in structs that are copied: a copy
// (`Ray q = p;`), an assignment (`q = p;`, also into an array element), a
// struct passed by value, one built field by field in a helper and returned
// (`return r;`: a move), and the toolkit's own make_float3, which builds its
// result the same way. Each copy is as thread-dependent as what it copies.
// So is what a const member function reads of its object, an object whose
// constructor initialises a member from threadIdx, and a local filled by
// memcpy from thread-dependent memory (the portable unaligned load), the
// reference a min() returns (std::min's `const T &`), and a reference bound
// to a thread's own element.

struct Ray {
  float t, dist;
};

__device__ float reach(Ray r) { return r.t + r.dist; }

__device__ Ray makeRay(float t) {
  Ray r;
  r.t = t;
  r.dist = 0.f;
  return r;
}

__global__ void copied(const float *in, float *out) {
  Ray p{in[threadIdx.x], 1.f};
  Ray q = p;
  if (q.t > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = q.dist;
}

__global__ void assigned(const float *in, float *out) {
  Ray p{in[threadIdx.x], 1.f};
  Ray q{0.f, 0.f};
  q = p;
  if (q.t > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  Ray rays[2];
  rays[1] = Ray{in[threadIdx.x + 1], 0.f};
  if (rays[1].t > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:24: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = q.dist + rays[1].dist;
}

__global__ void passedByValue(const float *in, float *out) {
  Ray p{in[threadIdx.x], 1.f};
  if (reach(p) > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:23: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = p.dist;
}

__global__ void returnedLocal(const float *in, float *out) {
  Ray p = makeRay(in[threadIdx.x]);
  if (p.t > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = p.dist;
}

__global__ void toolkitVector(const float *in, float *out) {
  float3 d = make_float3(in[threadIdx.x], 0.f, 1.f);
  for (int s = 0; s < 8; ++s) {
    if (d.x * s > 4.f) break;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
  out[threadIdx.x] = d.z;
}

struct Lane {
  int id;
  __device__ int lane() const { return id % 32; }
};

__global__ void constMember(float *out) {
  Lane w{(int)threadIdx.x};
  if (w.lane() == 0) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:22: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = 0.f;
}

struct ThreadContext {
  int tid;
  __device__ ThreadContext() : tid(threadIdx.x + blockIdx.x * blockDim.x) {}
};

__global__ void constructorInitialiser(float *out, int n) {
  ThreadContext c;
  if (c.tid < n) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[c.tid] = 0.f;
}

__global__ void memcpyLoad(const unsigned char *packed, float *out) {
  float2 v;
  memcpy(&v, packed + 6 * threadIdx.x, sizeof(v));
  if (v.x > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:18: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = v.y;
}

template <class T> __device__ const T &smaller(const T &a, const T &b) { return b < a ? b : a; }

__global__ void referencesReturnedAndBound(const int *x, float *out, int n) {
  const int m = smaller(x[threadIdx.x], n);
  if (m > 3) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:14: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  __shared__ float staged[256];
  float &mine = staged[threadIdx.x];
  mine = out[threadIdx.x];
  if (mine > 0.f) __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:19: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  out[threadIdx.x] = mine + m;
}

// Clean: copies of block-uniform data stay uniform.
__global__ void uniformCopies(const float *in, float *out, Ray shared) {
  __shared__ Ray staged;
  if (threadIdx.x == 0) staged = Ray{in[1], 2.f};
  __syncthreads();
  Ray q = shared;
  q = staged;
  Ray p = makeRay(in[blockIdx.x]);
  float3 d = make_float3(in[0], 0.f, 1.f);
  Lane block{(int)blockIdx.x};
  float2 header;
  memcpy(&header, in + 2 * blockIdx.x, sizeof(header));
  if (header.x > 0.f) __syncthreads();
  const float &first = in[0];
  if (smaller(first, in[1]) > 0.f) __syncthreads();
  if (q.t > 0.f && reach(p) > 0.f && d.x > 0.f && block.lane() == 0) __syncthreads();
  out[threadIdx.x] = q.dist + p.dist + d.z;
}
