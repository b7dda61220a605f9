#!/usr/bin/env python3
# requires: cupy
"""CuPy kernels of the usual kinds: elementwise and reduction kernels that
CuPy generates and compiles with NVRTC, a sort (CUB), a matrix product
(cuBLAS), and a RawKernel with a shared-memory block reduction written the
way CuPy's documentation shows it. Prints results rounded so that they match
across tools, and `kernel_ms:` (CUDA events).
"""
import cupy as cp

BLOCK_SUM = cp.RawKernel(r"""
extern "C" __global__ void block_sum(const float* x, float* out, int n) {
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0]);
}
""", "block_sum")

SAXPY = cp.ElementwiseKernel("float32 a, float32 x, float32 y", "float32 z", "z = a * x + y", "saxpy")
SQNORM = cp.ReductionKernel("float32 x", "float32 y", "x * x", "a + b", "y = a", "0", "sqnorm")


def main():
    rs = cp.random.RandomState(0)
    n = 1 << 20
    x = rs.standard_normal(n, dtype=cp.float32)
    y = rs.standard_normal(n, dtype=cp.float32)
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    z = SAXPY(cp.float32(2.0), x, y)
    norm = SQNORM(z)
    total = cp.zeros(1, dtype=cp.float32)
    BLOCK_SUM(((n + 255) // 256,), (256,), (z, total, cp.int32(n)))
    s = cp.sort(z[:65536])
    a = rs.standard_normal((256, 256), dtype=cp.float32)
    m = a @ a.T
    end.record()
    end.synchronize()
    print(f"norm: {float(norm) / n:.2f}")
    print(f"sum: {float(total[0]) / n:.2f}")
    print(f"sorted: {bool((s[1:] >= s[:-1]).all())}")
    print(f"trace: {float(cp.trace(m)) / 256:.1f}")
    print(f"kernel_ms: {cp.cuda.get_elapsed_time(start, end):.3f}")


if __name__ == "__main__":
    main()
