// RUN: %check_warpcheck %s barrier-divergent
// A thread-private agent object whose field is set per thread and then
// overwritten with __syncthreads_and() before it decides a barrier (CUB's
// radix-sort downsweep agent, issue 23): the object the kernel holds only
// ever has the block-uniform value.

struct Downsweep {
  const int *keys;
  bool shortCircuit;
  __device__ Downsweep(const int *k, int bin) : keys(k) {
    shortCircuit = k[threadIdx.x] == bin;
    shortCircuit = __syncthreads_and(shortCircuit);
  }
  __device__ void process(int *out) {
    if (shortCircuit) {
      out[threadIdx.x] = keys[threadIdx.x];
      return;
    }
    __syncthreads();
    out[threadIdx.x] = 0;
  }
};

__global__ void downsweep(const int *keys, int *out, int bin) {
  Downsweep agent(keys, bin);
  agent.process(out);
}

// Nearest bugs: the per-thread value is never overwritten, or only on one
// path, so the object may hold it.
struct Unsynced {
  bool shortCircuit;
  __device__ Unsynced(const int *k, int bin) { shortCircuit = k[threadIdx.x] == bin; }
  __device__ void process(int *out) {
    if (!shortCircuit) __syncthreads();
    out[threadIdx.x] = 0;
  }
};

__global__ void unsynced(const int *keys, int *out, int bin) {
  Unsynced agent(keys, bin);
  agent.process(out);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: the arguments of this call make a barrier inside 'process' thread-dependent{{.*}} [barrier-divergent]
}

struct SometimesSynced {
  bool shortCircuit;
  __device__ SometimesSynced(const int *k, int bin, bool sync) {
    shortCircuit = k[threadIdx.x] == bin;
    if (sync) shortCircuit = __syncthreads_and(shortCircuit);
  }
  __device__ void process(int *out) {
    if (!shortCircuit) __syncthreads();
    out[threadIdx.x] = 0;
  }
};

__global__ void sometimes(const int *keys, int *out, int bin, bool sync) {
  SometimesSynced agent(keys, bin, sync);
  agent.process(out);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: the arguments of this call make a barrier inside 'process' thread-dependent{{.*}} [barrier-divergent]
}

// The agent writes its output through a pointer it holds: a store to
// memory, not to the object, whose field still holds the block's answer.
struct MemberOutput {
  const int *keys;
  int *out;
  bool shortCircuit;
  __device__ MemberOutput(const int *k, int *o, int bin) : keys(k), out(o) {
    shortCircuit = k[threadIdx.x] == bin;
    shortCircuit = __syncthreads_and(shortCircuit);
  }
  __device__ void process() {
    if (shortCircuit) {
      out[threadIdx.x] = keys[threadIdx.x];
      return;
    }
    __syncthreads();
    out[threadIdx.x] = 0;
  }
};

__global__ void memberOutput(const int *keys, int *out, int bin) {
  MemberOutput agent(keys, out, bin);
  agent.process();
}

// Nearest bug: the same agent without the __syncthreads_and.
struct MemberOutputUnsynced {
  int *out;
  bool shortCircuit;
  __device__ MemberOutputUnsynced(const int *k, int *o, int bin) : out(o) { shortCircuit = k[threadIdx.x] == bin; }
  __device__ void process() {
    if (!shortCircuit) __syncthreads();
    out[threadIdx.x] = 0;
  }
};

__global__ void memberOutputUnsynced(const int *keys, int *out, int bin) {
  MemberOutputUnsynced agent(keys, out, bin);
  agent.process();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: the arguments of this call make a barrier inside 'process' thread-dependent{{.*}} [barrier-divergent]
}
